/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench history: add, list, series, changes, confirm and html over
 * a SQLite store in the case's directory, and two adds at once.
 */
#include <sys/stat.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "wb_history.h"
#include "wb_util.h"
#include "wbtest.h"

static char *
wb(const atf_tc_t *tc)
{

	return (wbt_buildpath(tc, "bin/worldbench"));
}

/* A copy of a fixture whose bytes (so its sha256) differ by k. */
static void
variant_of(const atf_tc_t *tc, const char *fixture, const char *out, int k)
{
	char *text, *t;

	text = wbt_read_file(wbt_datapath(tc, fixture), NULL);
	ATF_REQUIRE(asprintf(&t, "%s%*s\n", text, k, "") != -1);
	wbt_write_file(out, t);
	free(t);
	free(text);
}

static void
run_ok(const atf_tc_t *tc, struct wbt_out *o, const char *const *args)
{

	wbt_run_wb(tc, o, args, 30);
	ATF_REQUIRE_EQ_MSG(0, o->status, "%s", o->err);
}

ATF_TC_WITHOUT_HEAD(history__add_list_series);
ATF_TC_BODY(history__add_list_series, tc)
{
	struct wbt_out o;
	char *p;

	setenv("WORKDIR", "wd", 1);
	variant_of(tc, "prod.json", "p1.json", 0);
	variant_of(tc, "prod.json", "p2.json", 1);
	variant_of(tc, "debug.json", "d1.json", 0);
	run_ok(tc, &o, (const char *[]){ "history", "add", "--release",
	    "v2:20", "p2.json", NULL });
	ATF_REQUIRE_MSG(strstr(o.out, "run 1 added: run, release v2 (order "
	    "20), machine ") != NULL, "%s", o.out);
	wbt_out_fini(&o);
	run_ok(tc, &o, (const char *[]){ "history", "add", "--release",
	    "v1:10", "p1.json", "d1.json", NULL });
	ATF_REQUIRE(strstr(o.out, "run 2 added") != NULL);
	ATF_REQUIRE(strstr(o.out, "run 3 added") != NULL);
	wbt_out_fini(&o);
	ATF_REQUIRE(access("wd/history.db", F_OK) == 0);
	run_ok(tc, &o, (const char *[]){ "history", "list", NULL });
	ATF_REQUIRE(strstr(o.out, "RUN") == o.out);
	ATF_REQUIRE(strstr(o.out, "p2.json") != NULL);
	ATF_REQUIRE(strstr(o.out, "d1.json") != NULL);
	wbt_out_fini(&o);
	run_ok(tc, &o, (const char *[]){ "history", "series", "--variant",
	    "prod", "--test", "dhry2reg", NULL });
	/* One series, v1 before v2 although added after it. */
	ATF_REQUIRE_MSG((p = strstr(o.out, "variant prod  test dhry2reg")) !=
	    NULL, "%s", o.out);
	ATF_REQUIRE(strstr(p + 1, "variant prod") == NULL);
	ATF_REQUIRE((p = strstr(o.out, "  v1 ")) != NULL);
	ATF_REQUIRE(strstr(p, "  v2 ") != NULL);
	ATF_REQUIRE(strstr(o.out, "95% INTERVAL") != NULL);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, (const char *[]){ "history", "series", "--test",
	    "nosuch", NULL }, 30);
	ATF_REQUIRE_EQ(66, o.status);
	ATF_REQUIRE(strstr(o.err, "no series matches") != NULL);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(history__add_twice);
ATF_TC_BODY(history__add_twice, tc)
{
	struct wbt_out o;

	variant_of(tc, "prod.json", "p1.json", 0);
	run_ok(tc, &o, (const char *[]){ "history", "add", "--store",
	    "sqlite:h.db", "--release", "v1", "p1.json", NULL });
	wbt_out_fini(&o);
	run_ok(tc, &o, (const char *[]){ "history", "add", "--store",
	    "h.db", "--release", "v1", "p1.json", NULL });
	ATF_REQUIRE_MSG(strstr(o.out, "p1.json: already stored as run 1: "
	    "nothing added") != NULL, "%s", o.out);
	wbt_out_fini(&o);
	run_ok(tc, &o, (const char *[]){ "history", "list", "--store", "h.db",
	    NULL });
	ATF_REQUIRE(strstr(o.out, "\n2 ") == NULL);
	wbt_out_fini(&o);
}

/*
 * Two adds at once, each of its own 15 files, then both of one file:
 * every file stored once, nothing lost, exactly one add of the shared
 * file says it added it.
 */
