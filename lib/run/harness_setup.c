/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Setting up a run (new or resumed), running what is left of its order,
 * and keeping every variant's results file current after each pass.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "harness.h"
#include "harness_int.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_sandbox.h"
#include "wb_stats.h"
#include "wb_util.h"

#define MAX_VARIANTS	64

void
wb_harness_free(struct wb_harness *h)
{
	size_t i;

	if (h == NULL)
		return;
	for (i = 0; i < h->nv; i++) {
		free(h->v[i].label);
		free(h->v[i].root);
		free(h->v[i].path);
		wb_runner_free(h->v[i].runner);
		wb_results_free(h->v[i].results);
	}
	free(h->v);
	free(h->tests);
	free(h->passes);
	free(h->durations);
	free(h->locale);
	free(h->unmatched);
	free(h->match_unrecorded);
	free(h->order);
	json_decref(h->plan);
	free(h);
}

/*
 * The runner of a variant: the host's own suite for root "host", else
 * the kind resolved from --runner (NULL options: the rootless runner).
 */
static struct wb_runner *
make_runner(const char *root, const struct wb_runner_opts *o,
    const char *libexec, const char *datadir, struct wb_err *err)
{
	enum wb_runner_kind k;

	if (strcmp(root, "host") == 0)
		k = WB_RUNNER_HOST;
	else
		k = o != NULL ? o->kind : WB_RUNNER_USERNS;
	return (wb_runner_new(k, root, o, libexec, datadir, err));
}

/* Provenance "runner" and what the runner's class records beside it. */
static int
runner_provenance(struct wb_results *res, const struct wb_runner *r,
    struct wb_err *err)
{
	const char *key;
	json_t *o, *m;

	if ((o = wb_runner_provenance(r)) == NULL)
		return (wb_err_set(err, "out of memory"));
	json_object_foreach(o, key, m)
		if (wb_results_set_provenance(res, key, json_incref(m),
		    err) == -1) {
			json_decref(o);
			return (-1);
		}
	json_decref(o);
	return (0);
}

/* Every planned program must be there before the first pass. */
static int
check_programs(const struct wb_harness *h, const struct wb_runner *r,
    struct wb_err *err)
{
	char *inner, *host;
	size_t i;
	int ok;

	for (i = 0; i < h->ntests; i++) {
		if (asprintf(&inner, "%s/%s", r->libexecdir,
		    h->tests[i]->id) == -1)
			return (wb_err_setsys(err, "asprintf"));
		host = wb_harness_hostpath(r, inner);
		free(inner);
		if (host == NULL)
			return (wb_err_setsys(err, "asprintf"));
		ok = access(host, X_OK) == 0;
		if (!ok)
			wb_err_setsys(err, "%s: bench program", host);
		free(host);
		if (!ok)
			return (-1);
	}
	return (0);
}

/* The image root of a chroot variant, NULL for the host's own suite. */
static const char *
image_root(const struct wb_runner *r)
{

	return (strcmp(r->root, "/") == 0 ? NULL : r->root);
}

int
wb_harness_suite_prov(struct wb_hvariant *v, json_t **files, char *hex,
    struct wb_err *err)
{

	return (wb_provenance_suite(image_root(v->runner),
	    v->runner->libexecdir, v->runner->datadir, files, hex, err));
}

json_t *
wb_harness_argv_json(char *const *argv, int argc)
{
	json_t *a;
	int i;

	if ((a = json_array()) == NULL)
		return (NULL);
	for (i = 0; i < argc; i++)
		if (json_array_append_new(a, json_string(argv[i])) == -1) {
			json_decref(a);
			return (NULL);
		}
	return (a);
}

/* The file system of the variant's scratch base, as a JSON string. */
static json_t *
scratch_fs(struct wb_hvariant *v, struct wb_err *err)
{
	char name[32], *base;
	int rc;

	if ((base = wb_harness_hostpath(v->runner,
	    v->runner->scratchdir)) == NULL) {
		wb_err_setsys(err, "asprintf");
		return (NULL);
	}
	rc = wb_fstype(base, name, sizeof(name), err);
	free(base);
	return (rc == -1 ? NULL : json_string(name));
}

