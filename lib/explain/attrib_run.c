/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * "worldbench kernel attribute": boot the base and the debug kernel
 * under the instruction-counting plugin, once per test and run length,
 * charge each kernel's symbols, and write the report.  qemu 7.2's
 * plugin API cannot see where one test ends and the next begins in a
 * boot, so every boot runs one test; a short and a long run of each
 * test cancel what the boot and the test's start-up cost.
 */
#include <sys/stat.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "attrib.h"
#include "attrib_run.h"
#include "explain.h"
#include "wb_experiment.h"
#include "wb_guest.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_util.h"

#define TOP_SYMBOLS	10	/* residual symbols listed per test */

/* One kernel: its image, its build and its charges. */
struct kern {
	char			*imagedir, *objdir, *label;
	struct wb_attrib_symtab	*syms;
	struct wb_attrib_objs	*objs;
	struct wb_attrib_config	 config;
	long			*cat;
	char			 symfile[PATH_MAX];
};

static void
kern_fini(struct kern *k)
{

	free(k->imagedir);
	free(k->objdir);
	free(k->label);
	wb_attrib_symtab_free(k->syms);
	wb_attrib_objs_free(k->objs);
	wb_attrib_config_fini(&k->config);
	free(k->cat);
}

static int
kern_open(const struct wb_attrib_req *rq, const char *arg, struct kern *k,
    struct wb_err *err)
{
	char path[PATH_MAX + 32];
	json_t *j, *v, *o;

	memset(k, 0, sizeof(*k));
	if ((k->imagedir = wb_kpaths_find_image(rq->paths, arg, err)) == NULL)
		return (-1);
	snprintf(path, sizeof(path), "%s/kernel.json", k->imagedir);
	if ((j = json_load_file(path, 0, NULL)) == NULL)
		return (wb_err_set(err, "%s: not readable JSON", path));
	v = json_object_get(j, "variant");
	o = json_object_get(j, "objdir");
	if (!json_is_string(v) || !json_is_string(o)) {
		json_decref(j);
		return (wb_err_set(err, "%s: no \"variant\" and \"objdir\" "
		    "strings", path));
	}
	k->label = strdup(json_string_value(v));
	k->objdir = strdup(json_string_value(o));
	json_decref(j);
	if (k->label == NULL || k->objdir == NULL)
		return (wb_err_setsys(err, "%s", path));
	return (0);
}

/* Symbols, their objects and the .config of k's build. */
static int
kern_load(const struct wb_attrib_req *rq, struct kern *k, struct wb_err *err)
{
	char path[PATH_MAX * 2];

	if (rq->note != NULL)
		rq->note(rq->note_arg, k->label);
	snprintf(path, sizeof(path), "%s/System.map", k->objdir);
	if ((k->syms = wb_attrib_symtab_read(path, err)) == NULL)
		return (-1);
	snprintf(k->symfile, sizeof(k->symfile), "%s/%s.syms", rq->outdir,
	    k->label);
	if (wb_attrib_symtab_write(k->syms, k->symfile, err) == -1)
		return (-1);
	snprintf(path, sizeof(path), "%s/%s.nm", rq->outdir, k->label);
	if ((k->objs = wb_attrib_objs_load(k->objdir, path, err)) == NULL)
		return (-1);
	snprintf(path, sizeof(path), "%s/.config", k->objdir);
	if (wb_attrib_config_read(path, &k->config, err) == -1)
		return (-1);
	if ((k->cat = calloc(k->syms->n, sizeof(*k->cat))) == NULL)
		return (wb_err_setsys(err, "attribution"));
	return (0);
}

/* The loops of the only sample of test id in a results file. */
static int
read_loops(const char *path, const char *id, double *loops,
    struct wb_err *err)
{
	struct wb_results *r;
	struct wb_result_test *t;
	int rc;

	if (wb_results_read(path, &r, err) == -1)
		return (-1);
	rc = 0;
	if ((t = wb_results_find_test(r, id)) == NULL || t->nsamples != 1 ||
	    t->samples[0].status != WB_SAMPLE_OK)
		rc = wb_err_set(err, "%s: test %s did not run once to the "
		    "end (see the console log beside it)", path, id);
	else
		*loops = t->samples[0].count;
	wb_results_free(r);
	return (rc);
}

/* One boot of kernel k running test id for seconds; fills run and c. */
static int
boot_one(const struct wb_attrib_req *rq, const struct kern *k,
    const char *id, double seconds, const char *tag, size_t ncats,
    struct wb_attrib_run *run, struct wb_attrib_counts *c,
    struct wb_err *err)
{
	struct wb_experiment_boot x;
	char dir[2 * PATH_MAX], counts[2 * PATH_MAX + 16],
	    plug[5 * PATH_MAX + 32];
	const char *kernels[1];
	int rc;

