/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench submit --status, --resubmit and --collect: the printing of
 * what lib/farm/submit_drive.h reads back from a shared directory (each
 * task's state, the resubmitted array, the results files of the done
 * tasks and their spread across nodes).
 */
#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include "exitmap.h"
#include "submit.h"
#include "wb_farm.h"
#include "wb_model.h"
#include "wb_report.h"
#include "wb_stats.h"
#include "wb_util.h"

static const struct wb_submit_hooks hooks = { submit_warn_line, NULL };

void
submit_warn_line(void *arg, const char *line)
{

	(void)arg;
	warnx("%s", line);
}

int
submit_exit(int rc, const struct wb_err *e)
{

	switch (rc) {
	case 0:
		return (0);
	case WB_SUBMIT_USAGE:
		warnx("%s", e->msg);
		return (EX_USAGE);
	case WB_SUBMIT_FAILED:
		if (e->msg[0] != '\0')
			warnx("%s", e->msg);
		return (1);
	default:
		return (cmd_fail(e));
	}
}

int
submit_status(const char *dir)
{
	struct wb_submit_tasks s;
	struct wb_err e;
	const struct wb_task *t;
	int i, rc, count[WB_TASK_NSTATES];

	if ((rc = wb_submit_tasks_load(&s, dir, 1, &hooks, &e)) != 0) {
		wb_submit_tasks_fini(&s);
		return (submit_exit(rc, &e));
	}
	memset(count, 0, sizeof(count));
	for (i = 0; i < s.rec.ntasks; i++) {
		t = &s.t[i];
		count[t->state]++;
		printf("task %d: %s", i, wb_submit_task_state_name(t->state));
		if (t->state == WB_TASK_DONE)
			printf(" %s\n", t->dir);
		else
			printf(" (%s)\n", t->why != NULL ? t->why : "?");
	}
	printf("%d tasks: %d done, %d running, %d failed, %d missing\n",
	    s.rec.ntasks, count[WB_TASK_DONE], count[WB_TASK_ACTIVE],
	    count[WB_TASK_FAILED], count[WB_TASK_MISSING]);
	wb_submit_tasks_fini(&s);
	return (0);
}

int
submit_resubmit(const char *dir)
{
	struct wb_submit_tasks s;
	struct wb_err e;
	char *spec, *id;
	int rc;

	spec = id = NULL;
	if ((rc = wb_submit_tasks_load(&s, dir, 1, &hooks, &e)) == 0 &&
	    (rc = wb_submit_resubmit(&s, &id, &spec, &hooks, &e)) == 0) {
		if (id == NULL)
			printf("nothing to resubmit\n");
		else
			printf("resubmitted tasks %s as job %s\n", spec, id);
	}
	free(id);
	free(spec);
	wb_submit_tasks_fini(&s);
	return (submit_exit(rc, &e));
}

static void
print_summary(const char *name, const double *v, size_t ncol)
{
	size_t c;

	printf("%-28s", name);
	for (c = 0; c < ncol; c++)
		if (isnan(v[c]))
			printf(" %12s", "-");
		else
			printf(" %12.4g", v[c]);
	printf("\n");
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
		printf(": CI unavailable (%s)\n",
		    wb_compare_verdict_text(f->verdict));
		return;
	}
	printf(" [%.4f, %.4f] p=%.3g adj=%.3g: %s (node runs as units, "
	    "%g df, Holm over %zu comparisons)\n", f->w.lo, f->w.hi, f->w.p,
	    f->padj, wb_report_verdict(c, f->verdict, &f->w, vt, sizeof(vt)),
	    f->w.df, c->family);
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
spread_table(const struct wb_submit_spread *sp)
{
	const struct wb_compare *c = &sp->c;
	size_t r, k;
	char hdr[64];

	printf("%-28s", "task (node-job-task)");
	for (k = 0; k < c->nvar; k++)
		printf(" %12.12s", c->labels[k]);
	for (k = 1; k < c->nvar; k++) {
		snprintf(hdr, sizeof(hdr), "ratio%zu/0", k);
		printf(" %12s", hdr);
	}
	printf("  node, CPU\n");
	for (r = 0; r < sp->nrows; r++) {
		printf("%-28s", sp->dirs[r]);
		for (k = 0; k < sp->ncol; k++)
			printf(k < c->nvar ? " %12.4g" : " %12.4f",
			    sp->t[r * sp->ncol + k]);
		print_node(c, sp->v, r);
		printf("\n");
	}
	print_summary("min", sp->sum[0], sp->ncol);
	print_summary("median", sp->sum[1], sp->ncol);
	print_summary("max", sp->sum[2], sp->ncol);
}

