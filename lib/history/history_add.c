/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * history add: a results file, an imported log or a directory of
 * results files into the store, in one locked transaction (history.h,
 * worldbench-history(5)).
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "history_pair_int.h"
#include "history_store.h"
#include "wb_model.h"
#include "wb_util.h"

#define DEPTH_MAX	3
#define FILES_MAX	4096

struct unit {
	const char		*path;
	int			 isdir;
	char			*files[FILES_MAX];	/* paths */
	char			 fsha[FILES_MAX][WB_SHA256_HEXSIZE];
	struct wb_results	*res[FILES_MAX];
	size_t			 n;
	char			 sha[WB_SHA256_HEXSIZE];
	const char		*kind;
};

static void
unit_fini(struct unit *u)
{
	size_t i;

	for (i = 0; i < u->n; i++) {
		free(u->files[i]);
		wb_results_free(u->res[i]);
	}
}

int
wb_history_release_parse(const char *arg, struct wb_hs_release *r,
    struct wb_err *err)
{
	const char *colon;
	char *end;
	size_t n;

	memset(r, 0, sizeof(*r));
	colon = strrchr(arg, ':');
	n = colon != NULL ? (size_t)(colon - arg) : strlen(arg);
	if (n == 0 || n >= sizeof(r->name))
		return (wb_err_set(err, "release '%s': a name of 1 to %zu "
		    "bytes, then :ORDER if need be", arg, sizeof(r->name) - 1));
	memcpy(r->name, arg, n);
	if (colon == NULL)
		return (0);
	errno = 0;
	r->order = strtoll(colon + 1, &end, 10);
	if (colon[1] == '\0' || *end != '\0' || errno != 0)
		return (wb_err_set(err, "release '%s': the order '%s' is not "
		    "an integer", arg, colon + 1));
	r->have_order = 1;
	return (0);
}

/* "1.2.3" orders as 1e12 + 2e6 + 3; 0 when not such numbers. */
static int
version_order(const char *v, long long *order)
{
	long long part[3] = { 0, 0, 0 };
	const char *p;
	char *end;
	int i;

	p = v;
	for (i = 0; i < 3; i++) {
		if (*p < '0' || *p > '9')
			return (0);
		errno = 0;
		part[i] = strtoll(p, &end, 10);
		if (errno != 0 || part[i] >= 1000000)
			return (0);
		p = end;
		if (*p == '\0')
			break;
		if (*p != '.' || i == 2)
			return (0);
		p++;
	}
	*order = part[0] * 1000000000000LL + part[1] * 1000000LL + part[2];
	return (1);
}

int
wb_history_fingerprint(const struct wb_results *r, char hex[65],
    struct wb_err *err)
{
	json_t *fp, *copy;
	char *text;
	int rc;

