/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * explain over a kernel recipe (explain_kernel_drive.h): the plan, its
 * kernels measured (explain_kernel_points.c), the reports saved and
 * shown; screening's second stage and delta debugging's search.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "explain_format.h"
#include "explain_kernel.h"
#include "explain_kernel_drive.h"
#include "explain_kernel_int.h"
#include "explain_plan.h"
#include "explain_result.h"
#include "explain_search.h"
#include "explain_steps.h"
#include "wb_image.h"
#include "wb_report.h"
#include "wb_stats.h"
#include "wb_util.h"

/* The formats of the reports, in the order they are written. */
static const struct {
	const char	*ext;
	const char	*format;
} formats[] = {
	{ "txt", "text" },
	{ "json", "json" },
	{ "md", "markdown" },
	{ "html", "html" },
};

/* The target's fragments that the base's list lacks, in merge order. */
static int
extra_fragments(const struct wb_explain_kernel_drive *w,
    struct wb_kbuild_variant *b, struct wb_kbuild_variant *t,
    const char **extra, size_t *nextra, struct wb_err *e)
{
	size_t i, j;

	*nextra = 0;
	if (wb_kbuild_variant_init(b, w->r, w->k->overlays, w->base, e) != 0)
		return (-1);
	if (wb_kbuild_variant_init(t, w->r, w->k->overlays, w->target,
	    e) != 0) {
		wb_kbuild_variant_fini(b);
		return (-1);
	}
	for (i = 0; i < t->nfragments; i++) {
		for (j = 0; j < b->nfragments; j++)
			if (strcmp(t->fragments[i], b->fragments[j]) == 0)
				break;
		if (j == b->nfragments && *nextra < 64)
			extra[(*nextra)++] = t->fragments[i];
	}
	return (0);
}

/* The plan of w's two variants. */
static struct wb_explain_kernel *
plan_new(const struct wb_explain_kernel_drive *w, struct wb_err *e)
{
	struct wb_kbuild_variant b, t;
	struct wb_explain_kernel *kx;
	const char *extra[64];
	size_t nextra;

	if (extra_fragments(w, &b, &t, extra, &nextra, e) != 0)
		return (NULL);
	kx = wb_explain_kernel_new(w->recipe, w->base, w->target, extra, nextra,
	    w->groups, w->ngroups, w->gens, w->ngens, w->one_at_a_time ||
	    w->screen || w->ddmin > 0, e);
	wb_kbuild_variant_fini(&b);
	wb_kbuild_variant_fini(&t);
	return (kx);
}

/* A line of text shown. */
static int
show_text(const struct wb_explain_kernel_drive *w, const char *text,
    struct wb_err *e)
{
	struct wb_explain_kernel_show sh = { text, NULL, NULL, NULL };

	return (w->show != NULL ? w->show(w->arg, &sh, e) : 0);
}

/*
 * rundir/stem.{txt,json,md,html} (the first nfmt of them) of what sh
 * holds, then sh shown.
 */
static int
save_reports(const struct wb_explain_kernel_drive *w, const char *rundir,
    const char *stem, size_t nfmt, const struct wb_explain_kernel_show *sh,
    struct wb_err *e)
{
	char *path;
	size_t i;
	int r = 0;

	for (i = 0; i < nfmt && r == 0; i++) {
		if (asprintf(&path, "%s/%s.%s", rundir, stem,
		    formats[i].ext) < 0)
			return (wb_err_setsys(e, "asprintf"));
		r = sh->x != NULL ? wb_explain_save(path, formats[i].format,
		    sh->x, e) : sh->s != NULL ? wb_explain_steps_save(path,
		    formats[i].format, sh->s, e) : wb_explain_search_save(path,
		    formats[i].format, sh->sr, e);
		free(path);
	}
	if (r == 0 && w->show != NULL)
		r = w->show(w->arg, sh, e);
	return (r);
}

static int
report_main(const struct wb_explain_kernel_drive *w,
    const struct wb_explain_kernel *kx, const char *rundir, struct wb_err *e)
{
	struct wb_explain_kernel_show sh = { NULL, NULL, NULL, NULL };
	struct wb_explain_result *x;
	int maxorder, rc;

	maxorder = w->maxorder != 0 ? w->maxorder : kx->main->design->p ==
	    0 && kx->main->k <= 3 ? (int)kx->main->k : 2;
	if ((x = wb_explain_result_new(kx->main, rundir, maxorder, 0.95,
	    e)) == NULL)
		return (-1);
	sh.x = x;
	rc = wb_explain_family(x, e) == -1 ? -1 :
	    save_reports(w, rundir, "explain", 4, &sh, e);
	wb_explain_result_free(x);
	return (rc);
}

/* A step whose final-score interval excludes 1. */
static int
step_active(const struct wb_explain_result *x)
{
	const struct wb_welch *w = wb_explain_result_final(x);

	return (w != NULL && w->have_ci && (w->hi < 1 || w->lo > 1));
}

/*
 * The steps' report; active[i] (if not NULL) for each step; partial: the
 * steps cover some factors only (screening's stage two).
 */
