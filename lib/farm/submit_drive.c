/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench submit --engine slurm as one call (submit_drive.h): the
 * job of the request, its rules checked before anything is copied, the
 * images shipped, the nodes checked, the script and the record written
 * into a new shared directory, then the array submitted and recorded.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "slurm.h"
#include "submit_drive.h"
#include "submit_int.h"
#include "wb_util.h"

/* What one submission holds: the job and the images it ships. */
struct submission {
	struct wb_slurm_ship	 ships[WB_SUBMIT_MAX];
	char			 shas[WB_SUBMIT_MAX][WB_SHA256_HEXSIZE];
	char			*slab[WB_SUBMIT_MAX], *sarc[WB_SUBMIT_MAX];
	size_t			 nlab;
	struct wb_slurm_job	 j;
	char			 self[PATH_MAX];
	char			 install[WB_SHA256_HEXSIZE];
	char			*bin, *srcdir;
};

static void
submission_fini(struct submission *sb)
{
	size_t i;

	free(sb->bin);
	free(sb->srcdir);
	for (i = 0; i < sb->nlab; i++)
		free(sb->slab[i]);
}

/* The running binary and its install's identity. */
static int
self_fill(struct submission *sb, struct wb_err *e)
{
	ssize_t len;

	if ((len = readlink("/proc/self/exe", sb->self,
	    sizeof(sb->self) - 1)) == -1) {
		wb_err_setsys(e, "/proc/self/exe");
		return (WB_SUBMIT_FAILED);
	}
	sb->self[len] = '\0';
	return (wb_install_id(sb->self, sb->install, e));
}

/* Ship i's digest: zeros until the copy, which the rules check first. */
static void
ship_placeholder(struct submission *sb, size_t i, char *label)
{

	sb->slab[i] = label;
	sb->nlab = i + 1;
	sb->ships[i].label = label;
	sb->ships[i].sha256 = sb->shas[i];
	memset(sb->shas[i], '0', WB_SHA256_HEXLEN);
	sb->shas[i][WB_SHA256_HEXLEN] = '\0';
}

/* Placeholders of the kernels (kernel.json's labels come later). */
static int
ships_kernels(struct submission *sb, const struct wb_submit *s,
    struct wb_err *e)
{
	char *label;
	size_t i;

	for (i = 0; i < s->nkernels; i++) {
		if (asprintf(&label, "kernel%zu", i) == -1)
			return (wb_err_setsys(e, "asprintf"));
		ship_placeholder(sb, i, label);
	}
	return (0);
}

/* The labels and archives of --ship label=archive. */
static int
ships_archives(struct submission *sb, const struct wb_submit *s,
    struct wb_err *e)
{
	char *label;
	size_t i;

	for (i = 0; i < s->nships; i++) {
		if ((sb->sarc[i] = strchr(s->ships[i], '=')) == NULL ||
		    sb->sarc[i][1] == '\0') {
			wb_err_set(e, "--ship '%s': expected label=archive",
			    s->ships[i]);
			return (WB_SUBMIT_USAGE);
		}
		sb->sarc[i]++;
		if ((label = strndup(s->ships[i], (size_t)(sb->sarc[i] -
		    s->ships[i] - 1))) == NULL)
			return (wb_err_setsys(e, "strndup"));
		ship_placeholder(sb, i, label);
	}
	return (0);
}

/* The image build's directories: worldbench is <O>/bin/worldbench. */
static int
job_build(struct submission *sb, const struct wb_submit *s,
    struct wb_err *e)
{
	char *slash;

	if ((sb->srcdir = wb_submit_abs_dir(s->srcdir, 0, e)) == NULL)
		return (WB_SUBMIT_FAILED);
	if ((sb->bin = strdup(sb->self)) == NULL)
		return (wb_err_setsys(e, "strdup"));
	*strrchr(sb->bin, '/') = '\0';
	if ((slash = strrchr(sb->bin, '/')) != NULL && slash != sb->bin)
		*slash = '\0';
	sb->j.workdir = s->workdir;
	sb->j.srcdir = sb->srcdir;
	sb->j.builddir = sb->bin;
	return (0);
}

/* The job's fields beside the request's: ships, build, identity. */
static int
job_fill(struct submission *sb, const struct wb_submit *s, const char *shared,
    struct wb_err *e)
{
	struct wb_slurm_job *j = &sb->j;
	int rc;