ATF_TC_WITHOUT_HEAD(history__concurrent_adds);
ATF_TC_BODY(history__concurrent_adds, tc)
{
	char name[32], *cmd, *a, *b, *e, *f;
	struct wbt_out o;
	int i, added;

	for (i = 0; i < 30; i++) {
		snprintf(name, sizeof(name), "f%02d.json", i);
		variant_of(tc, i % 2 ? "prod.json" : "debug.json", name, i);
	}
	variant_of(tc, "prod2.json", "shared.json", 0);
	ATF_REQUIRE(asprintf(&cmd, "W=%s; "
	    "($W history add --store h.db --release v1 f0[02468].json "
	    "f1[02468].json f2[02468].json shared.json >o1 2>e1; echo $? >s1) &"
	    "($W history add --store h.db --release v1 f0[13579].json "
	    "f1[13579].json f2[13579].json shared.json >o2 2>e2; echo $? >s2) &"
	    " wait", wb(tc)) != -1);
	ATF_REQUIRE(system(cmd) == 0);
	free(cmd);
	a = wbt_read_file("s1", NULL);
	b = wbt_read_file("s2", NULL);
	e = wbt_read_file("e1", NULL);
	f = wbt_read_file("e2", NULL);
	a[strcspn(a, "\n")] = b[strcspn(b, "\n")] = '\0';
	e[strcspn(e, "\n")] = f[strcspn(f, "\n")] = '\0';
	ATF_REQUIRE_MSG(strcmp(a, "0") == 0 && strcmp(b, "0") == 0,
	    "exit statuses %s and %s: \"%s\" and \"%s\"", a, b, e, f);
	free(f);
	free(e);
	free(a);
	free(b);
	a = wbt_read_file("o1", NULL);
	b = wbt_read_file("o2", NULL);
	added = (strstr(a, "(shared.json)") != NULL) +
	    (strstr(b, "(shared.json)") != NULL);
	ATF_REQUIRE_EQ_MSG(1, added, "%s---\n%s", a, b);
	ATF_REQUIRE((strstr(a, "shared.json: already stored") != NULL) +
	    (strstr(b, "shared.json: already stored") != NULL) == 1);
	free(a);
	free(b);
	run_ok(tc, &o, (const char *[]){ "history", "list", "--store", "h.db",
	    NULL });
	/* 31 runs, numbered 1 to 31 with none missing. */
	ATF_REQUIRE_MSG(strstr(o.out, "\n31 ") != NULL, "%s", o.out);
	ATF_REQUIRE(strstr(o.out, "\n32 ") == NULL);
	for (i = 0; i < 30; i++) {
		snprintf(name, sizeof(name), "f%02d.json", i);
		ATF_REQUIRE_MSG(strstr(o.out, name) != NULL, "%s missing",
		    name);
	}
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(history__bad_input);
ATF_TC_BODY(history__bad_input, tc)
{
	struct wbt_out o;

	wbt_write_file("bad.json", "{\"format\": \"worldbench-results\",\n"
	    "  \"version\": 7}\n");
	wbt_run_wb(tc, &o, (const char *[]){ "history", "add", "--store",
	    "h.db", "--release", "v1", "bad.json", NULL }, 30);
	ATF_REQUIRE_EQ(65, o.status);
	ATF_REQUIRE_MSG(strstr(o.err, "bad.json") != NULL, "%s", o.err);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, (const char *[]){ "history", "add", "--store",
	    "h.db", "--release", "v1", "nosuch.json", NULL }, 30);
	ATF_REQUIRE_EQ(66, o.status);
	ATF_REQUIRE_MSG(strstr(o.err, "nosuch.json") != NULL, "%s", o.err);
	wbt_out_fini(&o);
	/* No release given and none in the file. */
	variant_of(tc, "prod.json", "p1.json", 0);
	wbt_run_wb(tc, &o, (const char *[]){ "history", "add", "--store",
	    "h.db", "p1.json", NULL }, 30);
	ATF_REQUIRE_EQ(65, o.status);
	ATF_REQUIRE_MSG(strstr(o.err, "p1.json: no release") != NULL, "%s",
	    o.err);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, (const char *[]){ "history", "add", "--store",
	    "h.db", "--release", "v1:x", "p1.json", NULL }, 30);
	ATF_REQUIRE_EQ(64, o.status);
	wbt_out_fini(&o);
}

/*
 * Release k (1 to 12) of a synthetic series: the fixture's passes times a
 * small wobble (within +-0.6%, no trend, every release's own), and test step_test
 * times step from release step_at on (NULL: no step).  The fixture is
 * one key a line, so the passes' "rate" and "count" lines are scaled in
 * place.
 */
static const double wobble[12] = { 0.003, -0.005, 0.001, 0.006, -0.002,
    -0.006, 0.004, 0, -0.003, 0.005, -0.001, 0.002 };

static void
release_file(const atf_tc_t *tc, const char *out, int k,
    const char *step_test, int step_at, double step)
{
	char *text, *p, *line, *q, id[64];
	double f, x;
	FILE *fp;

	text = wbt_read_file(wbt_datapath(tc, "prod.json"), NULL);
	ATF_REQUIRE((fp = fopen(out, "w")) != NULL);
	id[0] = '\0';
	for (line = text; *line != '\0'; line = p) {
		p = line + strcspn(line, "\n");
		if (*p == '\n')
			p++;
		if ((q = strstr(line, "\"id\": \"")) != NULL && q < p)
			sscanf(q + 7, "%63[^\"]", id);
		q = strstr(line, "\"rate\": ");
		if (q == NULL || q > p)
			q = strstr(line, "\"count\": ");
		if (q == NULL || q > p) {
			fwrite(line, 1, (size_t)(p - line), fp);
			continue;
		}
		q = strchr(q, ':') + 2;
		x = strtod(q, NULL);
		f = 1 + wobble[(k - 1) % 12];
		if (step_test != NULL && strcmp(id, step_test) == 0 &&
		    k >= step_at)
			f *= step;
		fprintf(fp, "%.*s%.17g%s", (int)(q - line), line, x * f,
		    strchr(q, ',') != NULL && strchr(q, ',') < p ? ",\n" :
		    "\n");
	}
	ATF_REQUIRE(fclose(fp) == 0);
	free(text);
}

/* Releases r1 to r12 in store h.db, the step (if any) at r7. */
static void
store_series(const atf_tc_t *tc, const char *step_test)
{
	char name[32], rel[32];
	struct wbt_out o;
	int k;

	for (k = 1; k <= 12; k++) {
		snprintf(name, sizeof(name), "r%d.json", k);
		snprintf(rel, sizeof(rel), "r%d:%d", k, k);
		release_file(tc, name, k, step_test, 7, 0.8);
		run_ok(tc, &o, (const char *[]){ "history", "add", "--store",
		    "h.db", "--release", rel, name, NULL });
		wbt_out_fini(&o);
	}
}

static int
count_lines(const char *text, const char *start)
{
	const char *p;
	int n;

	n = 0;
	for (p = text; (p = strstr(p, start)) != NULL; p++)
		if (p == text || p[-1] == '\n')
			n++;
	return (n);
}

