/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench explain: which knob of a recipe costs what.  The factors
 * are the options on which two variants differ (lib/explain/explain_plan.h);
 * every design point is an image the recipe engine builds and caches,
 * all of them run interleaved in one experiment (as "bench" runs its
 * labels), and the effects are estimated with rounds as blocks
 * (lib/explain/explain_result.h).  The reports go into the run directory:
 * explain.txt, explain.json, explain.md and explain.html.  This file
 * parses options and prints.
 */
#include <err.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include "cmd.h"
#include "cmdutil.h"
#include "exitmap.h"
#include "experiment_cmd.h"
#include "experiment_opts.h"
#include "explain_kernel_cmd.h"
#include "guestopts.h"
#include "wb_explain.h"
#include "wb_image.h"
#include "wb_stats.h"
#include "wb_util.h"

#define NOTE_PREFIX	"worldbench explain: "
#define MAXGROUPS	16
#define MAXGENS		8

void
cmd_explain_usage(FILE *fp)
{
	fprintf(fp, "usage: worldbench explain " EXPERIMENT_USAGE "\n"
	    "           [--group name=OPTION,OPTION ...] "
	    "[--generators G,G]\n"
	    "           [--max-order n] [--format format]\n"
	    "           [--one-at-a-time | --screen | --ddmin fraction] "
	    "[--boots n]\n"
	    "           [--seconds s] "
	    "[--cachedir dir] [--jobs n]\n"
	    "           [--plan] recipe base-variant target-variant\n");
}

static int
usage(void)
{

	cmd_explain_usage(stderr);
	return (EX_USAGE);
}

struct explain_opts {
	struct cmd_experiment	 c;
	const char		*groups[MAXGROUPS];
	size_t			 ngroups;
	char			*gens[MAXGENS];
	size_t			 ngens;
	char			*genbuf;
	int			 maxorder;
	int			 plan_only;
	const char		*fmt;
	/* Kernel recipes only. */
	int			 one_at_a_time, screen, boots, jobs;
	double			 seconds, ddmin;
	const char		*cachedir;
};

static int
split_gens(struct explain_opts *o, const char *arg)
{
	char *p;

	free(o->genbuf);
	if ((o->genbuf = strdup(arg)) == NULL)
		err(EX_OSERR, "strdup");
	o->ngens = 0;
	for (p = strtok(o->genbuf, ","); p != NULL; p = strtok(NULL, ",")) {
		if (o->ngens == MAXGENS) {
			warnx("--generators: at most %d", MAXGENS);
			return (-1);
		}
		o->gens[o->ngens++] = p;
	}
	return (0);
}

static int
opt_boots(void *ctx, char *arg)
{
	struct explain_opts *o = ctx;
	double v;

	if (guestopts_num("--boots", arg, 100, &v) == -1)
		return (-1);
	o->boots = (int)v;
	return (0);
}

static int
opt_jobs(void *ctx, char *arg)
{
	struct explain_opts *o = ctx;
	double v;

	if (guestopts_num("--jobs", arg, 1024, &v) == -1)
		return (-1);
	o->jobs = (int)v;
	return (0);
}

static int
opt_seconds(void *ctx, char *arg)
{
	struct explain_opts *o = ctx;

	return (guestopts_num("--seconds", arg, 3600, &o->seconds));
}

static int
opt_ddmin(void *ctx, char *arg)
{
	struct explain_opts *o = ctx;
	char *end;

	o->ddmin = strtod(arg, &end);
	if (*arg == '\0' || *end != '\0' || !(o->ddmin > 0 && o->ddmin <= 1)) {
		warnx("--ddmin %s: expected a fraction of the difference, "
		    "above 0 and at most 1 (0.9)", arg);
		return (-1);
	}
	return (0);
}

static int
opt_format(void *ctx, char *arg)
{
	struct explain_opts *o = ctx;

	if (strcmp(arg, "md") == 0)
		arg = "markdown";
	if (wb_rmodel_format_find(arg) == NULL) {
		warnx("--format %s: expected %s", arg, wb_rmodel_format_names());
		return (-1);
	}
	o->fmt = arg;
	return (0);
}

