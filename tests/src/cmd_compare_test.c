/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "wbtest.h"

/* Copy a fixture from tests/src/data into the work directory. */
static void
fixture(const atf_tc_t *tc, const char *name)
{
	char *buf;

	buf = wbt_read_file(wbt_datapath(tc, name), NULL);
	wbt_write_file(name, buf);
	free(buf);
}

static void
golden(const atf_tc_t *tc, const char *const *args, const char *expected)
{
	struct wbt_out o;
	char *want;

	fixture(tc, "prod.json");
	fixture(tc, "prod2.json");
	fixture(tc, "debug.json");
	wbt_run_wb(tc, &o, args, 14);
	ATF_REQUIRE_EQ_MSG(0, o.status, "stderr: %s", o.err);
	want = wbt_read_file(wbt_datapath(tc, expected), NULL);
	if (strcmp(want, o.out) != 0) {
		wbt_write_file("got", o.out);
		atf_tc_fail("output differs from %s; got:\n%s", expected,
		    o.out);
	}
	free(want);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(compare__text_golden);
ATF_TC_BODY(compare__text_golden, tc)
{
	static const char *const a[] = { "compare", "prod.json", "prod2.json",
	    "debug.json", NULL };

	golden(tc, a, "compare-text.expected");
}

ATF_TC_WITHOUT_HEAD(compare__plot_golden);
ATF_TC_BODY(compare__plot_golden, tc)
{
	static const char *const a[] = { "compare", "-p", "-e", "all",
	    "prod.json", "debug.json", NULL };

	golden(tc, a, "compare-plot.expected");
}

ATF_TC_WITHOUT_HEAD(compare__csv_golden);
ATF_TC_BODY(compare__csv_golden, tc)
{
	static const char *const a[] = { "compare", "-F", "csv", "prod.json",
	    "debug.json", NULL };

	golden(tc, a, "compare-csv.expected");
}

/*
 * A format of the model's table that compare names nowhere (TSV): its
 * rows, as CSV's, through the table alone.
 */
ATF_TC_WITHOUT_HEAD(compare__tsv_golden);
ATF_TC_BODY(compare__tsv_golden, tc)
{
	static const char *const a[] = { "compare", "-F", "tsv", "prod.json",
	    "debug.json", NULL };

	golden(tc, a, "compare-tsv.expected");
}

ATF_TC_WITHOUT_HEAD(compare__markdown_golden);
ATF_TC_BODY(compare__markdown_golden, tc)
{
	static const char *const a[] = { "compare", "--format=markdown",
	    "-c", "99", "prod.json", "debug.json", NULL };

	golden(tc, a, "compare-markdown.expected");
}

/*
 * The near-deterministic A/A pair of issue 31 (mkresults.py): one qemu
 * -icount run, the second side 0.0002% slower on every test, whetstone
 * without any spread.  The default threshold is icount's 0.5%, and every
 * row and the final score say "negligible"; none is flagged.
 */
static void
icount_run(const atf_tc_t *tc, const char *const *args, struct wbt_out *o)
{

	fixture(tc, "icount-a.json");
	fixture(tc, "icount-b.json");
	wbt_run_wb(tc, o, args, 14);
	ATF_REQUIRE_EQ_MSG(0, o->status, "stderr: %s", o->err);
}

ATF_TC_WITHOUT_HEAD(compare__icount_text_golden);
ATF_TC_BODY(compare__icount_text_golden, tc)
{
	static const char *const a[] = { "compare", "icount-a.json",
	    "icount-b.json", NULL };
	struct wbt_out o;
	char *want;

	icount_run(tc, a, &o);
	want = wbt_read_file(wbt_datapath(tc, "compare-icount.expected"),
	    NULL);
	ATF_CHECK_STREQ_MSG(want, o.out, "got:\n%s", o.out);
	ATF_CHECK(strstr(o.out, "*slower") == NULL);
	ATF_CHECK(strstr(o.out, "Negligible: a ratio within 0.5% of 1") !=
	    NULL);
	ATF_CHECK(strstr(o.out, "(no spread: the interval is the point)") !=
	    NULL);
	free(want);
	wbt_out_fini(&o);
}

/*
 * The JSON of the same pair against its golden file, the generator
 * (version and revision) left out; every verdict is "negligible".
 */
ATF_TC_WITHOUT_HEAD(compare__icount_json_golden);
ATF_TC_BODY(compare__icount_json_golden, tc)
{
	static const char *const a[] = { "compare", "-F", "json",
	    "icount-a.json", "icount-b.json", NULL };
	struct wbt_out o;
	json_error_t je;
	json_t *got, *want, *t, *c;
	size_t i, n;

	icount_run(tc, a, &o);
	got = json_loads(o.out, 0, &je);
	ATF_REQUIRE_MSG(got != NULL, "%d: %s", je.line, je.text);
	want = json_load_file(wbt_datapath(tc, "compare-icount-json.expected"),
	    0, &je);
	ATF_REQUIRE_MSG(want != NULL, "%d: %s", je.line, je.text);
	json_object_del(got, "generator");
	json_object_del(want, "generator");
	ATF_CHECK_MSG(json_equal(want, got), "got:\n%s", o.out);
	ATF_CHECK_EQ(0.5, json_number_value(json_object_get(
	    json_object_get(got, "negligible"), "percent")));
	ATF_CHECK_STREQ("icount", json_string_value(json_object_get(
	    json_object_get(got, "negligible"), "source")));
	n = 0;
	json_array_foreach(json_object_get(got, "tests"), i, t) {
		c = json_array_get(json_object_get(t, "variants"), 1);
		ATF_CHECK_STREQ("negligible", json_string_value(
		    json_object_get(c, "verdict")));
		n++;
	}
	ATF_CHECK_EQ(6, n);
	c = json_array_get(json_object_get(got, "variants"), 1);
	ATF_CHECK_STREQ("negligible", json_string_value(json_object_get(c,
	    "final_verdict")));
	json_decref(got);
	json_decref(want);
	wbt_out_fini(&o);
}

/* --negligible 0: no threshold, and the same pair is "*slower" again. */
ATF_TC_WITHOUT_HEAD(compare__negligible_option);
ATF_TC_BODY(compare__negligible_option, tc)
{
	static const char *const a[] = { "compare", "--negligible", "0",
	    "icount-a.json", "icount-b.json", NULL };
	static const char *const bad[] = { "compare", "--negligible", "1%",
	    "icount-a.json", "icount-b.json", NULL };
	struct wbt_out o;

	icount_run(tc, a, &o);
	ATF_CHECK(strstr(o.out, "FINAL SCORE (geometric mean)               "
	    "725.0       725.0  1.0000  [1.0000, 1.0000]       1.0000  "
	    "2.72e-29  *slower\n") != NULL);
	ATF_CHECK(strstr(o.out, "within 0% of 1 (1.0000 to 1.0000), "
	    "--negligible") != NULL);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, bad, 14);
	ATF_CHECK_EQ(64, o.status);
	ATF_CHECK(strstr(o.err, "--negligible: '1%' is not a percentage") !=
	    NULL);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(compare__identical_no_difference);
ATF_TC_BODY(compare__identical_no_difference, tc)
{
	static const char *const a[] = { "compare", "prod.json", "prod.json",
	    NULL };
	struct wbt_out o;

	fixture(tc, "prod.json");
	wbt_run_wb(tc, &o, a, 14);
	ATF_REQUIRE_EQ(0, o.status);
	ATF_CHECK(strstr(o.out, ": slower") == NULL);
	ATF_CHECK(strstr(o.out, ": faster") == NULL);
	ATF_CHECK(strstr(o.out, "*slower") == NULL);
	ATF_CHECK(strstr(o.out, "*faster") == NULL);
	ATF_CHECK(strstr(o.out, "No difference proven at 95% confidence") !=
	    NULL);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(compare__json_schema);
ATF_TC_BODY(compare__json_schema, tc)
{
	static const char *const a[] = { "compare", "-F", "json", "-o",
	    "out.json", "prod.json", "debug.json", NULL };
	struct wbt_out o;
	json_error_t je;
	json_t *j, *t;

	fixture(tc, "prod.json");
	fixture(tc, "debug.json");
	wbt_run_wb(tc, &o, a, 14);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_CHECK_STREQ("", o.out);
	j = json_load_file("out.json", 0, &je);
	ATF_REQUIRE_MSG(j != NULL, "%s:%d: %s", je.source, je.line, je.text);
	ATF_CHECK_STREQ("worldbench-compare",
	    json_string_value(json_object_get(j, "format")));
	ATF_CHECK_EQ(1, json_integer_value(json_object_get(j, "version")));
	ATF_CHECK_STREQ("holm",
	    json_string_value(json_object_get(j, "adjustment")));
	t = json_array_get(json_object_get(j, "tests"), 5);
	ATF_CHECK_STREQ("shell8", json_string_value(json_object_get(t, "id")));
	t = json_array_get(json_object_get(t, "variants"), 1);
	ATF_CHECK_STREQ("slower",
	    json_string_value(json_object_get(t, "verdict")));
	ATF_CHECK_EQ(10, json_array_size(json_object_get(t, "samples")));
	ATF_CHECK_STREQ("welch-log",
	    json_string_value(json_object_get(t, "method")));
	ATF_CHECK(json_is_real(json_object_get(t, "score_ratio")));
	ATF_CHECK(json_is_real(json_object_get(t, "faults_ratio")));
	ATF_CHECK(json_is_real(json_object_get(t, "cpu_ratio")));
	ATF_CHECK_STREQ("welch-log",
	    json_string_value(json_object_get(j, "ratio_method")));
	ATF_CHECK_EQ(7, json_integer_value(json_object_get(j, "family")));
	json_decref(j);
	wbt_out_fini(&o);
}

/*
 * A variant whose passes all failed: compare shows no ratio ("-" in
 * text, null in JSON), never 0 (it used to print 0.0000 and give
 * final_ratio {ratio: 0, p: 0}).
 */
ATF_TC_WITHOUT_HEAD(compare__all_failed_no_ratio);
ATF_TC_BODY(compare__all_failed_no_ratio, tc)
{
	static const char *const t[] = { "compare", "prod.json", "failed.json",
	    NULL };
	static const char *const js[] = { "compare", "-F", "json", "prod.json",
	    "failed.json", NULL };
	struct wbt_out o;
	json_error_t je;
	json_t *j, *r, *k, *s;
	size_t i, n;

	fixture(tc, "prod.json");
	j = json_load_file("prod.json", 0, &je);
	ATF_REQUIRE(j != NULL);
	json_object_set_new(json_object_get(j, "provenance"), "label",
	    json_string("failed"));
	json_array_foreach(json_object_get(j, "tests"), i, k)
		json_array_foreach(json_object_get(k, "samples"), n, s) {
			json_object_set_new(s, "status", json_string("failed"));
			json_object_set_new(s, "error",
			    json_string("Operation not permitted"));
			json_object_set_new(s, "rate", json_real(0));
			json_object_set_new(s, "count", json_real(0));
		}
	ATF_REQUIRE_EQ(0, json_dump_file(j, "failed.json", 0));
	json_decref(j);
	wbt_run_wb(tc, &o, t, 14);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_CHECK_MSG(strstr(o.out, "0.0000") == NULL, "%s", o.out);
	ATF_CHECK(strstr(o.out, "FINAL SCORE (geometric mean)               "
	    "732.6       -      -  -                   -         -  missing") !=
	    NULL);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, js, 14);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	j = json_loads(o.out, 0, &je);
	ATF_REQUIRE_MSG(j != NULL, "%s", je.text);
	r = json_array_get(json_object_get(j, "variants"), 1);
	ATF_CHECK(json_is_null(json_object_get(r, "final_ratio")));
	ATF_CHECK(json_is_null(json_object_get(r, "final_score_ratio")));
	k = json_array_get(json_object_get(json_array_get(json_object_get(j,
	    "tests"), 0), "variants"), 1);
	ATF_CHECK(json_is_null(json_object_get(k, "ratio")));
	ATF_CHECK_EQ(10, json_integer_value(json_object_get(k, "failed")));
	ATF_CHECK_EQ(0, json_integer_value(json_object_get(k, "n")));
	json_decref(j);
	wbt_out_fini(&o);
}

/*
 * A label with terminal escapes (a hostile results file) reaches no
 * output format raw: text, CSV and Markdown show it escaped.
 */
ATF_TC_WITHOUT_HEAD(compare__label_escaped_every_format);
ATF_TC_BODY(compare__label_escaped_every_format, tc)
{
	static const char *const fmts[] = { "text", "csv", "markdown" };
	const char *a[] = { "compare", "-F", NULL, "prod.json", "evil.json",
	    NULL };
	struct wbt_out o;
	json_error_t je;
	json_t *j;
	size_t i;

	fixture(tc, "debug.json");
	fixture(tc, "prod.json");
	j = json_load_file("debug.json", 0, &je);
	ATF_REQUIRE(j != NULL);
	json_object_set_new(json_object_get(j, "provenance"), "label",
	    json_string("ev\033]0;owned\007il\033[2J"));
	ATF_REQUIRE_EQ(0, json_dump_file(j, "evil.json", 0));
	json_decref(j);
	for (i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
		a[2] = fmts[i];
		wbt_run_wb(tc, &o, a, 14);
		ATF_REQUIRE_EQ_MSG(0, o.status, "%s: %s", fmts[i], o.err);
		ATF_CHECK_MSG(strchr(o.out, '\033') == NULL &&
		    strchr(o.out, '\007') == NULL, "%s: a raw escape",
		    fmts[i]);
		ATF_CHECK_MSG(strstr(o.out, "ev\\x1b]0;owned\\x07il") !=
		    NULL, "%s: the label is not shown escaped", fmts[i]);
		wbt_out_fini(&o);
	}
}

#define OSC52_CSI	"\033]52;c;aGk=\007\033[2J"
#define OSC52_CSI_VIS	"\\x1b]52;c;aGk=\\x07\\x1b[2J"

/* No raw ESC or BEL in o, and want in it. */
static void
check_vis(const struct wbt_out *o, const char *what, const char *out,
    const char *want)
{

	ATF_CHECK_MSG(strpbrk(o->out, "\033\007") == NULL &&
	    strpbrk(o->err, "\033\007") == NULL, "%s: a raw escape", what);
	ATF_CHECK_MSG(strstr(out, want) != NULL, "%s: no '%s' in: %s", what,
	    want, out);
}

/*
 * A results file whose label, recorded timing mode and first test's id
 * and name hold an OSC 52 clipboard write and a CSI sequence: the
 * refusal on stderr quotes them escaped, and so do the forced
 * comparison's text and summary.
 */
ATF_TC_WITHOUT_HEAD(compare__provenance_escaped);
ATF_TC_BODY(compare__provenance_escaped, tc)
{
	const char *a[] = { "compare", "prod.json", "evil.json", NULL };
	const char *f[] = { "compare", "--force", "-F", NULL, "prod.json",
	    "evil.json", NULL };
	struct wbt_out o;
	json_error_t je;
	json_t *j, *p, *t;

	fixture(tc, "debug.json");
	fixture(tc, "prod.json");
	j = json_load_file("debug.json", 0, &je);
	ATF_REQUIRE(j != NULL);
	p = json_object_get(j, "provenance");
	json_object_set_new(p, "label", json_string("lab" OSC52_CSI));
	json_object_set_new(p, "timing", json_string("tim" OSC52_CSI));
	t = json_array_get(json_object_get(j, "tests"), 0);
	json_object_set_new(t, "id", json_string("id" OSC52_CSI));
	json_object_set_new(t, "name", json_string("nm" OSC52_CSI));
	ATF_REQUIRE_EQ(0, json_dump_file(j, "evil.json", 0));
	json_decref(j);
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ_MSG(1, o.status, "%s", o.err);
	check_vis(&o, "refusal", o.err, "worldbench: lab" OSC52_CSI_VIS
	    ": different timing mode (prod wall, lab" OSC52_CSI_VIS " tim"
	    OSC52_CSI_VIS ")\n");
	wbt_out_fini(&o);
	f[3] = "text";
	wbt_run_wb(tc, &o, f, 14);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	check_vis(&o, "text", o.out, "INVALID: different timing mode: prod "
	    "wall, lab" OSC52_CSI_VIS " tim" OSC52_CSI_VIS);
	check_vis(&o, "text", o.out, "\nnm" OSC52_CSI_VIS " (id" OSC52_CSI_VIS
	    ", lps)\n");
	wbt_out_fini(&o);
	f[3] = "summary";
	wbt_run_wb(tc, &o, f, 14);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	check_vis(&o, "summary", o.out, "lab" OSC52_CSI_VIS " / prod (ratio");
	wbt_out_fini(&o);
}

/*
 * Write the fixture name to out with the string at where (provenance
 * "label", or the first test's "name") len bytes long; len 0 leaves it.
 */
static void
long_string(const atf_tc_t *tc, const char *name, const char *out,
    const char *where, size_t len)
{
	json_t *root, *o;
	json_error_t je;
	char *s;

	root = json_load_file(wbt_datapath(tc, name), 0, &je);
	ATF_REQUIRE_MSG(root != NULL, "%s: %s", name, je.text);
	if (len > 0) {
		ATF_REQUIRE((s = malloc(len + 1)) != NULL);
		memset(s, 'x', len);
		s[len] = '\0';
		o = strcmp(where, "label") == 0 ? json_object_get(root,
		    "provenance") : json_array_get(json_object_get(root,
		    "tests"), 0);
		ATF_REQUIRE(json_object_set_new(o, where, json_string(s)) ==
		    0);
		free(s);
	}
	ATF_REQUIRE(json_dump_file(root, out, 0) == 0);
	json_decref(root);
}

/*
 * A results file with a 1 MiB label or test name is refused as bad data,
 * naming the file, the field and the limit; the same file with its own
 * strings is compared.
 */
ATF_TC_WITHOUT_HEAD(compare__long_strings_refused);
ATF_TC_BODY(compare__long_strings_refused, tc)
{
	static const char *const label[] = { "compare", "label.json",
	    "debug.json", NULL };
	static const char *const name[] = { "compare", "prod.json",
	    "name.json", NULL };
	static const char *const ok[] = { "compare", "prod.json",
	    "debug.json", NULL };
	struct wbt_out o;

	long_string(tc, "prod.json", "label.json", "label", 1 << 20);
	long_string(tc, "debug.json", "name.json", "name", 1 << 20);
	long_string(tc, "prod.json", "prod.json", "label", 0);
	long_string(tc, "debug.json", "debug.json", "label", 0);
	wbt_run_wb(tc, &o, label, 14);
	ATF_CHECK_EQ(65, o.status);
	ATF_CHECK_STREQ("", o.out);
	ATF_CHECK_MSG(strstr(o.err, "label.json: provenance.label: 1048576 "
	    "bytes, longer than the 64 bytes a label may have") != NULL,
	    "%s", o.err);
	ATF_CHECK_MSG(strlen(o.err) < 1024, "%zu bytes on stderr",
	    strlen(o.err));
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, name, 14);
	ATF_CHECK_EQ(65, o.status);
	ATF_CHECK_MSG(strstr(o.err, "name.json: tests[0].name: 1048576 "
	    "bytes, longer than the 256 bytes a test name may have") != NULL,
	    "%s", o.err);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, ok, 14);
	ATF_CHECK_EQ_MSG(0, o.status, "%s", o.err);
	ATF_CHECK(strstr(o.out, "Dhrystone") != NULL);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(compare__refuses_other_host);
