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

#include <jansson.h>

#include "cmd.h"
#include "cmdutil.h"
#include "exitmap.h"
#include "history_cmd.h"
#include "wb_history.h"
#include "wb_stats.h"
#include "wb_util.h"

struct tally {
	size_t	 found, fresh;
	json_t	*list;		/* --json: the candidates, else NULL */
};

/* A number for JSON, or null when not finite. */
static json_t *
jnum(double v)
{

	return (isfinite(v) ? json_real(v) : json_null());
}

/*
 * The candidate's status: "new" when recorded by this search, else its
 * last confirmation's outcome, or "proposed" when it has none.
 */
static const char *
status_of(const struct wb_hs_found *f)
{

	if (!f->recorded)
		return ("new");
	return (f->outcome[0] != '\0' ? f->outcome : "proposed");
}

static int
json_found(struct tally *t, const struct wb_hs_found *f, struct wb_err *e)
{
	const struct wb_history_series *s = f->series;
	json_t *c;

	c = json_pack("{s:I, s:s, s:s, s:s, s:s?, s:s?, s:s, s:s, s:o, s:o, "
	    "s:o, s:o, s:s, s:b, s:s}", "id", (json_int_t)f->id, "machine",
	    s->fingerprint, "variant", s->label, "test", s->test, "reference",
	    s->reference, "reference_sha256", s->reference_sha256, "before",
	    s->p[f->at - 1].release, "after", s->p[f->at].release, "ratio",
	    jnum(f->ratio), "lo", jnum(f->lo), "hi", jnum(f->hi), "p",
	    jnum(f->p), "method", f->kind, "recorded_before",
	    f->recorded, "status", status_of(f));
	if (c == NULL || json_array_append_new(t->list, c) == -1)
		return (wb_err_set(e, "changes: JSON: out of memory"));
	return (0);
}

static int
print_found(void *arg, const struct wb_hs_found *f, struct wb_err *e)
{
	const struct wb_history_series *s = f->series;
	struct tally *t = arg;

	t->found++;
	if (!f->recorded)
		t->fresh++;
	if (t->list != NULL)
		return (json_found(t, f, e));
	printf("candidate %lld: machine %.12s  variant %s", f->id,
	    s->fingerprint, wb_strvis_slot(s->label));
	printf("  test %s", wb_strvis_slot(s->test));
	if (s->reference != NULL)
		printf(" (ratio to reference %s, paired in each run)",
		    wb_strvis_slot(s->reference));
	printf(": %s", wb_strvis_slot(s->p[f->at - 1].release));
	printf(" -> %s: ratio %.4f", wb_strvis_slot(s->p[f->at].release), f->ratio);
	if (!isnan(f->lo) && !isnan(f->hi))
		printf(", 95%% interval [%.4f, %.4f]", f->lo, f->hi);
	printf(", p %.4f by %s", f->p, f->kind);
	if (f->recorded && f->outcome[0] != '\0')
		printf(", %s", f->outcome);
	printf("%s\n", f->recorded ? " (already recorded)" : " (recorded)");
	return (0);
}

/* --json: the candidates and the summary as one document. */
static int
print_json(struct tally *t, const struct wb_hs_changes_sum *sum,
    const char *all)
{
	json_t *j;
	int rc;

	j = json_pack("{s:s, s:I, s:I, s:I, s:I, s:I, s:O}", "method", all,
	    "series", (json_int_t)sum->nseries, "reach",
	    (json_int_t)sum->reach, "short", (json_int_t)sum->nshort,
	    "found", (json_int_t)t->found, "new", (json_int_t)t->fresh,
	    "candidates", t->list);
	if (j == NULL) {
		warnx("changes: JSON: out of memory");
		return (EX_SOFTWARE);
	}
	rc = json_dumpf(j, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
	    JSON_REAL_PRECISION(10));
	json_decref(j);
	if (rc == -1 || putchar('\n') == EOF)
		err(EX_IOERR, "stdout");
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
	if (o->json && (t.list = json_array()) == NULL) {
		wb_history_close(s);
		warnx("changes: JSON: out of memory");
		return (EX_SOFTWARE);
	}
	rc = wb_history_changes(s, &o->f, &d, print_found, &t, &sum, &e);
	wb_history_close(s);
	if (rc == -1) {
		json_decref(t.list);
		warnx("%s", e.msg);
		return (cmd_exit_status(&e));
	}
	if (t.list != NULL) {
		rc = print_json(&t, &sum, all);
		json_decref(t.list);
		return (rc);
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
