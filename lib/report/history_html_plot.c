/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SVG plot of one release series: values on a log y axis, releases
 * in order along x, each value's interval as a whisker, change points as
 * vertical marks between the two releases around them.
 */
#include <math.h>
#include <stdio.h>

#include "hist_site.h"
#include "history_html_int.h"
#include "report_format.h"

#define P_W	860	/* the whole picture */
#define P_H	360
#define P_ML	70	/* margins: the y labels, the rotated release names */
#define P_MR	20
#define P_MT	20
#define P_MB	100
#define P_PW	(P_W - P_ML - P_MR)
#define P_PH	(P_H - P_MT - P_MB)
#define P_TICKS	5
#define P_NAMES	40	/* release names shown at most */

struct axis {
	double	ly0, ly1;	/* log of the bottom and top values */
	size_t	n;
};

static double
px(const struct axis *a, size_t i)
{

	return (P_ML + ((double)i + 0.5) * P_PW / (double)a->n);
}

static double
py(const struct axis *a, double v)
{

	return (P_MT + P_PH * (a->ly1 - log(v)) / (a->ly1 - a->ly0));
}

/* The range of the values and interval ends, widened by 5% (in logs). */
static void
axis_init(struct axis *a, const struct wb_hist_series *s)
{
	double lo, hi, v, pad;
	size_t i;

	lo = hi = s->value[0];
	for (i = 0; i < s->n; i++) {
		v = s->value[i];
		lo = fmin(lo, v);
		hi = fmax(hi, v);
		if (s->lo != NULL && !isnan(s->lo[i]))
			lo = fmin(lo, s->lo[i]);
		if (s->hi != NULL && !isnan(s->hi[i]))
			hi = fmax(hi, s->hi[i]);
	}
	a->ly0 = log(lo);
	a->ly1 = log(hi);
	pad = (a->ly1 - a->ly0) * 0.05;
	if (!(pad > 1e-9))
		pad = 0.05;	/* one value: +-5% around it */
	a->ly0 -= pad;
	a->ly1 += pad;
	a->n = s->n;
}

static void
grid(FILE *fp, const struct axis *a, const struct wb_hist_series *s)
{
	double v, y;
	int k;

	fprintf(fp, "<rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"%d\" "
	    "height=\"%d\"/>\n", P_ML, P_MT, P_PW, P_PH);
	for (k = 0; k < P_TICKS; k++) {
		v = exp(a->ly0 + (a->ly1 - a->ly0) * k / (P_TICKS - 1));
		y = py(a, v);
		fprintf(fp, "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" "
		    "x2=\"%d\" y2=\"%.1f\"/>\n", P_ML, y, P_ML + P_PW, y);
		fprintf(fp, "<text class=\"ytick\" x=\"%d\" y=\"%.1f\">%.4g"
		    "</text>\n", P_ML - 6, y + 4, v);
	}
	fprintf(fp, "<text class=\"ytitle\" x=\"14\" y=\"%d\" "
	    "transform=\"rotate(-90 14 %d)\">", P_MT + P_PH / 2,
	    P_MT + P_PH / 2);
	wb_report_escape(fp, s->unit != NULL ? s->unit : "value");
	fputs(" (log scale)</text>\n", fp);
}

static void
names(FILE *fp, const struct axis *a, const struct wb_hist_series *s)
{
	size_t i, every;
	double x;
	int y;

	every = (s->n + P_NAMES - 1) / P_NAMES;
	y = P_MT + P_PH + 12;
	for (i = 0; i < s->n; i++) {
		if (i % every != 0 && i + 1 != s->n)
			continue;
		x = px(a, i);
		fprintf(fp, "<text class=\"xtick\" x=\"%.1f\" y=\"%d\" "
		    "transform=\"rotate(-45 %.1f %d)\">", x, y, x, y);
		wb_report_escape(fp, s->releases[i]);
		fputs("</text>\n", fp);
	}
}

static void
points(FILE *fp, const struct axis *a, const struct wb_hist_series *s)
{
	char iv[64];
	size_t i;

	for (i = 0; i < s->n; i++)
		if (s->lo != NULL && s->hi != NULL && !isnan(s->lo[i]) &&
		    !isnan(s->hi[i]))
			fprintf(fp, "<line class=\"ci\" x1=\"%.1f\" "
			    "y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", px(a, i),
			    py(a, s->lo[i]), px(a, i), py(a, s->hi[i]));
	fputs("<polyline class=\"line\" points=\"", fp);
	for (i = 0; i < s->n; i++)
		fprintf(fp, "%s%.1f,%.1f", i == 0 ? "" : " ", px(a, i),
		    py(a, s->value[i]));
	fputs("\"/>\n", fp);
	for (i = 0; i < s->n; i++) {
		fprintf(fp, "<circle class=\"pt\" cx=\"%.1f\" cy=\"%.1f\" "
		    "r=\"3.5\"><title>", px(a, i), py(a, s->value[i]));
		wb_report_escape(fp, s->releases[i]);
		fprintf(fp, ": %.4g %s</title></circle>\n", s->value[i],
		    wb_hist_interval(iv, sizeof(iv), s->lo, s->hi, i));
	}
}

static void
marks(FILE *fp, const struct axis *a, const struct wb_hist_series *s)
{
	const struct wb_hist_cp *c;
	size_t k;
	double x;

	for (k = 0; k < s->ncps; k++) {
		c = &s->cps[k];
		x = (px(a, c->at - 1) + px(a, c->at)) / 2;
		if (c->report != NULL) {
			fputs("<a href=\"", fp);
			wb_report_escape(fp, c->report);
			fputs("\">", fp);
		}
		fprintf(fp, "<g class=\"cp %s\" data-release=\"",
		    wb_hist_status_name(c->status));
		wb_report_escape(fp, s->releases[c->at]);
		fputs("\" data-before=\"", fp);
		wb_report_escape(fp, s->releases[c->at - 1]);
		fputs("\"><title>", fp);
		wb_report_escape(fp, wb_hist_status_name(c->status));
		fputs(" change between ", fp);
		wb_report_escape(fp, s->releases[c->at - 1]);
		fputs(" and ", fp);
		wb_report_escape(fp, s->releases[c->at]);
		if (!isnan(c->ratio))
			fprintf(fp, ": ratio %.4f", c->ratio);
		fprintf(fp, "</title><line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" "
		    "y2=\"%d\"/><rect x=\"%.1f\" y=\"%d\" width=\"12\" "
		    "height=\"%d\"/>", x, P_MT, x, P_MT + P_PH, x - 6, P_MT,
		    P_PH);
		if (!isnan(c->ratio))
			fprintf(fp, "<text x=\"%.1f\" y=\"%d\">x%.3f</text>",
			    x + 3, P_MT + 12, c->ratio);
		fputs("</g>", fp);
		fputs(c->report != NULL ? "</a>\n" : "\n", fp);
	}
}

void
wb_history_plot(FILE *fp, const struct wb_hist_series *s)
{
	struct axis a;

	axis_init(&a, s);
	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" "
	    "aria-label=\"values by release, log scale\">\n", P_W, P_H, P_W,
	    P_H);
	grid(fp, &a, s);
	names(fp, &a, s);
	points(fp, &a, s);
	marks(fp, &a, s);
	fputs("</svg>\n", fp);
}
