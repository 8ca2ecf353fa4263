/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * adaptive-fpr: the false-positive rate of worldbench run --target-ci,
 * simulated.  Two variants with no difference at all run interleaved
 * (paired by round) through the two-stage rule of lib/stats/adapt.c exactly as
 * the harness drives it: the planned passes first, then one more pass
 * of each test the rule picks, until it picks none or a test reaches
 * --max-passes.  The results carry the plan the harness writes (adaptive
 * with stage1_pairs), so the comparison is then built as worldbench
 * compare builds it for such a run (intervals from all pairs), and the
 * verdicts counted.
 *
 * Noise: 12 tests whose per-pass coefficient of variation runs from 5%
 * to 30% (log-spaced), plus a drift common to both variants in each
 * round (lognormal, 10%), which the pairing cancels; -N picks the pair
 * noise model (below, model_names).
 *
 * usage: adaptive-fpr [-F | -M min | -o] [-m max] [-N model] [-n runs]
 *            [-p planned] [-s seed] target ...
 * -o simulates the first rule (stop as soon as the final-score interval
 * is narrow, extending the tests above their share of it), -M min the
 * same rule once every test has min pairs (-M 10: the rule before the
 * two stages); their files carry no stage one, so compare reports them
 * with plain paired intervals, as it did.  -F runs the planned passes
 * only (a fixed design; the targets only label the rows).
 *
 * Prints per target: mean passes per test, the false-positive rate of
 * the final-score test unadjusted at 95% with its Monte Carlo standard
 * error, the same as compare reports it (in the Holm family of the 12
 * tests and the final score), and the rate of runs with any significant
 * row as reported.
 */
#include <err.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include <jansson.h>

#include "wb_model.h"
#include "wb_stats.h"
#include "wb_util.h"

#define NTESTS		12
#define DRIFT_SD	0.10
#define BURST_P		0.05	/* chance of a burst in one pass of one side */
#define BURST_SD	0.5	/* its slowdown: exp(-|N(0, 0.5^2)|) */

/*
 * The pair noise: lognormal (Stein's assumption), Student's t with 3 df
 * scaled to the same standard deviation (heavy tails), lognormal whose
 * standard deviation grows 1.5x after stage one, or lognormal with load
 * bursts (one side of a pass slowed now and then), or both of the last.
 */
enum model {
	M_LOGNORMAL,
	M_T3,
	M_GROW,
	M_BURST,
	M_GROW_BURST
};

static const char *const model_names[] = {
	"lognormal", "t3", "grow", "burst", "grow+burst"
};

struct sim {
	uint64_t		 rng;
	int			 old_rule;	/* -o, -M: stop when narrow */
	int			 min;		/* -M: its minimum of pairs */
	int			 fixed;		/* -F */
	int			 planned;
	int			 max_passes;
	enum model		 model;
	int			 stage1;	/* where grow starts */
	struct wb_results	*v[2];
	int			 passes[NTESTS];
	double			 sd[NTESTS];
	double			 drift[NTESTS][256];
};

/* One draw of unit-variance noise of the model (bursts apart). */
static double
noise(struct sim *s)
{

	return (s->model == M_T3 ? wb_splitmix_t3(&s->rng) :
	    wb_splitmix_gauss(&s->rng));
}

/* The log slowdown of a load burst on one side of a pass, or 0. */
static double
burst(struct sim *s)
{

	if ((s->model != M_BURST && s->model != M_GROW_BURST) ||
	    !(wb_splitmix_uniform(&s->rng) < BURST_P))
		return (0);
	return (-fabs(BURST_SD * wb_splitmix_gauss(&s->rng)));
}

static void
add_pass(struct sim *s, size_t k)
{
	struct wb_result_test *t;
	struct wb_sample smp;
	struct wb_err e;
	double sd;
	int pass, i;

	pass = ++s->passes[k];
	if (pass >= 256)
		errx(EX_SOFTWARE, "too many passes");
	s->drift[k][pass] = DRIFT_SD * wb_splitmix_gauss(&s->rng);
	sd = s->sd[k];
	if ((s->model == M_GROW || s->model == M_GROW_BURST) &&
	    pass > s->stage1)
		sd *= 1.5;
	for (i = 0; i < 2; i++) {
		t = s->v[i]->tests[k];
		memset(&smp, 0, sizeof(smp));
		smp.pass = pass;
		smp.status = WB_SAMPLE_OK;
		smp.copies = 1;
		smp.elapsed = 10;
		smp.rate = 1000 * exp(s->drift[k][pass] + sd * noise(s) +
		    burst(s));
		smp.count = smp.rate * 10;
		if (wb_results_add_sample(t, &smp, &e) == -1)
			errx(EX_SOFTWARE, "%s", e.msg);
	}
}

/*
 * The plan's adaptive object as the harness writes it (harness_plan.c);
 * the stop-when-narrow rules had no stage one.
 */
