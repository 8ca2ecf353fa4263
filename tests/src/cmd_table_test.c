/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>
#include <jansson.h>

#include "wbtest.h"

static const char *
data(const atf_tc_t *tc, const char *name)
{

	return (wbt_datapath(tc, name));
}

static char *
wb(const atf_tc_t *tc)
{

	return (wbt_buildpath(tc, "bin/worldbench"));
}

static void
import(const atf_tc_t *tc, const char *table, const char *out)
{
	struct wbt_out o;

	wbt_run(&o, (char *[]){ wb(tc), "import", "--table", (char *)table,
	    "--label", (char *)table, (char *)data(tc, "import-seed.in"), "-o",
	    (char *)out, NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(table__several_files);
ATF_TC_BODY(table__several_files, tc)
{
	struct wbt_out o;

	import(tc, "1", "a.json");
	import(tc, "2", "b.json");
	wbt_run(&o, (char *[]){ wb(tc), "table", "--format", "unixbench5",
	    "a.json", "b.json", NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_REQUIRE(strstr(o.out, "==> a.json (1) <==") != NULL);
	ATF_REQUIRE(strstr(o.out, "==> b.json (2) <==") != NULL);
	ATF_REQUIRE(strstr(o.out, "System Benchmarks Index Score") != NULL);
	ATF_REQUIRE(strstr(o.out, "412.5\n") != NULL);
	ATF_REQUIRE(strstr(o.out, "494.4\n") != NULL);
	wbt_out_fini(&o);
	wbt_run(&o, (char *[]){ wb(tc), "table", "-f", "csv", "-e", "all",
	    "a.json", NULL });
	ATF_REQUIRE_EQ(0, o.status);
	ATF_REQUIRE(strncmp(o.out, "file,label,id,", 14) == 0);
	ATF_REQUIRE(strstr(o.out, "a.json,1,FINAL,Index score") != NULL);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(table__bad_file);
ATF_TC_BODY(table__bad_file, tc)
{
	struct wbt_out o;

	import(tc, "1", "a.json");
	wbt_write_file("bad.json", "{\n\"format\": \"worldbench-results\",\n"
	    "\"version\": 1,,\n}\n");
	wbt_run(&o, (char *[]){ wb(tc), "table", "bad.json", "a.json", NULL });
	/* Bad data: EX_DATAERR, as in every command. */
	ATF_REQUIRE_EQ(65, o.status);
	ATF_REQUIRE_MSG(strstr(o.err, "bad.json:3:14:") != NULL, "%s", o.err);
	/* The good file is still printed. */
	ATF_REQUIRE(strstr(o.out, "FINAL SCORE") != NULL);
	wbt_out_fini(&o);
}

/* Write in to out with the string at obj[key] len bytes long. */
static void
set_long(const char *in, const char *out, int test, const char *key,
    size_t len)
{
	json_t *root, *o;
	json_error_t je;
	char *s;

	ATF_REQUIRE_MSG((root = json_load_file(in, 0, &je)) != NULL, "%s: %s",
	    in, je.text);
	ATF_REQUIRE((s = malloc(len + 1)) != NULL);
	memset(s, 'y', len);
	s[len] = '\0';
	o = test ? json_array_get(json_object_get(root, "tests"), 0) :
	    json_object_get(root, "provenance");
	ATF_REQUIRE(json_object_set_new(o, key, json_string(s)) == 0);
	free(s);
	ATF_REQUIRE(json_dump_file(root, out, 0) == 0);
	json_decref(root);
}

/*
 * A 1 MiB label or test name is refused by file, field and limit; the
 * other files are still printed, and a label at the limit is accepted.
 */
ATF_TC_WITHOUT_HEAD(table__long_strings_refused);
ATF_TC_BODY(table__long_strings_refused, tc)
{
	struct wbt_out o;

	import(tc, "1", "a.json");
	set_long("a.json", "label.json", 0, "label", 1 << 20);
	set_long("a.json", "name.json", 1, "name", 1 << 20);
	set_long("a.json", "max.json", 0, "label", 64);
	wbt_run(&o, (char *[]){ wb(tc), "table", "label.json", "name.json",
	    "max.json", NULL });
	ATF_CHECK_EQ(65, o.status);
	ATF_CHECK_MSG(strstr(o.err, "label.json: provenance.label: 1048576 "
	    "bytes, longer than the 64 bytes a label may have") != NULL, "%s",
	    o.err);
	ATF_CHECK_MSG(strstr(o.err, "name.json: tests[0].name: 1048576 "
	    "bytes, longer than the 256 bytes a test name may have") != NULL,
	    "%s", o.err);
	ATF_CHECK_MSG(strstr(o.out, "==> max.json (yyyy") != NULL, "%s",
	    o.out);
	ATF_CHECK(strstr(o.out, "label.json") == NULL);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(table__usage);
ATF_TC_BODY(table__usage, tc)
{
	static const char *cases[][5] = {
		{ "table", NULL },
		{ "table", "--format", "nosuch", "a.json", NULL },
		{ "table", "--estimator", "median", "a.json", NULL },
		{ "table", "--bogus", "a.json", NULL },
	};
	struct wbt_out o;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		wbt_run_wb(tc, &o, cases[i], 5);
		ATF_REQUIRE_EQ_MSG(64, o.status, "case %zu", i);
		ATF_REQUIRE(strstr(o.err, "usage: worldbench table") != NULL);
		wbt_out_fini(&o);
	}
}

ATF_TC_WITHOUT_HEAD(table__log_names_import);
ATF_TC_BODY(table__log_names_import, tc)
{
	struct wbt_out o;

	/* A UnixBench log given to table and to compare. */
	wbt_run(&o, (char *[]){ wb(tc), "table",
	    (char *)data(tc, "ublog-prod.txt"), NULL });
	ATF_CHECK_EQ(65, o.status);
	ATF_CHECK_MSG(strstr(o.err, "ublog-prod.txt is a UnixBench log: "
	    "worldbench import reads it)") != NULL, "%s", o.err);
	wbt_out_fini(&o);
	wbt_run(&o, (char *[]){ wb(tc), "compare",
	    (char *)data(tc, "ublog-prod.txt"),
	    (char *)data(tc, "ublog-debug.txt"), NULL });
	ATF_CHECK_EQ(65, o.status);
	ATF_CHECK_MSG(strstr(o.err, "worldbench import reads it") != NULL,
	    "%s", o.err);
	wbt_out_fini(&o);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, table__several_files);
	ATF_TP_ADD_TC(tp, table__bad_file);
	ATF_TP_ADD_TC(tp, table__long_strings_refused);
	ATF_TP_ADD_TC(tp, table__usage);
	ATF_TP_ADD_TC(tp, table__log_names_import);
	return (atf_no_error());
}
