/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "compare.h"
#include "stats.h"
#include "wb_model.h"
#include "wb_report.h"
#include "wb_util.h"

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
		    json_pack("{s:{s:s}}", "fingerprint", "hostname", host), &e));
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
	struct wb_err e;
	size_t i;

	a = mk("a", ones, 10, 0.02, "h", 10);
	b = mk("b", ones, 10, 0.02, "h", 10);
	build(a, b, &c);
	ATF_REQUIRE_EQ(3, c.nrows);
	ATF_CHECK_STREQ("a", c.labels[0]);
	/* Wall-clock timing (none recorded): 2%, and the rows are within. */
	ATF_CHECK_EQ(WB_NEGL_WALL, c.negl_src);
	ATF_CHECK_EQ(0.02, c.negligible);
	for (i = 0; i < c.nrows; i++) {
		ATF_CHECK_EQ_MSG(WB_V_NEGLIGIBLE, c.rows[i].cells[1].verdict,
		    "%s: %s", c.rows[i].id,
		    wb_compare_verdict_name(c.rows[i].cells[1].verdict));
		ATF_CHECK(fabs(c.rows[i].cells[1].ratio - 1) < 1e-9);
	}
	ATF_CHECK_EQ(WB_V_NEGLIGIBLE, c.final[1].verdict);
	/* Without a threshold nothing is negligible: no difference. */
	ATF_REQUIRE_EQ(0, wb_compare_set_negligible(&c, 0, WB_NEGL_OPTION,
	    &e));
	for (i = 0; i < c.nrows; i++)
		ATF_CHECK_EQ(WB_V_SAME, c.rows[i].cells[1].verdict);
	ATF_CHECK_EQ(WB_V_SAME, c.final[1].verdict);
	ATF_CHECK_EQ(-1, wb_compare_set_negligible(&c, 100, WB_NEGL_OPTION,
	    &e));
	ATF_CHECK_EQ(-1, wb_compare_set_negligible(&c, -1, WB_NEGL_OPTION,
	    &e));
	ATF_CHECK(c.final[1].w.lo < 1 && c.final[1].w.hi > 1);
	/* Only the note that the files come from separate runs. */
	ATF_REQUIRE_EQ(1, c.nproblems);
	ATF_CHECK_STREQ("run", c.problems[0].what);
	ATF_CHECK_EQ(0, c.nfatal);
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
	ATF_CHECK_EQ(WB_V_NEGLIGIBLE, c.rows[0].cells[1].verdict);
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
	/* Two boots, one df: too few to say. */
	ATF_CHECK_EQ(WB_V_INCONCLUSIVE, c.rows[1].cells[1].verdict);
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
	/* Unpaired, the interval holds large effects: inconclusive. */
	ATF_CHECK_EQ(WB_V_INCONCLUSIVE, c.rows[1].cells[1].verdict);
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
	    wb_compare_verdict_name(k->verdict), k->w.lo, k->w.hi);
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

ATF_TC_WITHOUT_HEAD(wb_compare_build__one_sample_says_so);
ATF_TC_BODY(wb_compare_build__one_sample_says_so, tc)
{

	ATF_CHECK_STREQ("one sample: repeatability not measured",
	    wb_compare_verdict_text(WB_V_NOCI));
}

/* Kernels under qemu: the report says where the uncertainty comes from. */
static void
qemu_prov(struct wb_results *r, const char *uncertainty)
{
	struct wb_err e;

	ATF_REQUIRE_EQ(0, wb_results_set_provenance(r, "runner",
	    json_string("qemu"), &e));
	ATF_REQUIRE_EQ(0, wb_results_set_provenance(r, "timing",
	    json_string("icount"), &e));
	if (uncertainty != NULL)
		ATF_REQUIRE_EQ(0, wb_results_set_provenance(r, "uncertainty",
		    json_string(uncertainty), &e));
}

ATF_TC_WITHOUT_HEAD(wb_compare_build__emulation);
ATF_TC_BODY(wb_compare_build__emulation, tc)
{
	struct wb_results *a, *b;
	struct wb_compare c;
	char buf[2048];

	/* Not under qemu: nothing said. */
	a = mk("a", ones, 3, 0.01, "h", 10);
	b = mk("b", ones, 3, 0.01, "h", 10);
	build(a, b, &c);
	ATF_CHECK(!c.emulated);
	ATF_CHECK(c.uncertainty == NULL);
	ATF_CHECK(wb_report_units_text(&c, buf, sizeof(buf)) == NULL);
	wb_compare_fini(&c);
	/* The same sentence once; different ones per label. */
	qemu_prov(a, "passes within one boot; repeat boots of this kernel "
	    "agreed within 0.05% (measured x)");
	qemu_prov(b, "passes within one boot; repeat boots of this kernel "
	    "agreed within 0.05% (measured x)");
	build(a, b, &c);
	ATF_CHECK(c.emulated);
	ATF_CHECK_STREQ("icount", c.timing);
	ATF_CHECK_STREQ("passes within one boot; repeat boots of this kernel "
	    "agreed within 0.05% (measured x)", c.uncertainty);
	ATF_REQUIRE(wb_report_units_text(&c, buf, sizeof(buf)) != NULL);
	ATF_CHECK_MSG(strstr(buf, "the uncertainty comes from passes within "
	    "one boot") != NULL, "%s", buf);
	ATF_CHECK_MSG(strstr(buf, "icount ratios are emulated ratios, not "
	    "hardware ratios") != NULL, "%s", buf);
	wb_compare_fini(&c);
	qemu_prov(b, "repeat boots: 2 boots per kernel");
	build(a, b, &c);
	ATF_CHECK_STREQ("a: passes within one boot; repeat boots of this "
	    "kernel agreed within 0.05% (measured x); b: repeat boots: 2 "
	    "boots per kernel", c.uncertainty);
	wb_compare_fini(&c);
	wb_results_free(a);
	wb_results_free(b);
}

/*
 * a with provenance key at va, b at vb: one problem, what, fatal, its
 * detail naming both values; then b at va too: no such problem.
 */
static void
prov_differs(const char *key, const char *va, const char *vb,
    const char *what)
{
	struct wb_results *a, *b;
	struct wb_compare c;
	struct wb_err e;
	size_t i, n;

	a = mk("a", ones, 5, 0.02, "h", 10);
	b = mk("b", ones, 5, 0.02, "h", 10);
	ATF_REQUIRE_EQ(0, wb_results_set_provenance(a, key, json_string(va),
	    &e));
	ATF_REQUIRE_EQ(0, wb_results_set_provenance(b, key, json_string(vb),
	    &e));
	build(a, b, &c);
	for (i = n = 0; i < c.nproblems; i++)
		if (strcmp(c.problems[i].what, what) == 0) {
			n++;
			ATF_CHECK(c.problems[i].fatal);
			ATF_CHECK_MSG(strstr(c.problems[i].detail, va) != NULL,
			    "%s", c.problems[i].detail);
			ATF_CHECK_MSG(strstr(c.problems[i].detail, vb) != NULL,
			    "%s", c.problems[i].detail);
		}
	ATF_CHECK_EQ(1, n);
	wb_compare_fini(&c);
	/* The same value: nothing to say about it. */
	ATF_REQUIRE_EQ(0, wb_results_set_provenance(b, key, json_string(va),
	    &e));
	build(a, b, &c);
	for (i = 0; i < c.nproblems; i++)
		ATF_CHECK(strcmp(c.problems[i].what, what) != 0);
	wb_compare_fini(&c);
	wb_results_free(a);
	wb_results_free(b);
}