static json_t *
plan_adaptive(const struct sim *s, double target)
{
	int stage1;

	if (s->old_rule)
		return (json_pack("{s:f, s:i}", "target_ci", target,
		    "min_pairs", s->min));
	stage1 = s->planned > WB_ADAPT_MIN_PAIRS ? s->planned :
	    WB_ADAPT_MIN_PAIRS;
	if (stage1 > s->max_passes)
		stage1 = s->max_passes;
	return (json_pack("{s:f, s:i, s:i}", "target_ci", target,
	    "min_pairs", WB_ADAPT_MIN_PAIRS, "stage1_pairs", stage1));
}

static void
setup(struct sim *s, double target)
{
	struct wb_err e;
	char id[16];
	size_t i, k;

	for (i = 0; i < 2; i++) {
		if ((s->v[i] = wb_results_new(&e)) == NULL)
			errx(EX_OSERR, "%s", e.msg);
		s->v[i]->status = WB_RESULTS_COMPLETE;
		if (wb_results_set_provenance(s->v[i], "label",
		    json_string(i == 0 ? "a" : "b"), &e) == -1 ||
		    wb_results_set_plan(s->v[i], "run_id",
		    json_string("sim"), &e) == -1 ||
		    (!s->fixed && wb_results_set_plan(s->v[i], "adaptive",
		    plan_adaptive(s, target), &e) == -1))
			errx(EX_OSERR, "%s", e.msg);
		for (k = 0; k < NTESTS; k++) {
			snprintf(id, sizeof(id), "t%zu", k);
			if (wb_results_add_test(s->v[i], id, id, "lps", 1,
			    10.0, s->planned, 10, &e) == NULL)
				errx(EX_SOFTWARE, "%s", e.msg);
		}
	}
	for (k = 0; k < NTESTS; k++) {
		s->passes[k] = 0;
		s->sd[k] = sqrt(log(1 + pow(0.05 * pow(6, k / 11.0), 2)));
	}
	for (k = 0; k < NTESTS; k++)
		for (i = 0; i < (size_t)s->planned; i++)
			add_pass(s, k);
}

/*
 * The stop-when-narrow rule (-o, -M): first every test to s->min pairs;
 * then, while the final-score interval is wider than the target, the
 * tests above their share of it (target * sqrt(k)), or when none is,
 * every test whose own interval is wider than the target.
 */
static void
old_rule(struct sim *s, double target, int *extend)
{
	struct wb_compare c;
	struct wb_err e;
	double hw[NTESTS], share;
	size_t k, n;

	if (wb_compare_build(s->v, 2, NULL, NULL, 0.95, WB_EST_ALL,
	    WB_ADJ_NONE, &c, &e) == -1)
		errx(EX_SOFTWARE, "%s", e.msg);
	for (k = n = 0; k < NTESTS; k++) {
		hw[k] = wb_stats_ratio_halfwidth(&c.rows[k].cells[1].w);
		n += extend[k] = (int)c.rows[k].cells[1].npairs < s->min;
	}
	share = target * sqrt((double)NTESTS);
	if (n == 0 && wb_stats_ratio_halfwidth(&c.final[1].w) > target) {
		for (k = 0; k < NTESTS; k++)
			n += extend[k] = hw[k] > share;
		for (k = 0; n == 0 && k < NTESTS; k++)
			extend[k] = hw[k] > target;
	}
	wb_compare_fini(&c);
}

/* lib/stats/adapt.c's decision. */
static void
new_rule(struct sim *s, double target, int *extend)
{
	struct wb_adapt a;
	struct wb_err e;
	size_t k;

	if (wb_adapt_decide(s->v, 2, target, 0.95, &a, &e) == -1)
		errx(EX_SOFTWARE, "%s", e.msg);
	for (k = 0; k < NTESTS; k++)
		extend[k] = a.tests[k].extend;
	wb_adapt_fini(&a);
}

/* One run through the rule, as harness_run drives it. */
static void
run(struct sim *s, double target)
{
	int extend[NTESTS];
	size_t k, n;

	if (s->fixed)
		return;
	for (;;) {
		if (s->old_rule)
			old_rule(s, target, extend);
		else
			new_rule(s, target, extend);
		n = 0;
		for (k = 0; k < NTESTS; k++)
			if (extend[k] && s->passes[k] < s->max_passes) {
				add_pass(s, k);
				n++;
			}
		if (n == 0)
			return;
	}
}

struct tally {
	size_t	 runs, raw, reported, anyrow, passes, met;
	double	*hw;		/* the final's unadjusted half-widths */
};

static void
judge(struct sim *s, double target, struct tally *t)
{
	struct wb_compare c;
	struct wb_err e;
	size_t i, k;
	int any;

	/*
	 * The error rate of the test itself: no negligible threshold, so
	 * that every proven difference counts as faster or slower.
	 */
	if (wb_compare_build(s->v, 2, NULL, NULL, 0.95, WB_EST_UNIXBENCH,
	    WB_ADJ_HOLM, &c, &e) == -1 ||
	    wb_compare_set_negligible(&c, 0, WB_NEGL_OPTION, &e) == -1)
		errx(EX_SOFTWARE, "%s", e.msg);
	t->raw += c.final[1].w.p < 0.05;
	t->reported += c.final[1].verdict == WB_V_FASTER ||
	    c.final[1].verdict == WB_V_SLOWER;
	any = c.final[1].verdict == WB_V_FASTER ||
	    c.final[1].verdict == WB_V_SLOWER;
	for (i = 0; i < c.nrows; i++)
		any |= c.rows[i].cells[1].verdict == WB_V_FASTER ||
		    c.rows[i].cells[1].verdict == WB_V_SLOWER;
	t->anyrow += any;
	t->hw[t->runs] = c.final[1].halfwidth;
	t->met += c.final[1].halfwidth <= target;
	t->runs++;
	for (k = 0; k < NTESTS; k++)
		t->passes += (size_t)s->passes[k];
	wb_compare_fini(&c);
}

