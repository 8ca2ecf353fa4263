/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench submit --status, --resubmit and --collect: what became of
 * each array index, read from the task directories (DONE markers) and
 * the engine (squeue, sacct), and the results of the complete tasks.
 * Only the submission that ran an index last counts, so no task is
 * read twice.
 */
#include <dirent.h>
#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "compare.h"
#include "err.h"
#include "exitmap.h"
#include "report_format.h"
#include "results.h"
#include "slurm.h"
#include "submit.h"

/* What became of each array index. */
enum tstate { T_DONE, T_ACTIVE, T_FAILED, T_MISSING };

static const char *const tstate_names[] = { "done", "running", "failed",
    "missing" };

struct task {
	enum tstate	 state;
	char		*dir;		/* the counted directory, or NULL */
	char		*why;
};

struct scan {
	char			*shared;
	struct wb_slurm_record	 rec;
	struct task		*t;
	char			*squeue;
	int			 quiet;
};

static int
has_done(const char *shared, const char *name)
{
	char *p;
	int rc;

	if (asprintf(&p, "%s/%s/%s", shared, name, WB_SLURM_DONE) == -1)
		err(EX_OSERR, "asprintf");
	rc = access(p, F_OK) == 0;
	free(p);
	return (rc);
}

static void
set_why(struct task *t, const char *fmt, const char *a)
{

	free(t->why);
	if (asprintf(&t->why, fmt, a) == -1)
		err(EX_OSERR, "asprintf");
}

/* The engine's word on a task that has not written DONE. */
static enum wb_slurm_state
engine_state(struct scan *s, const char *jobid, int index)
{
	enum wb_slurm_state st;
	char *args[10], *out, *j;

	st = WB_SLURM_UNKNOWN;
	if (s->squeue != NULL)
		st = wb_slurm_state_of(s->squeue, jobid, index);
	if (st != WB_SLURM_UNKNOWN)
		return (st);
	if ((j = strdup(jobid)) == NULL)
		err(EX_OSERR, "strdup");
	args[0] = "-n";
	args[1] = "-P";
	args[2] = "-X";
	args[3] = "-j";
	args[4] = j;
	args[5] = "-o";
	args[6] = "JobID,State";
	args[7] = NULL;
	if ((out = submit_engine_run("WB_SACCT", "sacct", args, 1)) != NULL)
		st = wb_slurm_state_of(out, jobid, index);
	free(out);
	free(j);
	return (st);
}

static void
scan_dirs(struct scan *s)
{
	const struct wb_slurm_sub *own;
	struct dirent **names;
	char *node, *jobid;
	int n, i, task;

	if ((n = scandir(s->shared, &names, NULL, alphasort)) == -1)
		err(1, "%s", s->shared);
	for (i = 0; i < n; i++) {
		if (wb_slurm_taskdir_parse(names[i]->d_name, &node, &jobid,
		    &task) == -1) {
			free(names[i]);
			continue;
		}
		own = task < s->rec.ntasks ? wb_slurm_record_owner(&s->rec,
		    task) : NULL;
		if (own == NULL || strcmp(own->jobid, jobid) != 0) {
			if (!s->quiet)
				warnx("%s: superseded or not ours, ignored",
				    names[i]->d_name);
		} else if (has_done(s->shared, names[i]->d_name)) {
			if (s->t[task].state == T_DONE) {
				if (!s->quiet)
					warnx("%s: task %d is done in %s "
					    "already, ignored",
					    names[i]->d_name, task,
					    s->t[task].dir);
			} else {
				free(s->t[task].dir);
				s->t[task].dir = strdup(names[i]->d_name);
				s->t[task].state = T_DONE;
			}
		} else if (s->t[task].state != T_DONE) {
			s->t[task].state = T_FAILED;
			free(s->t[task].dir);
			s->t[task].dir = strdup(names[i]->d_name);
			set_why(&s->t[task], "%s has no DONE",
			    names[i]->d_name);
		}
		free(node);
		free(jobid);
		free(names[i]);
	}
	free(names);
}

