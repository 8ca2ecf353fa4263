/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Slurm job-array scripts, the submission record and task directory
 * names (lib/farm/slurm.h).
 */
#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "slurm.h"
#include "wb_model.h"
#include "wb_util.h"

void
wb_slurm_sh_quote(FILE *f, const char *s)
{

	fputc('\'', f);
	for (; *s != '\0'; s++) {
		if (*s == '\'')
			fputs("'\\''", f);
		else
			fputc(*s, f);
	}
	fputc('\'', f);
}

/*
 * With images, the task is one experiment (lib/experiment/experiment.h): worldbench
 * bench builds or reuses each image in this node's work directory,
 * unpacks it and runs the interleaved run in the task's directory.
 */
static void
script_bench(FILE *f, const struct wb_slurm_job *j)
{
	size_t i;

	fputs("\nw=", f);
	wb_slurm_sh_quote(f, j->workdir);
	fputs("\nmkdir -p \"$w\" || exit 1\n\"$wb\" bench --rundir \"$dir\" "
	    "-w \"$w\" --objdir ", f);
	wb_slurm_sh_quote(f, j->builddir);
	fputs(" --topdir ", f);
	wb_slurm_sh_quote(f, j->srcdir);
	for (i = 0; i < j->nrun_args; i++) {
		fputc(' ', f);
		if (strcmp(j->run_args[i], "--quick") == 0)
			fputs("--design quick", f);
		else
			wb_slurm_sh_quote(f, j->run_args[i]);
	}
	for (i = 0; i < j->nimages; i++)
		fprintf(f, " %s", j->images[i]);	/* labels: checked */
	fputc('\n', f);
}

static int
check_ships(const struct wb_slurm_job *j, struct wb_err *err)
{
	const char *l;
	size_t i, k;

	if (j->nships == 0)
		return (j->sbcast || j->boot ? wb_err_set(err, "sbcast "
		    "staging and kernels are for shipped images") : 0);
	if (j->nimages > 0)
		return (wb_err_set(err, "images are either shipped by sha256 "
		    "or built on each node, not both"));
	if (j->workdir == NULL || j->workdir[0] != '/')
		return (wb_err_set(err, "shipped images need an absolute work "
		    "directory on each node"));
	for (i = 0; i < j->nships; i++) {
		l = j->ships[i].label;
		if (!wb_label_ok(l, strlen(l)))
			return (wb_err_set(err, "shipped image label '%s': "
			    "not a variant label", l));
		if (!wb_digest_sha256_hex_ok(j->ships[i].sha256))
			return (wb_err_set(err, "shipped image %s: '%s' is not "
			    "a sha256", l, j->ships[i].sha256));
		for (k = 0; k < i; k++)
			if (strcmp(j->ships[k].label, l) == 0)
				return (wb_err_set(err, "shipped image label "
				    "'%s' given twice", l));
	}
	for (i = 0; i < j->nrun_args; i++)
		if (strncmp(j->run_args[i], "--variant", 9) == 0)
			return (wb_err_set(err, "run argument '%s': the "
			    "shipped images are the variants",
			    j->run_args[i]));
	return (0);
}

/*
 * Shipped images: each task stages the archive, unpacks it into its
 * node's work directory and checks that what it unpacked is the digest
 * submitted (the root's name is the archive's sha256, computed by the
 * unpacker itself), then runs the variants from those roots.
 */