static int
count_str(const char *text, const char *what)
{
	const char *p;
	int n;

	n = 0;
	for (p = text; (p = strstr(p, what)) != NULL; p++)
		n++;
	return (n);
}

/*
 * add --reference: the run's reference variant marked, the other's series
 * its ratios to it, said under the series' heading and to four
 * decimals; the reference makes no series; a label no variant has is
 * refused naming the run, nothing stored.
 */
ATF_TC_WITHOUT_HEAD(history__add_reference);
ATF_TC_BODY(history__add_reference, tc)
{
	struct wbt_out o;

	ATF_REQUIRE(mkdir("run", 0755) == 0 && mkdir("run2", 0755) == 0);
	variant_of(tc, "prod.json", "run/prod.json", 0);
	variant_of(tc, "debug.json", "run/debug.json", 0);
	variant_of(tc, "prod.json", "run2/prod.json", 1);
	run_ok(tc, &o, (const char *[]){ "history", "add", "--store", "h.db",
	    "--release", "v1:1", "--reference", "prod", "run", NULL });
	ATF_REQUIRE_MSG(strstr(o.out, "\nrun 1: 6 ratios to reference prod, "
	    "paired by pass\n") != NULL, "%s", o.out);
	wbt_out_fini(&o);
	run_ok(tc, &o, (const char *[]){ "history", "series", "--store",
	    "h.db", "--test", "execl", NULL });
	ATF_REQUIRE_MSG(strstr(o.out, "variant debug  test execl\n  ratio to "
	    "reference prod (image none), paired in each run\n") != NULL &&
	    strstr(o.out, "variant prod") == NULL, "%s", o.out);
	ATF_REQUIRE_MSG(strstr(o.out, "         0.") != NULL, "%s", o.out);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, (const char *[]){ "history", "add", "--store",
	    "h.db", "--release", "v2:2", "--reference", "base", "run2", NULL },
	    30);
	ATF_REQUIRE(o.status != 0);
	ATF_REQUIRE_MSG(strstr(o.err, "run2: reference 'base': no variant of "
	    "the run has that label") != NULL, "%s", o.err);
	wbt_out_fini(&o);
	run_ok(tc, &o, (const char *[]){ "history", "list", "--store", "h.db",
	    NULL });
	ATF_REQUIRE_MSG(strstr(o.out, "run2") == NULL, "%s", o.out);
	wbt_out_fini(&o);
}

/*
 * A 20% step of dhry2reg at r7 of 12 releases: found at one look's level
 * (--alpha 0.05), exactly there and once; the other five tests flat.
 */
ATF_TC_WITHOUT_HEAD(history_changes__step_found_once);
ATF_TC_BODY(history_changes__step_found_once, tc)
{
	const char *args[] = { "history", "changes", "--store", "h.db",
	    "--seed", "1", "--alpha", "0.05", "--tail", "0", NULL };
	struct wbt_out o;

	store_series(tc, "dhry2reg");
	run_ok(tc, &o, args);
	ATF_REQUIRE_EQ_MSG(1, count_lines(o.out, "candidate "), "%s", o.out);
	ATF_REQUIRE_MSG(strstr(o.out, "candidate 1: machine ") != NULL &&
	    strstr(o.out, "  variant prod  test dhry2reg: r6 -> r7: ratio "
	    "0.80") != NULL && strstr(o.out, ", 95% interval [0.") != NULL,
	    "%s", o.out);
	ATF_REQUIRE_MSG(strstr(o.out, " (recorded)\n") != NULL, "%s", o.out);
	ATF_REQUIRE_MSG(strstr(o.out, "1 change found in 6 series, 1 new "
	    "(e-divisive alpha 0.05, 199 permutations, min size 3, seed 1)\n") !=
	    NULL, "%s", o.out);
	ATF_REQUIRE(strstr(o.out, "note: ") == NULL);
	wbt_out_fini(&o);
	/* Again: the same candidate, nothing new recorded. */
	run_ok(tc, &o, args);
	ATF_REQUIRE_EQ_MSG(1, count_lines(o.out, "candidate "), "%s", o.out);
	ATF_REQUIRE_MSG(strstr(o.out, "candidate 1: ") != NULL &&
	    strstr(o.out, "r6 -> r7") != NULL &&
	    strstr(o.out, " (already recorded)\n") != NULL, "%s", o.out);
	ATF_REQUIRE(strstr(o.out, "1 change found in 6 series, 0 new") !=
	    NULL);
	wbt_out_fini(&o);
	/*
	 * At the detector-alone level of a look after every release
	 * (WB_CP_ALPHA_ONLINE), twelve releases are too few for a step to be
	 * found but by the luck of the shuffles: said, not hidden.
	 */
	run_ok(tc, &o, (const char *[]){ "history", "changes", "--store",
	    "h.db", "--variant", "prod", "--test", "execl", "--alpha",
	    "0.003", "--tail", "0", NULL });
	ATF_REQUIRE_MSG(strcmp(o.out, "no change found in 1 series "
	    "(e-divisive alpha 0.003, 999 permutations, min size 3, seed 0; "
	    "a series needs 6 releases)\nnote: 1 of these series has fewer "
	    "than 13 releases: there even a clean step's expected p is above "
	    "0.003, and whether one is found depends on the seed (see "
	    "worldbench-changepoints(7))\n") == 0, "%s", o.out);
	wbt_out_fini(&o);
}

/*
 * The tail test (on by default) finds the 20% step at r7 where
 * e-divisive, at a level its 199 shuffles cannot reach, finds nothing;
 * said "by tail", its method in the summary; a boundary e-divisive has
 * too is reported once, as e-divisive's.
 */