	fp = json_object_get(json_object_get(r->provenance, "host"),
	    "fingerprint");
	if (!json_is_object(fp)) {
		snprintf(hex, 65, "none");
		return (0);
	}
	if ((copy = json_deep_copy(fp)) == NULL)
		return (wb_err_set(err, "fingerprint: out of memory"));
	(void)json_object_del(copy, "hostname");
	text = json_dumps(copy, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(copy);
	if (text == NULL)
		return (wb_err_set(err, "fingerprint: out of memory"));
	rc = wb_digest_sha256_buf(text, strlen(text), hex, err);
	free(text);
	return (rc);
}

static int
is_results(const char *path)
{
	json_error_t je;
	const char *f;
	json_t *j;
	int yes;

	if ((j = json_load_file(path, 0, &je)) == NULL)
		return (0);
	f = json_string_value(json_object_get(j, "format"));
	yes = f != NULL && strcmp(f, WB_RESULTS_FORMAT) == 0;
	json_decref(j);
	return (yes);
}

static int
push(struct unit *u, const char *path, struct wb_err *err)
{

	if (u->n == FILES_MAX)
		return (wb_err_set(err, "%s: more than %d results files",
		    u->path, FILES_MAX));
	if ((u->files[u->n] = strdup(path)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	u->n++;
	return (0);
}

/* Results files under dir, symbolic links not followed. */
static int
walk(struct unit *u, const char *dir, int depth, struct wb_err *err)
{
	char path[PATH_MAX];
	struct dirent *d;
	struct stat st;
	size_t n;
	DIR *dp;
	int rc;

	if ((dp = opendir(dir)) == NULL)
		return (wb_err_setsys(err, "%s", dir));
	rc = 0;
	while (rc == 0 && (d = readdir(dp)) != NULL) {
		if (d->d_name[0] == '.')
			continue;
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir,
		    d->d_name) >= sizeof(path)) {
			rc = wb_err_set(err, "%s/%s: path too long", dir,
			    d->d_name);
			break;
		}
		if (lstat(path, &st) == -1) {
			rc = wb_err_setsys(err, "%s", path);
			break;
		}
		n = strlen(d->d_name);
		if (S_ISDIR(st.st_mode) && depth < DEPTH_MAX)
			rc = walk(u, path, depth + 1, err);
		else if (S_ISREG(st.st_mode) && n > 5 &&
		    strcmp(d->d_name + n - 5, ".json") == 0 && is_results(path))
			rc = push(u, path, err);
	}
	closedir(dp);
	return (rc);
}

static int
cmpstr(const void *a, const void *b)
{

	return (strcmp(*(char *const *)a, *(char *const *)b));
}

static int
exists(const char *dir, const char *name)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return (lstat(path, &st) == 0 && S_ISREG(st.st_mode));
}

/* What a file says it is: import, lava, boot or run. */
static const char *
file_kind(const struct wb_results *r)
{
	const char *lf;

	lf = json_string_value(json_object_get(r->provenance, "log_format"));
	if (lf != NULL && strcmp(lf, "lava") == 0)
		return ("lava");
	if (r->status == WB_RESULTS_IMPORTED)
		return ("import");
	if (json_object_get(r->provenance, "accelerator") != NULL)
		return ("boot");
	return ("run");
}

/* The directory's sha256: of its files' "SHA256  PATH" lines, sorted. */
static int
dir_sha(struct unit *u, struct wb_err *err)
{
	struct wb_sha256 *h;
	size_t i, skip;
	int rc;

	if ((h = wb_digest_sha256_new(err)) == NULL)
		return (-1);
	skip = strlen(u->path) + 1;
	rc = 0;
	for (i = 0; rc == 0 && i < u->n; i++)
		if (wb_digest_sha256_update(h, u->fsha[i], strlen(u->fsha[i]),
		    err) == -1 || wb_digest_sha256_update(h, "  ", 2,
		    err) == -1 || wb_digest_sha256_update(h, u->files[i] + skip,
		    strlen(u->files[i] + skip), err) == -1 ||
		    wb_digest_sha256_update(h, "\n", 1, err) == -1)
			rc = -1;
	if (rc == 0)
		rc = wb_digest_sha256_final(h, u->sha, err);
	wb_digest_sha256_free(h);
	return (rc);
}

/* A file that is not JSON is taken for a UnixBench report. */
static int
read_one(struct unit *u, size_t i, struct wb_err *err)
{
	char buf[1];
	FILE *fp;
	int json;

	if ((fp = fopen(u->files[i], "re")) == NULL)
		return (wb_err_setsys(err, "%s", u->files[i]));
	json = 0;
	while (fread(buf, 1, 1, fp) == 1)
		if (buf[0] != ' ' && buf[0] != '\n' && buf[0] != '\t' &&
		    buf[0] != '\r') {
			json = buf[0] == '{';
			break;
		}
	fclose(fp);
	if (json)
		return (wb_results_read(u->files[i], &u->res[i], err));
	return (wb_ublog_import(u->files[i], 1, &u->res[i], err));
}

