/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The attribution of one test: instructions per loop of the test for
 * each category in both kernels, from the difference between a short and
 * a long run of each, and each option's share of the debug kernel's
 * extra kernel instructions.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "attrib.h"
#include "err.h"

void
wb_attrib_testres_fini(struct wb_attrib_testres *r)
{

	free(r->row);
	memset(r, 0, sizeof(*r));
}

static int
row_cmp(const void *a, const void *b)
{
	const struct wb_attrib_row *x = a, *y = b;

	if (x->extra != y->extra)
		return (x->extra > y->extra ? -1 : 1);
	return (strcmp(x->name, y->name));
}

/* Per loop: the long run's excess over the short one's. */
static double
per_loop(const struct wb_attrib_run *r, size_t k)
{

	return (((double)r[1].tot[k] - (double)r[0].tot[k]) /
	    (r[1].loops - r[0].loops));
}

int
wb_attrib_compute(const struct wb_attrib_test *t, char *const *names,
    size_t ncats, struct wb_attrib_testres *res, struct wb_err *err)
{
	struct wb_attrib_row *row;
	size_t k, j, nopt;

	memset(res, 0, sizeof(*res));
	res->id = t->id;
	for (j = 0; j < 2; j++)
		if (!(t->run[j][1].loops > t->run[j][0].loops))
			return (wb_err_set(err, "test %s: the %s kernel's long "
			    "run counted %.0f loops, not more than the short "
			    "run's %.0f", t->id, j == 0 ? "base" : "debug",
			    t->run[j][1].loops, t->run[j][0].loops));
	if (ncats < WB_ATTRIB_NFIXED)
		return (wb_err_set(err, "test %s: %zu categories", t->id,
		    ncats));
	if ((row = calloc(ncats, sizeof(*row))) == NULL)
		return (wb_err_setsys(err, "attribution"));
	for (k = 0; k < ncats; k++) {
		row[k].name = names[k];
		row[k].base = per_loop(t->run[0], k);
		row[k].debug = per_loop(t->run[1], k);
		row[k].extra = row[k].debug - row[k].base;
		res->base_total += row[k].base;
		res->debug_total += row[k].debug;
		if (k != WB_ATTRIB_USER)
			res->kernel_extra += row[k].extra;
	}
	for (k = 0; k < ncats; k++)
		row[k].share = k == WB_ATTRIB_USER || res->kernel_extra == 0 ?
		    NAN : row[k].extra / res->kernel_extra;
	/* Options with instructions in either kernel, by extra; then the
	 * fixed buckets in their order. */
	res->row = row;
	nopt = 0;
	for (k = WB_ATTRIB_NFIXED; k < ncats; k++)
		if (row[k].base != 0 || row[k].debug != 0)
			row[WB_ATTRIB_NFIXED + nopt++] = row[k];
	if (nopt > 1)
		qsort(row + WB_ATTRIB_NFIXED, nopt, sizeof(*row), row_cmp);
	if ((res->row = calloc(WB_ATTRIB_NFIXED + nopt, sizeof(*row))) ==
	    NULL) {
		free(row);
		return (wb_err_setsys(err, "attribution"));
	}
	memcpy(res->row, row + WB_ATTRIB_NFIXED, nopt * sizeof(*row));
	memcpy(res->row + nopt, row, WB_ATTRIB_NFIXED * sizeof(*row));
	res->nrow = WB_ATTRIB_NFIXED + nopt;
	free(row);
	return (0);
}
