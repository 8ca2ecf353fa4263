/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The experiment: images -> roots -> one interleaved run -> reports (see
 * experiment.h).  The run directory and the list of runs are
 * lib/experiment/experiment_runs.c.
 */
#include <sys/random.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiment.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_run.h"
#include "wb_util.h"

#define note(x, ...)	wb_note_printf((x)->note, (x)->note_arg, __VA_ARGS__)

static void
log_line(void *fp, const char *line)
{

	fprintf(fp, "%s\n", line);
}

static char *
absdir(const char *d, struct wb_err *err)
{
	char *p;

	if ((p = realpath(d, NULL)) == NULL)
		wb_err_setsys(err, "%s", d);
	return (p);
}

int
wb_experiment_images(struct wb_experiment *x, const char *log,
    struct wb_err *err)
{
	struct wb_engine eng;
	struct wb_label l;
	char hash[65], *recipe;
	size_t i;
	FILE *fp;
	int lock, rc;

	memset(&eng, 0, sizeof(eng));
	if ((fp = fopen(log, "we")) == NULL)
		return (wb_err_setsys(err, "%s", log));
	eng.progress = log_line;
	eng.progress_arg = fp;
	rc = -1;
	lock = -1;
	if ((eng.workdir = absdir(x->workdir, err)) == NULL ||
	    (eng.objdir = absdir(x->objdir, err)) == NULL ||
	    (eng.topdir = absdir(x->topdir, err)) == NULL ||
	    (lock = wb_lock_workdir(eng.workdir, 600, err)) == -1)
		goto out;
	for (i = 0; i < x->nlabels; i++) {
		if (wb_label_parse(x->labels[i], &l, err) == -1)
			goto out;
		if (l.kernel[0] != '\0') {
			wb_err_set(err, "image label '%s': an image has no "
			    "'@kernel'", x->labels[i]);
			goto out;
		}
		if ((recipe = wb_label_recipe_path(eng.topdir, &l, err)) ==
		    NULL)
			goto out;
		note(x, "building %s", x->labels[i]);
		rc = wb_recipe_build(&eng, recipe, l.variant, hash, err);
		free(recipe);
		if (rc == -1)
			goto out;
		fprintf(fp, "image %s: input hash %s\n", x->labels[i], hash);
	}
	rc = 0;
out:
	if (lock != -1)
		wb_lock_workdir_release(lock);
	if (fclose(fp) == EOF && rc == 0)
		rc = wb_err_setsys(err, "%s", log);
	free(eng.workdir);
	free(eng.objdir);
	free(eng.topdir);
	return (rc);
}

/* The unpacked root of every label, under the work directory's lock. */
static int
roots_of(const struct wb_experiment *x, char **roots, struct wb_err *err)
{
	char *image;
	size_t i;
	int lock;

	if ((lock = wb_lock_workdir(x->workdir, 600, err)) == -1)
		return (-1);
	for (i = 0; i < x->nlabels; i++) {
		if ((image = wb_label_image_path(x->workdir, x->labels[i],
		    err)) == NULL)
			break;
		roots[i] = wb_world_root_opts(image, x->workdir, x->unpack,
		    err);
		free(image);
		if (roots[i] == NULL)
			break;
	}
	wb_lock_workdir_release(lock);
	return (i == x->nlabels ? 0 : -1);
}

static struct wb_harness *
harness_new(struct wb_experiment *x, struct wb_err *err)
{
	struct wb_harness_config c;
	const struct wb_test_def **tests;
	struct wb_harness *h;
	char *roots[WB_EXPERIMENT_MAXLABELS];
	size_t i;

	memset(&c, 0, sizeof(c));
	memset(roots, 0, sizeof(roots));
	c.index = "unixbench5";
	if (x->tests != NULL)
		c.index = wb_suite_index_valid(x->tests) ? x->tests : "custom";
	if (wb_suite_parse_list(x->tests != NULL ? x->tests : c.index,
	    &tests, &c.ntests, err) == -1)
		return (NULL);
	h = NULL;
	if (roots_of(x, roots, err) == 0) {
		if (getrandom(&c.seed, sizeof(c.seed), 0) !=
		    (ssize_t)sizeof(c.seed))
			c.seed = 1;
		c.tests = tests;
		c.design = x->design;
		c.passes = x->passes;
		c.extend = x->extend > 0;
		c.extend_passes = x->extend_passes;
		c.extend_time = x->extend_time;
		c.copies = 1;
		c.labels = (const char **)x->labels;
		c.roots = (const char **)roots;
		c.nvariants = x->nlabels;
		c.output = x->rundir;
		c.output_is_dir = 1;
		c.argv = x->argv;
		c.argc = x->argc;
		c.preflight = x->preflight;
		c.runner = x->runner;
		c.unmatched = x->unmatched;
		c.have_negligible = x->have_negligible;
		c.negligible = x->negligible;
		h = wb_harness_new(&c, err);
	}
	for (i = 0; i < x->nlabels; i++)
		free(roots[i]);
	free(tests);
	return (h);
}

struct wb_harness *
wb_experiment_harness(struct wb_experiment *x, struct wb_err *err)
{

	if (x->nlabels < 1 || x->nlabels > WB_EXPERIMENT_MAXLABELS) {
		wb_err_set(err, "an experiment has 1 to %d variants, not %zu",
		    WB_EXPERIMENT_MAXLABELS, x->nlabels);
		return (NULL);
	}
	if (x->rundir == NULL) {
		wb_err_set(err, "experiment: no run directory chosen");
		return (NULL);
	}
	if (x->resumed)
		return (wb_harness_resume(x->rundir, NULL, NULL, x->argv,
		    x->argc, err));
	return (harness_new(x, err));
}

char *
wb_experiment_path(const struct wb_experiment *x, const char *name,
    struct wb_err *err)
{
	char *p;

	if (asprintf(&p, "%s/%s", x->rundir, name) == -1) {
		wb_err_setsys(err, "asprintf");
		return (NULL);
	}
	return (p);
}

void
wb_experiment_fini(struct wb_experiment *x)
{

	free(x->rundir);
	free(x->settings);
	x->rundir = NULL;
	x->settings = NULL;
}

int
wb_experiment_matching(const struct wb_experiment *x, char **unmatched,
    char **unrecorded, struct wb_err *err)
{
	json_t *ids[WB_EXPERIMENT_MAXLABELS];
	size_t i, n;
	int rc = -1;

	*unmatched = *unrecorded = NULL;
	if (x->nlabels > WB_EXPERIMENT_MAXLABELS)
		return (wb_err_set(err, "an experiment has 1 to %d variants, "
		    "not %zu", WB_EXPERIMENT_MAXLABELS, x->nlabels));
	for (n = 0; n < x->nlabels; n++)
		if ((ids[n] = wb_ident_world_image(x->workdir, x->labels[n],
		    err)) == NULL)
			goto done;
	rc = wb_ident_check_all((const json_t *const *)ids, n,
	    (char *const *)x->labels, NULL, unmatched, unrecorded, err);
done:
	for (i = 0; i < n; i++)
		json_decref(ids[i]);
	return (rc);
}