ATF_TC_WITHOUT_HEAD(wb_compare_build__provenance_accelerator);
ATF_TC_BODY(wb_compare_build__provenance_accelerator, tc)
{

	/* Wall-clock boots under KVM and under TCG measure different things. */
	prov_differs("accelerator", "kvm", "tcg", "accelerator");
}

ATF_TC_WITHOUT_HEAD(wb_compare_build__provenance_address_space);
ATF_TC_BODY(wb_compare_build__provenance_address_space, tc)
{

	/* Randomised boots against fixed ones: spawn differs by ~1%. */
	prov_differs("address_space", "fixed (norandmaps nokaslr)",
	    "randomised", "address-space layout");
}

ATF_TC_WITHOUT_HEAD(wb_compare_build__provenance_host);
ATF_TC_BODY(wb_compare_build__provenance_host, tc)
{
	struct wb_results *a, *b;
	struct wb_compare c;

	a = mk("a", ones, 5, 0.02, "h1", 10);
	b = mk("b", ones, 5, 0.02, "h2", 10);
	build(a, b, &c);
	/* The host, and the note that the runs are separate. */
	ATF_REQUIRE_EQ(2, c.nproblems);
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
	ATF_CHECK_EQ(2, c.nproblems);
	ATF_CHECK_EQ(0, c.nfatal);
	wb_compare_fini(&c);
	wb_results_free(a);
	wb_results_free(b);
}

/* A deterministic generator for the datasets below. */
static double
lcg(unsigned long *x)
{

	*x = *x * 6364136223846793005UL + 1442695040888963407UL;
	return ((double)(*x >> 11) / 9007199254740992.0);
}

/*
 * The ratio printed is the one the interval is of.  With unequal noise,
 * a heavy low tail on one side, the UnixBench score (drop the lowest
 * third) moves far from the geometric mean of all passes that the
 * interval is about: the score ratio used to be printed as the ratio and
 * fell outside its own interval.
 */
ATF_TC_WITHOUT_HEAD(wb_compare_build__ratio_inside_interval);
ATF_TC_BODY(wb_compare_build__ratio_inside_interval, tc)
{
	struct wb_results *v[2];
	struct wb_compare c;
	struct wb_err e;
	unsigned long x;
	size_t i, k, r, outside_score;
	double *rate;

	x = 42;
	outside_score = 0;
	for (r = 0; r < 20; r++) {
		v[0] = mk("a", ones, 30, 0.01, "h", 10);
		v[1] = mk("b", ones, 30, 0.01, "h", 10);
		/* b: a third of its passes 30-60% low, the rest unchanged. */
		for (k = 0; k < 3; k++)
			for (i = 0; i < 30; i++) {
				rate = &v[1]->tests[k]->samples[i].rate;
				if (lcg(&x) < 0.35)
					*rate *= 0.4 + 0.3 * lcg(&x);
			}
		ATF_REQUIRE_MSG(wb_compare_build(v, 2, NULL, NULL, 0.95,
		    WB_EST_UNIXBENCH, WB_ADJ_HOLM, &c, &e) == 0, "%s", e.msg);
		for (k = 0; k < c.nrows; k++) {
			const struct wb_cmp_cell *o = &c.rows[k].cells[1];

			ATF_REQUIRE(o->w.have_ci);
			ATF_CHECK_MSG(o->w.lo <= o->ratio && o->ratio <= o->w.hi,
			    "%s: %g outside [%g, %g]", c.rows[k].id, o->ratio,
			    o->w.lo, o->w.hi);
			outside_score += o->score_ratio < o->w.lo ||
			    o->score_ratio > o->w.hi;
		}
		ATF_CHECK(c.final[1].w.lo <= c.final[1].ratio &&
		    c.final[1].ratio <= c.final[1].w.hi);
		wb_compare_fini(&c);
		wb_results_free(v[0]);
		wb_results_free(v[1]);
	}
	/* The dataset is one where the score ratio does fall outside. */
	ATF_CHECK_MSG(outside_score > 30, "score ratio outside %zu times",
	    outside_score);
}

static int
sig(int v)
{

	return (v == WB_V_FASTER || v == WB_V_SLOWER);
}

/*
 * Interval and verdict agree: the interval excludes 1 exactly when the
 * verdict (Holm across the family) says faster or slower.  Effects from
 * 0.5% to 4% on three tests and two variants, so that some rows sit
 * between the unadjusted and the adjusted level.
 */
ATF_TC_WITHOUT_HEAD(wb_compare_build__interval_agrees_with_verdict);
ATF_TC_BODY(wb_compare_build__interval_agrees_with_verdict, tc)
{
	const enum wb_adjust how[3] = { WB_ADJ_HOLM, WB_ADJ_BH,
	    WB_ADJ_NONE };
	struct wb_results *v[3];
	struct wb_compare c;
	struct wb_err e;
	double f1[3], f2[3], eff;
	size_t i, k, h, between;

	between = 0;
	for (eff = 0.005; eff < 0.04; eff += 0.0025) {
		for (k = 0; k < 3; k++) {
			f1[k] = 1 - eff * (k + 1) / 2;
			f2[k] = 1 + eff * k / 2;
		}
		v[0] = mk("a", ones, 6, 0.03, "h", 10);
		v[1] = mk("b", f1, 6, 0.03, "h", 10);
		v[2] = mk("c", f2, 6, 0.03, "h", 10);
		for (h = 0; h < 3; h++) {
			ATF_REQUIRE(wb_compare_build(v, 3, NULL, NULL, 0.95,
			    WB_EST_ALL, how[h], &c, &e) == 0);
			/* The pure test: no threshold. */
			ATF_REQUIRE(wb_compare_set_negligible(&c, 0,
			    WB_NEGL_OPTION, &e) == 0);
			ATF_CHECK_EQ(8, c.family);
			for (i = 1; i < 3; i++)
				for (k = 0; k <= c.nrows; k++) {
					const struct wb_welch *w;
					int vd;

					w = k < c.nrows ?
					    &c.rows[k].cells[i].w :
					    &c.final[i].w;
					vd = k < c.nrows ?
					    (int)c.rows[k].cells[i].verdict :
					    (int)c.final[i].verdict;
					ATF_CHECK_EQ_MSG(sig(vd),
					    w->lo > 1 || w->hi < 1,
					    "eff %g %s v%zu row %zu: %s "
					    "[%g, %g] p %g", eff,
					    wb_stats_adjust_name(how[h]), i, k,
					    wb_compare_verdict_name(vd), w->lo,
					    w->hi, w->p);
					between += h == 0 && !sig(vd) &&
					    w->p < 0.05;
				}
			wb_compare_fini(&c);
		}
		for (i = 0; i < 3; i++)
			wb_results_free(v[i]);
	}
	/* Some rows were significant unadjusted but not after Holm. */
	ATF_CHECK(between > 0);
}

