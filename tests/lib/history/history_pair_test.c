/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/history/history_pair.c and the normalised series: runs paired with
 * a reference variant (wb_history_add_ref).  A fake store of ten releases
 * whose machine load swings between runs by up to 2.2x while release 6
 * and later cost 7%: paired with the reference the swing cancels and the
 * step is found at rel5 -> rel6; the same runs without the reference
 * are dominated by the swing.
 */
#include <sys/stat.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "history_store.h"
#include "results_fixture.h"
#include "wb_model.h"
#include "wb_stats.h"
#include "wb_util.h"

#define NREL	10
#define NPASS	6
#define SHA_REF	"aaaa456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
#define SHA_REL	"bbbb456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

/* The load of each release's run: rates scale by it, both variants. */
static const double load[NREL] = { 1.0, 1.8, 0.6, 2.2, 0.7, 1.6, 0.9, 2.0,
    1.3, 0.8 };
/* Each release's paired noise, about 0.5%. */
static const double relnoise[NREL] = { 1.003, 0.996, 1.005, 0.998, 0.994,
    1.004, 0.997, 1.002, 0.995, 1.001 };
/* Each pass's own noise, about 1%. */
static const double jitter[NPASS] = { 1.004, 0.991, 1.012, 0.998, 0.987,
    1.009 };

/* A results file: test execl, the rates given, the image sha. */
static void
mkres(const char *path, const char *label, const char *sha,
    const double *rate, size_t n)
{

	wbt_results_file(path, label, "cpu", "execl", rate, n, sha, "rel",
	    "1");
}

/*
 * The run of release k (1-based) as directory relK: the reference
 * "rel1" (release 1's image) and "host" (release k's), interleaved, so
 * the same load; release 6 and later 7% slower.
 */
static void
mkrun(int k)
{
	double ref[NPASS], rel[NPASS], cost;
	char dir[32], path[64];
	size_t i;

	cost = k >= 6 ? 0.93 : 1.0;
	for (i = 0; i < NPASS; i++) {
		ref[i] = 100 * load[k - 1] * jitter[i];
		rel[i] = 100 * load[k - 1] * cost * relnoise[k - 1] *
		    jitter[(i + 2) % NPASS];
	}
	snprintf(dir, sizeof(dir), "rel%d", k);
	ATF_REQUIRE(mkdir(dir, 0755) == 0);
	snprintf(path, sizeof(path), "%s/rel1.json", dir);
	mkres(path, "rel1", SHA_REF, ref, NPASS);
	snprintf(path, sizeof(path), "%s/host.json", dir);
	mkres(path, "host", k >= 6 ? SHA_REL : SHA_REF, rel, NPASS);
}

static struct wb_hstore *
store(int paired)
{
	struct wb_hs_release r;
	struct wb_hs_added a;
	struct wb_hstore *s;
	struct wb_err e;
	char dir[32], rel[32];
	int k;

	ATF_REQUIRE_MSG((s = wb_history_open("h.db", &e)) != NULL, "%s", e.msg);
	for (k = 1; k <= NREL; k++) {
		mkrun(k);
		snprintf(dir, sizeof(dir), "rel%d", k);
		snprintf(rel, sizeof(rel), "rel%d:%d", k, k);
		ATF_REQUIRE(wb_history_release_parse(rel, &r, &e) == 0);
		ATF_REQUIRE_MSG(wb_history_add_ref(s, dir, &r, paired ? "rel1" :
		    NULL, &a, &e) == 0, "%s", e.msg);
		ATF_REQUIRE_EQ(2, a.nvariants);
		ATF_REQUIRE_EQ(paired ? 1 : 0, a.nratios);
	}
	return (s);
}

struct seen {
	size_t	n;
	char	at[NREL][64];
};

static int
seen(void *arg, const struct wb_hs_found *f, struct wb_err *e)
{
	struct seen *s = arg;

	(void)e;
	if (s->n < NREL)
		snprintf(s->at[s->n++], sizeof(s->at[0]), "%s %s->%s %s",
		    f->series->label, f->series->p[f->at - 1].release,
		    f->series->p[f->at].release, f->kind);
	return (0);
}

/* history changes' defaults: candidates at 0.05, tail test off. */
static void
changes(struct wb_hstore *s, struct seen *out)
{
	struct wb_hs_changes_sum sum;
	struct wb_hs_filter f;
	struct wb_hs_detect d;
	struct wb_err e;

	memset(&f, 0, sizeof(f));
	memset(&d, 0, sizeof(d));
	memset(out, 0, sizeof(*out));
	d.alpha = 0.05;
	d.permutations = 199;
	d.min_size = WB_CP_MIN_SIZE;
	d.method = "test";
	ATF_REQUIRE_MSG(wb_history_changes(s, &f, &d, seen, out, &sum, &e) == 0,
	    "%s", e.msg);
	ATF_REQUIRE(sum.nseries >= 1);
}

static int
has(const struct seen *s, const char *what)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (strcmp(s->at[i], what) == 0)
			return (1);
	return (0);
}

