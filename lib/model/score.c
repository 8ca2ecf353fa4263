/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"
#include "score.h"
#include "suite.h"
#include "wb_util.h"

int
wb_score_estimator_parse(const char *s, enum wb_estimator *e)
{

	if (strcmp(s, "unixbench") == 0)
		*e = WB_EST_UNIXBENCH;
	else if (strcmp(s, "all") == 0)
		*e = WB_EST_ALL;
	else
		return (-1);
	return (0);
}

const char *
wb_score_estimator_name(enum wb_estimator e)
{

	return (e == WB_EST_UNIXBENCH ? "unixbench" : "all");
}

static int
check_positive(const double *v, size_t n, struct wb_err *err)
{
	size_t i;

	if (n == 0)
		return (wb_err_set(err, "no values"));
	for (i = 0; i < n; i++)
		if (!isfinite(v[i]) || v[i] <= 0)
			return (wb_err_set(err, "value %zu is %g: not a "
			    "positive number", i + 1, v[i]));
	return (0);
}

int
wb_score_geomean(const double *v, size_t n, double *mean, struct wb_err *err)
{
	double sum;
	size_t i;

	if (check_positive(v, n, err) == -1)
		return (-1);
	sum = 0;
	for (i = 0; i < n; i++)
		sum += log(v[i]);
	*mean = exp(sum / (double)n);
	return (0);
}

static int
cmp_double(const void *a, const void *b)
{
	double x, y;

	x = *(const double *)a;
	y = *(const double *)b;
	return (x < y ? -1 : x > y);
}

int
wb_score_unixbench(const double *rates, size_t n, double *score,
    struct wb_err *err)
{
	double *v;
	size_t drop;
	int rc;

	if (check_positive(rates, n, err) == -1)
		return (-1);
	if ((v = malloc(n * sizeof(*v))) == NULL)
		return (wb_err_setsys(err, "malloc"));
	memcpy(v, rates, n * sizeof(*v));
	qsort(v, n, sizeof(*v), cmp_double);
	drop = n / 3;
	rc = wb_score_geomean(v + drop, n - drop, score, err);
	free(v);
	return (rc);
}

int
wb_score_combine(enum wb_estimator e, const double *rates, size_t n,
    double *score, struct wb_err *err)
{

	if (e == WB_EST_UNIXBENCH)
		return (wb_score_unixbench(rates, n, score, err));
	return (wb_score_geomean(rates, n, score, err));
}

int
wb_score_index(double score, double baseline, double *index,
    struct wb_err *err)
{

	if (!isfinite(baseline) || !(baseline >= WB_BASELINE_MIN))
		return (wb_err_set(err, "baseline %g is not a number of at "
		    "least %g", baseline, WB_BASELINE_MIN));
	if (!isfinite(score) || score <= 0)
		return (wb_err_set(err, "score %g is not positive", score));
	*index = score / baseline * 10.0;
	if (!isfinite(*index))
		return (wb_err_set(err, "index of score %g over baseline %g "
		    "is not finite", score, baseline));
	return (0);
}

int
wb_score_copies(const double *counts, const double *elapsed, size_t n,
    int timebase, double *rate, struct wb_err *err)
{
	double sum, tsum;
	size_t i;

	if (n == 0)
		return (wb_err_set(err, "no copies"));
	sum = tsum = 0;
	for (i = 0; i < n; i++) {
		if (!isfinite(counts[i]) || counts[i] <= 0)
			return (wb_err_set(err, "copy %zu: count %g is not "
			    "positive", i + 1, counts[i]));
		if (timebase != 0 && (!isfinite(elapsed[i]) ||
		    elapsed[i] <= 0))
			return (wb_err_set(err, "copy %zu: elapsed %g is not "
			    "positive", i + 1, elapsed[i]));
		sum += counts[i];
		tsum += elapsed[i];
	}
	if (timebase == 0)
		*rate = sum;
	else
		*rate = sum / (tsum / (double)n) * timebase;
	return (0);
}

