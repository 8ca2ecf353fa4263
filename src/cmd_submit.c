/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench submit: run the paired experiment on many machines through
 * Slurm (worldbench-submit(1)).  The engine distributes; worldbench only
 * writes the job-array script, submits it, and reads back the task
 * directories (src/cmd_submit_tasks.c): status, resubmission of failed
 * or missing tasks, the results files of complete tasks, and the
 * across-node spread.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "atomic.h"
#include "cmd.h"
#include "err.h"
#include "install_id.h"
#include "opt.h"
#include "exitmap.h"
#include "slurm.h"
#include "spawn.h"
#include "submit.h"


extern char **environ;

struct sopts {
	const char	*engine;
	const char	*partition;
	const char	*shared;
	const char	*workdir;
	const char	*srcdir;
	const char	*variant;
	const char	*status;
	const char	*resubmit;
	const char	*collect;
	char		*images[64];
	size_t		 nimages;
	char		*ships[64];
	size_t		 nships;
	char		*kernels[64];
	size_t		 nkernels;
	const char	*stage;
	int		 no_node_check;
	const char	*account;
	const char	*qos;
	const char	*constraint;
	const char	*nodelist;
	const char	*exclude;
	const char	*reservation;
	int		 throttle;
	char		*sbatch_args[32];
	size_t		 nsbatch_args;
	int		 ntasks;
	int		 dry_run;
	int		 spread;
	double		 timeout;
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
	{ .kind = OPT_INT, .ch = 'N', .arg = "tasks", .off = S(ntasks),
	  .min = 1, .max = WB_SLURM_MAXTASKS, .what = "a task count",
	  .desc = "the array size: how many complete runs (2)" },
	{ .kind = OPT_FLAG, .ch = 'n', .name = "dry-run", .off = S(dry_run),
	  .syn = "--dry-run", .desc = "print the job script, do not submit" },
	{ .kind = OPT_STR, .ch = 'w', .arg = "workdir", .off = S(workdir),
	  .desc = "the work directory of the images" },
	{ .kind = OPT_LIST, .name = "image", .arg = "name", .off = S(images),
	  .cnt = S(nimages), .max = 64,
	  .desc = "a world image the tasks bench; repeat" },
	{ .kind = OPT_LIST, .name = "ship", .arg = "label=archive",
	  .off = S(ships), .cnt = S(nships), .max = 64,
	  .desc = "ship this image by sha256; repeat" },
	{ .kind = OPT_LIST, .name = "ship-kernel", .arg = "dir",
	  .off = S(kernels), .cnt = S(nkernels), .max = 64,
	  .desc = "ship this kernel image by sha256; boot" },
	{ .kind = OPT_FN, .name = "stage", .arg = "shared|sbcast",
	  .fn = opt_stage, .desc = "how tasks get shipped images" },
	{ .kind = OPT_FLAG, .name = "no-node-check", .off = S(no_node_check),
	  .desc = "submit without the nodes' pre-flight" },
	{ .kind = OPT_STR, .name = "partition", .arg = "name",
	  .off = S(partition), .desc = "submit to this partition" },
	{ .kind = OPT_STR, .name = "account", .arg = "name",
	  .off = S(account), .desc = "charge this account (sbatch)" },
	{ .kind = OPT_STR, .name = "qos", .arg = "name",
	  .off = S(qos), .desc = "this quality of service (sbatch)" },
	{ .kind = OPT_STR, .name = "constraint", .arg = "features",
	  .off = S(constraint), .desc = "nodes with these features" },
	{ .kind = OPT_STR, .name = "nodelist", .arg = "nodes",
	  .off = S(nodelist), .desc = "run on these nodes (sbatch)" },
	{ .kind = OPT_STR, .name = "exclude", .arg = "nodes",
	  .off = S(exclude), .desc = "never on these nodes (sbatch)" },
	{ .kind = OPT_STR, .name = "reservation", .arg = "name",
	  .off = S(reservation), .desc = "run in this reservation" },
	{ .kind = OPT_INT, .name = "throttle", .arg = "n", .off = S(throttle),
	  .min = 1, .max = WB_SLURM_MAXTASKS, .what = "a task count",
	  .desc = "at most n tasks at once (%n)" },
	{ .kind = OPT_LIST, .name = "sbatch-arg", .arg = "opt",
	  .off = S(sbatch_args), .cnt = S(nsbatch_args), .max = 32,
	  .desc = "another #SBATCH option; repeat" },
	{ .kind = OPT_STR, .name = "shared", .arg = "dir",
	  .off = S(shared), .desc = "the shared results directory" },
	{ .kind = OPT_STR, .name = "srcdir", .arg = "dir",
	  .off = S(srcdir), .desc = "the source tree the tasks build from" },
	{ .kind = OPT_POS, .name = "time", .arg = "seconds", .off = S(timeout),
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

static int
do_submit(struct sopts *o, char **rargs, size_t nrargs)
{
	struct wb_slurm_ship ships[64];
	char shas[64][WB_SHA256_HEXSIZE], *slab[64], *sarc[64];
	struct wb_slurm_record rec;
	struct wb_slurm_job j;
	struct wb_err e;
	const char **labels;
	char *script, *path, self[PATH_MAX], *bin, *id, *spec, *srcdir;
	char install[WB_SHA256_HEXSIZE];
	int nl, *ind, i, rc;
	ssize_t len;

	memset(&j, 0, sizeof(j));
	if ((len = readlink("/proc/self/exe", self, sizeof(self) - 1)) == -1)
		err(1, "/proc/self/exe");
	self[len] = '\0';
	j.worldbench = self;
	if (wb_install_id(self, install, &e) == -1)
		return (cmd_fail(&e));
	j.install_id = install;
	j.shared = submit_abs_dir(o->shared, 1);
	j.partition = o->partition;
	j.account = o->account;
	j.qos = o->qos;
	j.constraint = o->constraint;
	j.nodelist = o->nodelist;
	j.exclude = o->exclude;
	j.reservation = o->reservation;
	j.throttle = o->throttle;
	j.sbatch_args = o->sbatch_args;
	j.nsbatch_args = o->nsbatch_args;
	j.ntasks = o->ntasks;
	j.timeout = o->timeout;
	j.images = o->images;
	j.nimages = o->nimages;
	j.run_args = rargs;
	j.nrun_args = nrargs;
	bin = srcdir = NULL;
	if (o->nships > 0 && (o->nimages > 0 || o->workdir == NULL)) {
		warnx("--ship needs -w workdir (absolute, node-local) and no "
		    "--image");
		return (usage());
	}
	if (o->nkernels > 0 && (o->nimages > 0 || o->nships > 0 ||
	    o->workdir == NULL)) {
		warnx("--ship-kernel needs -w workdir (absolute, node-local) "
		    "and neither --image nor --ship");
		return (usage());
	}
	if (o->stage != NULL && o->nships == 0 && o->nkernels == 0) {
		warnx("--stage goes with --ship or --ship-kernel");
		return (usage());
	}
	if (o->nkernels > 0) {
		j.workdir = o->workdir;
		j.sbcast = o->stage != NULL && strcmp(o->stage, "sbcast") == 0;
		j.boot = 1;
		j.ships = ships;
		j.nships = o->nkernels;
		memset(ships, 0, sizeof(ships));
		for (i = 0; i < (int)o->nkernels; i++) {
			/* Placeholders for the rules; kernel.json's later. */
			if (asprintf(&slab[i], "kernel%d", i) == -1)
				err(EX_OSERR, "asprintf");
			ships[i].label = slab[i];
			ships[i].sha256 = shas[i];
			memset(shas[i], '0', WB_SHA256_HEXLEN);
			shas[i][WB_SHA256_HEXLEN] = '\0';
		}
	}
	if (o->nships > 0) {
		j.workdir = o->workdir;
		j.sbcast = o->stage != NULL && strcmp(o->stage, "sbcast") == 0;
		j.ships = ships;
		j.nships = o->nships;
		memset(ships, 0, sizeof(ships));
		for (i = 0; i < (int)o->nships; i++) {
			if ((sarc[i] = strchr(o->ships[i], '=')) == NULL ||
			    sarc[i][1] == '\0')
				errx(EX_USAGE, "--ship '%s': expected "
				    "label=archive", o->ships[i]);
			sarc[i]++;
			if ((slab[i] = strndup(o->ships[i], (size_t)(sarc[i] -
			    o->ships[i] - 1))) == NULL)
				err(EX_OSERR, "strndup");
			/* Checked by the script's rules before any copy. */
			ships[i].label = slab[i];
			ships[i].sha256 = shas[i];
			memset(shas[i], '0', WB_SHA256_HEXLEN);
			shas[i][WB_SHA256_HEXLEN] = '\0';
		}
	}
	if (o->nimages > 0) {
		if (o->workdir == NULL || o->srcdir == NULL) {
			warnx("--image needs -w workdir (absolute, node-local) "
			    "and --srcdir (the source tree, on every node)");
			return (usage());
		}
		j.workdir = o->workdir;
		j.srcdir = srcdir = submit_abs_dir(o->srcdir, 0);
		/* The build directory: worldbench is <O>/bin/worldbench. */
		if ((bin = strdup(self)) == NULL)
			err(EX_OSERR, "strdup");
		*strrchr(bin, '/') = '\0';
		if (strrchr(bin, '/') != NULL && strrchr(bin, '/') != bin)
			*strrchr(bin, '/') = '\0';
		j.builddir = bin;
	}
	if (asprintf(&path, "%s/%s", j.shared, WB_SLURM_RECORD) == -1)
		err(EX_OSERR, "asprintf");
	if (access(path, F_OK) == 0)
		errx(1, "%s exists: %s holds an experiment already; give a new "
		    "--shared directory (or --resubmit it)", path, j.shared);
	free(path);
	if (o->nkernels > 0) {
		if ((script = wb_slurm_script(&j, &e)) == NULL)
			errx(EX_USAGE, "%s", e.msg);
		free(script);
		for (i = 0; i < (int)o->nkernels; i++) {
			free(slab[i]);
			submit_ship_kernel(j.shared, o->kernels[i], &slab[i],
			    shas[i]);
			ships[i].label = slab[i];
		}
	}
	if ((nl = wb_slurm_labels(rargs, nrargs, o->nkernels > 0 ? slab :
	    o->nships > 0 ? o->ships : o->images, o->nkernels > 0 ?
	    o->nkernels : o->nships > 0 ? o->nships : o->nimages, &labels,
	    &e)) == -1)
		errx(EX_USAGE, "%s", e.msg);
	if (o->nships > 0) {
		/* The rules first (labels, options), then the copies. */
		if ((script = wb_slurm_script(&j, &e)) == NULL)
			errx(EX_USAGE, "%s", e.msg);
		free(script);
		submit_ship(j.shared, slab, sarc, o->nships, ships, shas);
	}
	if ((script = wb_slurm_script(&j, &e)) == NULL)
		errx(EX_USAGE, "%s", e.msg);
	if (!o->dry_run && !o->no_node_check && submit_preflight(&j) == -1)
		errx(1, "not submitted: the allocation's pre-flight failed "
		    "(--no-node-check to submit anyway)");
	if (asprintf(&path, "%s/%s", j.shared, WB_SLURM_SCRIPT) == -1)
		err(EX_OSERR, "asprintf");
	if (wb_atomic_write(path, script, strlen(script), 0755, &e) == -1)
		cmd_die(&e);
	memset(&rec, 0, sizeof(rec));
	rec.ntasks = o->ntasks;
	if ((rec.labels = calloc(nl, sizeof(char *))) == NULL)
		err(EX_OSERR, "calloc");
	for (i = 0; i < nl; i++)
		if ((rec.labels[rec.nlabels++] = strndup(labels[i],
		    strcspn(labels[i], "="))) == NULL)
			err(EX_OSERR, "strdup");
	free(labels);
	if (o->nships > 0 || o->nkernels > 0) {
		/* No --variant with ships: labels[i] is ships[i]'s. */
		if ((rec.shas = calloc(nl + 1, sizeof(char *))) == NULL)
			err(EX_OSERR, "calloc");
		for (i = 0; i < (int)j.nships; i++)
			if ((rec.shas[i] = strdup(shas[i])) == NULL)
				err(EX_OSERR, "strdup");
	}
	if (wb_slurm_record_write(j.shared, &rec, &e) == -1)
		cmd_die(&e);
	rc = 0;
	if (o->dry_run) {
		fputs(script, stdout);
		fprintf(stderr, "worldbench: wrote %s (not submitted)\n", path);
		goto out;
	}
	if ((ind = calloc(o->ntasks, sizeof(int))) == NULL)
		err(EX_OSERR, "calloc");
	for (i = 0; i < o->ntasks; i++)
		ind[i] = i;
	if ((spec = wb_slurm_array_spec(ind, o->ntasks, &e)) == NULL)
		cmd_die(&e);
	if ((id = submit_array(j.shared, spec)) == NULL)
		rc = 1;
	else if (wb_slurm_record_add(&rec, id, ind, o->ntasks, &e) == -1 ||
	    wb_slurm_record_write(j.shared, &rec, &e) == -1)
		errx(1, "job %s submitted but not recorded: %s", id, e.msg);
	else
		printf("submitted job %s: %d tasks (array %s), results in "
		    "%s\n", id, o->ntasks, spec, j.shared);
	free(id);
	free(spec);
	free(ind);
out:
	wb_slurm_record_fini(&rec);
	free(script);
	free(path);
	free(bin);
	free(srcdir);
	for (i = 0; i < (int)(o->nships + o->nkernels); i++)
		free(slab[i]);
	free((char *)j.shared);
	return (rc);
}

int
cmd_submit(int argc, char **argv)
{
	struct sopts o;
	int modes;

	memset(&o, 0, sizeof(o));
	o.ntasks = 2;
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
	if (o.shared == NULL) {
		warnx("--shared dir is required");
		return (usage());
	}
	return (do_submit(&o, argv + optind, argc - optind));
}