	if (snprintf(dir, sizeof(dir), "%s/runs/%s.%s.%s", rq->outdir, id,
	    k->label, tag) >= (int)sizeof(dir))
		return (wb_err_set(err, "%s: path too long", rq->outdir));
	snprintf(counts, sizeof(counts), "%s/counts", dir);
	snprintf(plug, sizeof(plug), "%s,syms=%s,out=%s", rq->plugin,
	    k->symfile, counts);
	if (wb_kpaths_mkdirs(dir, err) == -1)
		return (-1);
	(void)remove(counts);
	kernels[0] = k->imagedir;
	memset(&x, 0, sizeof(x));
	x.paths = rq->paths;
	x.kernels = kernels;
	x.nkernels = 1;
	x.root = rq->root;
	x.outdir = dir;
	x.qemu = rq->qemu;
	x.memory_mb = rq->memory_mb;
	x.timeout = rq->timeout;
	x.plugin = plug;
	x.policy.accel = "tcg";
	x.policy.timing = "icount";
	x.policy.tests = id;
	x.policy.seconds = seconds;
	x.policy.passes = 1;
	x.policy.boots = 1;
	x.policy.hang = -1;
	x.policy.cachedir = rq->paths->cachedir;
	if (rq->progress != NULL)
		rq->progress(rq->note_arg, id, k->label, tag);
	if ((rc = wb_experiment_boot_run(&x, err)) == 0 && x.nresults == 1)
		rc = read_loops(x.results[0], id, &run->loops, err);
	wb_experiment_boot_fini(&x);
	if (rc != 0)
		return (-1);
	if (wb_attrib_counts_read(counts, k->syms, c, err) == -1)
		return (-1);
	if ((run->tot = calloc(ncats, sizeof(*run->tot))) == NULL)
		return (wb_err_setsys(err, "attribution"));
	wb_attrib_tally(c, k->cat, ncats, run->tot);
	return (0);
}

static void
test_fini(struct wb_attrib_test *t)
{
	size_t j, r;

	free(t->id);
	for (j = 0; j < 2; j++)
		for (r = 0; r < 2; r++)
			free(t->run[j][r].tot);
}

/*
 * PLUGIN.origin, written by make qemu-plugin: "key: value" lines naming
 * the source package the header came from; null when there is none.
 */
static json_t *
plugin_origin(const char *plugin)
{
	char path[PATH_MAX + 16], line[512], *colon;
	json_t *o;
	FILE *fp;

	snprintf(path, sizeof(path), "%s.origin", plugin);
	if ((fp = fopen(path, "r")) == NULL)
		return (json_null());
	o = json_object();
	while (fgets(line, sizeof(line), fp) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if ((colon = strstr(line, ": ")) == NULL)
			continue;
		*colon = '\0';
		json_object_set_new(o, line, json_string(colon + 2));
	}
	fclose(fp);
	return (o);
}

/* Identity of what was measured, for the report's provenance. */
static json_t *
provenance(const struct wb_attrib_req *rq, struct kern *k,
    struct wb_err *err)
{
	char qv[256], hex[WB_SHA256_HEXSIZE], path[PATH_MAX + 32];
	json_t *p, *ks;
	size_t i;

	if (wb_qemu_version(rq->qemu != NULL ? rq->qemu : WB_QEMU_DEFAULT,
	    qv, sizeof(qv), err) == -1)
		return (NULL);
	if (wb_digest_sha256_file(rq->plugin, hex, err) == -1)
		return (NULL);
	p = json_pack("{s:s, s:s, s:o, s:s, s:s, s:s, s:i, s:f, s:f}",
	    "worldbench", wb_version(), "git", wb_version_gitrev(), "date",
	    wb_provenance_date(), "qemu", qv, "plugin", rq->plugin,
	    "plugin_sha256", hex, "plugin_api", rq->api, "seconds_long",
	    rq->seconds, "seconds_short", rq->seconds / 2);
	ks = json_array();
	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/System.map", k[i].objdir);
		if (wb_digest_sha256_file(path, hex, err) == -1) {
			json_decref(p);
			json_decref(ks);
			return (NULL);
		}
		json_array_append_new(ks, json_pack("{s:s, s:s, s:s, s:s}",
		    "label", k[i].label, "image", k[i].imagedir, "objdir",
		    k[i].objdir, "system_map_sha256", hex));
	}
	json_object_set_new(p, "kernels", ks);
	json_object_set_new(p, "plugin_header", plugin_origin(rq->plugin));
	json_object_set_new(p, "host", wb_provenance_host(err));
	return (p);
}

/* The four boots of test t, its rows and the residual's top symbols. */
static int
measure_one(const struct wb_attrib_req *rq, struct kern *k,
    struct wb_attrib_cats *cats, struct wb_attrib_test *t,
    struct wb_attrib_testres *res, struct wb_err *err)
{
	static const char *tag[2] = { "short", "long" };
	struct wb_attrib_counts c[2][2];
	struct wb_attrib_side side[2];
	size_t j, r;
	int rc;