ATF_TC_BODY(compare__refuses_other_host, tc)
{
	static const char *const a[] = { "compare", "prod.json",
	    "otherhost.json", NULL };
	static const char *const f[] = { "compare", "--force", "prod.json",
	    "otherhost.json", NULL };
	struct wbt_out o;

	fixture(tc, "prod.json");
	fixture(tc, "otherhost.json");
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ(1, o.status);
	ATF_CHECK_STREQ("", o.out);
	ATF_CHECK_MSG(strstr(o.err, "different host") != NULL, "%s", o.err);
	ATF_CHECK(strstr(o.err, "--force") != NULL);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, f, 14);
	ATF_CHECK_EQ(0, o.status);
	ATF_CHECK(strstr(o.out, "FORCED COMPARISON") != NULL);
	ATF_CHECK(strstr(o.out, "INVALID: different host") != NULL);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(compare__refuses_pass_length);
ATF_TC_BODY(compare__refuses_pass_length, tc)
{
	static const char *const a[] = { "compare", "prod.json",
	    "shortpass.json", NULL };
	struct wbt_out o;

	fixture(tc, "prod.json");
	fixture(tc, "shortpass.json");
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ(1, o.status);
	ATF_CHECK_MSG(strstr(o.err, "different pass length (dhry2reg") !=
	    NULL, "%s", o.err);
	wbt_out_fini(&o);
}

