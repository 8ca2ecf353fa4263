/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench bench: the whole experiment over image labels (build,
 * unpack, one interleaved run in a run directory of its own, reports),
 * as lib/experiment/experiment.h defines it; what "make bench" and each Slurm task
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

#include "bench_list.h"
#include "cmd.h"
#include "cmdutil.h"
#include "err.h"
#include "exitmap.h"
#include "experiment_cmd.h"
#include "extend.h"
#include "recipe.h"
#include "runner.h"
#include "runopts.h"
#include "world_fs.h"

/* The prefix of the experiment's notes (cmd_note). */
#define NOTE_PREFIX	"worldbench bench: "

void
cmd_bench_usage(FILE *fp)
{
	fprintf(fp, "usage: worldbench bench " EXPERIMENT_USAGE "\n"
	    "           [--negligible percent] [--unmatched]\n"
	    "           [--no-extend | [--extend-budget-passes n] "
	    "[--extend-budget-time s]]\n"
	    "           [--rundir dir] label ...\n"
	    "       worldbench bench --list [-w workdir] [-o resultsdir]\n");
}

static int
usage(void)
{

	cmd_bench_usage(stderr);
	return (EX_USAGE);
}

static int
parse(struct cmd_experiment *o, int *listp, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "extend-budget-passes", required_argument, NULL, 'B' },
		{ "extend-budget-time", required_argument, NULL, 'E' },
		{ "list", no_argument, NULL, 'L' },
		{ "negligible", required_argument, NULL, 'n' },
		{ "no-extend", no_argument, NULL, 'N' },
		{ "rundir", required_argument, NULL, 'R' },
		{ "unmatched", no_argument, NULL, 'U' },
		EXPERIMENT_LONG,
		{ NULL, 0, NULL, 0 }
	};
	char *end;
	int ch, r;

	o->x.extend = -1;
	o->x.extend_passes = WB_EXTEND_PASSES;
	o->x.extend_time = WB_EXTEND_TIME;
	optind = 1;
	while ((ch = getopt_long(argc, argv, "+" EXPERIMENT_SHORT, longopts,
	    NULL)) != -1) {
		if ((r = cmd_experiment_opt(o, ch, optarg)) == 1)
			continue;
		if (r == -1)
			return (-1);
		switch (ch) {
		case 'B':
			o->x.extend_passes = (int)strtol(optarg, &end, 10);
			if (*optarg == '\0' || *end != '\0' ||
			    o->x.extend_passes < 0 || o->x.extend_passes >
			    (WB_EXTEND_MAXLOOKS - 1) * WB_EXTEND_BLOCK ||
			    o->x.extend_passes % WB_EXTEND_BLOCK != 0) {
				warnx("--extend-budget-passes %s: expected a "
				    "multiple of %d from 0 to %d", optarg,
				    WB_EXTEND_BLOCK, (WB_EXTEND_MAXLOOKS - 1) *
				    WB_EXTEND_BLOCK);
				return (-1);
			}
			if (o->x.extend == -1)
				o->x.extend = 1;
			break;
		case 'E':
			o->x.extend_time = strtod(optarg, &end);
			if (*optarg == '\0' || *end != '\0' ||
			    !(o->x.extend_time >= 0 &&
			    o->x.extend_time <= 86400)) {
				warnx("--extend-budget-time %s: expected "
				    "seconds from 0 (no limit) to 86400",
				    optarg);
				return (-1);
			}
			if (o->x.extend == -1)
				o->x.extend = 1;
			break;
		case 'N':
			o->x.extend = 0;
			break;
		case 'L':
			*listp = 1;
			break;
		case 'n':
			if (cmd_parse_negligible(optarg, &o->x.negligible) ==
			    -1)
				return (-1);
			o->x.have_negligible = 1;
			break;
		case 'R':
			o->x.fixed_rundir = optarg;
			break;
		case 'U':
			o->x.unmatched = 1;
			break;
		default:
			return (-1);
		}
	}
	if (cmd_experiment_check(o) == -1)
		return (-1);
	/*
	 * By default the bench design extends; the others do when a budget
	 * is given.  A scheduler's task (--rundir) is one run of many,
	 * compared with runs as the units: it does not, unless asked.
	 */
	if (o->x.extend == -1)
		o->x.extend = o->x.design == WB_DESIGN_BENCH &&
		    o->x.fixed_rundir == NULL;
	return (optind);
}

static int
list(const char *results)
{
	struct wb_experiment_run *v;
	struct wb_err e;
	size_t n;

	if (wb_experiment_runs(results, &v, &n, &e) == -1)
		return (cmd_fail(&e));
	if (n == 0)
		printf("no runs under %s\n", results);
	else
		bench_list_print(stdout, v, n);
	wb_experiment_runs_free(v, n);
	return (0);
}

static int
experiment(struct cmd_experiment *o)
{
	int rc;

	if ((rc = cmd_experiment_run(o)) != 0 && rc != 1)
		return (rc);
	/* The tables, then the summary last: the comparison is on file. */
	cmd_experiment_show(&o->x, "tables.txt");
	if (o->x.nlabels > 1)
		cmd_experiment_show(&o->x, "summary.txt");
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
	struct cmd_experiment o;
	char **argv0;
	int argc0, i, rc, listp = 0;

	argv0 = argv;
	argc0 = argc;
	cmd_experiment_init(&o, NOTE_PREFIX);
	if ((i = parse(&o, &listp, argc, argv)) == -1)
		return (usage());
	argc -= i;
	argv += i;
	if (listp) {
		if (argc != 0)
			return (usage());
		cmd_experiment_results(&o, "bench");
		return (list(o.x.resultsdir));
	}
	if (argc < 1 || argc > WB_EXPERIMENT_MAXLABELS)
		return (usage());
	if ((rc = cmd_experiment_setup(&o, "bench")) != 0)
		return (rc);
	o.x.labels = (const char *const *)argv;
	o.x.nlabels = (size_t)argc;
	o.x.argv = argv0;
	o.x.argc = argc0;
	o.matching = 1;
	rc = experiment(&o);
	wb_experiment_fini(&o.x);
	return (rc);
}
