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

/* What one submission holds: the job and the images it ships. */
struct submission {
	struct wb_slurm_ship	 ships[64];
	char			 shas[64][WB_SHA256_HEXSIZE];
	char			*slab[64], *sarc[64];
	struct wb_slurm_job	 j;
	char			 self[PATH_MAX];
	char			 install[WB_SHA256_HEXSIZE];
	char			*bin, *srcdir;
};

/* The options that go together; 0, or -1 after a message. */
static int
check_modes(const struct sopts *o)
{

	if (o->nships > 0 && (o->nimages > 0 || o->workdir == NULL)) {
		warnx("--ship needs -w workdir (absolute, node-local) and no "
		    "--image");
		return (-1);
	}
	if (o->nkernels > 0 && (o->nimages > 0 || o->nships > 0 ||
	    o->workdir == NULL)) {
		warnx("--ship-kernel needs -w workdir (absolute, node-local) "
		    "and neither --image nor --ship");
		return (-1);
	}
	if (o->stage != NULL && o->nships == 0 && o->nkernels == 0) {
		warnx("--stage goes with --ship or --ship-kernel");
		return (-1);
	}
	if (o->nimages > 0 && (o->workdir == NULL || o->srcdir == NULL)) {
		warnx("--image needs -w workdir (absolute, node-local) "
		    "and --srcdir (the source tree, on every node)");
		return (-1);
	}
	return (0);
}

/* The job's fields that come straight from the options. */
static void
job_fill(struct submission *sb, const struct sopts *o, char **rargs,
    size_t nrargs)
{
	struct wb_slurm_job *j = &sb->j;

	j->worldbench = sb->self;
	j->install_id = sb->install;
	j->shared = submit_abs_dir(o->shared, 1);
	j->partition = o->partition;
	j->account = o->account;
	j->qos = o->qos;
	j->constraint = o->constraint;
	j->nodelist = o->nodelist;
	j->exclude = o->exclude;
	j->reservation = o->reservation;
	j->throttle = o->throttle;
	j->sbatch_args = o->sbatch_args;
	j->nsbatch_args = o->nsbatch_args;
	j->ntasks = o->ntasks;
	j->timeout = o->timeout;
	j->images = o->images;
	j->nimages = o->nimages;
	j->run_args = rargs;
	j->nrun_args = nrargs;
}

/* Ship i's digest: zeros until the copy, which the rules check first. */
static void
ship_placeholder(struct submission *sb, int i, char *label)
{

	sb->slab[i] = label;
	sb->ships[i].label = label;
	sb->ships[i].sha256 = sb->shas[i];
	memset(sb->shas[i], '0', WB_SHA256_HEXLEN);
	sb->shas[i][WB_SHA256_HEXLEN] = '\0';
}

/* The ships (--ship-kernel or --ship) and the image build's directories. */
static void
job_ships(struct submission *sb, const struct sopts *o)
{
	struct wb_slurm_job *j = &sb->j;
	char *label;
	int i;

	if (o->nkernels > 0 || o->nships > 0) {
		j->workdir = o->workdir;
		j->sbcast = o->stage != NULL && strcmp(o->stage, "sbcast") == 0;
		j->boot = o->nkernels > 0;
		j->ships = sb->ships;
		j->nships = o->nkernels > 0 ? o->nkernels : o->nships;
	}
	/* Placeholders for the rules; kernel.json's later. */
	for (i = 0; i < (int)o->nkernels; i++) {
		if (asprintf(&label, "kernel%d", i) == -1)
			err(EX_OSERR, "asprintf");
		ship_placeholder(sb, i, label);
	}
	for (i = 0; i < (int)o->nships; i++) {
		if ((sb->sarc[i] = strchr(o->ships[i], '=')) == NULL ||
		    sb->sarc[i][1] == '\0')
			errx(EX_USAGE, "--ship '%s': expected label=archive",
			    o->ships[i]);
		sb->sarc[i]++;
		if ((label = strndup(o->ships[i], (size_t)(sb->sarc[i] -
		    o->ships[i] - 1))) == NULL)
			err(EX_OSERR, "strndup");
		ship_placeholder(sb, i, label);
	}
	if (o->nimages > 0) {
		j->workdir = o->workdir;
		j->srcdir = sb->srcdir = submit_abs_dir(o->srcdir, 0);
		/* The build directory: worldbench is <O>/bin/worldbench. */
		if ((sb->bin = strdup(sb->self)) == NULL)
			err(EX_OSERR, "strdup");
		*strrchr(sb->bin, '/') = '\0';
		if (strrchr(sb->bin, '/') != NULL &&
		    strrchr(sb->bin, '/') != sb->bin)
			*strrchr(sb->bin, '/') = '\0';
		j->builddir = sb->bin;
	}
}

/* The script is checked (its rules) before anything is copied. */
static void
check_script(const struct wb_slurm_job *j)
{
	struct wb_err e;
	char *script;

	if ((script = wb_slurm_script(j, &e)) == NULL)
		errx(EX_USAGE, "%s", e.msg);
	free(script);
}

/* Refuse a shared directory that holds an experiment already. */
static void
check_shared_new(const char *shared)
{
	char *path;

	if (asprintf(&path, "%s/%s", shared, WB_SLURM_RECORD) == -1)
		err(EX_OSERR, "asprintf");
	if (access(path, F_OK) == 0)
		errx(1, "%s exists: %s holds an experiment already; give a new "
		    "--shared directory (or --resubmit it)", path, shared);
	free(path);
}

