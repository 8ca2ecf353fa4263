/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench history changes: search the store's series for steps
 * (e-divisive means with a permutation test, and the online tail test
 * unless --tail 0, worldbench-changepoints(7)) and record each as a
 * change candidate, once.
 */
#include <err.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sysexits.h>

#include "changepoint.h"
#include "cmd.h"
#include "cmdutil.h"
#include "err.h"
#include "exitmap.h"
#include "history_cmd.h"
#include "history_store.h"
#include "strvis.h"

struct tally {
	size_t	found, fresh;
};

static int
print_found(void *arg, const struct wb_hs_found *f, struct wb_err *e)
{
	const struct wb_hs_series *s = f->series;
	struct tally *t = arg;

	(void)e;
	t->found++;
	if (!f->recorded)
		t->fresh++;
	printf("candidate %lld: machine %.12s  variant %s", f->id,
	    s->fingerprint, wb_strvis_slot(s->label));
	printf("  test %s: %s", wb_strvis_slot(s->test),
	    wb_strvis_slot(s->p[f->at - 1].release));
	printf(" -> %s: ratio %.4f", wb_strvis_slot(s->p[f->at].release),
	    f->ratio);
	if (!isnan(f->lo) && !isnan(f->hi))
		printf(", 95%% interval [%.4f, %.4f]", f->lo, f->hi);
	printf(", p %.4f by %s%s\n", f->p, f->kind, f->recorded ?
	    " (already recorded)" : " (recorded)");
	return (0);
}

int
history_changes(struct history_opts *o, int argc)
{
	struct wb_hs_detect d;
	struct wb_hstore *s;
	struct tally t;
	struct wb_err e;
	char method[128], tmethod[128], all[300];
	struct wb_hs_changes_sum sum;
	int rc;

	if (argc != 0) {
		cmd_history_usage(stderr);
		return (EX_USAGE);
	}
	memset(&d, 0, sizeof(d));
	d.alpha = o->alpha != 0 ? o->alpha : WB_CP_ALPHA_CANDIDATE;
	/* Enough shuffles that p can fall to a third of alpha. */
	d.permutations = (unsigned)ceil(3 / d.alpha) - 1;
	if (d.permutations < WB_CP_PERMUTATIONS)
		d.permutations = WB_CP_PERMUTATIONS;
	d.min_size = WB_CP_MIN_SIZE;
	d.seed = o->seed;
	snprintf(method, sizeof(method), "e-divisive alpha %g, %u "
	    "permutations, min size %zu, seed %llu", d.alpha, d.permutations,
	    d.min_size, d.seed);
	d.method = method;
	d.tail_k = o->have_tail ? (size_t)o->tail : WB_CP_TAIL_K;
	d.tail_alpha = o->tail_alpha != 0 ? o->tail_alpha : WB_CP_TAIL_ALPHA;
	snprintf(tmethod, sizeof(tmethod), "tail alpha %g, last 1-%zu "
	    "against %d before (at least %d)", d.tail_alpha, d.tail_k,
	    WB_CP_TAIL_WINDOW, WB_CP_TAIL_MIN_WINDOW);
	d.tail_method = tmethod;
	if (d.tail_k > 0)
		snprintf(all, sizeof(all), "%s; %s", method, tmethod);
	else
		snprintf(all, sizeof(all), "%s", method);
	if ((s = history_open(o, &e)) == NULL) {
		warnx("%s", e.msg);
		return (cmd_exit_status(&e));
	}
	memset(&t, 0, sizeof(t));
	rc = wb_hs_changes(s, &o->f, &d, print_found, &t, &sum, &e);
	wb_hs_close(s);
	if (rc == -1) {
		warnx("%s", e.msg);
		return (cmd_exit_status(&e));
	}
	if (t.found == 0)
		printf("no change found in %zu series (%s; a series needs "
		    "%zu releases)\n", sum.nseries, all, 2 * d.min_size);
	else
		printf("%zu change%s found in %zu series, %zu new (%s)\n",
		    t.found, t.found == 1 ? "" : "s", sum.nseries, t.fresh,
		    all);
	if (sum.nshort > 0)
		printf("note: %zu of these series %s fewer than %zu releases: "
		    "there even a clean step's expected p is above %g, and "
		    "whether one is found depends on the seed (see "
		    "worldbench-changepoints(7))\n", sum.nshort,
		    sum.nshort == 1 ? "has" : "have", sum.reach, d.alpha);
	if (fflush(stdout) == EOF)
		err(EX_IOERR, "stdout");
	return (0);
}