/* "4.85% +- 0.15": a rate of x in n runs with its Monte Carlo error. */
static const char *
rate(size_t x, size_t n, char *buf, size_t len)
{
	double p;

	p = (double)x / (double)n;
	snprintf(buf, len, "%5.2f%% +- %.2f", 100 * p,
	    100 * sqrt(p * (1 - p) / (double)n));
	return (buf);
}

static void
usage(void)
{

	fprintf(stderr, "usage: adaptive-fpr [-F | -M min | -o] [-m max] "
	    "[-N model] [-n runs] [-p planned] [-s seed] target ...\n");
	exit(EX_USAGE);
}

static const char *
rule_name(const struct sim *s)
{
	static char buf[64];

	if (s->fixed)
		return ("fixed (the planned passes only)");
	if (s->old_rule && s->min == 0)
		return ("stop when narrow");
	if (s->old_rule) {
		snprintf(buf, sizeof(buf), "stop when narrow, at least %d "
		    "pairs", s->min);
		return (buf);
	}
	return ("two-stage (lib/stats/adapt.c)");
}

int
main(int argc, char **argv)
{
	struct sim s;
	struct tally t;
	double target;
	char tg[32], b1[32], b2[32], b3[32];
	long runs, i;
	int ch, a;
	size_t k;

	memset(&s, 0, sizeof(s));
	s.rng = 1;
	s.planned = 3;
	s.max_passes = 30;
	runs = 2000;
	while ((ch = getopt(argc, argv, "FM:m:N:n:op:s:")) != -1) {
		switch (ch) {
		case 'F':
			s.fixed = 1;
			break;
		case 'M':
			s.old_rule = 1;
			s.min = atoi(optarg);
			break;
		case 'm':
			s.max_passes = atoi(optarg);
			break;
		case 'N':
			for (k = 0; k <= M_GROW_BURST; k++)
				if (strcmp(optarg, model_names[k]) == 0)
					break;
			if (k > M_GROW_BURST)
				usage();
			s.model = (enum model)k;
			break;
		case 'n':
			runs = atol(optarg);
			break;
		case 'o':
			s.old_rule = 1;
			s.min = 0;
			break;
		case 'p':
			s.planned = atoi(optarg);
			break;
		case 's':
			s.rng = strtoull(optarg, NULL, 0);
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (argc < 1 || runs < 1 || s.planned < 1 || s.min < 0 ||
	    s.max_passes < s.planned || s.max_passes > 250 ||
	    (s.fixed && s.old_rule))
		usage();
	s.stage1 = s.planned > WB_ADAPT_MIN_PAIRS ? s.planned :
	    WB_ADAPT_MIN_PAIRS;
	if (s.stage1 > s.max_passes)
		s.stage1 = s.max_passes;
	if ((t.hw = calloc((size_t)runs, sizeof(*t.hw))) == NULL)
		err(EX_OSERR, "calloc");
	printf("rule: %s; noise: %s; %d planned passes, at most %d; %ld "
	    "runs per target\n", rule_name(&s), model_names[s.model],
	    s.planned, s.max_passes, runs);
	printf("%-6s %6s %16s %16s %16s %8s %6s\n", "target", "passes",
	    "final raw FPR", "final FPR", "any-row FPR", "med. hw", "met");
	for (a = 0; a < argc; a++) {
		if ((target = atof(argv[a])) <= 0)
			usage();
		t.runs = t.raw = t.reported = t.anyrow = t.passes = t.met = 0;
		for (i = 0; i < runs; i++) {
			setup(&s, target);
			run(&s, target);
			judge(&s, target, &t);
			wb_results_free(s.v[0]);
			wb_results_free(s.v[1]);
		}
		snprintf(tg, sizeof(tg), "%g%%", target);
		qsort(t.hw, t.runs, sizeof(*t.hw), wb_stats_dbl_cmp);
		printf("%-6s %6.1f %16s %16s %16s %7.2f%% %5.1f%%\n", tg,
		    (double)t.passes / (double)(t.runs * NTESTS),
		    rate(t.raw, t.runs, b1, sizeof(b1)),
		    rate(t.reported, t.runs, b2, sizeof(b2)),
		    rate(t.anyrow, t.runs, b3, sizeof(b3)),
		    t.hw[t.runs / 2], 100.0 * (double)t.met /
		    (double)t.runs);
		fflush(stdout);
	}
	free(t.hw);
	return (0);
}
