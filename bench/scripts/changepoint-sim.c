/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * changepoint-sim: the error rates and the power of the release-series
 * change-point detector (wb_changepoint_find, lib/stats/changepoint.c), alone
 * and with every candidate confirmed by a paired re-measurement.
 *
 * A simulated series is one value per release, the log of its score:
 * mu_i + sigma * e_i, e_i standard normal or Student's t with 3 df
 * scaled to unit variance (heavy tails), mu_i = 0 before the step and
 * ln(1 + step) from release s on.  Two ways to run the detector:
 *   offline  once, on the whole series;
 *   online   after every release, on the releases so far (from
 *            2 * min_size on): what a release engineer running
 *            "history changes" after each release does.  An alarm of
 *            any look is an alarm of the series.
 * Confirmation of a candidate at index `at': the two releases at - 1
 * and at are measured again, paired and interleaved: p pairs of log
 * ratios mu_at - mu_(at-1) + sigma_pair * e, judged by the paired
 * interval of lib/stats/stats.c at 95% (wb_stats_paired_log, as compare
 * judges a row): confirmed when it excludes 1 on the candidate's side.
 * Online, an index is re-measured once.
 *
 * Lines (rates in percent with Wilson 95% intervals):
 *   false alarms: no step, N releases: any change point (offline and
 *     online at the -a and -o levels), any confirmed, and for
 *     comparison the naive rule "the best split's Welch p < 0.05";
 *   detection: a step at release s = N - 10 seen h = 3, 5, 10 releases
 *     later (the series cut at s + h): a candidate within 2 of s on
 *     the step's side ("near"), exactly at s, and confirmed.
 * Then the CPU time of 100 offline series of N releases at the
 * library's default permutations (WB_CP_PERMUTATIONS).  The tests here
 * run WB_CP_PERMUTATIONS_ONLINE (-R) so that the online level is
 * reachable.
 *
 * usage: changepoint-sim [-fFG] [-a alpha] [-c level] [-e exponent]
 *            [-o online-alpha] [-m min-size] [-N releases] [-n series]
 *            [-p pairs] [-R permutations] [-s seed] [-M model]
 *            [-T tail-alpha]
 *            sigma:pair-sigma:step ...
 *
 * -f prints the offline false alarms alone (cheap: many series); -e is
 * the detector's distance exponent (1; 2 is the classic mean-shift
 * statistic); -c the confirmation's level (0.05: the paired interval at
 * 95%); -G one compact block a mode (two-stage calibration: candidates
 * at a liberal -a / -o, each confirmed): the false alarms with the
 * confirmations run a series (the cost), and the step seen 3 releases
 * later.
 *
 * -T alpha_t: the two stages with the online tail test as the detector
 * (wb_cp_tail_find, lib/stats/cp_tail.c, at one-sided level alpha_t, K 3,
 * window 20, at least 5) in place of e-divisive: its looks after every
 * release replayed, each boundary proposed confirmed once as above (-p
 * pairs, -c the two-sided level of the paired interval, so one-sided
 * c / 2 on the candidate's side, as history confirm judges it through
 * compare).  One line: no step (false candidates, confirmed false
 * alarms, confirmations a series) and a step at release N - 10 seen
 * 3 releases later (near, exact, exact and confirmed, confirmations).
 *
 * -F (with -T): after a real step, confirmed, with and without the
 * tail test's floor there (wb_cp_tail_opts.floor, what history changes
 * sets from the series' last confirmed change): a step at release B =
 * N - 20, confirmed when first proposed (the floor at B from its first
 * look on), then 20 releases at its level; the boundaries after B
 * proposed (each a confirmation: the cost) and the series with one of
 * them confirmed (a false alarm); then a second step of the same size
 * d = 5, 10, 15 releases after B, seen 3 releases later: a candidate at
 * its place and confirmed.
 */
#include <err.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>

#include "simarg.h"
#include "wb_stats.h"
#include "wb_util.h"

#define MAXN	1000
#define MAXP	1000

struct sim {
	uint64_t	 rng;
	struct wb_cp_opts o;		/* offline */
	double		 alpha_online;
	size_t		 nrel;		/* N */
	long		 reps;
	size_t		 pairs;
	int		 t3;		/* heavy tails */
	int		 offline_only;	/* -f: offline false alarms alone */
	int		 grid;		/* -G: one line a mode, h = 3 */
	double		 conf_level;	/* -c: the confirmation's alpha */
	double		 tail_alpha;	/* -T: the tail test's level; 0 off */
	int		 tail_floor;	/* -F: after a confirmed step */
	double		 sigma, psigma, step;
};

static void
usage(void)
{

	fprintf(stderr, "usage: changepoint-sim [-fFG] [-a alpha] [-c level] "
	    "[-e exponent] [-o online-alpha]\n"
	    "           [-m min-size] [-N releases] [-n series] [-p pairs]\n"
	    "           [-R permutations] [-s seed] [-M normal|t3] "
	    "[-T tail-alpha]\n           sigma:pair-sigma:step ...\n");
	exit(EX_USAGE);
}

static double
noise(struct sim *s)
{

	return (s->t3 ? wb_splitmix_t3(&s->rng) : wb_splitmix_gauss(&s->rng));
}

/* A series of n releases, the step at release `at' (n: none). */
static void
series(struct sim *s, double *x, size_t n, size_t at)
{
	size_t i;

	for (i = 0; i < n; i++)
		x[i] = (i >= at ? log1p(s->step) : 0) + s->sigma * noise(s);
}

