/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The experiment's workflow in one call (experiment_drive.h): the step
 * order of "bench" and "explain" over worlds.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "experiment.h"
#include "experiment_drive.h"
#include "wb_image.h"
#include "wb_run.h"
#include "wb_sandbox.h"
#include "wb_util.h"

/* A failed step: its name in done, -1. */
static int
failed(struct wb_experiment_done *done, const char *what)
{

	done->what = what;
	return (-1);
}

/* Build the images; on failure the tail of the build log. */
static int
images(const struct wb_experiment_drive *d, struct wb_experiment_done *done,
    struct wb_err *err)
{
	char log[PATH_MAX];
	struct wb_err e2;

	snprintf(log, sizeof(log), "%s/bench-images.log", d->x->workdir);
	if (wb_experiment_images(d->x, log, err) == 0)
		return (0);
	done->log_tail = wb_recipe_build_log_tail(log, 20, &e2);
	return (failed(done, "building the images"));
}

/*
 * Images that differ in more than the knob are refused unless
 * x->unmatched; then, and for labels without a record, a warning.
 */
static int
matching(const struct wb_experiment_drive *d, struct wb_experiment_done *done,
    struct wb_err *err)
{

	if (!d->matching || d->x->nlabels < 2)
		return (0);
	if (wb_experiment_matching(d->x, &done->unmatched,
	    &done->unrecorded, err) == -1)
		return (failed(done, "matching"));
	if (done->unmatched != NULL && !d->x->unmatched)
		return (wb_err_set(err, "refusing to run: the images differ "
		    "in more than the knob: %s (--unmatched to run them "
		    "anyway)", wb_strvis_slot(done->unmatched)));
	if (done->unmatched != NULL)
		wb_note_printf(d->warn, d->arg,
		    "WARNING: --unmatched: UNMATCHED "
		    "images: %s", done->unmatched);
	if (done->unrecorded != NULL && !d->quiet)
		wb_note_printf(d->warn, d->arg,
		    "matching not recorded for %s (not "
		    "an image with an identity record): not checked",
		    done->unrecorded);
	return (0);
}

/*
 * The host's pre-flight check, kept in the run's provenance; its
 * warnings unless quiet, and with strict a busy host ends the run.
 */
static int
preflight(const struct wb_experiment_drive *d, struct wb_experiment_done *done,
    struct wb_err *err)
{
	struct wb_preflight_src src;
	struct wb_preflight pf;
	size_t i;
	int busy;

	memset(&src, 0, sizeof(src));
	src.window = 0.5;
	src.self = getpid();
	if (wb_preflight_run(&src, &pf, err) == -1)
		return (failed(done, "preflight"));
	busy = d->strict && pf.busy;
	if (!d->quiet || busy)
		for (i = 0; i < pf.nwarnings; i++)
			wb_note_printf(d->warn, d->arg, "preflight: %s",
			    pf.warnings[i]);
	if (busy) {
		done->busy = 1;
		done->status = 1;
		wb_err_set(err, "--strict: the host is busy (load %.2f on "
		    "%ld CPUs); not starting", pf.load[0], pf.ncpu);
	} else if ((d->x->preflight = wb_preflight_json(&pf)) == NULL)
		wb_err_set(err, "preflight: out of memory");
	wb_preflight_fini(&pf);
	return (d->x->preflight == NULL ? -1 : 0);
}

/* The runner's kind (auto: the first that can start here), probed. */
static int
runner(const struct wb_experiment_drive *d, struct wb_experiment_done *done,
    struct wb_err *err)
{
	char note[1024];

	if (wb_runner_resolve(d->ro->kind, &d->ro->kind, note, sizeof(note),
	    err) == -1) {
		done->status = 1;
		return (-1);
	}
	if (*note != '\0')
		wb_note_printf(d->warn, d->arg, "%s", note);
	d->x->runner = d->ro;
	return (0);
}

/* The images, checked: up to the choice of the run directory. */
static int
prepare(const struct wb_experiment_drive *d, struct wb_experiment_done *done,
    struct wb_err *err)
{
	struct wb_experiment *x = d->x;

	if (images(d, done, err) == -1 || matching(d, done, err) == -1)
		return (-1);
	if (d->images_built != NULL &&
	    d->images_built(d->arg, x, &done->what, err) == -1)
		return (-1);
	if (wb_experiment_rundir(x, err) == -1)
		return (-1);
	wb_note_printf(x->note, x->note_arg, "%s", x->resumed ?
	    "resuming the interrupted run" : "a new run");
	wb_note_printf(x->note, x->note_arg, "%s (%s)", x->rundir, x->settings);
	if (!x->resumed && !d->no_preflight &&
	    preflight(d, done, err) == -1)
		return (-1);
	return (runner(d, done, err));
}

int
wb_experiment_drive(const struct wb_experiment_drive *d,
    struct wb_experiment_done *done, struct wb_err *err)
{
	struct wb_experiment *x = d->x;
	struct wb_harness *h;
	int rc;

	memset(done, 0, sizeof(*done));
	if (prepare(d, done, err) == -1) {
		json_decref(x->preflight);
		x->preflight = NULL;
		return (-1);
	}
	h = wb_experiment_harness(x, err);
	json_decref(x->preflight);
	x->preflight = NULL;
	if (h == NULL)
		return (-1);
	rc = d->run(d->arg, h);
	done->status = rc;
	if (rc >= 128) {
		wb_note_printf(d->warn, d->arg,
		    "interrupted: the run %s is kept; "
		    "the same command resumes it", x->rundir);
		return (0);
	}
	if (wb_experiment_report(x, err) == -1) {
		done->status = 0;
		return (-1);
	}
	return (0);
}

void
wb_experiment_done_fini(struct wb_experiment_done *done)
{

	free(done->log_tail);
	free(done->unmatched);
	free(done->unrecorded);
	memset(done, 0, sizeof(*done));
}