ATF_TC_WITHOUT_HEAD(history_changes__tail_found);
ATF_TC_BODY(history_changes__tail_found, tc)
{
	struct wbt_out o;

	store_series(tc, "dhry2reg");
	run_ok(tc, &o, (const char *[]){ "history", "changes", "--store",
	    "h.db", "--test", "dhry2reg", "--alpha", "0.0001", NULL });
	ATF_REQUIRE_MSG(strstr(o.out, "  test dhry2reg: r6 -> r7: ratio 0.80")
	    != NULL && strstr(o.out, " by tail (recorded)\n") != NULL, "%s",
	    o.out);
	ATF_REQUIRE_MSG(strstr(o.out, "(e-divisive alpha 0.0001, 29999 "
	    "permutations, min size 3, seed 0; tail alpha 0.3, last 1-3 "
	    "against 20 before (at least 5))\n") != NULL, "%s", o.out);
	ATF_REQUIRE(strstr(o.out, "by e-divisive") == NULL);
	wbt_out_fini(&o);
	run_ok(tc, &o, (const char *[]){ "history", "changes", "--store",
	    "h.db", "--test", "dhry2reg", "--alpha", "0.05", "--seed", "1",
	    "--tail-alpha", "0.01", NULL });
	ATF_REQUIRE_MSG(count_str(o.out, "r6 -> r7") == 1 &&
	    strstr(o.out, " by e-divisive (already recorded)\n") != NULL,
	    "%s", o.out);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, (const char *[]){ "history", "changes", "--store",
	    "h.db", "--tail-alpha", "0.9", NULL }, 30);
	ATF_REQUIRE_EQ(64, o.status);
	ATF_REQUIRE(strstr(o.err, "bad --tail-alpha '0.9'") != NULL);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, (const char *[]){ "history", "list", "--store",
	    "h.db", "--tail", "2", NULL }, 30);
	ATF_REQUIRE_EQ(64, o.status);
	wbt_out_fini(&o);
}

/*
 * After a confirmed change the tail test's window starts there: the 20%
 * step of dhry2reg at r7, once confirmed, is not followed by candidates
 * r7 -> r8, r8 -> r9 ... (their windows would still hold r1 to r6), as
 * it is when nothing is confirmed; a boundary whose candidate was
 * rejected is the same candidate again, not a new one, marked
 * "rejected" (and the confirmed one "confirmed"), in text and JSON.
 */
ATF_TC_WITHOUT_HEAD(history_changes__tail_after_confirmed);
ATF_TC_BODY(history_changes__tail_after_confirmed, tc)
{
	const char *args[] = { "history", "changes", "--store", "h.db",
	    "--test", "dhry2reg", "--alpha", "0.0001", NULL };
	struct wb_hstore *s;
	struct wbt_out o;
	struct wb_err e;
	char *p, *q, b[32];
	long long id;
	int k;

	store_series(tc, "dhry2reg");
	run_ok(tc, &o, (const char *[]){ "history", "changes", "--store",
	    "h.db", "--test", "dhry2reg", "--alpha", "0.05", "--seed", "1",
	    "--tail", "0", NULL });
	ATF_REQUIRE_MSG(strstr(o.out, "candidate 1: ") == o.out &&
	    strstr(o.out, "r6 -> r7") != NULL, "%s", o.out);
	wbt_out_fini(&o);
	ATF_REQUIRE(system("cp h.db h0.db") == 0);

	/* Nothing confirmed: the boundaries after the step come. */
	args[3] = "h0.db";
	run_ok(tc, &o, args);
	ATF_REQUIRE_MSG((p = strstr(o.out, "r7 -> r8: ")) != NULL, "%s",
	    o.out);
	while (p > o.out && p[-1] != '\n')
		p--;
	ATF_REQUIRE(sscanf(p, "candidate %lld: ", &id) == 1 && id > 1);
	wbt_out_fini(&o);
	/* r7 -> r8 rejected: held as it is, nothing new. */
	ATF_REQUIRE((s = wb_history_open("h0.db", &e)) != NULL);
	ATF_REQUIRE(wb_history_confirmation_add(s, id, 0, "rejected", 1, 0.99,
	    1.01, &e) == 0);
	wb_history_close(s);
	run_ok(tc, &o, args);
	ATF_REQUIRE_MSG(strstr(o.out, " new (") != NULL &&
	    strstr(o.out, ", 0 new (") != NULL, "%s", o.out);
	ATF_REQUIRE((p = strstr(o.out, "r7 -> r8: ")) != NULL);
	ATF_REQUIRE((q = strchr(p, '\n')) != NULL && q - p > 29);
	ATF_REQUIRE_MSG(strncmp(q - 29, ", rejected (already recorded)", 29) ==
	    0, "%s", o.out);
	/* The one not confirmed yet, r6 -> r7, is not marked. */
	ATF_REQUIRE((p = strstr(o.out, "r6 -> r7: ")) != NULL);
	ATF_REQUIRE((q = strchr(p, '\n')) != NULL && q - p > 29);
	ATF_REQUIRE_MSG(strncmp(q - 19, " (already recorded)", 19) == 0 &&
	    strncmp(q - 29, ", rejected", 10) != 0 &&
	    strncmp(q - 30, ", confirmed", 11) != 0, "%s", o.out);
	wbt_out_fini(&o);
	/* The same in JSON: each candidate's status. */
	run_ok(tc, &o, (const char *[]){ "history", "changes", "--store",
	    "h0.db", "--test", "dhry2reg", "--alpha", "0.0001", "--json",
	    NULL });
	ATF_REQUIRE_MSG(strstr(o.out, "\"status\": \"rejected\"") != NULL &&
	    strstr(o.out, "\"status\": \"proposed\"") != NULL &&
	    strstr(o.out, "\"status\": \"confirmed\"") == NULL &&
	    strstr(o.out, "\"candidates\": [") != NULL, "%s", o.out);
	wbt_out_fini(&o);

	/* r6 -> r7 confirmed: nothing after it from the same level. */
	ATF_REQUIRE((s = wb_history_open("h.db", &e)) != NULL);
	ATF_REQUIRE(wb_history_confirmation_add(s, 1, 0, "confirmed", 0.8, 0.79,
	    0.81, &e) == 0);
	wb_history_close(s);
	args[3] = "h.db";
	run_ok(tc, &o, args);
	ATF_REQUIRE_MSG((p = strstr(o.out, "r6 -> r7: ")) != NULL &&
	    (q = strchr(p, '\n')) != NULL && strncmp(q - 30,
	    ", confirmed (already recorded)", 30) == 0, "%s", o.out);
	/* The looks before r7 are as they were; none after it. */
	for (k = 7; k < 12; k++) {
		snprintf(b, sizeof(b), "r%d -> r%d: ", k, k + 1);
		ATF_REQUIRE_MSG(strstr(o.out, b) == NULL, "%s", o.out);
	}
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(history_changes__flat_none);
ATF_TC_BODY(history_changes__flat_none, tc)
{
	struct wbt_out o;
	int seed;
	char s[16];

	store_series(tc, NULL);
	for (seed = 1; seed <= 3; seed++) {
		snprintf(s, sizeof(s), "%d", seed);
		run_ok(tc, &o, (const char *[]){ "history", "changes",
		    "--store", "h.db", "--alpha", "0.05", "--seed", s, "--tail",
		    "0", NULL });
		ATF_REQUIRE_MSG(strstr(o.out, "no change found in 6 series "
		    "(e-divisive alpha 0.05, 199 permutations") == o.out,
		    "%s", o.out);
		wbt_out_fini(&o);
	}
}

ATF_TC_WITHOUT_HEAD(history_changes__short_series);
ATF_TC_BODY(history_changes__short_series, tc)
{
	struct wbt_out o;

	variant_of(tc, "prod.json", "p1.json", 0);
	run_ok(tc, &o, (const char *[]){ "history", "add", "--store", "h.db",
	    "--release", "v1", "p1.json", NULL });
	wbt_out_fini(&o);
	/* Six series of one release: none long enough to search. */
	run_ok(tc, &o, (const char *[]){ "history", "changes", "--store",
	    "h.db", NULL });
	/* The default: candidates at 0.05 (WB_CP_ALPHA_CANDIDATE). */
	ATF_REQUIRE_MSG(strstr(o.out, "no change found in 0 series "
	    "(e-divisive alpha 0.05, 199 permutations, min size 3, seed 0; ")
	    == o.out, "%s", o.out);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, (const char *[]){ "history", "changes", "--store",
	    "h.db", "--alpha", "2", NULL }, 30);
	ATF_REQUIRE_EQ(64, o.status);
	ATF_REQUIRE(strstr(o.err, "bad --alpha '2'") != NULL);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, (const char *[]){ "history", "changes", "--store",
	    "h.db", "--seed", "x", NULL }, 30);
	ATF_REQUIRE_EQ(64, o.status);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, (const char *[]){ "history", "changes", "--store",
	    "h.db", "--machine", "zz", NULL }, 30);
	ATF_REQUIRE(o.status != 0);
	ATF_REQUIRE(strstr(o.err, "machine 'zz': not a fingerprint") != NULL);
	wbt_out_fini(&o);
}

