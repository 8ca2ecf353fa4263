/*
 * adaptive-fpr: the false-positive rate of worldbench run --target-ci,
 * simulated.  Two variants with no difference at all run interleaved
 * (paired by round) through the adaptive rule of lib/adapt.c exactly as
 * the harness drives it: the planned passes first, then one more pass
 * of each test the rule picks, until the final-score interval meets the
 * target, nothing is picked, or a test reaches --max-passes.  The
 * comparison is then built as worldbench compare builds it, and the
 * final-score verdict counted.
 *
 * Noise: 12 tests whose per-pass coefficient of variation runs from 5%
 * to 30% (log-spaced), lognormal, plus a drift common to both variants
 * in each round (lognormal, 10%), which the pairing cancels.
 *
 * usage: adaptive-fpr [-o] [-m max] [-n runs] [-p planned] [-s seed]
 *            target ...
 * -o simulates the rule before the minimum of pairs (stop as soon as the
 * final-score interval is narrow), for comparison.
 *
 * Prints per target: runs, mean passes per test, the final-score
 * false-positive rate of its unadjusted 95% test, the same as compare
 * reports it (in the Holm family of the 12 tests and the final score),
 * and the rate of runs with any significant row as reported.
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
	int			 old_rule;
	int			 min;		/* -M: another minimum */
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

static void
setup(struct sim *s)
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
		    json_string("sim"), &e) == -1)
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

/* The rule before the minimum of pairs, from the same decision. */
static void
old_rule(struct wb_adapt *a)
{
	size_t i;

	a->final_met = a->final_halfwidth <= a->target;
	a->nextend = 0;
	for (i = 0; !a->final_met && i < a->ntests; i++)
		a->nextend += a->tests[i].extend =
		    a->tests[i].halfwidth > a->share;
	for (i = 0; !a->final_met && a->nextend == 0 && i < a->ntests; i++)
		a->nextend += a->tests[i].extend =
		    a->tests[i].halfwidth > a->target;
}

/* One run through the rule; the decision's steps as harness_run's. */
static void
run(struct sim *s, double target)
{
	struct wb_adapt a;
	struct wb_err e;
	size_t k, n;

	for (;;) {
		if (wb_adapt_decide(s->v, 2, target, 0.95, &a, &e) == -1)
			errx(EX_SOFTWARE, "%s", e.msg);
		if (s->old_rule || s->min > 0)
			old_rule(&a);
		for (k = 0; k < NTESTS && s->min > 0; k++)
			if (s->passes[k] < s->min)
				break;
		if (s->min > 0 && k < NTESTS) {
			a.final_met = 0;
			for (k = 0; k < NTESTS; k++)
				a.tests[k].extend = s->passes[k] < s->min;
		}
		n = 0;
		for (k = 0; !a.final_met && k < NTESTS; k++)
			if (a.tests[k].extend &&
			    s->passes[k] < s->max_passes) {
				add_pass(s, k);
				n++;
			}
		wb_adapt_fini(&a);
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

	fprintf(stderr, "usage: adaptive-fpr [-o] [-m max] [-n runs] "
	    "[-p planned] [-s seed] target ...\n");
	exit(EX_USAGE);
}

int
main(int argc, char **argv)
{
	struct sim s;
	struct tally t;
	double target;
	char tg[32];
	long runs, i;
	int ch, a;

	memset(&s, 0, sizeof(s));
	s.rng = 1;
	s.planned = 3;
	s.max_passes = 30;
	runs = 2000;
	while ((ch = getopt(argc, argv, "M:m:n:op:s:")) != -1) {
		switch (ch) {
		case 'M':
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
	if (argc < 1 || runs < 1 || s.planned < 1 ||
	    s.max_passes < s.planned || s.max_passes > 250)
		usage();
	printf("rule: %s; %d planned passes, at most %d; %ld runs per "
	    "target\n", s.old_rule ? "stop when narrow (before the minimum)" :
	    "lib/adapt.c", s.planned, s.max_passes, runs);
	printf("%-8s %12s %14s %14s %14s\n", "target", "passes/test",
	    "final raw FPR", "final FPR", "any-row FPR");
	for (a = 0; a < argc; a++) {
		if ((target = atof(argv[a])) <= 0)
			usage();
		memset(&t, 0, sizeof(t));
		for (i = 0; i < runs; i++) {
			setup(&s);
			run(&s, target);
			judge(&s, &t);
			wb_results_free(s.v[0]);
			wb_results_free(s.v[1]);
		}
		snprintf(tg, sizeof(tg), "%g%%", target);
		printf("%-8s %12.1f %13.2f%% %13.2f%% %13.2f%%\n", tg,
		    (double)t.passes / (double)(t.runs * NTESTS),
		    100.0 * t.raw / t.runs, 100.0 * t.reported / t.runs,
		    100.0 * t.anyrow / t.runs);
		fflush(stdout);
	}
	return (0);
}
