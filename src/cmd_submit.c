/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench submit: run the paired experiment on many machines through
 * Slurm (worldbench-submit(1)).  The engine distributes; worldbench only
 * writes the job-array script, submits it, and reads back the task
 * directories (src/cmd_submit_tasks.c): status, resubmission of failed
 * or missing tasks, the results files of complete tasks, and the
 * across-node spread.  The work is lib/farm/submit_drive.h; this file
 * parses the options and prints.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "cmd.h"
#include "opt.h"
#include "submit.h"
#include "wb_farm.h"
#include "wb_util.h"

/* The driver's request (s) is filled by the option table itself. */
struct sopts {
	struct wb_submit s;
	const char	*engine;
	const char	*variant;
	const char	*status;
	const char	*resubmit;
	const char	*collect;
	char		*images[WB_SUBMIT_MAX];
	size_t		 nimages;
	char		*ships[WB_SUBMIT_MAX];
	size_t		 nships;
	char		*kernels[WB_SUBMIT_MAX];
	size_t		 nkernels;
	const char	*stage;
	char		*sbatch_args[32];
	size_t		 nsbatch_args;
	int		 spread;
};

void
cmd_submit_usage(FILE *fp)
{

	fprintf(fp, "usage: worldbench submit --engine slurm [--dry-run] "
	    "[-N tasks] [--partition name]\n"
	    "           [--image name ... -w workdir --srcdir dir] "
	    "[--time seconds]\n"
	    "           [--account name] [--qos name] [--constraint features] "
	    "[--nodelist nodes]\n"
	    "           [--exclude nodes] [--reservation name] "
	    "[--throttle n] [--sbatch-arg opt ...]\n"
	    "           [--ship label=archive ... -w workdir "
	    "[--stage shared|sbcast]] [--no-node-check]\n"
	    "           [--ship-kernel dir ... -w workdir "
	    "[--stage shared|sbcast]]\n"
	    "           --shared dir -- run-arguments ...\n"
	    "       worldbench submit --status dir\n"
	    "       worldbench submit --resubmit dir\n"
	    "       worldbench submit --collect dir [--spread | --variant "
	    "label]\n");
}

static int
usage(void)
{

	cmd_submit_usage(stderr);
	return (EX_USAGE);
}

static int
opt_stage(void *ctx, char *arg)
{
	struct sopts *o = ctx;

	if (strcmp(arg, "shared") != 0 && strcmp(arg, "sbcast") != 0) {
		warnx("--stage: '%s' is neither shared nor sbcast", arg);
		return (-1);
	}
	o->stage = arg;
	return (0);
}

#define S(m)	OPT_AT(struct sopts, m)
const struct opt cmd_submit_opts[] = {
	{ .kind = OPT_STR, .name = "engine", .arg = "slurm", .flags = OPT_PLUS,
	  .off = S(engine), .desc = "submit a run as a Slurm job array" },
	{ .kind = OPT_INT, .ch = 'N', .arg = "tasks", .off = S(s.job.ntasks),
	  .min = 1, .max = WB_SLURM_MAXTASKS, .what = "a task count",
	  .desc = "the array size: how many complete runs (2)" },
	{ .kind = OPT_FLAG, .ch = 'n', .name = "dry-run", .off = S(s.dry_run),
	  .syn = "--dry-run", .desc = "print the job script, do not submit" },
	{ .kind = OPT_STR, .ch = 'w', .arg = "workdir", .off = S(s.workdir),
	  .desc = "the work directory of the images" },
	{ .kind = OPT_LIST, .name = "image", .arg = "name", .off = S(images),
	  .cnt = S(nimages), .max = WB_SUBMIT_MAX,
	  .desc = "a world image the tasks bench; repeat" },
	{ .kind = OPT_LIST, .name = "ship", .arg = "label=archive",
	  .off = S(ships), .cnt = S(nships), .max = WB_SUBMIT_MAX,
	  .desc = "ship this image by sha256; repeat" },
	{ .kind = OPT_LIST, .name = "ship-kernel", .arg = "dir",
	  .off = S(kernels), .cnt = S(nkernels), .max = WB_SUBMIT_MAX,
	  .desc = "ship this kernel image by sha256; boot" },
	{ .kind = OPT_FN, .name = "stage", .arg = "shared|sbcast",
	  .fn = opt_stage, .desc = "how tasks get shipped images" },
	{ .kind = OPT_FLAG, .name = "no-node-check", .off = S(s.no_node_check),
	  .desc = "submit without the nodes' pre-flight" },
	{ .kind = OPT_STR, .name = "partition", .arg = "name",
	  .off = S(s.job.partition), .desc = "submit to this partition" },
	{ .kind = OPT_STR, .name = "account", .arg = "name",
	  .off = S(s.job.account), .desc = "charge this account (sbatch)" },
	{ .kind = OPT_STR, .name = "qos", .arg = "name",
	  .off = S(s.job.qos), .desc = "this quality of service (sbatch)" },
	{ .kind = OPT_STR, .name = "constraint", .arg = "features",
	  .off = S(s.job.constraint), .desc = "nodes with these features" },
	{ .kind = OPT_STR, .name = "nodelist", .arg = "nodes",
	  .off = S(s.job.nodelist), .desc = "run on these nodes (sbatch)" },
	{ .kind = OPT_STR, .name = "exclude", .arg = "nodes",
	  .off = S(s.job.exclude), .desc = "never on these nodes (sbatch)" },
	{ .kind = OPT_STR, .name = "reservation", .arg = "name",
	  .off = S(s.job.reservation), .desc = "run in this reservation" },
	{ .kind = OPT_INT, .name = "throttle", .arg = "n", .off = S(s.job.throttle),
	  .min = 1, .max = WB_SLURM_MAXTASKS, .what = "a task count",
	  .desc = "at most n tasks at once (%n)" },
	{ .kind = OPT_LIST, .name = "sbatch-arg", .arg = "opt",
	  .off = S(sbatch_args), .cnt = S(nsbatch_args), .max = 32,
	  .desc = "another #SBATCH option; repeat" },
	{ .kind = OPT_STR, .name = "shared", .arg = "dir",
	  .off = S(s.shared), .desc = "the shared results directory" },
	{ .kind = OPT_STR, .name = "srcdir", .arg = "dir",
	  .off = S(s.srcdir), .desc = "the source tree the tasks build from" },
	{ .kind = OPT_POS, .name = "time", .arg = "seconds", .off = S(s.job.timeout),
	  .what = "a positive number of seconds",
	  .desc = "the time limit of each task" },
	{ .kind = OPT_STR, .name = "status", .arg = "dir",
	  .off = S(status), .desc = "the state of a submitted run's tasks" },
	{ .kind = OPT_STR, .name = "resubmit", .arg = "dir",
	  .off = S(resubmit), .desc = "submit the failed tasks again" },
	{ .kind = OPT_STR, .name = "collect", .arg = "dir",
	  .off = S(collect), .desc = "gather the tasks' results" },
	{ .kind = OPT_FLAG, .name = "spread", .off = S(spread),
	  .desc = "collect: the spread between runs" },
	{ .kind = OPT_STR, .name = "variant", .arg = "label",
	  .off = S(variant), .desc = "collect: one variant's results" },
	{ .kind = OPT_END }
};
#undef S

