/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Compare's chart of variant v against the base, an SVG for a page: a
 * bar per test and the final score from 1 to its ratio, whiskers over
 * its interval, on a log axis centred on 1 so that a ratio r and 1/r
 * lie the same distance from it; red slower, green faster, grey no
 * difference proven.  Its text goes through wb_report_escape.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "report_format.h"
#include "wb_stats.h"
#include "wb_util.h"

#define CH_LABEL	300	/* px for test names */
#define CH_PLOT		560	/* px for the bars */
#define CH_ROW		22
#define CH_TOP		30
/* The narrowest gap between two tick labels, in px (five characters). */
#define CH_TICKGAP	32

/* The axis: ln(ratio) from -lmax to +lmax. */
struct scale {
	double	lmax;
};

static double
xpos(const struct scale *s, double v)
{
	double l;

	l = fmax(-s->lmax, fmin(s->lmax, log(v)));
	return (CH_LABEL + (l / s->lmax + 1) / 2 * CH_PLOT);
}

static void
widen(struct scale *s, double v)
{

	if (isfinite(v) && v > 0)
		s->lmax = fmax(s->lmax, fabs(log(v)));
}

static void
widen_by(struct scale *s, double ratio, const struct wb_welch *w)
{

	widen(s, ratio);
	if (w->have_ci) {
		widen(s, w->lo);
		widen(s, w->hi);
	}
}

static int
drawn(int verdict)
{

	return (verdict != WB_V_MISSING && verdict != WB_V_BASE);
}

static void
bar(FILE *fp, const struct scale *s, int y, const char *name, double ratio,
    const struct wb_welch *w, int verdict)
{
	static const char *const fill[] = { "#999", "#c33", "#393" };
	double x1, xr;
	int k;

	k = verdict == WB_V_SLOWER ? 1 : verdict == WB_V_FASTER ? 2 : 0;
	x1 = xpos(s, 1);
	xr = xpos(s, ratio);
	fprintf(fp, "<text x=\"%d\" y=\"%d\" font-size=\"12\" "
	    "text-anchor=\"end\">", CH_LABEL - 6, y + 14);
	wb_report_escape(fp, name);
	fprintf(fp, "</text>\n<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
	    "height=\"%d\" fill=\"%s\"/>\n", fmin(x1, xr), y + 4,
	    fabs(xr - x1) < 1 ? 1 : fabs(xr - x1), CH_ROW - 8, fill[k]);
	if (w->have_ci)
		fprintf(fp, "<path d=\"M%.1f %d H%.1f M%.1f %d V%d M%.1f %d "
		    "V%d\" stroke=\"#000\" fill=\"none\"/>\n", xpos(s, w->lo),
		    y + CH_ROW / 2, xpos(s, w->hi), xpos(s, w->lo), y + 5,
		    y + CH_ROW - 5, xpos(s, w->hi), y + 5, y + CH_ROW - 5);
	fprintf(fp, "<text x=\"%d\" y=\"%d\" font-size=\"11\">%.3f</text>\n",
	    CH_LABEL + CH_PLOT + 8, y + 14, ratio);
}

/*
 * Grid lines at r and 1/r for the steps that fit, labelled where the
 * label keeps CH_TICKGAP px from every label already drawn (1 first,
 * then the coarse steps before the fine ones), so that no two collide.
 */
static void
ticks(FILE *fp, const struct scale *s, int y0, int y1)
{
	static const double steps[] = { 1.1, 1.25, 1.5, 2, 3, 5, 10, 20, 50,
	    100, 1000 };
	double x, r[2], at[2 * sizeof(steps) / sizeof(steps[0]) + 1];
	size_t i, k, n, nd;
	int side;

	for (i = n = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		if (log(steps[i]) > s->lmax)
			break;
		n++;
	}
	nd = 0;
	at[nd++] = xpos(s, 1);
	/* At most five steps each side, the coarsest first. */
	for (i = n; i-- > (n > 5 ? n - 5 : 0);) {
		r[0] = 1 / steps[i];
		r[1] = steps[i];
		for (side = 0; side < 2; side++) {
			x = xpos(s, r[side]);
			for (k = 0; k < nd; k++)
				if (fabs(at[k] - x) < CH_TICKGAP)
					break;
			if (k < nd)
				continue;
			at[nd++] = x;
			fprintf(fp, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" "
			    "y2=\"%d\" stroke=\"#ddd\"/>\n<text x=\"%.1f\" "
			    "y=\"%d\" font-size=\"10\" text-anchor=\"middle\">"
			    "%.3g</text>\n", x, y0, x, y1, x, y1 + 14, r[side]);
		}
	}
}

/* The SVG's head, title and legend, for n bars. */
static void
chart_head(FILE *fp, const struct wb_compare *c, size_t v, size_t n)
{

	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" role=\"img\">\n<title>Ratios of ", CH_LABEL +
	    CH_PLOT + 60, CH_TOP + (int)(n + 1) * CH_ROW + 24);
	wb_report_escape(fp, c->labels[v]);
	fputs(" to ", fp);
	wb_report_escape(fp, c->labels[0]);
	fputs("</title>\n", fp);
	fprintf(fp, "<text x=\"%d\" y=\"18\" font-size=\"13\">ratio to base "
	    "(bars, log scale centred on 1), interval (whiskers); red slower, "
	    "green faster, grey no difference proven</text>\n", CH_LABEL - 200);
}

static void
chart(FILE *fp, const struct wb_compare *c, size_t v)
{
	const struct wb_cmp_cell *o;
	const struct wb_cmp_final *f = &c->final[v];
	struct scale s;
	size_t i, n;
	int y;

	s.lmax = log(1.1);
	for (i = n = 0; i < c->nrows; i++) {
		o = &c->rows[i].cells[v];
		if (drawn(o->verdict)) {
			n++;
			widen_by(&s, o->ratio, &o->w);
		}
	}
	widen_by(&s, f->ratio, &f->w);
	s.lmax *= 1.05;
	chart_head(fp, c, v, n);
	ticks(fp, &s, CH_TOP - 4, CH_TOP + (int)(n + 1) * CH_ROW);
	y = CH_TOP;
	for (i = 0; i < c->nrows; i++) {
		o = &c->rows[i].cells[v];
		if (!drawn(o->verdict))
			continue;
		bar(fp, &s, y, c->rows[i].name, o->ratio, &o->w, o->verdict);
		y += CH_ROW;
	}
	if (f->verdict != WB_V_MISSING) {
		bar(fp, &s, y, "FINAL SCORE", f->ratio, &f->w, f->verdict);
		y += CH_ROW;
	}
	fprintf(fp, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
	    "stroke=\"#00f\" stroke-dasharray=\"4 3\"/>\n", xpos(&s, 1),
	    CH_TOP - 4, xpos(&s, 1), y);
	fprintf(fp, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" "
	    "text-anchor=\"middle\">1</text>\n</svg>\n", xpos(&s, 1),
	    y + 14);
}

char *
wb_report_chart(const struct wb_compare *c, size_t v)
{
	FILE *mem;
	char *buf;
	size_t len;

	buf = NULL;
	if ((mem = open_memstream(&buf, &len)) == NULL)
		return (NULL);
	chart(mem, c, v);
	if (ferror(mem) | fclose(mem)) {
		free(buf);
		return (NULL);
	}
	return (buf);
}
