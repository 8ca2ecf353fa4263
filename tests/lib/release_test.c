#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "err.h"
#include "release.h"
#include "wbtest.h"

static const char prod_config[] =
    "#\n# Automatically generated file; DO NOT EDIT.\n#\n"
    "CONFIG_64BIT=y\nCONFIG_SMP=y\nCONFIG_SLUB=y\nCONFIG_SLUB_DEBUG=y\n"
    "# CONFIG_PROVE_LOCKING is not set\nCONFIG_DEBUG_KERNEL=y\n"
    "CONFIG_LOG_BUF_SHIFT=17\nCONFIG_CMDLINE=\"\"\n";

static const struct wb_check *
find(const struct wb_release *r, const char *cls, const char *name)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (strcmp(r->checks[i].cls, cls) == 0 &&
		    strcmp(r->checks[i].name, name) == 0)
			return (&r->checks[i]);
	atf_tc_fail("no check %s.%s", cls, name);
	return (NULL);
}

ATF_TC_WITHOUT_HEAD(wb_release_kconfig_buf__production_passes);
ATF_TC_BODY(wb_release_kconfig_buf__production_passes, tc)
{
	struct wb_release r;
	struct wb_err e;

	wb_release_init(&r);
	ATF_REQUIRE_MSG(wb_release_kconfig_buf(&r, "prod", prod_config,
	    strlen(prod_config), &e) == 0, "%s", e.msg);
	ATF_CHECK_EQ(wb_kdebug_count(), r.n);
	ATF_CHECK_EQ(0, r.nfail);
	wb_release_fini(&r);
}

ATF_TC_WITHOUT_HEAD(wb_release_kconfig_buf__each_knob_fails);
ATF_TC_BODY(wb_release_kconfig_buf__each_knob_fails, tc)
{
	const struct wb_kdebug *k;
	const struct wb_check *c;
	struct wb_release r;
	struct wb_err e;
	char buf[2048];
	size_t i;

	for (i = 0; i < wb_kdebug_count(); i++) {
		k = wb_kdebug_at(i);
		snprintf(buf, sizeof(buf), "%sCONFIG_%s=y\n", prod_config,
		    k->option);
		wb_release_init(&r);
		ATF_REQUIRE_MSG(wb_release_kconfig_buf(&r, "dbg", buf,
		    strlen(buf), &e) == 0, "%s", e.msg);
		ATF_CHECK_EQ_MSG(1, r.nfail, "%s: %zu failures", k->option,
		    r.nfail);
		c = find(&r, "kernel", k->option);
		ATF_CHECK_EQ_MSG(WB_CHECK_FAIL, c->status, "%s", k->option);
		ATF_CHECK_MSG(strstr(c->detail, k->freebsd) != NULL,
		    "%s: %s", k->option, c->detail);
		wb_release_fini(&r);
	}
	ATF_CHECK(wb_kdebug_count() >= 14);
}

ATF_TC_WITHOUT_HEAD(wb_release_kconfig_buf__module_and_n);
ATF_TC_BODY(wb_release_kconfig_buf__module_and_n, tc)
{
	static const char m[] = "CONFIG_KASAN=m\nCONFIG_DEBUG_VM=n\n";
	struct wb_release r;
	struct wb_err e;

	wb_release_init(&r);
	ATF_REQUIRE_EQ(0, wb_release_kconfig_buf(&r, "m", m, strlen(m), &e));
	ATF_CHECK_EQ(WB_CHECK_FAIL, find(&r, "kernel", "KASAN")->status);
	ATF_CHECK_EQ(WB_CHECK_PASS, find(&r, "kernel", "DEBUG_VM")->status);
	/* A prefix is not the option: DEBUG_VMX is not DEBUG_VM. */
	wb_release_fini(&r);
	wb_release_init(&r);
	ATF_REQUIRE_EQ(0, wb_release_kconfig_buf(&r, "x",
	    "CONFIG_DEBUG_VMX=y\n", 19, &e));
	ATF_CHECK_EQ(0, r.nfail);
	wb_release_fini(&r);
}