static void
scan_engine(struct scan *s)
{
	const struct wb_slurm_sub *own;
	enum wb_slurm_state st;
	char *args[6];
	int i;

	args[0] = "-h";
	args[1] = "-r";
	args[2] = "-o";
	args[3] = "%i|%T";
	args[4] = NULL;
	s->squeue = submit_engine_run("WB_SQUEUE", "squeue", args, 1);
	for (i = 0; i < s->rec.ntasks; i++) {
		if (s->t[i].state == T_DONE)
			continue;
		if ((own = wb_slurm_record_owner(&s->rec, i)) == NULL) {
			set_why(&s->t[i], "never submitted%s", "");
			continue;
		}
		st = engine_state(s, own->jobid, i);
		if (st == WB_SLURM_ACTIVE) {
			s->t[i].state = T_ACTIVE;
			set_why(&s->t[i], "job %s, pending or running",
			    own->jobid);
		} else if (s->t[i].state == T_MISSING &&
		    st != WB_SLURM_UNKNOWN) {
			s->t[i].state = T_FAILED;
			set_why(&s->t[i], "job %s ended without a task "
			    "directory", own->jobid);
		} else if (s->t[i].state == T_MISSING)
			set_why(&s->t[i], "no directory of job %s",
			    own->jobid);
	}
}

static void
scan_load(struct scan *s, const char *dir, int quiet, int engine)
{
	struct wb_err e;
	int i;

	memset(s, 0, sizeof(*s));
	s->quiet = quiet;
	s->shared = submit_abs_dir(dir, 0);
	if (wb_slurm_record_read(s->shared, &s->rec, &e) == -1)
		cmd_die(&e);
	if ((s->t = calloc(s->rec.ntasks, sizeof(*s->t))) == NULL)
		err(EX_OSERR, "calloc");
	for (i = 0; i < s->rec.ntasks; i++)
		s->t[i].state = T_MISSING;
	scan_dirs(s);
	if (engine)
		scan_engine(s);
}

static void
scan_free(struct scan *s)
{
	int i;

	for (i = 0; i < s->rec.ntasks; i++) {
		free(s->t[i].dir);
		free(s->t[i].why);
	}
	free(s->t);
	free(s->squeue);
	free(s->shared);
	wb_slurm_record_fini(&s->rec);
}

int
submit_status(const char *dir)
{
	struct scan s;
	int i, count[4];

	scan_load(&s, dir, 0, 1);
	memset(count, 0, sizeof(count));
	for (i = 0; i < s.rec.ntasks; i++) {
		count[s.t[i].state]++;
		printf("task %d: %s", i, tstate_names[s.t[i].state]);
		if (s.t[i].state == T_DONE)
			printf(" %s\n", s.t[i].dir);
		else
			printf(" (%s)\n", s.t[i].why != NULL ? s.t[i].why :
			    "?");
	}
	printf("%d tasks: %d done, %d running, %d failed, %d missing\n",
	    s.rec.ntasks, count[T_DONE], count[T_ACTIVE], count[T_FAILED],
	    count[T_MISSING]);
	scan_free(&s);
	return (0);
}

int
submit_resubmit(const char *dir)
{
	struct scan s;
	struct wb_err e;
	char *spec, *id;
	int *ind, i, n, rc;

	scan_load(&s, dir, 0, 1);
	if ((ind = calloc(s.rec.ntasks, sizeof(int))) == NULL)
		err(EX_OSERR, "calloc");
	for (i = n = 0; i < s.rec.ntasks; i++)
		if (s.t[i].state == T_FAILED || s.t[i].state == T_MISSING)
			ind[n++] = i;
	rc = 0;
	if (n == 0) {
		printf("nothing to resubmit\n");
		goto out;
	}
	if ((spec = wb_slurm_array_spec(ind, n, &e)) == NULL)
		cmd_die(&e);
	if ((id = submit_array(s.shared, spec)) == NULL)
		rc = 1;
	else if (wb_slurm_record_add(&s.rec, id, ind, n, &e) == -1 ||
	    wb_slurm_record_write(s.shared, &s.rec, &e) == -1)
		errx(1, "job %s submitted but not recorded: %s", id, e.msg);
	else
		printf("resubmitted tasks %s as job %s\n", spec, id);
	free(id);
	free(spec);
out:
	free(ind);
	scan_free(&s);
	return (rc);
}

/*
 * The results file of variant k in a done task, checked complete and,
 * for a shipped image, checked to name the shipped sha256.
 */
static char *
task_file(struct scan *s, int i, size_t k)
{
	struct wb_results *r;
	struct wb_err e;
	const char *have, *kimg;
	char *p;

	if (asprintf(&p, "%s/%s/%s.json", s->shared, s->t[i].dir,
	    s->rec.labels[k]) == -1)
		err(EX_OSERR, "asprintf");
	if (wb_results_read(p, &r, &e) == -1)
		cmd_die(&e);
	if (r->status != WB_RESULTS_COMPLETE)
		errx(EX_DATAERR, "%s: status %s though the task wrote DONE", p,
		    wb_results_status_name(r->status));
	if (s->rec.shas != NULL && s->rec.shas[k] != NULL) {
		have = json_string_value(json_object_get(json_object_get(
		    r->provenance, "image"), "sha256"));
		/* A booted kernel: its image is WORKDIR/roots/<sha256>. */
		kimg = json_string_value(json_object_get(json_object_get(
		    r->provenance, "kernel"), "image"));
		if (have == NULL && kimg != NULL && strrchr(kimg, '/') != NULL)
			have = strrchr(kimg, '/') + 1;
		if (have == NULL || strcmp(have, s->rec.shas[k]) != 0)
			errx(EX_DATAERR, "%s: image sha256 %s, not the shipped "
			    "%s", p, have != NULL ? have : "unrecorded",
			    s->rec.shas[k]);
	}
	wb_results_free(r);
	return (p);
}