/*
 * html: the index and a page per series; the step's candidate marked on
 * dhry2reg's page, then confirmed by a stored confirmation whose run's
 * directory holds the comparison, linked from the mark.
 */
ATF_TC_WITHOUT_HEAD(history_html__site);
ATF_TC_BODY(history_html__site, tc)
{
	struct wb_hs_release rel;
	struct wb_hs_added a;
	struct wb_hstore *s;
	struct wbt_out o;
	struct wb_err e;
	char *page;

	store_series(tc, "dhry2reg");
	run_ok(tc, &o, (const char *[]){ "history", "changes", "--store",
	    "h.db", "--alpha", "0.05", "--tail", "0", NULL });
	wbt_out_fini(&o);
	run_ok(tc, &o, (const char *[]){ "history", "html", "--store", "h.db",
	    "-o", "site", NULL });
	ATF_REQUIRE_MSG(strcmp(o.out, "6 series written to site/index.html\n")
	    == 0, "%s", o.out);
	wbt_out_fini(&o);
	page = wbt_read_file("site/index.html", NULL);
	ATF_REQUIRE(strstr(page, "<a href=\"series-6.html\">") != NULL);
	free(page);
	/* Series are by machine, variant, test: dhry2reg first. */
	page = wbt_read_file("site/series-1.html", NULL);
	ATF_REQUIRE(strstr(page, "dhry2reg") != NULL);
	ATF_REQUIRE_MSG(strstr(page, "<g class=\"cp candidate\" "
	    "data-release=\"r7\" data-before=\"r6\">") != NULL, "%s", page);
	ATF_REQUIRE_EQ(1, count_str(page, "<g class=\"cp "));
	free(page);
	page = wbt_read_file("site/series-2.html", NULL);
	ATF_REQUIRE(strstr(page, "<g class=\"cp ") == NULL);
	free(page);

	/* A confirmation whose run has a comparison report. */
	ATF_REQUIRE(system("mkdir conf") == 0);
	release_file(tc, "conf/r12.json", 12, "dhry2reg", 7, 0.8);
	/* Its own bytes: not r12.json's run. */
	ATF_REQUIRE(system("sed 's/^{/{ /' conf/r12.json >conf/after.json && "
	    "rm conf/r12.json") == 0);
	wbt_write_file("conf/compare.html", "<!DOCTYPE html>\n");
	ATF_REQUIRE((s = wb_history_open("h.db", &e)) != NULL);
	memset(&rel, 0, sizeof(rel));
	snprintf(rel.name, sizeof(rel.name), "r7");
	ATF_REQUIRE_MSG(wb_history_add_kind(s, wbt_abspath("conf"), &rel,
	    "confirm", &a, &e) == 0, "%s", e.msg);
	ATF_REQUIRE(!a.duplicate);
	ATF_REQUIRE(wb_history_confirmation_add(s, 1, a.run, "confirmed", 0.8,
	    0.79, 0.81, &e) == 0);
	wb_history_close(s);
	run_ok(tc, &o, (const char *[]){ "history", "html", "--store", "h.db",
	    "-o", "site", NULL });
	wbt_out_fini(&o);
	page = wbt_read_file("site/series-1.html", NULL);
	ATF_REQUIRE_MSG(strstr(page, "<a href=\"../conf/compare.html\">"
	    "<g class=\"cp confirmed\" data-release=\"r7\" "
	    "data-before=\"r6\">") != NULL, "%s", page);
	ATF_REQUIRE_EQ(1, count_str(page, "<g class=\"cp "));
	free(page);
	/* -o is required, and goes with html only. */
	wbt_run_wb(tc, &o, (const char *[]){ "history", "html", "--store",
	    "h.db", NULL }, 30);
	ATF_REQUIRE_EQ(64, o.status);
	ATF_REQUIRE(strstr(o.err, "-o dir is required") != NULL);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, (const char *[]){ "history", "series", "--store",
	    "h.db", "-o", "x", NULL }, 30);
	ATF_REQUIRE_EQ(64, o.status);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(history__confirm_unknown);
