/* SPDX-License-Identifier: BSD-2-Clause */
#include <ctype.h>
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

/* Collapse every run of blanks to one space and trim each line. */
static char *
collapse(const char *s)
{
	char *out, *o;
	int space, bol;

	ATF_REQUIRE((out = malloc(strlen(s) + 1)) != NULL);
	o = out;
	space = 0;
	bol = 1;
	for (; *s != '\0'; s++) {
		if (*s == '\n') {
			*o++ = '\n';
			space = 0;
			bol = 1;
		} else if (isspace((unsigned char)*s))
			space = 1;
		else {
			if (space && !bol)
				*o++ = ' ';
			*o++ = *s;
			space = 0;
			bol = 0;
		}
	}
	*o = '\0';
	return (out);
}

/*
 * The acceptance fixture: the seed's tables, imported and printed again
 * in the seed format, are the seed's lines exactly (INDEX column and
 * FINAL SCOREs 412.5 and 494.4 included).
 */
static void
acceptance(const atf_tc_t *tc, const char *table, const char *expected)
{
	struct wbt_out o;
	char *want, *got;

	wbt_run(&o, (char *[]){ wb(tc), "import", "--table", (char *)table,
	    (char *)data(tc, "import-seed.in"), "-o", "r.json", NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	wbt_out_fini(&o);
	wbt_run(&o, (char *[]){ wb(tc), "table", "r.json", NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	got = collapse(o.out);
	want = wbt_read_file(data(tc, expected), NULL);
	ATF_REQUIRE_MSG(strcmp(want, got) == 0, "got:\n%s\nwant:\n%s", got,
	    want);
	free(got);
	free(want);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(import__seed_table1);
ATF_TC_BODY(import__seed_table1, tc)
{

	acceptance(tc, "1", "import-seed-1.expected");
}

ATF_TC_WITHOUT_HEAD(import__seed_table2);
ATF_TC_BODY(import__seed_table2, tc)
{

	acceptance(tc, "2", "import-seed-2.expected");
}

/* Negative twin: a changed RESULT must not reproduce the seed. */
ATF_TC_WITHOUT_HEAD(import__seed_altered);
ATF_TC_BODY(import__seed_altered, tc)
{
	struct wbt_out o;
	char *seed, *p;

	seed = wbt_read_file(data(tc, "import-seed.in"), NULL);
	ATF_REQUIRE((p = strstr(seed, "924.5 1540.8")) != NULL);
	memcpy(p, "925.5", 5);
	wbt_write_file("altered.in", seed);
	free(seed);
	wbt_run(&o, (char *[]){ wb(tc), "import", "--table", "2",
	    "altered.in", "-o", "r.json", NULL });
	ATF_REQUIRE(o.status != 0);
	ATF_REQUIRE_MSG(strstr(o.err, "altered.in:30: Shell Scripts (8 "
	    "concurrent): index 1540.8 does not match") != NULL, "%s", o.err);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(import__garbage);
ATF_TC_BODY(import__garbage, tc)
{
	struct wbt_out o;

	wbt_write_file("garbage.txt", "INDEX VALUES\nTEST BASELINE RESULT "
	    "INDEX\nDhrystone 2 using register variables 116700.0 x 1.0\n");
	wbt_run(&o, (char *[]){ wb(tc), "import", "garbage.txt", "-o",
	    "r.json", NULL });
	ATF_REQUIRE_EQ(65, o.status);
	ATF_REQUIRE_MSG(strstr(o.err, "garbage.txt:3: not a number: 'x'") !=
	    NULL, "%s", o.err);
	ATF_REQUIRE(access("r.json", F_OK) == -1);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(import__usage);
ATF_TC_BODY(import__usage, tc)
{
	static const char *cases[][6] = {
		{ "import", NULL },
		{ "import", "log", NULL },
		{ "import", "-o", "r.json", NULL },
		{ "import", "--table", "0", "log", "-o", "r.json" },
		{ "import", "--bogus", "log", "-o", "r.json", NULL },
	};
	struct wbt_out o;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		wbt_run_wb(tc, &o, cases[i], 6);
		ATF_REQUIRE_EQ_MSG(64, o.status, "case %zu", i);
		ATF_REQUIRE(strstr(o.err, "usage: worldbench import") != NULL);
		wbt_out_fini(&o);
	}
}

ATF_TC_WITHOUT_HEAD(import__results_names_table);
ATF_TC_BODY(import__results_names_table, tc)
{
	struct wbt_out o;

	wbt_run(&o, (char *[]){ wb(tc), "import",
	    (char *)data(tc, "prod.json"), "-o", "r.json", NULL });
	ATF_CHECK_EQ(65, o.status);
	ATF_CHECK_MSG(strstr(o.err, "prod.json is a worldbench results file: "
	    "worldbench table, compare and check-release --results read it)")
	    != NULL, "%s", o.err);
	ATF_CHECK(access("r.json", F_OK) == -1);
	wbt_out_fini(&o);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, import__seed_table1);
	ATF_TP_ADD_TC(tp, import__seed_table2);
	ATF_TP_ADD_TC(tp, import__seed_altered);
	ATF_TP_ADD_TC(tp, import__garbage);
	ATF_TP_ADD_TC(tp, import__usage);
	ATF_TP_ADD_TC(tp, import__results_names_table);
	return (atf_no_error());
}