static int
dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return ((x > y) - (x < y));
}

static void
print_summary(const char *name, double *v, size_t n, size_t ncol)
{
	size_t c, i, k;
	double *col;

	if ((col = calloc(n, sizeof(double))) == NULL)
		err(EX_OSERR, "calloc");
	printf("%-28s", name);
	for (c = 0; c < ncol; c++) {
		for (i = k = 0; i < n; i++)
			if (!isnan(v[i * ncol + c]))
				col[k++] = v[i * ncol + c];
		qsort(col, k, sizeof(double), dbl_cmp);
		if (k == 0)
			printf(" %12s", "-");
		else if (strcmp(name, "min") == 0)
			printf(" %12.4g", col[0]);
		else if (strcmp(name, "max") == 0)
			printf(" %12.4g", col[k - 1]);
		else
			printf(" %12.4g", k % 2 ? col[k / 2] :
			    (col[k / 2 - 1] + col[k / 2]) / 2);
	}
	printf("\n");
	free(col);
}

/*
 * The across-node verdict of variant k: the comparison's final score
 * with the node runs as units (lib/stats/compare_blocked.c), in the family of
 * every test and final score, Holm-adjusted.
 */
static void
across_nodes(const struct wb_compare *c, size_t k)
{
	const struct wb_cmp_final *f = &c->final[k];
	char vt[160];

	printf("%s / %s over %zu node runs: ratio %.4f", c->labels[k],
	    c->labels[0], c->blocked ? c->nruns : 1, f->ratio);
	if (!c->blocked) {
		printf(": CI unavailable (one node run)\n");
		return;
	}
	if (!f->w.have_ci) {
		printf(": CI unavailable (%s)\n", wb_verdict_text(f->verdict));
		return;
	}
	printf(" [%.4f, %.4f] p=%.3g adj=%.3g: %s (node runs as units, "
	    "%g df, Holm over %zu comparisons)\n", f->w.lo, f->w.hi, f->w.p,
	    f->padj, wb_report_verdict(c, f->verdict, &f->w, vt, sizeof(vt)),
	    f->w.df, c->family);
}

/* Every done task's results files, task by task, with their labels. */
static size_t
spread_files(struct scan *s, char ***paths, char ***labels)
{
	size_t nl, n, k;
	int i;

	nl = s->rec.nlabels;
	*paths = calloc((size_t)s->rec.ntasks * nl + 1, sizeof(char *));
	*labels = calloc((size_t)s->rec.ntasks * nl + 1, sizeof(char *));
	if (*paths == NULL || *labels == NULL)
		err(EX_OSERR, "calloc");
	n = 0;
	for (i = 0; i < s->rec.ntasks; i++) {
		if (s->t[i].state != T_DONE)
			continue;
		for (k = 0; k < nl; k++) {
			(*paths)[n] = task_file(s, i, k);
			(*labels)[n++] = s->rec.labels[k];
		}
	}
	return (n);
}

/* Row r of the table: the final scores, then the ratios to the base. */
static void
spread_row(const struct wb_compare *c, size_t r, double *row)
{
	size_t k, nl;

	nl = c->nvar;
	for (k = 0; k < nl; k++)
		row[k] = c->blocked ? c->runs[r].finals[k] : c->final[k].score;
	for (k = 1; k < nl; k++)
		row[nl + k - 1] = c->blocked ? c->final[k].runs.ratios[r] :
		    c->final[k].ratio;
}

/* "node, CPU model" of run r, from its base file's fingerprint. */
static void
print_node(const struct wb_compare *c, struct wb_results *const *v, size_t r)
{
	json_t *fp, *cpu;
	size_t f;

	f = c->blocked ? c->runs[r].files[0] : 0;
	fp = json_object_get(json_object_get(v[f]->provenance, "host"),
	    "fingerprint");
	cpu = json_object_get(fp, "cpu_model");
	if (cpu == NULL)
		cpu = json_object_get(json_object_get(v[f]->provenance,
		    "host"), "cpu_model");
	printf("  %s, %s", c->blocked && c->runs[r].node != NULL ?
	    c->runs[r].node : "?", json_is_string(cpu) ?
	    json_string_value(cpu) : "CPU unrecorded");
}

