#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "compare.h"
#include "err.h"
#include "results.h"
#include "score.h"
#include "stats.h"

static const char *const ids[] = { "dhry2reg", "pipe", "spawn" };

/*
 * Results with n passes per test: rate = level * factor * (1 + jitter),
 * the jitter cycling through a fixed symmetric pattern.
 */
static struct wb_results *
mk(const char *label, const double factor[3], size_t n, double jitter,
    const char *host, double duration)
{
	static const double pat[] = { -1, 0.5, 1, -0.5, 0, 0.25, -0.25, 0.75,
	    -0.75, 0.1 };
	struct wb_results *r;
	struct wb_result_test *t;
	struct wb_sample s;
	struct wb_err e;
	size_t i, k;

	ATF_REQUIRE((r = wb_results_new(&e)) != NULL);
	r->status = WB_RESULTS_COMPLETE;
	ATF_REQUIRE_EQ(0, wb_results_set_provenance(r, "label",
	    json_string(label), &e));
	if (host != NULL)
		ATF_REQUIRE_EQ(0, wb_results_set_provenance(r, "host",
		    json_pack("{s:s}", "name", host), &e));
	for (k = 0; k < 3; k++) {
		t = wb_results_add_test(r, ids[k], ids[k], "lps", 1, 100.0,
		    (int)n, duration, &e);
		ATF_REQUIRE_MSG(t != NULL, "%s", e.msg);
		for (i = 0; i < n; i++) {
			memset(&s, 0, sizeof(s));
			s.pass = (int)i + 1;
			s.status = WB_SAMPLE_OK;
			s.copies = 1;
			s.elapsed = duration;
			s.rate = 1000.0 * (k + 1) * factor[k] *
			    (1 + jitter * pat[(i + k) % 10]);
			s.count = s.rate * duration;
			ATF_REQUIRE_EQ(0, wb_results_add_sample(t, &s, &e));
		}
	}
	return (r);
}

static void
build(struct wb_results *a, struct wb_results *b, struct wb_compare *c)
{
	struct wb_results *v[2];
	struct wb_err e;

	v[0] = a;
	v[1] = b;
	ATF_REQUIRE_MSG(wb_compare_build(v, 2, NULL, NULL, 0.95,
	    WB_EST_ALL, WB_ADJ_HOLM, c, &e) == 0, "%s", e.msg);
}

static const double ones[3] = { 1, 1, 1 };

ATF_TC_WITHOUT_HEAD(wb_compare_build__identical_no_difference);
ATF_TC_BODY(wb_compare_build__identical_no_difference, tc)
{
	struct wb_results *a, *b;
	struct wb_compare c;
	size_t i;

	a = mk("a", ones, 10, 0.02, "h", 10);
	b = mk("b", ones, 10, 0.02, "h", 10);
	build(a, b, &c);
	ATF_REQUIRE_EQ(3, c.nrows);
	ATF_CHECK_STREQ("a", c.labels[0]);
	for (i = 0; i < c.nrows; i++) {
		ATF_CHECK_EQ_MSG(WB_V_SAME, c.rows[i].cells[1].verdict,
		    "%s: %s", c.rows[i].id,
		    wb_verdict_name(c.rows[i].cells[1].verdict));
		ATF_CHECK(fabs(c.rows[i].cells[1].ratio - 1) < 1e-9);
	}
	ATF_CHECK_EQ(WB_V_SAME, c.final[1].verdict);
	ATF_CHECK(c.final[1].w.lo < 1 && c.final[1].w.hi > 1);
	ATF_CHECK_EQ(0, c.nproblems);
	wb_compare_fini(&c);
	wb_results_free(a);
	wb_results_free(b);
}

ATF_TC_WITHOUT_HEAD(wb_compare_build__clear_difference);
ATF_TC_BODY(wb_compare_build__clear_difference, tc)
{
	static const double slow[3] = { 1, 1, 0.5 };
	struct wb_results *a, *b;
	struct wb_compare c;

	a = mk("a", ones, 10, 0.02, "h", 10);
	b = mk("b", slow, 10, 0.02, "h", 10);
	build(a, b, &c);
	ATF_CHECK_EQ(WB_V_SAME, c.rows[0].cells[1].verdict);
	ATF_CHECK_EQ(WB_V_SLOWER, c.rows[2].cells[1].verdict);
	ATF_CHECK(fabs(c.rows[2].cells[1].ratio - 0.5) < 0.01);
	ATF_CHECK(c.rows[2].cells[1].w.hi < 1);
	/* Final: the geometric mean of 1, 1, 0.5. */
	ATF_CHECK(fabs(c.final[1].ratio - cbrt(0.5)) < 0.01);
	ATF_CHECK_EQ(WB_V_SLOWER, c.final[1].verdict);
	/* Holm: adjusted p values are never below the raw ones. */
	ATF_CHECK(c.rows[2].cells[1].padj >= c.rows[2].cells[1].w.p);
	wb_compare_fini(&c);
	wb_results_free(a);
	wb_results_free(b);
}