ATF_TC_BODY(history__confirm_unknown, tc)
{
	struct wbt_out o;

	wbt_run_wb(tc, &o, (const char *[]){ "history", "confirm", "--store",
	    "h.db", "7", NULL }, 30);
	ATF_REQUIRE_EQ(66, o.status);
	ATF_REQUIRE_MSG(strstr(o.err, "candidate 7: not in the store") !=
	    NULL, "%s", o.err);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, (const char *[]){ "history", "confirm", "x",
	    NULL }, 30);
	ATF_REQUIRE_EQ(64, o.status);
	wbt_out_fini(&o);
}

/*
 * An image root of busybox and a fake "pipe" whose passes count about
 * count (a random 0-4 added): what confirm's run measures in a chroot.
 */
static void
fake_root(const char *dir, int count)
{
	static const char *const sub[] = { "bin", "tmp", "usr",
	    "usr/libexec", "usr/libexec/worldbench", "usr/share",
	    "usr/share/worldbench" };
	char p[PATH_MAX], *cmd, *body;
	size_t i;

	ATF_REQUIRE(mkdir(dir, 0755) == 0);
	for (i = 0; i < sizeof(sub) / sizeof(sub[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", dir, sub[i]);
		ATF_REQUIRE(mkdir(p, 0755) == 0);
	}
	snprintf(p, sizeof(p), "%s/tmp", dir);
	ATF_REQUIRE(chmod(p, 01777) == 0);
	ATF_REQUIRE(asprintf(&cmd, "cp \"$(command -v busybox)\" "
	    "%s/bin/busybox && ln -s busybox %s/bin/sh", dir, dir) != -1);
	ATF_REQUIRE(system(cmd) == 0);
	free(cmd);
	snprintf(p, sizeof(p), "%s/usr/libexec/worldbench/pipe", dir);
	ATF_REQUIRE(asprintf(&body, "#!/bin/sh\necho \"COUNT|$((%d + RANDOM "
	    "%% 5))|1|lps|0.5\" >&2\n", count) != -1);
	wbt_write_file(p, body);
	free(body);
	ATF_REQUIRE(chmod(p, 0755) == 0);
	snprintf(p, sizeof(p), "%s/usr/share/worldbench/BUILDINFO", dir);
	wbt_write_file(p, "cc: fake\n");
}

/*
 * Image name of root dir packed into w/images with its .meta (sha256,
 * path), unpacked into w/roots; a run of it stored as release rel.
 */
static void
fake_release(const atf_tc_t *tc, const char *name, const char *rel,
    int count)
{
	char arc[PATH_MAX], meta[PATH_MAX], hex[WB_SHA256_HEXSIZE];
	char *w, *abs, *text, root[PATH_MAX], out[64];
	struct wbt_out o;
	struct wb_err e;

	fake_root(name, count);
	w = wbt_abspath("w");
	snprintf(arc, sizeof(arc), "w/images/%s.tar.gz", name);
	run_ok(tc, &o, (const char *[]){ "image", "pack", "-z", "gzip", name,
	    arc, NULL });
	wbt_out_fini(&o);
	ATF_REQUIRE_MSG(wb_digest_sha256_file(arc, hex, &e) == 0, "%s", e.msg);
	abs = wbt_abspath(arc);
	snprintf(meta, sizeof(meta), "w/images/%s.meta", name);
	ATF_REQUIRE(asprintf(&text, "sha256=%s\npath=%s\n", hex, abs) != -1);
	wbt_write_file(meta, text);
	free(text);
	run_ok(tc, &o, (const char *[]){ "images", "-w", w, "--root", abs,
	    NULL });
	snprintf(root, sizeof(root), "prod=%.*s", (int)strcspn(o.out, "\n"),
	    o.out);
	ATF_REQUIRE(strstr(root, hex) != NULL);
	wbt_out_fini(&o);
	snprintf(out, sizeof(out), "run-%s/", name);
	run_ok(tc, &o, (const char *[]){ "run", "-q", "--no-preflight", "-T",
	    "pipe", "-i", "2", "-d", "0.001", "--variant", root, "-o", out,
	    NULL });
	wbt_out_fini(&o);
	run_ok(tc, &o, (const char *[]){ "history", "add", "-w", w,
	    "--release", rel, out, NULL });
	wbt_out_fini(&o);
	free(abs);
	free(w);
}

/*
 * history confirm at its defaults, for real: two small images (busybox
 * and a fake pipe 20% slower in the second) stored as releases r1 and
 * r2 of this machine, a candidate between them, then the run of 40
 * interleaved pairs in a chroot of each image, judged at 99.8%; the
 * verdict stored.
 */
ATF_TC(history_confirm__default_pairs);
ATF_TC_HEAD(history_confirm__default_pairs, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
	atf_tc_set_md_var(tc, "require.progs", "busybox");
	atf_tc_set_md_var(tc, "timeout", "120");
}
ATF_TC_BODY(history_confirm__default_pairs, tc)
{
	struct wb_hs_candidate c;
	struct wb_history_series *v;
	struct wb_hs_filter f;
	struct wb_hstore *s;
	struct wbt_out o;
	struct wb_err e;
	long long id;
	double r;
	size_t n;
	char *w, *p;

	ATF_REQUIRE(system("mkdir -p w/images") == 0);
	fake_release(tc, "a", "r1:1", 500);
	fake_release(tc, "b", "r2:2", 400);
	ATF_REQUIRE((s = wb_history_open("w/history.db", &e)) != NULL);
	memset(&f, 0, sizeof(f));
	ATF_REQUIRE_MSG(wb_history_series(s, &f, &v, &n, &e) == 0, "%s", e.msg);
	ATF_REQUIRE_EQ(1, n);
	ATF_REQUIRE(wb_history_candidate_add(s, v[0].fingerprint, "prod",
	    "pipe", "r1", "r2", 0.8, "test", &id, &e) == 0);
	wb_history_series_free(v, n);
	wb_history_close(s);
	ATF_REQUIRE_EQ(1, id);

	w = wbt_abspath("w");
	run_ok(tc, &o, (const char *[]){ "history", "confirm", "-w", w,
	    "--duration", "0.001", "1", NULL });
	ATF_REQUIRE_MSG(strstr(o.out, "candidate 1 confirmed: prod pipe on ")
	    == o.out, "%s", o.out);
	ATF_REQUIRE_MSG((p = strstr(o.out, ", r2 against r1: ratio ")) !=
	    NULL, "%s", o.out);
	r = strtod(p + 23, NULL);
	ATF_REQUIRE_MSG(r > 0.79 && r < 0.81, "%s", o.out);
	ATF_REQUIRE_MSG(strstr(o.out, ", 99.8% interval [0.") != NULL &&
	    strstr(o.out, "], 40 pairs (slower; run 3)\n") != NULL, "%s",
	    o.out);
	wbt_out_fini(&o);
	free(w);
	ATF_REQUIRE((s = wb_history_open("w/history.db", &e)) != NULL);
	ATF_REQUIRE_MSG(wb_history_candidate_get(s, 1, &c, &e) == 0, "%s",
	    e.msg);
	ATF_CHECK_STREQ("confirmed", c.outcome);
	wb_history_close(s);
}

ATF_TC_WITHOUT_HEAD(history__usage);
ATF_TC_BODY(history__usage, tc)
{
	static const char *cases[][5] = {
		{ "history", NULL },
		{ "history", "bogus", NULL },
		{ "history", "add", "--store", "h.db", NULL },
		{ "history", "list", "--release", "v1", NULL },
		{ "history", "series", "extra", NULL },
	};
	struct wbt_out o;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		wbt_run_wb(tc, &o, cases[i], 5);
		ATF_REQUIRE_EQ_MSG(64, o.status, "case %zu", i);
		ATF_REQUIRE(strstr(o.err, "usage: worldbench history") !=
		    NULL);
		wbt_out_fini(&o);
	}
}


/* A copy of a fixture under another label. */
static void
relabel(const atf_tc_t *tc, const char *fixture, const char *from,
    const char *out)
{
	char *text, *p, *t;

	text = wbt_read_file(wbt_datapath(tc, fixture), NULL);
	ATF_REQUIRE((p = strstr(text, from)) != NULL);
	*p = '\0';
	ATF_REQUIRE(asprintf(&t, "%s\"label\": \"prod\"%s", text,
	    p + strlen(from)) != -1);
	wbt_write_file(out, t);
	free(t);
	free(text);
}

/*
 * check-release --history: the gate against the stored passes of the
 * release before, as against the same file given as --baseline (the
 * figures of cmd_check_release_test's debug.json case).
 */
ATF_TC_WITHOUT_HEAD(history__check_release_gate);
ATF_TC_BODY(history__check_release_gate, tc)
{
	const char *a[] = { "check-release", "--no-probe", "--history", "2",
	    "--store", "h.db", "--results", NULL, NULL, NULL };
	struct wbt_out o;

	relabel(tc, "debug.json", "\"label\": \"debug\"", "slow.json");
	relabel(tc, "prod2.json", "\"label\": \"prod2\"", "same.json");
	a[8] = wbt_datapath(tc, "release/prod-root");
	/* Nothing stored yet: nothing to gate against. */
	a[7] = "slow.json";
	wbt_run_wb(tc, &o, a, 30);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s%s", o.out, o.err);
	ATF_REQUIRE(strstr(o.out, "SKIP performance.history: no "
	    "confirmed-good release of prod") != NULL);
	wbt_out_fini(&o);
	run_ok(tc, &o, (const char *[]){ "history", "add", "--store", "h.db",
	    "--release", "v1", wbt_datapath(tc, "prod.json"), NULL });
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, a, 30);
	ATF_REQUIRE_EQ_MSG(2, o.status, "%s%s", o.out, o.err);
	ATF_REQUIRE(strstr(o.out, "PASS performance.history: baseline: prod "
	    "on machine ") != NULL);
	ATF_REQUIRE_MSG(strstr(o.out, "FAIL performance.final-score: ratio "
	    "0.6882 over 6 tests: one-sided upper bound 0.6945 at 99.29%") !=
	    NULL, "%s", o.out);
	wbt_out_fini(&o);
	a[7] = "same.json";
	wbt_run_wb(tc, &o, a, 30);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s%s", o.out, o.err);
	wbt_out_fini(&o);
	/* --history and --baseline do not go together. */
	wbt_run_wb(tc, &o, (const char *[]){ "check-release", "--history", "2",
	    "--baseline", "x.json", "--results", "y.json", "--host", NULL },
	    30);
	ATF_REQUIRE_EQ(64, o.status);
	wbt_out_fini(&o);
}

