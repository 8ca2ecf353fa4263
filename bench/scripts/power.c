/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * power: the power of the verdicts of worldbench compare for a fixed,
 * paired design, simulated.  Each test has a per-pair log-ratio standard
 * deviation (measured in a pilot run) and a true ratio (1: no effect);
 * a simulated run draws n pairs of every test, and a test, or the final
 * score, counts as proven when its p value is below alpha / m and the
 * ratio is below 1 (slower): the Holm step-down family of m hypotheses
 * (12 tests and the final score: m = 13) at its worst step.  A test's
 * interval is the paired t of lib/stats/stats.c (wb_stats_paired_log,
 * n - 1 df), the final's the delta method with Satterthwaite's df over
 * the mean of the per-test log ratios (wb_stats_delta_*), as
 * lib/stats/compare_core.c builds them.
 *
 * Noise models (-N): normal, or t3 (Student's t with 3 df scaled to the
 * same standard deviation: heavy tails, the occasional wild pair).
 *
 * usage: power [-a alpha] [-k scale] [-m family] [-N model] [-n runs]
 *            [-s seed] [-t id,...] -p passes[,passes ...] id=sd[:ratio] ...
 * -k multiplies every standard deviation (a margin for a busier machine).
 *
 * Prints one line per model and number of passes: the power of the tests
 * named by -t (default: every test whose ratio is not 1) and of the final
 * score, in percent, each with its Monte Carlo standard error.
 */
#include <err.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "wb_stats.h"
#include "wb_util.h"

#define MAXTESTS	32
#define MAXPASSES	1000
#define MAXN		16

enum model { M_NORMAL, M_T3 };

static const char *const model_names[] = { "normal", "t3" };

struct test {
	char	 id[32];
	double	 sd;		/* per-pair log-ratio SD */
	double	 ratio;		/* true ratio, b / a */
	int	 shown;		/* a column of the output */
	long	 proven;	/* runs that proved it slower */
};

struct sim {
	uint64_t	 rng;
	enum model	 model;
	double		 level;	/* alpha / m */
	size_t		 ntests;
	struct test	 t[MAXTESTS];
	long		 final_proven;
};

static void
usage(void)
{

	fprintf(stderr, "usage: power [-a alpha] [-k scale] [-m family] "
	    "[-N model] [-n runs] [-s seed]\n"
	    "           [-t id,...] -p passes[,passes ...] id=sd[:ratio] ...\n");
	exit(EX_USAGE);
}

/* One draw of unit-variance noise of the model. */
static double
noise(struct sim *s)
{

	return (s->model == M_T3 ? wb_splitmix_t3(&s->rng) :
	    wb_splitmix_gauss(&s->rng));
}

/* Significant at the family's worst step and slower. */
static int
proven(const struct wb_welch *w, double level)
{

	return (w->have_ci && !w->novar && w->p < level && w->diff < 0);
}

static void
one_run(struct sim *s, int n)
{
	double a[MAXPASSES], b[MAXPASSES];
	struct wb_welch w;
	struct wb_delta d;
	struct wb_err e;
	size_t j;
	int i;

	wb_stats_delta_init(&d);
	for (i = 0; i < n; i++)
		a[i] = 1;
	for (j = 0; j < s->ntests; j++) {
		for (i = 0; i < n; i++)
			b[i] = s->t[j].ratio * exp(s->t[j].sd * noise(s));
		if (wb_stats_paired_log(a, b, (size_t)n, 0.95, &w, &e) == -1)
			errx(1, "%s: %s", s->t[j].id, e.msg);
		if (proven(&w, s->level))
			s->t[j].proven++;
		/* As lib/stats/compare_core.c adds a paired term. */
		wb_stats_delta_add(&d, 1.0 / (double)s->ntests, w.diff,
		    w.se * w.se * n, (size_t)n, 0, 2);
	}
	if (wb_stats_delta_finish(&d, 0.95, &w, &e) == -1)
		errx(1, "final: %s", e.msg);
	if (proven(&w, s->level))
		s->final_proven++;
}

static void
print_rate(long k, long runs)
{
	double p;

	p = (double)k / (double)runs;
	printf("  %6.2f%% +- %4.2f", 100 * p,
	    100 * sqrt(p * (1 - p) / (double)runs));
}

static void
simulate(struct sim *s, int n, long runs)
{
	size_t j;
	long r;

	for (j = 0; j < s->ntests; j++)
		s->t[j].proven = 0;
	s->final_proven = 0;
	for (r = 0; r < runs; r++)
		one_run(s, n);
	printf("%-7s %6d", model_names[s->model], n);
	for (j = 0; j < s->ntests; j++)
		if (s->t[j].shown)
			print_rate(s->t[j].proven, runs);
	print_rate(s->final_proven, runs);
	putchar('\n');
}