	memset(c, 0, sizeof(c));
	rc = 0;
	for (j = 0; rc == 0 && j < 2; j++)
		for (r = 0; rc == 0 && r < 2; r++)
			rc = boot_one(rq, &k[j], t->id, r == 0 ?
			    rq->seconds / 2 : rq->seconds, tag[r], cats->n,
			    &t->run[j][r], &c[j][r], err);
	t->sratio = 2;		/* the short run is half the long one */
	if (rc == 0)
		rc = wb_attrib_compute(t, cats->name, cats->n, res, err);
	for (j = 0; j < 2; j++) {
		side[j].syms = k[j].syms;
		side[j].cat = k[j].cat;
		for (r = 0; r < 2; r++) {
			side[j].cnt[r] = &c[j][r];
			side[j].loops[r] = t->run[j][r].loops;
		}
	}
	if (rc == 0)
		rc = wb_attrib_top(side, WB_ATTRIB_RESIDUAL, TOP_SYMBOLS, res,
		    err);
	for (j = 0; j < 2; j++)
		for (r = 0; r < 2; r++)
			wb_attrib_counts_fini(&c[j][r]);
	return (rc);
}

static int
measure(const struct wb_attrib_req *rq, struct kern *k,
    struct wb_attrib_cats *cats, struct wb_attrib_test *t,
    struct wb_attrib_testres *res, struct wb_err *err)
{
	size_t i;

	for (i = 0; i < rq->ntests; i++) {
		if ((t[i].id = strdup(rq->tests[i])) == NULL)
			return (wb_err_setsys(err, "attribution"));
		if (measure_one(rq, k, cats, &t[i], &res[i], err) == -1)
			return (-1);
	}
	return (0);
}

static int	run(const struct wb_attrib_req *, struct wb_err *);

/* The output directory, made and absolute: nm runs in the objdir. */
int
wb_attrib_run(const struct wb_attrib_req *rq, struct wb_err *err)
{
	struct wb_attrib_req r;
	char abs[PATH_MAX];

	if (wb_kpaths_mkdirs(rq->outdir, err) == -1)
		return (-1);
	if (realpath(rq->outdir, abs) == NULL)
		return (wb_err_setsys(err, "%s", rq->outdir));
	r = *rq;
	r.outdir = abs;
	return (run(&r, err));
}

static int
run(const struct wb_attrib_req *rq, struct wb_err *err)
{
	struct wb_explain_objmap *map;
	struct wb_attrib_chargeenv env;
	struct wb_attrib_report rep;
	struct wb_attrib_testres *res;
	struct wb_attrib_test *t;
	struct wb_attrib_cats cats;
	struct kern k[2];
	char path[PATH_MAX + 32];
	size_t i;
	int rc;

	memset(k, 0, sizeof(k));
	wb_attrib_cats_init(&cats);
	map = NULL;
	memset(&rep, 0, sizeof(rep));
	t = calloc(rq->ntests, sizeof(*t));
	res = calloc(rq->ntests, sizeof(*res));
	rc = -1;
	if (t == NULL || res == NULL) {
		wb_err_setsys(err, "attribution");
		goto out;
	}
	if (kern_open(rq, rq->base, &k[0], err) == -1 ||
	    kern_open(rq, rq->debug, &k[1], err) == -1 ||
	    kern_load(rq, &k[0], err) == -1 ||
	    kern_load(rq, &k[1], err) == -1)
		goto out;
	snprintf(path, sizeof(path), "%s/source", k[1].objdir);
	if ((map = wb_explain_objmap_new(path, err)) == NULL)
		goto out;
	env.map = map;
	env.base = &k[0].config;
	env.debug = &k[1].config;
	for (i = 0; i < 2; i++)
		if (wb_attrib_charge(k[i].syms, k[i].objs, &env, k[i].label,
		    &cats, k[i].cat, err) == -1)
			goto out;
	if (measure(rq, k, &cats, t, res, err) == -1)
		goto out;
	rep.base = k[0].label;
	rep.debug = k[1].label;
	rep.res = res;
	rep.nres = rq->ntests;
	rep.cats = &cats;
	rep.owners = rq->owners;
	if ((rep.provenance = provenance(rq, k, err)) == NULL)
		goto out;
	snprintf(path, sizeof(path), "%s/attribution.txt", rq->outdir);
	if (wb_attrib_save(path, "text", &rep, err) == -1)
		goto out;
	snprintf(path, sizeof(path), "%s/attribution.json", rq->outdir);
	if (wb_attrib_save(path, "json", &rep, err) == -1)
		goto out;
	rc = 0;
out:
	json_decref(rep.provenance);
	for (i = 0; t != NULL && res != NULL && i < rq->ntests; i++) {
		wb_attrib_testres_fini(&res[i]);
		test_fini(&t[i]);
	}
	free(t);
	free(res);
	wb_explain_objmap_free(map);
	wb_attrib_cats_fini(&cats);
	kern_fini(&k[0]);
	kern_fini(&k[1]);
	return (rc);
}
