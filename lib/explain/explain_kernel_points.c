/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The kernels of a kernel explanation (explain_kernel_int.h): each point
 * built in the shared build directory, then all booted into one run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain_kernel.h"
#include "explain_kernel_int.h"
#include "explain_kernel_opts.h"
#include "wb_experiment.h"
#include "wb_image.h"
#include "wb_util.h"

/* Another point: the base's fragments and one more with its symbols. */
static int
point_fragment(struct wb_kvariant *v, const struct wb_explain_kernel *kx,
    size_t i, const struct wb_explain_kernel_drive *w, char **fragpath,
    const char ***frags, struct wb_err *e)
{
	char *text, *dir;
	size_t n;

	if (asprintf(&dir, "%s/kbuild/explain", w->k->workdir) < 0)
		return (wb_err_setsys(e, "explain"));
	if (wb_kpaths_mkdirs(dir, e) != 0 || asprintf(fragpath,
	    "%s/%s.config", dir, kx->points[i]) < 0) {
		free(dir);
		return (*fragpath = NULL, e->msg[0] == '\0' ?
		    wb_err_setsys(e, "explain") : -1);
	}
	free(dir);
	if ((text = wb_explain_kernel_fragment(kx, i, e)) == NULL)
		return (-1);
	n = v->kv.nfragments;
	if (wb_atomic_write(*fragpath, text, strlen(text), 0644, e) != 0 ||
	    (*frags = calloc(n + 1, sizeof(**frags))) == NULL) {
		free(text);
		return (*frags == NULL && e->msg[0] == '\0' ?
		    wb_err_setsys(e, "calloc") : -1);
	}
	free(text);
	memcpy(*frags, v->kv.fragments, n * sizeof(**frags));
	(*frags)[n] = *fragpath;
	v->kb.fragments = *frags;
	v->kb.nfragments = n + 1;
	free(v->objdir);
	if (asprintf(&dir, "explain-%s", w->recipe) < 0 ||
	    (v->objdir = wb_kpaths_objdir(w->k, dir)) == NULL) {
		free(dir);
		return (wb_err_setsys(e, "explain"));
	}
	free(dir);
	v->kb.objdir = v->objdir;
	return (0);
}

/* Point i's build: its fragments, the shared build directory. */
static int
point_init(struct wb_kvariant *v, const struct wb_explain_kernel *kx, size_t i,
    const struct wb_explain_kernel_drive *w, char **fragpath,
    const char ***frags, struct wb_err *e)
{
	int which;

	*fragpath = NULL;
	*frags = NULL;
	which = wb_explain_kernel_variant(kx, i);
	if (wb_kvariant_init(v, w->k, w->r, which == 2 ? w->target : w->base,
	    kx->points[i], w->jobs, 0, w->note, w->arg, e) != 0)
		return (-1);
	if (which != 0)
		return (0);
	return (point_fragment(v, kx, i, w, fragpath, frags, e));
}

/* Build every point; images[i] its image directory. */
static int
build_points(const struct wb_explain_kernel_drive *w,
    const struct wb_explain_kernel *kx, char **images, size_t *built,
    struct wb_err *e)
{
	struct wb_kvariant v;
	const char **frags;
	char *fragpath;
	double t0;
	size_t i;
	int b, rc = 0;

	*built = 0;
	for (i = 0; i < kx->npoints && rc == 0; i++) {
		if (point_init(&v, kx, i, w, &fragpath, &frags, e) != 0) {
			rc = -1;
		} else {
			if (!w->quiet)
				wb_note_printf(w->note, w->arg,
				    "[%zu/%zu] kernel %s",
				    i + 1, kx->npoints, kx->points[i]);
			t0 = wb_spawn_now();
			if (wb_kbuild_run(&v.kb, 0, &b, e) != 0)
				rc = -1;
			else if ((images[i] = strdup(v.imagedir)) == NULL)
				rc = wb_err_setsys(e, "strdup");
			else if (b) {
				(*built)++;
				if (!w->quiet)
					wb_note_printf(w->note, w->arg,
					    "built %s in %.0f s", kx->points[i],
					    wb_spawn_now() - t0);
			}
		}
		wb_kvariant_fini(&v);
		free(frags);
		free(fragpath);
	}
	return (rc);
}

static int
boot_points(const struct wb_explain_kernel_drive *w,
    const char *const *images, size_t n, const char *rundir, int *failed,
    struct wb_err *e)
{
	struct wb_experiment_boot x;
	struct wb_qemu_policy_req *pol = &x.policy;
	int rc;

	memset(&x, 0, sizeof(x));
	x.paths = w->k;
	x.kernels = images;
	x.nkernels = n;
	x.root = w->root;
	x.outdir = rundir;
	x.qemu = w->qemu;
	pol->tests = w->tests != NULL ? w->tests : "all";
	pol->passes = w->passes;
	pol->boots = w->boots;
	pol->seconds = w->seconds;
	pol->quick = w->seconds == 0;	/* the quick plan by default */
	pol->hang = -1;
	pol->cachedir = w->k->cachedir;
	x.say = w->note;
	x.note = w->quiet ? NULL : w->note;
	x.note_arg = w->arg;
	x.preflight = w->preflight != NULL ? w->preflight(w->arg) : NULL;
	if ((rc = wb_experiment_boot_run(&x, e)) == 0 && x.boots_failed > 0) {
		wb_note_printf(w->warn, w->arg,
		    "%d boots failed (recorded in the "
		    "results): their rounds are left out", x.boots_failed);
		*failed = 1;
	}
	wb_experiment_boot_fini(&x);
	return (rc);
}

int
wb_explain_kernel_measure(const struct wb_explain_kernel_drive *w,
    const struct wb_explain_kernel *kx, const char *dir, size_t *nbuilt,
    int *failed, struct wb_err *e)
{
	char *images[WB_KEXPLAIN_MAXPOINTS] = { NULL };
	size_t i, built;
	int rc;

	*failed = 0;
	if ((rc = build_points(w, kx, images, &built, e)) == 0)
		rc = wb_kpaths_mkdirs(dir, e);
	if (rc == 0) {
		wb_note_printf(w->note, w->arg, "%zu kernels, %zu built now; "
		    "booting them into %s", kx->npoints, built, dir);
		rc = boot_points(w, (const char *const *)images, kx->npoints,
		    dir, failed, e);
	}
	for (i = 0; i < kx->npoints; i++)
		free(images[i]);
	if (nbuilt != NULL)
		*nbuilt = built;
	return (rc);
}