static void
parse_test(struct sim *s, const char *arg, double scale)
{
	struct test *t;
	const char *eq;
	char *end;

	if (s->ntests == MAXTESTS)
		errx(EX_USAGE, "at most %d tests", MAXTESTS);
	t = &s->t[s->ntests];
	if ((eq = strchr(arg, '=')) == NULL || eq == arg ||
	    (size_t)(eq - arg) >= sizeof(t->id))
		errx(EX_USAGE, "'%s' is not id=sd[:ratio]", arg);
	memcpy(t->id, arg, (size_t)(eq - arg));
	t->id[eq - arg] = '\0';
	t->sd = strtod(eq + 1, &end);
	t->ratio = 1;
	if (*end == ':')
		t->ratio = strtod(end + 1, &end);
	if (*end != '\0' || !(t->sd > 0) || !(t->ratio > 0))
		errx(EX_USAGE, "'%s': the sd and ratio must be positive", arg);
	t->sd *= scale;
	s->ntests++;
}

int
main(int argc, char **argv)
{
	static struct sim s;
	const char *passes, *shown, *p;
	size_t len;
	double alpha, scale;
	long runs, m, ns[MAXN];
	size_t nn, j, i;
	int ch, models, mi;
	char *end;

	alpha = 0.05;
	scale = 1;
	m = 13;
	runs = 20000;
	passes = shown = NULL;
	models = 3;
	s.rng = 20260418;
	while ((ch = getopt(argc, argv, "a:k:m:N:n:p:s:t:")) != -1) {
		switch (ch) {
		case 'a':
			alpha = strtod(optarg, &end);
			if (*end != '\0' || !(alpha > 0 && alpha < 1))
				usage();
			break;
		case 'k':
			scale = strtod(optarg, &end);
			if (*end != '\0' || !(scale > 0))
				usage();
			break;
		case 'm':
			if ((m = strtol(optarg, &end, 10)) < 1 || *end != '\0')
				usage();
			break;
		case 'N':
			if (strcmp(optarg, "normal") == 0)
				models = 1;
			else if (strcmp(optarg, "t3") == 0)
				models = 2;
			else
				usage();
			break;
		case 'n':
			if ((runs = strtol(optarg, &end, 10)) < 1 ||
			    *end != '\0')
				usage();
			break;
		case 'p':
			passes = optarg;
			break;
		case 't':
			shown = optarg;
			break;
		case 's':
			s.rng = strtoull(optarg, &end, 10);
			if (*end != '\0')
				usage();
			break;
		default:
			usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (passes == NULL || argc < 1)
		usage();
	for (nn = 0, p = passes; *p != '\0'; p = *end == ',' ? end + 1 : end) {
		if (nn == MAXN)
			errx(EX_USAGE, "-p: at most %d counts", MAXN);
		ns[nn] = strtol(p, &end, 10);
		if (ns[nn] < 2 || ns[nn] > MAXPASSES ||
		    (*end != ',' && *end != '\0'))
			errx(EX_USAGE, "-p: '%s' is not a list of counts "
			    "2..%d", passes, MAXPASSES);
		nn++;
	}
	for (i = 0; i < (size_t)argc; i++) {
		parse_test(&s, argv[i], scale);
		len = strlen(s.t[i].id);
		if (shown == NULL)
			s.t[i].shown = s.t[i].ratio != 1;
		else
			for (p = shown; *p != '\0'; p += *p == ',') {
				if (strncmp(p, s.t[i].id, len) == 0 &&
				    (p[len] == ',' || p[len] == '\0'))
					s.t[i].shown = 1;
				p += strcspn(p, ",");
			}
	}
	s.level = alpha / (double)m;
	printf("# %ld runs each, power at alpha/%ld = %.5f, sd x %g\n", runs,
	    m, s.level, scale);
	printf("%-7s %6s", "model", "passes");
	for (j = 0; j < s.ntests; j++)
		if (s.t[j].shown)
			printf("  %-15s", s.t[j].id);
	printf("  %-15s\n", "final");
	for (mi = 0; mi < 2; mi++) {
		if (!(models & (1 << mi)))
			continue;
		s.model = (enum model)mi;
		for (i = 0; i < nn; i++)
			simulate(&s, (int)ns[i], runs);
	}
	return (0);
}
