/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench bench: the whole experiment over image labels (build,
 * unpack, one interleaved run in a run directory of its own, reports),
 * as lib/experiment.h defines it; what "make bench" and each Slurm task
 * run.  This file parses options and prints.
 */
#include <err.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "cmd.h"
#include "cmdutil.h"
#include "err.h"
#include "exitmap.h"
#include "experiment.h"
#include "recipe.h"
#include "runner.h"
#include "runopts.h"
#include "world_fs.h"

/* The prefix of the experiment's notes (cmd_note). */
#define NOTE_PREFIX	"worldbench bench: "

void
cmd_bench_usage(FILE *fp)
{

	fprintf(fp, "usage: worldbench bench [-q] [-w workdir] [-o resultsdir] "
	    "[-T tests]\n"
	    "           [--design bench|quick|full] [--objdir dir] "
	    "[--topdir dir]\n"
	    "           [--strict | --no-preflight]\n"
	    "           " RUNOPTS_USAGE "\n"
	    "           [--rundir dir] label ...\n"
	    "       worldbench bench --list [-w workdir] [-o resultsdir]\n");
}

static int
usage(void)
{

	cmd_bench_usage(stderr);
	return (EX_USAGE);
}

struct bench_opts {
	struct wb_experiment	 x;
	struct wb_runner_opts	 ro;
	int			 quiet, list, strict, no_preflight;
};

static int
parse(struct bench_opts *o, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "design", required_argument, NULL, 'D' },
		{ "list", no_argument, NULL, 'L' },
		{ "no-preflight", no_argument, NULL, 'P' },
		{ "objdir", required_argument, NULL, 'O' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "rundir", required_argument, NULL, 'R' },
		{ "strict", no_argument, NULL, 'S' },
		{ "tests", required_argument, NULL, 'T' },
		{ "topdir", required_argument, NULL, 't' },
		{ "workdir", required_argument, NULL, 'w' },
		RUNOPTS_LONG,
		{ NULL, 0, NULL, 0 }
	};
	int ch, r;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "+o:qT:w:", longopts,
	    NULL)) != -1) {
		if ((r = runopts_parse(&o->ro, ch, optarg)) == 1)
			continue;
		if (r == -1)
			return (-1);
		switch (ch) {
		case 'D':
			if (wb_suite_design_parse(optarg, &o->x.design) == -1) {
				warnx("--design %s: expected bench, quick or "
				    "full", optarg);
				return (-1);
			}
			break;
		case 'L':
			o->list = 1;
			break;
		case 'P':
			o->no_preflight = 1;
			break;
		case 'O':
			o->x.objdir = optarg;
			break;
		case 'o':
			o->x.resultsdir = optarg;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case 'R':
			o->x.fixed_rundir = optarg;
			break;
		case 'S':
			o->strict = 1;
			break;
		case 'T':
			o->x.tests = optarg;
			break;
		case 't':
			o->x.topdir = optarg;
			break;
		case 'w':
			o->x.workdir = optarg;
			break;
		default:
			return (-1);
		}
	}
	if (o->strict && o->no_preflight) {
		warnx("--strict and --no-preflight exclude each other");
		return (-1);
	}
	return (optind);
}

static int
list(const char *results)
{
	struct wb_experiment_run *v;
	struct wb_err e;
	size_t i, n;

	if (wb_experiment_runs(results, &v, &n, &e) == -1)
		return (cmd_fail(&e));
	if (n == 0)
		printf("no runs under %s\n", results);
	for (i = 0; i < n; i++)
		printf("%s  %s  %s\n", v[i].name, v[i].finished ? "finished" :
		    "interrupted", v[i].final != NULL ? v[i].final :
		    v[i].settings != NULL ? v[i].settings : "");
	wb_experiment_runs_free(v, n);
	return (0);
}

/* Copy the run's file name to stdout. */
static void
show(const struct wb_experiment *x, const char *name)
{
	char *path, buf[8192];
	struct wb_err e;
	size_t n;
	FILE *fp;

	if ((path = wb_experiment_path(x, name, &e)) == NULL)
		return;
	if ((fp = fopen(path, "re")) == NULL)
		warn("%s", path);
	else {
		while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
			fwrite(buf, 1, n, stdout);
		fclose(fp);
	}
	free(path);
	fflush(stdout);
}

