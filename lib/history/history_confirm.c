/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Change candidates and their confirmations, the images a confirmation
 * measures again, and the confirmed-good releases that check-release
 * --history gates against (history_store.h).
 */
#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "history_store.h"
#include "history_store_int.h"
#include "wb_model.h"
#include "wb_util.h"

static void
now(char buf[32])
{
	struct tm tm;
	time_t t;

	t = time(NULL);
	gmtime_r(&t, &tm);
	strftime(buf, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

int
wb_history_candidate_add(struct wb_hstore *s, const char *fp, const char *label,
    const char *test, const char *before, const char *after, double ratio,
    const char *method, long long *id, struct wb_err *err)
{
	char r[40], found[32], *got;
	const char *p[8];
	int rc;

	now(found);
	p[0] = fp;
	p[1] = label;
	p[2] = test;
	p[3] = before;
	p[4] = after;
	p[5] = wb_history_store_real(r, sizeof(r), ratio);
	p[6] = found;
	p[7] = method;
	if (wb_history_begin(s, 1, err) == -1)
		return (-1);
	rc = wb_history_exec1(s, "INSERT INTO candidates (fingerprint, label, "
	    "test, before_id, after_id, ratio, found, method) SELECT ?, ?, ?, "
	    "b.id, a.id, CAST(? AS DOUBLE PRECISION), ?, ? "
	    "FROM releases b, releases a "
	    "WHERE b.name = ? AND a.name = ? RETURNING id",
	    (const char *[]){ p[0], p[1], p[2], p[5], p[6], p[7], p[3], p[4] },
	    8, &got, err);
	if (rc == 0 && got == NULL)
		rc = wb_err_set(err, "candidate: release %s or %s is not in "
		    "the store", before, after);
	if (rc == -1) {
		wb_history_rollback(s);
		return (-1);
	}
	*id = strtoll(got, NULL, 10);
	free(got);
	return (wb_history_commit(s, err));
}

static int
cand_row(void *arg, int ncol, const char *const *v, struct wb_err *err)
{
	struct wb_hs_candidate *c = arg;
	int i;

	if (ncol < 8)
		return (wb_err_set(err, "candidate: a short row"));
	for (i = 0; i < 8; i++)
		if (v[i] == NULL && i != 7)
			return (wb_err_set(err, "candidate: a null column"));
	snprintf(c->fingerprint, sizeof(c->fingerprint), "%s", v[0]);
	snprintf(c->label, sizeof(c->label), "%s", v[1]);
	snprintf(c->test, sizeof(c->test), "%s", v[2]);
	snprintf(c->before, sizeof(c->before), "%s", v[3]);
	snprintf(c->after, sizeof(c->after), "%s", v[4]);
	c->before_id = strtoll(v[5], NULL, 10);
	c->after_id = strtoll(v[6], NULL, 10);
	c->ratio = v[7] != NULL ? strtod(v[7], NULL) : NAN;
	c->id = 1;
	return (0);
}

/* The image of the newest stored run of a release in the series. */
static int
image_of(struct wb_hstore *s, const struct wb_hs_candidate *c, long long rel,
    char out[65], struct wb_err *err)
{
	const char *p[3];
	char rid[32], *got;

	snprintf(rid, sizeof(rid), "%lld", rel);
	p[0] = c->fingerprint;
	p[1] = c->label;
	p[2] = rid;
	if (wb_history_exec1(s, "SELECT v.image_sha256 FROM variants v "
	    "JOIN runs u ON u.id = v.run_id WHERE v.fingerprint = ? AND "
	    "v.label = ? AND u.release_id = ? AND v.image_sha256 IS NOT NULL "
	    "ORDER BY v.id DESC LIMIT 1", p, 3, &got, err) == -1)
		return (-1);
	snprintf(out, 65, "%s", got != NULL ? got : "");
	free(got);
	return (0);
}

int
wb_history_candidate_get(struct wb_hstore *s, long long id,
    struct wb_hs_candidate *c, struct wb_err *err)
{
	const char *p[1];
	char cid[32], *got;

	memset(c, 0, sizeof(*c));
	snprintf(cid, sizeof(cid), "%lld", id);
	p[0] = cid;
	if (wb_history_exec(s, "SELECT c.fingerprint, c.label, c.test, b.name, "
	    "a.name, c.before_id, c.after_id, c.ratio FROM candidates c "
	    "JOIN releases b ON b.id = c.before_id "
	    "JOIN releases a ON a.id = c.after_id WHERE c.id = ?", p, 1,
	    cand_row, c, err) == -1)
		return (-1);
	if (c->id == 0) {
		wb_err_set(err, "candidate %lld: not in the store", id);
		return (wb_err_class(err, WB_ERR_NOINPUT));
	}
	c->id = id;
	if (image_of(s, c, c->before_id, c->before_image, err) == -1 ||
	    image_of(s, c, c->after_id, c->after_image, err) == -1)
		return (-1);
	if (wb_history_exec1(s, "SELECT outcome FROM confirmations WHERE "
	    "candidate_id = ? ORDER BY decided DESC LIMIT 1", p, 1, &got,
	    err) == -1)
		return (-1);
	snprintf(c->outcome, sizeof(c->outcome), "%s", got != NULL ? got :
	    "");
	free(got);
	return (0);
}

int
wb_history_confirmation_add(struct wb_hstore *s, long long cand, long long run,
    const char *outcome, double ratio, double lo, double hi,
    struct wb_err *err)
{
	char cid[32], rid[32], r[40], l[40], h[40], when[32];
	const char *p[7];

	snprintf(cid, sizeof(cid), "%lld", cand);
	snprintf(rid, sizeof(rid), "%lld", run);
	now(when);
	p[0] = cid;
	p[1] = run > 0 ? rid : NULL;
	p[2] = outcome;
	p[3] = wb_history_store_real(r, sizeof(r), ratio);
	p[4] = wb_history_store_real(l, sizeof(l), lo);
	p[5] = wb_history_store_real(h, sizeof(h), hi);
	p[6] = when;
	if (wb_history_begin(s, 1, err) == -1)
		return (-1);
	if (wb_history_exec(s,
	    "INSERT INTO confirmations (candidate_id, run_id, "
	    "outcome, ratio, lo, hi, decided) VALUES (?, ?, ?, ?, ?, ?, ?)",
	    p, 7, NULL, NULL, err) == -1) {
		wb_history_rollback(s);
		return (-1);
	}
	return (wb_history_commit(s, err));
}

/* The "path=" of a .meta whose "sha256=" is sha, into path. */
static int
meta_names(const char *meta, const char *sha, char *path, size_t len)
{
	char line[PATH_MAX + 16];
	int match;
	FILE *fp;

	if ((fp = fopen(meta, "re")) == NULL)
		return (0);
	match = 0;
	path[0] = '\0';
	while (fgets(line, sizeof(line), fp) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "sha256=", 7) == 0)
			match = strcmp(line + 7, sha) == 0;
		else if (strncmp(line, "path=", 5) == 0)
			snprintf(path, len, "%s", line + 5);
	}
	fclose(fp);
	return (match && path[0] != '\0');
}