ATF_TC_WITHOUT_HEAD(wb_release_kconfig_buf__bad_line);
ATF_TC_BODY(wb_release_kconfig_buf__bad_line, tc)
{
	static const char bad[] = "CONFIG_A=y\n# c\nthis is not config\n";
	struct wb_release r;
	struct wb_err e;

	wb_release_init(&r);
	ATF_CHECK_EQ(-1, wb_release_kconfig_buf(&r, "f.config", bad,
	    strlen(bad), &e));
	ATF_CHECK_MSG(strstr(e.msg, "f.config:3:") != NULL, "%s", e.msg);
	ATF_CHECK_EQ(-1, wb_release_kconfig_buf(&r, "empty", "# x\n", 4, &e));
	ATF_CHECK(strstr(e.msg, "not a kernel .config") != NULL);
	wb_release_fini(&r);
}

static void
mkroot(const char *preload, const char *env, const char *mconf)
{

	ATF_REQUIRE(mkdir("root", 0755) == 0);
	ATF_REQUIRE(mkdir("root/etc", 0755) == 0);
	ATF_REQUIRE(mkdir("root/etc/worldbench", 0755) == 0);
	if (preload != NULL)
		wbt_write_file("root/etc/ld.so.preload", preload);
	if (env != NULL)
		wbt_write_file("root/etc/worldbench/environment", env);
	if (mconf != NULL)
		ATF_REQUIRE(symlink(mconf, "root/etc/malloc.conf") == 0);
}

ATF_TC_WITHOUT_HEAD(wb_release_world_files__production_passes);
ATF_TC_BODY(wb_release_world_files__production_passes, tc)
{
	struct wb_release r;
	struct wb_err e;

	mkroot("/usr/lib/x86_64-linux-gnu/libjemalloc.so.2\n",
	    "MALLOC_CONF=narenas:2,junk:false\n", "abort_conf:true");
	wb_release_init(&r);
	ATF_REQUIRE_MSG(wb_release_world_files(&r, "root", 0, &e) == 0, "%s",
	    e.msg);
	ATF_CHECK_EQ_MSG(0, r.nfail, "%s", r.nfail ? r.checks[0].detail : "");
	ATF_CHECK(r.n >= 5);
	wb_release_fini(&r);
}

ATF_TC_WITHOUT_HEAD(wb_release_world_files__preload_debug_fails);
ATF_TC_BODY(wb_release_world_files__preload_debug_fails, tc)
{
	struct wb_release r;
	struct wb_err e;

	mkroot("/usr/lib/x86_64-linux-gnu/libc_malloc_debug.so.0\n",
	    "GLIBC_TUNABLES=glibc.malloc.check=3:glibc.malloc.perturb=165\n",
	    NULL);
	wb_release_init(&r);
	ATF_REQUIRE_EQ(0, wb_release_world_files(&r, "root", 0, &e));
	ATF_CHECK_EQ(2, r.nfail);
	ATF_CHECK_EQ(WB_CHECK_FAIL, find(&r, "world", "ld.so.preload")->status);
	ATF_CHECK(strstr(find(&r, "world", "ld.so.preload")->detail,
	    "libc_malloc_debug") != NULL);
	ATF_CHECK_EQ(WB_CHECK_FAIL,
	    find(&r, "world", "GLIBC_TUNABLES")->status);
	wb_release_fini(&r);
}

ATF_TC_WITHOUT_HEAD(wb_release_world_files__junk_fails);
ATF_TC_BODY(wb_release_world_files__junk_fails, tc)
{
	struct wb_release r;
	struct wb_err e;

	mkroot(NULL, "MALLOC_CONF=junk:true\n", "junk:alloc");
	wb_release_init(&r);
	ATF_REQUIRE_EQ(0, wb_release_world_files(&r, "root", 0, &e));
	ATF_CHECK_EQ(2, r.nfail);
	ATF_CHECK_EQ(WB_CHECK_FAIL, find(&r, "world", "MALLOC_CONF")->status);
	ATF_CHECK_EQ(WB_CHECK_FAIL, find(&r, "world", "malloc.conf")->status);
	wb_release_fini(&r);
}

