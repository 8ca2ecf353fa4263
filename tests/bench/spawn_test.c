/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Self-test of the spawn benchmark program (process creation): a short run of
 * the dynamic and the static build gives one well-formed COUNT line,
 * and bad arguments give a usage error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "progcheck.h"
#include "wbtest.h"

ATF_TC(spawn__counts);
ATF_TC_HEAD(spawn__counts, tc)
{

	atf_tc_set_md_var(tc, "descr", "spawn reports a positive count in lps");
}
ATF_TC_BODY(spawn__counts, tc)
{

	(void)pc_run_ok(tc, PC_DYNAMIC, "spawn", "0.3", NULL, "lps", 1);
}

ATF_TC(spawn__counts_static);
ATF_TC_HEAD(spawn__counts_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static spawn reports a count");
}
ATF_TC_BODY(spawn__counts_static, tc)
{

	(void)pc_run_ok(tc, PC_STATIC, "spawn", "0.3", NULL, "lps", 1);
}

ATF_TC(spawn__bad_duration);
ATF_TC_HEAD(spawn__bad_duration, tc)
{

	atf_tc_set_md_var(tc, "descr", "spawn refuses bad durations with 64");
}
ATF_TC_BODY(spawn__bad_duration, tc)
{

	pc_bad_durations(tc, PC_DYNAMIC, "spawn", NULL);
}

ATF_TC(spawn__bad_duration_static);
ATF_TC_HEAD(spawn__bad_duration_static, tc)
{

	atf_tc_set_md_var(tc, "descr", "the static spawn refuses bad durations");
}
ATF_TC_BODY(spawn__bad_duration_static, tc)
{

	pc_bad_durations(tc, PC_STATIC, "spawn", NULL);
}

/*
 * The child leaves through exit(), as UnixBench's does: a destructor of a
 * preloaded shared object runs once per child, and once in the parent.
 */
ATF_TC(spawn__child_exits_with_exit);
ATF_TC_HEAD(spawn__child_exits_with_exit, tc)
{

	atf_tc_set_md_var(tc, "require.progs", "cc");
}
ATF_TC_BODY(spawn__child_exits_with_exit, tc)
{
	struct wbt_out o;
	unsigned long long count;
	size_t marks;
	char *m;

	wbt_write_file("dtor.c", "#include <fcntl.h>\n#include <stdlib.h>\n"
	    "#include <unistd.h>\n"
	    "__attribute__((destructor)) static void\nmark(void)\n{\n"
	    "\tint fd = open(getenv(\"WB_MARK\"), O_WRONLY | O_APPEND);\n"
	    "\tif (fd != -1) { (void)write(fd, \"x\", 1); close(fd); }\n}\n");
	wbt_run(&o, (char *[]){ "/bin/sh", "-c",
	    "cc -shared -fPIC -o dtor.so dtor.c", NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	wbt_out_fini(&o);
	wbt_write_file("marks", "");
	m = wbt_abspath("marks");
	ATF_REQUIRE(setenv("WB_MARK", m, 1) == 0);
	free(m);
	m = wbt_abspath("dtor.so");
	ATF_REQUIRE(setenv("LD_PRELOAD", m, 1) == 0);
	free(m);
	wbt_run(&o, (char *[]){ wbt_buildpath(tc, "libexec/worldbench/spawn"),
	    "0.3", NULL });
	ATF_REQUIRE(unsetenv("LD_PRELOAD") == 0);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_REQUIRE_MSG(sscanf(o.err, "COUNT|%llu|", &count) == 1, "%s",
	    o.err);
	wbt_out_fini(&o);
	free(wbt_read_file("marks", &marks));
	ATF_REQUIRE_EQ_MSG(count + 1, marks, "%llu children, %zu marks",
	    count, marks);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, spawn__child_exits_with_exit);

	ATF_TP_ADD_TC(tp, spawn__counts);
	ATF_TP_ADD_TC(tp, spawn__counts_static);
	ATF_TP_ADD_TC(tp, spawn__bad_duration);
	ATF_TP_ADD_TC(tp, spawn__bad_duration_static);
	return (atf_no_error());
}