/*
 * Identical samples, or samples whose log ratios are all the same, have
 * no spread: a deterministic difference, whose interval is the point
 * (it used to be "cannot judge", which blanked the final score too).
 * Within the threshold it is negligible, beyond it proven.
 */
ATF_TC_WITHOUT_HEAD(wb_compare_build__zero_spread_point);
ATF_TC_BODY(wb_compare_build__zero_spread_point, tc)
{
	static const double f[3] = { 1, 0.999999, 1.2 };
	struct wb_results *a, *b;
	struct wb_compare c;
	const struct wb_cmp_cell *o;
	size_t k;

	a = mk("a", ones, 5, 0, "h", 10);
	b = mk("b", f, 5, 0, "h", 10);
	build(a, b, &c);
	for (k = 0; k < 3; k++) {
		o = &c.rows[k].cells[1];
		ATF_CHECK(o->w.have_ci && o->w.novar);
		ATF_CHECK_EQ(o->w.lo, o->w.hi);
		ATF_CHECK(fabs(o->w.lo - f[k]) < 1e-9);
		ATF_CHECK_EQ_MSG(k < 2 ? WB_V_NEGLIGIBLE : WB_V_FASTER,
		    o->verdict, "%s: %s", c.rows[k].id,
		    wb_compare_verdict_name(o->verdict));
	}
	/* The final score is the point too: cbrt(1.2 * 0.999999). */
	ATF_CHECK(c.final[1].w.have_ci && c.final[1].w.novar);
	ATF_CHECK(fabs(c.final[1].w.lo - cbrt(1.2 * 0.999999)) < 1e-9);
	ATF_CHECK_EQ(WB_V_FASTER, c.final[1].verdict);
	ATF_CHECK_EQ(4, c.family);
	wb_compare_fini(&c);
	wb_results_free(a);
	wb_results_free(b);
}

/*
 * One test without spread beside tests with it: the final score keeps
 * an interval (the others' variance, Satterthwaite's df over them) and a
 * verdict, where it used to be "cannot judge" for all of them.
 */
ATF_TC_WITHOUT_HEAD(wb_compare_build__zero_spread_final);
ATF_TC_BODY(wb_compare_build__zero_spread_final, tc)
{
	static const double slow[3] = { 1, 1, 0.5 };
	struct wb_results *a, *b;
	struct wb_compare c;
	size_t i;

	a = mk("a", ones, 10, 0.02, "h", 10);
	b = mk("b", slow, 10, 0.02, "h", 10);
	/* dhry2reg: every pass of both sides at exactly 1000. */
	for (i = 0; i < 10; i++) {
		a->tests[0]->samples[i].rate = 1000;
		b->tests[0]->samples[i].rate = 1000;
	}
	build(a, b, &c);
	ATF_CHECK(c.rows[0].cells[1].w.novar);
	ATF_CHECK_EQ(WB_V_NEGLIGIBLE, c.rows[0].cells[1].verdict);
	ATF_CHECK_EQ(WB_V_SLOWER, c.rows[2].cells[1].verdict);
	ATF_CHECK(c.final[1].w.have_ci);
	ATF_CHECK(!c.final[1].w.novar);
	ATF_CHECK(c.final[1].w.lo < c.final[1].ratio &&
	    c.final[1].ratio < c.final[1].w.hi);
	ATF_CHECK(fabs(c.final[1].ratio - cbrt(0.5)) < 0.01);
	ATF_CHECK_EQ(WB_V_SLOWER, c.final[1].verdict);
	ATF_CHECK_EQ(4, c.family);
	wb_compare_fini(&c);
	wb_results_free(a);
	wb_results_free(b);
}

/*
 * The threshold's default follows the timing: icount in every file
 * 0.5%, else 2%; a threshold the run recorded (plan "negligible") wins,
 * and a bad one is an error naming the file.
 */
ATF_TC_WITHOUT_HEAD(wb_compare_build__negligible_default);
ATF_TC_BODY(wb_compare_build__negligible_default, tc)
{
	const char *paths[2] = { "a.json", "b.json" };
	struct wb_results *v[2];
	struct wb_compare c;
	struct wb_err e;

	v[0] = mk("a", ones, 5, 0.01, "h", 10);
	v[1] = mk("b", ones, 5, 0.01, "h", 10);
	ATF_REQUIRE(wb_results_set_provenance(v[0], "timing",
	    json_string("icount"), &e) == 0);
	build(v[0], v[1], &c);
	ATF_CHECK_EQ(WB_NEGL_WALL, c.negl_src);
	wb_compare_fini(&c);
	ATF_REQUIRE(wb_results_set_provenance(v[1], "timing",
	    json_string("icount"), &e) == 0);
	build(v[0], v[1], &c);
	ATF_CHECK_EQ(WB_NEGL_ICOUNT, c.negl_src);
	ATF_CHECK_EQ(0.005, c.negligible);
	wb_compare_fini(&c);
	ATF_REQUIRE(wb_results_set_plan(v[0], "negligible", json_real(1),
	    &e) == 0);
	build(v[0], v[1], &c);
	ATF_CHECK_EQ(WB_NEGL_RECORDED, c.negl_src);
	ATF_CHECK_EQ(0.01, c.negligible);
	wb_compare_fini(&c);
	ATF_REQUIRE(wb_results_set_plan(v[0], "negligible",
	    json_string("1%"), &e) == 0);
	ATF_CHECK_EQ(-1, wb_compare_build(v, 2, NULL, paths, 0.95,
	    WB_EST_ALL, WB_ADJ_HOLM, &c, &e));
	ATF_CHECK_MSG(strstr(e.msg, "a.json: plan.negligible") != NULL, "%s",
	    e.msg);
	wb_results_free(v[0]);
	wb_results_free(v[1]);
}

/*
 * The near-deterministic pair of issue 31: icount timing, 8 passes of
 * each test, the other side 0.0002% slower with a spread of 1e-7 per
 * pass.  Every row and the final score are negligible, not "*slower".
 */
ATF_TC_WITHOUT_HEAD(wb_compare_build__icount_shift_negligible);
ATF_TC_BODY(wb_compare_build__icount_shift_negligible, tc)
{
	static const double shift[3] = { 0.999998, 0.999998, 0.999998 };
	struct wb_results *a, *b;
	struct wb_compare c;
	struct wb_err e;
	size_t k;

	a = mk("a", ones, 8, 1e-7, "h", 10);
	b = mk("b", shift, 8, 1e-7, "h", 10);
	ATF_REQUIRE(wb_results_set_provenance(a, "timing",
	    json_string("icount"), &e) == 0);
	ATF_REQUIRE(wb_results_set_provenance(b, "timing",
	    json_string("icount"), &e) == 0);
	build(a, b, &c);
	for (k = 0; k < 3; k++) {
		/* The difference is proven; it is also negligible. */
		ATF_CHECK(c.rows[k].cells[1].w.hi < 1);
		ATF_CHECK_EQ_MSG(WB_V_NEGLIGIBLE, c.rows[k].cells[1].verdict,
		    "%s: %s", c.rows[k].id,
		    wb_compare_verdict_name(c.rows[k].cells[1].verdict));
	}
	ATF_CHECK_EQ(WB_V_NEGLIGIBLE, c.final[1].verdict);
	/* Without a threshold the old verdict: slower. */
	ATF_REQUIRE_EQ(0, wb_compare_set_negligible(&c, 0, WB_NEGL_OPTION,
	    &e));
	ATF_CHECK_EQ(WB_V_SLOWER, c.final[1].verdict);
	wb_compare_fini(&c);
	wb_results_free(a);
	wb_results_free(b);
}