ATF_TC_WITHOUT_HEAD(wb_history_add_ref__ratios_stored);
ATF_TC_BODY(wb_history_add_ref__ratios_stored, tc)
{
	struct wb_hstore *s;
	struct wb_err e;
	char *out;

	s = store(1);
	/* One ratio a run, the reference's digest beside it. */
	ATF_REQUIRE(wb_history_exec1(s, "SELECT COUNT(*) FROM ratios WHERE "
	    "reference_sha256 = '" SHA_REF "' AND n = 6", NULL, 0, &out,
	    &e) == 0);
	ATF_REQUIRE_EQ(NREL, atoi(out));
	free(out);
	ATF_REQUIRE(wb_history_exec1(s, "SELECT COUNT(*) FROM variants WHERE "
	    "is_reference = 1 AND label = 'rel1'", NULL, 0, &out, &e) == 0);
	ATF_REQUIRE_EQ(NREL, atoi(out));
	free(out);
	/* Release 6's ratio: 0.93 and its noise, its interval around it. */
	ATF_REQUIRE(wb_history_exec1(s, "SELECT t.ratio FROM ratios t "
	    "JOIN variants v ON v.id = t.variant_id JOIN runs u ON "
	    "u.id = v.run_id JOIN releases r ON r.id = u.release_id "
	    "WHERE r.name = 'rel6' AND t.lo < 0.934 AND t.hi > 0.934", NULL, 0,
	    &out, &e) == 0);
	ATF_REQUIRE(out != NULL);
	ATF_REQUIRE(fabs(strtod(out, NULL) - 0.93 * relnoise[5]) < 1e-9);
	free(out);
	wb_history_close(s);
}

ATF_TC_WITHOUT_HEAD(wb_history_series__normalised);
ATF_TC_BODY(wb_history_series__normalised, tc)
{
	struct wb_history_series *v;
	struct wb_hs_filter f;
	struct wb_hstore *s;
	struct wb_err e;
	size_t n, i;

	s = store(1);
	memset(&f, 0, sizeof(f));
	ATF_REQUIRE_MSG(wb_history_series(s, &f, &v, &n, &e) == 0, "%s", e.msg);
	/* host's series only: the reference makes none. */
	ATF_REQUIRE_EQ(1, n);
	ATF_REQUIRE_STREQ("host", v[0].label);
	ATF_REQUIRE(v[0].reference != NULL);
	ATF_REQUIRE_STREQ("rel1", v[0].reference);
	ATF_REQUIRE_STREQ(SHA_REF, v[0].reference_sha256);
	ATF_REQUIRE_EQ(NREL, v[0].np);
	for (i = 0; i < NREL; i++) {
		ATF_REQUIRE_EQ(NPASS, v[0].p[i].n);
		ATF_REQUIRE_MSG(fabs(v[0].p[i].gmean - (i >= 5 ? 0.93 : 1) *
		    relnoise[i]) < 1e-9, "%s: %g", v[0].p[i].release,
		    v[0].p[i].gmean);
	}
	wb_history_series_free(v, n);
	wb_history_close(s);
}

ATF_TC_WITHOUT_HEAD(wb_history_changes__paired_step_found);
ATF_TC_BODY(wb_history_changes__paired_step_found, tc)
{
	struct wb_hstore *s;
	struct seen f;

	s = store(1);
	changes(s, &f);
	ATF_REQUIRE_MSG(has(&f, "host rel5->rel6 e-divisive"), "%zu found, "
	    "first '%s'", f.n, f.n > 0 ? f.at[0] : "");
	ATF_REQUIRE_EQ(1, f.n);
	wb_history_close(s);
}

ATF_TC_WITHOUT_HEAD(wb_history_changes__unpaired_swing_dominates);
ATF_TC_BODY(wb_history_changes__unpaired_swing_dominates, tc)
{
	struct wb_history_series *v;
	struct wb_hs_filter f;
	struct wb_hstore *s;
	struct wb_err e;
	struct seen c;
	size_t n;

	s = store(0);
	memset(&f, 0, sizeof(f));
	ATF_REQUIRE_MSG(wb_history_series(s, &f, &v, &n, &e) == 0, "%s", e.msg);
	/* Without a reference both variants are raw series of rates. */
	ATF_REQUIRE_EQ(2, n);
	ATF_REQUIRE(v[0].reference == NULL && v[1].reference == NULL);
	/* rel6 faster than rel5 though it costs 7%: the load fell. */
	ATF_REQUIRE(v[0].p[5].gmean > v[0].p[4].gmean * 1.5);
	wb_history_series_free(v, n);
	changes(s, &c);
	ATF_REQUIRE_MSG(!has(&c, "host rel5->rel6 e-divisive"),
	    "the step found through the swing");
	wb_history_close(s);
}

ATF_TC_WITHOUT_HEAD(wb_history_add_ref__no_such_variant);
ATF_TC_BODY(wb_history_add_ref__no_such_variant, tc)
{
	struct wb_hs_release r;
	struct wb_hs_added a;
	struct wb_hstore *s;
	struct wb_err e;
	char *out;

	ATF_REQUIRE((s = wb_history_open("h.db", &e)) != NULL);
	mkrun(1);
	ATF_REQUIRE(wb_history_release_parse("rel1:1", &r, &e) == 0);
	ATF_REQUIRE(wb_history_add_ref(s, "rel1", &r, "base", &a, &e) == -1);
	ATF_REQUIRE_MSG(strstr(e.msg, "rel1: reference 'base': no variant")
	    != NULL, "%s", e.msg);
	/* Nothing of the run stays. */
	ATF_REQUIRE(wb_history_exec1(s, "SELECT COUNT(*) FROM runs", NULL, 0,
	    &out, &e) == 0);
	ATF_REQUIRE_STREQ("0", out);
	free(out);
	wb_history_close(s);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_history_add_ref__ratios_stored);
	ATF_TP_ADD_TC(tp, wb_history_series__normalised);
	ATF_TP_ADD_TC(tp, wb_history_changes__paired_step_found);
	ATF_TP_ADD_TC(tp, wb_history_changes__unpaired_swing_dominates);
	ATF_TP_ADD_TC(tp, wb_history_add_ref__no_such_variant);
	return (atf_no_error());
}
