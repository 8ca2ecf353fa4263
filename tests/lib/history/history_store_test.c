/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/history_*.c over SQLite: migrations, insert-only adds, series
 * separated by machine, releases in order.  tests/lib/history_pg_test.sh
 * runs the same through the command against a PostgreSQL server.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "history_schema.h"
#include "history_store.h"
#include "wb_model.h"
#include "wb_util.h"
#include "results_fixture.h"
#include "wbtest.h"

/* A results file: one test, the rates given, on machine cpu. */
static void
mkres(const char *path, const char *label, const char *cpu,
    const char *test, const double *rate, size_t n, const char *version)
{

	wbt_results_file(path, label, cpu, test, rate, n, version == NULL ?
	    NULL : "0123456789abcdef0123456789abcdef0123456789abcdef"
	    "0123456789abcdef", "host", version);
}

static struct wb_hstore *
open_db(void)
{
	struct wb_hstore *s;
	struct wb_err e;

	s = wb_history_open("h.db", &e);
	ATF_REQUIRE_MSG(s != NULL, "%s", e.msg);
	return (s);
}

static long long
count(struct wb_hstore *s, const char *table)
{
	char sql[128], *out;
	struct wb_err e;
	long long n;

	snprintf(sql, sizeof(sql), "SELECT COUNT(*) FROM %s", table);
	ATF_REQUIRE_MSG(wb_history_exec1(s, sql, NULL, 0, &out, &e) == 0, "%s",
	    e.msg);
	ATF_REQUIRE(out != NULL);
	n = strtoll(out, NULL, 10);
	free(out);
	return (n);
}

static void
add(struct wb_hstore *s, const char *path, const char *rel,
    struct wb_hs_added *a)
{
	struct wb_hs_release r, *rp;
	struct wb_err e;

	rp = NULL;
	if (rel != NULL) {
		ATF_REQUIRE(wb_history_release_parse(rel, &r, &e) == 0);
		rp = &r;
	}
	ATF_REQUIRE_MSG(wb_history_add(s, path, rp, a, &e) == 0, "%s", e.msg);
}

static const double five[] = { 100, 102, 98, 101, 99 };

ATF_TC_WITHOUT_HEAD(wb_history_migrate__idempotent);
ATF_TC_BODY(wb_history_migrate__idempotent, tc)
{
	struct wb_hstore *s, *t;
	struct wb_err e;
	int applied, v;

	s = open_db();
	ATF_REQUIRE(wb_history_schema_version(s, &v, &e) == 0);
	ATF_REQUIRE_EQ(wb_history_schema_latest(), v);
	ATF_REQUIRE(wb_history_migrate(s, &applied, &e) == 0);
	ATF_REQUIRE_EQ(0, applied);
	/* A second opener finds the schema made and applies nothing. */
	t = open_db();
	ATF_REQUIRE(wb_history_migrate(t, &applied, &e) == 0);
	ATF_REQUIRE_EQ(0, applied);
	ATF_REQUIRE_EQ(wb_history_schema_latest(), count(t, "schema_version"));
	wb_history_close(t);
	wb_history_close(s);
}