static void
script_ship(FILE *f, const struct wb_slurm_job *j)
{
	size_t i;

	fputs("\nw=", f);
	wb_slurm_sh_quote(f, j->workdir);
	fputs("\nmkdir -p \"$w/images\" || exit 1\n"
	    "# Stage, unpack and verify one shipped image: label sha256.\n"
	    "ship() {\n"
	    "\tsrc=\"$shared/" WB_SLURM_IMAGES "/$2.tar.zst\"\n", f);
	if (j->sbcast)
		fputs("\timg=\"$w/.stage-$job-$task-$2.tar.zst\"\n"
		    "\tsbcast -f \"$src\" \"$img\" || {\n"
		    "\t\techo \"worldbench: $node: sbcast of $src failed\" "
		    ">&2\n"
		    "\t\texit 4\n"
		    "\t}\n", f);
	else
		fputs("\timg=$src\n", f);
	/* $$ repeats across nodes' PID namespaces: name the task. */
	fputs("\tif [ -f \"$shared/" WB_SLURM_IMAGES "/$2.meta\" ]; then\n"
	    "\t\tm=\"$w/images/.$2.meta.$node-$job-$task\"\n"
	    "\t\tcp \"$shared/" WB_SLURM_IMAGES "/$2.meta\" \"$m\" &&\n"
	    "\t\t    mv \"$m\" \"$w/images/$2.meta\" || exit 1\n"
	    "\tfi\n"
	    "\troot=$(\"$wb\" images -w \"$w\" --root \"$img\") || {\n"
	    "\t\techo \"worldbench: $node: image $1 ($img) did not "
	    "unpack\" >&2\n"
	    "\t\texit 4\n"
	    "\t}\n", f);
	if (j->sbcast)
		fputs("\trm -f \"$img\"\n", f);
	fputs("\tif [ \"${root##*/}\" != \"$2\" ]; then\n"
	    "\t\techo \"worldbench: $node: image $1 has sha256 ${root##*/} "
	    "here, not the shipped $2; nothing run\" >&2\n"
	    "\t\texit 4\n"
	    "\tfi\n"
	    "\techo \"worldbench: $node: image $1 is sha256 $2\" >&2\n"
	    "}\n", f);
	for (i = 0; i < j->nships; i++)
		fprintf(f, "ship %s %s\nr%zu=$root\n", j->ships[i].label,
		    j->ships[i].sha256, i);
	fputs(j->boot ? "\n\"$wb\" boot --timing=icount" : "\n\"$wb\" run",
	    f);
	for (i = 0; i < j->nrun_args; i++) {
		fputc(' ', f);
		wb_slurm_sh_quote(f, j->run_args[i]);
	}
	if (j->boot) {
		/* The labels are the kernels' variants (kernel.json). */
		fputs(" -o \"$dir\"", f);
		for (i = 1; i < j->nships; i++)
			fprintf(f, " -k \"$r%zu\"", i);
		fputs(" \"$r0\"\n", f);
		return;
	}
	for (i = 0; i < j->nships; i++)
		fprintf(f, " --variant %s=\"$r%zu\"", j->ships[i].label, i);
	fputs(" -o \"$dir/\"\n", f);
}

/*
 * The run options an experiment over images takes (worldbench bench):
 * the others are the harness's own, given to worldbench run only.
 */
static int
bench_arg_ok(char *const *args, size_t n, size_t *i)
{
	static const char *const flags[] = { "--quick", "--no-preflight",
	    "-q", "--quiet", "--strict" };
	static const char *const valued[] = { "--design", "-T", "--tests",
	    "--runner", "--tmp-size", "--max-procs", "--max-memory",
	    "--map-id" };
	const char *a = args[*i];
	size_t k, len;

	for (k = 0; k < sizeof(flags) / sizeof(flags[0]); k++)
		if (strcmp(a, flags[k]) == 0)
			return (1);
	for (k = 0; k < sizeof(valued) / sizeof(valued[0]); k++) {
		len = strlen(valued[k]);
		if (strncmp(a, valued[k], len) != 0)
			continue;
		if (a[len] == '=')
			return (1);
		if (a[len] == '\0' && *i + 1 < n) {
			(*i)++;
			return (1);
		}
	}
	return (0);
}

#define SBATCH_SAFE	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" \
			"0123456789._,:=+/@%^-"

static int
check_value(const char *opt, const char *v, struct wb_err *err)
{

	if (v == NULL)
		return (0);
	if (v[0] == '\0' || v[0] == '-' || v[strspn(v, SBATCH_SAFE)] != '\0')
		return (wb_err_set(err, "--%s '%s': expected letters, digits "
		    "and ._,:=+/@%%^- only, not starting with '-'", opt, v));
	return (0);
}

/* The options the script sets itself: an --sbatch-arg may not. */
static const char *const own_opts[] = {
	"--array", "--output", "--job-name", "--nodes", "--ntasks", NULL
};