static void
run_fixtures(const atf_tc_t *tc)
{

	fixture(tc, "run1-prod.json");
	fixture(tc, "run2-prod.json");
	fixture(tc, "run1-debug.json");
	fixture(tc, "run2-debug.json");
}

/*
 * The collected files of two node runs (every base, then every other):
 * two variants, the runs as units, each run's ratio and their spread.
 */
ATF_TC_WITHOUT_HEAD(compare__runs_text_golden);
ATF_TC_BODY(compare__runs_text_golden, tc)
{
	static const char *const a[] = { "compare", "run1-prod.json",
	    "run2-prod.json", "run1-debug.json", "run2-debug.json", NULL };

	run_fixtures(tc);
	golden(tc, a, "compare-runs-text.expected");
}

ATF_TC_WITHOUT_HEAD(compare__runs_json);
ATF_TC_BODY(compare__runs_json, tc)
{
	static const char *const a[] = { "compare", "-F", "json", "-o",
	    "out.json", "run1-prod.json", "run1-debug.json", "run2-prod.json",
	    "run2-debug.json", NULL };
	struct wbt_out o;
	json_error_t je;
	json_t *j, *t, *r;

	run_fixtures(tc);
	wbt_run_wb(tc, &o, a, 14);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	j = json_load_file("out.json", 0, &je);
	ATF_REQUIRE_MSG(j != NULL, "%s:%d: %s", je.source, je.line, je.text);
	ATF_CHECK_STREQ("blocked",
	    json_string_value(json_object_get(j, "ratio_method")));
	ATF_CHECK_STREQ("runs-t",
	    json_string_value(json_object_get(j, "final_method")));
	ATF_CHECK(json_is_true(json_object_get(j, "blocked")));
	ATF_CHECK_EQ(2, json_array_size(json_object_get(j, "variants")));
	r = json_array_get(json_object_get(j, "runs"), 1);
	ATF_CHECK_STREQ("b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2",
	    json_string_value(json_object_get(r, "run_id")));
	ATF_CHECK_STREQ("run2-debug.json", json_string_value(json_array_get(
	    json_object_get(r, "paths"), 1)));
	t = json_array_get(json_object_get(j, "tests"), 5);
	t = json_array_get(json_object_get(t, "variants"), 1);
	ATF_CHECK_STREQ("runs",
	    json_string_value(json_object_get(t, "interval_units")));
	ATF_CHECK_EQ(10, json_array_size(json_object_get(t, "samples")));
	r = json_object_get(t, "runs");
	ATF_CHECK_EQ(2, json_integer_value(json_object_get(r, "n")));
	ATF_CHECK_EQ(2, json_array_size(json_object_get(r, "ratios")));
	ATF_CHECK(json_real_value(json_object_get(r, "min")) < 0.135);
	ATF_CHECK(json_real_value(json_object_get(r, "max")) > 0.135);
	t = json_array_get(json_object_get(j, "variants"), 1);
	ATF_CHECK_EQ(1, json_real_value(json_object_get(json_object_get(t,
	    "final_ratio"), "df")));
	ATF_CHECK(json_is_object(json_object_get(t, "final_runs")));
	json_decref(j);
	wbt_out_fini(&o);
}