/* Re-measure releases at - 1 and at; 1 when the side is confirmed. */
static int
confirm(struct sim *s, size_t at, size_t step_at, double ratio)
{
	double a[MAXP], b[MAXP], mu;
	struct wb_welch w;
	struct wb_err e;
	size_t i;

	mu = at == step_at ? log1p(s->step) : 0;
	for (i = 0; i < s->pairs; i++) {
		a[i] = 1;
		b[i] = exp(mu + s->psigma * noise(s));
	}
	if (wb_stats_paired_log(a, b, s->pairs, 1 - s->conf_level, &w,
	    &e) == -1)
		errx(1, "%s", e.msg);
	if (!w.have_ci)
		return (0);
	return (ratio > 1 ? w.lo > 1 : w.hi < 1);
}

/* The naive rule: some split's Welch p below 0.05. */
static int
naive(const double *x, size_t n, size_t min_size)
{
	double ml, mr, vl, vr, se, df;
	size_t t;

	for (t = min_size; t + min_size <= n; t++) {
		ml = wb_stats_mean(x, t);
		mr = wb_stats_mean(x + t, n - t);
		vl = wb_stats_var(x, t);
		vr = wb_stats_var(x + t, n - t);
		se = sqrt(vl / t + vr / (n - t));
		df = wb_stats_welch_df(vl, t, vr, n - t);
		if (se > 0 && wb_stats_t_pvalue((mr - ml) / se, df) < 0.05)
			return (1);
	}
	return (0);
}

struct outcome {
	int	alarm;		/* any candidate */
	int	confirmed;	/* any candidate confirmed */
	int	near;		/* a candidate within 2 of the step, its side */
	int	exact;		/* ... at the step */
	int	hit;		/* ... at the step and confirmed */
	int	other;		/* one elsewhere confirmed (-T, -F) */
	long	nconf;		/* confirmations run (the cost) */
};

/* A candidate at "at", confirmed or not (ok): near the step, or at it. */
static void
place(struct outcome *out, size_t at, size_t step_at, int ok)
{

	if (at + 2 >= step_at && at <= step_at + 2)
		out->near = 1;
	if (at == step_at) {
		out->exact = 1;
		out->hit |= ok;
	}
}

/*
 * Run the detector on x[0..n-1] at opts o; candidates at indexes not
 * yet measured (seen 0) are confirmed (seen 2) or rejected (seen 1).
 * Only a look with counts set counts toward near, exact and hit
 * (online: the looks after the step).
 */
