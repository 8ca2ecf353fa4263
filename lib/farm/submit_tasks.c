/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A submitted run read back (submit_drive.h): what became of each array
 * index, from the task directories (DONE markers) and the engine (squeue,
 * sacct); the failed and missing ones submitted again; the results file
 * of a done task, checked.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "slurm.h"
#include "submit_drive.h"
#include "submit_int.h"
#include "wb_model.h"
#include "wb_util.h"

static const char *const state_names[WB_TASK_NSTATES] = { "done",
    "running", "failed", "missing" };

const char *
wb_submit_task_state_name(enum wb_task_state s)
{

	return ((unsigned)s < WB_TASK_NSTATES ? state_names[s] : "?");
}

static int
has_done(const char *shared, const char *name)
{
	char *p;
	int rc;

	if (asprintf(&p, "%s/%s/%s", shared, name, WB_SLURM_DONE) == -1)
		return (0);
	rc = access(p, F_OK) == 0;
	free(p);
	return (rc);
}

/* t's state, its directory (a copy of dir, or none) and why. */
static void
task_set(struct wb_task *t, enum wb_task_state st, const char *dir,
    const char *fmt, const char *a)
{

	t->state = st;
	if (dir != NULL) {
		free(t->dir);
		t->dir = strdup(dir);
	}
	if (fmt != NULL) {
		free(t->why);
		if (asprintf(&t->why, fmt, a) == -1)
			t->why = NULL;
	}
}

/* The engine's word on a task that has not written DONE. */
static enum wb_slurm_state
engine_state(struct wb_submit_tasks *s, const char *jobid, int index)
{
	enum wb_slurm_state st;
	char *args[10], *out, *j;

	st = WB_SLURM_UNKNOWN;
	if (s->squeue != NULL)
		st = wb_slurm_state_of(s->squeue, jobid, index);
	if (st != WB_SLURM_UNKNOWN || (j = strdup(jobid)) == NULL)
		return (st);
	args[0] = "-n";
	args[1] = "-P";
	args[2] = "-X";
	args[3] = "-j";
	args[4] = j;
	args[5] = "-o";
	args[6] = "JobID,State";
	args[7] = NULL;
	if ((out = wb_submit_engine_run("WB_SACCT", "sacct", args, 1,
	    NULL)) != NULL)
		st = wb_slurm_state_of(out, jobid, index);
	free(out);
	free(j);
	return (st);
}

/* Directory name (task task of job jobid) counted, or warned about. */
static void
scan_one(struct wb_submit_tasks *s, const char *name, const char *jobid,
    int task, const struct wb_submit_hooks *h)
{
	const struct wb_slurm_sub *own;
	struct wb_task *t;

	own = task < s->rec.ntasks ? wb_slurm_record_owner(&s->rec, task) :
	    NULL;
	if (own == NULL || strcmp(own->jobid, jobid) != 0) {
		wb_submit_warn(h, "%s: superseded or not ours, ignored", name);
		return;
	}
	t = &s->t[task];
	if (has_done(s->shared, name)) {
		if (t->state == WB_TASK_DONE)
			wb_submit_warn(h, "%s: task %d is done in %s already, "
			    "ignored", name, task, t->dir);
		else
			task_set(t, WB_TASK_DONE, name, NULL, NULL);
	} else if (t->state != WB_TASK_DONE)
		task_set(t, WB_TASK_FAILED, name, "%s has no DONE", name);
}

static int
scan_dirs(struct wb_submit_tasks *s, const struct wb_submit_hooks *h,
    struct wb_err *e)
{
	struct dirent **names;
	char *node, *jobid;
	int n, i, task;

	if ((n = scandir(s->shared, &names, NULL, alphasort)) == -1) {
		wb_err_setsys(e, "%s", s->shared);
		return (WB_SUBMIT_FAILED);
	}
	for (i = 0; i < n; i++) {
		if (wb_slurm_taskdir_parse(names[i]->d_name, &node, &jobid,
		    &task) == 0) {
			scan_one(s, names[i]->d_name, jobid, task, h);
			free(node);
			free(jobid);
		}
		free(names[i]);
	}
	free(names);
	return (0);
}

/* The engine's word on each task without DONE. */
static void
scan_engine(struct wb_submit_tasks *s)
{
	const struct wb_slurm_sub *own;
	enum wb_slurm_state st;
	struct wb_task *t;
	char *args[6];
	int i;

	args[0] = "-h";
	args[1] = "-r";
	args[2] = "-o";
	args[3] = "%i|%T";
	args[4] = NULL;
	s->squeue = wb_submit_engine_run("WB_SQUEUE", "squeue", args, 1, NULL);
	for (i = 0; i < s->rec.ntasks; i++) {
		t = &s->t[i];
		if (t->state == WB_TASK_DONE)
			continue;
		if ((own = wb_slurm_record_owner(&s->rec, i)) == NULL) {
			task_set(t, t->state, NULL, "never submitted%s", "");
			continue;
		}
		st = engine_state(s, own->jobid, i);
		if (st == WB_SLURM_ACTIVE)
			task_set(t, WB_TASK_ACTIVE, NULL, "job %s, pending or "
			    "running", own->jobid);
		else if (t->state == WB_TASK_MISSING && st != WB_SLURM_UNKNOWN)
			task_set(t, WB_TASK_FAILED, NULL, "job %s ended "
			    "without a task directory", own->jobid);
		else if (t->state == WB_TASK_MISSING)
			task_set(t, t->state, NULL, "no directory of job %s",
			    own->jobid);
	}
}

