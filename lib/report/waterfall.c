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

static void
bar(FILE *fp, size_t row, const char *name, const char *note, double x0,
    double x1, const char *fill)
{

	fprintf(fp, "<text x=\"4\" y=\"%zu\">", row * BARH + 16);
	wb_report_escape(fp, name);
	if (note != NULL && note[0] != '\0') {
		fputs(" (", fp);
		wb_report_escape(fp, note);
		fputc(')', fp);
	}
	fprintf(fp, "</text>\n<rect x=\"%.1f\" y=\"%zu\" width=\"%.1f\" "
	    "height=\"%d\" fill=\"%s\"/>\n", fmin(x0, x1), row * BARH + 4,
	    fmax(fabs(x1 - x0), 1), BARH - 6, fill);
}

void
wb_waterfall_svg(FILE *fp, const struct wb_waterfall_bar *b, size_t n,
    double total, const char *total_name)
{
	double lo = fmin(0, total), hi = fmax(0, total), run = 0, scale;
	char note[32];
	size_t i;

	for (i = 0; i < n; i++) {
		run += b[i].diff;
		lo = fmin(lo, run);
		hi = fmax(hi, run);
	}
	scale = hi > lo ? (WIDTH - LEFT - 20) / (hi - lo) : 1;
	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%zu\" font-family=\"sans-serif\" font-size=\"12\">\n",
	    WIDTH, (n + 2) * (size_t)BARH + 10);
	for (i = 0, run = 0; i < n; i++) {
		bar(fp, i, b[i].name, b[i].note, LEFT + (run - lo) * scale,
		    LEFT + (run + b[i].diff - lo) * scale, b[i].diff < 0 ?
		    "#c0392b" : "#2e86c1");
		run += b[i].diff;
	}
	snprintf(note, sizeof(note), "%.4f", exp(total));
	bar(fp, n, total_name, note, LEFT - lo * scale, LEFT + (total - lo) *
	    scale, "#7f8c8d");
	fputs("</svg>\n", fp);
}
