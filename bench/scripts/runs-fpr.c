/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * runs-fpr: the false-positive rate of worldbench compare when the
 * results come from several runs (issue 12 point 4, issue 13), simulated.
 * Two variants with no difference at all; each run holds both,
 * interleaved (paired by round), as every node run of a Slurm array
 * does.  Every run adds a run-level effect to each variant: a lognormal
 * factor with the given sd (default 1%), the same for all tests of that
 * variant in that run (the node, its page cache, its clock) -- the kind
 * of effect that pairing within a run cannot cancel.
 *
 * Each simulated set is compared three ways through lib/stats/compare_core.c:
 *	separate: one run per variant (the base's passes from run 1, the
 *	    other's from run 2): files of separate runs, Welch's t on the
 *	    passes, as compare treats them (with its note);
 *	pooled:	every run's passes of a variant in one file, paired by
 *	    round as if one run: the passes are the units;
 *	blocked: the files as collected, runs as units (compare now).
 *
 * Noise: 12 tests whose per-pass coefficient of variation runs from cv
 * to 6 cv (log-spaced; -c, default 5%), lognormal, plus a drift common
 * to both variants in each round (-d, default 10%), which the pairing
 * cancels.
 *
 * usage: runs-fpr [-c cv] [-d drift] [-e effect] [-n sims] [-p passes]
 *            [-s seed] runs ...
 *
 * Prints per number of runs and way three false-positive rates: the
 * final score's unadjusted 95% test, its verdict as compare reports it
 * (in the Holm family of the 12 tests and the final score), and sets
 * with any significant row (the family-wise rate Holm holds to 5%).
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
#define MAXRUNS		64

enum way { W_SEPARATE, W_POOLED, W_BLOCKED, W_N };

static const char *const way_names[W_N] = { "separate", "pooled",
    "blocked" };

struct sim {
	uint64_t	rng;
	double		effect;
	double		cv;		/* the least noisy test's */
	double		drift;
	int		passes;
	size_t		nruns;
	double		sd[NTESTS];
	/* rate[run][variant][test][pass] */
	double		*rate;
};

static double *
at(struct sim *s, size_t r, size_t v, size_t k, int p)
{

	return (&s->rate[((r * 2 + v) * NTESTS + k) * (size_t)s->passes +
	    (size_t)p]);
}

/* One set of nruns runs under the null. */
static void
draw(struct sim *s)
{
	double u[2], drift, e;
	size_t r, v, k;
	int p;

	for (r = 0; r < s->nruns; r++) {
		u[0] = s->effect * wb_splitmix_gauss(&s->rng);
		u[1] = s->effect * wb_splitmix_gauss(&s->rng);
		for (k = 0; k < NTESTS; k++)
			for (p = 0; p < s->passes; p++) {
				drift = s->drift * wb_splitmix_gauss(&s->rng);
				for (v = 0; v < 2; v++) {
					e = wb_splitmix_gauss(&s->rng);
					*at(s, r, v, k, p) = 1000 * exp(u[v] +
					    drift + s->sd[k] * e);
				}
			}
	}
}

static struct wb_results *
new_results(const char *label, const char *run_id)
{
	struct wb_results *r;
	struct wb_err e;
	char id[16];
	size_t k;

	if ((r = wb_results_new(&e)) == NULL)
		errx(EX_OSERR, "%s", e.msg);
	r->status = WB_RESULTS_COMPLETE;
	if (wb_results_set_provenance(r, "label", json_string(label),
	    &e) == -1 || wb_results_set_plan(r, "run_id",
	    json_string(run_id), &e) == -1)
		errx(EX_OSERR, "%s", e.msg);
	for (k = 0; k < NTESTS; k++) {
		snprintf(id, sizeof(id), "t%zu", k);
		if (wb_results_add_test(r, id, id, "lps", 1, 10.0, 3, 10,
		    &e) == NULL)
			errx(EX_SOFTWARE, "%s", e.msg);
	}
	return (r);
}

/* Variant v's passes of run r into res, numbered from pass0 + 1. */
static void
fill(struct sim *s, struct wb_results *res, size_t r, size_t v, int pass0)
{
	struct wb_sample smp;
	struct wb_err e;
	size_t k;
	int p;

	for (k = 0; k < NTESTS; k++)
		for (p = 0; p < s->passes; p++) {
			memset(&smp, 0, sizeof(smp));
			smp.pass = pass0 + p + 1;
			smp.status = WB_SAMPLE_OK;
			smp.copies = 1;
			smp.elapsed = 10;
			smp.rate = *at(s, r, v, k, p);
			smp.count = smp.rate * 10;
			if (wb_results_add_sample(res->tests[k], &smp,
			    &e) == -1)
				errx(EX_SOFTWARE, "%s", e.msg);
		}
}

static int
sig(int v)
{

	return (v == WB_V_FASTER || v == WB_V_SLOWER);
}

/*
 * Compares nv files; sets raw (the final score's unadjusted p < 0.05),
 * final (its verdict as reported) and any (any row's).
 */
static void
judge(struct wb_results **v, size_t nv, int *raw, int *final, int *any)
{
	struct wb_compare c;
	struct wb_err e;
	size_t i;

	/* The test's own error rate: no negligible threshold. */
	if (wb_compare_build(v, nv, NULL, NULL, 0.95, WB_EST_UNIXBENCH,
	    WB_ADJ_HOLM, &c, &e) == -1 ||
	    wb_compare_set_negligible(&c, 0, WB_NEGL_OPTION, &e) == -1)
		errx(EX_SOFTWARE, "%s", e.msg);
	*raw = c.final[1].w.have_ci && c.final[1].w.p < 0.05;
	*final = sig(c.final[1].verdict);
	*any = *final;
	for (i = 0; i < c.nrows; i++)
		*any |= sig(c.rows[i].cells[1].verdict);
	wb_compare_fini(&c);
	for (i = 0; i < nv; i++)
		wb_results_free(v[i]);
}

static void
one(struct sim *s, int raw[W_N], int final[W_N], int any[W_N])
{
	struct wb_results *v[2 * MAXRUNS];
	char id[40];
	size_t r;

	draw(s);
	/* separate: the base of run 1 against the other of run 2. */
	v[0] = new_results("a", "run-a");
	v[1] = new_results("b", "run-b");
	fill(s, v[0], 0, 0, 0);
	fill(s, v[1], 1, 1, 0);
	judge(v, 2, &raw[W_SEPARATE], &final[W_SEPARATE],
	    &any[W_SEPARATE]);
	/* pooled: every run's passes in one file per variant, paired. */
	v[0] = new_results("a", "pooled");
	v[1] = new_results("b", "pooled");
	for (r = 0; r < s->nruns; r++) {
		fill(s, v[0], r, 0, (int)r * s->passes);
		fill(s, v[1], r, 1, (int)r * s->passes);
	}
	judge(v, 2, &raw[W_POOLED], &final[W_POOLED],
	    &any[W_POOLED]);
	/* blocked: the files as collected. */
	for (r = 0; r < s->nruns; r++) {
		snprintf(id, sizeof(id), "run%zu", r);
		v[r] = new_results("a", id);
		v[s->nruns + r] = new_results("b", id);
		fill(s, v[r], r, 0, 0);
		fill(s, v[s->nruns + r], r, 1, 0);
	}
	judge(v, 2 * s->nruns, &raw[W_BLOCKED], &final[W_BLOCKED],
	    &any[W_BLOCKED]);
}

static void
usage(void)
{

	fprintf(stderr, "usage: runs-fpr [-c cv] [-d drift] [-e effect] "
	    "[-n sims] [-p passes]\n"
	    "                [-s seed] runs ...\n");
	exit(EX_USAGE);
}

int
main(int argc, char **argv)
{
	struct sim s;
	long nsim, i, nr[W_N], nf[W_N], na[W_N];
	int ch, w, raw[W_N], final[W_N], any[W_N];

	memset(&s, 0, sizeof(s));
	s.effect = 0.01;
	s.cv = 0.05;
	s.drift = 0.10;
	s.passes = 3;
	s.rng = 1;
	nsim = 2000;
	while ((ch = getopt(argc, argv, "c:d:e:n:p:s:")) != -1) {
		switch (ch) {
		case 'c':
			s.cv = strtod(optarg, NULL);
			break;
		case 'd':
			s.drift = strtod(optarg, NULL);
			break;
		case 'e':
			s.effect = strtod(optarg, NULL);
			break;
		case 'n':
			nsim = strtol(optarg, NULL, 10);
			break;
		case 'p':
			s.passes = atoi(optarg);
			break;
		case 's':
			s.rng = strtoull(optarg, NULL, 10);
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (argc < 1 || nsim < 1 || s.passes < 2 || !(s.effect >= 0) ||
	    !(s.cv > 0) || !(s.drift >= 0))
		usage();
	for (i = 0; i < NTESTS; i++)
		s.sd[i] = sqrt(log(1 + pow(s.cv * pow(6, i / 11.0), 2)));
	printf("# cv %g%%..%g%%, drift %g%%, run effect %g%%, %ld sets\n",
	    s.cv * 100, s.cv * 600, s.drift * 100, s.effect * 100, nsim);
	printf("%-5s %-6s %-9s %12s %12s %12s\n", "runs", "passes", "way",
	    "final p<.05", "final Holm", "any row");
	for (; argc > 0; argc--, argv++) {
		s.nruns = (size_t)atoi(argv[0]);
		if (s.nruns < 2 || s.nruns > MAXRUNS)
			errx(EX_USAGE, "runs: 2 to %d", MAXRUNS);
		free(s.rate);
		s.rate = calloc(s.nruns * 2 * NTESTS * (size_t)s.passes,
		    sizeof(double));
		if (s.rate == NULL)
			err(EX_OSERR, "calloc");
		memset(nr, 0, sizeof(nr));
		memset(nf, 0, sizeof(nf));
		memset(na, 0, sizeof(na));
		for (i = 0; i < nsim; i++) {
			one(&s, raw, final, any);
			for (w = 0; w < W_N; w++) {
				nr[w] += raw[w];
				nf[w] += final[w];
				na[w] += any[w];
			}
		}
		for (w = 0; w < W_N; w++)
			printf("%-5zu %-6d %-9s %11.1f%% %11.1f%% %11.1f%%\n",
			    s.nruns, s.passes, way_names[w],
			    100.0 * nr[w] / nsim, 100.0 * nf[w] / nsim,
			    100.0 * na[w] / nsim);
		fflush(stdout);
	}
	free(s.rate);
	return (0);
}