	*j = s->job;
	j->worldbench = sb->self;
	j->install_id = sb->install;
	j->shared = shared;
	j->images = s->images;
	j->nimages = s->nimages;
	if (s->nkernels > 0 || s->nships > 0) {
		j->workdir = s->workdir;
		j->sbcast = s->sbcast;
		j->boot = s->nkernels > 0;
		j->ships = sb->ships;
		j->nships = s->nkernels > 0 ? s->nkernels : s->nships;
	}
	if ((rc = ships_kernels(sb, s, e)) != 0 ||
	    (rc = ships_archives(sb, s, e)) != 0)
		return (rc);
	return (s->nimages > 0 ? job_build(sb, s, e) : 0);
}

/* The script's rules, checked before anything is copied. */
static int
check_script(const struct wb_slurm_job *j, struct wb_err *e)
{
	char *script;

	if ((script = wb_slurm_script(j, e)) == NULL)
		return (WB_SUBMIT_USAGE);
	free(script);
	return (0);
}

/* Refuse a shared directory that holds an experiment already. */
static int
check_shared_new(const char *shared, struct wb_err *e)
{
	char *path;
	int rc;

	if (asprintf(&path, "%s/%s", shared, WB_SLURM_RECORD) == -1)
		return (wb_err_setsys(e, "asprintf"));
	rc = 0;
	if (access(path, F_OK) == 0) {
		wb_err_set(e, "%s exists: %s holds an experiment already; give "
		    "a new --shared directory (or --resubmit it)", path, shared);
		rc = WB_SUBMIT_FAILED;
	}
	free(path);
	return (rc);
}

/* The kernels packed and shipped, each labelled by its kernel.json. */
static int
ship_kernels(struct submission *sb, const struct wb_submit *s,
    struct wb_err *e)
{
	size_t i;
	int rc;

	if ((rc = check_script(&sb->j, e)) != 0)
		return (rc);
	for (i = 0; i < s->nkernels; i++) {
		free(sb->slab[i]);
		sb->slab[i] = NULL;
		if ((rc = wb_submit_ship_kernel(sb->j.shared, s->kernels[i],
		    &sb->slab[i], sb->shas[i], e)) != 0)
			return (rc);
		sb->ships[i].label = sb->slab[i];
	}
	return (0);
}

/* The record's labels (and digests of shipped images) before the job. */
static int
record_fill(struct wb_slurm_record *rec, const struct submission *sb,
    const struct wb_submit *s, const char **labels, int nl, struct wb_err *e)
{
	int i;

	memset(rec, 0, sizeof(*rec));
	rec->ntasks = s->job.ntasks;
	if ((rec->labels = calloc(nl, sizeof(char *))) == NULL)
		return (wb_err_setsys(e, "calloc"));
	for (i = 0; i < nl; i++)
		if ((rec->labels[rec->nlabels++] = strndup(labels[i],
		    strcspn(labels[i], "="))) == NULL)
			return (wb_err_setsys(e, "strdup"));
	if (s->nships == 0 && s->nkernels == 0)
		return (0);
	/* No --variant with ships: labels[i] is ships[i]'s. */
	if ((rec->shas = calloc(nl + 1, sizeof(char *))) == NULL)
		return (wb_err_setsys(e, "calloc"));
	for (i = 0; i < (int)sb->j.nships; i++)
		if ((rec->shas[i] = strdup(sb->shas[i])) == NULL)
			return (wb_err_setsys(e, "strdup"));
	return (0);
}

/* The variants of the run: the run arguments' and the images'. */
static int
labels_of(struct submission *sb, const struct wb_submit *s,
    const char ***labels, struct wb_err *e)
{
	char *const *v;
	size_t n;
	int nl;

	v = s->nkernels > 0 ? sb->slab : s->nships > 0 ? s->ships : s->images;
	n = s->nkernels > 0 ? s->nkernels : s->nships > 0 ? s->nships :
	    s->nimages;
	if ((nl = wb_slurm_labels(s->job.run_args, s->job.nrun_args, v, n,
	    labels, e)) == -1)
		return (WB_SUBMIT_USAGE);
	return (nl);
}

/* sbatch the array of every task and record its job id. */
static int
submit_all(struct wb_slurm_record *rec, const struct wb_submit *s,
    struct wb_submit_done *out, struct wb_err *e)
{
	int *ind, i, n;

