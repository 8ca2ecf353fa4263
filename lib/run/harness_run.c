/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Running what is left of a run's order, the adaptive rounds, and
 * resuming a run from its results files.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "harness.h"
#include "harness_int.h"
#include "wb_model.h"
#include "wb_sandbox.h"
#include "wb_stats.h"
#include "wb_util.h"

#define ADAPT_CONF	0.95

/* Run the order from step `from'; 1 when stopped. */
static int
run_steps(struct wb_harness *h, size_t from, volatile sig_atomic_t *stop,
    FILE *fp, size_t *nfailed, struct wb_err *err)
{
	const struct wb_order_item *it;
	struct wb_result_test *rt;
	struct wb_hvariant *v;
	struct wb_sample s;
	size_t i;
	int rc;

	for (i = from; i < h->norder; i++) {
		it = &h->order[i];
		v = &h->v[it->variant];
		rt = wb_results_find_test(v->results, h->tests[it->test]->id);
		if (rt == NULL)
			return (wb_err_set(err, "%s: test %s missing", v->path,
			    h->tests[it->test]->id));
		if (wb_results_test_pass(rt, it->pass) != NULL)
			continue;
		if (wb_interrupt_pending() != 0 || (stop != NULL && *stop))
			return (1);
		wb_harness_progress_start(fp, h, it, i);
		rc = wb_harness_pass(v->runner, h->tests[it->test],
		    h->durations[it->test], h->copies, h->locale, stop, &s,
		    err);
		if (rc == 1 && fp != NULL && h->progress)
			fprintf(fp, "interrupted\n");
		if (rc != 0)
			return (rc);
		s.pass = it->pass;
		s.seq = (int)(i + 1);
		wb_harness_progress_end(fp, h, it, i, &s);
		if (s.status != WB_SAMPLE_OK)
			(*nfailed)++;
		rt->passes_planned = h->passes[it->test];
		rc = wb_results_add_sample(rt, &s, err);
		free(s.error);
		if (rc == -1 ||
		    wb_results_write(v->results, v->path, err) == -1)
			return (-1);
	}
	return (0);
}

static double
time_used(const struct wb_harness *h)
{
	const struct wb_result_test *t;
	double sum;
	size_t i, j, k;

	sum = 0;
	for (i = 0; i < h->nv; i++)
		for (j = 0; j < h->v[i].results->ntests; j++) {
			t = h->v[i].results->tests[j];
			for (k = 0; k < t->nsamples; k++)
				sum += t->samples[k].wall;
		}
	return (sum);
}

/*
 * Once, when stage one has fixed the count: record it in the plan
 * (adaptive.need_pairs, and expect_halfwidth, the final score's
 * half-width to expect at the count or at the cap) and, when the cap
 * makes the target unreachable, say so with the width to expect.
 */
static int
say_need(struct wb_harness *h, const struct wb_adapt *a, FILE *fp,
    struct wb_err *err)
{
	json_t *ad;
	size_t n;
	double x;

	ad = json_object_get(h->plan, "adaptive");
	if (!json_is_object(ad) || json_object_get(ad, "need_pairs") != NULL)
		return (0);
	n = a->need < (size_t)h->max_passes ? a->need :
	    (size_t)h->max_passes;
	x = wb_adapt_expect(a, n);
	if (json_object_set_new(ad, "need_pairs",
	    json_integer((json_int_t)a->need)) == -1 ||
	    json_object_set_new(ad, "expect_halfwidth",
	    json_real(isfinite(x) ? x : -1)) == -1)
		return (wb_err_set(err, "plan: out of memory"));
	if (fp != NULL && n < a->need)
		fprintf(fp, "adaptive: the target +-%.2f%% needs %zu pairs "
		    "per test; --max-passes %d caps it: expect about "
		    "+-%.2f%% for the final score\n", h->target_ci, a->need,
		    h->max_passes, x);
	else if (fp != NULL)
		fprintf(fp, "adaptive: stage one fixes %zu pairs per test; "
		    "expect about +-%.2f%% for the final score\n", a->need,
		    x);
	return (0);
}

/*
 * Ask lib/adapt which tests still need passes: in stage one those short
 * of its pairs, then those short of the pairs stage one fixed for all.
 * Each of them that is under the caps gets one more pass in every
 * variant.  Returns the number of tests extended, or -1.
 */