ATF_TC_WITHOUT_HEAD(wb_history_migrate__newer_schema);
ATF_TC_BODY(wb_history_migrate__newer_schema, tc)
{
	struct wb_hstore *s;
	struct wb_err e;

	s = open_db();
	ATF_REQUIRE(wb_history_exec(s, "INSERT INTO schema_version (version, "
	    "applied) VALUES (99, 'x')", NULL, 0, NULL, NULL, &e) == 0);
	wb_history_close(s);
	ATF_REQUIRE(wb_history_open("h.db", &e) == NULL);
	ATF_REQUIRE_MSG(strstr(e.msg, "h.db: schema version 99 is newer")
	    != NULL, "%s", e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_history_add__twice_is_noop);
ATF_TC_BODY(wb_history_add__twice_is_noop, tc)
{
	struct wb_hs_added a;
	struct wb_hstore *s;

	mkres("a.json", "prod", "cpu1", "dhry2reg", five, 5, NULL);
	s = open_db();
	add(s, "a.json", "r1", &a);
	ATF_REQUIRE_EQ(0, a.duplicate);
	ATF_REQUIRE_EQ(1, a.run);
	ATF_REQUIRE_EQ(5, a.nsamples);
	ATF_REQUIRE_STREQ("run", a.kind);
	add(s, "a.json", "r1", &a);
	ATF_REQUIRE_EQ(1, a.duplicate);
	ATF_REQUIRE_EQ(1, a.run);
	/* Another release does not make it a new run either. */
	add(s, "a.json", "r9", &a);
	ATF_REQUIRE_EQ(1, a.duplicate);
	ATF_REQUIRE_EQ(1, count(s, "runs"));
	ATF_REQUIRE_EQ(5, count(s, "samples"));
	ATF_REQUIRE_EQ(1, count(s, "releases"));
	wb_history_close(s);
}

/* A directory holding a stored file is not stored again. */
ATF_TC_WITHOUT_HEAD(wb_history_add__dir_with_stored_file);
ATF_TC_BODY(wb_history_add__dir_with_stored_file, tc)
{
	struct wb_hs_added a;
	struct wb_hstore *s;

	ATF_REQUIRE(system("mkdir -p d") == 0);
	mkres("d/prod.json", "prod", "cpu1", "dhry2reg", five, 5, NULL);
	mkres("d/debug.json", "debug", "cpu1", "dhry2reg", five, 4, NULL);
	s = open_db();
	add(s, "d/prod.json", "r1", &a);
	add(s, "d", "r1", &a);
	ATF_REQUIRE_EQ(1, a.duplicate);
	ATF_REQUIRE_EQ(1, count(s, "variants"));
	wb_history_close(s);
}

ATF_TC_WITHOUT_HEAD(wb_history_add__dir);
ATF_TC_BODY(wb_history_add__dir, tc)
{
	struct wb_hs_added a;
	struct wb_hstore *s;

	ATF_REQUIRE(system("mkdir -p d && echo '{}' > d/other.json") == 0);
	mkres("d/prod.json", "prod", "cpu1", "dhry2reg", five, 5, NULL);
	mkres("d/debug.json", "debug", "cpu1", "dhry2reg", five, 4, NULL);
	s = open_db();
	add(s, "d", "r1", &a);
	ATF_REQUIRE_EQ(0, a.duplicate);
	ATF_REQUIRE_EQ(2, a.nvariants);
	ATF_REQUIRE_EQ(9, a.nsamples);
	ATF_REQUIRE_EQ(2, count(s, "variants"));
	wb_history_close(s);
}

ATF_TC_WITHOUT_HEAD(wb_history_add__bad_file);
ATF_TC_BODY(wb_history_add__bad_file, tc)
{
	struct wb_hs_added a;
	struct wb_hs_release r;
	struct wb_hstore *s;
	struct wb_err e;

	FILE *fp = fopen("bad.json", "w");
	ATF_REQUIRE(fp != NULL);
	fprintf(fp, "{\"format\": \"worldbench-results\",\n \"version\": 1,"
	    "\n \"status\": 3 }\n");
	fclose(fp);
	s = open_db();
	ATF_REQUIRE(wb_history_release_parse("r1", &r, &e) == 0);
	ATF_REQUIRE(wb_history_add(s, "bad.json", &r, &a, &e) == -1);
	ATF_REQUIRE_MSG(strstr(e.msg, "bad.json") != NULL, "%s", e.msg);
	ATF_REQUIRE_EQ(0, count(s, "runs"));
	ATF_REQUIRE_EQ(0, count(s, "releases"));
	wb_history_close(s);
}

ATF_TC_WITHOUT_HEAD(wb_history_add__no_release);
ATF_TC_BODY(wb_history_add__no_release, tc)
{
	struct wb_hs_added a;
	struct wb_hstore *s;
	struct wb_err e;

	mkres("a.json", "prod", "cpu1", "dhry2reg", five, 5, NULL);
	mkres("b.json", "prod", "cpu1", "dhry2reg", five, 4, "2.10.3");
	s = open_db();
	ATF_REQUIRE(wb_history_add(s, "a.json", NULL, &a, &e) == -1);
	ATF_REQUIRE_MSG(strstr(e.msg, "a.json: no release") != NULL, "%s",
	    e.msg);
	/* Derived from the image's recipe version. */
	add(s, "b.json", NULL, &a);
	ATF_REQUIRE_STREQ("host-2.10.3", a.release);
	ATF_REQUIRE_EQ(2000000000000LL + 10000000LL + 3, a.order);
	wb_history_close(s);
}

ATF_TC_WITHOUT_HEAD(wb_history_series__fingerprints_apart);
ATF_TC_BODY(wb_history_series__fingerprints_apart, tc)
{
	struct wb_hs_filter f = { NULL, "prod", "dhry2reg" };
	static const double slow[] = { 50, 51, 49 };
	struct wb_history_series *v;
	char pre[16];
	struct wb_hs_added a;
	struct wb_hstore *s;
	struct wb_err e;
	size_t n;

	mkres("a.json", "prod", "cpu1", "dhry2reg", five, 5, NULL);
	mkres("b.json", "prod", "cpu2", "dhry2reg", slow, 3, NULL);
	s = open_db();
	add(s, "a.json", "r1", &a);
	add(s, "b.json", "r1", &a);
	ATF_REQUIRE_MSG(wb_history_series(s, &f, &v, &n, &e) == 0, "%s", e.msg);
	ATF_REQUIRE_EQ(2, n);
	ATF_REQUIRE(strcmp(v[0].fingerprint, v[1].fingerprint) != 0);
	ATF_REQUIRE_EQ(1, v[0].np);
	ATF_REQUIRE_EQ(1, v[1].np);
	/* Never pooled: 5 passes on one machine, 3 on the other. */
	ATF_REQUIRE((v[0].p[0].n == 5 && v[1].p[0].n == 3) ||
	    (v[0].p[0].n == 3 && v[1].p[0].n == 5));
	/* A machine prefix picks one. */
	snprintf(pre, sizeof(pre), "%.12s", v[0].fingerprint);
	f.machine = pre;
	wb_history_series_free(v, n);
	ATF_REQUIRE(wb_history_series(s, &f, &v, &n, &e) == 0);
	ATF_REQUIRE_EQ(1, n);
	wb_history_series_free(v, n);
	f.machine = "xyz";
	ATF_REQUIRE(wb_history_series(s, &f, &v, &n, &e) == -1);
	wb_history_close(s);
}

ATF_TC_WITHOUT_HEAD(wb_history_series__release_order);
ATF_TC_BODY(wb_history_series__release_order, tc)
{
	struct wb_hs_filter f = { NULL, NULL, NULL };
	static const double b[] = { 200, 210, 190 };
	static const double c[] = { 300, 290, 310, 305 };
	struct wb_history_series *v;
	struct wb_hs_added a;
	struct wb_hstore *s;
	struct wb_err e;
	size_t n;

	mkres("a.json", "prod", "cpu1", "dhry2reg", five, 5, NULL);
	mkres("b.json", "prod", "cpu1", "dhry2reg", b, 3, NULL);
	mkres("c.json", "prod", "cpu1", "dhry2reg", c, 4, NULL);
	s = open_db();
	/* Added newest first; the order decides, not the adding. */
	add(s, "b.json", "r2:20", &a);
	add(s, "a.json", "r1:10", &a);
	add(s, "c.json", "r3", &a);
	ATF_REQUIRE_EQ(21, a.order);
	ATF_REQUIRE(wb_history_series(s, &f, &v, &n, &e) == 0);
	ATF_REQUIRE_EQ(1, n);
	ATF_REQUIRE_EQ(3, v[0].np);
	ATF_REQUIRE_STREQ("r1", v[0].p[0].release);
	ATF_REQUIRE_STREQ("r2", v[0].p[1].release);
	ATF_REQUIRE_STREQ("r3", v[0].p[2].release);
	ATF_REQUIRE_EQ(3, v[0].p[1].n);
	ATF_REQUIRE(fabs(v[0].p[1].gmean - cbrt(200.0 * 210 * 190)) < 1e-9);
	ATF_REQUIRE(v[0].p[1].lo < v[0].p[1].gmean &&
	    v[0].p[1].gmean < v[0].p[1].hi);
	wb_history_series_free(v, n);
	wb_history_close(s);
}

/* A confirmation's run is stored but is no point of any series. */
ATF_TC_WITHOUT_HEAD(wb_history_series__confirm_runs_apart);
ATF_TC_BODY(wb_history_series__confirm_runs_apart, tc)
{
	struct wb_hs_filter f = { NULL, NULL, NULL };
	static const double slow[] = { 50, 51, 49 };
	struct wb_hs_release r;
	struct wb_history_series *v;
	struct wb_hs_added a;
	struct wb_hstore *s;
	struct wb_err e;
	size_t n;

	mkres("a.json", "prod", "cpu1", "dhry2reg", five, 5, NULL);
	ATF_REQUIRE(system("mkdir c") == 0);
	mkres("c/after.json", "after", "cpu1", "dhry2reg", slow, 3, NULL);
	s = open_db();
	add(s, "a.json", "r1:10", &a);
	ATF_REQUIRE(wb_history_release_parse("r1", &r, &e) == 0);
	ATF_REQUIRE_MSG(wb_history_add_kind(s, "c", &r, "confirm", &a, &e) == 0,
	    "%s", e.msg);
	ATF_REQUIRE_EQ(2, count(s, "runs"));
	ATF_REQUIRE(wb_history_series(s, &f, &v, &n, &e) == 0);
	ATF_REQUIRE_EQ(1, n);
	ATF_REQUIRE_STREQ("prod", v[0].label);
	ATF_REQUIRE_EQ(1, v[0].np);
	ATF_REQUIRE_EQ(5, v[0].p[0].n);
	wb_history_series_free(v, n);
	wb_history_close(s);
}

/* An order given for a release the store has with another one. */
ATF_TC_WITHOUT_HEAD(wb_history_add__order_conflict);
ATF_TC_BODY(wb_history_add__order_conflict, tc)
{
	struct wb_hs_added a;
	struct wb_hs_release r;
	struct wb_hstore *s;
	struct wb_err e;

	mkres("a.json", "prod", "cpu1", "dhry2reg", five, 5, NULL);
	mkres("b.json", "prod", "cpu1", "dhry2reg", five, 4, NULL);
	s = open_db();
	add(s, "a.json", "r1:10", &a);
	ATF_REQUIRE(wb_history_release_parse("r1:11", &r, &e) == 0);
	ATF_REQUIRE(wb_history_add(s, "b.json", &r, &a, &e) == -1);
	ATF_REQUIRE_MSG(strstr(e.msg, "release r1 has order 10 in the store, "
	    "not 11") != NULL, "%s", e.msg);
	ATF_REQUIRE_EQ(1, count(s, "runs"));
	wb_history_close(s);
}

ATF_TC_WITHOUT_HEAD(wb_history_release_parse__bad);
ATF_TC_BODY(wb_history_release_parse__bad, tc)
{
	struct wb_hs_release r;
	struct wb_err e;

	ATF_REQUIRE(wb_history_release_parse("v1:x", &r, &e) == -1);
	ATF_REQUIRE(strstr(e.msg, "not an integer") != NULL);
	ATF_REQUIRE(wb_history_release_parse(":3", &r, &e) == -1);
	ATF_REQUIRE(wb_history_release_parse("v1:", &r, &e) == -1);
	ATF_REQUIRE(wb_history_release_parse("v1:-4", &r, &e) == 0);
	ATF_REQUIRE_EQ(-4, r.order);
	ATF_REQUIRE(wb_history_release_parse("v1", &r, &e) == 0);
	ATF_REQUIRE_EQ(0, r.have_order);
}

ATF_TC_WITHOUT_HEAD(wb_history_point_stats__one_pass);
ATF_TC_BODY(wb_history_point_stats__one_pass, tc)
{
	double x[1] = { 42 };
	struct wb_hs_point p;

	memset(&p, 0, sizeof(p));
	p.x = x;
	p.n = 1;
	wb_history_point_stats(&p);
	ATF_REQUIRE(fabs(p.gmean - 42) < 1e-12);
	ATF_REQUIRE(isnan(p.lo) && isnan(p.hi));
}

/* Candidates, confirmations, and the good releases before one. */
ATF_TC_WITHOUT_HEAD(wb_history_good_releases__skip_confirmed);
ATF_TC_BODY(wb_history_good_releases__skip_confirmed, tc)
{
	struct wb_hs_candidate c;
	struct wb_hs_added a;
	struct wb_hstore *s;
	struct wb_err e;
	long long id, ids[8];
	size_t n;

	mkres("a.json", "prod", "cpu1", "dhry2reg", five, 5, NULL);
	mkres("b.json", "prod", "cpu1", "dhry2reg", five, 4, NULL);
	mkres("c.json", "prod", "cpu1", "dhry2reg", five, 3, NULL);
	s = open_db();
	add(s, "a.json", "r1:1", &a);
	add(s, "b.json", "r2:2", &a);
	add(s, "c.json", "r3:3", &a);
	ATF_REQUIRE(wb_history_good_releases(s, a.fingerprint, "prod", 4, 8,
	    ids, &n, &e) == 0);
	ATF_REQUIRE_EQ(3, n);
	ATF_REQUIRE_MSG(wb_history_candidate_add(s, a.fingerprint, "prod",
	    "dhry2reg", "r1", "r2", 0.8, "test", &id, &e) == 0, "%s", e.msg);
	ATF_REQUIRE(wb_history_candidate_get(s, id, &c, &e) == 0);
	ATF_REQUIRE_STREQ("r2", c.after);
	ATF_REQUIRE_STREQ("", c.outcome);
	/* Its runs name no image: confirm could not measure it. */
	ATF_REQUIRE_STREQ("", c.after_image);
	/* A rejected candidate leaves r2 good; a confirmed one does not. */
	ATF_REQUIRE(wb_history_confirmation_add(s, id, 0, "rejected", 1, 0.9,
	    1.1, &e) == 0);
	ATF_REQUIRE(wb_history_good_releases(s, a.fingerprint, "prod", 4, 8,
	    ids, &n, &e) == 0);
	ATF_REQUIRE_EQ(3, n);
	ATF_REQUIRE(wb_history_confirmation_add(s, id, 0, "confirmed", 0.8, 0.7,
	    0.9, &e) == 0);
	ATF_REQUIRE(wb_history_good_releases(s, a.fingerprint, "prod", 4, 2,
	    ids, &n, &e) == 0);
	ATF_REQUIRE_EQ(2, n);
	/* Newest first: r3, then r1 (r2 is the confirmed regression). */
	ATF_REQUIRE_EQ(3, ids[0]);
	ATF_REQUIRE_EQ(1, ids[1]);
	ATF_REQUIRE(wb_history_candidate_add(s, a.fingerprint, "prod",
	    "dhry2reg", "r1", "nosuch", 0.8, "test", &id, &e) == -1);
	wb_history_close(s);
}

/* An image by its sha256: the .meta naming it, the archive hashed again. */
ATF_TC_WITHOUT_HEAD(wb_history_image_find__meta_and_hash);
ATF_TC_BODY(wb_history_image_find__meta_and_hash, tc)
{
	char sha[WB_SHA256_HEXSIZE], path[4096], *meta;
	struct wb_err e;

	ATF_REQUIRE(system("mkdir -p w/images") == 0);
	wbt_write_file("w/images/x.tar.zst", "an archive\n");
	ATF_REQUIRE(wb_digest_sha256_file("w/images/x.tar.zst", sha, &e) == 0);
	ATF_REQUIRE(asprintf(&meta, "name=x\nsha256=%s\npath=w/images/"
	    "x.tar.zst\n", sha) != -1);
	wbt_write_file("w/images/x.meta", meta);
	free(meta);
	ATF_REQUIRE_MSG(wb_history_image_find("w", sha, path, sizeof(path),
	    &e) == 0, "%s", e.msg);
	ATF_REQUIRE_STREQ("w/images/x.tar.zst", path);
	/* Rebuilt since: the bytes are not the stored image's. */
	wbt_write_file("w/images/x.tar.zst", "another archive\n");
	ATF_REQUIRE(wb_history_image_find("w", sha, path, sizeof(path),
	    &e) == -1);
	ATF_REQUIRE_MSG(strstr(e.msg, "the image was rebuilt") != NULL, "%s",
	    e.msg);
	sha[0] = sha[0] == '0' ? '1' : '0';
	ATF_REQUIRE(wb_history_image_find("w", sha, path, sizeof(path),
	    &e) == -1);
	ATF_REQUIRE_MSG(strstr(e.msg, "no image of w/images names it") !=
	    NULL, "%s", e.msg);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_history_migrate__idempotent);
	ATF_TP_ADD_TC(tp, wb_history_migrate__newer_schema);
	ATF_TP_ADD_TC(tp, wb_history_add__twice_is_noop);
	ATF_TP_ADD_TC(tp, wb_history_add__dir_with_stored_file);
	ATF_TP_ADD_TC(tp, wb_history_add__dir);
	ATF_TP_ADD_TC(tp, wb_history_add__bad_file);
	ATF_TP_ADD_TC(tp, wb_history_add__no_release);
	ATF_TP_ADD_TC(tp, wb_history_add__order_conflict);
	ATF_TP_ADD_TC(tp, wb_history_series__fingerprints_apart);
	ATF_TP_ADD_TC(tp, wb_history_series__release_order);
	ATF_TP_ADD_TC(tp, wb_history_series__confirm_runs_apart);
	ATF_TP_ADD_TC(tp, wb_history_release_parse__bad);
	ATF_TP_ADD_TC(tp, wb_history_point_stats__one_pass);
	ATF_TP_ADD_TC(tp, wb_history_good_releases__skip_confirmed);
	ATF_TP_ADD_TC(tp, wb_history_image_find__meta_and_hash);
	return (0);
}
