#include <math.h>
#include <string.h>

#include <atf-c.h>

#include "adapt.h"
#include "err.h"
#include "results.h"

/* Two tests; "tight" has 0.1% jitter, "loose" a 10% one. */
static struct wb_results *
mk(size_t n)
{
	static const double pat[] = { -1, 1, -0.5, 0.5, 0, 0.25, -0.25 };
	struct wb_results *r;
	struct wb_result_test *t;
	struct wb_sample s;
	struct wb_err e;
	size_t i, k;

	ATF_REQUIRE((r = wb_results_new(&e)) != NULL);
	for (k = 0; k < 2; k++) {
		ATF_REQUIRE((t = wb_results_add_test(r, k ? "loose" : "tight",
		    "x", "lps", 1, 10.0, (int)n, 10, &e)) != NULL);
		for (i = 0; i < n; i++) {
			memset(&s, 0, sizeof(s));
			s.pass = (int)i + 1;
			s.status = WB_SAMPLE_OK;
			s.copies = 1;
			s.elapsed = 10;
			s.rate = 100 * (1 + (k ? 0.1 : 0.001) * pat[i % 7]);
			s.count = s.rate * 10;
			ATF_REQUIRE_EQ(0, wb_results_add_sample(t, &s, &e));
		}
	}
	return (r);
}

ATF_TC_WITHOUT_HEAD(wb_adapt_decide__tight_met_loose_not);
ATF_TC_BODY(wb_adapt_decide__tight_met_loose_not, tc)
{
	struct wb_results *v[2];
	struct wb_adapt a;
	struct wb_err e;

	v[0] = mk(10);
	v[1] = mk(10);
	ATF_REQUIRE_MSG(wb_adapt_decide(v, 2, 3, 0.95, &a, &e) == 0, "%s",
	    e.msg);
	ATF_REQUIRE_EQ(2, a.ntests);
	ATF_CHECK_STREQ("tight", a.tests[0].id);
	ATF_CHECK(a.tests[0].met);
	ATF_CHECK(!a.tests[1].met);
	ATF_CHECK(a.tests[1].halfwidth > 3);
	ATF_CHECK_EQ(1, a.nunmet);
	ATF_CHECK_EQ(10, a.tests[0].nmin);
	wb_adapt_fini(&a);
	wb_results_free(v[0]);
	wb_results_free(v[1]);
}

ATF_TC_WITHOUT_HEAD(wb_adapt_decide__extends_above_share);
ATF_TC_BODY(wb_adapt_decide__extends_above_share, tc)
{
	struct wb_results *v[2];
	struct wb_adapt a;
	struct wb_err e;

	v[0] = mk(10);
	v[1] = mk(10);
	/* Final unmet at 1%: share 1.41%; "tight" is within it. */
	ATF_REQUIRE_EQ(0, wb_adapt_decide(v, 2, 1, 0.95, &a, &e));
	ATF_CHECK(!a.final_met);
	ATF_CHECK(fabs(a.share - sqrt(2)) < 1e-12);
	ATF_CHECK_MSG(a.tests[0].halfwidth < a.share, "tight %g",
	    a.tests[0].halfwidth);
	ATF_CHECK(!a.tests[0].extend);
	ATF_CHECK(a.tests[1].extend);
	ATF_CHECK_EQ(1, a.nextend);
	wb_adapt_fini(&a);
	/* Both within their share but not met: both (not met) extended. */
	ATF_REQUIRE_EQ(0, wb_adapt_decide(v, 2, 0.001, 0.95, &a, &e));
	ATF_CHECK(!a.final_met);
	ATF_CHECK(a.tests[0].extend && a.tests[1].extend);
	wb_adapt_fini(&a);
	/* Final met: nothing extended, even the loose test. */
	ATF_REQUIRE_EQ(0, wb_adapt_decide(v, 2, 50, 0.95, &a, &e));
	ATF_CHECK(a.final_met);
	ATF_CHECK(!a.tests[1].extend);
	ATF_CHECK_EQ(0, a.nextend);
	wb_adapt_fini(&a);
	wb_results_free(v[0]);
	wb_results_free(v[1]);
}

ATF_TC_WITHOUT_HEAD(wb_adapt_decide__one_pass_never_met);
ATF_TC_BODY(wb_adapt_decide__one_pass_never_met, tc)
{
	struct wb_results *v[2];
	struct wb_adapt a;
	struct wb_err e;

	v[0] = mk(1);
	v[1] = mk(1);
	ATF_REQUIRE_EQ(0, wb_adapt_decide(v, 2, 50, 0.95, &a, &e));
	ATF_CHECK(!a.tests[0].met);
	ATF_CHECK(isinf(a.tests[0].halfwidth));
	ATF_CHECK(!a.final_met);
	wb_adapt_fini(&a);
	ATF_CHECK_EQ(-1, wb_adapt_decide(v, 2, 0, 0.95, &a, &e));
	wb_results_free(v[0]);
	wb_results_free(v[1]);
}

/*
 * Fewer than WB_ADAPT_MIN_PAIRS pairs: never met, however narrow the
 * intervals; every test below the minimum gets another pass (the rule
 * used to stop here at once, with 7 passes and a 50% target).
 */
ATF_TC_WITHOUT_HEAD(wb_adapt_decide__min_pairs);
ATF_TC_BODY(wb_adapt_decide__min_pairs, tc)
{
	struct wb_results *v[2];
	struct wb_adapt a;
	struct wb_err e;

	v[0] = mk(7);
	v[1] = mk(7);
	ATF_REQUIRE_EQ(0, wb_adapt_decide(v, 2, 50, 0.95, &a, &e));
	ATF_CHECK(a.final_halfwidth <= 50);
	ATF_CHECK(!a.final_met);
	ATF_CHECK_EQ(2, a.nshort);
	ATF_CHECK_EQ(7, a.tests[0].npairs);
	ATF_CHECK(!a.tests[0].met);
	ATF_CHECK(a.tests[0].extend && a.tests[1].extend);
	ATF_CHECK_EQ(10, a.min_pairs);
	wb_adapt_fini(&a);
	wb_results_free(v[0]);
	wb_results_free(v[1]);
	v[0] = mk(10);
	v[1] = mk(10);
	ATF_REQUIRE_EQ(0, wb_adapt_decide(v, 2, 50, 0.95, &a, &e));
	ATF_CHECK(a.final_met);
	ATF_CHECK_EQ(0, a.nextend);
	wb_adapt_fini(&a);
	wb_results_free(v[0]);
	wb_results_free(v[1]);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_adapt_decide__min_pairs);
	ATF_TP_ADD_TC(tp, wb_adapt_decide__tight_met_loose_not);
	ATF_TP_ADD_TC(tp, wb_adapt_decide__one_pass_never_met);
	ATF_TP_ADD_TC(tp, wb_adapt_decide__extends_above_share);
	return (atf_no_error());
}