static int
opt_gens(void *ctx, char *arg)
{

	return (split_gens(ctx, arg));
}

static int
opt_group(void *ctx, char *arg)
{
	struct explain_opts *o = ctx;

	if (o->ngroups == MAXGROUPS) {
		warnx("--group: at most %d", MAXGROUPS);
		return (-1);
	}
	o->groups[o->ngroups++] = arg;
	return (0);
}

static int
opt_maxorder(void *ctx, char *arg)
{
	struct explain_opts *o = ctx;
	char *end;

	o->maxorder = (int)strtol(arg, &end, 10);
	if (*arg == '\0' || *end != '\0' || o->maxorder < 1 ||
	    o->maxorder > 8) {
		warnx("--max-order %s: expected 1 to 8", arg);
		return (-1);
	}
	return (0);
}

#define E(m)	OPT_AT(struct explain_opts, m)
#define AS_BENCH(s) \
	{ .kind = OPT_TEXT, .syn = (s), .desc = "as for bench" }
const struct opt cmd_explain_opts[] = {
	EXPERIMENT_OPTS_HEAD(E(c),
	    "where the runs go (default WORKDIR/results/explain)"),
	{ .kind = OPT_FN, .name = "format", .arg = "fmt", .fn = opt_format,
	  .desc = "a format of the report model (text, json, csv, "
	  "markdown, html, tsv, ...) on stdout (text, json, markdown and html "
	  "are saved)" },
	{ .kind = OPT_FN, .name = "generators", .arg = "G,G", .fn = opt_gens,
	  .desc = "a fractional design's generators, e.g. E=ABC,F=BCD" },
	{ .kind = OPT_FN, .name = "group", .arg = "name=OPT,OPT",
	  .fn = opt_group,
	  .desc = "options flipped together as one factor; repeat" },
	{ .kind = OPT_FN, .name = "max-order", .arg = "n", .fn = opt_maxorder,
	  .desc = "estimate interactions of up to n factors" },
	{ .kind = OPT_FLAG, .name = "plan", .off = E(plan_only),
	  .desc = "print the factors and design points, run nothing" },
	{ .kind = OPT_FLAG, .name = "one-at-a-time", .off = E(one_at_a_time),
	  .desc = "kernel recipes: one kernel per factor instead of the "
	  "design" },
	{ .kind = OPT_FLAG, .name = "screen", .off = E(screen),
	  .desc = "kernel recipes: the groups one at a time, then the "
	  "symbols of those that cost" },
	{ .kind = OPT_FN, .name = "ddmin", .arg = "fraction", .fn = opt_ddmin,
	  .desc = "kernel recipes: search the fewest factors carrying that "
	  "fraction of the difference" },
	{ .kind = OPT_FN, .name = "boots", .arg = "n", .fn = opt_boots,
	  .desc = "kernel recipes: boots of every kernel (default: the "
	  "policy's)" },
	{ .kind = OPT_FN, .name = "seconds", .arg = "s", .fn = opt_seconds,
	  .desc = "kernel recipes: seconds of every test (default: the quick "
	  "plan)" },
	{ .kind = OPT_STR, .name = "cachedir", .arg = "dir", .off = E(cachedir),
	  .desc = "kernel recipes: sources and ccache (default "
	  "/var/cache/worldbench)" },
	{ .kind = OPT_FN, .name = "jobs", .arg = "n", .fn = opt_jobs,
	  .desc = "kernel recipes: make -j (default: the CPUs)" },
	AS_BENCH("--no-preflight, --strict"),
	AS_BENCH("--objdir dir, --topdir dir"),
	AS_BENCH("--runner, --tmp-size, --max-procs"),
	AS_BENCH("--max-memory, --map-id"),
	EXPERIMENT_OPTS_TAIL(E(c), OPT_NOROW, NULL, NULL, NULL, NULL, NULL,
	    NULL, NULL, NULL, NULL),
	{ .kind = OPT_END }
};
#undef E
#undef AS_BENCH

