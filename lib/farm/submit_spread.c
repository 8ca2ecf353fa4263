/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The across-node spread of a submitted run (submit_drive.h): every
 * done task's results files compared as worldbench compare does (the
 * node runs as blocks), each task's final scores and ratios to the
 * base, and the min, median and max of each.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "submit_drive.h"
#include "submit_int.h"
#include "wb_model.h"
#include "wb_stats.h"
#include "wb_util.h"

/* Every done task's results files, task by task, with their labels. */
static int
spread_files(const struct wb_submit_tasks *s, char **paths,
    const char **labels, size_t *n, struct wb_err *e)
{
	size_t k;
	int i;

	*n = 0;
	for (i = 0; i < s->rec.ntasks; i++) {
		if (s->t[i].state != WB_TASK_DONE)
			continue;
		for (k = 0; k < s->rec.nlabels; k++) {
			if ((paths[*n] = wb_submit_task_file(s, i, k,
			    e)) == NULL)
				return (-1);
			labels[(*n)++] = s->rec.labels[k];
		}
	}
	return (0);
}

/* Row r: the final scores, then the ratios to the base. */
static void
spread_row(const struct wb_compare *c, size_t r, double *row)
{
	size_t k, nl;

	nl = c->nvar;
	for (k = 0; k < nl; k++)
		row[k] = c->blocked ? c->runs[r].finals[k] : c->final[k].score;
	for (k = 1; k < nl; k++)
		row[nl + k - 1] = c->blocked ? c->final[k].runs.ratios[r] :
		    c->final[k].ratio;
}

static int
dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return ((x > y) - (x < y));
}

/* Per column of the rows: min, median and max of its numbers. */
static int
summarize(struct wb_submit_spread *sp, struct wb_err *e)
{
	double *col;
	size_t c, i, k, j;

	for (j = 0; j < 3; j++)
		if ((sp->sum[j] = calloc(sp->ncol, sizeof(double))) == NULL)
			return (wb_err_setsys(e, "calloc"));
	if ((col = calloc(sp->nrows + 1, sizeof(double))) == NULL)
		return (wb_err_setsys(e, "calloc"));
	for (c = 0; c < sp->ncol; c++) {
		for (i = k = 0; i < sp->nrows; i++)
			if (!isnan(sp->t[i * sp->ncol + c]))
				col[k++] = sp->t[i * sp->ncol + c];
		qsort(col, k, sizeof(double), dbl_cmp);
		sp->sum[0][c] = k == 0 ? NAN : col[0];
		sp->sum[1][c] = k == 0 ? NAN : k % 2 ? col[k / 2] :
		    (col[k / 2 - 1] + col[k / 2]) / 2;
		sp->sum[2][c] = k == 0 ? NAN : col[k - 1];
	}
	free(col);
	return (0);
}

/* The rows of the done tasks, and their summary. */
static int
rows_fill(const struct wb_submit_tasks *s, struct wb_submit_spread *sp,
    struct wb_err *e)
{
	size_t r;
	int i;

	sp->ncol = sp->c.nvar + sp->c.nvar - 1;
	if ((sp->t = calloc(sp->nrows * sp->ncol + 1, sizeof(double))) ==
	    NULL || (sp->dirs = calloc(sp->nrows + 1, sizeof(char *))) == NULL)
		return (wb_err_setsys(e, "calloc"));
	for (i = 0, r = 0; i < s->rec.ntasks && r < sp->nrows; i++) {
		if (s->t[i].state != WB_TASK_DONE)
			continue;
		spread_row(&sp->c, r, &sp->t[r * sp->ncol]);
		sp->dirs[r++] = s->t[i].dir;
	}
	return (summarize(sp, e));
}

/* The files read and compared, their runs as blocks. */
static int
compare_files(struct wb_submit_spread *sp, char **paths,
    const char **labels, struct wb_err *e)
{
	size_t i;

	if ((sp->v = calloc(sp->nfiles + 1, sizeof(*sp->v))) == NULL)
		return (wb_err_setsys(e, "calloc"));
	for (i = 0; i < sp->nfiles; i++)
		if (wb_results_read(paths[i], &sp->v[i], e) == -1)
			return (-1);
	if (wb_compare_build(sp->v, sp->nfiles, labels,
	    (const char *const *)paths, 0.95, WB_EST_UNIXBENCH, WB_ADJ_HOLM,
	    &sp->c, e) == -1)
		return (-1);
	sp->have_c = 1;
	return (0);
}

int
wb_submit_spread_new(const struct wb_submit_tasks *s,
    struct wb_submit_spread *sp, struct wb_err *e)
{
	const char **labels;
	char **paths;
	size_t n, i;
	int rc, t;

	memset(sp, 0, sizeof(*sp));
	for (t = 0; t < s->rec.ntasks; t++)
		sp->nrows += s->t[t].state == WB_TASK_DONE;
	n = sp->nrows * s->rec.nlabels;
	paths = calloc(n + 1, sizeof(char *));
	labels = calloc(n + 1, sizeof(char *));
	rc = -1;
	if (paths == NULL || labels == NULL)
		wb_err_setsys(e, "calloc");
	else if (spread_files(s, paths, labels, &sp->nfiles, e) == 0 &&
	    compare_files(sp, paths, labels, e) == 0)
		rc = rows_fill(s, sp, e);
	for (i = 0; paths != NULL && i < n; i++)
		free(paths[i]);
	free(paths);
	free(labels);
	return (rc);
}

void
wb_submit_spread_fini(struct wb_submit_spread *sp)
{
	size_t i;

	if (sp->have_c)
		wb_compare_fini(&sp->c);
	for (i = 0; sp->v != NULL && i < sp->nfiles; i++)
		wb_results_free(sp->v[i]);
	free(sp->v);
	free(sp->t);
	for (i = 0; i < 3; i++)
		free(sp->sum[i]);
	free(sp->dirs);
	memset(sp, 0, sizeof(*sp));
}