static int
unit_load(struct unit *u, const char *path, struct wb_err *err)
{
	struct stat st;
	size_t i;

	memset(u, 0, sizeof(*u));
	u->path = path;
	if (stat(path, &st) == -1)
		return (wb_err_setsys(err, "%s", path));
	u->isdir = S_ISDIR(st.st_mode);
	if (!u->isdir) {
		if (!S_ISREG(st.st_mode))
			return (wb_err_set(err, "%s: neither a file nor a "
			    "directory", path));
		if (push(u, path, err) == -1)
			return (-1);
	} else {
		if (walk(u, path, 1, err) == -1)
			return (-1);
		if (u->n == 0)
			return (wb_err_set(err, "%s: no results file here "
			    "(format \"%s\", up to %d levels down)", path,
			    WB_RESULTS_FORMAT, DEPTH_MAX));
		qsort(u->files, u->n, sizeof(u->files[0]), cmpstr);
	}
	for (i = 0; i < u->n; i++)
		if (wb_digest_sha256_file(u->files[i], u->fsha[i], err) == -1 ||
		    read_one(u, i, err) == -1)
			return (-1);
	if (!u->isdir)
		memcpy(u->sha, u->fsha[0], sizeof(u->sha));
	else if (dir_sha(u, err) == -1)
		return (-1);
	u->kind = file_kind(u->res[0]);
	if (u->isdir) {
		if (exists(path, "submit.json"))
			u->kind = "slurm";
		else if (exists(path, "explain.json"))
			u->kind = "explain";
		else if (exists(path, "compare.json") &&
		    exists(path, "summary.txt"))
			u->kind = "bench";
	}
	return (0);
}

static const char *
pstr(const struct wb_results *r, const char *key)
{

	return (json_string_value(json_object_get(r->provenance, key)));
}

static const char *
image_str(const struct wb_results *r, const char *key)
{

	return (json_string_value(json_object_get(json_object_get(
	    r->provenance, "image"), key)));
}

static int
release_id(struct wb_hstore *s, const struct unit *u,
    const struct wb_hs_release *given, struct wb_hs_added *a, char id[32],
    struct wb_err *err)
{
	struct wb_hs_release rel;
	const char *recipe, *version, *p[2];
	char obuf[32], *got, *ord;
	int rc;

	if (given != NULL)
		rel = *given;
	else {
		memset(&rel, 0, sizeof(rel));
		recipe = image_str(u->res[0], "recipe");
		version = image_str(u->res[0], "recipe_version");
		if (recipe == NULL || version == NULL)
			return (wb_err_set(err, "%s: no release: the image "
			    "records no recipe version; give --release "
			    "NAME[:ORDER]", u->files[0]));
		snprintf(rel.name, sizeof(rel.name), "%s-%s", recipe,
		    version);
		rel.have_order = version_order(version, &rel.order);
	}
	p[0] = rel.name;
	if (wb_history_exec1(s, "SELECT ord FROM releases WHERE name = ?", p, 1,
	    &ord, err) == -1)
		return (-1);
	if (ord != NULL) {
		rc = 0;
		if (rel.have_order && strtoll(ord, NULL, 10) != rel.order)
			rc = wb_err_set(err, "release %s has order %s in the "
			    "store, not %lld", rel.name, ord, rel.order);
		a->order = strtoll(ord, NULL, 10);
		free(ord);
		if (rc == -1)
			return (-1);
	} else {
		if (!rel.have_order) {
			if (wb_history_exec1(s,
			    "SELECT COALESCE(MAX(ord), 0) + 1 "
			    "FROM releases", NULL, 0, &ord, err) == -1)
				return (-1);
			rel.order = ord != NULL ? strtoll(ord, NULL, 10) : 1;
			free(ord);
		}
		snprintf(obuf, sizeof(obuf), "%lld", rel.order);
		p[1] = obuf;
		if (wb_history_exec(s,
		    "INSERT INTO releases (name, ord) VALUES "
		    "(?, ?)", p, 2, NULL, NULL, err) == -1)
			return (-1);
		a->order = rel.order;
	}
	if (wb_history_exec1(s, "SELECT id FROM releases WHERE name = ?", p, 1,
	    &got, err) == -1)
		return (-1);
	if (got == NULL)
		return (wb_err_set(err, "release %s: not stored", rel.name));
	snprintf(id, 32, "%s", got);
	free(got);
	snprintf(a->release, sizeof(a->release), "%s", rel.name);
	return (0);
}