	n = s->job.ntasks;
	if ((ind = calloc(n, sizeof(int))) == NULL)
		return (wb_err_setsys(e, "calloc"));
	for (i = 0; i < n; i++)
		ind[i] = i;
	if ((out->spec = wb_slurm_array_spec(ind, n, e)) == NULL) {
		free(ind);
		return (-1);
	}
	wb_err_set(e, "%s", "");
	if ((out->jobid = wb_submit_array(out->shared, out->spec,
	    &s->hooks)) == NULL) {
		free(ind);
		return (WB_SUBMIT_FAILED);
	}
	if (wb_slurm_record_add(rec, out->jobid, ind, n, e) == -1 ||
	    wb_slurm_record_write(out->shared, rec, e) == -1) {
		free(ind);
		return (wb_submit_unrecorded(out->jobid, e));
	}
	free(ind);
	return (0);
}

/* The rules, the ships and the script of the request, into out. */
static int
prepare(struct submission *sb, const struct wb_submit *s,
    struct wb_submit_done *out, const char ***labels, int *nl,
    struct wb_err *e)
{
	int rc;

	if ((rc = job_fill(sb, s, out->shared, e)) != 0 ||
	    (rc = check_shared_new(out->shared, e)) != 0)
		return (rc);
	if (s->nkernels > 0 && (rc = ship_kernels(sb, s, e)) != 0)
		return (rc);
	if ((*nl = labels_of(sb, s, labels, e)) < 0)
		return (*nl);
	/* The rules first (labels, options), then the copies. */
	if (s->nships > 0 && ((rc = check_script(&sb->j, e)) != 0 ||
	    (rc = wb_submit_ship(out->shared, sb->slab, sb->sarc, s->nships,
	    sb->ships, sb->shas, e)) != 0))
		return (rc);
	if ((out->script = wb_slurm_script(&sb->j, e)) == NULL)
		return (WB_SUBMIT_USAGE);
	if (!s->dry_run && !s->no_node_check &&
	    wb_submit_nodes_check(&sb->j, &s->hooks) == -1) {
		wb_err_set(e, "not submitted: the allocation's pre-flight "
		    "failed (--no-node-check to submit anyway)");
		return (WB_SUBMIT_FAILED);
	}
	return (0);
}

/* The script and the record written; the array submitted. */
static int
commit(const struct submission *sb, const struct wb_submit *s,
    struct wb_submit_done *out, const char **labels, int nl, struct wb_err *e)
{
	struct wb_slurm_record rec;
	int rc;

	if (asprintf(&out->path, "%s/%s", out->shared, WB_SLURM_SCRIPT) ==
	    -1) {
		out->path = NULL;
		return (wb_err_setsys(e, "asprintf"));
	}
	if (wb_atomic_write(out->path, out->script, strlen(out->script),
	    0755, e) == -1)
		return (-1);
	if ((rc = record_fill(&rec, sb, s, labels, nl, e)) == 0 &&
	    (rc = wb_slurm_record_write(out->shared, &rec, e)) == 0 &&
	    !s->dry_run)
		rc = submit_all(&rec, s, out, e);
	wb_slurm_record_fini(&rec);
	return (rc);
}

int
wb_submit_drive(const struct wb_submit *s, struct wb_submit_done *out,
    struct wb_err *e)
{
	struct submission sb;
	const char **labels;
	int nl, rc;

	memset(out, 0, sizeof(*out));
	memset(&sb, 0, sizeof(sb));
	if (s->nimages > WB_SUBMIT_MAX || s->nships > WB_SUBMIT_MAX ||
	    s->nkernels > WB_SUBMIT_MAX) {
		wb_err_set(e, "at most %d images, ships or kernels",
		    WB_SUBMIT_MAX);
		return (WB_SUBMIT_USAGE);
	}
	if ((rc = self_fill(&sb, e)) != 0)
		return (rc);
	if ((out->shared = wb_submit_abs_dir(s->shared, 1, e)) == NULL)
		return (WB_SUBMIT_FAILED);
	labels = NULL;
	nl = 0;
	if ((rc = prepare(&sb, s, out, &labels, &nl, e)) == 0)
		rc = commit(&sb, s, out, labels, nl, e);
	free(labels);
	submission_fini(&sb);
	return (rc);
}

void
wb_submit_done_fini(struct wb_submit_done *out)
{

	free(out->shared);
	free(out->script);
	free(out->path);
	free(out->jobid);
	free(out->spec);
	memset(out, 0, sizeof(*out));
}
