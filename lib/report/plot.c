/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"
#include "wb_stats.h"
#include "wb_util.h"

const char wb_plot_symbols[] = "x+o%#@";

struct axis {
	double	lo, hi;
	int	width;
};

static int
column(const struct axis *ax, double v)
{
	int c;

	if (ax->hi <= ax->lo)
		return (ax->width / 2);
	c = (int)lround((v - ax->lo) / (ax->hi - ax->lo) * (ax->width - 1));
	if (c < 0)
		c = 0;
	if (c > ax->width - 1)
		c = ax->width - 1;
	return (c);
}

static void
frame(FILE *fp, int width)
{
	int i;

	fputc('+', fp);
	for (i = 0; i < width; i++)
		fputc('-', fp);
	fputs("+\n", fp);
}

/* Points, stacked upwards per column. */
static int
points(FILE *fp, const struct axis *ax, const double *const *x,
    const size_t *n, size_t nvar, struct wb_err *err)
{
	char *grid, *cellp;
	int *height, maxh, c, row;
	size_t i, j;

	if ((height = calloc(ax->width, sizeof(*height))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	maxh = 0;
	for (i = 0; i < nvar; i++)
		for (j = 0; j < n[i]; j++) {
			c = column(ax, x[i][j]);
			if (++height[c] > maxh)
				maxh = height[c];
		}
	if ((grid = malloc((size_t)maxh * ax->width + 1)) == NULL) {
		free(height);
		return (wb_err_setsys(err, "malloc"));
	}
	memset(grid, ' ', (size_t)maxh * ax->width);
	memset(height, 0, ax->width * sizeof(*height));
	for (i = 0; i < nvar; i++)
		for (j = 0; j < n[i]; j++) {
			c = column(ax, x[i][j]);
			cellp = &grid[(size_t)height[c]++ * ax->width + c];
			*cellp = wb_plot_symbols[i % (sizeof(wb_plot_symbols)
			    - 1)];
		}
	for (row = maxh - 1; row >= 0; row--) {
		fprintf(fp, "|%.*s|\n", ax->width, &grid[(size_t)row *
		    ax->width]);
	}
	free(grid);
	free(height);
	return (0);
}

static int
summary_line(FILE *fp, const struct axis *ax, const double *x, size_t n,
    struct wb_err *err)
{
	struct wb_desc d;
	char *line;
	int a, b, i;

	if (wb_stats_desc_compute(x, n, &d, err) == -1)
		return (-1);
	if ((line = malloc(ax->width + 1)) == NULL)
		return (wb_err_setsys(err, "malloc"));
	memset(line, ' ', ax->width);
	line[ax->width] = '\0';
	if (n > 0) {
		a = column(ax, d.mean - d.stddev);
		b = column(ax, d.mean + d.stddev);
		for (i = a; i <= b; i++)
			line[i] = '_';
		line[a] = '|';
		line[b] = '|';
		line[column(ax, d.mean)] = 'A';
		i = column(ax, d.median);
		line[i] = line[i] == 'A' ? 'A' : 'M';
	}
	fprintf(fp, "|%s|\n", line);
	free(line);
	return (0);
}

int
wb_plot_write(FILE *fp, const double *const *x, const size_t *n,
    size_t nvar, int width, struct wb_err *err)
{
	struct axis ax;
	size_t i, j;
	int any;

	ax.width = width > 10 ? width : WB_PLOT_WIDTH;
	ax.lo = INFINITY;
	ax.hi = -INFINITY;
	any = 0;
	for (i = 0; i < nvar; i++)
		for (j = 0; j < n[i]; j++) {
			ax.lo = fmin(ax.lo, x[i][j]);
			ax.hi = fmax(ax.hi, x[i][j]);
			any = 1;
		}
	if (!any)
		return (wb_err_set(err, "nothing to plot"));
	frame(fp, ax.width);
	if (points(fp, &ax, x, n, nvar, err) == -1)
		return (-1);
	for (i = 0; i < nvar; i++)
		if (summary_line(fp, &ax, x[i], n[i], err) == -1)
			return (-1);
	frame(fp, ax.width);
	if (ferror(fp))
		return (wb_err_setsys(err, "plot: write"));
	return (0);
}