static void
now(char buf[32])
{
	time_t t;
	struct tm tm;

	t = time(NULL);
	gmtime_r(&t, &tm);
	strftime(buf, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* Already stored: the unit, or one of its files. */
static int
stored(struct wb_hstore *s, const struct unit *u, struct wb_hs_added *a,
    struct wb_err *err)
{
	const char *p[1];
	char *id;
	size_t i;

	p[0] = u->sha;
	if (wb_history_exec1(s, "SELECT id FROM runs WHERE sha256 = ?", p, 1,
	    &id, err) == -1)
		return (-1);
	for (i = 0; id == NULL && i < u->n; i++) {
		p[0] = u->fsha[i];
		if (wb_history_exec1(s, "SELECT run_id FROM variants WHERE "
		    "file_sha256 = ?", p, 1, &id, err) == -1)
			return (-1);
	}
	if (id == NULL)
		return (0);
	a->duplicate = 1;
	a->run = strtoll(id, NULL, 10);
	free(id);
	return (1);
}

static void
dbl(char *buf, size_t len, double v)
{

	snprintf(buf, len, "%.17g", v);
}

static int
samples(struct wb_hstore *s, const struct wb_results *r, const char *vid,
    struct wb_hs_added *a, struct wb_err *err)
{
	static const char *const status[] = { "ok", "failed", "timeout" };
	const struct wb_result_test *t;
	const struct wb_sample *x;
	char pass[32], val[40], cpu[40], minf[32], majf[32], cop[32];
	char dur[40];
	const char *p[10];
	size_t i, j;

	for (i = 0; i < r->ntests; i++) {
		t = r->tests[i];
		for (j = 0; j < t->nsamples; j++) {
			x = &t->samples[j];
			snprintf(pass, sizeof(pass), "%d", x->pass);
			dbl(val, sizeof(val), x->rate);
			dbl(cpu, sizeof(cpu), x->utime + x->stime);
			snprintf(minf, sizeof(minf), "%ld", x->minflt);
			snprintf(majf, sizeof(majf), "%ld", x->majflt);
			snprintf(cop, sizeof(cop), "%d", x->copies);
			dbl(dur, sizeof(dur), t->duration);
			p[0] = vid;
			p[1] = t->id;
			p[2] = pass;
			p[3] = status[x->status];
			p[4] = x->status == WB_SAMPLE_OK ? val : NULL;
			/* An imported pass recorded no CPU time or faults. */
			p[5] = r->status == WB_RESULTS_IMPORTED ? NULL : cpu;
			p[6] = r->status == WB_RESULTS_IMPORTED ? NULL : minf;
			p[7] = r->status == WB_RESULTS_IMPORTED ? NULL : majf;
			p[8] = cop;
			p[9] = t->duration > 0 ? dur : NULL;
			if (wb_history_exec(s,
			    "INSERT INTO samples (variant_id, "
			    "test, pass, status, value, cpu, minflt, majflt, "
			    "copies, duration) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
			    "?, ?)", p, 10, NULL, NULL, err) == -1)
				return (-1);
			a->nsamples++;
		}
	}
	return (0);
}

static const char *
label_of(const struct wb_results *r)
{
	const char *l;

	if ((l = pstr(r, "label")) != NULL)
		return (l);
	l = json_string_value(json_object_get(json_object_get(r->provenance,
	    "variant"), "name"));
	return (l != NULL ? l : "unlabelled");
}

static int
variants(struct wb_hstore *s, const struct unit *u, const char *run,
    struct wb_hs_added *a, struct wb_err *err)
{
	char fp[65], *vid;
	const char *p[6];
	size_t i;
	int rc;

	for (i = 0; i < u->n; i++) {
		if (wb_history_fingerprint(u->res[i], fp, err) == -1)
			return (-1);
		p[0] = run;
		p[1] = label_of(u->res[i]);
		p[2] = fp;
		p[3] = image_str(u->res[i], "sha256");
		p[4] = u->fsha[i];
		p[5] = u->files[i];
		if (wb_history_exec1(s, "INSERT INTO variants (run_id, label, "
		    "fingerprint, image_sha256, file_sha256, file) VALUES "
		    "(?, ?, ?, ?, ?, ?) RETURNING id", p, 6, &vid, err) == -1)
			return (-1);
		if (vid == NULL)
			return (wb_err_set(err, "%s: variant not stored",
			    u->files[i]));
		rc = samples(s, u->res[i], vid, a, err);
		free(vid);
		if (rc == -1)
			return (-1);
		a->nvariants++;
	}
	return (0);
}

static const char *
num(char *buf, size_t len, json_t *v)
{

	if (!json_is_number(v))
		return (NULL);
	dbl(buf, len, json_number_value(v));
	return (buf);
}

/* The rows of a bench run's compare.json: one verdict per test and side. */
static int
verdicts(struct wb_hstore *s, const struct unit *u, const char *run,
    struct wb_hs_added *a, struct wb_err *err)
{
	char path[PATH_MAX], r[40], lo[40], hi[40];
	json_t *j, *t, *cells, *c, *ci;
	const char *p[8], *base;
	json_error_t je;
	size_t i, k;
	int rc;

	if (!u->isdir || !exists(u->path, "compare.json"))
		return (0);
	snprintf(path, sizeof(path), "%s/compare.json", u->path);
	if ((j = json_load_file(path, 0, &je)) == NULL)
		return (wb_err_set(err, "%s:%d:%d: %s", path, je.line,
		    je.column, je.text));
	rc = 0;
	json_array_foreach(json_object_get(j, "tests"), i, t) {
		cells = json_object_get(t, "variants");
		base = json_string_value(json_object_get(json_array_get(cells,
		    0), "variant"));
		json_array_foreach(cells, k, c) {
			if (k == 0 || rc == -1)
				continue;
			ci = json_object_get(json_object_get(c, "welch"), "ci");
			p[0] = run;
			p[1] = json_string_value(json_object_get(t, "id"));
			p[2] = base;
			p[3] = json_string_value(json_object_get(c, "variant"));
			p[4] = num(r, sizeof(r), json_object_get(c, "ratio"));
			p[5] = num(lo, sizeof(lo), json_array_get(ci, 0));
			p[6] = num(hi, sizeof(hi), json_array_get(ci, 1));
			p[7] = json_string_value(json_object_get(c, "verdict"));
			if (p[1] == NULL || p[2] == NULL || p[3] == NULL ||
			    p[7] == NULL) {
				rc = wb_err_set(err, "%s: tests[%zu].variants"
				    "[%zu]: no id, variant or verdict", path, i,
				    k);
				break;
			}
			rc = wb_history_exec(s,
			    "INSERT INTO verdicts (run_id, test, "
			    "base, variant, ratio, lo, hi, verdict) VALUES "
			    "(?, ?, ?, ?, ?, ?, ?, ?)", p, 8, NULL, NULL, err);
			a->nverdicts += rc == 0;
		}
		if (rc == -1)
			break;
	}
	json_decref(j);
	return (rc);
}

/* The unit's fingerprint: its files', or "mixed" when they differ. */
static int
unit_fp(const struct unit *u, char fp[65], struct wb_err *err)
{
	char other[65];
	size_t i;

	if (wb_history_fingerprint(u->res[0], fp, err) == -1)
		return (-1);
	for (i = 1; i < u->n; i++) {
		if (wb_history_fingerprint(u->res[i], other, err) == -1)
			return (-1);
		if (strcmp(fp, other) != 0) {
			snprintf(fp, 65, "mixed");
			break;
		}
	}
	return (0);
}

static int
insert(struct wb_hstore *s, const struct unit *u,
    const struct wb_hs_release *rel, const char *reference,
    struct wb_hs_added *a, struct wb_err *err)
{
	const struct wb_results *r0 = u->res[0];
	char relid[32], added[32], *run, *prov;
	const char *p[15];
	json_t *host;
	int rc;

	if (release_id(s, u, rel, a, relid, err) == -1 ||
	    unit_fp(u, a->fingerprint, err) == -1)
		return (-1);
	now(added);
	if ((prov = json_dumps(r0->provenance, JSON_COMPACT |
	    JSON_SORT_KEYS)) == NULL)
		return (wb_err_set(err, "%s: provenance: out of memory",
		    u->files[0]));
	host = json_object_get(json_object_get(r0->provenance, "host"),
	    "fingerprint");
	p[0] = u->sha;
	p[1] = u->kind;
	p[2] = added;
	p[3] = pstr(r0, "date_start");
	p[4] = relid;
	p[5] = a->fingerprint;
	p[6] = json_string_value(json_object_get(host, "hostname"));
	p[7] = pstr(r0, "worldbench_version");
	p[8] = pstr(r0, "git_revision");
	p[9] = pstr(r0, "suite_hash");
	p[10] = pstr(r0, "runner");
	p[11] = pstr(r0, "timing");
	p[12] = u->path;
	p[13] = prov;
	rc = wb_history_exec1(s,
	    "INSERT INTO runs (sha256, kind, added, started, "
	    "release_id, fingerprint, hostname, worldbench_version, "
	    "git_revision, suite_hash, runner, timing, source, provenance) "
	    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
	    "ON CONFLICT (sha256) DO NOTHING RETURNING id", p, 14, &run, err);
	free(prov);
	if (rc == -1)
		return (-1);
	if (run == NULL) {
		/* A concurrent add stored it first. */
		a->duplicate = 1;
		return (stored(s, u, a, err) == -1 ? -1 : 0);
	}
	a->run = strtoll(run, NULL, 10);
	rc = variants(s, u, run, a, err) == -1 ||
	    verdicts(s, u, run, a, err) == -1 ? -1 : 0;
	if (rc == 0 && reference != NULL)
		rc = wb_history_pair(s, run, reference, u->path, a, err);
	free(run);
	return (rc);
}

static int
add(struct wb_hstore *s, const char *path, const struct wb_hs_release *rel,
    const char *kind, const char *reference, struct wb_hs_added *a,
    struct wb_err *err)
{
	struct unit *u;
	int rc;

	memset(a, 0, sizeof(*a));
	if ((u = malloc(sizeof(*u))) == NULL)
		return (wb_err_setsys(err, "malloc"));
	rc = unit_load(u, path, err);
	if (rc == 0 && kind != NULL)
		u->kind = kind;
	if (rc == 0)
		snprintf(a->kind, sizeof(a->kind), "%s", u->kind);
	if (rc == 0 && (rc = wb_history_begin(s, 1, err)) == 0) {
		rc = stored(s, u, a, err);
		if (rc == 0)
			rc = insert(s, u, rel, reference, a, err);
		if (rc == -1 || a->duplicate)
			wb_history_rollback(s);
		else
			rc = wb_history_commit(s, err);
		if (rc == 1)
			rc = 0;
	}
	unit_fini(u);
	free(u);
	return (rc);
}

int
wb_history_add(struct wb_hstore *s, const char *path,
    const struct wb_hs_release *rel, struct wb_hs_added *a,
    struct wb_err *err)
{

	return (add(s, path, rel, NULL, NULL, a, err));
}

int
wb_history_add_kind(struct wb_hstore *s, const char *path,
    const struct wb_hs_release *rel, const char *kind,
    struct wb_hs_added *a, struct wb_err *err)
{

	return (add(s, path, rel, kind, NULL, a, err));
}

int
wb_history_add_ref(struct wb_hstore *s, const char *path,
    const struct wb_hs_release *rel, const char *reference,
    struct wb_hs_added *a, struct wb_err *err)
{

	return (add(s, path, rel, NULL, reference, a, err));
}
