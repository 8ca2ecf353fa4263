/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * extend-error: the error rate, power and cost of the extension of make
 * bench (lib/stats/extend.h), simulated through the library exactly as the
 * harness drives it: the bench design's 8 paired passes of the 12 tests
 * (look 1), then wb_extend_decide() after each look and a block of the
 * tests it names, until it stops; the run is then judged as its report
 * judges it (wb_compare_build: the sequential p values, Holm at 95%).
 *
 * Noise per pass: the per-pair log-ratio SDs measured on this VM under
 * load (bench/README, "make bench: the design and its power", pilot 1),
 * times -k; each side gets half the variance, plus a drift per round
 * common to both sides (10%).  Models (-N):
 *
 *	normal	lognormal
 *	t3	Student's t with 3 df, scaled to the same SD
 *	mix	a lognormal mixture: 90% of the passes at 0.65 times
 *		the SD, 10% at 2.49 times (the same SD, heavy tails from
 *		load bursts)
 *	step	lognormal, and half way through the run's passes (round
 *		5) the load steps: both sides' level drops by 30% and the
 *		SD grows 1.5x from then on.  The step falls inside the
 *		round, at a test drawn at random: the tests before it run
 *		before the step on both sides, the tests after it after,
 *		and that test's pair is split (one side, drawn at random,
 *		after the step), as the harness's seeded order would have
 *		it
 *
 * Effects (-e): null (no difference: every verdict is an error) or model
 * (0.6 on both shell tests, 0.97 on execl, spawn and the file copies,
 * 1 elsewhere: bench/README's model of the jemalloc debug pair).
 * -F: no extension (the fixed design, as before issue 31); -A: the rule
 * before the gain (every test extended while the final is open).  -c:
 * the SDs of the CPU-bound tests (dhry2reg, whetstone-double) times c, as
 * under heavy load, where they carry most of the final's variance.  Pass
 * times: the bench design's lengths plus the harness's 0.15 s, times -l
 * (load).
 *
 * usage: extend-error [-AF] [-c scale] [-e null|model] [-k scale]
 *            [-l load] [-N model] [-n runs] [-P passes] [-s seed]
 *            [-T seconds]
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
#include "wb_run.h"
#include "wb_stats.h"
#include "wb_util.h"

#define NTESTS		12
#define FIRST		WB_BENCH_PASSES
#define DRIFT_SD	0.10
#define STEP_ROUND	5
#define STEP_LEVEL	log(0.7)
#define STEP_GROW	1.5
#define MAXROUNDS	64

static const struct {
	const char	*id;
	double		 sd;	/* pilot 1, per pair, bench/README */
	double		 secs;	/* the bench design's pass */
	double		 effect;
} tests[NTESTS] = {
	{ "dhry2reg",		0.245, 1,	1 },
	{ "whetstone-double",	0.138, 1,	1 },
	{ "execl",		0.227, 1,	0.97 },
	{ "fstime",		0.213, 1,	0.97 },
	{ "fsbuffer",		0.189, 1,	0.97 },
	{ "fsdisk",		0.219, 1,	0.97 },
	{ "pipe",		0.129, 1,	1 },
	{ "context1",		0.340, 2,	1 },	/* 0.481 / sqrt 2 */
	{ "spawn",		0.239, 1,	0.97 },
	{ "shell1",		0.136, 1.5,	0.6 },
	{ "shell8",		0.199, 1.5,	0.6 },
	{ "syscall",		0.121, 1,	1 },
};

enum model { M_NORMAL, M_T3, M_MIX, M_STEP };
static const char *const model_names[] = { "normal", "t3", "mix", "step" };

struct sim {
	uint64_t		 rng;
	enum model		 model;
	int			 null;
	int			 fixed;
	double			 k;		/* SD scale */
	double			 cpu;		/* CPU-bound tests' SD scale */
	double			 load;		/* pass time scale */
	struct wb_extend_plan	 x;
	struct wb_results	*v[2];
	int			 passes[NTESTS];
	size_t			 step_test;	/* the test the step splits */
	int			 step_side;	/* its side after the step */
	double			 drift[MAXROUNDS + 1];
};

static double
noise(struct sim *s)
{
	double u;

	switch (s->model) {
	case M_T3:
		return (wb_splitmix_t3(&s->rng));
	case M_MIX:
		/* 0.9 * 0.6^2 + 0.1 * 2.3^2 = 0.853: scaled to SD 1. */
		u = wb_splitmix_uniform(&s->rng);
		return ((u < 0.9 ? 0.6 : 2.3) * wb_splitmix_gauss(&s->rng) /
		    sqrt(0.853));
	default:
		return (wb_splitmix_gauss(&s->rng));
	}
}

static void
add_pass(struct sim *s, size_t k)
{
	struct wb_result_test *t;
	struct wb_sample smp;
	struct wb_err e;
	double sd, lvl;
	int pass, i;

	pass = ++s->passes[k];
	if (pass > MAXROUNDS)
		errx(EX_SOFTWARE, "too many passes");
	sd = s->k * tests[k].sd / sqrt(2);
	if (k < 2)
		sd *= s->cpu;
	for (i = 0; i < 2; i++) {
		lvl = s->drift[pass];
		if (s->model == M_STEP && (pass > STEP_ROUND ||
		    (pass == STEP_ROUND && (k > s->step_test ||
		    (k == s->step_test && i == s->step_side)))))
			lvl += STEP_LEVEL;
		t = s->v[i]->tests[k];
		memset(&smp, 0, sizeof(smp));
		smp.pass = pass;
		smp.status = WB_SAMPLE_OK;
		smp.copies = 1;
		smp.elapsed = tests[k].secs;
		smp.wall = tests[k].secs * s->load;
		smp.rate = 1000 * exp(lvl + (i == 1 && !s->null ?
		    log(tests[k].effect) : 0) + sd * (s->model == M_STEP &&
		    pass > STEP_ROUND ? STEP_GROW : 1) * noise(s));
		smp.count = smp.rate * tests[k].secs;
		if (wb_results_add_sample(t, &smp, &e) == -1)
			errx(EX_SOFTWARE, "%s", e.msg);
	}
}

static void
setup(struct sim *s)
{
	const struct wb_test_def *d;
	struct wb_err e;
	size_t i, k;

	for (i = 0; i < 2; i++) {
		if ((s->v[i] = wb_results_new(&e)) == NULL)
			errx(EX_OSERR, "%s", e.msg);
		s->v[i]->status = WB_RESULTS_COMPLETE;
		if (wb_results_set_provenance(s->v[i], "label",
		    json_string(i == 0 ? "production" : "debug"), &e) == -1 ||
		    wb_results_set_plan(s->v[i], "run_id", json_string("sim"),
		    &e) == -1 || (!s->fixed && wb_results_set_plan(s->v[i],
		    "extend", wb_extend_plan_json(&s->x), &e) == -1))
			errx(EX_OSERR, "%s", e.msg);
		for (k = 0; k < NTESTS; k++) {
			if ((d = wb_suite_find(tests[k].id)) == NULL)
				errx(EX_SOFTWARE, "%s: not in the suite",
				    tests[k].id);
			if (wb_results_add_test(s->v[i], d->id, d->name,
			    d->unit, d->timebase, d->baseline, FIRST,
			    tests[k].secs, &e) == NULL)
				errx(EX_SOFTWARE, "%s", e.msg);
		}
	}
	for (i = 1; i <= MAXROUNDS; i++)
		s->drift[i] = DRIFT_SD * wb_splitmix_gauss(&s->rng);
	s->step_test = (size_t)(wb_splitmix_uniform(&s->rng) * NTESTS);
	if (s->step_test >= NTESTS)
		s->step_test = NTESTS - 1;
	s->step_side = wb_splitmix_uniform(&s->rng) < 0.5;
	for (k = 0; k < NTESTS; k++) {
		s->passes[k] = 0;
		for (i = 0; i < FIRST; i++)
			add_pass(s, k);
	}
}

struct tally {
	size_t	runs, fwer, anyhead, head[3], looks, extended, stopped[6];
	double	passes, secs, maxsecs;
};

/* The run as harness_run drives it: decide, add a block, again. */
static void
run(struct sim *s, struct tally *t)
{
	struct wb_extend_decision d;
	struct wb_err e;
	size_t i, k, target;
	int any;

	any = 0;
	while (!s->fixed) {
		if (wb_extend_decide(s->v, 2, &s->x, &d, &e) == -1)
			errx(EX_SOFTWARE, "%s", e.msg);
		if (d.stop != WB_EXTEND_MORE) {
			t->stopped[d.stop]++;
			t->secs += d.used;
			if (d.used > t->maxsecs)
				t->maxsecs = d.used;
			wb_extend_decision_fini(&d);
			break;
		}
		any = 1;
		target = wb_extend_look_pairs(&s->x, d.look + 1);
		for (i = 0; i < d.ntests; i++)
			for (k = 0; k < NTESTS; k++)
				if (strcmp(tests[k].id, d.tests[i]) == 0)
					while ((size_t)s->passes[k] < target)
						add_pass(s, k);
		wb_extend_decision_fini(&d);
	}
	t->extended += any;
}

static int
verdict(enum wb_verdict v)
{

	return (v == WB_V_FASTER || v == WB_V_SLOWER);
}

static void
judge(struct sim *s, struct tally *t)
{
	struct wb_compare c;
	struct wb_err e;
	size_t i, k, h;
	int any, anyh;

	if (wb_compare_build(s->v, 2, NULL, NULL, 0.95, WB_EST_UNIXBENCH,
	    WB_ADJ_HOLM, &c, &e) == -1)
		errx(EX_SOFTWARE, "%s", e.msg);
	any = verdict(c.final[1].verdict);
	anyh = any;
	t->head[2] += s->null ? any : c.final[1].verdict == WB_V_SLOWER;
	for (i = 0; i < c.nrows; i++) {
		any |= verdict(c.rows[i].cells[1].verdict);
		if (strcmp(c.rows[i].id, "shell1") == 0)
			h = 0;
		else if (strcmp(c.rows[i].id, "shell8") == 0)
			h = 1;
		else
			continue;
		anyh |= verdict(c.rows[i].cells[1].verdict);
		t->head[h] += s->null ? verdict(c.rows[i].cells[1].verdict) :
		    c.rows[i].cells[1].verdict == WB_V_SLOWER;
	}
	t->fwer += any;
	t->anyhead += anyh;
	for (k = 0; k < NTESTS; k++)
		t->passes += s->passes[k];
	t->runs++;
	wb_compare_fini(&c);
}

static const char *
rate(size_t x, size_t n, char *buf, size_t len)
{
	double p;

	p = (double)x / (double)n;
	snprintf(buf, len, "%6.2f +- %.2f", 100 * p,
	    100 * sqrt(p * (1 - p) / (double)n));
	return (buf);
}

static void
usage(void)
{

	fprintf(stderr, "usage: extend-error [-AF] [-c scale] [-e null|model] "
	    "[-k scale] [-l load] [-N model] [-n runs] [-P passes] [-s seed] "
	    "[-T seconds]\n");
	exit(EX_USAGE);
}

int
main(int argc, char **argv)
{
	struct sim s;
	struct tally t;
	struct wb_err e;
	char b[5][32];
	double budget_time;
	long runs, i;
	int ch, budget_passes, every;
	size_t k;

	memset(&s, 0, sizeof(s));
	memset(&t, 0, sizeof(t));
	s.rng = 20261;
	s.k = 1;
	s.cpu = 1;
	s.load = 1;
	s.null = 1;
	runs = 2000;
	budget_passes = WB_EXTEND_PASSES;
	budget_time = WB_EXTEND_TIME;
	every = 0;
	while ((ch = getopt(argc, argv, "AFc:e:k:l:N:n:P:s:T:")) != -1) {
		switch (ch) {
		case 'A':
			every = 1;
			break;
		case 'c':
			s.cpu = atof(optarg);
			break;
		case 'F':
			s.fixed = 1;
			break;
		case 'e':
			if (strcmp(optarg, "null") != 0 &&
			    strcmp(optarg, "model") != 0)
				usage();
			s.null = strcmp(optarg, "null") == 0;
			break;
		case 'k':
			s.k = atof(optarg);
			break;
		case 'l':
			s.load = atof(optarg);
			break;
		case 'N':
			for (k = 0; k <= M_STEP; k++)
				if (strcmp(optarg, model_names[k]) == 0)
					break;
			if (k > M_STEP)
				usage();
			s.model = (enum model)k;
			break;
		case 'n':
			runs = atol(optarg);
			break;
		case 'P':
			budget_passes = atoi(optarg);
			break;
		case 's':
			s.rng = strtoull(optarg, NULL, 0);
			break;
		case 'T':
			budget_time = atof(optarg);
			break;
		default:
			usage();
		}
	}
	if (optind != argc || runs < 1 || !(s.k > 0) || !(s.load > 0) ||
	    !(s.cpu > 0) ||
	    budget_passes < 0)
		usage();
	if (wb_extend_schedule(FIRST, WB_EXTEND_BLOCK, (size_t)budget_passes,
	    budget_time, &s.x, &e) == -1)
		errx(EX_USAGE, "%s", e.msg);
	s.x.every = every;
	for (i = 0; i < runs; i++) {
		setup(&s);
		run(&s, &t);
		judge(&s, &t);
		wb_results_free(s.v[0]);
		wb_results_free(s.v[1]);
	}
		printf("%-6s %-4g %-6s %-5s %16s %16s %16s %16s %16s %6.2f "
	    "%5.1f%% %6.1f %6.1f\n", s.null ? "null" : "model", s.k,
	    model_names[s.model], s.fixed ? "fixed" : every ? "every" : "gain",
	    rate(t.head[0], t.runs, b[0], sizeof(b[0])),
	    rate(t.head[1], t.runs, b[1], sizeof(b[1])),
	    rate(t.head[2], t.runs, b[2], sizeof(b[2])),
	    rate(t.anyhead, t.runs, b[3], sizeof(b[3])),
	    rate(t.fwer, t.runs, b[4], sizeof(b[4])),
	    t.passes / (double)(t.runs * NTESTS),
	    100.0 * (double)t.extended / (double)t.runs,
	    t.secs / (double)t.runs, t.maxsecs);
	return (0);
}