static int
check_sbatch(const struct wb_slurm_job *j, struct wb_err *err)
{
	const char *a;
	size_t i, k, n;

	if (check_value("account", j->account, err) == -1 ||
	    check_value("qos", j->qos, err) == -1 ||
	    check_value("constraint", j->constraint, err) == -1 ||
	    check_value("nodelist", j->nodelist, err) == -1 ||
	    check_value("exclude", j->exclude, err) == -1 ||
	    check_value("reservation", j->reservation, err) == -1)
		return (-1);
	if (j->throttle < 0 || j->throttle > WB_SLURM_MAXTASKS)
		return (wb_err_set(err, "throttle %d: expected 1..%d",
		    j->throttle, WB_SLURM_MAXTASKS));
	for (i = 0; i < j->nsbatch_args; i++) {
		a = j->sbatch_args[i];
		if (strncmp(a, "--", 2) != 0 || a[2] == '\0' || a[2] == '=' ||
		    a[strspn(a, SBATCH_SAFE)] != '\0')
			return (wb_err_set(err, "--sbatch-arg '%s': expected "
			    "--name[=value] of letters, digits and "
			    "._,:=+/@%%^- only", a));
		n = strcspn(a, "=");
		for (k = 0; own_opts[k] != NULL; k++)
			if (strlen(own_opts[k]) == n &&
			    strncmp(a, own_opts[k], n) == 0)
				return (wb_err_set(err, "--sbatch-arg '%s': "
				    "worldbench sets %s itself", a,
				    own_opts[k]));
	}
	return (0);
}

static void
script_sbatch(FILE *f, const struct wb_slurm_job *j)
{
	static const struct {
		const char	*name;
		size_t		 off;
	} opts[] = {
		{ "account", offsetof(struct wb_slurm_job, account) },
		{ "qos", offsetof(struct wb_slurm_job, qos) },
		{ "constraint", offsetof(struct wb_slurm_job, constraint) },
		{ "nodelist", offsetof(struct wb_slurm_job, nodelist) },
		{ "exclude", offsetof(struct wb_slurm_job, exclude) },
		{ "reservation", offsetof(struct wb_slurm_job, reservation) },
	};
	const char *v;
	size_t i;

	for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++) {
		v = *(const char *const *)(const void *)((const char *)j +
		    opts[i].off);
		if (v != NULL)
			fprintf(f, "#SBATCH --%s=%s\n", opts[i].name, v);
	}
	for (i = 0; i < j->nsbatch_args; i++)
		fprintf(f, "#SBATCH %s\n", j->sbatch_args[i]);
}

static int
check_job(const struct wb_slurm_job *j, struct wb_err *err)
{
	struct wb_label l;
	size_t i;

	if (j->install_id != NULL && !wb_digest_sha256_hex_ok(j->install_id))
		return (wb_err_set(err, "install id '%s': not a sha256",
		    j->install_id));
	if (j->worldbench[0] != '/' || j->shared[0] != '/')
		return (wb_err_set(err, "the worldbench program and the shared "
		    "directory must be absolute paths"));
	if (strpbrk(j->shared, " \t\n%") != NULL)
		return (wb_err_set(err, "%s: a shared directory name may not "
		    "hold blanks, newlines or '%%' (#SBATCH lines)",
		    j->shared));
	if (j->ntasks < 1 || j->ntasks > WB_SLURM_MAXTASKS)
		return (wb_err_set(err, "%d tasks: expected 1..%d", j->ntasks,
		    WB_SLURM_MAXTASKS));
	if (j->partition != NULL && (j->partition[0] == '\0' ||
	    strpbrk(j->partition, " \t\n'\"\\$`") != NULL))
		return (wb_err_set(err, "partition '%s': not a partition name",
		    j->partition));
	if (check_sbatch(j, err) == -1 || check_ships(j, err) == -1)
		return (-1);
	if (j->nimages > 0 && (j->workdir == NULL || j->srcdir == NULL ||
	    j->builddir == NULL))
		return (wb_err_set(err, "images need a work directory, a "
		    "source tree and a build directory"));
	if (j->nimages > 0 && (j->workdir[0] != '/' || j->srcdir[0] != '/'))
		return (wb_err_set(err, "the work directory and the source "
		    "tree must be absolute paths"));
	if (j->nimages > 0 && strpbrk(j->srcdir, "'\n") != NULL)
		return (wb_err_set(err, "%s: a source tree name may not hold "
		    "a quote or newline", j->srcdir));
	for (i = 0; i < j->nimages; i++)
		if (wb_label_parse(j->images[i], &l, err) == -1 ||
		    l.kernel[0] != '\0')
			return (wb_err_set(err, "image '%s': expected "
			    "<world>-<variant>, e.g. host-glibc-debug",
			    j->images[i]));
	for (i = 0; i < j->nrun_args; i++)
		if (strcmp(j->run_args[i], "-o") == 0 ||
		    strncmp(j->run_args[i], "--output", 8) == 0 ||
		    strncmp(j->run_args[i], "--resume", 8) == 0 ||
		    (j->run_args[i][0] == '-' && j->run_args[i][1] != '-' &&
		    strchr(j->run_args[i], 'o') != NULL))
			return (wb_err_set(err, "run argument '%s': each task "
			    "chooses its own output; leave out -o/--resume",
			    j->run_args[i]));
	for (i = 0; j->nimages > 0 && i < j->nrun_args; i++)
		if (!bench_arg_ok(j->run_args, j->nrun_args, &i))
			return (wb_err_set(err, "run argument '%s': a task over "
			    "images runs worldbench bench, which takes only "
			    "--quick, --design, --tests, --no-preflight, "
			    "--quiet, --strict and the runner options",
			    j->run_args[i]));
	return (0);
}