/*
 * Per done task: each variant's final score and its final ratio to the
 * first (the base), paired within the node; then min/median/max and
 * the verdict with node runs as units, all from the comparison that
 * worldbench compare makes of the same files.
 */
static int
print_spread(const struct wb_submit_tasks *s)
{
	struct wb_submit_spread sp;
	const struct wb_compare *c;
	struct wb_err e;
	size_t k, i;

	if (wb_submit_spread_new(s, &sp, &e) == -1) {
		wb_submit_spread_fini(&sp);
		return (cmd_fail(&e));
	}
	c = &sp.c;
	for (i = 0; i < c->nproblems; i++)
		if (c->problems[i].fatal)
			warnx("WARNING: %s: different %s (%s)",
			    c->labels[c->problems[i].var], c->problems[i].what,
			    c->problems[i].detail);
	spread_table(&sp);
	for (k = 1; k < c->nvar; k++) {
		printf("ratio%zu/0 = %s / %s, paired within each node\n", k,
		    c->labels[k], c->labels[0]);
		across_nodes(c, k);
	}
	wb_submit_spread_fini(&sp);
	return (0);
}

/* The results files of the done tasks, variant by variant. */
static int
print_files(const struct wb_submit_tasks *s, const char *variant)
{
	struct wb_err e;
	size_t k;
	char *p;
	int i;

	for (k = 0; k < s->rec.nlabels; k++) {
		if (variant != NULL && strcmp(variant, s->rec.labels[k]) != 0)
			continue;
		for (i = 0; i < s->rec.ntasks; i++) {
			if (s->t[i].state != WB_TASK_DONE)
				continue;
			if ((p = wb_submit_task_file(s, i, k, &e)) == NULL)
				return (cmd_fail(&e));
			printf("%s\n", p);
			free(p);
		}
	}
	return (0);
}

/* 0 when the run has a done task and variant (if given); else a status. */
static int
collect_check(const struct wb_submit_tasks *s, const char *variant)
{
	size_t k, ndone;
	int i, found;

	ndone = 0;
	for (i = 0; i < s->rec.ntasks; i++) {
		if (s->t[i].state == WB_TASK_DONE)
			ndone++;
		else
			warnx("task %d: not complete (%s), not collected", i,
			    s->t[i].why != NULL ? s->t[i].why :
			    "no directory");
	}
	if (ndone == 0) {
		warnx("%s: no complete task", s->shared);
		return (1);
	}
	found = variant == NULL;
	for (k = 0; k < s->rec.nlabels; k++)
		if (variant != NULL && strcmp(variant, s->rec.labels[k]) == 0)
			found = 1;
	if (!found) {
		warnx("--variant %s: not a variant of %s", variant, s->shared);
		return (EX_USAGE);
	}
	return (0);
}

int
submit_collect(const char *dir, const char *variant, int spread)
{
	struct wb_submit_tasks s;
	struct wb_err e;
	int rc;

	if ((rc = wb_submit_tasks_load(&s, dir, 0, &hooks, &e)) != 0)
		rc = submit_exit(rc, &e);
	else if ((rc = collect_check(&s, variant)) == 0)
		rc = spread ? print_spread(&s) : print_files(&s, variant);
	wb_submit_tasks_fini(&s);
	return (rc);
}