/* The record's labels (and digests of shipped images) before the job. */
static void
record_fill(struct wb_slurm_record *rec, const struct submission *sb,
    const struct sopts *o, const char **labels, int nl)
{
	int i;

	memset(rec, 0, sizeof(*rec));
	rec->ntasks = o->ntasks;
	if ((rec->labels = calloc(nl, sizeof(char *))) == NULL)
		err(EX_OSERR, "calloc");
	for (i = 0; i < nl; i++)
		if ((rec->labels[rec->nlabels++] = strndup(labels[i],
		    strcspn(labels[i], "="))) == NULL)
			err(EX_OSERR, "strdup");
	if (o->nships > 0 || o->nkernels > 0) {
		/* No --variant with ships: labels[i] is ships[i]'s. */
		if ((rec->shas = calloc(nl + 1, sizeof(char *))) == NULL)
			err(EX_OSERR, "calloc");
		for (i = 0; i < (int)sb->j.nships; i++)
			if ((rec->shas[i] = strdup(sb->shas[i])) == NULL)
				err(EX_OSERR, "strdup");
	}
}

/* sbatch the array of every task and record its job id. */
static int
submit_all(struct wb_slurm_record *rec, const char *shared, int ntasks)
{
	struct wb_err e;
	char *id, *spec;
	int *ind, i, rc;

	if ((ind = calloc(ntasks, sizeof(int))) == NULL)
		err(EX_OSERR, "calloc");
	for (i = 0; i < ntasks; i++)
		ind[i] = i;
	if ((spec = wb_slurm_array_spec(ind, ntasks, &e)) == NULL)
		cmd_die(&e);
	rc = 0;
	if ((id = submit_array(shared, spec)) == NULL)
		rc = 1;
	else if (wb_slurm_record_add(rec, id, ind, ntasks, &e) == -1 ||
	    wb_slurm_record_write(shared, rec, &e) == -1)
		errx(1, "job %s submitted but not recorded: %s", id, e.msg);
	else
		printf("submitted job %s: %d tasks (array %s), results in "
		    "%s\n", id, ntasks, spec, shared);
	free(id);
	free(spec);
	free(ind);
	return (rc);
}

static int
do_submit(struct sopts *o, char **rargs, size_t nrargs)
{
	struct submission sb;
	struct wb_slurm_record rec;
	struct wb_err e;
	const char **labels;
	char *script, *path;
	int nl, i, rc;
	ssize_t len;

	memset(&sb, 0, sizeof(sb));
	if ((len = readlink("/proc/self/exe", sb.self,
	    sizeof(sb.self) - 1)) == -1)
		err(1, "/proc/self/exe");
	sb.self[len] = '\0';
	if (wb_install_id(sb.self, sb.install, &e) == -1)
		return (cmd_fail(&e));
	if (check_modes(o) == -1)
		return (usage());
	job_fill(&sb, o, rargs, nrargs);
	job_ships(&sb, o);
	check_shared_new(sb.j.shared);
	if (o->nkernels > 0) {
		check_script(&sb.j);
		for (i = 0; i < (int)o->nkernels; i++) {
			free(sb.slab[i]);
			submit_ship_kernel(sb.j.shared, o->kernels[i],
			    &sb.slab[i], sb.shas[i]);
			sb.ships[i].label = sb.slab[i];
		}
	}
	if ((nl = wb_slurm_labels(rargs, nrargs, o->nkernels > 0 ? sb.slab :
	    o->nships > 0 ? o->ships : o->images, o->nkernels > 0 ?
	    o->nkernels : o->nships > 0 ? o->nships : o->nimages, &labels,
	    &e)) == -1)
		errx(EX_USAGE, "%s", e.msg);
	if (o->nships > 0) {
		/* The rules first (labels, options), then the copies. */
		check_script(&sb.j);
		submit_ship(sb.j.shared, sb.slab, sb.sarc, o->nships,
		    sb.ships, sb.shas);
	}
	if ((script = wb_slurm_script(&sb.j, &e)) == NULL)
		errx(EX_USAGE, "%s", e.msg);
	if (!o->dry_run && !o->no_node_check && submit_preflight(&sb.j) == -1)
		errx(1, "not submitted: the allocation's pre-flight failed "
		    "(--no-node-check to submit anyway)");
	if (asprintf(&path, "%s/%s", sb.j.shared, WB_SLURM_SCRIPT) == -1)
		err(EX_OSERR, "asprintf");
	if (wb_atomic_write(path, script, strlen(script), 0755, &e) == -1)
		cmd_die(&e);
	record_fill(&rec, &sb, o, labels, nl);
	free(labels);
	if (wb_slurm_record_write(sb.j.shared, &rec, &e) == -1)
		cmd_die(&e);
	rc = 0;
	if (o->dry_run) {
		fputs(script, stdout);
		fprintf(stderr, "worldbench: wrote %s (not submitted)\n", path);
	} else
		rc = submit_all(&rec, sb.j.shared, o->ntasks);
	wb_slurm_record_fini(&rec);
	free(script);
	free(path);
	free(sb.bin);
	free(sb.srcdir);
	for (i = 0; i < (int)(o->nships + o->nkernels); i++)
		free(sb.slab[i]);
	free((char *)sb.j.shared);
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