static void
look(struct sim *s, const double *x, size_t n, const struct wb_cp_opts *o,
    size_t step_at, char *seen, int counts, struct outcome *out)
{
	struct wb_cp_result r;
	struct wb_err e;
	const struct wb_cp *c;
	size_t i;
	int ok, side;

	if (wb_changepoint_find(x, n, o, &r, &e) == -1)
		errx(1, "%s", e.msg);
	for (i = 0; i < r.ncps; i++) {
		c = &r.cps[i];
		out->alarm = 1;
		side = s->step == 0 || (c->ratio > 1) == (s->step > 0);
		ok = 0;
		if (!seen[c->at]) {
			seen[c->at] = 1;
			out->nconf++;
			ok = confirm(s, c->at, step_at, c->ratio);
			out->confirmed |= ok;
		} else
			ok = seen[c->at] == 2;
		if (ok)
			seen[c->at] = 2;
		if (!counts || !side)
			continue;
		place(out, c->at, step_at, ok);
	}
	wb_changepoint_result_free(&r);
}

/* One series, offline or online, the step at step_at, cut at n. */
static void
run(struct sim *s, size_t n, size_t step_at, int online, double alpha,
    struct outcome *out)
{
	double x[MAXN];
	char seen[MAXN];
	struct wb_cp_opts o;
	size_t k;

	memset(out, 0, sizeof(*out));
	memset(seen, 0, sizeof(seen));
	o = s->o;
	o.alpha = alpha;
	o.seed = wb_splitmix_next(&s->rng);
	series(s, x, n, step_at);
	if (!online) {
		look(s, x, n, &o, step_at, seen, 1, out);
		return;
	}
	for (k = 2 * o.min_size; k <= n; k++)
		look(s, x, k, &o, step_at, seen, k > step_at, out);
}

/* Wilson's 95% interval of k in reps, printed in percent. */
static void
show(const char *what, long k, long reps)
{
	double p, lo, hi;

	wb_stats_wilson95(k, reps, &p, &lo, &hi);
	printf("  %s %6.2f%% [%5.2f, %5.2f]", what, 100 * p, 100 * lo,
	    100 * hi);
}

static void
false_alarms(struct sim *s)
{
	struct outcome out;
	double x[MAXN], step;
	long r, al[2], co[2], nv;
	int online;

	step = s->step;
	s->step = 0;
	al[1] = co[1] = 0;
	for (online = 0; online < 2 - s->offline_only; online++) {
		al[online] = co[online] = 0;
		for (r = 0; r < s->reps; r++) {
			run(s, s->nrel, s->nrel, online, online ?
			    s->alpha_online : s->o.alpha, &out);
			al[online] += out.alarm;
			co[online] += out.confirmed;
		}
	}
	for (nv = 0, r = 0; r < s->reps; r++) {
		series(s, x, s->nrel, s->nrel);
		nv += naive(x, s->nrel, s->o.min_size);
	}
	s->step = step;
	printf("false alarms, %zu releases, no step:\n", s->nrel);
	printf("  offline (alpha %g): ", s->o.alpha);
	show("alarm", al[0], s->reps);
	show("confirmed", co[0], s->reps);
	if (s->offline_only) {
		putchar('\n');
		return;
	}
	printf("\n  online (alpha %g per look):", s->alpha_online);
	show("alarm", al[1], s->reps);
	show("confirmed", co[1], s->reps);
	printf("\n  naive (best split's Welch p < 0.05):");
	show("alarm", nv, s->reps);
	putchar('\n');
}

static void
detection(struct sim *s)
{
	static const size_t hs[] = { 3, 5, 10 };
	struct outcome out;
	long r, near, exact, hit;
	size_t i, at;
	int online;

	at = s->nrel - 10;
	printf("detection of a %+.1f%% step at release %zu:\n",
	    100 * s->step, at);
	for (online = 0; online < 2; online++)
		for (i = 0; i < sizeof(hs) / sizeof(hs[0]); i++) {
			near = exact = hit = 0;
			for (r = 0; r < s->reps; r++) {
				run(s, at + hs[i], at, online, online ?
				    s->alpha_online : s->o.alpha, &out);
				near += out.near;
				exact += out.exact;
				hit += out.hit;
			}
			printf("  %-7s h=%-2zu", online ? "online" : "offline",
			    hs[i]);
			show("near", near, s->reps);
			show("exact", exact, s->reps);
			show("confirmed", hit, s->reps);
			putchar('\n');
		}
}

