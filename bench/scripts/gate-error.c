/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * gate-error: the error rates of the check-release performance gate,
 * simulated through the library's own row decision (wb_release_gate_row,
 * lib/release/release_gate.c).  A simulated release has m gated rows, each
 * judged on n paired log ratios drawn as ln(ratio) + sigma * N(0, 1)
 * (wb_stats_paired_log: Student's t, n - 1 df); the release FAILs when some
 * row fails, PASSes when every row passes, else is inconclusive.  The
 * rows are drawn independently; the intersection-union bound of a PASS
 * and the Bonferroni bound of a FAIL hold under any dependence, such as
 * that of the final score on the tests.
 *
 * Scenarios, at the limit L = 1 - limit/100:
 *   a  every row's true ratio exactly L: a PASS is an error (at most
 *      alpha), and so is a FAIL (L itself is within the limit; at most
 *      alpha family-wise, nearly attained here);
 *   b  every row's ratio 1 (A/A): a FAIL is an error; the PASS rate is
 *      the gate's power;
 *   c  one row at L, the others at 1: a PASS is an error (at most alpha,
 *      attained as the other rows become certain to pass), and so is a
 *      FAIL.
 * Each line also gives the rates of the old rule (two-sided intervals at
 * 1 - alpha/m for both directions), for comparison.
 *
 * usage: gate-error [-a alpha] [-l limit%] [-m rows] [-n replications]
 *            [-p pairs] [-s seed] sigma ...
 *
 * Prints, per sigma and scenario, the fractions of PASS, FAIL and
 * INCONCLUSIVE releases with Wilson 95% intervals.  Exit status 1 when
 * an error rate's interval lies wholly above alpha.
 */
#include <err.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sysexits.h>
#include <unistd.h>

#include "simarg.h"
#include "wb_release.h"
#include "wb_stats.h"
#include "wb_util.h"

#define MAXROWS		64
#define MAXPAIRS	1000

struct sim {
	uint64_t	 rng;
	double		 alpha;
	double		 limit;		/* L */
	double		 sigma;
	size_t		 m;
	size_t		 n;
	long		 reps;
};

/* Releases by verdict: the new rule, and the old one. */
struct tally {
	long	 pass, fail, inc;
	long	 opass, ofail;
};

static void
usage(void)
{

	fprintf(stderr, "usage: gate-error [-a alpha] [-l limit%%] [-m rows] "
	    "[-n replications]\n"
	    "           [-p pairs] [-s seed] sigma ...\n");
	exit(EX_USAGE);
}

/* The verdict of the old rule: two-sided at 1 - alpha/m both ways. */
static enum wb_check_status
old_row(const struct sim *s, const struct wb_welch *w)
{
	double q;

	if (!w->have_ci || !(w->se > 0))
		return (WB_CHECK_INCONCLUSIVE);
	q = wb_stats_t_quantile(1 - s->alpha / (2 * (double)s->m), w->df);
	if (exp(w->diff - q * w->se) > s->limit)
		return (WB_CHECK_PASS);
	if (exp(w->diff + q * w->se) < s->limit)
		return (WB_CHECK_FAIL);
	return (WB_CHECK_INCONCLUSIVE);
}

/* One release: row 0 at ratio0, the others at ratio. */
static void
release(struct sim *s, double ratio0, double ratio, struct tally *t)
{
	double a[MAXPAIRS], b[MAXPAIRS], mu;
	struct wb_gate_row g;
	struct wb_welch w;
	struct wb_err e;
	size_t i, j;
	int all, any, oall, oany;
	enum wb_check_status o;

	all = oall = 1;
	any = oany = 0;
	for (j = 0; j < s->m; j++) {
		mu = log(j == 0 ? ratio0 : ratio);
		for (i = 0; i < s->n; i++) {
			a[i] = 1;
			b[i] = exp(mu + s->sigma * wb_splitmix_gauss(&s->rng));
		}
		if (wb_stats_paired_log(a, b, s->n, 1 - s->alpha, &w, &e) == -1)
			errx(1, "%s", e.msg);
		wb_release_gate_row(w.diff, w.have_ci ? w.se : 0, w.df,
		    s->limit, s->alpha, s->m, &g);
		all &= g.st == WB_CHECK_PASS;
		any |= g.st == WB_CHECK_FAIL;
		o = old_row(s, &w);
		oall &= o == WB_CHECK_PASS;
		oany |= o == WB_CHECK_FAIL;
	}
	if (any)
		t->fail++;
	else if (all)
		t->pass++;
	else
		t->inc++;
	if (oany)
		t->ofail++;
	else if (oall)
		t->opass++;
}

