/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The progress lines of a run: with progress on, one line per pass,
 * "[12/36] shell8 pass 2/3 elapsed 1m02s eta 2m10s ... 233.8 lpm (3.5 s)";
 * off, only the passes that fail.  The estimate weighs the steps left by
 * their planned lengths: a minute-long shell pass counts six times a
 * ten-second one.  An adaptive run (--target-ci) knows only the
 * rounds planned so far: its lines say "of at most N" passes and an
 * estimate "or more".
 */
#include <stdio.h>
#include <string.h>

#include "harness_int.h"
#include "wb_model.h"
#include "wb_util.h"

void
wb_harness_set_progress(struct wb_harness *h, int on)
{

	h->progress = on;
}

static void
step_name(FILE *fp, const struct wb_harness *h,
    const struct wb_order_item *it, size_t seq)
{

	fprintf(fp, "[%zu/%zu] %s%s%s pass %d/%d", seq, h->norder,
	    h->nv > 1 ? wb_strvis_slot(h->v[it->variant].label) : "",
	    h->nv > 1 ? " " : "", wb_strvis_slot(h->tests[it->test]->id),
	    it->pass, h->passes[it->test]);
	/* Adaptive: the plan so far; the rule may add rounds up to this. */
	if (h->target_ci > 0)
		fprintf(fp, " (of at most %d)", h->max_passes);
}

/* Planned seconds of the steps from `from' on that have no pass yet. */
static double
planned_left(const struct wb_harness *h, size_t from)
{
	const struct wb_order_item *it;
	const struct wb_result_test *rt;
	double sum;
	size_t i;

	sum = 0;
	for (i = from; i < h->norder; i++) {
		it = &h->order[i];
		rt = wb_results_find_test(h->v[it->variant].results,
		    h->tests[it->test]->id);
		if (rt == NULL || wb_results_test_pass(rt, it->pass) == NULL)
			sum += h->durations[it->test];
	}
	return (sum);
}

int
wb_harness_planned(const struct wb_harness *h, size_t *left, double *secs)
{
	const struct wb_order_item *it;
	const struct wb_result_test *rt;
	size_t i;

	*left = 0;
	for (i = 0; i < h->norder; i++) {
		it = &h->order[i];
		rt = wb_results_find_test(h->v[it->variant].results,
		    h->tests[it->test]->id);
		if (rt == NULL || wb_results_test_pass(rt, it->pass) == NULL)
			(*left)++;
	}
	*secs = planned_left(h, 0) + WB_PASS_OVERHEAD * (double)*left;
	return (h->target_ci > 0 || h->extend);
}

void
wb_harness_progress_start(FILE *fp, struct wb_harness *h,
    const struct wb_order_item *it, size_t i)
{
	char buf[32], eta[32];
	double now;

	if (fp == NULL || !h->progress)
		return;
	now = wb_spawn_now();
	if (h->t0 == 0)
		h->t0 = now;
	step_name(fp, h, it, i + 1);
	if (h->done_secs > 0)
		wb_progress_dur((now - h->t0) / h->done_secs *
		    planned_left(h, i), eta, sizeof(eta));
	else
		snprintf(eta, sizeof(eta), "?");
	/* Adaptive: only the rounds planned so far are known. */
	if (h->target_ci > 0 && h->done_secs > 0)
		snprintf(eta + strlen(eta), sizeof(eta) - strlen(eta),
		    " or more");
	fprintf(fp, " elapsed %s eta %s ... ",
	    wb_progress_dur(now - h->t0, buf, sizeof(buf)), eta);
	fflush(fp);
}

void
wb_harness_progress_end(FILE *fp, struct wb_harness *h,
    const struct wb_order_item *it, size_t i, const struct wb_sample *s)
{
	const struct wb_test_def *t;

	if (fp == NULL)
		return;
	t = h->tests[it->test];
	h->done_secs += h->durations[it->test];
	if (!h->progress && s->status == WB_SAMPLE_OK)
		return;
	if (!h->progress) {
		step_name(fp, h, it, i + 1);
		fputs(": ", fp);
	}
	/* The error quotes the pass's own stderr. */
	if (s->status == WB_SAMPLE_OK)
		fprintf(fp, "%.1f %s (%.1f s)\n", s->rate,
		    wb_strvis_slot(t->unit), s->wall);
	else
		fprintf(fp, "%s: %s\n", s->status == WB_SAMPLE_TIMEOUT ?
		    "TIMEOUT" : "FAILED", s->error != NULL ?
		    wb_strvis_slot(s->error) : "?");
	fflush(fp);
}