/* The #SBATCH header of the job script. */
static void
script_header(FILE *f, const struct wb_slurm_job *j)
{

	fputs("#!/bin/sh\n"
	    "# Written by worldbench submit.  Each array task runs one "
	    "complete\n"
	    "# interleaved run of all variants on its node, so pairs stay "
	    "within a\n"
	    "# node, into SHARED/<node>-<job>-<task>/; DONE is written "
	    "last.\n", f);
	fputs("#SBATCH --job-name=worldbench\n", f);
	if (j->throttle > 0)
		fprintf(f, "#SBATCH --array=0-%d%%%d\n", j->ntasks - 1,
		    j->throttle);
	else
		fprintf(f, "#SBATCH --array=0-%d\n", j->ntasks - 1);
	fputs("#SBATCH --nodes=1\n#SBATCH --ntasks=1\n#SBATCH --exclusive\n",
	    f);
	if (j->partition != NULL)
		fprintf(f, "#SBATCH --partition=%s\n", j->partition);
	if (j->timeout > 0)
		fprintf(f, "#SBATCH --time=%ld\n",
		    ((long)j->timeout + 59) / 60);
	script_sbatch(f, j);
	fprintf(f, "#SBATCH --output=%s/slurm-%%A_%%a.out\n", j->shared);
}

/* The shell variables of a task: wb, shared, node, job, task, dir. */
static void
script_vars(FILE *f, const struct wb_slurm_job *j)
{

	fputs("set -u\nwb=", f);
	wb_slurm_sh_quote(f, j->worldbench);
	fputs("\nshared=", f);
	wb_slurm_sh_quote(f, j->shared);
	fputs("\n"
	    "node=${SLURMD_NODENAME:-$(uname -n)}\n"
	    "job=${SLURM_ARRAY_JOB_ID:?not a Slurm array task}\n"
	    "task=${SLURM_ARRAY_TASK_ID:?not a Slurm array task}\n"
	    "dir=$shared/$node-$job-$task\n", f);
}

/* A task on a node whose install is not the one submitted stops. */
static void
script_install_check(FILE *f, const struct wb_slurm_job *j)
{

	if (j->install_id == NULL)
		return;
	fputs("\n"
	    "# The install on this node must be the one submitted: the "
	    "binary and\n"
	    "# the libraries it loads (lib/util/install_id.h).\n"
	    "have=$(" WB_INSTALL_ID_SH ")\n"
	    "if [ \"$have\" != ", f);
	wb_slurm_sh_quote(f, j->install_id);
	fputs(" ]; then\n"
	    "\techo \"worldbench: $node: the worldbench install ($wb "
	    "and its libraries,\" \\\n"
	    "\t    \"sha256 $have) is not the one submitted (", f);
	fputs(j->install_id, f);
	fputs("); nothing run\" >&2\n"
	    "\texit 3\n"
	    "fi\n", f);
}