/* A bench run directory: both variants, and compare.json's verdicts. */
ATF_TC_WITHOUT_HEAD(history__add_bench_dir);
ATF_TC_BODY(history__add_bench_dir, tc)
{
	struct wbt_out o;

	ATF_REQUIRE(system("mkdir -p b") == 0);
	variant_of(tc, "prod.json", "b/prod.json", 0);
	variant_of(tc, "debug.json", "b/debug.json", 0);
	wbt_write_file("b/summary.txt", "");
	run_ok(tc, &o, (const char *[]){ "compare", "-F", "json",
	    "b/prod.json", "b/debug.json", NULL });
	wbt_write_file("b/compare.json", o.out);
	wbt_out_fini(&o);
	run_ok(tc, &o, (const char *[]){ "history", "add", "--store", "h.db",
	    "--release", "v1", "b", NULL });
	ATF_REQUIRE_MSG(strstr(o.out, "run 1 added: bench, release v1 "
	    "(order 1), machine ") != NULL, "%s", o.out);
	ATF_REQUIRE_MSG(strstr(o.out, ", 2 variants, 120 passes, 6 verdicts "
	    "(b)") != NULL, "%s", o.out);
	wbt_out_fini(&o);
	/* One of its files again: stored already, in run 1. */
	run_ok(tc, &o, (const char *[]){ "history", "add", "--store", "h.db",
	    "--release", "v1", "b/debug.json", NULL });
	ATF_REQUIRE(strstr(o.out, "already stored as run 1") != NULL);
	wbt_out_fini(&o);
	run_ok(tc, &o, (const char *[]){ "history", "list", "--store", "h.db",
	    NULL });
	ATF_REQUIRE_MSG(strstr(o.out, "debug,prod") != NULL ||
	    strstr(o.out, "prod,debug") != NULL, "%s", o.out);
	wbt_out_fini(&o);
}