/*
 * Files from one run are told by the run id, not the plan: two runs with
 * the same plan (seed, order) are separate runs, unpaired and noted.  A
 * run-level effect (every pass of the second run 1% slower) then shows
 * as a difference: the note must be there whenever that happens.
 */
ATF_TC_WITHOUT_HEAD(wb_compare_build__run_id_decides_same_run);
ATF_TC_BODY(wb_compare_build__run_id_decides_same_run, tc)
{
	static const double slow[3] = { 0.99, 0.99, 0.99 };
	struct wb_results *a, *b;
	struct wb_compare c;
	struct wb_err e;
	size_t i, nrun;

	a = mk("a", ones, 10, 0.001, "h", 10);
	b = mk("b", slow, 10, 0.001, "h", 10);
	for (i = 0; i < 2; i++) {
		struct wb_results *r = i == 0 ? a : b;

		ATF_REQUIRE_EQ(0, wb_results_set_plan(r, "seed",
		    json_integer(7), &e));
		ATF_REQUIRE_EQ(0, wb_results_set_plan(r, "order",
		    json_array(), &e));
		ATF_REQUIRE_EQ(0, wb_results_set_plan(r, "run_id",
		    json_string(i == 0 ? "0123456789abcdef0123456789abcdef" :
		    "fedcba9876543210fedcba9876543210"), &e));
	}
	build(a, b, &c);
	ATF_CHECK(!c.same_run);
	ATF_CHECK(!c.rows[0].cells[1].paired);
	ATF_CHECK_STREQ("welch-log", wb_compare_method_name(&c));
	/*
	 * The run effect is called a difference (below the 2% threshold:
	 * negligible or small, not faster or slower), and flagged.
	 */
	ATF_CHECK(c.final[1].w.hi < 1);
	ATF_CHECK(c.final[1].verdict == WB_V_NEGLIGIBLE ||
	    c.final[1].verdict == WB_V_SMALL);
	for (i = nrun = 0; i < c.nproblems; i++)
		if (strcmp(c.problems[i].what, "run") == 0) {
			nrun++;
			ATF_CHECK(strstr(c.problems[i].detail,
			    "separate runs") != NULL);
			ATF_CHECK(strstr(c.problems[i].detail,
			    "01234567") != NULL);
		}
	ATF_CHECK_EQ(1, nrun);
	wb_compare_fini(&c);
	/* The same run id: one run, paired, nothing to note. */
	ATF_REQUIRE_EQ(0, wb_results_set_plan(b, "run_id",
	    json_string("0123456789abcdef0123456789abcdef"), &e));
	build(a, b, &c);
	ATF_CHECK(c.same_run);
	ATF_CHECK(c.rows[0].cells[1].paired);
	ATF_CHECK_STREQ("paired-log", wb_compare_method_name(&c));
	ATF_CHECK_EQ(0, c.nproblems);
	wb_compare_fini(&c);
	wb_results_free(a);
	wb_results_free(b);
}

/* Every pass of b failed: no ratio anywhere, never one computed from 0. */
ATF_TC_WITHOUT_HEAD(wb_compare_build__all_failed_no_ratio);
ATF_TC_BODY(wb_compare_build__all_failed_no_ratio, tc)
{
	struct wb_results *a, *b;
	struct wb_compare c;
	size_t i, k;

	a = mk("a", ones, 5, 0.02, "h", 10);
	b = mk("b", ones, 5, 0.02, "h", 10);
	for (k = 0; k < 3; k++)
		for (i = 0; i < 5; i++) {
			b->tests[k]->samples[i].status = WB_SAMPLE_FAILED;
			b->tests[k]->samples[i].rate = 0;
			b->tests[k]->samples[i].count = 0;
		}
	build(a, b, &c);
	for (k = 0; k < 3; k++) {
		ATF_CHECK_EQ(WB_V_MISSING, c.rows[k].cells[1].verdict);
		ATF_CHECK_EQ(5, c.rows[k].cells[1].nbad);
		ATF_CHECK(isnan(c.rows[k].cells[1].ratio));
		ATF_CHECK(isnan(c.rows[k].cells[1].score_ratio));
	}
	ATF_CHECK_EQ(WB_V_MISSING, c.final[1].verdict);
	ATF_CHECK(isnan(c.final[1].ratio));
	ATF_CHECK(isnan(c.final[1].w.p));
	wb_compare_fini(&c);
	wb_results_free(a);
	wb_results_free(b);
}

/* Faults and CPU seconds per loop, and their ratios to the base. */
ATF_TC_WITHOUT_HEAD(wb_compare_build__resources_per_loop);
ATF_TC_BODY(wb_compare_build__resources_per_loop, tc)
{
	struct wb_results *a, *b;
	struct wb_compare c;
	struct wb_sample *s;
	size_t i, k;

	a = mk("a", ones, 5, 0.02, "h", 10);
	b = mk("b", ones, 5, 0.02, "h", 10);
	for (k = 0; k < 3; k++)
		for (i = 0; i < 5; i++) {
			s = &a->tests[k]->samples[i];
			s->minflt = (long)(2 * s->count);
			s->utime = 1e-3 * s->count;
			s = &b->tests[k]->samples[i];
			s->minflt = (long)(3 * s->count);
			s->majflt = 0;
			s->utime = 1e-3 * s->count;
			s->stime = 1e-3 * s->count;
		}
	/* A failed pass's rusage counts for nothing. */
	b->tests[0]->samples[0].status = WB_SAMPLE_FAILED;
	b->tests[0]->samples[0].minflt = 1000000000L;
	build(a, b, &c);
	for (k = 0; k < 3; k++) {
		const struct wb_cmp_cell *o = &c.rows[k].cells[1];

		ATF_CHECK_MSG(fabs(o->faults_ratio - 1.5) < 1e-3,
		    "%s faults %g", c.rows[k].id, o->faults_ratio);
		ATF_CHECK_MSG(fabs(o->cpu_ratio - 2) < 1e-9,
		    "%s cpu %g", c.rows[k].id, o->cpu_ratio);
		ATF_CHECK(fabs(c.rows[k].cells[0].faults_per_loop - 2) <
		    1e-3);
	}
	wb_compare_fini(&c);
	/* Nothing recorded: no figure. */
	for (k = 0; k < 3; k++)
		for (i = 0; i < 5; i++) {
			s = &a->tests[k]->samples[i];
			s->minflt = 0;
			s->utime = 0;
		}
	build(a, b, &c);
	ATF_CHECK(isnan(c.rows[1].cells[0].faults_per_loop));
	ATF_CHECK(isnan(c.rows[1].cells[1].faults_ratio));
	wb_compare_fini(&c);
	wb_results_free(a);
	wb_results_free(b);
}