/* Build the images; on failure the tail of the build log. */
static int
images(struct bench_opts *o, const char *log)
{
	struct wb_err e, e2;
	char *tail;

	if (wb_experiment_images(&o->x, log, &e) == 0)
		return (0);
	if ((tail = wb_build_log_tail(log, 20, &e2)) != NULL) {
		fputs(tail, stderr);
		free(tail);
	}
	return (cmd_failp("building the images", &e));
}

static int
experiment(struct bench_opts *o)
{
	struct cmd_unpack cu;
	struct wb_harness *h;
	struct wb_err e;
	char log[PATH_MAX];
	int rc;

	snprintf(log, sizeof(log), "%s/bench-images.log", o->x.workdir);
	if ((rc = images(o, log)) != 0)
		return (rc);
	if (wb_experiment_rundir(&o->x, &e) == -1)
		return (cmd_fail(&e));
	if (!o->quiet)
		fprintf(stderr, "%s%s\n%s%s (%s)\n", NOTE_PREFIX,
		    o->x.resumed ? "resuming the interrupted run" : "a new run",
		    NOTE_PREFIX, o->x.rundir, o->x.settings);
	if (!o->x.resumed && !o->no_preflight)
		o->x.preflight = cmd_preflight_check(o->strict, o->quiet);
	if (runopts_resolve(&o->ro) == -1)
		return (1);
	o->x.runner = &o->ro;
	cmd_unpack_begin(&cu);
	o->x.unpack = &cu.o;
	h = wb_experiment_harness(&o->x, &e);
	cmd_unpack_end(&cu);
	json_decref(o->x.preflight);
	o->x.preflight = NULL;
	if (h == NULL)
		return (cmd_fail(&e));
	rc = cmd_run_harness(h, o->quiet, 1);
	if (rc >= 128) {
		warnx("interrupted: the run %s is kept; the same command "
		    "resumes it", o->x.rundir);
		return (rc);
	}
	if (wb_experiment_report(&o->x, &e) == -1)
		return (cmd_fail(&e));
	/* The tables, then the summary last: the comparison is on file. */
	show(&o->x, "tables.txt");
	if (o->x.nlabels > 1)
		show(&o->x, "summary.txt");
	printf("Full report: %s/report.html (the comparison: compare.txt; "
	    "every run: worldbench bench --list -o %s)\n", o->x.rundir,
	    o->x.resultsdir);
	if (rc != 0)
		warnx("some passes failed (see above)");
	return (rc);
}

int
cmd_bench(int argc, char **argv)
{
	static char objbuf[PATH_MAX], topbuf[PATH_MAX], resbuf[PATH_MAX];
	struct bench_opts o;
	struct wb_err e;
	char **argv0;
	int argc0, i, rc;

	memset(&o, 0, sizeof(o));
	argv0 = argv;
	argc0 = argc;
	wb_runner_opts_init(&o.ro);
	o.x.design = WB_DESIGN_BENCH;
	o.x.workdir = cmd_workdir();
	if ((i = parse(&o, argc, argv)) == -1)
		return (usage());
	argc -= i;
	argv += i;
	if (o.x.resultsdir == NULL) {
		snprintf(resbuf, sizeof(resbuf), "%s/results/bench",
		    o.x.workdir);
		o.x.resultsdir = resbuf;
	}
	if (o.list)
		return (argc == 0 ? list(o.x.resultsdir) : usage());
	if (argc < 1 || argc > WB_EXPERIMENT_MAXLABELS)
		return (usage());
	cmd_tree_defaults(&o.x.objdir, &o.x.topdir, objbuf, topbuf);
	if (wb_mkdirs(o.x.workdir, 0755, &e) == -1)
		return (cmd_fail(&e));
	o.x.labels = (const char *const *)argv;
	o.x.nlabels = (size_t)argc;
	o.x.argv = argv0;
	o.x.argc = argc0;
	o.x.note = o.quiet ? NULL : cmd_note;
	o.x.note_arg = NOTE_PREFIX;
	rc = experiment(&o);
	wb_experiment_fini(&o.x);
	return (rc);
}