static int
provenance_new(struct wb_harness *h, struct wb_hvariant *v, char *const *argv,
    int argc, struct wb_err *err)
{
	char hex[WB_SHA256_HEXSIZE], *bi;
	struct wb_results *r;
	json_t *files, *binfo, *ident;

	r = v->results;
	if (wb_harness_suite_prov(v, &files, hex, err) == -1)
		return (-1);
	if (asprintf(&bi, "%s/BUILDINFO", v->runner->datadir) == -1) {
		json_decref(files);
		return (wb_err_setsys(err, "asprintf"));
	}
	binfo = wb_provenance_buildinfo(image_root(v->runner), bi, err);
	free(bi);
	if (binfo == NULL) {
		json_decref(files);
		return (-1);
	}
	(void)h;
	if (wb_results_set_provenance(r, "worldbench_version",
	    json_string(wb_version()), err) == -1 ||
	    wb_results_set_provenance(r, "git_revision",
	    json_string(wb_version_gitrev()), err) == -1 ||
	    wb_results_set_provenance(r, "suite_hash", json_string(hex),
	    err) == -1 ||
	    wb_results_set_provenance(r, "suite_files", files, err) == -1 ||
	    wb_results_set_provenance(r, "cc", json_string(wb_version_cc()),
	    err) == -1 ||
	    wb_results_set_provenance(r, "cflags",
	    json_string(wb_version_cflags()), err) == -1 ||
	    wb_results_set_provenance(r, "bench_buildinfo", binfo, err) == -1 ||
	    wb_results_set_provenance(r, "host", wb_provenance_host(err), err) == -1 ||
	    wb_results_set_provenance(r, "load_before",
	    wb_provenance_loadavg(err), err) == -1 ||
	    wb_results_set_provenance(r, "date_start", wb_provenance_date(),
	    err) == -1 ||
	    wb_results_set_provenance(r, "label", json_string(v->label),
	    err) == -1 ||
	    runner_provenance(r, v->runner, err) == -1 ||
	    wb_results_set_provenance(r, "timing", json_string("wall"),
	    err) == -1 ||
	    wb_results_set_provenance(r, "argv", wb_harness_argv_json(argv, argc),
	    err) == -1 ||
	    wb_results_set_provenance(r, "root", json_string(v->root),
	    err) == -1 ||
	    wb_results_set_provenance(r, "image",
	    wb_world_image_ident(v->root, err), err) == -1 ||
	    (ident = wb_ident_world(v->root, err)) == NULL ||
	    wb_results_set_provenance(r, "identity", ident, err) == -1 ||
	    wb_results_set_provenance(r, "locale", json_string(h->locale),
	    err) == -1 ||
	    wb_results_set_provenance(r, "scratch_fs", scratch_fs(v, err),
	    err) == -1)
		return (-1);
	return (0);
}

const char *
wb_harness_label(const struct wb_harness *h, size_t v)
{

	return (h->v[v].label);
}

const char *
wb_harness_scratch_fs(const struct wb_harness *h, size_t v)
{

	return (json_string_value(json_object_get(
	    h->v[v].results->provenance, "scratch_fs")));
}

int
wb_harness_write_all(struct wb_harness *h, struct wb_err *err)
{
	size_t i;

	for (i = 0; i < h->nv; i++)
		if (wb_results_write(h->v[i].results, h->v[i].path, err) == -1)
			return (-1);
	return (0);
}

/* Share the plan object and make sure every planned test is present. */
int
wb_harness_attach(struct wb_harness *h, struct wb_hvariant *v,
    struct wb_err *err)
{
	const struct wb_test_def *t;
	size_t i;

	json_decref(v->results->plan);
	v->results->plan = json_incref(h->plan);
	for (i = 0; i < h->ntests; i++) {
		t = h->tests[i];
		if (wb_results_find_test(v->results, t->id) == NULL &&
		    wb_results_add_test(v->results, t->id, t->name, t->unit,
		    t->timebase, t->baseline, h->passes[i], h->durations[i],
		    err) == NULL)
			return (-1);
	}
	return (0);
}