/* Score one test; on failure ts->reason says why. */
static void
score_test(struct wb_test_score *ts, enum wb_estimator e)
{
	const struct wb_result_test *t;
	struct wb_err err;
	double *rates;
	size_t i;

	t = ts->test;
	if (t->nsamples == 0) {
		snprintf(ts->reason, sizeof(ts->reason), "no samples");
		return;
	}
	if ((rates = malloc(t->nsamples * sizeof(*rates))) == NULL) {
		snprintf(ts->reason, sizeof(ts->reason), "out of memory");
		return;
	}
	for (i = 0; i < t->nsamples; i++)
		if (t->samples[i].status == WB_SAMPLE_OK)
			rates[ts->nvalid++] = t->samples[i].rate;
	if (ts->nvalid == 0)
		snprintf(ts->reason, sizeof(ts->reason), "all %zu passes "
		    "failed%s%s", t->nsamples,
		    t->samples[0].error != NULL ? ": " : "",
		    t->samples[0].error != NULL ? t->samples[0].error : "");
	else if (wb_score_combine(e, rates, ts->nvalid, &ts->score,
	    &err) == -1 ||
	    wb_score_index(ts->score, t->baseline, &ts->index, &err) == -1)
		snprintf(ts->reason, sizeof(ts->reason), "%.250s", err.msg);
	else
		ts->ok = 1;
	free(rates);
}

/*
 * Do the scored tests form exactly one whole standard index?  Tests in
 * no index (in_index 0) may be beside it.
 */
static int
whole_index(const struct wb_score *sc)
{
	static const char *indexes[] = { WB_INDEX_UNIXBENCH5,
	    WB_INDEX_UNIXBENCH4 };
	const struct wb_test_def *d;
	size_t i, k, n;

	for (k = 0; k < 2; k++) {
		for (i = n = 0; i < sc->ntests; i++) {
			if (!sc->tests[i].in_index)
				continue;
			d = wb_suite_find(sc->tests[i].test->id);
			if (d == NULL || !wb_suite_in_index(d, indexes[k]))
				break;
			n++;
		}
		if (i == sc->ntests && n == wb_suite_index_size(indexes[k]))
			return (1);
	}
	return (0);
}

/*
 * A test of the suite in no index (e.g. arith-double) is never part of
 * a final score; an id the suite does not know is scored as before.
 */
static int
in_index(const char *id)
{
	const struct wb_test_def *d;

	return ((d = wb_suite_find(id)) == NULL || !wb_suite_unindexed(d));
}

int
wb_score_results(const struct wb_results *r, enum wb_estimator e,
    struct wb_score *sc, struct wb_err *err)
{
	struct wb_err ignore;
	double *idx;
	size_t i, n;

	memset(sc, 0, sizeof(*sc));
	sc->estimator = e;
	if (r->ntests > 0 &&
	    (sc->tests = calloc(r->ntests, sizeof(*sc->tests))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	sc->ntests = r->ntests;
	if ((idx = calloc(r->ntests + 1, sizeof(*idx))) == NULL) {
		wb_score_fini(sc);
		return (wb_err_setsys(err, "calloc"));
	}
	n = 0;
	for (i = 0; i < r->ntests; i++) {
		sc->tests[i].test = r->tests[i];
		score_test(&sc->tests[i], e);
		sc->tests[i].in_index = in_index(r->tests[i]->id);
		if (!sc->tests[i].ok)
			sc->nfailed++;
		else if (sc->tests[i].in_index)
			idx[n++] = sc->tests[i].index;
	}
	sc->partial = sc->nfailed > 0 || !whole_index(sc);
	if (n > 0 && wb_score_geomean(idx, n, &sc->final, &ignore) == 0)
		sc->have_final = 1;
	free(idx);
	return (0);
}

void
wb_score_fini(struct wb_score *sc)
{

	free(sc->tests);
	sc->tests = NULL;
	sc->ntests = 0;
}
