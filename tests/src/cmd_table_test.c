/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

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

ATF_TC_WITHOUT_HEAD(table__usage);
ATF_TC_BODY(table__usage, tc)
{
	static const char *cases[][5] = {
		{ "table", NULL },
		{ "table", "--format", "html", "a.json", NULL },
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

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, table__several_files);
	ATF_TP_ADD_TC(tp, table__bad_file);
	ATF_TP_ADD_TC(tp, table__usage);
	return (atf_no_error());
}