/*
 * One run of a multi-run set (e.g. a Slurm node run): base and other
 * interleaved under the run id, other at factor f of the base in every
 * test, with a little noise of its own so that the pairs vary.
 */
static void
mkrun(struct wb_results **v, const char *id, double f)
{
	const double fo[3] = { f, f, f };
	struct wb_err e;
	size_t i, k;

	v[0] = mk("base", ones, 6, 0.05, "h", 10);
	v[1] = mk("other", fo, 6, 0.05, "h", 10);
	for (k = 0; k < 3; k++)
		for (i = 0; i < 6; i++)
			v[1]->tests[k]->samples[i].rate *= 1 + 0.002 * (i % 3);
	for (i = 0; i < 2; i++)
		ATF_REQUIRE_EQ(0, wb_results_set_plan(v[i], "run_id",
		    json_string(id), &e));
}

static const char *const run_ids[] = {
	"00000000000000000000000000000000", "11111111111111111111111111111111",
	"22222222222222222222222222222222", "33333333333333333333333333333333",
};

/*
 * Four runs, each holding both variants, in the order submit --collect
 * prints them (every base, then every other).  The other variant is 3%
 * faster in two runs and 3% slower in the other two: a run-level effect,
 * plain within each run (paired), that is no difference between the
 * variants.  The runs are the units: two variants, not eight files,
 * Student's t over the four runs' ratios (3 degrees of freedom), and no
 * difference proven.
 */
ATF_TC_WITHOUT_HEAD(wb_compare_build__runs_are_units);
ATF_TC_BODY(wb_compare_build__runs_are_units, tc)
{
	static const double f[4] = { 1.03, 0.97, 1.03, 0.97 };
	struct wb_results *run[4][2], *v[8];
	struct wb_compare c;
	struct wb_cmp_cell *k;
	struct wb_err e;
	size_t r;

	for (r = 0; r < 4; r++) {
		mkrun(run[r], run_ids[r], f[r]);
		v[r] = run[r][0];
		v[4 + r] = run[r][1];
	}
	ATF_REQUIRE_MSG(wb_compare_build(v, 8, NULL, NULL, 0.95, WB_EST_ALL,
	    WB_ADJ_HOLM, &c, &e) == 0, "%s", e.msg);
	ATF_REQUIRE_EQ(2, c.nvar);
	ATF_REQUIRE(c.blocked);
	ATF_CHECK_EQ(4, c.nruns);
	ATF_CHECK_STREQ("base", c.labels[0]);
	ATF_CHECK_STREQ("other", c.labels[1]);
	ATF_CHECK_STREQ("blocked", wb_compare_method_name(&c));
	ATF_CHECK(!c.same_run);
	ATF_CHECK_EQ(0, c.nproblems);
	ATF_CHECK_EQ(1, c.runs[1].files[0]);
	ATF_CHECK_EQ(5, c.runs[1].files[1]);
	k = &c.rows[1].cells[1];
	ATF_CHECK_EQ(24, k->n);
	ATF_CHECK_EQ(4, k->nunits);
	ATF_CHECK_EQ(4, k->runs.n);
	ATF_CHECK_EQ(3, k->w.df);
	ATF_CHECK(fabs(k->runs.ratios[0] - 1.03 * 1.002) < 0.002);
	ATF_CHECK(fabs(k->runs.min - 0.97) < 0.003);
	ATF_CHECK(fabs(k->runs.max - 1.03) < 0.003);
	ATF_CHECK(k->runs.sdlog > 0.02);
	/* Four runs, 3 df: too few to call it no difference. */
	ATF_CHECK_EQ_MSG(WB_V_INCONCLUSIVE, k->verdict, "%s [%g, %g]",
	    wb_compare_verdict_name(k->verdict), k->w.lo, k->w.hi);
	ATF_CHECK_EQ(3, c.final[1].w.df);
	ATF_CHECK_EQ(4, c.final[1].runs.n);
	ATF_CHECK_EQ_MSG(WB_V_INCONCLUSIVE, c.final[1].verdict, "%s [%g, %g]",
	    wb_compare_verdict_name(c.final[1].verdict), c.final[1].w.lo,
	    c.final[1].w.hi);
	ATF_CHECK(c.final[1].w.lo < 0.97 && c.final[1].w.hi > 1.03);
	ATF_CHECK(!isnan(c.runs[2].finals[1]));
	wb_compare_fini(&c);
	for (r = 0; r < 8; r++)
		wb_results_free(v[r]);
}

/* A difference common to the runs is found over the runs. */
ATF_TC_WITHOUT_HEAD(wb_compare_build__runs_find_common_effect);
ATF_TC_BODY(wb_compare_build__runs_find_common_effect, tc)
{
	static const double f[4] = { 0.90, 0.91, 0.89, 0.90 };
	struct wb_results *run[4][2], *v[8];
	struct wb_compare c;
	struct wb_err e;
	size_t r;

	for (r = 0; r < 4; r++) {
		mkrun(run[r], run_ids[r], f[r]);
		v[2 * r] = run[r][0];
		v[2 * r + 1] = run[r][1];
	}
	ATF_REQUIRE_MSG(wb_compare_build(v, 8, NULL, NULL, 0.95, WB_EST_ALL,
	    WB_ADJ_HOLM, &c, &e) == 0, "%s", e.msg);
	ATF_REQUIRE(c.blocked);
	ATF_CHECK_EQ_MSG(WB_V_SLOWER, c.final[1].verdict, "%s [%g, %g]",
	    wb_compare_verdict_name(c.final[1].verdict), c.final[1].w.lo,
	    c.final[1].w.hi);
	ATF_CHECK(fabs(c.final[1].ratio - 0.90 * 1.002) < 0.005);
	ATF_CHECK(c.final[1].w.hi < 0.95);
	wb_compare_fini(&c);
	for (r = 0; r < 8; r++)
		wb_results_free(v[r]);
}

/* Two runs: one degree of freedom, an honest (wide) interval. */
ATF_TC_WITHOUT_HEAD(wb_compare_build__two_runs_one_df);
ATF_TC_BODY(wb_compare_build__two_runs_one_df, tc)
{
	struct wb_results *run[2][2], *v[4];
	struct wb_compare c;
	struct wb_err e;
	size_t r;

	mkrun(run[0], run_ids[0], 0.95);
	mkrun(run[1], run_ids[1], 0.96);
	for (r = 0; r < 2; r++) {
		v[r] = run[r][0];
		v[2 + r] = run[r][1];
	}
	ATF_REQUIRE_MSG(wb_compare_build(v, 4, NULL, NULL, 0.95, WB_EST_ALL,
	    WB_ADJ_HOLM, &c, &e) == 0, "%s", e.msg);
	ATF_REQUIRE(c.blocked);
	ATF_CHECK_EQ(2, c.nruns);
	ATF_CHECK(c.final[1].w.have_ci);
	ATF_CHECK_EQ(1, c.final[1].w.df);
	/* t(0.975, 1) = 12.7: the interval is wide. */
	ATF_CHECK(c.final[1].w.hi / c.final[1].w.lo > 1.05);
	wb_compare_fini(&c);
	for (r = 0; r < 4; r++)
		wb_results_free(v[r]);
}

