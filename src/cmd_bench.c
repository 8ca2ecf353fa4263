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
#include "exitmap.h"
#include "experiment_cmd.h"
#include "experiment_opts.h"
#include "runopts.h"
#include "wb_image.h"
#include "wb_sandbox.h"
#include "wb_stats.h"
#include "wb_util.h"

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

/* bench's options: the experiment's and --list. */
struct bench_opts {
	struct cmd_experiment	 c;
	int			 list;
};

/* A budget given: the run extends unless --no-extend said not to. */
static void
budget_given(struct bench_opts *o)
{

	if (o->c.x.extend == -1)
		o->c.x.extend = 1;
}

static int
opt_budget_passes(void *ctx, char *arg)
{
	struct bench_opts *o = ctx;
	char *end;

	o->c.x.extend_passes = (int)strtol(arg, &end, 10);
	if (*arg == '\0' || *end != '\0' || o->c.x.extend_passes < 0 ||
	    o->c.x.extend_passes > (WB_EXTEND_MAXLOOKS - 1) *
	    WB_EXTEND_BLOCK || o->c.x.extend_passes % WB_EXTEND_BLOCK != 0) {
		warnx("--extend-budget-passes %s: expected a multiple of %d "
		    "from 0 to %d", arg, WB_EXTEND_BLOCK,
		    (WB_EXTEND_MAXLOOKS - 1) * WB_EXTEND_BLOCK);
		return (-1);
	}
	budget_given(o);
	return (0);
}

static int
opt_budget_time(void *ctx, char *arg)
{
	struct bench_opts *o = ctx;
	char *end;

	o->c.x.extend_time = strtod(arg, &end);
	if (*arg == '\0' || *end != '\0' ||
	    !(o->c.x.extend_time >= 0 && o->c.x.extend_time <= 86400)) {
		warnx("--extend-budget-time %s: expected seconds from 0 (no "
		    "limit) to 86400", arg);
		return (-1);
	}
	budget_given(o);
	return (0);
}

static int
opt_no_extend(void *ctx, char *arg)
{
	struct bench_opts *o = ctx;

	(void)arg;
	o->c.x.extend = 0;
	return (0);
}

static int
opt_negligible(void *ctx, char *arg)
{
	struct bench_opts *o = ctx;

	return (cmd_parse_negligible(arg, &o->c.x.negligible));
}

#define B(m)	OPT_AT(struct bench_opts, m)
const struct opt cmd_bench_opts[] = {
	EXPERIMENT_OPTS_HEAD(B(c),
	    "where the runs go (default WORKDIR/results/bench)"),
	{ .kind = OPT_FLAG, .name = "list", .off = B(list),
	  .desc = "list the runs under the results directory" },
	{ .kind = OPT_FN, .name = "negligible", .arg = "percent",
	  .fn = opt_negligible, .given = OPT_GIVEN(struct bench_opts,
	  c.x.have_negligible),
	  .desc = "the smallest effect of interest (default by timing)" },
	{ .kind = OPT_STR, .name = "rundir", .arg = "dir",
	  .off = B(c.x.fixed_rundir),
	  .desc = "exactly this run directory (a scheduler's task)" },
	{ .kind = OPT_FLAG, .name = "unmatched", .off = B(c.x.unmatched),
	  .desc = "run images that differ in more than the knob" },
	{ .kind = OPT_FN, .name = "no-extend", .fn = opt_no_extend,
	  .desc = "never extend an undecided headline row" },
	{ .kind = OPT_FN, .name = "extend-budget-passes", .arg = "n",
	  .fn = opt_budget_passes, .desc = "most passes per test the "
	  "extension adds (default 8)" },
	{ .kind = OPT_FN, .name = "extend-budget-time", .arg = "s",
	  .fn = opt_budget_time, .desc = "most seconds of extension passes "
	  "(default 130, 0: none)" },
	EXPERIMENT_OPTS_TAIL(B(c), 0,
	    "skip the check of the host's noise sources",
	    "the worldbench build directory (build)",
	    "refuse to start when the host is busy",
	    "the source tree with recipes/ and overlays/",
	    "where the suite runs (as for run)",
	    "the bound of the private /tmp (default 1g)",
	    "the bound on processes (default 256)",
	    "the bound on memory (default 4g)",
	    "userns: the host ids root maps to"),
	{ .kind = OPT_END }
};
#undef B

static int
parse(struct cmd_experiment *o, int *listp, int argc, char **argv)
{
	struct bench_opts b;
	int n;

	memset(&b, 0, sizeof(b));
	b.c = *o;
	b.c.x.extend = -1;
	b.c.x.extend_passes = WB_EXTEND_PASSES;
	b.c.x.extend_time = WB_EXTEND_TIME;
	n = opt_parse(cmd_bench_opts, &b, argc, argv);
	*o = b.c;
	*listp = b.list;
	if (n == -1 || cmd_experiment_check(o) == -1)
		return (-1);
	/*
	 * By default the bench design extends; the others do when a budget
	 * is given.  A scheduler's task (--rundir) is one run of many,
	 * compared with runs as the units: it does not, unless asked.
	 */
	if (o->x.extend == -1)
		o->x.extend = o->x.design == WB_DESIGN_BENCH &&
		    o->x.fixed_rundir == NULL;
	return (n);
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
