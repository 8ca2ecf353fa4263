/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/stat.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>
#include <jansson.h>

#include "preflight.h"
#include "wb_util.h"
#include "wbtest.h"

ATF_TC_WITHOUT_HEAD(wb_preflight_parse_stat__fields);
ATF_TC_BODY(wb_preflight_parse_stat__fields, tc)
{
	/* A command with spaces and parentheses, as the kernel prints it. */
	static const char line[] = "4242 (cc1 (x) y) R 1 2 3 4 5 6 7 8 9 10 "
	    "250 50 0 0 20 0 1 0 100 200 300\n";
	unsigned long long t;
	char comm[64];

	ATF_REQUIRE_EQ(0, wb_preflight_parse_stat(line, comm, sizeof(comm),
	    &t));
	ATF_CHECK_STREQ("cc1 (x) y", comm);
	ATF_CHECK_EQ(300, t);
}

ATF_TC_WITHOUT_HEAD(wb_preflight_parse_stat__truncated);
ATF_TC_BODY(wb_preflight_parse_stat__truncated, tc)
{
	unsigned long long t;
	char comm[64];

	ATF_CHECK_EQ(-1, wb_preflight_parse_stat("12 (sh) R 1 2 3", comm,
	    sizeof(comm), &t));
	ATF_CHECK_EQ(-1, wb_preflight_parse_stat("no parens", comm,
	    sizeof(comm), &t));
}

static void
fake_proc(const char *loadavg, const char *meminfo)
{

	ATF_REQUIRE(mkdir("proc", 0755) == 0);
	ATF_REQUIRE(mkdir("proc/77", 0755) == 0);
	ATF_REQUIRE(mkdir("sys", 0755) == 0);
	wbt_write_file("proc/loadavg", loadavg);
	wbt_write_file("proc/meminfo", meminfo);
	wbt_write_file("proc/77/stat", "77 (idle) S 1 2 3 4 5 6 7 8 9 10 "
	    "0 0 0 0 20 0 1 0\n");
}

ATF_TC_WITHOUT_HEAD(wb_preflight_run__quiet_fixture);
ATF_TC_BODY(wb_preflight_run__quiet_fixture, tc)
{
	struct wb_preflight_src src;
	struct wb_preflight pf;
	struct wb_err e;
	json_t *j;

	fake_proc("0.00 0.01 0.05 1/100 77\n",
	    "MemTotal: 1000 kB\nSwapTotal: 2048 kB\nSwapFree: 2048 kB\n");
	memset(&src, 0, sizeof(src));
	src.proc = "proc";
	src.sys = "sys";
	src.kvm = "no-such-kvm";
	src.window = 0.01;
	ATF_REQUIRE_MSG(wb_preflight_run(&src, &pf, &e) == 0, "%s", e.msg);
	ATF_CHECK_EQ(0, pf.busy);
	ATF_CHECK_EQ(2048, pf.swap_total_kb);
	ATF_CHECK_EQ(0, pf.swap_used_kb);
	ATF_CHECK_EQ(0, pf.kvm);
	ATF_CHECK_EQ(-1, pf.smt);
	/* The only warning: no KVM. */
	ATF_CHECK_EQ(1, pf.nwarnings);
	ATF_REQUIRE((j = wb_preflight_json(&pf)) != NULL);
	ATF_CHECK(json_is_false(json_object_get(j, "busy")));
	json_decref(j);
	wb_preflight_fini(&pf);
}

ATF_TC_WITHOUT_HEAD(wb_preflight_run__loaded_fixture);
ATF_TC_BODY(wb_preflight_run__loaded_fixture, tc)
{
	struct wb_preflight_src src;
	struct wb_preflight pf;
	struct wb_err e;

	fake_proc("64.00 60.00 50.00 9/100 77\n",
	    "SwapTotal: 2048 kB\nSwapFree: 1024 kB\n");
	ATF_REQUIRE(mkdir("sys/devices", 0755) == 0);
	ATF_REQUIRE(mkdir("sys/devices/system", 0755) == 0);
	ATF_REQUIRE(mkdir("sys/devices/system/cpu", 0755) == 0);
	ATF_REQUIRE(mkdir("sys/devices/system/cpu/smt", 0755) == 0);
	wbt_write_file("sys/devices/system/cpu/smt/active", "1\n");
	memset(&src, 0, sizeof(src));
	src.proc = "proc";
	src.sys = "sys";
	src.kvm = "no-such-kvm";
	src.window = 0.01;
	ATF_REQUIRE_EQ(0, wb_preflight_run(&src, &pf, &e));
	ATF_CHECK_EQ(1, pf.busy);
	ATF_CHECK_EQ(1024, pf.swap_used_kb);
	ATF_CHECK_EQ(1, pf.smt);
	ATF_CHECK(strstr(pf.warnings[0], "load average 64.00") != NULL);
	wb_preflight_fini(&pf);
}

ATF_TC_WITHOUT_HEAD(wb_preflight_run__bad_loadavg);
ATF_TC_BODY(wb_preflight_run__bad_loadavg, tc)
{
	struct wb_preflight_src src;
	struct wb_preflight pf;
	struct wb_err e;

	fake_proc("garbage\n", "");
	memset(&src, 0, sizeof(src));
	src.proc = "proc";
	src.window = 0.01;
	ATF_CHECK_EQ(-1, wb_preflight_run(&src, &pf, &e));
	ATF_CHECK_MSG(strstr(e.msg, "proc/loadavg: line 1") != NULL, "%s",
	    e.msg);
	src.window = 0;
	ATF_CHECK_EQ(-1, wb_preflight_run(&src, &pf, &e));
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_preflight_parse_stat__fields);
	ATF_TP_ADD_TC(tp, wb_preflight_parse_stat__truncated);
	ATF_TP_ADD_TC(tp, wb_preflight_run__quiet_fixture);
	ATF_TP_ADD_TC(tp, wb_preflight_run__loaded_fixture);
	ATF_TP_ADD_TC(tp, wb_preflight_run__bad_loadavg);
	return (atf_no_error());
}