/* A run without one of the variants is refused, naming a file of it. */
ATF_TC_WITHOUT_HEAD(wb_compare_build__run_missing_variant);
ATF_TC_BODY(wb_compare_build__run_missing_variant, tc)
{
	static const char *const paths[] = { "n0/base.json", "n1/base.json",
	    "n0/other.json" };
	struct wb_results *run[2][2], *v[3];
	struct wb_compare c;
	struct wb_err e;

	mkrun(run[0], run_ids[0], 1);
	mkrun(run[1], run_ids[1], 1);
	v[0] = run[0][0];
	v[1] = run[1][0];
	v[2] = run[0][1];
	ATF_CHECK_EQ(-1, wb_compare_build(v, 3, NULL, paths, 0.95, WB_EST_ALL,
	    WB_ADJ_HOLM, &c, &e));
	ATF_CHECK_MSG(strstr(e.msg, "n1/base.json: its run 11111111 has no "
	    "other results") != NULL, "%s", e.msg);
	/* The same variant twice in one run. */
	v[1] = run[0][0];
	ATF_CHECK_EQ(-1, wb_compare_build(v, 3, NULL, paths, 0.95, WB_EST_ALL,
	    WB_ADJ_HOLM, &c, &e));
	ATF_CHECK_MSG(strstr(e.msg, "n0/base.json and n1/base.json: both "
	    "are base of run 00000000") != NULL, "%s", e.msg);
	/* A repeated variant without a run id. */
	v[1] = run[1][0];
	json_object_del(run[1][0]->plan, "run_id");
	ATF_CHECK_EQ(-1, wb_compare_build(v, 3, NULL, paths, 0.95, WB_EST_ALL,
	    WB_ADJ_HOLM, &c, &e));
	ATF_CHECK_MSG(strstr(e.msg, "n1/base.json: no run id") != NULL, "%s",
	    e.msg);
	wb_results_free(run[0][0]);
	wb_results_free(run[0][1]);
	wb_results_free(run[1][0]);
	wb_results_free(run[1][1]);
}

/*
 * The runs' bases must agree on what was measured (pass length), but
 * not on the host: runs on several nodes are the point.
 */