/* A run that lacks a variant is refused, naming a file of that run. */
ATF_TC_WITHOUT_HEAD(compare__runs_missing_variant);
ATF_TC_BODY(compare__runs_missing_variant, tc)
{
	static const char *const a[] = { "compare", "run1-prod.json",
	    "run2-prod.json", "run1-debug.json", NULL };
	struct wbt_out o;

	run_fixtures(tc);
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ(65, o.status);
	ATF_CHECK_MSG(strstr(o.err, "run2-prod.json: its run b2b2b2b2 has no "
	    "debug results") != NULL, "%s", o.err);
	ATF_CHECK_STREQ("", o.out);
	wbt_out_fini(&o);
}

/* Four files of two runs are not the four cells of a factorial. */
ATF_TC_WITHOUT_HEAD(compare__runs_not_factorial);
ATF_TC_BODY(compare__runs_not_factorial, tc)
{
	static const char *const a[] = { "compare", "--factorial",
	    "run1-prod.json", "run2-prod.json", "run1-debug.json",
	    "run2-debug.json", NULL };
	struct wbt_out o;

	run_fixtures(tc);
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ(64, o.status);
	ATF_CHECK_MSG(strstr(o.err, "not several runs") != NULL, "%s", o.err);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(compare__bad_file);
ATF_TC_BODY(compare__bad_file, tc)
{
	static const char *const a[] = { "compare", "prod.json", "bad.json",
	    NULL };
	struct wbt_out o;

	fixture(tc, "prod.json");
	wbt_write_file("bad.json", "{\n  \"format\": \"worldbench-results\",\n"
	    "  oops\n}\n");
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ(65, o.status);
	ATF_CHECK_MSG(strstr(o.err, "bad.json:3") != NULL, "%s", o.err);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(compare__usage);
ATF_TC_BODY(compare__usage, tc)
{
	static const char *const one[] = { "compare", "prod.json", NULL };
	static const char *const conf[] = { "compare", "-c", "100", "a", "b",
	    NULL };
	static const char *const fact[] = { "compare", "--factorial", "a",
	    "b", "c", NULL };
	struct wbt_out o;

	wbt_run_wb(tc, &o, one, 14);
	ATF_CHECK_EQ(64, o.status);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, conf, 14);
	ATF_CHECK_EQ(64, o.status);
	ATF_CHECK(strstr(o.err, "bad confidence level") != NULL);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, fact, 14);
	ATF_CHECK_EQ(64, o.status);
	ATF_CHECK(strstr(o.err, "exactly four") != NULL);
	wbt_out_fini(&o);
}

