/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The qemu experiment policy: timing, the quick plan, boots per kernel
 * from a measured repeatability, and the repeatability itself.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "qemu.h"
#include "qemu_bench.h"
#include "qemu_policy.h"
#include "wb_model.h"
#include "wb_util.h"

static void
req(struct wb_qemu_policy_req *q)
{

	memset(q, 0, sizeof(*q));
	q->hang = -1;
	q->cachedir = "cache";
	q->tests = "all";
}

/* A results file of one test whose passes have the rates given by boot. */
static struct wb_results *
results(const char *label, const int *boot, const double *rate, size_t n)
{
	struct wb_result_test *t;
	struct wb_results *r;
	struct wb_sample s;
	struct wb_err e;
	json_t *boots;
	size_t i;
	int maxb;

	ATF_REQUIRE((r = wb_results_new(&e)) != NULL);
	ATF_REQUIRE(wb_results_set_provenance(r, "label", json_string(label),
	    &e) == 0);
	ATF_REQUIRE((t = wb_results_add_test(r, "pipe", "Pipe Throughput",
	    "lps", 1, 12440, (int)n, 2, &e)) != NULL);
	maxb = 0;
	for (i = 0; i < n; i++) {
		memset(&s, 0, sizeof(s));
		s.pass = (int)i + 1;
		s.boot = boot[i];
		s.status = WB_SAMPLE_OK;
		s.rate = rate[i];
		s.count = rate[i];
		s.elapsed = 1;
		ATF_REQUIRE(wb_results_add_sample(t, &s, &e) == 0);
		if (boot[i] > maxb)
			maxb = boot[i];
	}
	boots = json_array();
	for (i = 0; i < (size_t)maxb; i++)
		json_array_append_new(boots, json_object());
	ATF_REQUIRE(wb_results_set_provenance(r, "boots", boots, &e) == 0);
	return (r);
}

static double
between(json_t *m, const char *id)
{
	json_t *v;

	v = json_object_get(json_object_get(json_object_get(m, "tests"), id),
	    "between_boots");
	return (json_is_number(v) ? json_number_value(v) : NAN);
}

ATF_TC_WITHOUT_HEAD(wb_qemu_policy_init__icount_default);
ATF_TC_BODY(wb_qemu_policy_init__icount_default, tc)
{
	struct wb_qemu_policy_req q;
	struct wb_qemu_policy p;
	struct wb_err e;

	req(&q);
	ATF_REQUIRE_EQ(0, wb_qemu_policy_init(&p, &q, &e));
	ATF_CHECK_EQ(WB_TIMING_ICOUNT, p.timing);
	ATF_CHECK_EQ(WB_ACCEL_TCG, p.accel.accel);
	ATF_CHECK_EQ(0, p.probe);
	ATF_CHECK(strstr(wb_qemu_policy_caveat(&p), "not hardware ratios") !=
	    NULL);
	wb_qemu_policy_fini(&p);
	/* KVM asked for means wall timing; with icount it is a usage error. */
	q.accel = "kvm";
	q.timing = "icount";
	ATF_CHECK_EQ(-2, wb_qemu_policy_init(&p, &q, &e));
	ATF_CHECK(strstr(e.msg, "icount needs TCG") != NULL);
	wb_qemu_policy_fini(&p);
	q.accel = NULL;
	q.timing = "fast";
	ATF_CHECK_EQ(-2, wb_qemu_policy_init(&p, &q, &e));
	wb_qemu_policy_fini(&p);
}

ATF_TC_WITHOUT_HEAD(wb_qemu_policy_init__quick_every_test_passes);
ATF_TC_BODY(wb_qemu_policy_init__quick_every_test_passes, tc)
{
	struct wb_qemu_policy_req q;
	struct wb_qemu_policy p;
	struct wb_err e;
	size_t i;

	req(&q);
	q.quick = 1;
	ATF_REQUIRE_EQ(0, wb_qemu_policy_init(&p, &q, &e));
	/* "all": the tests of the unixbench5 index, not those in none. */
	ATF_REQUIRE_EQ(wb_suite_index_size(WB_INDEX_UNIXBENCH5), p.ntests);
	for (i = 0; i < p.ntests; i++) {
		ATF_CHECK_EQ_MSG(WB_POLICY_QUICK_PASSES, p.tests[i].passes,
		    "%s: %d passes", p.tests[i].def->id, p.tests[i].passes);
		ATF_CHECK_MSG(p.tests[i].seconds == (p.tests[i].def->slow ?
		    p.tests[i].def->quick * WB_POLICY_SLOW_FRACTION :
		    p.tests[i].def->quick), "%s: %g s", p.tests[i].def->id,
		    p.tests[i].seconds);
	}
	wb_qemu_policy_fini(&p);
	/* -i keeps UnixBench's rule: a slow test gets (N + 1) / 3. */
	q.passes = 3;
	q.tests = "spawn";
	ATF_REQUIRE_EQ(0, wb_qemu_policy_init(&p, &q, &e));
	ATF_CHECK_EQ(1, p.tests[0].passes);
	wb_qemu_policy_fini(&p);
}