ATF_TC_WITHOUT_HEAD(wb_compare_build__runs_provenance);
ATF_TC_BODY(wb_compare_build__runs_provenance, tc)
{
	struct wb_results *run[2][2], *v[4];
	struct wb_compare c;
	struct wb_err e;
	size_t r, i;

	mkrun(run[0], run_ids[0], 1);
	mkrun(run[1], run_ids[1], 1);
	for (i = 0; i < 2; i++)
		ATF_REQUIRE_EQ(0, wb_results_set_provenance(run[1][i], "host",
		    json_pack("{s:{s:s}}", "fingerprint", "hostname", "node2"), &e));
	for (r = 0; r < 2; r++) {
		v[2 * r] = run[r][0];
		v[2 * r + 1] = run[r][1];
	}
	ATF_REQUIRE_MSG(wb_compare_build(v, 4, NULL, NULL, 0.95, WB_EST_ALL,
	    WB_ADJ_HOLM, &c, &e) == 0, "%s", e.msg);
	ATF_CHECK_EQ(0, c.nproblems);
	wb_compare_fini(&c);
	for (i = 0; i < 2; i++)
		run[1][i]->tests[0]->duration = 20;
	ATF_REQUIRE_MSG(wb_compare_build(v, 4, NULL, NULL, 0.95, WB_EST_ALL,
	    WB_ADJ_HOLM, &c, &e) == 0, "%s", e.msg);
	ATF_CHECK_EQ(1, c.nfatal);
	ATF_CHECK(c.nproblems == 1 &&
	    strcmp(c.problems[0].what, "pass length") == 0 &&
	    strstr(c.problems[0].detail, "run 11111111 20s") != NULL);
	wb_compare_fini(&c);
	for (r = 0; r < 4; r++)
		wb_results_free(v[r]);
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

ATF_TC_WITHOUT_HEAD(wb_compare_conf_format__trims);
ATF_TC_BODY(wb_compare_conf_format__trims, tc)
{
	char b[16];

	wb_compare_conf_format(0.95, b, sizeof(b));
	ATF_CHECK_STREQ("95", b);
	wb_compare_conf_format(0.995, b, sizeof(b));
	ATF_CHECK_STREQ("99.5", b);
	wb_compare_conf_format(0.8, b, sizeof(b));
	ATF_CHECK_STREQ("80", b);
}

/*
 * One run of a and b (one run id), 14 passes, the plan's adaptive
 * object as given; b's log ratios to a vary from pass to pass.
 */
static void
mk_adaptive(struct wb_results **a, struct wb_results **b, json_t *adaptive)
{
	struct wb_results *r;
	struct wb_err e;
	size_t i, k;

	*a = mk("a", ones, 14, 0.02, "h", 10);
	*b = mk("b", ones, 14, 0.02, "h", 10);
	for (k = 0; k < 3; k++)
		for (i = 0; i < 14; i++)
			(*b)->tests[k]->samples[i].rate *= exp(0.01 *
			    (double)((i * 7 + k) % 5) - 0.02 * (i >= 10));
	for (i = 0; i < 2; i++) {
		r = i == 0 ? *a : *b;
		ATF_REQUIRE_EQ(0, wb_results_set_plan(r, "run_id",
		    json_string("0123456789abcdef0123456789abcdef"), &e));
		if (adaptive != NULL)
			ATF_REQUIRE_EQ(0, wb_results_set_plan(r, "adaptive",
			    json_deep_copy(adaptive), &e));
	}
	json_decref(adaptive);
}

/* The log ratios of b to a in test k, pass order. */
static void
log_ratios(const struct wb_results *a, const struct wb_results *b, size_t k,
    double *l)
{
	size_t i;

	for (i = 0; i < 14; i++)
		l[i] = log(b->tests[k]->samples[i].rate /
		    a->tests[k]->samples[i].rate);
}

/*
 * A two-stage run (plan adaptive.stage1_pairs 10): every interval is
 * over all 14 pairs (13 degrees of freedom), the final score's with
 * Satterthwaite's; the stage-one variance is kept for the count rule.
 * Stein's interval (stage-one variance, 9 df) trusted the first pairs
 * alone.
 */
ATF_TC_WITHOUT_HEAD(wb_compare_build__adaptive_two_stage_all_pairs);
ATF_TC_BODY(wb_compare_build__adaptive_two_stage_all_pairs, tc)
{
	struct wb_results *a, *b;
	struct wb_compare c;
	struct wb_cmp_cell *o;
	double l[14], v, m, fv, fden;
	size_t k;

	mk_adaptive(&a, &b, json_pack("{s:f, s:i, s:i}", "target_ci", 3.0,
	    "min_pairs", 10, "stage1_pairs", 10));
	build(a, b, &c);
	ATF_CHECK(c.adaptive);
	ATF_CHECK_EQ(10, c.stage1);
	fv = fden = 0;
	for (k = 0; k < 3; k++) {
		o = &c.rows[k].cells[1];
		log_ratios(a, b, k, l);
		v = wb_stats_var(l, 14);
		m = wb_stats_mean(l, 14);
		ATF_CHECK(o->paired && o->twostage);
		ATF_CHECK_EQ(14, o->npairs);
		ATF_CHECK_EQ(10, o->n1);
		ATF_CHECK(fabs(o->w.diff - m) < 1e-12);
		ATF_CHECK_MSG(fabs(o->w.se - sqrt(v / 14)) < 1e-12,
		    "se %g, want %g", o->w.se, sqrt(v / 14));
		ATF_CHECK(fabs(o->s1var - wb_stats_var(l, 10)) < 1e-12);
		ATF_CHECK_EQ(13, o->w.df);
		/* The stage-one variance differs from that of all pairs. */
		ATF_CHECK(fabs(wb_stats_var(l, 10) - v) > 1e-6);
		fv += v / 14 / 9;
		fden += (v / 14 / 9) * (v / 14 / 9) / 13;
	}
	ATF_CHECK_MSG(fabs(c.final[1].w.df - fv * fv / fden) < 1e-9,
	    "final df %g, want %g", c.final[1].w.df, fv * fv / fden);
	ATF_CHECK(fabs(c.final[1].w.se - sqrt(fv)) < 1e-12);
	wb_compare_fini(&c);
	wb_results_free(a);
	wb_results_free(b);
}

/*
 * Files of the rule before the two stages (min_pairs, no stage1_pairs)
 * keep their plain paired intervals; a bad or disagreeing stage one is
 * an error naming the file.
 */
ATF_TC_WITHOUT_HEAD(wb_compare_build__adaptive_old_and_bad);
ATF_TC_BODY(wb_compare_build__adaptive_old_and_bad, tc)
{
	static const char *const paths[] = { "a.json", "b.json" };
	struct wb_results *a, *b, *v[2];
	struct wb_compare c;
	struct wb_err e;
	double l[14];

	mk_adaptive(&a, &b, json_pack("{s:f, s:i}", "target_ci", 3.0,
	    "min_pairs", 10));
	build(a, b, &c);
	ATF_CHECK(c.adaptive);
	ATF_CHECK_EQ(10, c.min_pairs);
	ATF_CHECK_EQ(0, c.stage1);
	ATF_CHECK(c.rows[0].cells[1].paired && !c.rows[0].cells[1].twostage);
	ATF_CHECK_EQ(13, c.rows[0].cells[1].w.df);
	log_ratios(a, b, 0, l);
	ATF_CHECK(fabs(c.rows[0].cells[1].w.se -
	    sqrt(wb_stats_var(l, 14) / 14)) < 1e-12);
	wb_compare_fini(&c);
	v[0] = a;
	v[1] = b;
	ATF_REQUIRE_EQ(0, json_object_set_new(json_object_get(b->plan,
	    "adaptive"), "stage1_pairs", json_string("ten")));
	ATF_CHECK_EQ(-1, wb_compare_build(v, 2, NULL, paths, 0.95,
	    WB_EST_ALL, WB_ADJ_HOLM, &c, &e));
	ATF_CHECK_MSG(strstr(e.msg, "b.json: plan.adaptive.stage1_pairs") !=
	    NULL, "%s", e.msg);
	ATF_REQUIRE_EQ(0, json_object_set_new(json_object_get(b->plan,
	    "adaptive"), "stage1_pairs", json_integer(1)));
	ATF_CHECK_EQ(-1, wb_compare_build(v, 2, NULL, paths, 0.95,
	    WB_EST_ALL, WB_ADJ_HOLM, &c, &e));
	ATF_REQUIRE_EQ(0, json_object_set_new(json_object_get(a->plan,
	    "adaptive"), "stage1_pairs", json_integer(10)));
	ATF_REQUIRE_EQ(0, json_object_set_new(json_object_get(b->plan,
	    "adaptive"), "stage1_pairs", json_integer(12)));
	ATF_CHECK_EQ(-1, wb_compare_build(v, 2, NULL, paths, 0.95,
	    WB_EST_ALL, WB_ADJ_HOLM, &c, &e));
	ATF_CHECK_MSG(strstr(e.msg, "b.json") != NULL &&
	    strstr(e.msg, "12") != NULL, "%s", e.msg);
	wb_results_free(a);
	wb_results_free(b);
}

/*
 * No difference proven is said only when the interval excludes large
 * effects (0.8 to 1.25) and has more than 3 df; else inconclusive.
 */
ATF_TC_WITHOUT_HEAD(wb_compare_verdict__inconclusive);
ATF_TC_BODY(wb_compare_verdict__inconclusive, tc)
{
	struct wb_welch w;

	memset(&w, 0, sizeof(w));
	w.have_ci = 1;
	w.ratio = 0.98;
	w.lo = 0.9;
	w.hi = 1.1;
	w.df = 10;
	ATF_CHECK_EQ(WB_V_SAME, wb_compare_verdict(&w, 0.5, 0.95));
	w.lo = 0.79;
	ATF_CHECK_EQ(WB_V_INCONCLUSIVE, wb_compare_verdict(&w, 0.5, 0.95));
	w.lo = 0.9;
	w.hi = 1.26;
	ATF_CHECK_EQ(WB_V_INCONCLUSIVE, wb_compare_verdict(&w, 0.5, 0.95));
	w.hi = 1.1;
	w.df = 3;
	ATF_CHECK_EQ(WB_V_INCONCLUSIVE, wb_compare_verdict(&w, 0.5, 0.95));
	/* A proven difference stays one, however few the df. */
	w.lo = 0.5;
	w.hi = 0.99;
	ATF_CHECK_EQ(WB_V_SLOWER, wb_compare_verdict(&w, 0.01, 0.95));
	ATF_CHECK_STREQ("inconclusive",
	    wb_compare_verdict_name(WB_V_INCONCLUSIVE));
	/* The reason is the one that applies. */
	w.df = 3;
	ATF_CHECK_STREQ("too few passes", wb_compare_inconclusive_why(&w));
	w.df = 7;
	ATF_CHECK_STREQ("interval too wide", wb_compare_inconclusive_why(&w));
}

/*
 * The order of the verdicts against a threshold of 2%: proven and beyond
 * it, negligible (the 90% interval within [1/1.02, 1.02]), proven but
 * small, then no difference or inconclusive.
 */
ATF_TC_WITHOUT_HEAD(wb_compare_judge__order);
ATF_TC_BODY(wb_compare_judge__order, tc)
{
	struct wb_welch w;
	double lo, hi;

	memset(&w, 0, sizeof(w));
	w.have_ci = 1;
	w.df = 20;
	w.conf = 0.95;
	/* Inside: 0.995 with se 0.004, the 90% interval [0.988, 1.002]. */
	w.diff = log(0.995);
	w.ratio = 0.995;
	w.se = 0.004;
	wb_stats_welch_set_conf(&w, 0.95);
	ATF_CHECK_EQ(WB_V_NEGLIGIBLE, wb_compare_judge(&w, 0.3, 0.95, 0.02));
	ATF_CHECK_EQ(WB_V_SAME, wb_compare_judge(&w, 0.3, 0.95, 0));
	/* Straddling 1/1.02: no difference proven, nor negligibility. */
	w.diff = log(0.99);
	w.ratio = 0.99;
	w.se = 0.008;
	wb_stats_welch_set_conf(&w, 0.95);
	wb_stats_tost_interval(&w, &lo, &hi);
	ATF_REQUIRE(lo < 1 / 1.02 && w.hi > 1);
	ATF_CHECK_EQ(WB_V_SAME, wb_compare_judge(&w, 0.3, 0.95, 0.02));
	/* Proven, the ratio within 2%, the interval not: small. */
	w.diff = log(0.985);
	w.ratio = 0.985;
	w.se = 0.005;
	wb_stats_welch_set_conf(&w, 0.95);
	ATF_REQUIRE(w.hi < 1);
	ATF_CHECK_EQ(WB_V_SMALL, wb_compare_judge(&w, 0.01, 0.95, 0.02));
	ATF_CHECK_EQ(WB_V_SLOWER, wb_compare_judge(&w, 0.01, 0.95, 0));
	/* Proven and beyond: slower; above: faster. */
	w.diff = log(0.97);
	w.ratio = 0.97;
	wb_stats_welch_set_conf(&w, 0.95);
	ATF_CHECK_EQ(WB_V_SLOWER, wb_compare_judge(&w, 0.001, 0.95, 0.02));
	w.diff = log(1.03);
	w.ratio = 1.03;
	wb_stats_welch_set_conf(&w, 0.95);
	ATF_CHECK_EQ(WB_V_FASTER, wb_compare_judge(&w, 0.001, 0.95, 0.02));
	/* Wide and not proven: inconclusive, as before. */
	w.diff = 0;
	w.ratio = 1;
	w.se = 0.2;
	wb_stats_welch_set_conf(&w, 0.95);
	ATF_CHECK_EQ(WB_V_INCONCLUSIVE, wb_compare_judge(&w, 0.9, 0.95,
	    0.02));
	/* Zero spread: the point, inside or beyond. */
	memset(&w, 0, sizeof(w));
	w.have_ci = w.novar = 1;
	w.df = NAN;
	w.conf = 0.95;
	w.diff = log(0.999998);
	w.ratio = 0.999998;
	w.p = 0;
	wb_stats_welch_set_conf(&w, 0.95);
	ATF_CHECK_EQ(WB_V_NEGLIGIBLE, wb_compare_judge(&w, 0, 0.95, 0.005));
	ATF_CHECK_EQ(WB_V_SLOWER, wb_compare_judge(&w, 0, 0.95, 0));
	w.diff = log(0.99);
	w.ratio = 0.99;
	wb_stats_welch_set_conf(&w, 0.95);
	ATF_CHECK_EQ(WB_V_SLOWER, wb_compare_judge(&w, 0, 0.95, 0.005));
	w.have_ci = 0;
	ATF_CHECK_EQ(WB_V_NOCI, wb_compare_judge(&w, NAN, 0.95, 0.005));
}

ATF_TC_WITHOUT_HEAD(wb_compare_run_tag__lava);
ATF_TC_BODY(wb_compare_run_tag__lava, tc)
{
	char buf[WB_RUN_TAG];

	ATF_CHECK_STREQ("0123abcd", wb_compare_run_tag(
	    "0123abcd-4567-89ef", buf));
	/* LAVA imports share "lava-sha256-": the digest tells them apart. */
	ATF_CHECK_STREQ("lava-9f86d081", wb_compare_run_tag(
	    "lava-sha256-9f86d081884c7d659a2feaa0c55ad015", buf));
	ATF_CHECK_STREQ("lava-job-1234", wb_compare_run_tag("lava-job-1234",
	    buf));
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_compare_run_tag__lava);
	ATF_TP_ADD_TC(tp, wb_compare_build__adaptive_two_stage_all_pairs);
	ATF_TP_ADD_TC(tp, wb_compare_verdict__inconclusive);
	ATF_TP_ADD_TC(tp, wb_compare_judge__order);
	ATF_TP_ADD_TC(tp, wb_compare_build__zero_spread_final);
	ATF_TP_ADD_TC(tp, wb_compare_build__negligible_default);
	ATF_TP_ADD_TC(tp, wb_compare_build__icount_shift_negligible);
	ATF_TP_ADD_TC(tp, wb_compare_build__adaptive_old_and_bad);
	ATF_TP_ADD_TC(tp, wb_compare_build__identical_no_difference);
	ATF_TP_ADD_TC(tp, wb_compare_build__clear_difference);
	ATF_TP_ADD_TC(tp, wb_compare_build__one_sample_no_ci);
	ATF_TP_ADD_TC(tp, wb_compare_build__one_sample_says_so);
	ATF_TP_ADD_TC(tp, wb_compare_build__emulation);
	ATF_TP_ADD_TC(tp, wb_compare_build__boots_are_units);
	ATF_TP_ADD_TC(tp, wb_compare_build__same_run_paired);
	ATF_TP_ADD_TC(tp, wb_compare_build__provenance_host);
	ATF_TP_ADD_TC(tp, wb_compare_build__provenance_accelerator);
	ATF_TP_ADD_TC(tp, wb_compare_build__provenance_address_space);
	ATF_TP_ADD_TC(tp, wb_compare_build__provenance_pass_length);
	ATF_TP_ADD_TC(tp, wb_compare_build__provenance_one_side_not_fatal);
	ATF_TP_ADD_TC(tp, wb_compare_build__needs_two);
	ATF_TP_ADD_TC(tp, wb_compare_build__ratio_inside_interval);
	ATF_TP_ADD_TC(tp, wb_compare_build__interval_agrees_with_verdict);
	ATF_TP_ADD_TC(tp, wb_compare_build__zero_spread_point);
	ATF_TP_ADD_TC(tp, wb_compare_build__run_id_decides_same_run);
	ATF_TP_ADD_TC(tp, wb_compare_build__all_failed_no_ratio);
	ATF_TP_ADD_TC(tp, wb_compare_build__resources_per_loop);
	ATF_TP_ADD_TC(tp, wb_compare_build__runs_are_units);
	ATF_TP_ADD_TC(tp, wb_compare_build__runs_find_common_effect);
	ATF_TP_ADD_TC(tp, wb_compare_build__two_runs_one_df);
	ATF_TP_ADD_TC(tp, wb_compare_build__run_missing_variant);
	ATF_TP_ADD_TC(tp, wb_compare_build__runs_provenance);
	ATF_TP_ADD_TC(tp, wb_compare_conf_format__trims);
	return (atf_no_error());
}
