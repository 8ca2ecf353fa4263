/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <string.h>

#include <atf-c.h>

#include "explain.h"
#include "wb_util.h"

#define NEAR(want, got, tol) ATF_CHECK_MSG(fabs((want) - (got)) <= (tol), \
	"%s: expected %.6f, got %.6f", #got, (double)(want), (double)(got))

/*
 * Six options: option 0 costs 0.30 alone, 1 costs 0.02, 3 costs 0.01,
 * 2, 4 and 5 nothing, and 3 with 4 costs 0.40 more than the two alone
 * (a check that only runs when both are on).  All six: 0.73.
 */
struct synth {
	uint64_t	seen[64];
	size_t		calls;
	int		fail_at;	/* fail on that call (1-based); 0 never */
	int		flat;		/* every cost 0 */
};

static int
cost(void *arg, uint64_t set, double *v, struct wb_err *err)
{
	static const double single[6] = { 0.30, 0.02, 0, 0.01, 0, 0 };
	struct synth *s;
	size_t i;

	s = arg;
	for (i = 0; i < s->calls; i++)
		ATF_CHECK_MSG(s->seen[i] != set, "set %#llx measured twice",
		    (unsigned long long)set);
	ATF_REQUIRE(s->calls < 64);
	s->seen[s->calls++] = set;
	if (s->fail_at > 0 && (int)s->calls == s->fail_at)
		return (wb_err_set(err, "image build failed"));
	*v = 0;
	if (s->flat)
		return (0);
	for (i = 0; i < 6; i++)
		if (set & (UINT64_C(1) << i))
			*v += single[i];
	if ((set & 0x18) == 0x18)
		*v += 0.40;
	return (0);
}

ATF_TC_WITHOUT_HEAD(wb_explain_ddmin__interaction);
ATF_TC_BODY(wb_explain_ddmin__interaction, tc)
{
	struct wb_explain_ddmin *r;
	struct synth s;
	struct wb_err e;

	/* 90% of 0.73 is 0.657: {0, 3, 4} carries 0.71, no smaller set. */
	memset(&s, 0, sizeof(s));
	r = wb_explain_ddmin(6, cost, &s, 0.9, 0.05, &e);
	ATF_REQUIRE_MSG(r != NULL, "%s", e.msg);
	ATF_CHECK_EQ(0x19, r->set);
	NEAR(0.73, r->total, 1e-12);
	NEAR(0.71, r->found, 1e-12);
	NEAR(0.31, r->sum_single, 1e-12);
	ATF_CHECK(r->interacts);
	ATF_REQUIRE_EQ(1, r->npairs);
	ATF_CHECK_EQ(3, r->pairs[0].a);
	ATF_CHECK_EQ(4, r->pairs[0].b);
	NEAR(0.40, r->pairs[0].interaction, 1e-12);
	NEAR(0.30, r->single[0], 1e-12);
	ATF_CHECK(isnan(r->single[2]) || r->single[2] == 0);
	ATF_CHECK_EQ(s.calls, r->nevals);
	wb_explain_ddmin_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_explain_ddmin__all_of_it);
ATF_TC_BODY(wb_explain_ddmin__all_of_it, tc)
{
	struct wb_explain_ddmin *r;
	struct synth s;
	struct wb_err e;

	memset(&s, 0, sizeof(s));
	r = wb_explain_ddmin(6, cost, &s, 1.0, 0.005, &e);
	ATF_REQUIRE_MSG(r != NULL, "%s", e.msg);
	ATF_CHECK_EQ(0x1b, r->set);
	NEAR(0.73, r->found, 1e-12);
	wb_explain_ddmin_free(r);

	/* Without the interaction's pair a single option is enough. */
	memset(&s, 0, sizeof(s));
	r = wb_explain_ddmin(6, cost, &s, 0.4, 0.05, &e);
	ATF_REQUIRE_MSG(r != NULL, "%s", e.msg);
	ATF_CHECK_EQ(0x1, r->set);
	ATF_CHECK(!r->interacts);
	ATF_CHECK_EQ(0, r->npairs);
	wb_explain_ddmin_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_explain_ddmin__errors);
ATF_TC_BODY(wb_explain_ddmin__errors, tc)
{
	struct synth s;
	struct wb_err e;

	memset(&s, 0, sizeof(s));
	s.flat = 1;
	ATF_CHECK(wb_explain_ddmin(6, cost, &s, 0.9, 0.01, &e) == NULL);
	ATF_CHECK_MSG(strstr(e.msg, "nothing to explain") != NULL, "%s",
	    e.msg);
	memset(&s, 0, sizeof(s));
	s.fail_at = 3;
	ATF_CHECK(wb_explain_ddmin(6, cost, &s, 0.9, 0.01, &e) == NULL);
	ATF_CHECK_STREQ("image build failed", e.msg);
	ATF_CHECK(wb_explain_ddmin(65, cost, &s, 0.9, 0.01, &e) == NULL);
	ATF_CHECK(wb_explain_ddmin(6, cost, &s, 0, 0.01, &e) == NULL);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_explain_ddmin__interaction);
	ATF_TP_ADD_TC(tp, wb_explain_ddmin__all_of_it);
	ATF_TP_ADD_TC(tp, wb_explain_ddmin__errors);
	return (atf_no_error());
}
