/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "compare.h"
#include "factorial.h"
#include "wb_model.h"
#include "wb_util.h"

/* One test, 8 passes, rate = level * (1 + 0.01 * pattern). */
static struct wb_results *
mk(const char *label, double level)
{
	static const double pat[] = { -1, 1, 0.5, -0.5, 0.25, -0.25, 0, 0 };
	struct wb_results *r;
	struct wb_result_test *t;
	struct wb_sample s;
	struct wb_err e;
	size_t i;

	ATF_REQUIRE((r = wb_results_new(&e)) != NULL);
	ATF_REQUIRE_EQ(0, wb_results_set_provenance(r, "label",
	    json_string(label), &e));
	ATF_REQUIRE((t = wb_results_add_test(r, "spawn", "Process Creation",
	    "lps", 1, 126.0, 8, 30, &e)) != NULL);
	for (i = 0; i < 8; i++) {
		memset(&s, 0, sizeof(s));
		s.pass = (int)i + 1;
		s.status = WB_SAMPLE_OK;
		s.copies = 1;
		s.elapsed = 30;
		s.rate = level * (1 + 0.01 * pat[i]);
		s.count = s.rate * 30;
		ATF_REQUIRE_EQ(0, wb_results_add_sample(t, &s, &e));
	}
	return (r);
}

static void
run(double l00, double l10, double l01, double l11, struct wb_compare *c,
    struct wb_factorial *f, struct wb_results *v[4])
{
	static const size_t cells[4] = { 0, 1, 2, 3 };
	struct wb_err e;

	v[0] = mk("k0m0", l00);
	v[1] = mk("k1m0", l10);
	v[2] = mk("k0m1", l01);
	v[3] = mk("k1m1", l11);
	ATF_REQUIRE_MSG(wb_compare_build(v, 4, NULL, NULL, 0.95, WB_EST_ALL,
	    WB_ADJ_HOLM, c, &e) == 0, "%s", e.msg);
	ATF_REQUIRE_MSG(wb_factorial_build(c, cells, "kernel", "malloc", f,
	    &e) == 0, "%s", e.msg);
}

static void
done(struct wb_compare *c, struct wb_factorial *f, struct wb_results *v[4])
{
	int i;

	wb_factorial_fini(f);
	wb_compare_fini(c);
	for (i = 0; i < 4; i++)
		wb_results_free(v[i]);
}

ATF_TC_WITHOUT_HEAD(wb_factorial_build__multiplicative_no_interaction);
ATF_TC_BODY(wb_factorial_build__multiplicative_no_interaction, tc)
{
	struct wb_results *v[4];
	struct wb_compare c;
	struct wb_factorial f;

	/* Kernel costs 20%, malloc 50%, together exactly 0.8 * 0.5. */
	run(1000, 800, 500, 400, &c, &f, v);
	ATF_REQUIRE(f.rows[0].ok);
	ATF_CHECK(fabs(f.rows[0].fx[WB_FX_A].w.ratio - 0.8) < 1e-9);
	ATF_CHECK(fabs(f.rows[0].fx[WB_FX_B].w.ratio - 0.5) < 1e-9);
	ATF_CHECK(fabs(f.rows[0].fx[WB_FX_AB].w.ratio - 1) < 1e-9);
	ATF_CHECK_EQ(WB_V_SLOWER, f.rows[0].fx[WB_FX_A].verdict);
	ATF_CHECK_EQ(WB_V_SAME, f.rows[0].fx[WB_FX_AB].verdict);
	ATF_CHECK(f.final.ok);
	ATF_CHECK(fabs(f.final.fx[WB_FX_A].w.ratio - 0.8) < 1e-9);
	done(&c, &f, v);
}

ATF_TC_WITHOUT_HEAD(wb_factorial_build__interaction_detected);
ATF_TC_BODY(wb_factorial_build__interaction_detected, tc)
{
	struct wb_results *v[4];
	struct wb_compare c;
	struct wb_factorial f;

	/* Together they cost a further 30%: interaction 0.7. */
	run(1000, 800, 500, 280, &c, &f, v);
	ATF_CHECK(fabs(f.rows[0].fx[WB_FX_AB].w.ratio - 0.7) < 1e-9);
	ATF_CHECK_EQ(WB_V_SLOWER, f.rows[0].fx[WB_FX_AB].verdict);
	ATF_CHECK(f.rows[0].fx[WB_FX_AB].w.hi < 1);
	done(&c, &f, v);
}

ATF_TC_WITHOUT_HEAD(wb_factorial_build__bad_cell);
ATF_TC_BODY(wb_factorial_build__bad_cell, tc)
{
	static const size_t cells[4] = { 0, 1, 2, 7 };
	struct wb_results *v[4];
	struct wb_compare c;
	struct wb_factorial f, g;
	struct wb_err e;

	run(1000, 800, 500, 400, &c, &f, v);
	ATF_CHECK_EQ(-1, wb_factorial_build(&c, cells, NULL, NULL, &g, &e));
	ATF_CHECK(strstr(e.msg, "no such variant") != NULL);
	done(&c, &f, v);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_factorial_build__multiplicative_no_interaction);
	ATF_TP_ADD_TC(tp, wb_factorial_build__interaction_detected);
	ATF_TP_ADD_TC(tp, wb_factorial_build__bad_cell);
	return (atf_no_error());
}