int
wb_submit_tasks_load(struct wb_submit_tasks *s, const char *dir, int engine,
    const struct wb_submit_hooks *h, struct wb_err *e)
{
	int i, rc;

	memset(s, 0, sizeof(*s));
	if ((s->shared = wb_submit_abs_dir(dir, 0, e)) == NULL)
		return (WB_SUBMIT_FAILED);
	if (wb_slurm_record_read(s->shared, &s->rec, e) == -1)
		return (-1);
	if ((s->t = calloc(s->rec.ntasks, sizeof(*s->t))) == NULL)
		return (wb_err_setsys(e, "calloc"));
	for (i = 0; i < s->rec.ntasks; i++)
		s->t[i].state = WB_TASK_MISSING;
	if ((rc = scan_dirs(s, h, e)) != 0)
		return (rc);
	if (engine)
		scan_engine(s);
	return (0);
}

void
wb_submit_tasks_fini(struct wb_submit_tasks *s)
{
	int i;

	for (i = 0; s->t != NULL && i < s->rec.ntasks; i++) {
		free(s->t[i].dir);
		free(s->t[i].why);
	}
	free(s->t);
	free(s->squeue);
	free(s->shared);
	wb_slurm_record_fini(&s->rec);
	memset(s, 0, sizeof(*s));
}

int
wb_submit_resubmit(struct wb_submit_tasks *s, char **jobid, char **spec,
    const struct wb_submit_hooks *h, struct wb_err *e)
{
	int *ind, i, n;

	*jobid = *spec = NULL;
	if ((ind = calloc(s->rec.ntasks, sizeof(int))) == NULL)
		return (wb_err_setsys(e, "calloc"));
	for (i = n = 0; i < s->rec.ntasks; i++)
		if (s->t[i].state == WB_TASK_FAILED ||
		    s->t[i].state == WB_TASK_MISSING)
			ind[n++] = i;
	if (n == 0) {
		free(ind);
		return (0);
	}
	if ((*spec = wb_slurm_array_spec(ind, n, e)) == NULL) {
		free(ind);
		return (-1);
	}
	wb_err_set(e, "%s", "");
	if ((*jobid = wb_submit_array(s->shared, *spec, h)) == NULL) {
		free(ind);
		return (WB_SUBMIT_FAILED);
	}
	i = 0;
	if (wb_slurm_record_add(&s->rec, *jobid, ind, n, e) == -1 ||
	    wb_slurm_record_write(s->shared, &s->rec, e) == -1)
		i = wb_submit_unrecorded(*jobid, e);
	free(ind);
	return (i);
}

/* Whether results file p of variant k names the shipped image. */
static int
check_shipped(const struct wb_submit_tasks *s, const struct wb_results *r,
    const char *p, size_t k, struct wb_err *e)
{
	const char *have, *kimg;

	have = json_string_value(json_object_get(json_object_get(
	    r->provenance, "image"), "sha256"));
	/* A booted kernel: its image is WORKDIR/roots/<sha256>. */
	kimg = json_string_value(json_object_get(json_object_get(
	    r->provenance, "kernel"), "image"));
	if (have == NULL && kimg != NULL && strrchr(kimg, '/') != NULL)
		have = strrchr(kimg, '/') + 1;
	if (have != NULL && strcmp(have, s->rec.shas[k]) == 0)
		return (0);
	return (wb_err_set(e, "%s: image sha256 %s, not the shipped %s", p,
	    have != NULL ? have : "unrecorded", s->rec.shas[k]));
}

char *
wb_submit_task_file(const struct wb_submit_tasks *s, int i, size_t k,
    struct wb_err *e)
{
	struct wb_results *r;
	char *p;
	int rc;

	if (asprintf(&p, "%s/%s/%s.json", s->shared, s->t[i].dir,
	    s->rec.labels[k]) == -1) {
		wb_err_setsys(e, "asprintf");
		return (NULL);
	}
	if (wb_results_read(p, &r, e) == -1) {
		free(p);
		return (NULL);
	}
	rc = 0;
	if (r->status != WB_RESULTS_COMPLETE)
		rc = wb_err_set(e, "%s: status %s though the task wrote DONE",
		    p, wb_results_status_name(r->status));
	else if (s->rec.shas != NULL && s->rec.shas[k] != NULL)
		rc = check_shipped(s, r, p, k, e);
	wb_results_free(r);
	if (rc == -1) {
		free(p);
		return (NULL);
	}
	return (p);
}