static int
parse_args(int argc, char **argv, struct sopts *o)
{

	return (opt_parse(cmd_submit_opts, o, argc, argv) == -1 ? -1 : 0);
}

/* The options that go together; 0, or -1 after a message. */
static int
check_modes(const struct sopts *o)
{

	if (o->nships > 0 && (o->nimages > 0 || o->s.workdir == NULL)) {
		warnx("--ship needs -w workdir (absolute, node-local) and no "
		    "--image");
		return (-1);
	}
	if (o->nkernels > 0 && (o->nimages > 0 || o->nships > 0 ||
	    o->s.workdir == NULL)) {
		warnx("--ship-kernel needs -w workdir (absolute, node-local) "
		    "and neither --image nor --ship");
		return (-1);
	}
	if (o->stage != NULL && o->nships == 0 && o->nkernels == 0) {
		warnx("--stage goes with --ship or --ship-kernel");
		return (-1);
	}
	if (o->nimages > 0 && (o->s.workdir == NULL || o->s.srcdir == NULL)) {
		warnx("--image needs -w workdir (absolute, node-local) "
		    "and --srcdir (the source tree, on every node)");
		return (-1);
	}
	return (0);
}

/* The rest of the request: the lists, the stage, the run arguments. */
static void
request_fill(struct sopts *o, char **rargs, size_t nrargs)
{
	struct wb_submit *s = &o->s;

	s->job.sbatch_args = o->sbatch_args;
	s->job.nsbatch_args = o->nsbatch_args;
	s->job.run_args = rargs;
	s->job.nrun_args = nrargs;
	s->images = o->images;
	s->nimages = o->nimages;
	s->ships = o->ships;
	s->nships = o->nships;
	s->kernels = o->kernels;
	s->nkernels = o->nkernels;
	s->sbcast = o->stage != NULL && strcmp(o->stage, "sbcast") == 0;
	s->hooks.warn = submit_warn_line;
}

static int
do_submit(struct sopts *o, char **rargs, size_t nrargs)
{
	struct wb_submit_done out;
	struct wb_err e;
	int rc;

	if (check_modes(o) == -1)
		return (usage());
	request_fill(o, rargs, nrargs);
	rc = wb_submit_drive(&o->s, &out, &e);
	if (rc == 0 && o->s.dry_run) {
		fputs(out.script, stdout);
		fprintf(stderr, "worldbench: wrote %s (not submitted)\n",
		    out.path);
	} else if (rc == 0)
		printf("submitted job %s: %d tasks (array %s), results in "
		    "%s\n", out.jobid, o->s.job.ntasks, out.spec, out.shared);
	wb_submit_done_fini(&out);
	return (submit_exit(rc, &e));
}

int
cmd_submit(int argc, char **argv)
{
	struct sopts o;
	int modes;

	memset(&o, 0, sizeof(o));
	o.s.job.ntasks = 2;
	if (parse_args(argc, argv, &o) == -1)
		return (usage());
	modes = (o.status != NULL) + (o.resubmit != NULL) +
	    (o.collect != NULL) + (o.engine != NULL);
	if (modes != 1) {
		warnx("give one of --engine, --status, --resubmit, --collect");
		return (usage());
	}
	if ((o.spread || o.variant != NULL) && o.collect == NULL) {
		warnx("--spread and --variant go with --collect");
		return (usage());
	}
	if (o.engine == NULL && optind != argc) {
		warnx("unexpected argument '%s'", argv[optind]);
		return (usage());
	}
	if (o.status != NULL)
		return (submit_status(o.status));
	if (o.resubmit != NULL)
		return (submit_resubmit(o.resubmit));
	if (o.collect != NULL)
		return (submit_collect(o.collect, o.variant, o.spread));
	if (strcmp(o.engine, "slurm") != 0) {
		warnx("--engine %s: only slurm is supported", o.engine);
		return (usage());
	}
	if (o.s.shared == NULL) {
		warnx("--shared dir is required");
		return (usage());
	}
	return (do_submit(&o, argv + optind, argc - optind));
}