/*
 * The seed's two UnixBench tables as two releases: malloc debugging on,
 * then off.  Imported logs have no fingerprint (machine "none"); the
 * long release names widen the column instead of shifting it.
 */
ATF_TC_WITHOUT_HEAD(history__seed_releases);
ATF_TC_BODY(history__seed_releases, tc)
{
	struct wbt_out o;
	char *p, *q;

	run_ok(tc, &o, (const char *[]){ "import", "--table", "1", "--label",
	    "freebsd", wbt_datapath(tc, "import-seed.in"), "-o", "d.json",
	    NULL });
	wbt_out_fini(&o);
	run_ok(tc, &o, (const char *[]){ "import", "--table", "2", "--label",
	    "freebsd", wbt_datapath(tc, "import-seed.in"), "-o", "p.json",
	    NULL });
	wbt_out_fini(&o);
	run_ok(tc, &o, (const char *[]){ "history", "add", "--store", "h.db",
	    "--release", "seed-malloc-debug:1", "d.json", NULL });
	ATF_REQUIRE_MSG(strstr(o.out, "run 1 added: import, release "
	    "seed-malloc-debug (order 1), machine none, 1 variant, 11 passes")
	    != NULL, "%s", o.out);
	wbt_out_fini(&o);
	run_ok(tc, &o, (const char *[]){ "history", "add", "--store", "h.db",
	    "--release", "seed-malloc-production:2", "p.json", NULL });
	ATF_REQUIRE(strstr(o.out, "run 2 added: import, release "
	    "seed-malloc-production (order 2)") != NULL);
	wbt_out_fini(&o);
	run_ok(tc, &o, (const char *[]){ "history", "series", "--store",
	    "h.db", "--test", "shell8", NULL });
	ATF_REQUIRE_MSG(strstr(o.out, "machine none  variant freebsd  test "
	    "shell8\n") == o.out, "%s", o.out);
	/* The seed's results, debug first, and the columns in line. */
	ATF_REQUIRE((p = strstr(o.out, "  seed-malloc-debug ")) != NULL);
	ATF_REQUIRE((q = strstr(p, "  seed-malloc-production ")) != NULL);
	ATF_REQUIRE(strstr(p, "120.80") != NULL && strstr(q, "924.50") != NULL);
	ATF_REQUIRE_EQ(strchr(p + 1, '1') - p, strchr(q + 1, '2') - q);
	wbt_out_fini(&o);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, history__add_list_series);
	ATF_TP_ADD_TC(tp, history__add_twice);
	ATF_TP_ADD_TC(tp, history__concurrent_adds);
	ATF_TP_ADD_TC(tp, history__bad_input);
	ATF_TP_ADD_TC(tp, history__add_reference);
	ATF_TP_ADD_TC(tp, history_changes__step_found_once);
	ATF_TP_ADD_TC(tp, history_changes__tail_found);
	ATF_TP_ADD_TC(tp, history_changes__tail_after_confirmed);
	ATF_TP_ADD_TC(tp, history_changes__flat_none);
	ATF_TP_ADD_TC(tp, history_changes__short_series);
	ATF_TP_ADD_TC(tp, history_html__site);
	ATF_TP_ADD_TC(tp, history__confirm_unknown);
	ATF_TP_ADD_TC(tp, history_confirm__default_pairs);
	ATF_TP_ADD_TC(tp, history__usage);
	ATF_TP_ADD_TC(tp, history__check_release_gate);
	ATF_TP_ADD_TC(tp, history__add_bench_dir);
	ATF_TP_ADD_TC(tp, history__seed_releases);
	return (0);
}