static int
parse(struct explain_opts *o, int argc, char **argv)
{
	int n;

	if ((n = opt_parse(cmd_explain_opts, o, argc, argv)) == -1)
		return (-1);
	if (o->one_at_a_time + o->screen + (o->ddmin > 0) > 1) {
		warnx("--one-at-a-time, --screen and --ddmin are three "
		    "designs: choose one");
		return (-1);
	}
	if (cmd_experiment_check(&o->c) == -1)
		return (-1);
	return (n);
}

static struct wb_recipe *
recipe_load(struct explain_opts *o, const char *name)
{
	struct wb_recipe *r;
	struct wb_err e;
	char *path;

	if (asprintf(&path, "%s/recipes/%s/recipe", o->c.x.topdir, name) ==
	    -1)
		err(EX_OSERR, "asprintf");
	if ((r = wb_recipe_load(path, &e)) == NULL)
		cmd_fail(&e);
	free(path);
	return (r);
}

static struct wb_explain_plan *
plan_new(struct explain_opts *o, char **argv, const struct wb_recipe *r)
{
	struct wb_explain_plan *p;
	struct wb_err e;

	p = wb_explain_plan_new(r, argv[1], argv[2], o->groups, o->ngroups,
	    (const char *const *)o->gens, o->ngens, &e);
	if (p == NULL)
		cmd_fail(&e);
	return (p);
}

/* The chosen report to stdout (the driver wrote every one on file). */
static int
show(const struct explain_opts *o, const struct wb_explain_result *x)
{
	struct wb_err e;

	if (wb_explain_write(stdout, o->fmt, x, &e) == -1)
		return (cmd_fail(&e));
	fflush(stdout);
	if (strcmp(o->fmt, "text") == 0)
		printf("\nReports: %s/explain.{txt,json,md,html} (the tables "
		    "of every point: tables.txt)\n", o->c.x.rundir);
	return (0);
}

/* The matching report: it names paths found in the images. */
static void
matching_report(void *arg, const char *text)
{

	(void)arg;
	wb_strvis_fputs(text, WB_VIS_WHITE, stderr);
}

static int
explain(struct explain_opts *o, const struct wb_explain_plan *p,
    const struct wb_recipe *r)
{
	struct wb_explain_drive w;
	struct wb_explain_done done;
	struct wb_err e;
	int rc, rc2;

	memset(&w, 0, sizeof(w));
	cmd_experiment_drive(&o->c, &w.d);
	w.p = p;
	w.r = r;
	w.maxorder = o->maxorder;
	w.matching = matching_report;
	rc = wb_explain_drive(&w, &done, &e);
	cmd_unpack_end(&o->c.cu);
	if (rc == -1)
		rc = cmd_experiment_said(&done.x, &e);
	else if ((rc = done.x.status) < 128) {
		rc2 = show(o, done.result);
		if (rc != 0)
			warnx("some passes failed (see above): their rounds "
			    "are left out");
		rc = rc2 != 0 ? rc2 : rc;
	}
	wb_explain_done_fini(&done);
	return (rc);
}

static int
plan_show(const struct wb_explain_plan *p)
{
	char buf[512];
	size_t i;

	printf("factors:\n");
	for (i = 0; i < p->k; i++)
		printf("  %c  %-20s %s\n", (int)('A' + i),
		    wb_strvis_slot(p->f[i].name),
		    wb_strvis_slot(wb_explain_plan_opts(p, p->f[i].opts, buf,
		    sizeof(buf))));
	printf("design points:\n");
	for (i = 0; i < p->design->nruns; i++)
		printf("  %2zu  %s\n", i + 1, wb_strvis_slot(p->labels[i]));
	return (0);
}

/*
 * A kernel recipe, r: its points are built and booted
 * (explain_kernel_cmd.h).
 */