/* The four results of the 2x2 fixture (kernel x malloc). */
static void
factorial_fixtures(const atf_tc_t *tc)
{

	fixture(tc, "k0m0.json");
	fixture(tc, "k1m0.json");
	fixture(tc, "k0m1.json");
	fixture(tc, "k1m1.json");
}

ATF_TC_WITHOUT_HEAD(compare__factorial_golden);
ATF_TC_BODY(compare__factorial_golden, tc)
{
	static const char *const a[] = { "compare", "-F", "markdown",
	    "--factorial=kernel,malloc", "k0m0.json", "k1m0.json",
	    "k0m1.json", "k1m1.json", NULL };
	struct wbt_out o;
	char *want;

	factorial_fixtures(tc);
	wbt_run_wb(tc, &o, a, 14);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	want = wbt_read_file(wbt_datapath(tc, "compare-factorial.expected"),
	    NULL);
	ATF_CHECK_STREQ_MSG(want, o.out, "got:\n%s", o.out);
	/* The designed interaction on shell8 (0.9) is found. */
	ATF_CHECK(strstr(o.out, "**0.906 (0.8882 – 0.9234)** |\n| Final") !=
	    NULL);
	free(want);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(compare__factorial_text_golden);
ATF_TC_BODY(compare__factorial_text_golden, tc)
{
	static const char *const a[] = { "compare",
	    "--factorial=kernel,malloc", "k0m0.json", "k1m0.json",
	    "k0m1.json", "k1m1.json", NULL };
	struct wbt_out o;
	char *want, *f;

	factorial_fixtures(tc);
	wbt_run_wb(tc, &o, a, 6);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	want = wbt_read_file(wbt_datapath(tc,
	    "compare-factorial-text.expected"), NULL);
	ATF_CHECK_STREQ_MSG(want, o.out, "got:\n%s", o.out);
	/* The longest test name is not cut in the factorial table. */
	ATF_REQUIRE((f = strstr(o.out, "Factorial view")) != NULL);
	ATF_CHECK(strstr(f, "Shell Scripts (8 concurrent) ") != NULL);
	ATF_CHECK(strstr(f, "Dhrystone 2 using register variables ") !=
	    NULL);
	free(want);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(compare__imported_no_ci);
ATF_TC_BODY(compare__imported_no_ci, tc)
{
	static const char *const ia[] = { "import", "--label", "prod", "-o",
	    "a.json", "ublog-prod.txt", NULL };
	static const char *const ib[] = { "import", "--label", "debug", "-o",
	    "b.json", "ublog-debug.txt", NULL };
	static const char *const c[] = { "compare", "a.json", "b.json", NULL };
	struct wbt_out o;
	char *p;

	fixture(tc, "ublog-prod.txt");
	fixture(tc, "ublog-debug.txt");
	wbt_run_wb(tc, &o, ia, 14);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, ib, 14);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, c, 14);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_CHECK(strstr(o.out, "Process Creation                         "
	    "3100.0     2480.0  0.8000  unavailable       0.8000         -  "
	    "one sample: repeatability not measured") != NULL);
	/* The final score says why it has no interval, never a gap. */
	ATF_CHECK(strstr(o.out, "FINAL SCORE (geometric mean)") != NULL);
	for (p = o.out; *p != '\0'; p++)
		if (*p == '\n')
			*p = ' ';
	ATF_CHECK(strstr(o.out, "no interval: 4 tests with one sample") !=
	    NULL);
	ATF_CHECK(strstr(o.out, "imported UnixBench log") != NULL);
	ATF_CHECK(strstr(o.out, "No difference proven") == NULL);
	wbt_out_fini(&o);
}

/*
 * prod.json and debug.json as one run (one run id) whose plan has the
 * adaptive object given (a JSON text).
 */
static void
adaptive_fixtures(const atf_tc_t *tc, const char *adaptive)
{
	static const char *const names[] = { "prod.json", "debug.json" };
	json_error_t je;
	json_t *j;
	size_t i;

	for (i = 0; i < 2; i++) {
		fixture(tc, names[i]);
		j = json_load_file(names[i], 0, &je);
		ATF_REQUIRE(j != NULL);
		ATF_REQUIRE_EQ(0, json_object_set_new(j, "plan",
		    json_pack("{s:s, s:o}", "run_id",
		    "0123456789abcdef0123456789abcdef", "adaptive",
		    json_loads(adaptive, 0, &je))));
		ATF_REQUIRE_EQ(0, json_dump_file(j, names[i], 0));
		json_decref(j);
	}
}

/*
 * A two-stage --target-ci run: the report says how its intervals were
 * made and what the target sized, and they use all pairs (npairs - 1
 * degrees of freedom, not stage one's); a run of the
 * rule before keeps its sentence; a bad stage one names the file.
 */