ATF_TC_WITHOUT_HEAD(wb_release_probe_output__production);
ATF_TC_BODY(wb_release_probe_output__production, tc)
{
	static const char out[] = "allocator=jemalloc\n"
	    "jemalloc.config.debug=false\njemalloc.opt.junk=false\n"
	    "glibc.malloc_debug=absent\nld.so.preload=/usr/lib/libjemalloc.so.2\n";
	struct wb_release r;
	struct wb_err e;

	wb_release_init(&r);
	ATF_REQUIRE_EQ(0, wb_release_probe_output(&r, "probe", out, &e));
	ATF_CHECK_EQ(0, r.nfail);
	ATF_CHECK_EQ(5, r.n);
	wb_release_fini(&r);
}

ATF_TC_WITHOUT_HEAD(wb_release_probe_output__debug);
ATF_TC_BODY(wb_release_probe_output__debug, tc)
{
	static const char jdbg[] = "allocator=jemalloc\n"
	    "jemalloc.config.debug=true\njemalloc.opt.junk=true\n"
	    "glibc.malloc_debug=absent\n";
	static const char gdbg[] = "allocator=glibc\n"
	    "glibc.malloc_debug=loaded\n"
	    "ld.so.preload=/usr/lib/libc_malloc_debug.so.0\n";
	struct wb_release r;
	struct wb_err e;

	wb_release_init(&r);
	ATF_REQUIRE_EQ(0, wb_release_probe_output(&r, "probe", jdbg, &e));
	ATF_CHECK_EQ(2, r.nfail);
	ATF_CHECK_EQ(WB_CHECK_FAIL,
	    find(&r, "probe", "jemalloc.config.debug")->status);
	wb_release_fini(&r);
	wb_release_init(&r);
	ATF_REQUIRE_EQ(0, wb_release_probe_output(&r, "probe", gdbg, &e));
	ATF_CHECK_EQ(2, r.nfail);
	wb_release_fini(&r);
	wb_release_init(&r);
	ATF_REQUIRE_EQ(0, wb_release_probe_output(&r, "probe", "junk\n", &e));
	ATF_CHECK_EQ(1, r.nfail);
	wb_release_fini(&r);
}

ATF_TC_WITHOUT_HEAD(wb_release_junit__writes_failures);
ATF_TC_BODY(wb_release_junit__writes_failures, tc)
{
	struct wb_release r;
	struct wb_err e;
	char *x;

	wb_release_init(&r);
	ATF_REQUIRE_EQ(0, wb_release_add(&r, WB_CHECK_PASS, "kernel", "A",
	    &e, "fine"));
	ATF_REQUIRE_EQ(0, wb_release_add(&r, WB_CHECK_FAIL, "kernel", "B",
	    &e, "bad <&> \"x\""));
	ATF_REQUIRE_EQ(0, wb_release_junit("j.xml", "s", &r, &e));
	x = wbt_read_file("j.xml", NULL);
	ATF_CHECK(strstr(x, "tests=\"2\" failures=\"1\"") != NULL);
	ATF_CHECK(strstr(x, "<failure message=\"bad &lt;&amp;&gt; "
	    "&quot;x&quot;\"/>") != NULL);
	ATF_CHECK(strstr(x, "name=\"A\"><system-out>fine") != NULL);
	free(x);
	ATF_CHECK_EQ(-1, wb_release_junit("nodir/j.xml", "s", &r, &e));
	wb_release_fini(&r);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_release_kconfig_buf__production_passes);
	ATF_TP_ADD_TC(tp, wb_release_kconfig_buf__each_knob_fails);
	ATF_TP_ADD_TC(tp, wb_release_kconfig_buf__module_and_n);
	ATF_TP_ADD_TC(tp, wb_release_kconfig_buf__bad_line);
	ATF_TP_ADD_TC(tp, wb_release_world_files__production_passes);
	ATF_TP_ADD_TC(tp, wb_release_world_files__preload_debug_fails);
	ATF_TP_ADD_TC(tp, wb_release_world_files__junk_fails);
	ATF_TP_ADD_TC(tp, wb_release_probe_output__production);
	ATF_TP_ADD_TC(tp, wb_release_probe_output__debug);
	ATF_TP_ADD_TC(tp, wb_release_junit__writes_failures);
	return (atf_no_error());
}