static int
refuse_incomplete(const char *path, struct wb_err *err)
{
	struct wb_results *old;
	struct wb_err ignore;
	int incomplete;

	if (access(path, F_OK) == -1)
		return (0);
	if (wb_results_read(path, &old, &ignore) == -1)
		return (wb_err_set(err, "%s: exists and is not a results file; "
		    "remove it first", path));
	incomplete = old->status == WB_RESULTS_INCOMPLETE;
	wb_results_free(old);
	if (incomplete)
		return (wb_err_set(err, "%s: holds an incomplete run; continue "
		    "it with --resume or remove it", path));
	return (0);
}

static int
setup_variants(struct wb_harness *h, const struct wb_harness_config *c,
    struct wb_err *err)
{
	struct wb_hvariant *v;
	size_t i;

	if ((h->v = calloc(c->nvariants, sizeof(*h->v))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	h->nv = c->nvariants;
	for (i = 0; i < h->nv; i++) {
		v = &h->v[i];
		if (wb_label_check(c->labels[i], err) == -1)
			return (-1);
		if (wb_label_find(c->labels, i, c->labels[i]) < i)
			return (wb_err_set(err, "label '%s' given twice",
			    c->labels[i]));
		if ((v->label = strdup(c->labels[i])) == NULL ||
		    (v->root = strdup(c->roots[i])) == NULL)
			return (wb_err_setsys(err, "strdup"));
		if (c->output_is_dir)
			v->path = wb_label_results_path(c->output, v->label,
			    err);
		else if ((v->path = strdup(c->output)) == NULL)
			wb_err_setsys(err, "strdup");
		if (v->path == NULL)
			return (-1);
		if (refuse_incomplete(v->path, err) == -1)
			return (-1);
		if ((v->runner = make_runner(v->root, c->runner, c->libexec,
		    c->datadir, err)) == NULL || check_programs(h, v->runner, err) == -1)
			return (-1);
		if ((v->results = wb_results_new(err)) == NULL ||
		    provenance_new(h, v, c->argv, c->argc, err) == -1)
			return (-1);
		if (c->preflight != NULL && wb_results_set_provenance(
		    v->results, "preflight", json_deep_copy(c->preflight),
		    err) == -1)
			return (-1);
	}
	return (0);
}

static int
config_tests(struct wb_harness *h, const struct wb_harness_config *c,
    struct wb_err *err)
{
	size_t i;

	h->ntests = c->ntests;
	h->tests = calloc(c->ntests, sizeof(*h->tests));
	h->passes = calloc(c->ntests, sizeof(*h->passes));
	h->durations = calloc(c->ntests, sizeof(*h->durations));
	if (h->tests == NULL || h->passes == NULL || h->durations == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < c->ntests; i++) {
		h->tests[i] = c->tests[i];
		h->passes[i] = wb_suite_design_passes(c->tests[i], c->design,
		    c->passes);
		h->durations[i] = c->duration > 0 ? c->duration :
		    wb_suite_duration(c->tests[i], c->design);
	}
	return (0);
}

/* Every variant's image against the first's; refused unless allowed. */
static int
matching(struct wb_harness *h, int allowed, struct wb_err *err)
{
	struct wb_results **rv;
	char **labels;
	size_t i;
	int rc, none;

	rv = calloc(h->nv, sizeof(*rv));
	labels = calloc(h->nv, sizeof(*labels));
	if (rv == NULL || labels == NULL) {
		free(rv);
		free(labels);
		return (wb_err_setsys(err, "calloc"));
	}
	for (i = 0; i < h->nv; i++) {
		rv[i] = h->v[i].results;
		labels[i] = h->v[i].label;
	}
	rc = wb_ident_check_results(rv, h->nv, labels, NULL, &h->unmatched,
	    &h->match_unrecorded, &none, err);
	if (rc == 0 && none) {
		/* Directories or the host: nothing recorded, nothing said. */
		free(h->match_unrecorded);
		h->match_unrecorded = NULL;
	}
	free(rv);
	free(labels);
	if (rc == 0 && h->unmatched != NULL && !allowed)
		rc = wb_err_set(err, "refusing to run: the images differ in "
		    "more than the knob: %s (--unmatched to run them anyway)",
		    h->unmatched);
	return (rc);
}

const char *
wb_harness_unmatched(const struct wb_harness *h)
{

	return (h->unmatched);
}

const char *
wb_harness_match_unrecorded(const struct wb_harness *h)
{

	return (h->match_unrecorded);
}

/* Look 1 is the planned passes (the fewest of any test). */
static int
extend_schedule(struct wb_harness *h, const struct wb_harness_config *c,
    struct wb_err *err)
{
	size_t i;
	int first;

	first = h->passes[0];
	for (i = 1; i < h->ntests; i++)
		if (h->passes[i] < first)
			first = h->passes[i];
	if (c->extend_passes < 0)
		return (wb_err_set(err, "--extend-budget-passes %d: not a "
		    "number of passes", c->extend_passes));
	return (wb_extend_schedule((size_t)first, WB_EXTEND_BLOCK,
	    (size_t)c->extend_passes, c->extend_time, &h->xplan, err));
}

struct wb_harness *
wb_harness_new(const struct wb_harness_config *c, struct wb_err *err)
{
	struct wb_harness *h;
	size_t i;

	if (c->nvariants < 1 || c->nvariants > MAX_VARIANTS || c->ntests < 1 ||
	    c->copies < 1) {
		wb_err_set(err, "run: between 1 and %d variants, at least one "
		    "test and one copy", MAX_VARIANTS);
		return (NULL);
	}
	if (c->target_ci > 0 && c->nvariants < 2) {
		wb_err_set(err, "--target-ci compares variants: give two or "
		    "more --variant");
		return (NULL);
	}
	if (c->target_ci > 0 && c->max_passes < WB_ADAPT_MIN_PAIRS) {
		wb_err_set(err, "--max-passes %d: the adaptive rule needs at "
		    "least %d passes of every test", c->max_passes,
		    WB_ADAPT_MIN_PAIRS);
		return (NULL);
	}
	if (c->output_is_dir && mkdir(c->output, 0755) == -1 &&
	    errno != EEXIST) {
		wb_err_setsys(err, "%s", c->output);
		return (NULL);
	}
	if ((h = calloc(1, sizeof(*h))) == NULL) {
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	h->copies = c->copies;
	if (!wb_harness_locale_ok(c->locale != NULL ? c->locale : "C")) {
		wb_err_set(err, "--locale: '%s' is not a locale name",
		    c->locale);
		goto fail;
	}
	if ((h->locale = strdup(c->locale != NULL ? c->locale : "C")) ==
	    NULL) {
		wb_err_setsys(err, "strdup");
		goto fail;
	}
	h->seed = c->seed;
	h->target_ci = c->target_ci;
	h->target_test = c->target_test;
	h->max_passes = c->max_passes;
	h->max_time = c->max_time;
	h->extend = c->extend && !(c->target_ci > 0) && c->nvariants >= 2;
	if (config_tests(h, c, err) == -1 || (h->extend &&
	    extend_schedule(h, c, err) == -1) ||
	    setup_variants(h, c, err) == -1 ||
	    wb_harness_plan_build(h, c->index, c->design, c->output_is_dir,
	    err) == -1)
		goto fail;
	if (c->have_negligible && json_object_set_new(h->plan, "negligible",
	    json_real(c->negligible)) == -1) {
		wb_err_set(err, "plan: out of memory");
		goto fail;
	}
	for (i = 0; i < h->nv; i++)
		if (wb_harness_attach(h, &h->v[i], err) == -1)
			goto fail;
	if (matching(h, c->unmatched, err) == -1 ||
	    wb_harness_write_all(h, err) == -1)
		goto fail;
	return (h);
fail:
	wb_harness_free(h);
	return (NULL);
}