ATF_TC_WITHOUT_HEAD(compare__adaptive_two_stage);
ATF_TC_BODY(compare__adaptive_two_stage, tc)
{
	static const char *const t[] = { "compare", "prod.json", "debug.json",
	    NULL };
	static const char *const js[] = { "compare", "-F", "json", "prod.json",
	    "debug.json", NULL };
	struct wbt_out o;
	json_error_t je;
	json_t *j, *k;
	char *p;

	adaptive_fixtures(tc, "{\"target_ci\": 3, \"min_pairs\": 10, "
	    "\"stage1_pairs\": 6}");
	wbt_run_wb(tc, &o, t, 14);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_CHECK_MSG(strstr(o.out, "Passes were added adaptively "
	    "(--target-ci 3%) in two stages: the first 6 pairs") != NULL,
	    "%s", o.out);
	for (p = o.out; *p != '\0'; p++)
		if (*p == '\n')
			*p = ' ';
	ATF_CHECK_MSG(strstr(o.out, "every interval uses all pairs") != NULL &&
	    strstr(o.out, "interval at 95%, unadjusted: here +-") != NULL,
	    "%s", o.out);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, js, 14);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	j = json_loads(o.out, 0, &je);
	ATF_REQUIRE_MSG(j != NULL, "%s", je.text);
	ATF_CHECK_EQ(6, json_integer_value(json_object_get(json_object_get(j,
	    "adaptive"), "stage1_pairs")));
	k = json_array_get(json_object_get(json_array_get(json_object_get(j,
	    "tests"), 0), "variants"), 1);
	ATF_CHECK_STREQ("paired-log",
	    json_string_value(json_object_get(k, "method")));
	ATF_CHECK_EQ(6, json_integer_value(json_object_get(k,
	    "stage1_pairs")));
	ATF_CHECK_EQ(json_integer_value(json_object_get(k, "pairs")) - 1,
	    json_number_value(json_object_get(json_object_get(k, "welch"),
	    "df")));
	ATF_CHECK(json_integer_value(json_object_get(k, "pairs")) > 6);
	json_decref(j);
	wbt_out_fini(&o);
	adaptive_fixtures(tc, "{\"target_ci\": 3, \"min_pairs\": 10}");
	wbt_run_wb(tc, &o, t, 14);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_CHECK(strstr(o.out, "at least 10 passes of each test") != NULL);
	ATF_CHECK(strstr(o.out, "two stages") == NULL);
	wbt_out_fini(&o);
	adaptive_fixtures(tc, "{\"target_ci\": 3, \"stage1_pairs\": 0}");
	wbt_run_wb(tc, &o, t, 14);
	ATF_CHECK(o.status != 0);
	ATF_CHECK_MSG(strstr(o.err, "prod.json: plan.adaptive.stage1_pairs: "
	    "not an integer") != NULL, "%s", o.err);
	wbt_out_fini(&o);
}

/*
 * A test that failed in every pass of one variant drops out of its
 * final score: a problem line in every format, not only "partial".
 */
ATF_TC_WITHOUT_HEAD(compare__dropped_test_problem_every_format);
ATF_TC_BODY(compare__dropped_test_problem_every_format, tc)
{
	static const char *const fmts[] = { "text", "json", "markdown",
	    "csv", "html" };
	static const char *const want[] = { "PROBLEM: ", "\"failed in "
	    "every pass\"", "- **PROBLEM**: ", "problem,",
	    "<li><strong>PROBLEM</strong>: " };
	const char *a[] = { "compare", "-F", NULL, "prod.json", "debug.json",
	    NULL };
	struct wbt_out o;
	json_error_t je;
	json_t *j, *smp;
	size_t i, k;

	fixture(tc, "prod.json");
	fixture(tc, "debug.json");
	j = json_load_file("debug.json", 0, &je);
	ATF_REQUIRE(j != NULL);
	json_array_foreach(json_object_get(json_array_get(json_object_get(j,
	    "tests"), 1), "samples"), k, smp) {
		ATF_REQUIRE_EQ(0, json_object_set_new(smp, "status",
		    json_string("failed")));
		ATF_REQUIRE_EQ(0, json_object_set_new(smp, "error",
		    json_string("exit 1")));
	}
	ATF_REQUIRE_EQ(0, json_dump_file(j, "debug.json", 0));
	json_decref(j);
	for (i = 0; i < 5; i++) {
		a[2] = fmts[i];
		wbt_run_wb(tc, &o, a, 14);
		ATF_CHECK_MSG(o.status != -1, "%s", o.err);
		ATF_CHECK_MSG(strstr(o.out, want[i]) != NULL &&
		    strstr(o.out, "failed in every pass of debug") != NULL,
		    "%s: %s", fmts[i], o.out);
		wbt_out_fini(&o);
	}
	/* Nothing failed: no problem line. */
	fixture(tc, "debug.json");
	a[2] = "text";
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK(strstr(o.out, "PROBLEM") == NULL);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(compare__name_renames);
ATF_TC_BODY(compare__name_renames, tc)
{
	const char *args[] = { "compare", "-F", "summary", "--name",
	    "prod=production", "--name", "debug=malloc-debug", "run1-prod.json",
	    "run1-debug.json", NULL };
	const char *swap[] = { "compare", "-F", "csv", "--name", "prod=debug",
	    "--name", "debug=prod", "run1-prod.json", "run1-debug.json", NULL };
	struct wbt_out o;
	char *before;

	fixture(tc, "run1-prod.json");
	fixture(tc, "run1-debug.json");
	before = wbt_read_file("run1-prod.json", NULL);
	wbt_run_wb(tc, &o, args, 9);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_CHECK_MSG(strncmp(o.out, "malloc-debug / production (", 27) == 0,
	    "%s", o.out);
	wbt_out_fini(&o);
	/* A=B B=A swaps the two names; the files are not written. */
	wbt_run_wb(tc, &o, swap, 9);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_CHECK_MSG(strstr(o.out, "\ndhry2reg,Dhrystone 2 using register "
	    "variables,debug,5,0,1.39601e+07,") != NULL, "%s", o.out);
	wbt_out_fini(&o);
	ATF_CHECK_STREQ(before, wbt_read_file("run1-prod.json", NULL));
	free(before);
}

ATF_TC_WITHOUT_HEAD(compare__name_unknown_label);
ATF_TC_BODY(compare__name_unknown_label, tc)
{
	const char *args[] = { "compare", "--name", "nosuch=x",
	    "run1-prod.json", "run1-debug.json", NULL };
	const char *bad[] = { "compare", "--name", "noequals",
	    "run1-prod.json", "run1-debug.json", NULL };
	struct wbt_out o;

	fixture(tc, "run1-prod.json");
	fixture(tc, "run1-debug.json");
	wbt_run_wb(tc, &o, args, 5);
	ATF_CHECK_EQ(64, o.status);
	ATF_CHECK_MSG(strstr(o.err, "no results file is labelled 'nosuch' "
	    "(the labels: prod, debug)") != NULL, "%s", o.err);
	ATF_CHECK_STREQ("", o.out);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, bad, 5);
	ATF_CHECK_EQ(64, o.status);
	ATF_CHECK(strstr(o.err, "expected LABEL=NAME") != NULL);
	wbt_out_fini(&o);
}