/* Passes 1..n/2 in boot 1, the rest in boot 2, scaled by f in boot 2. */
static void
set_boots(struct wb_results *r, double f)
{
	struct wb_result_test *t;
	size_t i, k;

	for (k = 0; k < r->ntests; k++) {
		t = r->tests[k];
		for (i = 0; i < t->nsamples; i++) {
			t->samples[i].boot = i < t->nsamples / 2 ? 1 : 2;
			if (t->samples[i].boot == 2)
				t->samples[i].rate *= f;
		}
	}
}

ATF_TC_WITHOUT_HEAD(wb_compare_build__boots_are_units);
ATF_TC_BODY(wb_compare_build__boots_are_units, tc)
{
	struct wb_results *a, *b;
	struct wb_compare c;
	struct wb_cmp_cell *k;
	double lg, hw_pass, hw_boot;
	size_t i;

	a = mk("a", ones, 6, 0.01, "h", 10);
	b = mk("b", ones, 6, 0.01, "h", 10);
	/* The same swing between boots, as boot numbers 0 (no boots). */
	for (i = 0; i < 6; i++) {
		a->tests[1]->samples[i].rate *= i < 3 ? 1 : 1.2;
		b->tests[1]->samples[i].rate *= i < 3 ? 1.2 : 1;
	}
	build(a, b, &c);
	ATF_CHECK(!c.by_boot);
	ATF_CHECK_EQ(6, c.rows[1].cells[1].nunits);
	hw_pass = c.rows[1].cells[1].w.hi / c.rows[1].cells[1].w.lo;
	wb_compare_fini(&c);
	/* Now they are boots 1 and 2: two units a side, wider interval. */
	set_boots(a, 1);
	set_boots(b, 1);
	build(a, b, &c);
	ATF_CHECK(c.by_boot);
	k = &c.rows[1].cells[0];
	ATF_CHECK(k->by_boot);
	ATF_CHECK_EQ(2, k->nunits);
	ATF_CHECK_EQ(6, k->n);
	for (lg = 0, i = 0; i < 3; i++)
		lg += log(a->tests[1]->samples[i].rate);
	ATF_CHECK_MSG(fabs(k->units[0] - exp(lg / 3)) < 1e-9 * k->units[0],
	    "unit %g", k->units[0]);
	hw_boot = c.rows[1].cells[1].w.hi / c.rows[1].cells[1].w.lo;
	ATF_CHECK_MSG(hw_boot > hw_pass, "boot %g <= pass %g", hw_boot,
	    hw_pass);
	ATF_CHECK_EQ(WB_V_SAME, c.rows[1].cells[1].verdict);
	wb_compare_fini(&c);
	wb_results_free(a);
	wb_results_free(b);
}

/*
 * One interleaved run (a shared plan with a seed): a drift common to both
 * variants swings each pass by up to 30%, the other variant is 0.9 of the
 * base in every round.  Paired by round the 10% is plain; unpaired
 * (other plans) Welch's t cannot tell.
 */
ATF_TC_WITHOUT_HEAD(wb_compare_build__same_run_paired);
ATF_TC_BODY(wb_compare_build__same_run_paired, tc)
{
	static const double f[3] = { 1, 0.9, 1 };
	struct wb_results *a, *b;
	struct wb_compare c;
	struct wb_cmp_cell *k;
	struct wb_err e;
	size_t i;

	a = mk("a", ones, 8, 0.3, "h", 10);
	b = mk("b", f, 8, 0.3, "h", 10);
	/* A little noise of its own in b, so that the pairs vary. */
	for (i = 0; i < 8; i++)
		b->tests[1]->samples[i].rate *= 1 + 0.002 * (i % 3);
	build(a, b, &c);
	ATF_CHECK(!c.same_run);
	ATF_CHECK(!c.rows[1].cells[1].paired);
	ATF_CHECK_EQ(WB_V_SAME, c.rows[1].cells[1].verdict);
	wb_compare_fini(&c);
	ATF_REQUIRE_EQ(0, wb_results_set_plan(a, "seed", json_integer(7), &e));
	ATF_REQUIRE_EQ(0, wb_results_set_plan(a, "order", json_array(), &e));
	ATF_REQUIRE_EQ(0, wb_results_set_plan(b, "seed", json_integer(7), &e));
	ATF_REQUIRE_EQ(0, wb_results_set_plan(b, "order", json_array(), &e));
	build(a, b, &c);
	ATF_CHECK(c.same_run);
	k = &c.rows[1].cells[1];
	ATF_CHECK(k->paired);
	ATF_CHECK_EQ(8, k->npairs);
	ATF_CHECK_EQ(7, k->w.df);
	ATF_CHECK_EQ_MSG(WB_V_SLOWER, k->verdict, "%s [%g, %g]",
	    wb_verdict_name(k->verdict), k->w.lo, k->w.hi);
	ATF_CHECK(k->w.lo > 0.89 && k->w.hi < 0.91);
	/* Another seed: not the same run, back to Welch. */
	wb_compare_fini(&c);
	ATF_REQUIRE_EQ(0, wb_results_set_plan(b, "seed", json_integer(8), &e));
	build(a, b, &c);
	ATF_CHECK(!c.same_run);
	wb_compare_fini(&c);
	wb_results_free(a);
	wb_results_free(b);
}