int
wb_history_image_find(const char *workdir, const char *sha, char *path,
    size_t len, struct wb_err *err)
{
	char dir[PATH_MAX], meta[PATH_MAX * 2], hex[WB_SHA256_HEXSIZE];
	struct dirent *d;
	size_t n;
	DIR *dp;
	int found;

	if (!wb_digest_sha256_hex_ok(sha)) {
		wb_err_set(err, "image '%s': not a sha256", sha);
		return (wb_err_class(err, WB_ERR_NOINPUT));
	}
	snprintf(dir, sizeof(dir), "%s/images", workdir);
	found = 0;
	if ((dp = opendir(dir)) != NULL) {
		while (!found && (d = readdir(dp)) != NULL) {
			n = strlen(d->d_name);
			if (n < 6 || strcmp(d->d_name + n - 5, ".meta") != 0)
				continue;
			snprintf(meta, sizeof(meta), "%s/%s", dir, d->d_name);
			found = meta_names(meta, sha, path, len);
		}
		closedir(dp);
	}
	if (!found) {
		wb_err_set(err, "image %.12s: no image of %s names it (built "
		    "since, or removed?)", sha, dir);
		return (wb_err_class(err, WB_ERR_NOINPUT));
	}
	if (wb_digest_sha256_file(path, hex, err) == -1)
		return (-1);
	if (strcmp(hex, sha) != 0) {
		wb_err_set(err, "%s: sha256 %.12s, not the stored image's "
		    "%.12s: the image was rebuilt", path, hex, sha);
		return (wb_err_class(err, WB_ERR_NOINPUT));
	}
	return (0);
}

struct ids {
	long long	*ids;
	size_t		 n, max;
};

static int
id_row(void *arg, int ncol, const char *const *v, struct wb_err *err)
{
	struct ids *x = arg;

	(void)err;
	if (ncol >= 1 && v[0] != NULL && x->n < x->max)
		x->ids[x->n++] = strtoll(v[0], NULL, 10);
	return (0);
}

int
wb_history_good_releases(struct wb_hstore *s, const char *fp, const char *label,
    long long order, size_t n, long long *ids, size_t *nids,
    struct wb_err *err)
{
	const char *p[5];
	char obuf[32];
	struct ids x;