/* The task's own directory: done is done, a partial one moved aside. */
static void
script_task_dir(FILE *f)
{

	fputs("\n"
	    "# A requeued task finds its own directory: done is done, a "
	    "partial one\n"
	    "# is moved aside (never read) and the run starts again.\n"
	    "if [ -f \"$dir/DONE\" ]; then\n"
	    "\techo \"worldbench: $dir is complete already\" >&2\n"
	    "\texit 0\n"
	    "fi\n"
	    "if [ -e \"$dir\" ]; then\n"
	    "\tmv \"$dir\" \"$shared/.partial-$node-$job-$task-$(date +%s)\" "
	    "|| exit 1\n"
	    "fi\n"
	    "mkdir -p \"$dir\" || exit 1\n", f);
}

/* What the task runs: bench over images, a shipped image, or run. */
static void
script_body(FILE *f, const struct wb_slurm_job *j)
{
	size_t i;

	if (j->nimages > 0)
		script_bench(f, j);
	else if (j->nships > 0)
		script_ship(f, j);
	else {
		fputs("\n\"$wb\" run", f);
		for (i = 0; i < j->nrun_args; i++) {
			fputc(' ', f);
			wb_slurm_sh_quote(f, j->run_args[i]);
		}
		fputs(" -o \"$dir/\"\n", f);
	}
}

/* The end of a task: its status, and DONE written last. */
static void
script_done(FILE *f)
{

	fputs("rc=$?\n"
	    "if [ $rc -ne 0 ]; then\n"
	    "\techo \"worldbench: run failed (status $rc); $dir has no DONE\" "
	    ">&2\n"
	    "\texit $rc\n"
	    "fi\n"
	    "printf 'node=%s\\njob=%s\\ntask=%s\\n' \"$node\" \"$job\" "
	    "\"$task\" >\"$dir/.DONE.tmp\" &&\n"
	    "    mv \"$dir/.DONE.tmp\" \"$dir/DONE\"\n", f);
}

/* The batch script, written to f (a wb_atomic_fn for wb_atomic_render_mem). */
static int
script(FILE *f, const void *arg, struct wb_err *err)
{
	const struct wb_slurm_job *j = arg;

	(void)err;
	script_header(f, j);
	script_vars(f, j);
	script_install_check(f, j);
	script_task_dir(f);
	script_body(f, j);
	script_done(f);
	return (0);
}

char *
wb_slurm_script(const struct wb_slurm_job *j, struct wb_err *err)
{

	if (check_job(j, err) == -1)
		return (NULL);
	return (wb_atomic_render_mem(script, j, "slurm script", NULL, err));
}

