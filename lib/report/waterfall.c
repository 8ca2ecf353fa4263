/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A waterfall chart of a log-difference (waterfall.h).
 */
#include <math.h>
#include <stdio.h>

#include "report_format.h"
#include "waterfall.h"

#define WIDTH	760
#define BARH	22
#define LEFT	340

#define RED	"#c0392b"
#define BLUE	"#2e86c1"
#define GREY	"#b3b6b7"
#define INK	"#1c2833"

const char *
wb_waterfall_fill(const struct wb_waterfall_bar *b)
{

	if (!b->proven || b->diff == 0)
		return (GREY);
	return (b->diff < 0 ? RED : BLUE);
}

static int
has_interval(const struct wb_waterfall_bar *b)
{

	return (isfinite(b->lo) && isfinite(b->hi));
}

struct axis {
	double	lo, scale;
};

static double
px(const struct axis *a, double v)
{

	return (LEFT + (v - a->lo) * a->scale);
}

/* Bar b in row `row`, starting at run (in ln). */
static void
bar(FILE *fp, const struct axis *a, size_t row, double run,
    const struct wb_waterfall_bar *b)
{
	double x0 = px(a, run), x1 = px(a, run + b->diff), y, w0, w1;

	fprintf(fp, "<text x=\"4\" y=\"%zu\">", row * BARH + 16);
	wb_report_escape(fp, b->name);
	if (b->note != NULL && b->note[0] != '\0') {
		fputs(" (", fp);
		wb_report_escape(fp, b->note);
		fputc(')', fp);
	}
	fprintf(fp, "</text>\n<rect x=\"%.1f\" y=\"%zu\" width=\"%.1f\" "
	    "height=\"%d\" fill=\"%s\"/>\n", fmin(x0, x1), row * BARH + 4,
	    fmax(fabs(x1 - x0), 1), BARH - 6, wb_waterfall_fill(b));
	if (!has_interval(b))
		return;
	y = (double)(row * BARH + 4) + (BARH - 6) / 2.0;
	w0 = px(a, run + b->lo);
	w1 = px(a, run + b->hi);
	fprintf(fp, "<path d=\"M%.1f %.1fH%.1fM%.1f %.1fV%.1fM%.1f %.1fV%.1f\" "
	    "stroke=\"%s\" stroke-width=\"1.5\" fill=\"none\"/>\n", w0, y, w1,
	    w0, y - 5, y + 5, w1, y - 5, y + 5, INK);
}

/* The range to draw: every running total and every whisker's end. */
static void
extent(const struct wb_waterfall_bar *b, size_t n,
    const struct wb_waterfall_bar *total, double *lo, double *hi)
{
	double run = 0;
	size_t i;

	*lo = fmin(0, total->diff);
	*hi = fmax(0, total->diff);
	if (has_interval(total)) {
		*lo = fmin(*lo, total->lo);
		*hi = fmax(*hi, total->hi);
	}
	for (i = 0; i < n; i++) {
		if (has_interval(&b[i])) {
			*lo = fmin(*lo, run + b[i].lo);
			*hi = fmax(*hi, run + b[i].hi);
		}
		run += b[i].diff;
		*lo = fmin(*lo, run);
		*hi = fmax(*hi, run);
	}
}

void
wb_waterfall_svg(FILE *fp, const struct wb_waterfall_bar *b, size_t n,
    const struct wb_waterfall_bar *total)
{
	struct axis a;
	double lo, hi, run;
	size_t i;

	extent(b, n, total, &lo, &hi);
	a.lo = lo;
	a.scale = hi > lo ? (WIDTH - LEFT - 20) / (hi - lo) : 1;
	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%zu\" font-family=\"sans-serif\" font-size=\"12\">\n",
	    WIDTH, (n + 2) * (size_t)BARH + 10);
	for (i = 0, run = 0; i < n; i++) {
		bar(fp, &a, i, run, &b[i]);
		run += b[i].diff;
	}
	bar(fp, &a, n, 0, total);
	fputs("</svg>\n", fp);
}