static void
spread_table(struct scan *s, const struct wb_compare *c,
    struct wb_results *const *v, size_t ndone)
{
	size_t nl, ncol, r, k;
	double *t;
	char hdr[64];
	int i;

	nl = c->nvar;
	ncol = nl + nl - 1;
	if ((t = calloc(ndone * ncol, sizeof(double))) == NULL)
		err(EX_OSERR, "calloc");
	printf("%-28s", "task (node-job-task)");
	for (k = 0; k < nl; k++)
		printf(" %12.12s", c->labels[k]);
	for (k = 1; k < nl; k++) {
		snprintf(hdr, sizeof(hdr), "ratio%zu/0", k);
		printf(" %12s", hdr);
	}
	printf("  node, CPU\n");
	for (i = 0, r = 0; i < s->rec.ntasks; i++) {
		if (s->t[i].state != T_DONE)
			continue;
		spread_row(c, r, &t[r * ncol]);
		printf("%-28s", s->t[i].dir);
		for (k = 0; k < ncol; k++)
			printf(k < nl ? " %12.4g" : " %12.4f", t[r * ncol + k]);
		print_node(c, v, r);
		printf("\n");
		r++;
	}
	print_summary("min", t, ndone, ncol);
	print_summary("median", t, ndone, ncol);
	print_summary("max", t, ndone, ncol);
	free(t);
}

/*
 * Per done task: each variant's final score and its final ratio to the
 * first (the base), paired within the node; then min/median/max and
 * the verdict with node runs as units, all from the comparison that
 * worldbench compare makes of the same files.
 */
static void
print_spread(struct scan *s, size_t ndone)
{
	struct wb_results **v;
	struct wb_compare c;
	struct wb_err e;
	size_t n, k, i;
	char **paths, **labels;

	n = spread_files(s, &paths, &labels);
	if ((v = calloc(n + 1, sizeof(*v))) == NULL)
		err(EX_OSERR, "calloc");
	for (i = 0; i < n; i++)
		if (wb_results_read(paths[i], &v[i], &e) == -1)
			cmd_die(&e);
	if (wb_compare_build(v, n, (const char *const *)labels,
	    (const char *const *)paths, 0.95, WB_EST_UNIXBENCH, WB_ADJ_HOLM,
	    &c, &e) == -1)
		cmd_die(&e);
	for (i = 0; i < c.nproblems; i++)
		if (c.problems[i].fatal)
			warnx("WARNING: %s: different %s (%s)",
			    c.labels[c.problems[i].var], c.problems[i].what,
			    c.problems[i].detail);
	spread_table(s, &c, v, ndone);
	for (k = 1; k < c.nvar; k++) {
		printf("ratio%zu/0 = %s / %s, paired within each node\n", k,
		    c.labels[k], c.labels[0]);
		across_nodes(&c, k);
	}
	wb_compare_fini(&c);
	for (i = 0; i < n; i++) {
		wb_results_free(v[i]);
		free(paths[i]);
	}
	free(v);
	free(paths);
	free(labels);
}

int
submit_collect(const char *dir, const char *variant, int spread)
{
	struct scan s;
	size_t k, ndone;
	char *p;
	int i, found;

	scan_load(&s, dir, 0, 0);
	ndone = 0;
	for (i = 0; i < s.rec.ntasks; i++) {
		if (s.t[i].state == T_DONE)
			ndone++;
		else
			warnx("task %d: not complete (%s), not collected", i,
			    s.t[i].why != NULL ? s.t[i].why : "no directory");
	}
	if (ndone == 0)
		errx(1, "%s: no complete task", s.shared);
	found = variant == NULL;
	for (k = 0; k < s.rec.nlabels; k++)
		if (variant != NULL && strcmp(variant, s.rec.labels[k]) == 0)
			found = 1;
	if (!found)
		errx(EX_USAGE, "--variant %s: not a variant of %s", variant,
		    s.shared);
	if (spread) {
		print_spread(&s, ndone);
		scan_free(&s);
		return (0);
	}
	for (k = 0; k < s.rec.nlabels; k++) {
		if (variant != NULL && strcmp(variant, s.rec.labels[k]) != 0)
			continue;
		for (i = 0; i < s.rec.ntasks; i++) {
			if (s.t[i].state != T_DONE)
				continue;
			p = task_file(&s, i, k);
			printf("%s\n", p);
			free(p);
		}
	}
	scan_free(&s);
	return (0);
}