int
wb_slurm_labels(char *const *args, size_t nargs, char *const *images,
    size_t nimages, const char ***labels, struct wb_err *err)
{
	const char **l, *label, *v, *eq;
	size_t i, n;

	if ((l = calloc(nargs + nimages + 1, sizeof(*l))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	n = 0;
	label = NULL;
	for (i = 0; i < nargs; i++) {
		v = NULL;
		if (strcmp(args[i], "--variant") == 0 && i + 1 < nargs)
			v = args[++i];
		else if (strncmp(args[i], "--variant=", 10) == 0)
			v = args[i] + 10;
		else if (strcmp(args[i], "--label") == 0 && i + 1 < nargs)
			label = args[++i];
		else if (strncmp(args[i], "--label=", 8) == 0)
			label = args[i] + 8;
		if (v == NULL)
			continue;
		if ((eq = strchr(v, '=')) == NULL || !wb_label_ok(v, eq - v)) {
			free(l);
			return (wb_err_set(err, "--variant '%s': not "
			    "label=root", v));
		}
		l[n++] = v;
	}
	for (i = 0; i < nimages; i++)
		l[n++] = images[i];
	if (n == 0)
		l[n++] = label != NULL ? label : "host";
	*labels = l;
	return ((int)n);
}

void
wb_slurm_record_fini(struct wb_slurm_record *r)
{
	size_t i;

	for (i = 0; i < r->nlabels; i++) {
		free(r->labels[i]);
		if (r->shas != NULL)
			free(r->shas[i]);
	}
	free(r->labels);
	free(r->shas);
	for (i = 0; i < r->nsubs; i++) {
		free(r->subs[i].jobid);
		free(r->subs[i].indices);
	}
	free(r->subs);
	memset(r, 0, sizeof(*r));
}

int
wb_slurm_record_add(struct wb_slurm_record *r, const char *jobid,
    const int *indices, size_t n, struct wb_err *err)
{
	struct wb_slurm_sub *s;

	if ((s = reallocarray(r->subs, r->nsubs + 1, sizeof(*s))) == NULL)
		return (wb_err_setsys(err, "realloc"));
	r->subs = s;
	s = &r->subs[r->nsubs];
	s->nindices = n;
	if ((s->jobid = strdup(jobid)) == NULL ||
	    (s->indices = calloc(n > 0 ? n : 1, sizeof(int))) == NULL) {
		free(s->jobid);
		return (wb_err_setsys(err, "calloc"));
	}
	memcpy(s->indices, indices, n * sizeof(int));
	r->nsubs++;
	return (0);
}

const struct wb_slurm_sub *
wb_slurm_record_owner(const struct wb_slurm_record *r, int index)
{
	size_t i, k;

	for (i = r->nsubs; i-- > 0;)
		for (k = 0; k < r->subs[i].nindices; k++)
			if (r->subs[i].indices[k] == index)
				return (&r->subs[i]);
	return (NULL);
}

static int
jobid_ok(const char *s)
{
	size_t i;

	if (s[0] == '\0' || strlen(s) > 32)
		return (0);
	for (i = 0; s[i] != '\0'; i++)
		if (!isdigit((unsigned char)s[i]))
			return (0);
	return (1);
}

static int
record_parse(json_t *root, const char *path, struct wb_slurm_record *r,
    struct wb_err *err)
{
	json_t *labels, *subs, *v, *s, *ix, *imgs;
	const char *fmt, *id;
	size_t i, k;
	int *ind, t;

	fmt = json_string_value(json_object_get(root, "format"));
	if (fmt == NULL || strcmp(fmt, "worldbench-submit") != 0)
		return (wb_err_set(err, "%s: not a worldbench submit record",
		    path));
	r->ntasks = (int)json_integer_value(json_object_get(root, "tasks"));
	labels = json_object_get(root, "variants");
	subs = json_object_get(root, "jobs");
	if (r->ntasks < 1 || r->ntasks > WB_SLURM_MAXTASKS ||
	    !json_is_array(labels) || !json_is_array(subs))
		return (wb_err_set(err, "%s: tasks, variants or jobs missing "
		    "or bad", path));
	if ((r->labels = calloc(json_array_size(labels) + 1,
	    sizeof(char *))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	json_array_foreach(labels, i, v) {
		if (!json_is_string(v))
			return (wb_err_set(err, "%s: variants[%zu]: not a "
			    "string", path, i));
		if ((r->labels[r->nlabels++] = strdup(json_string_value(v))) ==
		    NULL)
			return (wb_err_setsys(err, "strdup"));
	}
	if ((imgs = json_object_get(root, "images")) != NULL) {
		if (!json_is_object(imgs) || (r->shas = calloc(r->nlabels + 1,
		    sizeof(char *))) == NULL)
			return (wb_err_set(err, "%s: images: not an object",
			    path));
		for (i = 0; i < r->nlabels; i++) {
			v = json_object_get(imgs, r->labels[i]);
			if (v == NULL)
				continue;
			if (!json_is_string(v) ||
			    !wb_digest_sha256_hex_ok(json_string_value(v)))
				return (wb_err_set(err, "%s: images.%s: not a "
				    "sha256", path, r->labels[i]));
			if ((r->shas[i] = strdup(json_string_value(v))) ==
			    NULL)
				return (wb_err_setsys(err, "strdup"));
		}
	}
	json_array_foreach(subs, i, s) {
		id = json_string_value(json_object_get(s, "id"));
		ix = json_object_get(s, "indices");
		if (id == NULL || !jobid_ok(id) || !json_is_array(ix))
			return (wb_err_set(err, "%s: jobs[%zu]: bad id or "
			    "indices", path, i));
		if ((ind = calloc(json_array_size(ix) + 1, sizeof(int))) ==
		    NULL)
			return (wb_err_setsys(err, "calloc"));
		json_array_foreach(ix, k, v) {
			t = (int)json_integer_value(v);
			if (!json_is_integer(v) || t < 0 || t >= r->ntasks) {
				free(ind);
				return (wb_err_set(err, "%s: jobs[%zu]."
				    "indices[%zu]: not a task index", path, i,
				    k));
			}
			ind[k] = t;
		}
		t = wb_slurm_record_add(r, id, ind, json_array_size(ix), err);
		free(ind);
		if (t == -1)
			return (-1);
	}
	return (0);
}

int
wb_slurm_record_read(const char *dir, struct wb_slurm_record *r,
    struct wb_err *err)
{
	json_error_t je;
	json_t *root;
	char *path;
	int rc;

	memset(r, 0, sizeof(*r));
	if (asprintf(&path, "%s/%s", dir, WB_SLURM_RECORD) == -1)
		return (wb_err_setsys(err, "asprintf"));
	if ((root = json_load_file(path, 0, &je)) == NULL) {
		rc = wb_err_set(err, "%s:%d:%d: %s", path, je.line, je.column,
		    je.text);
		free(path);
		return (rc);
	}
	rc = record_parse(root, path, r, err);
	json_decref(root);
	free(path);
	if (rc == -1)
		wb_slurm_record_fini(r);
	return (rc);
}

int
wb_slurm_record_write(const char *dir, const struct wb_slurm_record *r,
    struct wb_err *err)
{
	json_t *root, *labels, *subs, *s, *ix, *imgs;
	char *path, *text;
	size_t i, k;
	int rc;

	root = json_pack("{s:s, s:i, s:s, s:i}", "format", "worldbench-submit",
	    "version", 1, "script", WB_SLURM_SCRIPT, "tasks", r->ntasks);
	labels = json_array();
	subs = json_array();
	if (root == NULL || labels == NULL || subs == NULL)
		goto nomem;
	for (i = 0; i < r->nlabels; i++)
		if (json_array_append_new(labels, json_string(r->labels[i])) ==
		    -1)
			goto nomem;
	for (i = 0; i < r->nsubs; i++) {
		ix = json_array();
		s = json_pack("{s:s, s:o}", "id", r->subs[i].jobid, "indices",
		    ix);
		if (ix == NULL || s == NULL || json_array_append_new(subs, s) ==
		    -1)
			goto nomem;
		for (k = 0; k < r->subs[i].nindices; k++)
			if (json_array_append_new(ix,
			    json_integer(r->subs[i].indices[k])) == -1)
				goto nomem;
	}
	if (r->shas != NULL) {
		if ((imgs = json_object()) == NULL ||
		    json_object_set_new(root, "images", imgs) == -1)
			goto nomem;
		for (i = 0; i < r->nlabels; i++)
			if (r->shas[i] != NULL && json_object_set_new(imgs,
			    r->labels[i], json_string(r->shas[i])) == -1)
				goto nomem;
	}
	if (json_object_set(root, "variants", labels) == -1 ||
	    json_object_set(root, "jobs", subs) == -1 ||
	    (text = json_dumps(root, JSON_INDENT(2))) == NULL)
		goto nomem;
	json_decref(root);
	json_decref(labels);
	json_decref(subs);
	if (asprintf(&path, "%s/%s", dir, WB_SLURM_RECORD) == -1) {
		free(text);
		return (wb_err_setsys(err, "asprintf"));
	}
	rc = wb_atomic_write(path, text, strlen(text), 0644, err);
	free(text);
	free(path);
	return (rc);
nomem:
	json_decref(root);
	json_decref(labels);
	json_decref(subs);
	return (wb_err_setsys(err, "json"));
}

struct indices {
	const int	*ind;
	size_t		 n;
};

/* The indices as a --array value (a wb_atomic_fn for wb_atomic_render_mem). */
static int
array_spec(FILE *f, const void *arg, struct wb_err *err)
{
	const struct indices *x = arg;
	size_t i;
	int contig;

	(void)err;
	contig = 1;
	for (i = 1; i < x->n; i++)
		if (x->ind[i] != x->ind[0] + (int)i)
			contig = 0;
	if (contig && x->n > 1)
		fprintf(f, "%d-%d", x->ind[0], x->ind[x->n - 1]);
	else
		for (i = 0; i < x->n; i++)
			fprintf(f, "%s%d", i > 0 ? "," : "", x->ind[i]);
	return (0);
}

char *
wb_slurm_array_spec(const int *ind, size_t n, struct wb_err *err)
{
	struct indices x = { ind, n };

	if (n == 0) {
		wb_err_set(err, "no array indices");
		return (NULL);
	}
	return (wb_atomic_render_mem(array_spec, &x, "slurm array", NULL, err));
}

int
wb_slurm_taskdir_parse(const char *name, char **node, char **jobid,
    int *task)
{
	const char *d1, *d2, *p;
	char *end;
	long t;

	if ((d2 = strrchr(name, '-')) == NULL || d2 == name)
		return (-1);
	for (d1 = d2 - 1; d1 > name && *d1 != '-'; d1--)
		continue;
	if (*d1 != '-' || d1 == name || d2 - d1 < 2 || d2[1] == '\0' ||
	    name[0] == '.')
		return (-1);
	for (p = d1 + 1; p < d2; p++)
		if (!isdigit((unsigned char)*p))
			return (-1);
	if (!isdigit((unsigned char)d2[1]))
		return (-1);
	errno = 0;
	t = strtol(d2 + 1, &end, 10);
	if (*end != '\0' || errno != 0 || t < 0 || t >= WB_SLURM_MAXTASKS)
		return (-1);
	if ((*node = strndup(name, d1 - name)) == NULL)
		return (-1);
	if ((*jobid = strndup(d1 + 1, d2 - d1 - 1)) == NULL) {
		free(*node);
		return (-1);
	}
	*task = (int)t;
	return (0);
}

enum wb_slurm_state
wb_slurm_state_parse(const char *s)
{
	static const char *const active[] = { "PENDING", "RUNNING",
	    "REQUEUED", "RESIZING", "SUSPENDED", "CONFIGURING", "COMPLETING",
	    "REQUEUE_HOLD", "REQUEUE_FED", "SIGNALING", "STAGE_OUT",
	    "STOPPED", NULL };
	const char *const *a;
	size_t n;

	n = strcspn(s, " \t\n+");
	if (n == 9 && strncmp(s, "COMPLETED", 9) == 0)
		return (WB_SLURM_ENDED_OK);
	for (a = active; *a != NULL; a++)
		if (strlen(*a) == n && strncmp(s, *a, n) == 0)
			return (WB_SLURM_ACTIVE);
	if (n == 0)
		return (WB_SLURM_UNKNOWN);
	return (WB_SLURM_ENDED_BAD);
}

/* Does the range list "1-3,5%2" (up to ']') hold index? */
static int
in_ranges(const char *s, int index)
{
	char *end;
	long a, b;

	for (;;) {
		a = strtol(s, &end, 10);
		if (end == s)
			return (0);
		b = a;
		if (*end == '-') {
			s = end + 1;
			b = strtol(s, &end, 10);
			if (end == s)
				return (0);
		}
		if (index >= a && index <= b)
			return (1);
		if (*end == '%')
			return (0);
		if (*end != ',')
			return (0);
		s = end + 1;
	}
}

enum wb_slurm_state
wb_slurm_state_of(const char *text, const char *jobid, int index)
{
	enum wb_slurm_state st;
	const char *line, *p, *bar;
	char *end;
	size_t idlen;
	long t;

	st = WB_SLURM_UNKNOWN;
	idlen = strlen(jobid);
	for (line = text; line != NULL && *line != '\0';
	    line = (p = strchr(line, '\n')) != NULL ? p + 1 : NULL) {
		while (*line == ' ')
			line++;
		if (strncmp(line, jobid, idlen) != 0 || line[idlen] != '_')
			continue;
		p = line + idlen + 1;
		if ((bar = strchr(p, '|')) == NULL ||
		    ((end = strchr(p, '\n')) != NULL && end < bar))
			continue;
		if (*p == '[') {
			if (!in_ranges(p + 1, index))
				continue;
		} else {
			t = strtol(p, &end, 10);
			if (end == p || end != bar || t != index)
				continue;
		}
		/* squeue lists active tasks: that state wins. */
		if (wb_slurm_state_parse(bar + 1) == WB_SLURM_ACTIVE)
			return (WB_SLURM_ACTIVE);
		st = wb_slurm_state_parse(bar + 1);
	}
	return (st);
}