static int
report_steps(const struct wb_explain_kernel_drive *w,
    const struct wb_explain_kernel *kx, const char *rundir, int *active,
    int partial, struct wb_err *e)
{
	struct wb_explain_result *xs[WB_KEXPLAIN_MAXPOINTS + 1], *en = NULL;
	struct wb_explain_kernel_show sh = { NULL, NULL, NULL, NULL };
	struct wb_explain_steps s;
	size_t i, n = 0;
	int rc = 0;

	if (kx->enable != NULL && (en = wb_explain_result_new(kx->enable,
	    rundir, 1, 0.95, e)) == NULL)
		return (-1);
	for (i = 0; i < kx->nsteps && rc == 0; i++)
		if ((xs[n] = wb_explain_result_new(kx->steps[i], rundir, 1,
		    0.95, e)) == NULL)
			rc = -1;
		else
			n++;
	for (i = 0; active != NULL && i < n; i++)
		active[i] = step_active(xs[i]);
	if (rc == 0) {
		s.enable = en;
		s.steps = (const struct wb_explain_result *const *)xs;
		s.nsteps = n;
		s.kernels = kx->npoints;
		s.partial = partial;
		sh.s = &s;
		rc = save_reports(w, rundir, "steps", 4, &sh, e);
	}
	for (i = 0; i < n; i++)
		wb_explain_result_free(xs[i]);
	wb_explain_result_free(en);
	return (rc);
}

/* resultsdir/<recipe>-<UTC time>: made once the kernels are built. */
static char *
rundir_new(const struct wb_explain_kernel_drive *w, struct wb_err *e)
{
	char stamp[32], *d;
	time_t now = time(NULL);

	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", gmtime(&now));
	if (asprintf(&d, "%s/%s-%s", w->resultsdir, w->recipe, stamp) < 0) {
		wb_err_setsys(e, "asprintf");
		return (NULL);
	}
	return (d);
}

static size_t
new_points(const struct wb_explain_kernel *a, const struct wb_explain_kernel *b)
{
	size_t i, j, n = 0;

	for (i = 0; i < b->npoints; i++) {
		for (j = 0; j < a->npoints; j++)
			if (a->psets[j] == b->psets[i])
				break;
		n += j == a->npoints;
	}
	return (n);
}

/*
 * Group screening's second stage: the symbols of the active groups one
 * at a time, measured into rundir/stage2.  *failed when its boots did.
 */
static int
screen(const struct wb_explain_kernel_drive *w,
    const struct wb_explain_kernel *kx,
    const int *active, const char *rundir, int *failed, struct wb_err *e)
{
	struct wb_explain_kernel *kx2;
	char *dir, line[512];
	int none, rc;

	if ((kx2 = wb_explain_kernel_refine(kx, active, w->recipe, &none,
	    e)) == NULL) {
		if (!none)
			return (-1);
		snprintf(line, sizeof(line), "\nScreening: no group of several "
		    "symbols costs anything proven; stage two needs no "
		    "kernel.  Kernels: %zu.\n", kx->npoints);
		return (show_text(w, line, e));
	}
	if (asprintf(&dir, "%s/stage2", rundir) < 0) {
		wb_explain_kernel_free(kx2);
		return (wb_err_setsys(e, "asprintf"));
	}
	snprintf(line, sizeof(line), "\nStage two: the symbols of the groups "
	    "that cost, each after the ones before it (%zu kernels, %zu not "
	    "in stage one)\n\n", kx2->npoints, new_points(kx, kx2));
	if ((rc = show_text(w, line, e)) == 0)
		rc = wb_explain_kernel_measure(w, kx2, dir, NULL, failed, e);
	if (rc == 0)
		rc = report_steps(w, kx2, dir, NULL, 1, e);
	if (rc == 0 && !*failed) {
		snprintf(line, sizeof(line), "\nScreening: %zu kernels (stage "
		    "one %zu, stage two %zu new)\n", kx->npoints +
		    new_points(kx, kx2), kx->npoints, new_points(kx, kx2));
		rc = show_text(w, line, e);
	}
	free(dir);
	wb_explain_kernel_free(kx2);
	return (rc);
}

/* The plan's kernels measured into done->rundir and reported. */
static int
run(const struct wb_explain_kernel_drive *w, const struct wb_explain_kernel *kx,
    struct wb_explain_kernel_done *done, struct wb_err *e)
{
	int active[WB_KEXPLAIN_MAXPOINTS + 1], failed = 0, rc;

	if (w->ddmin > 0)
		rc = wb_explain_kernel_search(w, kx, done->rundir, e);
	else if ((rc = wb_explain_kernel_measure(w, kx, done->rundir, NULL,
	    &done->status, e)) == 0) {
		rc = kx->main != NULL ? report_main(w, kx, done->rundir, e) :
		    report_steps(w, kx, done->rundir, active, 0, e);
		if (rc == 0 && w->screen)
			rc = screen(w, kx, active, done->rundir, &failed, e);
	}
	if (failed)
		done->status = 1;
	done->complete = rc == 0 && !failed;
	return (rc);
}

int
wb_explain_kernel_drive(const struct wb_explain_kernel_drive *w,
    struct wb_explain_kernel_done *done, struct wb_err *e)
{

	memset(done, 0, sizeof(*done));
	wb_err_clear(e);
	if ((done->plan = plan_new(w, e)) == NULL)
		return (-1);
	if (w->plan_only)
		return (0);
	if ((done->rundir = rundir_new(w, e)) == NULL)
		return (-1);
	return (run(w, done->plan, done, e));
}

void
wb_explain_kernel_done_fini(struct wb_explain_kernel_done *done)
{

	wb_explain_kernel_free(done->plan);
	free(done->rundir);
	memset(done, 0, sizeof(*done));
}