	snprintf(obuf, sizeof(obuf), "%lld", order);
	p[0] = fp;
	p[1] = label;
	p[2] = obuf;
	p[3] = fp;
	p[4] = label;
	x.ids = ids;
	x.n = 0;
	x.max = n;
	if (wb_history_exec(s, "SELECT r.id FROM releases r WHERE EXISTS ("
	    "SELECT 1 FROM variants v JOIN runs u ON u.id = v.run_id "
	    "WHERE u.release_id = r.id AND v.fingerprint = ? AND v.label = ?) "
	    "AND r.ord < ? AND NOT EXISTS (SELECT 1 FROM candidates c "
	    "JOIN confirmations k ON k.candidate_id = c.id "
	    "WHERE c.after_id = r.id AND c.fingerprint = ? AND c.label = ? "
	    "AND k.outcome = 'confirmed') ORDER BY r.ord DESC", p, 5, id_row,
	    &x, err) == -1)
		return (-1);
	*nids = x.n;
	return (0);
}

struct rebuild {
	struct wb_results	*r;
	struct wb_err		*err;
};

/*
 * Columns: test, value, cpu, minflt, majflt, copies, duration.  A test
 * takes the pass length and copies of its first pass; passes of another
 * length or number of copies are left out (not comparable).
 */
static int
pass_row(void *arg, int ncol, const char *const *v, struct wb_err *err)
{
	struct rebuild *b = arg;
	const struct wb_test_def *d;
	struct wb_result_test *t;
	struct wb_sample x;
	double dur;
	int copies;

	if (ncol < 7 || v[0] == NULL || v[1] == NULL)
		return (wb_err_set(err, "release results: a short row"));
	copies = v[5] != NULL ? atoi(v[5]) : 1;
	dur = v[6] != NULL ? strtod(v[6], NULL) : 0;
	if ((t = wb_results_find_test(b->r, v[0])) == NULL) {
		if ((d = wb_suite_find(v[0])) == NULL)
			return (0);	/* not a suite test: not gated */
		if ((t = wb_results_add_test(b->r, d->id, d->name, d->unit,
		    d->timebase, d->baseline, 0, dur, err)) == NULL)
			return (-1);
	} else if (fabs(t->duration - dur) > 0.01 * t->duration ||
	    (t->nsamples > 0 && t->samples[0].copies != copies))
		return (0);
	memset(&x, 0, sizeof(x));
	x.pass = (int)t->nsamples + 1;
	x.status = WB_SAMPLE_OK;
	x.rate = strtod(v[1], NULL);
	x.count = x.rate;
	x.elapsed = 1;
	x.copies = copies;
	x.utime = v[2] != NULL ? strtod(v[2], NULL) : 0;
	x.minflt = v[3] != NULL ? strtol(v[3], NULL, 10) : 0;
	x.majflt = v[4] != NULL ? strtol(v[4], NULL, 10) : 0;
	if (wb_results_add_sample(t, &x, err) == -1)
		return (-1);
	t->passes_planned = (int)t->nsamples;
	return (0);
}

struct wb_results *
wb_history_release_results(struct wb_hstore *s, const char *fp,
    const char *label, const long long *rel, size_t nrel,
    struct wb_err *err)
{
	struct rebuild b;
	const char *p[3];
	char rid[32], *prov;
	json_error_t je;
	json_t *j;
	size_t i;

	if ((b.r = wb_results_new(err)) == NULL)
		return (NULL);
	b.r->status = WB_RESULTS_COMPLETE;
	b.err = err;
	p[0] = fp;
	p[1] = label;
	p[2] = rid;
	for (i = 0; i < nrel; i++) {
		snprintf(rid, sizeof(rid), "%lld", rel[i]);
		if (wb_history_exec(s,
		    "SELECT s.test, s.value, s.cpu, s.minflt, "
		    "s.majflt, s.copies, s.duration FROM samples s JOIN variants v ON v.id = "
		    "s.variant_id JOIN runs u ON u.id = v.run_id WHERE "
		    "v.fingerprint = ? AND v.label = ? AND u.release_id = ? "
		    "AND s.status = 'ok' ORDER BY v.id, s.test, s.pass", p, 3,
		    pass_row, &b, err) == -1)
			goto fail;
	}
	/* The newest run's provenance, for what compare checks. */
	snprintf(rid, sizeof(rid), "%lld", nrel > 0 ? rel[0] : 0);
	if (wb_history_exec1(s,
	    "SELECT u.provenance FROM runs u JOIN variants v "
	    "ON v.run_id = u.id WHERE v.fingerprint = ? AND v.label = ? AND "
	    "u.release_id = ? ORDER BY u.id DESC LIMIT 1", p, 3, &prov,
	    err) == -1)
		goto fail;
	if (prov != NULL) {
		j = json_loads(prov, 0, &je);
		free(prov);
		if (json_is_object(j)) {
			(void)json_object_del(j, "label");
			(void)json_object_del(j, "image");
			json_decref(b.r->provenance);
			b.r->provenance = j;
		} else
			json_decref(j);
	}
	return (b.r);
fail:
	wb_results_free(b.r);
	return (NULL);
}
