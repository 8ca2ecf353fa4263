/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "factorial.h"
#include "stats.h"
#include "wb_util.h"

/* Signs of each cell (00, 10, 01, 11) in each effect, before weighting. */
static const double fx_sign[WB_FX_N][4] = {
	[WB_FX_A] = { -0.5, 0.5, -0.5, 0.5 },
	[WB_FX_B] = { -0.5, -0.5, 0.5, 0.5 },
	[WB_FX_AB] = { 1, -1, -1, 1 },
};

static double
mean_log(const struct wb_cmp_cell *cell)
{
	double s;
	size_t i;

	s = 0;
	for (i = 0; i < cell->nunits; i++)
		s += log(cell->units[i]);
	return (s / cell->nunits);
}

/*
 * wb_delta takes pairs of cells; an effect is a sum over single cells,
 * so each cell goes in as one side of a pair whose other side is empty
 * of variance and contributes nothing.
 */
static void
add_cell(struct wb_delta *d, double w, const struct wb_cmp_cell *cell)
{

	wb_stats_delta_add(d, w, mean_log(cell), cell->lvar, cell->nunits, 0,
	    2);
	if (cell->nunits < 2)
		d->incomplete = 1;
}

static int
finish(struct wb_delta *d, double conf, struct wb_fact_effect *e,
    struct wb_err *err)
{

	if (wb_stats_delta_finish(d, conf, &e->w, err) == -1)
		return (-1);
	e->verdict = wb_compare_verdict(&e->w, e->w.p, conf);
	return (0);
}

static int
row_effects(const struct wb_cmp_row *r, const size_t cell[4], double conf,
    struct wb_fact_row *fr, struct wb_delta fin[WB_FX_N], double wfin,
    struct wb_err *err)
{
	struct wb_delta d;
	int fx, k;

	fr->id = r->id;
	fr->name = r->name;
	for (k = 0; k < 4; k++)
		if (r->cells[cell[k]].n == 0)
			return (0);
	fr->ok = 1;
	for (fx = 0; fx < WB_FX_N; fx++) {
		wb_stats_delta_init(&d);
		for (k = 0; k < 4; k++) {
			add_cell(&d, fx_sign[fx][k], &r->cells[cell[k]]);
			if (fin != NULL)
				add_cell(&fin[fx], wfin * fx_sign[fx][k],
				    &r->cells[cell[k]]);
		}
		if (finish(&d, conf, &fr->fx[fx], err) == -1)
			return (-1);
	}
	return (0);
}

int
wb_factorial_build(const struct wb_compare *c, const size_t cell[4],
    const char *knob_a, const char *knob_b, struct wb_factorial *f,
    struct wb_err *err)
{
	struct wb_delta fin[WB_FX_N];
	size_t i, k, nall;
	int fx;

	memset(f, 0, sizeof(*f));
	f->conf = c->conf;
	for (k = 0; k < 4; k++) {
		if (cell[k] >= c->nvar)
			return (wb_err_set(err, "factorial cell %zu: no such "
			    "variant", k));
		f->cell[k] = cell[k];
	}
	if ((f->knob[0] = strdup(knob_a != NULL ? knob_a : "A")) == NULL ||
	    (f->knob[1] = strdup(knob_b != NULL ? knob_b : "B")) == NULL) {
		wb_factorial_fini(f);
		return (wb_err_setsys(err, "strdup"));
	}
	if ((f->rows = calloc(c->nrows + 1, sizeof(*f->rows))) == NULL) {
		wb_factorial_fini(f);
		return (wb_err_setsys(err, "calloc"));
	}
	f->nrows = c->nrows;
	nall = 0;
	for (i = 0; i < c->nrows; i++) {
		for (k = 0; k < 4 && c->rows[i].cells[cell[k]].n > 0; k++)
			;
		nall += k == 4;
	}
	for (fx = 0; fx < WB_FX_N; fx++)
		wb_stats_delta_init(&fin[fx]);
	for (i = 0; i < c->nrows; i++)
		if (row_effects(&c->rows[i], cell, c->conf, &f->rows[i],
		    nall > 0 ? fin : NULL, nall > 0 ? 1.0 / nall : 0,
		    err) == -1) {
			wb_factorial_fini(f);
			return (-1);
		}
	f->nfinal = nall;
	f->final.id = "final";
	f->final.name = "Final score";
	if (nall == 0)
		return (0);
	f->final.ok = 1;
	for (fx = 0; fx < WB_FX_N; fx++)
		if (finish(&fin[fx], c->conf, &f->final.fx[fx], err) == -1) {
			wb_factorial_fini(f);
			return (-1);
		}
	return (0);
}

void
wb_factorial_fini(struct wb_factorial *f)
{

	free(f->knob[0]);
	free(f->knob[1]);
	free(f->rows);
	memset(f, 0, sizeof(*f));
}

const char *
wb_factorial_which_name(const struct wb_factorial *f, enum wb_fact_which w,
    char *buf, size_t len)
{

	switch (w) {
	case WB_FX_A:
		snprintf(buf, len, "%s", f->knob[0]);
		break;
	case WB_FX_B:
		snprintf(buf, len, "%s", f->knob[1]);
		break;
	default:
		snprintf(buf, len, "%s x %s", f->knob[0], f->knob[1]);
		break;
	}
	return (buf);
}