ATF_TC_WITHOUT_HEAD(wb_qemu_policy_boots__rule);
ATF_TC_BODY(wb_qemu_policy_boots__rule, tc)
{
	static const int boot[] = { 1, 1, 2, 2 };
	static const double tight[] = { 100, 101, 100.2, 100.9 };
	static const double loose[] = { 100, 101, 110, 111 };
	const char *keys[] = { "k1" }, *labels[] = { "production" };
	struct wb_qemu_policy_req q;
	struct wb_qemu_policy p;
	struct wb_results *r;
	struct wb_err e;
	json_t *m;

	req(&q);
	/* Not measured yet: two boots measure it. */
	ATF_REQUIRE_EQ(0, wb_qemu_policy_init(&p, &q, &e));
	ATF_REQUIRE_EQ(0, wb_qemu_policy_boots(&p, keys, labels, 1, &e));
	ATF_CHECK_EQ(WB_POLICY_MEASURE_BOOTS, p.boots);
	ATF_CHECK(strstr(p.boots_reason, "not measured yet") != NULL);
	/* Boots that agree within the tolerance: one boot next time. */
	r = results("production", boot, tight, 4);
	ATF_REQUIRE_EQ(0, wb_qemu_policy_record(&p, r, "k1", &e));
	ATF_CHECK(strstr(json_string_value(json_object_get(r->provenance,
	    "uncertainty")), "repeat boots: 2 boots") != NULL);
	wb_results_free(r);
	ATF_REQUIRE_EQ(0, wb_qemu_policy_boots(&p, keys, labels, 1, &e));
	ATF_CHECK_EQ_MSG(1, p.boots, "%s", p.boots_reason);
	r = results("production", boot, tight, 2);
	ATF_REQUIRE_EQ(0, wb_qemu_policy_record(&p, r, "k1", &e));
	ATF_CHECK_MSG(strstr(json_string_value(json_object_get(r->provenance,
	    "uncertainty")), "passes within one boot; repeat boots of this "
	    "kernel agreed within") != NULL, "%s", json_string_value(
	    json_object_get(r->provenance, "uncertainty")));
	/* One boot measures nothing and leaves the record alone. */
	m = wb_qemu_repeat_measure(r);
	ATF_CHECK(json_is_null(json_object_get(m, "max_between_boots")));
	json_decref(m);
	wb_results_free(r);
	ATF_REQUIRE_EQ(0, wb_qemu_policy_boots(&p, keys, labels, 1, &e));
	ATF_CHECK_EQ(1, p.boots);
	/* Boots that differ by more: repeat boots, the boot the unit. */
	p.boots = 2;
	r = results("production", boot, loose, 4);
	ATF_REQUIRE_EQ(0, wb_qemu_policy_record(&p, r, "k1", &e));
	wb_results_free(r);
	ATF_REQUIRE_EQ(0, wb_qemu_policy_boots(&p, keys, labels, 1, &e));
	ATF_CHECK_EQ(WB_POLICY_WALL_BOOTS, p.boots);
	ATF_CHECK(strstr(p.boots_reason, "differed by") != NULL);
	wb_qemu_policy_fini(&p);
	/* -B and wall timing are not decided by the record. */
	q.boots = 5;
	ATF_REQUIRE_EQ(0, wb_qemu_policy_init(&p, &q, &e));
	ATF_REQUIRE_EQ(0, wb_qemu_policy_boots(&p, keys, labels, 1, &e));
	ATF_CHECK_EQ(5, p.boots);
	wb_qemu_policy_fini(&p);
	q.boots = 0;
	q.timing = "wall";
	q.accel = "tcg";
	ATF_REQUIRE_EQ(0, wb_qemu_policy_init(&p, &q, &e));
	ATF_REQUIRE_EQ(0, wb_qemu_policy_boots(&p, keys, labels, 1, &e));
	ATF_CHECK_EQ(WB_POLICY_WALL_BOOTS, p.boots);
	wb_qemu_policy_fini(&p);
}

ATF_TC_WITHOUT_HEAD(wb_qemu_repeat_measure__spread);
ATF_TC_BODY(wb_qemu_repeat_measure__spread, tc)
{
	static const int boot[] = { 1, 1, 2, 2 };
	static const double rate[] = { 90, 110, 99, 121 };
	struct wb_results *r;
	json_t *m, *w;
	double g1, g2, gm;

	r = results("k", boot, rate, 4);
	ATF_REQUIRE((m = wb_qemu_repeat_measure(r)) != NULL);
	g1 = sqrt(90.0 * 110);
	g2 = sqrt(99.0 * 121);
	gm = sqrt(g1 * g2);
	ATF_CHECK_MSG(fabs(between(m, "pipe") - (g2 - g1) / gm) < 1e-9,
	    "between %g, want %g", between(m, "pipe"), (g2 - g1) / gm);
	w = json_object_get(json_object_get(json_object_get(m, "tests"),
	    "pipe"), "within_boot");
	/* The mean of the two boots' coefficients of variation. */
	ATF_CHECK(fabs(json_number_value(w) - (sqrt(200) / 100 +
	    sqrt(242) / 110) / 2) < 1e-9);
	ATF_CHECK_EQ(2, json_integer_value(json_object_get(m, "boots")));
	json_decref(m);
	wb_results_free(r);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_qemu_policy_init__icount_default);
	ATF_TP_ADD_TC(tp, wb_qemu_policy_init__quick_every_test_passes);
	ATF_TP_ADD_TC(tp, wb_qemu_policy_boots__rule);
	ATF_TP_ADD_TC(tp, wb_qemu_repeat_measure__spread);
	return (atf_no_error());
}