static int
kernel(struct explain_opts *o, char **argv, const struct wb_recipe *r)
{
	struct wb_explain_kernel_drive q;
	struct wb_kpaths k;
	struct wb_err e;
	char *rpath;
	int rc;

	memset(&q, 0, sizeof(q));
	wb_kpaths_init(&k, o->c.x.workdir);
	if (o->cachedir != NULL)
		k.cachedir = o->cachedir;
	if (asprintf(&rpath, "%s/recipes/%s/recipe", o->c.x.topdir,
	    argv[0]) == -1 || asprintf((char **)&k.overlays, "%s/overlays",
	    o->c.x.topdir) == -1)
		err(EX_OSERR, "asprintf");
	k.recipe = rpath;
	if (wb_kpaths_absolute(&k, &e) != 0 ||
	    wb_kpaths_distinfo(&k, r, &e) != 0) {
		rc = cmd_fail(&e);
		goto out;
	}
	q.k = &k;
	q.r = r;
	q.recipe = argv[0];
	q.base = argv[1];
	q.target = argv[2];
	q.groups = o->groups;
	q.ngroups = o->ngroups;
	q.gens = (const char *const *)o->gens;
	q.ngens = o->ngens;
	q.one_at_a_time = o->one_at_a_time;
	q.screen = o->screen;
	q.ddmin = o->ddmin;
	q.plan_only = o->plan_only;
	q.quiet = o->c.quiet;
	q.maxorder = o->maxorder;
	q.passes = o->c.x.passes;
	q.boots = o->boots;
	q.jobs = o->jobs;
	q.seconds = o->seconds;
	q.tests = o->c.x.tests;
	q.resultsdir = o->c.x.resultsdir;
	rc = explain_kernel(&q, o->fmt);
out:
	free(rpath);
	free((char *)k.overlays);
	return (rc);
}

static int
is_kernel(const struct wb_recipe *r)
{
	const char *s = wb_recipe_get(r, "BUILD_STYLE");

	return (s != NULL && strcmp(s, "kbuild") == 0);
}

int
cmd_explain(int argc, char **argv)
{
	struct wb_explain_plan *p;
	struct wb_recipe *r;
	struct explain_opts o;
	char **argv0;
	int argc0, i, rc;

	memset(&o, 0, sizeof(o));
	argv0 = argv;
	argc0 = argc;
	cmd_experiment_init(&o.c, NOTE_PREFIX);
	o.fmt = "text";
	if ((i = parse(&o, argc, argv)) == -1) {
		free(o.genbuf);
		return (usage());
	}
	argc -= i;
	argv += i;
	if (argc != 3) {
		free(o.genbuf);
		return (usage());
	}
	if ((rc = cmd_experiment_setup(&o.c, "explain")) != 0) {
		free(o.genbuf);
		return (rc);
	}
	p = NULL;
	if ((r = recipe_load(&o, argv[0])) == NULL) {
		rc = EX_DATAERR;
		goto out;
	}
	if (is_kernel(r)) {
		rc = kernel(&o, argv, r);
		goto out;
	}
	if (o.one_at_a_time || o.screen || o.ddmin > 0 || o.boots ||
	    o.jobs || o.seconds > 0 || o.cachedir != NULL) {
		warnx("--one-at-a-time, --screen, --ddmin, --boots, "
		    "--seconds, --cachedir and --jobs are for kernel recipes; "
		    "%s is a world's",
		    argv[0]);
		rc = EX_USAGE;
		goto out;
	}
	if ((p = plan_new(&o, argv, r)) == NULL) {
		rc = EX_DATAERR;
		goto out;
	}
	if (o.maxorder == 0)
		o.maxorder = p->design->p == 0 && p->k <= 3 ? (int)p->k : 2;
	o.c.x.argv = argv0;
	o.c.x.argc = argc0;
	rc = o.plan_only ? plan_show(p) : explain(&o, p, r);
out:
	wb_experiment_fini(&o.c.x);
	wb_explain_plan_free(p);
	wb_recipe_free(r);
	free(o.genbuf);
	return (rc);
}