ATF_TC_WITHOUT_HEAD(wb_compare_build__one_sample_no_ci);
ATF_TC_BODY(wb_compare_build__one_sample_no_ci, tc)
{
	static const double slow[3] = { 0.9, 1, 1 };
	struct wb_results *a, *b;
	struct wb_compare c;

	a = mk("a", ones, 1, 0, "h", 10);
	b = mk("b", slow, 1, 0, "h", 10);
	build(a, b, &c);
	ATF_CHECK_EQ(WB_V_NOCI, c.rows[0].cells[1].verdict);
	ATF_CHECK(fabs(c.rows[0].cells[1].ratio - 0.9) < 1e-9);
	ATF_CHECK(!c.final[1].w.have_ci);
	ATF_CHECK_EQ(WB_V_NOCI, c.final[1].verdict);
	wb_compare_fini(&c);
	wb_results_free(a);
	wb_results_free(b);
}

ATF_TC_WITHOUT_HEAD(wb_compare_build__provenance_host);
ATF_TC_BODY(wb_compare_build__provenance_host, tc)
{
	struct wb_results *a, *b;
	struct wb_compare c;

	a = mk("a", ones, 5, 0.02, "h1", 10);
	b = mk("b", ones, 5, 0.02, "h2", 10);
	build(a, b, &c);
	ATF_REQUIRE_EQ(1, c.nproblems);
	ATF_CHECK_EQ(1, c.nfatal);
	ATF_CHECK_STREQ("host", c.problems[0].what);
	ATF_CHECK(strstr(c.problems[0].detail, "h2") != NULL);
	wb_compare_fini(&c);
	wb_results_free(a);
	wb_results_free(b);
}

ATF_TC_WITHOUT_HEAD(wb_compare_build__provenance_pass_length);
ATF_TC_BODY(wb_compare_build__provenance_pass_length, tc)
{
	struct wb_results *a, *b;
	struct wb_compare c;

	a = mk("a", ones, 5, 0.02, "h", 10);
	b = mk("b", ones, 5, 0.02, "h", 2);
	build(a, b, &c);
	/* One problem per test. */
	ATF_CHECK_EQ(3, c.nfatal);
	ATF_CHECK_STREQ("pass length", c.problems[0].what);
	wb_compare_fini(&c);
	wb_results_free(a);
	wb_results_free(b);
}

ATF_TC_WITHOUT_HEAD(wb_compare_build__provenance_one_side_not_fatal);
ATF_TC_BODY(wb_compare_build__provenance_one_side_not_fatal, tc)
{
	struct wb_results *a, *b;
	struct wb_compare c;

	a = mk("a", ones, 5, 0.02, "h", 10);
	b = mk("b", ones, 5, 0.02, NULL, 10);
	build(a, b, &c);
	ATF_CHECK_EQ(1, c.nproblems);
	ATF_CHECK_EQ(0, c.nfatal);
	wb_compare_fini(&c);
	wb_results_free(a);
	wb_results_free(b);
}

ATF_TC_WITHOUT_HEAD(wb_compare_build__needs_two);
ATF_TC_BODY(wb_compare_build__needs_two, tc)
{
	struct wb_results *a;
	struct wb_compare c;
	struct wb_err e;

	a = mk("a", ones, 5, 0.02, "h", 10);
	ATF_CHECK_EQ(-1, wb_compare_build(&a, 1, NULL, NULL, 0.95,
	    WB_EST_ALL, WB_ADJ_HOLM, &c, &e));
	ATF_CHECK(strstr(e.msg, "at least one other") != NULL);
	wb_results_free(a);
}

ATF_TC_WITHOUT_HEAD(wb_conf_format__trims);
ATF_TC_BODY(wb_conf_format__trims, tc)
{
	char b[16];

	wb_conf_format(0.95, b, sizeof(b));
	ATF_CHECK_STREQ("95", b);
	wb_conf_format(0.995, b, sizeof(b));
	ATF_CHECK_STREQ("99.5", b);
	wb_conf_format(0.8, b, sizeof(b));
	ATF_CHECK_STREQ("80", b);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_compare_build__identical_no_difference);
	ATF_TP_ADD_TC(tp, wb_compare_build__clear_difference);
	ATF_TP_ADD_TC(tp, wb_compare_build__one_sample_no_ci);
	ATF_TP_ADD_TC(tp, wb_compare_build__boots_are_units);
	ATF_TP_ADD_TC(tp, wb_compare_build__same_run_paired);
	ATF_TP_ADD_TC(tp, wb_compare_build__provenance_host);
	ATF_TP_ADD_TC(tp, wb_compare_build__provenance_pass_length);
	ATF_TP_ADD_TC(tp, wb_compare_build__provenance_one_side_not_fatal);
	ATF_TP_ADD_TC(tp, wb_compare_build__needs_two);
	ATF_TP_ADD_TC(tp, wb_conf_format__trims);
	return (atf_no_error());
}
