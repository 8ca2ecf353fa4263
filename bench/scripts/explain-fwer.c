/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * explain-fwer: how often worldbench explain calls something proven when
 * no knob does anything (issue 31), simulated through the library's own
 * estimation and judgement (wb_explain_effects, wb_explain_family,
 * lib/explain_*.c).
 *
 * A simulated table is what "make explain" produces: a full 2^k design
 * (k = 3 by default: 8 points), every effect up to order k (7), t tests
 * (5) and the final score (the mean of the tests' log indexes in each
 * point and round), r interleaved rounds (6) used as blocks (paired).
 * Each log rate is a round's drift (common to every point and test,
 * which the blocks cancel) plus noise of the test's own, lognormal, its
 * sd log-spaced from cv to 6 cv over the tests.  No knob has an effect.
 *
 * Rules compared, each over the verdicts the report prints:
 *   old, effects:  Holm over each row's effects alone (explain before
 *                  issue 31), counting the effects only;
 *   old, all:      the same, and each row's target / base at an
 *                  unadjusted 1 - alpha, as that report also judged it;
 *   new:           one family (wb_explain_family): every effect, target
 *                  / base and unexplained rest of every row, Holm, each
 *                  judged by compare's rule.
 * A table is a false positive when any verdict says faster or slower.
 *
 * usage: explain-fwer [-c cv] [-d drift] [-k factors] [-n tables]
 *            [-r rounds] [-s seed] [-t tests]
 *
 * Prints per rule the family-wise false-positive rate with Wilson's 95%
 * interval and the mean number of false verdicts per table, and for the
 * new rule how many effects say inconclusive.  Exit status 1 when the new
 * rule's interval lies wholly above 5%.
 */
#include <err.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "simarg.h"
#include "wb_explain.h"
#include "wb_stats.h"
#include "wb_util.h"

#define MAXTESTS	32
#define MAXROUNDS	200
#define CONF		0.95

struct sim {
	uint64_t		 rng;
	double			 cv, drift;
	size_t			 k, tests, rounds;
	long			 tables;
	struct wb_design	*d;
	double			 sd[MAXTESTS];
	/* y[row][run][round]: the tests, then the final */
	double			*y;
};

/* Per rule: tables with a false verdict, and false verdicts in all. */
struct count {
	long	tables;
	long	verdicts;
};

struct tally {
	struct count	old_eff, old_all, new_all;
	long		inconclusive, effects;
	size_t		m;		/* the new rule's family */
};

static void
usage(void)
{

	fprintf(stderr, "usage: explain-fwer [-c cv] [-d drift] [-k factors] "
	    "[-n tables]\n"
	    "           [-r rounds] [-s seed] [-t tests]\n");
	exit(EX_USAGE);
}

static double *
at(struct sim *s, size_t row, size_t run, size_t round)
{

	return (&s->y[(row * s->d->nruns + run) * s->rounds + round]);
}

/* One table's log rates under the null. */
static void
draw(struct sim *s)
{
	double shift;
	size_t t, i, j;

	for (j = 0; j < s->rounds; j++) {
		shift = s->drift * wb_splitmix_gauss(&s->rng);
		for (i = 0; i < s->d->nruns; i++) {
			*at(s, s->tests, i, j) = 0;
			for (t = 0; t < s->tests; t++) {
				*at(s, t, i, j) = shift + s->sd[t] *
				    wb_splitmix_gauss(&s->rng);
				*at(s, s->tests, i, j) += *at(s, t, i, j) /
				    (double)s->tests;
			}
		}
	}
}

/* The result of one table, estimated as explain does, not yet judged. */
static struct wb_explain_result *
estimate(struct sim *s)
{
	const double *yy[64];
	struct wb_explain_result *x;
	struct wb_explain_row *r;
	size_t n[64], row, i;
	struct wb_err e;

	if ((x = calloc(1, sizeof(*x))) == NULL ||
	    (x->rows = calloc(s->tests + 1, sizeof(*x->rows))) == NULL)
		err(EX_OSERR, "calloc");
	x->maxorder = (int)s->k;
	x->conf = CONF;
	for (row = 0; row <= s->tests; row++) {
		r = &x->rows[x->nrows++];
		if ((r->id = strdup(row < s->tests ? "test" : "final")) ==
		    NULL || (r->name = strdup(r->id)) == NULL)
			err(EX_OSERR, "strdup");
		r->rounds = s->rounds;
		for (i = 0; i < s->d->nruns; i++) {
			yy[i] = at(s, row, i, 0);
			n[i] = s->rounds;
		}
		if ((r->ef = wb_explain_effects(s->d, yy, n, 1, x->maxorder,
		    CONF, &e)) == NULL)
			errx(1, "%s", e.msg);
	}
	return (x);
}

/* The old rule: Holm over each row's effects; totals unadjusted. */
static void
judge_old(const struct wb_explain_result *x, struct tally *t)
{
	const struct wb_explain_effects *ef;
	double p[64], adj[64];
	long neff = 0, nall = 0;
	struct wb_err e;
	size_t i, j;

	for (i = 0; i < x->nrows; i++) {
		ef = x->rows[i].ef;
		for (j = 0; j < ef->neff; j++)
			p[j] = ef->eff[j].w.have_ci ? ef->eff[j].w.p : NAN;
		if (wb_stats_adjust_p(WB_ADJ_HOLM, p, ef->neff, adj, &e) == -1)
			errx(1, "%s", e.msg);
		for (j = 0; j < ef->neff; j++)
			neff += !isnan(adj[j]) && adj[j] < 1 - CONF;
		nall += ef->have_total && ef->total.have_ci &&
		    (ef->total.lo > 1 || ef->total.hi < 1);
	}
	t->old_eff.tables += neff > 0;
	t->old_eff.verdicts += neff;
	t->old_all.tables += neff + nall > 0;
	t->old_all.verdicts += neff + nall;
}