/*
 * Matching (lib/image/ident.h): identity records put into the fixtures' provenance.
 * A world's: its manifest (two files and the knob's preload) and the
 * owners of the paths the world did not make.
 */
#define SHA_A	"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define SHA_B	"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"

static void
set_identity(const char *file, json_t *id)
{
	json_error_t je;
	json_t *j;

	j = json_load_file(file, 0, &je);
	ATF_REQUIRE_MSG(j != NULL, "%s: %s", file, je.text);
	ATF_REQUIRE_EQ(0, json_object_set_new(json_object_get(j,
	    "provenance"), "identity", id));
	ATF_REQUIRE_EQ(0, json_dump_file(j, file, JSON_INDENT(1)));
	json_decref(j);
}

/* debug: the knob's overlay adds etc/ld.so.preload; sed drifts. */
static json_t *
world_id(const char *name, int debug, int drift)
{
	json_t *man, *own;

	man = json_pack("{s:s, s:s}", "bin/sh", "f 0755 0:0 " SHA_A,
	    "usr/bin/sed", drift ? "f 0755 0:0 " SHA_B : "f 0755 0:0 " SHA_A);
	own = json_object();
	ATF_REQUIRE(man != NULL && own != NULL);
	if (debug) {
		ATF_REQUIRE_EQ(0, json_object_set_new(man, "etc/ld.so.preload",
		    json_string("f 0644 0:0 " SHA_B)));
		ATF_REQUIRE_EQ(0, json_object_set_new(own, "etc/ld.so.preload",
		    json_string("overlay glibc-debug")));
	}
	return (json_pack("{s:s, s:s, s:o, s:o}", "kind", "world", "name",
	    name, "manifest", man, "owners", own));
}

static void
world_pair(const atf_tc_t *tc, int drift)
{

	fixture(tc, "prod.json");
	fixture(tc, "debug.json");
	set_identity("prod.json", world_id("host-glibc-production", 0, 0));
	set_identity("debug.json", world_id("host-glibc-debug", 1, drift));
}