static int
adapt_extend(struct wb_harness *h, FILE *fp, struct wb_err *err)
{
	struct wb_results **rs;
	struct wb_adapt a;
	size_t i, k, n;
	int rc;

	if ((rs = calloc(h->nv, sizeof(*rs))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < h->nv; i++)
		rs[i] = h->v[i].results;
	rc = wb_adapt_decide(rs, h->nv, h->target_ci, ADAPT_CONF, &a, err);
	free(rs);
	if (rc == -1)
		return (-1);
	if (a.need > 0 && say_need(h, &a, fp, err) == -1) {
		wb_adapt_fini(&a);
		return (-1);
	}
	n = 0;
	if (a.final_met) {
		if (fp != NULL)
			fprintf(fp, "adaptive: %zu pairs per test, as stage "
			    "one fixed; final-score interval +-%.2f%% "
			    "(target %.2f%%): done\n", a.need,
			    a.final_halfwidth, h->target_ci);
		wb_adapt_fini(&a);
		return (0);
	}
	for (k = 0; k < a.ntests && rc == 0; k++) {
		if (!a.tests[k].extend)
			continue;
		for (i = 0; i < h->ntests; i++)
			if (strcmp(h->tests[i]->id, a.tests[k].id) == 0)
				break;
		if (i == h->ntests || h->passes[i] >= h->max_passes)
			continue;
		if (fp != NULL && a.need == 0)
			fprintf(fp, "adaptive: %s: %zu of %zu stage-one "
			    "pairs: pass %d\n", h->tests[i]->id,
			    a.tests[k].npairs, a.stage1, h->passes[i] + 1);
		else if (fp != NULL)
			fprintf(fp, "adaptive: %s: %zu of %zu pairs (fixed "
			    "by stage one for +-%.2f%%): pass %d\n",
			    h->tests[i]->id, a.tests[k].npairs, a.tests[k].need,
			    h->target_ci, h->passes[i] + 1);
		h->passes[i]++;
		if (json_object_set_new(json_object_get(h->plan, "passes"),
		    h->tests[i]->id, json_integer(h->passes[i])) == -1 ||
		    wb_harness_order_append(h, &i, 1, h->passes[i], err) == -1)
			rc = -1;
		n++;
	}
	wb_adapt_fini(&a);
	return (rc == -1 ? -1 : (int)n);
}

void
wb_harness_size(const struct wb_harness *h, size_t *nv, size_t *nt)
{

	*nv = h->nv;
	*nt = h->ntests;
}

size_t
wb_harness_failed(const struct wb_harness *h, size_t v, size_t t,
    const char **label, const char **test)
{
	const struct wb_result_test *rt;
	size_t k, n;

	*label = h->v[v].label;
	*test = h->tests[t]->id;
	rt = wb_results_find_test(h->v[v].results, h->tests[t]->id);
	n = 0;
	for (k = 0; rt != NULL && k < rt->nsamples; k++)
		n += rt->samples[k].status != WB_SAMPLE_OK;
	return (n);
}

static int
any_failed(const struct wb_harness *h, size_t v)
{
	const char *label, *test;
	size_t t;

	for (t = 0; t < h->ntests; t++)
		if (wb_harness_failed(h, v, t, &label, &test) > 0)
			return (1);
	return (0);
}

static int
finish(struct wb_harness *h, int complete, struct wb_err *err)
{
	struct wb_results *r;
	size_t i;

	for (i = 0; i < h->nv; i++) {
		r = h->v[i].results;
		if (complete)
			r->status = any_failed(h, i) ? WB_RESULTS_FAILURES :
			    WB_RESULTS_COMPLETE;
		if (wb_results_set_provenance(r, "load_after",
		    wb_provenance_loadavg(err), err) == -1 ||
		    wb_results_set_provenance(r, "date_end",
		    wb_provenance_date(), err) == -1 ||
		    wb_results_write(r, h->v[i].path, err) == -1)
			return (-1);
	}
	return (0);
}

int
wb_harness_run(struct wb_harness *h, volatile sig_atomic_t *stop, FILE *fp,
    size_t *nfailed, struct wb_err *err)
{
	size_t from;
	int rc, n;

	*nfailed = 0;
	from = 0;
	for (;;) {
		rc = run_steps(h, from, stop, fp, nfailed, err);
		if (rc != 0)
			break;
		if (h->extend && h->target_ci <= 0) {
			from = h->norder;
			if ((n = wb_harness_extend(h, fp, err)) == -1) {
				rc = -1;
				break;
			}
			if (n == 0)
				break;
			continue;
		}
		if (h->target_ci <= 0)
			break;
		if (h->max_time > 0 && time_used(h) >= h->max_time) {
			if (fp != NULL)
				fprintf(fp, "adaptive: --max-time reached\n");
			break;
		}
		from = h->norder;
		if ((n = adapt_extend(h, fp, err)) == -1) {
			rc = -1;
			break;
		}
		if (n == 0)
			break;
	}
	if (rc == -1) {
		(void)finish(h, 0, &(struct wb_err){ 0 });
		return (-1);
	}
	if (finish(h, rc == 0, err) == -1)
		return (-1);
	return (rc);
}

/* Resuming. */

/*
 * The results file is data only: the programs come from libexec and
 * datadir (the command line, or beside the running binary), never from
 * the suite location the file records, and the suite hash is computed
 * from them, so a file cannot name what a resume runs.
 */
static int
load_variant(struct wb_hvariant *v, const char *dir, json_t *pv,
    const char *libexec, const char *datadir, char *const *argv, int argc,
    struct wb_err *err)
{
	char hex[WB_SHA256_HEXSIZE];
	const char *f, *old;
	struct wb_runner_opts o;
	json_t *files, *resumed;
	int rc;

	if (json_unpack(pv, "{s:s}", "file", &f) == -1)
		return (wb_err_set(err, "plan.variants: malformed"));
	if (strchr(f, '/') != NULL || *f == '.')
		return (wb_err_set(err, "plan.variants: bad file name '%s'",
		    f));
	if (asprintf(&v->path, "%s/%s", dir, f) == -1) {
		v->path = NULL;
		return (wb_err_setsys(err, "asprintf"));
	}
	if (wb_results_read(v->path, &v->results, err) == -1)
		return (-1);
	if (wb_runner_resume_opts(v->results->provenance, v->path, v->root,
	    &o, err) == -1 ||
	    (v->runner = wb_runner_new(o.kind, v->root, &o, libexec, datadir,
	    err)) == NULL)
		return (-1);
	if (wb_harness_suite_prov(v, &files, hex, err) == -1)
		return (-1);
	json_decref(files);
	old = json_string_value(json_object_get(v->results->provenance,
	    "suite_hash"));
	if (old == NULL || strcmp(old, hex) != 0)
		return (wb_err_set(err, "%s: the bench suite changed since the "
		    "run started (suite hash %.12s, now %.12s of %s); start a "
		    "new run", v->path, old != NULL ? old : "?", hex,
		    v->runner->libexecdir));
	if ((resumed = json_object_get(v->results->provenance,
	    "resumed")) == NULL) {
		resumed = json_array();
		rc = wb_results_set_provenance(v->results, "resumed", resumed,
		    err);
		if (rc == -1)
			return (-1);
	}
	if (json_array_append_new(resumed, json_pack("{s:o, s:o, s:o}",
	    "date", wb_provenance_date(), "load", wb_provenance_loadavg(err),
	    "argv", wb_harness_argv_json(argv, argc))) == -1)
		return (wb_err_set(err, "out of memory"));
	return (0);
}

/* The first results file in dir that carries a plan. */
static struct wb_results *
find_results(const char *dir, char **file, struct wb_err *err)
{
	struct wb_results *r;
	struct wb_err ignore;
	struct dirent **names;
	size_t len;
	int i, n;

	*file = NULL;
	r = NULL;
	if ((n = scandir(dir, &names, NULL, alphasort)) == -1) {
		wb_err_setsys(err, "%s", dir);
		return (NULL);
	}
	for (i = 0; i < n; i++) {
		len = strlen(names[i]->d_name);
		if (r == NULL && names[i]->d_name[0] != '.' && len > 5 &&
		    strcmp(names[i]->d_name + len - 5, ".json") == 0 &&
		    asprintf(file, "%s/%s", dir, names[i]->d_name) != -1) {
			if (wb_results_read(*file, &r, &ignore) == -1 ||
			    json_object_get(r->plan, "variants") == NULL) {
				wb_results_free(r);
				r = NULL;
				free(*file);
				*file = NULL;
			}
		}
		free(names[i]);
	}
	free(names);
	if (r == NULL)
		wb_err_set(err, "%s: no worldbench results file with a run "
		    "plan in this directory", dir);
	return (r);
}

/*
 * The run's latest plan.  Every file of a run carries the plan, but a
 * file is written after its own variant's passes (and all of them when
 * the run stops), so after a crash one file may hold an older plan than
 * another: without the block of the extension the run was in, say,
 * whose passes the other file has.  The order only grows, so the plan
 * with the longest order of the same run id is the latest: *r and *file
 * become that file's.  A file that cannot be read is left to
 * load_variant() to report.
 */
static int
latest_plan(const char *dir, struct wb_results **r, char **file,
    struct wb_err *err)
{
	struct wb_results *o, *best;
	struct wb_err ignore;
	json_t *pv, *id;
	const char *f;
	char *path, *bestpath;
	size_t i, n;

	best = NULL;
	bestpath = NULL;
	id = json_object_get((*r)->plan, "run_id");
	n = json_array_size(json_object_get((*r)->plan, "order"));
	json_array_foreach(json_object_get((*r)->plan, "variants"), i, pv) {
		if (json_unpack(pv, "{s:s}", "file", &f) == -1 ||
		    strchr(f, '/') != NULL || *f == '.')
			continue;
		if (asprintf(&path, "%s/%s", dir, f) == -1) {
			wb_results_free(best);
			free(bestpath);
			return (wb_err_setsys(err, "asprintf"));
		}
		if (wb_results_read(path, &o, &ignore) == -1 ||
		    !json_equal(json_object_get(o->plan, "run_id"), id) ||
		    json_array_size(json_object_get(o->plan, "order")) <= n) {
			wb_results_free(o);
			free(path);
			continue;
		}
		n = json_array_size(json_object_get(o->plan, "order"));
		wb_results_free(best);
		free(bestpath);
		best = o;
		bestpath = path;
	}
	if (best != NULL) {
		wb_results_free(*r);
		free(*file);
		*r = best;
		*file = bestpath;
	}
	return (0);
}

struct wb_harness *
wb_harness_resume(const char *path, const char *libexec, const char *datadir,
    char *const *argv, int argc, struct wb_err *err)
{
	struct wb_harness *h;
	struct wb_results *r;
	struct stat st;
	json_t *pv;
	char *dir, *file, *copy;
	size_t i;

	if (stat(path, &st) == -1) {
		wb_err_setsys(err, "%s", path);
		return (NULL);
	}
	if (S_ISDIR(st.st_mode)) {
		if ((dir = strdup(path)) == NULL) {
			wb_err_setsys(err, "strdup");
			return (NULL);
		}
		if ((r = find_results(dir, &file, err)) == NULL) {
			free(dir);
			return (NULL);
		}
	} else {
		if ((copy = strdup(path)) == NULL ||
		    (dir = strdup(dirname(copy))) == NULL ||
		    (file = strdup(path)) == NULL) {
			wb_err_setsys(err, "strdup");
			return (NULL);
		}
		free(copy);
		if (wb_results_read(file, &r, err) == -1) {
			free(dir);
			free(file);
			return (NULL);
		}
	}
	if (latest_plan(dir, &r, &file, err) == -1) {
		wb_results_free(r);
		free(file);
		free(dir);
		return (NULL);
	}
	h = calloc(1, sizeof(*h));
	if (h == NULL)
		wb_err_setsys(err, "calloc");
	else if (wb_harness_plan_load(h, r->plan, file, err) == -1) {
		wb_harness_free(h);
		h = NULL;
	}
	wb_results_free(r);
	free(file);
	for (i = 0; h != NULL && i < h->nv; i++) {
		pv = json_array_get(json_object_get(h->plan, "variants"), i);
		if (load_variant(&h->v[i], dir, pv, libexec, datadir, argv,
		    argc, err) == -1 ||
		    wb_harness_attach(h, &h->v[i], err) == -1) {
			wb_harness_free(h);
			h = NULL;
		}
	}
	free(dir);
	if (h != NULL && wb_harness_write_all(h, err) == -1) {
		wb_harness_free(h);
		h = NULL;
	}
	return (h);
}