/*
 * CPU time of 100 offline series of N releases (no step, then a step),
 * at the library's default permutations.
 */
static void
timing(struct sim *s)
{
	struct timespec a, b;
	struct outcome out;
	double t[2];
	unsigned r;
	int i, k;

	r = s->o.permutations;
	s->o.permutations = WB_CP_PERMUTATIONS;
	for (k = 0; k < 2; k++) {
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
		for (i = 0; i < 100; i++)
			run(s, s->nrel, k == 0 ? s->nrel : s->nrel / 2, 0,
			    s->o.alpha, &out);
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
		t[k] = (double)(b.tv_sec - a.tv_sec) +
		    (double)(b.tv_nsec - a.tv_nsec) / 1e9;
	}
	s->o.permutations = r;
	printf("time, 100 series of %zu releases, offline, %u permutations: "
	    "%.3f s with no step, %.3f s with a step in the middle\n",
	    s->nrel, WB_CP_PERMUTATIONS, t[0], t[1]);
}

/*
 * -T, -F: the tail test's looks after every release of x[0..n-1]
 * replayed (wb_cp_tail_find), floored at the series' last confirmed
 * change `after' when floor (what history changes sets; -F, without
 * and with); the boundaries proposed after it (after 0: every one, -T)
 * each confirmed once, against a real step at step_at (n or more:
 * none).  A boundary confirmed elsewhere than step_at is a false alarm
 * (other).
 */
static void
replay(struct sim *s, const double *x, size_t n, size_t after, int floor,
    size_t step_at, struct outcome *out)
{
	struct wb_cp_tail_opts o;
	struct wb_cp_tail_result r;
	const struct wb_cp_tail *c;
	struct wb_err e;
	size_t i;
	int ok;

	memset(out, 0, sizeof(*out));
	wb_cp_tail_opts_init(&o);
	o.alpha = s->tail_alpha;
	o.side = s->step < 0 ? -1 : 1;
	o.floor = floor ? after : 0;
	if (wb_cp_tail_find(x, n, &o, &r, &e) == -1)
		errx(1, "%s", e.msg);
	for (i = 0; i < r.ncps; i++) {
		c = &r.cps[i];
		if (after > 0 && c->at <= after)
			continue;
		out->alarm = 1;
		out->nconf++;
		ok = confirm(s, c->at, step_at, c->ratio);
		out->confirmed |= ok;
		if (c->at != step_at)
			out->other |= ok;
		place(out, c->at, step_at, ok);
	}
	wb_cp_tail_result_free(&r);
}

/* The detectors of the two-stage blocks (-G, -T). */
enum detector { OFFLINE, ONLINE, TAIL };

/* One series of n releases, the step at step_at, through detector d. */
static void
trial(struct sim *s, enum detector d, double alpha, size_t n, size_t step_at,
    struct outcome *out)
{
	double x[MAXN];

	if (d != TAIL) {
		run(s, n, step_at, d == ONLINE, alpha, out);
		return;
	}
	series(s, x, n, step_at);
	replay(s, x, n, 0, 0, step_at, out);
}

/* A two-stage block's counts over s->reps series a case. */
struct stages {
	long	al, co, nc;		/* no step: alarms and cost */
	long	near, exact, hit, nc3;	/* a step at N - 10, h = 3 */
};

/*
 * -G, -T: detector d at alpha on series with no step, then with the
 * step at N - 10 seen 3 releases later; the two lines that follow a
 * block's heading (the step's release named when where).
 */