/* Wilson's 95% interval of k in reps, in percent. */
static void
rate(long k, long reps, double *p, double *lo, double *hi)
{

	wb_stats_wilson95(k, reps, p, lo, hi);
	*p *= 100;
	*lo *= 100;
	*hi *= 100;
}

/* Prints one rate; returns 1 when it is an error rate proven above alpha. */
static int
show(const char *what, long k, const struct sim *s, int error)
{
	double p, lo, hi;

	rate(k, s->reps, &p, &lo, &hi);
	printf("  %s %6.2f%% [%5.2f, %5.2f]%s", what, p, lo, hi,
	    error ? (lo > 100 * s->alpha ? " ABOVE" : " ok") : "");
	return (error && lo > 100 * s->alpha);
}

/* No row is beyond the limit: a FAIL is always an error. */
static int
scenario(struct sim *s, const char *name, double ratio0, double ratio,
    int pass_error)
{
	struct tally t = { 0, 0, 0, 0, 0 };
	long r;
	int bad;

	for (r = 0; r < s->reps; r++)
		release(s, ratio0, ratio, &t);
	printf("sigma %.3f %s:", s->sigma, name);
	bad = show("PASS", t.pass, s, pass_error);
	bad |= show("FAIL", t.fail, s, 1);
	(void)show("INCONCLUSIVE", t.inc, s, 0);
	printf("\n    old rule:");
	(void)show("PASS", t.opass, s, 0);
	(void)show("FAIL", t.ofail, s, 0);
	putchar('\n');
	return (bad);
}

int
main(int argc, char **argv)
{
	struct sim s;
	double l;
	int ch, bad, i;

	s.rng = 20260;
	s.alpha = 0.05;
	l = 5;
	s.m = 13;
	s.n = 8;
	s.reps = 20000;
	while ((ch = getopt(argc, argv, "a:l:m:n:p:s:")) != -1) {
		switch (ch) {
		case 'a':
			s.alpha = arg_number(optarg, "", 1e-6, 0.5, "alpha");
			break;
		case 'l':
			l = arg_number(optarg, "", 0.01, 99, "limit");
			break;
		case 'm':
			s.m = (size_t)arg_number(optarg, "", 1, MAXROWS,
			    "rows");
			break;
		case 'n':
			s.reps = (long)arg_number(optarg, "", 1, 1e9,
			    "replications");
			break;
		case 'p':
			s.n = (size_t)arg_number(optarg, "", 2, MAXPAIRS,
			    "pairs");
			break;
		case 's':
			s.rng = (uint64_t)arg_number(optarg, "", 0, 1e15,
			    "seed");
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		usage();
	s.limit = 1 - l / 100;
	printf("# %zu rows of %zu pairs, limit %.4f (-%g%%), alpha %g, "
	    "%ld releases per line; old rule: two-sided at 1 - alpha/m\n",
	    s.m, s.n, s.limit, l, s.alpha, s.reps);
	bad = 0;
	for (i = 0; i < argc; i++) {
		s.sigma = arg_number(argv[i], "", 1e-6, 10, "sigma");
		bad |= scenario(&s, "a (all rows at the limit)", s.limit,
		    s.limit, 1);
		bad |= scenario(&s, "b (A/A: all rows at 1)", 1, 1, 0);
		bad |= scenario(&s, "c (one row at the limit, others 1)",
		    s.limit, 1, 1);
	}
	return (bad);
}