/* The new rule: the library's one family. */
static void
judge_new(struct wb_explain_result *x, struct tally *t)
{
	const struct wb_explain_row *r;
	struct wb_err e;
	long n = 0;
	size_t i, j;

	if (wb_explain_family(x, &e) == -1)
		errx(1, "%s", e.msg);
	for (i = 0; i < x->nrows; i++) {
		r = &x->rows[i];
		n += r->ef->have_total && wb_explain_proven(r->total_verdict);
		n += r->ef->have_total && r->ef->unexplained.have_ci &&
		    wb_explain_proven(r->unexplained_verdict);
		for (j = 0; j < r->ef->neff; j++) {
			n += wb_explain_proven(r->verdict[j]);
			t->inconclusive += r->verdict[j] == WB_V_INCONCLUSIVE;
			t->effects++;
		}
	}
	t->m = x->family;
	t->new_all.tables += n > 0;
	t->new_all.verdicts += n;
}

/* Wilson's 95% interval of k in n, in percent. */
static void
wilson(long k, long n, double *p, double *lo, double *hi)
{

	wb_stats_wilson95(k, n, p, lo, hi);
	*p *= 100;
	*lo *= 100;
	*hi *= 100;
}

static void
show(const char *rule, const struct count *c, long tables)
{
	double p, lo, hi;

	wilson(c->tables, tables, &p, &lo, &hi);
	printf("  %-13s family-wise %6.2f%% [%5.2f, %5.2f]  false verdicts "
	    "per table %.3f\n", rule, p, lo, hi, (double)c->verdicts /
	    (double)tables);
}

int
main(int argc, char **argv)
{
	struct wb_explain_result *x;
	struct tally t;
	struct sim s;
	struct wb_err e;
	double p, lo, hi;
	long i;
	size_t j;
	int ch;

	memset(&s, 0, sizeof(s));
	s.rng = 31;
	s.cv = 0.01;
	s.drift = 0.02;
	s.k = 3;
	s.tests = 5;
	s.rounds = 6;
	s.tables = 10000;
	while ((ch = getopt(argc, argv, "c:d:k:n:r:s:t:")) != -1) {
		switch (ch) {
		case 'c':
			s.cv = arg_number(optarg, "", 1e-6, 1, "cv");
			break;
		case 'd':
			s.drift = arg_number(optarg, "", 0, 1, "drift");
			break;
		case 'k':
			s.k = (size_t)arg_number(optarg, "", 1, 6, "factors");
			break;
		case 'n':
			s.tables = (long)arg_number(optarg, "", 1, 1e8,
			    "tables");
			break;
		case 'r':
			s.rounds = (size_t)arg_number(optarg, "", 2, MAXROUNDS,
			    "rounds");
			break;
		case 's':
			s.rng = (uint64_t)arg_number(optarg, "", 0, 1e15,
			    "seed");
			break;
		case 't':
			s.tests = (size_t)arg_number(optarg, "", 1, MAXTESTS,
			    "tests");
			break;
		default:
			usage();
		}
	}
	if (optind != argc)
		usage();
	if ((s.d = wb_design_new(s.k, NULL, NULL, 0, &e)) == NULL)
		errx(1, "%s", e.msg);
	for (j = 0; j < s.tests; j++)
		s.sd[j] = s.cv * pow(6, s.tests > 1 ? (double)j /
		    (double)(s.tests - 1) : 0);
	if ((s.y = calloc((s.tests + 1) * s.d->nruns * s.rounds,
	    sizeof(*s.y))) == NULL)
		err(EX_OSERR, "calloc");
	memset(&t, 0, sizeof(t));
	for (i = 0; i < s.tables; i++) {
		draw(&s);
		x = estimate(&s);
		judge_old(x, &t);
		judge_new(x, &t);
		wb_explain_result_free(x);
	}
	printf("# 2^%zu full factorial (%zu points, %zu effects), %zu tests "
	    "and the final, %zu rounds paired, noise cv %g..%g, drift %g; "
	    "%ld tables, no real effect\n", s.k, s.d->nruns, s.d->nruns - 1,
	    s.tests, s.rounds, s.cv, 6 * s.cv, s.drift, s.tables);
	show("old, effects", &t.old_eff, s.tables);
	show("old, all", &t.old_all, s.tables);
	show("new", &t.new_all, s.tables);
	printf("  new: one family of m = %zu\n", t.m);
	printf("  new: %.1f%% of effects inconclusive (compare's rule: "
	    "interval beyond [%.2f, %.2f] or df <= %d)\n", 100 *
	    (double)t.inconclusive / (double)t.effects, WB_LARGE_LO,
	    WB_LARGE_HI, WB_FEW_DF);
	wb_design_free(s.d);
	free(s.y);
	wilson(t.new_all.tables, s.tables, &p, &lo, &hi);
	return (lo > 5);
}