static void
stages(struct sim *s, enum detector d, double alpha, int where)
{
	struct stages t;
	struct outcome out;
	double step;
	size_t at;
	long r;

	memset(&t, 0, sizeof(t));
	at = s->nrel - 10;
	step = s->step;
	s->step = 0;
	for (r = 0; r < s->reps; r++) {
		trial(s, d, alpha, s->nrel, s->nrel, &out);
		t.al += out.alarm;
		t.co += out.confirmed;
		t.nc += out.nconf;
	}
	s->step = step;
	for (r = 0; r < s->reps; r++) {
		trial(s, d, alpha, at + 3, at, &out);
		t.near += out.near;
		t.exact += out.exact;
		t.hit += out.hit;
		t.nc3 += out.nconf;
	}
	if (d == TAIL)
		printf("tail    candidates at %-6g confirmation %zu pairs at "
		    "%g (one-sided %g):\n", alpha, s->pairs, s->conf_level,
		    s->conf_level / 2);
	else
		printf("%-7s candidates at %-6g confirmation %zu pairs at "
		    "%g:\n", d == ONLINE ? "online" : "offline", alpha,
		    s->pairs, s->conf_level);
	printf("  no step, %zu releases:", s->nrel);
	show("alarm", t.al, s->reps);
	show("confirmed", t.co, s->reps);
	printf("  confirmations a series %.2f\n", (double)t.nc /
	    (double)s->reps);
	printf("  %+.1f%% step", 100 * s->step);
	if (where)
		printf(" at %zu", at);
	printf(", h=3:");
	show("near", t.near, s->reps);
	show("exact", t.exact, s->reps);
	show("confirmed", t.hit, s->reps);
	printf("  confirmations a series %.2f\n", (double)t.nc3 /
	    (double)s->reps);
}

/*
 * -G: for the candidate levels -a (one look) and -o (a look after every
 * release), one block each: the false alarms of a series with no step,
 * alarmed and confirmed, and the confirmations run a series; then the
 * step seen 3 releases later: near, exact, confirmed, and confirmations
 * a series.
 */
static void
grid(struct sim *s)
{

	stages(s, OFFLINE, s->o.alpha, 0);
	stages(s, ONLINE, s->alpha_online, 0);
}

/* A series of n releases, a step at b and another at b2 (n: none). */
static void
two_steps(struct sim *s, double *x, size_t n, size_t b, size_t b2)
{
	size_t i;

	series(s, x, n, b);
	for (i = b2; i < n; i++)
		x[i] += log1p(s->step);
}

/*
 * -F: a step at b = N - 20, confirmed, then 20 releases at its level,
 * without and with the floor at b: the boundaries after b proposed
 * (confirmations a series, the cost) and confirmed (false alarms);
 * then a second step d releases after b, seen 3 releases later: found
 * and confirmed.
 */
static void
tail_after(struct sim *s)
{
	static const size_t ds[] = { 5, 10, 15 };
	struct outcome out;
	double x[MAXN];
	long r, nc, fa, hits;
	size_t b, b2, i;
	int floor;

	b = s->nrel - 20;
	printf("tail after a confirmed %+.1f%% step at %zu, 20 releases "
	    "after it:\n", 100 * s->step, b);
	for (floor = 0; floor < 2; floor++) {
		nc = fa = 0;
		for (r = 0; r < s->reps; r++) {
			two_steps(s, x, s->nrel, b, s->nrel);
			replay(s, x, s->nrel, b, floor, s->nrel, &out);
			nc += out.nconf;
			fa += out.other;
		}
		printf("  %-8s confirmations a series %5.2f", floor ?
		    "floor" : "no floor", (double)nc / (double)s->reps);
		show("confirmed false", fa, s->reps);
		putchar('\n');
	}
	for (i = 0; i < sizeof(ds) / sizeof(ds[0]); i++)
		for (floor = 0; floor < 2; floor++) {
			b2 = b + ds[i];
			hits = nc = 0;
			for (r = 0; r < s->reps; r++) {
				two_steps(s, x, b2 + 3, b, b2);
				replay(s, x, b2 + 3, b, floor, b2, &out);
				hits += out.hit;
				nc += out.nconf;
			}
			printf("  second step %2zu after, h=3, %-8s", ds[i],
			    floor ? "floor" : "no floor");
			show("exact+confirmed", hits, s->reps);
			printf("  confirmations %5.2f\n", (double)nc /
			    (double)s->reps);
		}
}

