/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "lava.h"
#include "lava_int.h"
#include "wb_util.h"
#include "wbtest.h"

/* The test cases read from path, as sorted, indented JSON. */
static char *
load_dump(const char *path)
{
	struct wb_err e;
	json_t *cases;
	char *s;

	cases = wb_lava_results_load(path, &e);
	ATF_REQUIRE_MSG(cases != NULL, "%s", e.msg);
	s = json_dumps(cases, JSON_INDENT(2) | JSON_SORT_KEYS);
	ATF_REQUIRE(s != NULL);
	json_decref(cases);
	return (s);
}

static void
golden(const atf_tc_t *tc, const char *in, const char *expected)
{
	char *got, *want;
	size_t n;

	got = load_dump(in);
	want = wbt_read_file(wbt_datapath(tc, expected), &n);
	if (n > 0 && want[n - 1] == '\n')
		want[n - 1] = '\0';
	ATF_CHECK_STREQ(want, got);
	free(got);
	free(want);
}

static void
check_error(const char *text, const char *msg)
{
	struct wb_err e;

	wbt_write_file("log.in", text);
	ATF_REQUIRE(wb_lava_results_load("log.in", &e) == NULL);
	ATF_CHECK_STREQ(msg, e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_lava_results_load__log_golden);
ATF_TC_BODY(wb_lava_results_load__log_golden, tc)
{

	/* lava-run's own output, trimmed: the results records only. */
	golden(tc, wbt_datapath(tc, "lava-log.in"), "lava-log.expected");
}

ATF_TC_WITHOUT_HEAD(wb_lava_results_load__server_log);
ATF_TC_BODY(wb_lava_results_load__server_log, tc)
{
	char *text, *p, *q, *lines;
	size_t n;
	FILE *f;

	/* lava-server's output.yaml: the same records as list items. */
	text = wbt_read_file(wbt_datapath(tc, "lava-log.in"), &n);
	ATF_REQUIRE((f = fopen("output.yaml", "w")) != NULL);
	lines = text;
	while ((p = strsep(&lines, "\n")) != NULL) {
		q = p + strspn(p, " ");
		if (*q != '\0')
			fprintf(f, "- %s\n", q);
	}
	ATF_REQUIRE(fclose(f) == 0);
	free(text);
	golden(tc, "output.yaml", "lava-log.expected");
}

ATF_TC_WITHOUT_HEAD(wb_lava_results_load__log_scalars);
ATF_TC_BODY(wb_lava_results_load__log_scalars, tc)
{
	struct wb_err e;
	json_t *cases, *c;

	/*
	 * YAML's double-quoted escapes, single-quoted and plain scalars,
	 * tags skipped, nested values dropped; a console line with an
	 * escape this reader does not know is not read past its level.
	 */
	wbt_write_file("log.in",
	    "{\"dt\": \"x\", \"lvl\": \"target\", \"msg\": \"\\q\"}\n"
	    "\n"
	    "{\"dt\": \"x\", \"lvl\": \"results\", \"msg\": {\"case\": "
	    "\"a\\\"b\\\\c\\x41\\u00e9\\U0001F600\\t\\/\", \"definition\": "
	    "'it''s', \"level\": !!float \"1.5\", \"extra\": {\"k\": [1, "
	    "{\"x\": \"y\"}]}, \"result\": pass , \"e\": \"\"}}\n");
	cases = wb_lava_results_load("log.in", &e);
	ATF_REQUIRE_MSG(cases != NULL, "%s", e.msg);
	ATF_REQUIRE_EQ(1, json_array_size(cases));
	c = json_array_get(cases, 0);
	ATF_CHECK_STREQ("a\"b\\cA\xc3\xa9\xf0\x9f\x98\x80\t/",
	    json_string_value(json_object_get(c, "name")));
	ATF_CHECK_STREQ("it's", json_string_value(json_object_get(c,
	    "suite")));
	ATF_CHECK_STREQ("1.5", json_string_value(json_object_get(c,
	    "level")));
	ATF_CHECK_STREQ("pass", json_string_value(json_object_get(c,
	    "result")));
	ATF_CHECK_STREQ("", json_string_value(json_object_get(c, "e")));
	ATF_CHECK(json_object_get(c, "extra") == NULL);
	json_decref(cases);
}

ATF_TC_WITHOUT_HEAD(wb_lava_results_load__log_bad);
ATF_TC_BODY(wb_lava_results_load__log_bad, tc)
{
#define R	"{\"dt\": \"x\", \"lvl\": \"results\", \"msg\": "

	check_error("{\"dt\": \"x\", \"lvl\": \"info\", \"msg\": \"ok\"}\n"
	    R "{\"case\": \"a\\q\"}}\n",
	    "log.in:2:50: unknown escape in a double-quoted scalar");
	check_error(R "{\"case\": \"a}}\n",
	    "log.in:1:51: unterminated double-quoted scalar");
	check_error(R "{\"case\": \"\\u00zz\"}}\n",
	    "log.in:1:49: bad hexadecimal escape");
	check_error(R "{\"case\" \"a\"}}\n",
	    "log.in:1:46: expected ':' after a key");
	check_error(R "{\"case\": \"a\"} x\n",
	    "log.in:1:52: expected ',' or '}'");
	check_error(R "{\"case\": \"a\"}} x\n",
	    "log.in:1:53: text after the record");
	check_error(R "{\"case\": \"a\"}}\nnot a record\n",
	    "log.in:2:1: expected a LAVA log record ('{\"dt\": ...}')");
	check_error(R "{\"case\": \"\\ud800\"}}\n",
	    "log.in:1:55: a scalar that is not UTF-8");
#undef R
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_lava_results_load__log_golden);
	ATF_TP_ADD_TC(tp, wb_lava_results_load__server_log);
	ATF_TP_ADD_TC(tp, wb_lava_results_load__log_scalars);
	ATF_TP_ADD_TC(tp, wb_lava_results_load__log_bad);
	return (0);
}
