/*
 * adaptive-fpr: the false-positive rate of worldbench run --target-ci,
 * simulated.  Two variants with no difference at all run interleaved
 * (paired by round) through the two-stage rule of lib/adapt.c exactly as
 * the harness drives it: the planned passes first, then one more pass
 * of each test the rule picks, until it picks none or a test reaches
 * --max-passes.  The results carry the plan the harness writes (adaptive
 * with stage1_pairs), so the comparison is then built as worldbench
 * compare builds it for such a run (Stein's intervals), and the
 * final-score verdict counted.
 *
 * Noise: 12 tests whose per-pass coefficient of variation runs from 5%
 * to 30% (log-spaced), lognormal, plus a drift common to both variants
 * in each round (lognormal, 10%), which the pairing cancels.
 *
 * usage: adaptive-fpr [-F | -M min | -o] [-m max] [-n runs] [-p planned]
 *            [-s seed] target ...
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

#include "adapt.h"
#include "compare.h"
#include "err.h"
#include "results.h"
#include "score.h"
#include "stats.h"

#define NTESTS		12
#define DRIFT_SD	0.10

struct sim {
	uint64_t		 rng;
	int			 old_rule;	/* -o, -M: stop when narrow */
	int			 min;		/* -M: its minimum of pairs */
	int			 fixed;		/* -F */
	int			 planned;
	int			 max_passes;
	struct wb_results	*v[2];
	int			 passes[NTESTS];
	double			 sd[NTESTS];
	double			 drift[NTESTS][256];
};

static uint64_t
next(struct sim *s)
{
	uint64_t z;

	z = (s->rng += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (z ^ (z >> 31));
}

static double
uniform(struct sim *s)
{

	return (((double)(next(s) >> 11) + 0.5) / 9007199254740992.0);
}

static double
gauss(struct sim *s)
{

	return (sqrt(-2 * log(uniform(s))) * cos(2 * M_PI * uniform(s)));
}

static void
add_pass(struct sim *s, size_t k)
{
	struct wb_result_test *t;
	struct wb_sample smp;
	struct wb_err e;
	int pass, i;

	pass = ++s->passes[k];
	if (pass >= 256)
		errx(EX_SOFTWARE, "too many passes");
	s->drift[k][pass] = DRIFT_SD * gauss(s);
	for (i = 0; i < 2; i++) {
		t = s->v[i]->tests[k];
		memset(&smp, 0, sizeof(smp));
		smp.pass = pass;
		smp.status = WB_SAMPLE_OK;
		smp.copies = 1;
		smp.elapsed = 10;
		smp.rate = 1000 * exp(s->drift[k][pass] + s->sd[k] * gauss(s));
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
		hw[k] = wb_ratio_halfwidth(&c.rows[k].cells[1].w);
		n += extend[k] = (int)c.rows[k].cells[1].npairs < s->min;
	}
	share = target * sqrt((double)NTESTS);
	if (n == 0 && wb_ratio_halfwidth(&c.final[1].w) > target) {
		for (k = 0; k < NTESTS; k++)
			n += extend[k] = hw[k] > share;
		for (k = 0; n == 0 && k < NTESTS; k++)
			extend[k] = hw[k] > target;
	}
	wb_compare_fini(&c);
}

/* lib/adapt.c's decision. */
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
	size_t	runs, raw, reported, anyrow, passes;
};

static void
judge(struct sim *s, struct tally *t)
{
	struct wb_compare c;
	struct wb_err e;
	size_t i, k;
	int any;

	if (wb_compare_build(s->v, 2, NULL, NULL, 0.95, WB_EST_UNIXBENCH,
	    WB_ADJ_HOLM, &c, &e) == -1)
		errx(EX_SOFTWARE, "%s", e.msg);
	t->runs++;
	t->raw += c.final[1].w.p < 0.05;
	t->reported += c.final[1].verdict == WB_V_FASTER ||
	    c.final[1].verdict == WB_V_SLOWER;
	any = c.final[1].verdict == WB_V_FASTER ||
	    c.final[1].verdict == WB_V_SLOWER;
	for (i = 0; i < c.nrows; i++)
		any |= c.rows[i].cells[1].verdict == WB_V_FASTER ||
		    c.rows[i].cells[1].verdict == WB_V_SLOWER;
	t->anyrow += any;
	for (k = 0; k < NTESTS; k++)
		t->passes += (size_t)s->passes[k];
	wb_compare_fini(&c);
}

static void
usage(void)
{

	fprintf(stderr, "usage: adaptive-fpr [-F | -M min | -o] [-m max] "
	    "[-n runs] [-p planned] [-s seed] target ...\n");
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
	return ("two-stage (lib/adapt.c)");
}

int
main(int argc, char **argv)
{
	struct sim s;
	struct tally t;
	double target, p;
	char tg[32];
	long runs, i;
	int ch, a;

	memset(&s, 0, sizeof(s));
	s.rng = 1;
	s.planned = 3;
	s.max_passes = 30;
	runs = 2000;
	while ((ch = getopt(argc, argv, "FM:m:n:op:s:")) != -1) {
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
	printf("rule: %s; %d planned passes, at most %d; %ld runs per "
	    "target\n", rule_name(&s), s.planned, s.max_passes, runs);
	printf("%-8s %12s %18s %11s %12s\n", "target", "passes/test",
	    "final raw FPR", "final FPR", "any-row FPR");
	for (a = 0; a < argc; a++) {
		if ((target = atof(argv[a])) <= 0)
			usage();
		memset(&t, 0, sizeof(t));
		for (i = 0; i < runs; i++) {
			setup(&s, target);
			run(&s, target);
			judge(&s, &t);
			wb_results_free(s.v[0]);
			wb_results_free(s.v[1]);
		}
		snprintf(tg, sizeof(tg), "%g%%", target);
		p = (double)t.raw / (double)t.runs;
		printf("%-8s %12.1f %9.2f%% +- %.2f %10.2f%% %11.2f%%\n", tg,
		    (double)t.passes / (double)(t.runs * NTESTS), 100 * p,
		    100 * sqrt(p * (1 - p) / (double)t.runs),
		    100.0 * t.reported / t.runs, 100.0 * t.anyrow / t.runs);
		fflush(stdout);
	}
	return (0);
}