int
main(int argc, char **argv)
{
	struct sim s;
	const char *p;
	int ch, i;

	memset(&s, 0, sizeof(s));
	wb_changepoint_opts_init(&s.o);
	s.rng = 20261;
	s.alpha_online = WB_CP_ALPHA_ONLINE;
	s.o.permutations = WB_CP_PERMUTATIONS_ONLINE;
	s.nrel = 50;
	s.reps = 2000;
	s.pairs = 10;
	s.conf_level = 0.05;
	while ((ch = getopt(argc, argv, "a:c:e:fFGm:M:N:n:o:p:R:s:T:")) != -1) {
		switch (ch) {
		case 'a':
			s.o.alpha = arg_number(optarg, ":", 1e-6, 0.5, "alpha");
			break;
		case 'c':
			s.conf_level = arg_number(optarg, ":", 1e-6, 0.5,
			    "confirmation level");
			break;
		case 'G':
			s.grid = 1;
			break;
		case 'e':
			s.o.exponent = arg_number(optarg, ":", 0.01, 2,
			    "exponent");
			break;
		case 'f':
			s.offline_only = 1;
			break;
		case 'F':
			s.tail_floor = 1;
			break;
		case 'm':
			s.o.min_size = (size_t)arg_number(optarg, ":", 2, 100,
			    "minimum size");
			break;
		case 'M':
			if (strcmp(optarg, "normal") == 0)
				s.t3 = 0;
			else if (strcmp(optarg, "t3") == 0)
				s.t3 = 1;
			else
				errx(EX_USAGE, "bad model '%s'", optarg);
			break;
		case 'N':
			s.nrel = (size_t)arg_number(optarg, ":", 20, MAXN,
			    "releases");
			break;
		case 'n':
			s.reps = (long)arg_number(optarg, ":", 1, 1e9,
			    "series");
			break;
		case 'o':
			s.alpha_online = arg_number(optarg, ":", 1e-6, 0.5,
			    "online alpha");
			break;
		case 'p':
			s.pairs = (size_t)arg_number(optarg, ":", 2, MAXP,
			    "pairs");
			break;
		case 'R':
			s.o.permutations = (unsigned)arg_number(optarg, ":",
			    1, 1e6, "permutations");
			break;
		case 's':
			s.rng = (uint64_t)arg_number(optarg, ":", 0, 1e15,
			    "seed");
			break;
		case 'T':
			s.tail_alpha = arg_number(optarg, ":", 1e-6, 0.5,
			    "tail alpha");
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		usage();
	for (i = 0; i < argc; i++) {
		s.sigma = arg_number(argv[i], ":", 1e-7, 1, "sigma");
		if ((p = strchr(argv[i], ':')) == NULL)
			errx(EX_USAGE, "'%s': want sigma:pair-sigma:step",
			    argv[i]);
		s.psigma = arg_number(p + 1, ":", 1e-7, 1, "pair sigma");
		if ((p = strchr(p + 1, ':')) == NULL)
			errx(EX_USAGE, "'%s': want sigma:pair-sigma:step",
			    argv[i]);
		s.step = arg_number(p + 1, ":", -0.5, 1, "step");
		printf("# %s noise, sigma %g per release; confirmation %zu "
		    "pairs of sigma %g; exponent %g, min size %zu, %u "
		    "permutations, %ld series per line\n", s.t3 ? "t3" :
		    "normal", s.sigma, s.pairs, s.psigma, s.o.exponent,
		    s.o.min_size, s.o.permutations, s.reps);
		if (s.tail_alpha > 0 && s.tail_floor) {
			tail_after(&s);
			fflush(stdout);
			continue;
		}
		if (s.tail_alpha > 0) {
			stages(&s, TAIL, s.tail_alpha, 1);
			fflush(stdout);
			continue;
		}
		if (s.grid) {
			grid(&s);
			fflush(stdout);
			continue;
		}
		false_alarms(&s);
		if (s.offline_only)
			continue;
		detection(&s);
		timing(&s);
		fflush(stdout);
	}
	return (0);
}