ATF_TC_WITHOUT_HEAD(compare__unmatched_world_refused);
ATF_TC_BODY(compare__unmatched_world_refused, tc)
{
	static const char *const a[] = { "compare", "prod.json", "debug.json",
	    NULL };
	struct wbt_out o;

	world_pair(tc, 1);
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ_MSG(1, o.status, "%s", o.err);
	ATF_CHECK_STREQ("", o.out);
	ATF_CHECK_MSG(strstr(o.err, "usr/bin/sed") != NULL &&
	    strstr(o.err, "host-glibc-debug") != NULL &&
	    strstr(o.err, "host-glibc-production") != NULL &&
	    strstr(o.err, "--unmatched") != NULL, "%s", o.err);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(compare__unmatched_every_format);
ATF_TC_BODY(compare__unmatched_every_format, tc)
{
	static const char *const fmts[] = { "text", "json", "markdown",
	    "csv", "html", "summary" };
	static const char *const want[] = { "\n- UNMATCHED images: debug ",
	    "\"unmatched\": \"UNMATCHED images: debug ",
	    "- **UNMATCHED images**: debug ", "problem,\"UNMATCHED images: ",
	    "<li><strong>UNMATCHED images</strong>: debug ",
	    "UNMATCHED images: debug " };
	const char *a[] = { "compare", "--unmatched", "-F", NULL, "prod.json",
	    "debug.json", NULL };
	struct wbt_out o;
	size_t i;

	world_pair(tc, 1);
	for (i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
		a[3] = fmts[i];
		wbt_run_wb(tc, &o, a, 14);
		ATF_CHECK_EQ_MSG(0, o.status, "%s: %s", fmts[i], o.err);
		ATF_CHECK_MSG(strstr(o.out, want[i]) != NULL &&
		    strstr(o.out, "usr/bin/sed") != NULL, "%s: %s", fmts[i],
		    o.out);
		ATF_CHECK_MSG(strstr(o.err, "UNMATCHED") != NULL, "%s", o.err);
		wbt_out_fini(&o);
	}
}

/* The fields of each CSV line (commas outside quotes, plus one). */
static size_t
csv_fields(const char *s, const char **end)
{
	size_t n;
	int q;

	for (n = 1, q = 0; *s != '\0' && *s != '\n'; s++)
		if (*s == '"')
			q = !q;
		else if (*s == ',' && !q)
			n++;
	*end = *s == '\n' ? s + 1 : s;
	return (n);
}

/*
 * Every CSV line is as wide as the header, the problem rows too (the
 * unmatched one was two fields short before compare's CSV was a report
 * model written by the model's CSV writer).
 */
ATF_TC_WITHOUT_HEAD(compare__csv_rows_as_wide_as_header);
ATF_TC_BODY(compare__csv_rows_as_wide_as_header, tc)
{
	static const char *const a[] = { "compare", "--unmatched", "-F",
	    "csv", "prod.json", "debug.json", NULL };
	struct wbt_out o;
	const char *p;
	size_t w, n, lines;

	world_pair(tc, 1);
	wbt_run_wb(tc, &o, a, 14);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_REQUIRE(strstr(o.out, ",unmatched,") != NULL);
	p = o.out;
	w = csv_fields(p, &p);
	ATF_CHECK_EQ(27, w);
	for (lines = 1; *p != '\0'; lines++) {
		n = csv_fields(p, &p);
		ATF_CHECK_EQ_MSG(w, n, "line %zu has %zu fields", lines + 1,
		    n);
	}
	ATF_CHECK(lines > 10);
	wbt_out_fini(&o);
}

/* Only the knob's file differs: the golden output is unchanged. */
ATF_TC_WITHOUT_HEAD(compare__matched_golden_unchanged);
ATF_TC_BODY(compare__matched_golden_unchanged, tc)
{
	static const char *const a[] = { "compare", "--format=markdown",
	    "-c", "99", "prod.json", "debug.json", NULL };
	struct wbt_out o;
	char *want;

	world_pair(tc, 0);
	wbt_run_wb(tc, &o, a, 14);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_CHECK_STREQ("", o.err);
	want = wbt_read_file(wbt_datapath(tc, "compare-markdown.expected"),
	    NULL);
	ATF_CHECK_STREQ(want, o.out);
	free(want);
	wbt_out_fini(&o);
}

/* One side recorded, the other from before: compared, and said. */
ATF_TC_WITHOUT_HEAD(compare__matching_not_recorded);
ATF_TC_BODY(compare__matching_not_recorded, tc)
{
	static const char *const a[] = { "compare", "-F", "json", "prod.json",
	    "debug.json", NULL };
	struct wbt_out o;

	fixture(tc, "prod.json");
	fixture(tc, "debug.json");
	set_identity("prod.json", world_id("host-glibc-production", 0, 0));
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ_MSG(0, o.status, "%s", o.err);
	ATF_CHECK_MSG(strstr(o.err, "matching not recorded for debug") !=
	    NULL, "%s", o.err);
	ATF_CHECK(strstr(o.out, "\"matching\": \"partly recorded\"") != NULL);
	wbt_out_fini(&o);
	/* Neither: as before, said in the JSON report only. */
	fixture(tc, "prod.json");
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ(0, o.status);
	ATF_CHECK_STREQ("", o.err);
	ATF_CHECK(strstr(o.out, "\"matching\": \"not recorded\"") != NULL);
	wbt_out_fini(&o);
}

static json_t *
kernel_id(const char *name, const char *digest, int witness, int extra)
{
	json_t *cfg, *frags;

	cfg = json_pack("{s:s, s:s}", "CONFIG_64BIT", "y", "CONFIG_PRINTK",
	    "y");
	frags = json_pack("{s:{s:s}}", "base.config", "CONFIG_PRINTK", "y");
	ATF_REQUIRE(cfg != NULL && frags != NULL);
	if (witness) {
		ATF_REQUIRE_EQ(0, json_object_set_new(cfg,
		    "CONFIG_PROVE_LOCKING", json_string("y")));
		ATF_REQUIRE_EQ(0, json_object_set_new(cfg, "CONFIG_LOCKDEP",
		    json_string("y")));
		ATF_REQUIRE_EQ(0, json_object_set_new(frags, "witness.config",
		    json_pack("{s:s}", "CONFIG_PROVE_LOCKING", "y")));
	}
	if (extra)
		ATF_REQUIRE_EQ(0, json_object_set_new(cfg, "CONFIG_KASAN",
		    json_string("y")));
	return (json_pack("{s:s, s:s, s:s, s:o, s:o, s:o}", "kind", "kernel",
	    "name", name, "digest", digest, "config", cfg, "fragments", frags,
	    "match", witness ? json_pack("{s:s, s:s, s:[s, s]}", "base",
	    "production", "base_config_sha256", SHA_A, "symbols",
	    "CONFIG_LOCKDEP", "CONFIG_PROVE_LOCKING") : json_null()));
}

/*
 * Kernels: the knob's fragment and what kconfig derived from it may
 * differ; a symbol that neither explains is refused, named.
 */
ATF_TC_WITHOUT_HEAD(compare__unmatched_kernel_refused);
ATF_TC_BODY(compare__unmatched_kernel_refused, tc)
{
	static const char *const a[] = { "compare", "prod.json", "debug.json",
	    NULL };
	struct wbt_out o;

	fixture(tc, "prod.json");
	fixture(tc, "debug.json");
	set_identity("prod.json", kernel_id("production", SHA_A, 0, 0));
	set_identity("debug.json", kernel_id("witness", SHA_B, 1, 0));
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ_MSG(0, o.status, "matched pair: %s", o.err);
	wbt_out_fini(&o);
	set_identity("debug.json", kernel_id("witness", SHA_B, 1, 1));
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ_MSG(1, o.status, "%s", o.err);
	ATF_CHECK_MSG(strstr(o.err, "CONFIG_KASAN") != NULL &&
	    strstr(o.err, "kernel witness") != NULL &&
	    strstr(o.err, "kernel production") != NULL, "%s", o.err);
	wbt_out_fini(&o);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, compare__text_golden);
	ATF_TP_ADD_TC(tp, compare__unmatched_world_refused);
	ATF_TP_ADD_TC(tp, compare__unmatched_every_format);
	ATF_TP_ADD_TC(tp, compare__matched_golden_unchanged);
	ATF_TP_ADD_TC(tp, compare__csv_rows_as_wide_as_header);
	ATF_TP_ADD_TC(tp, compare__matching_not_recorded);
	ATF_TP_ADD_TC(tp, compare__unmatched_kernel_refused);
	ATF_TP_ADD_TC(tp, compare__adaptive_two_stage);
	ATF_TP_ADD_TC(tp, compare__dropped_test_problem_every_format);
	ATF_TP_ADD_TC(tp, compare__plot_golden);
	ATF_TP_ADD_TC(tp, compare__csv_golden);
	ATF_TP_ADD_TC(tp, compare__tsv_golden);
	ATF_TP_ADD_TC(tp, compare__markdown_golden);
	ATF_TP_ADD_TC(tp, compare__icount_text_golden);
	ATF_TP_ADD_TC(tp, compare__icount_json_golden);
	ATF_TP_ADD_TC(tp, compare__negligible_option);
	ATF_TP_ADD_TC(tp, compare__identical_no_difference);
	ATF_TP_ADD_TC(tp, compare__json_schema);
	ATF_TP_ADD_TC(tp, compare__all_failed_no_ratio);
	ATF_TP_ADD_TC(tp, compare__label_escaped_every_format);
	ATF_TP_ADD_TC(tp, compare__provenance_escaped);
	ATF_TP_ADD_TC(tp, compare__long_strings_refused);
	ATF_TP_ADD_TC(tp, compare__refuses_other_host);
	ATF_TP_ADD_TC(tp, compare__refuses_pass_length);
	ATF_TP_ADD_TC(tp, compare__bad_file);
	ATF_TP_ADD_TC(tp, compare__runs_text_golden);
	ATF_TP_ADD_TC(tp, compare__runs_json);
	ATF_TP_ADD_TC(tp, compare__runs_missing_variant);
	ATF_TP_ADD_TC(tp, compare__runs_not_factorial);
	ATF_TP_ADD_TC(tp, compare__usage);
	ATF_TP_ADD_TC(tp, compare__factorial_golden);
	ATF_TP_ADD_TC(tp, compare__factorial_text_golden);
	ATF_TP_ADD_TC(tp, compare__imported_no_ci);
	ATF_TP_ADD_TC(tp, compare__name_renames);
	ATF_TP_ADD_TC(tp, compare__name_unknown_label);
	return (atf_no_error());
}
