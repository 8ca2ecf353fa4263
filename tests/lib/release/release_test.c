/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/stat.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "release.h"
#include "wb_model.h"
#include "wb_stats.h"
#include "wb_util.h"
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
	ATF_CHECK_EQ(wb_release_kdebug_count(), r.n);
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

	for (i = 0; i < wb_release_kdebug_count(); i++) {
		k = wb_release_kdebug_at(i);
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
	ATF_CHECK(wb_release_kdebug_count() >= 14);
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

/* Inconclusive rows are failures of their own type; waivers show why. */
ATF_TC_WITHOUT_HEAD(wb_release_junit__inconclusive_and_waived);
ATF_TC_BODY(wb_release_junit__inconclusive_and_waived, tc)
{
	struct wb_release_waivers w;
	struct wb_release r;
	struct wb_err e;
	char *x;

	wb_release_init(&r);
	wb_release_waivers_init(&w);
	ATF_REQUIRE_EQ(0, wb_release_add(&r, WB_CHECK_INCONCLUSIVE,
	    "performance", "final-score", &e, "straddles"));
	ATF_REQUIRE_EQ(0, wb_release_add(&r, WB_CHECK_FAIL, "kernel",
	    "DEBUG_LIST", &e, "CONFIG_DEBUG_LIST=y"));
	ATF_REQUIRE_EQ(0, wb_release_waivers_parse(&w, "w",
	    "DEBUG_LIST <kept>\n", &e));
	ATF_REQUIRE_EQ(0, wb_release_waive(&r, &w, &e));
	ATF_CHECK_EQ(0, r.nfail);
	ATF_CHECK_EQ(1, r.ninconclusive);
	ATF_REQUIRE_EQ(0, wb_release_junit("j.xml", "s", &r, &e));
	x = wbt_read_file("j.xml", NULL);
	ATF_CHECK(strstr(x, "tests=\"2\" failures=\"1\" errors=\"0\" "
	    "skipped=\"1\"") != NULL);
	ATF_CHECK_MSG(strstr(x, "name=\"final-score\"><failure type=\""
	    "inconclusive\" message=\"straddles\"/>") != NULL, "%s", x);
	ATF_CHECK_MSG(strstr(x, "name=\"DEBUG_LIST\"><skipped message=\"waived "
	    "(w:1: &lt;kept&gt;): CONFIG_DEBUG_LIST=y\"/>") != NULL, "%s", x);
	free(x);
	wb_release_waivers_fini(&w);
	wb_release_fini(&r);
}

static const struct wb_envvar *
var(const struct wb_release_envset *s, const char *key)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (strcmp(s->v[i].key, key) == 0)
			return (&s->v[i]);
	return (NULL);
}

#define CHECK_VAR(s, k, v, w) do {					\
	const struct wb_envvar *x_ = var(s, k);				\
	ATF_CHECK_MSG(x_ != NULL, "%s not found", k);			\
	if (x_ != NULL) {						\
		ATF_CHECK_STREQ(v, x_->value);				\
		ATF_CHECK_STREQ(w, x_->where);				\
	}								\
} while (0)

ATF_TC_WITHOUT_HEAD(wb_env_parse_pam__forms);
ATF_TC_BODY(wb_env_parse_pam__forms, tc)
{
	static const char buf[] = "# c\n\nA=1\nexport B=\"two words\"\n"
	    "  C='$x'  \nnot a line\nD=\"open\nA=3\n";
	struct wb_release_envset s;
	struct wb_err e;

	wb_release_envset_init(&s);
	ATF_REQUIRE(wb_release_env_parse_pam(&s, "env", buf, &e) == 0);
	CHECK_VAR(&s, "A", "3", "env:8");
	CHECK_VAR(&s, "B", "two words", "env:4");
	CHECK_VAR(&s, "C", "$x", "env:5");
	ATF_CHECK(var(&s, "D") == NULL);
	ATF_REQUIRE_EQ(2, s.nproblems);
	ATF_CHECK_STREQ("env:6: not a KEY=VALUE line", s.problems[0]);
	ATF_CHECK(strncmp(s.problems[1], "env:7: unterminated", 19) == 0);
	wb_release_envset_fini(&s);
}

ATF_TC_WITHOUT_HEAD(wb_env_parse_sh__forms);
ATF_TC_BODY(wb_env_parse_sh__forms, tc)
{
	static const char buf[] =
	    "# comment export NO=1\n"
	    "export A=1 B='b c'\n"			/* 2 */
	    "C=3\nexport C\n"				/* 3, 4 */
	    "D=4\n"					/* not exported */
	    "E=5 some_command\n"			/* for the command only */
	    "if [ -x /x ]; then export F=\"$(id -u)\"; fi\n"	/* 7 */
	    "set -a\nG=7\nset +a\nH=8\n"		/* 9; 11 not */
	    "declare -x I=9\ntypeset J=10\n"		/* 12; 13 not */
	    "export K=1; unset K\n"
	    "export L=1\nexport -n L\n"
	    "export M=a\\\nb\n";			/* 17 */
	struct wb_release_envset s;
	struct wb_err e;

	wb_release_envset_init(&s);
	ATF_REQUIRE(wb_release_env_parse_sh(&s, "p.sh", buf, &e) == 0);
	ATF_CHECK_EQ(0, s.nproblems);
	ATF_CHECK(var(&s, "NO") == NULL);
	CHECK_VAR(&s, "A", "1", "p.sh:2");
	CHECK_VAR(&s, "B", "b c", "p.sh:2");
	CHECK_VAR(&s, "C", "3", "p.sh:3");
	ATF_CHECK(var(&s, "D") == NULL);
	ATF_CHECK(var(&s, "E") == NULL);
	CHECK_VAR(&s, "F", "$(id -u)", "p.sh:7");
	ATF_CHECK(var(&s, "F") != NULL && var(&s, "F")->unevaluated);
	CHECK_VAR(&s, "G", "7", "p.sh:9");
	ATF_CHECK(var(&s, "H") == NULL);
	CHECK_VAR(&s, "I", "9", "p.sh:12");
	ATF_CHECK(var(&s, "J") == NULL);
	ATF_CHECK(var(&s, "K") == NULL);
	ATF_CHECK(var(&s, "L") == NULL);
	CHECK_VAR(&s, "M", "ab", "p.sh:17");
	wb_release_envset_fini(&s);
	wb_release_envset_init(&s);
	ATF_REQUIRE(wb_release_env_parse_sh(&s, "q.sh", "export A='x\n",
	    &e) == 0);
	ATF_REQUIRE_EQ(1, s.nproblems);
	ATF_CHECK_MSG(strstr(s.problems[0], "q.sh:") != NULL &&
	    strstr(s.problems[0], "unterminated quote") != NULL, "%s",
	    s.problems[0]);
	wb_release_envset_fini(&s);
}

ATF_TC_WITHOUT_HEAD(wb_env_parse_systemd__forms);
ATF_TC_BODY(wb_env_parse_systemd__forms, tc)
{
	static const char buf[] = "[Manager]\n# c\n; c\n"
	    "DefaultEnvironment=OLD=1\nDefaultEnvironment=\n"	/* reset */
	    "DefaultEnvironment=A=1 \"B=two words\" \\\n  C=3\n"	/* 6-7 */
	    "[Service]\nDefaultEnvironment=D=4\n"		/* ignored */
	    "[Manager]\nDefaultEnvironment = E='5 5' junk\nbad line\n";
	struct wb_release_envset s;
	struct wb_err e;

	wb_release_envset_init(&s);
	ATF_REQUIRE(wb_release_env_parse_systemd(&s, "system.conf", buf,
	    &e) == 0);
	ATF_CHECK(var(&s, "OLD") == NULL);
	CHECK_VAR(&s, "A", "1", "system.conf:6");
	CHECK_VAR(&s, "B", "two words", "system.conf:6");
	CHECK_VAR(&s, "C", "3", "system.conf:6");
	ATF_CHECK(var(&s, "D") == NULL);
	CHECK_VAR(&s, "E", "5 5", "system.conf:11");
	ATF_REQUIRE_EQ(2, s.nproblems);
	ATF_CHECK_MSG(strstr(s.problems[0], "system.conf:11: "
	    "DefaultEnvironment word \"junk\"") != NULL, "%s", s.problems[0]);
	ATF_CHECK_STREQ("system.conf:12: not a KEY=VALUE line",
	    s.problems[1]);
	wb_release_envset_fini(&s);
}

static void
mkdirs(const char *const *d)
{

	for (; *d != NULL; d++)
		ATF_REQUIRE_MSG(mkdir(*d, 0755) == 0, "%s", *d);
}

/* Each place a system sets a knob, caught alone in a crafted root. */
ATF_TC_WITHOUT_HEAD(wb_release_world_files__each_place_caught);
ATF_TC_BODY(wb_release_world_files__each_place_caught, tc)
{
	static const char *const dirs[] = { "root", "root/etc",
	    "root/etc/profile.d", "root/etc/systemd",
	    "root/etc/systemd/system.conf.d", "root/usr", "root/usr/lib",
	    "root/usr/lib/systemd", "root/usr/lib/systemd/system.conf.d",
	    "root/etc/worldbench", NULL };
	static const struct {
		const char	*file;
		const char	*text;
		const char	*check;
		const char	*want;
	} place[] = {
		{ "root/etc/environment", "MALLOC_CHECK_=3\n", "malloc-env",
		    "MALLOC_CHECK_=3 in /etc/environment:1" },
		{ "root/etc/profile.d/m.sh", "export MALLOC_PERTURB_=165\n",
		    "malloc-env", "MALLOC_PERTURB_=165 in "
		    "/etc/profile.d/m.sh:1" },
		{ "root/etc/systemd/system.conf", "[Manager]\n"
		    "DefaultEnvironment=GLIBC_TUNABLES=glibc.malloc.check=3\n",
		    "GLIBC_TUNABLES", "sets glibc.malloc.check in "
		    "/etc/systemd/system.conf:2" },
		{ "root/etc/systemd/system.conf.d/j.conf", "[Manager]\n"
		    "DefaultEnvironment=MALLOC_CONF=junk:true\n", "MALLOC_CONF",
		    "junk:true turns junk filling on (in "
		    "/etc/systemd/system.conf.d/j.conf:2)" },
		{ "root/usr/lib/systemd/system.conf.d/p.conf", "[Manager]\n"
		    "DefaultEnvironment=LD_PRELOAD=/lib/libefence.so\n",
		    "malloc-env", "LD_PRELOAD loads libefence in "
		    "/usr/lib/systemd/system.conf.d/p.conf:2" },
		{ "root/etc/ld.so.preload", "/lib/libmcheck.so\n",
		    "ld.so.preload", "loads libmcheck" },
		{ "root/etc/worldbench/environment", "MALLOC_CHECK_=2\n",
		    "malloc-env", "MALLOC_CHECK_=2 in "
		    "/etc/worldbench/environment:1" },
	};
	const struct wb_check *c;
	struct wb_release r;
	struct wb_err e;
	size_t i;

	mkdirs(dirs);
	for (i = 0; i < sizeof(place) / sizeof(place[0]); i++) {
		wbt_write_file(place[i].file, place[i].text);
		wb_release_init(&r);
		ATF_REQUIRE_MSG(wb_release_world_files(&r, "root", 0, &e) == 0,
		    "%s", e.msg);
		ATF_CHECK_EQ_MSG(1, r.nfail, "%s: %zu failures", place[i].file,
		    r.nfail);
		c = find(&r, "world", place[i].check);
		ATF_CHECK_EQ_MSG(WB_CHECK_FAIL, c->status, "%s", place[i].file);
		ATF_CHECK_MSG(strstr(c->detail, place[i].want) != NULL,
		    "%s not in %s", place[i].want, c->detail);
		wb_release_fini(&r);
		ATF_REQUIRE(unlink(place[i].file) == 0);
	}
	/* A drop-in of /etc replaces /usr/lib's of the same name. */
	wbt_write_file("root/usr/lib/systemd/system.conf.d/x.conf",
	    "[Manager]\nDefaultEnvironment=MALLOC_CHECK_=3\n");
	wbt_write_file("root/etc/systemd/system.conf.d/x.conf",
	    "[Manager]\nDefaultEnvironment=MALLOC_CHECK_=0\n");
	wb_release_init(&r);
	ATF_REQUIRE(wb_release_world_files(&r, "root", 0, &e) == 0);
	ATF_CHECK_EQ(0, r.nfail);
	wb_release_fini(&r);
}

/* No symbolic link of an image is followed: each is a failed check. */
ATF_TC_WITHOUT_HEAD(wb_release_world_files__symlinks_not_followed);
ATF_TC_BODY(wb_release_world_files__symlinks_not_followed, tc)
{
	static const char *const dirs[] = { "root", "root/etc", "root/real",
	    "root/real/profile.d", "root/etc/systemd", NULL };
	const struct wb_check *c;
	struct wb_release r;
	struct wb_err e;

	mkdirs(dirs);
	wbt_write_file("root/real/env", "MALLOC_CHECK_=3\n");
	wbt_write_file("root/real/profile.d/a.sh", "export MALLOC_CHECK_=3\n");
	wbt_write_file("root/real/preload", "/lib/libefence.so\n");
	/* A link inside the image, one to the host, a directory link. */
	ATF_REQUIRE(symlink("../real/env", "root/etc/environment") == 0);
	ATF_REQUIRE(symlink("/etc/hostname", "root/etc/systemd/system.conf") ==
	    0);
	ATF_REQUIRE(symlink("../real/profile.d", "root/etc/profile.d") == 0);
	ATF_REQUIRE(symlink("../real/preload", "root/etc/ld.so.preload") == 0);
	wb_release_init(&r);
	ATF_REQUIRE_MSG(wb_release_world_files(&r, "root", 0, &e) == 0, "%s",
	    e.msg);
	c = find(&r, "world", "environment");
	ATF_CHECK_EQ(WB_CHECK_FAIL, c->status);
	ATF_CHECK_MSG(strstr(c->detail, "/etc/environment: a symbolic link") !=
	    NULL, "%s", c->detail);
	ATF_CHECK_MSG(strstr(c->detail, "/etc/systemd/system.conf: a symbolic "
	    "link") != NULL, "%s", c->detail);
	ATF_CHECK_MSG(strstr(c->detail, "/etc/profile.d: a symbolic link") !=
	    NULL, "%s", c->detail);
	/* What the links point at was not read. */
	ATF_CHECK_EQ(WB_CHECK_PASS, find(&r, "world", "malloc-env")->status);
	c = find(&r, "world", "ld.so.preload");
	ATF_CHECK_EQ(WB_CHECK_FAIL, c->status);
	ATF_CHECK_MSG(strstr(c->detail, "not followed") != NULL &&
	    strstr(c->detail, "libefence") == NULL, "%s", c->detail);
	wb_release_fini(&r);
}

ATF_TC_WITHOUT_HEAD(wb_waivers_parse__lines);
ATF_TC_BODY(wb_waivers_parse__lines, tc)
{
	struct wb_release_waivers w;
	struct wb_release r;
	struct wb_err e;

	wb_release_waivers_init(&w);
	ATF_REQUIRE_MSG(wb_release_waivers_parse(&w, "w",
	    "# c\n\n  KASAN  why not  "
	    "\nCONFIG_DEBUG_LIST hardening\n", &e) == 0, "%s", e.msg);
	ATF_REQUIRE_EQ(2, w.n);
	ATF_CHECK_STREQ("KASAN", w.w[0].option);
	ATF_CHECK_STREQ("why not", w.w[0].reason);
	ATF_CHECK_STREQ("w:3", w.w[0].where);
	ATF_CHECK_STREQ("DEBUG_LIST", w.w[1].option);
	wb_release_init(&r);
	ATF_REQUIRE(wb_release_kconfig_buf(&r, "k", "CONFIG_DEBUG_LIST=y\n"
	    "CONFIG_DEBUG_VM=y\n", 38, &e) == 0);
	ATF_CHECK_EQ(2, r.nfail);
	ATF_REQUIRE(wb_release_waive(&r, &w, &e) == 0);
	ATF_CHECK_EQ(1, r.nfail);
	ATF_CHECK_EQ(1, r.nwaived);
	ATF_CHECK_EQ(WB_CHECK_WAIVED, find(&r, "kernel", "DEBUG_LIST")->status);
	ATF_CHECK_STREQ("w:4: hardening",
	    find(&r, "kernel", "DEBUG_LIST")->reason);
	ATF_CHECK_EQ(WB_CHECK_FAIL, find(&r, "kernel", "DEBUG_VM")->status);
	/* KASAN is not set: nothing to waive, it passes. */
	ATF_CHECK_EQ(WB_CHECK_PASS, find(&r, "kernel", "KASAN")->status);
	wb_release_fini(&r);
	wb_release_waivers_fini(&w);
	wb_release_waivers_init(&w);
	ATF_CHECK(wb_release_waivers_parse(&w, "w", "KASAN\n", &e) == -1);
	ATF_CHECK_STREQ("w:1: KASAN has no reason: say why it is on", e.msg);
	ATF_CHECK(wb_release_waivers_parse(&w, "x", "KASAN-1 r\n", &e) == -1);
	ATF_CHECK_MSG(strstr(e.msg, "x:1: \"KASAN-1\" is not a kernel option "
	    "name") != NULL, "%s", e.msg);
	wb_release_waivers_fini(&w);
}

/* The gate's three outcomes on the data of cmd_check_release_test. */
ATF_TC_WITHOUT_HEAD(wb_release_gate__three_outcomes);
ATF_TC_BODY(wb_release_gate__three_outcomes, tc)
{
	static const struct {
		const char		*other;
		double			 maxreg;
		int			 all;
		enum wb_check_status	 st;
	} c[] = {
		{ "prod2.json", 5, 1, WB_CHECK_PASS },
		{ "debug.json", 5, 1, WB_CHECK_FAIL },
		{ "debug.json", 31, 0, WB_CHECK_INCONCLUSIVE },
		{ "debug.json", 50, 0, WB_CHECK_PASS },
	};
	struct wb_results *b, *x;
	const char *bp, *xp;
	struct wb_release r;
	struct wb_err e;
	size_t i;

	bp = wbt_srcpath(tc, "tests/src/data/prod.json");
	ATF_REQUIRE_MSG(wb_results_read(bp, &b, &e) == 0, "%s", e.msg);
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		xp = wbt_srcpath(tc, strcmp(c[i].other, "prod2.json") == 0 ?
		    "tests/src/data/prod2.json" : "tests/src/data/debug.json");
		ATF_REQUIRE_MSG(wb_results_read(xp, &x, &e) == 0, "%s", e.msg);
		wb_release_init(&r);
		ATF_REQUIRE_MSG(wb_release_gate(&r, &b, &bp, 1, &x, &xp, 1,
		    c[i].maxreg, 0.95, c[i].all, &e) == 0, "%s", e.msg);
		ATF_CHECK_EQ_MSG(c[i].st, find(&r, "performance",
		    "final-score")->status, "case %zu: %s", i,
		    find(&r, "performance", "final-score")->detail);
		ATF_CHECK_EQ(c[i].all ? 7 : 1, r.n);
		wb_release_fini(&r);
		wb_results_free(x);
	}
	/* Two baselines without run ids are not a set of runs. */
	wb_release_init(&r);
	{
		struct wb_results *bb[2] = { b, b };
		const char *bbp[2] = { "b1.json", "b2.json" };

		ATF_CHECK(wb_release_gate(&r, bb, bbp, 2, bb, bbp, 2, 5, 0.95,
		    1, &e) == -1);
		ATF_CHECK_MSG(strstr(e.msg, "b1.json: no run id") != NULL,
		    "%s", e.msg);
	}
	wb_release_fini(&r);
	wb_results_free(b);
}

/*
 * An A/A row (ratio 1, se 0.028, 14 df) among m = 7 at a 5% limit: its
 * one-sided 95% lower bound 0.9519 clears 0.95 and it passes, though the
 * old rule's two-sided 1 - 0.05/7 interval reached below the limit.
 */
ATF_TC_WITHOUT_HEAD(wb_release_gate_row__aa_passes_uncorrected);
ATF_TC_BODY(wb_release_gate_row__aa_passes_uncorrected, tc)
{
	struct wb_gate_row g;
	double old;

	wb_release_gate_row(0, 0.028, 14, 0.95, 0.05, 7, &g);
	ATF_CHECK_EQ(WB_CHECK_PASS, g.st);
	ATF_CHECK(g.have_ci);
	ATF_CHECK_MSG(g.lo > 0.95 && g.lo < 0.953, "lo %g", g.lo);
	ATF_CHECK_MSG(fabs(g.lo_level - 0.95) < 1e-12, "%g", g.lo_level);
	ATF_CHECK_MSG(fabs(g.hi_level - (1 - 0.05 / 7)) < 1e-12, "%g",
	    g.hi_level);
	old = exp(-wb_stats_t_quantile(1 - 0.05 / 14, 14) * 0.028);
	ATF_CHECK_MSG(old < 0.95, "old lower bound %g", old);
}

/* 15% slower: the Bonferroni one-sided upper bound is below 0.95. */
ATF_TC_WITHOUT_HEAD(wb_release_gate_row__regression_fails);
ATF_TC_BODY(wb_release_gate_row__regression_fails, tc)
{
	struct wb_gate_row g;

	wb_release_gate_row(log(0.85), 0.028, 14, 0.95, 0.05, 7, &g);
	ATF_CHECK_EQ(WB_CHECK_FAIL, g.st);
	ATF_CHECK_MSG(g.hi < 0.95 && g.hi > 0.85, "hi %g", g.hi);
	ATF_CHECK_MSG(fabs(g.hi - exp(log(0.85) +
	    wb_stats_t_quantile(1 - 0.05 / 7, 14) * 0.028)) < 1e-12, "hi %g",
	    g.hi);
}

/*
 * A FAIL needs the family-wise level: a row whose uncorrected one-sided
 * upper bound is below the limit but whose Bonferroni one is not is
 * inconclusive, and so is a row at the limit.
 */
ATF_TC_WITHOUT_HEAD(wb_release_gate_row__between_inconclusive);
ATF_TC_BODY(wb_release_gate_row__between_inconclusive, tc)
{
	struct wb_gate_row g;
	double d;

	d = log(0.95) - 2 * 0.028;	/* t(0.95) < 2 < t(1 - 0.05/7) */
	wb_release_gate_row(d, 0.028, 14, 0.95, 0.05, 7, &g);
	ATF_CHECK_EQ(WB_CHECK_INCONCLUSIVE, g.st);
	ATF_CHECK(exp(d + wb_stats_t_quantile(0.95, 14) * 0.028) < 0.95);
	ATF_CHECK_MSG(g.lo <= 0.95 && g.hi >= 0.95, "%g %g", g.lo, g.hi);
	wb_release_gate_row(d, 0.028, 14, 0.95, 0.05, 1, &g);
	ATF_CHECK_EQ(WB_CHECK_FAIL, g.st);
	wb_release_gate_row(log(0.95), 0.028, 14, 0.95, 0.05, 7, &g);
	ATF_CHECK_EQ(WB_CHECK_INCONCLUSIVE, g.st);
}

/*
 * No spread (se 0: every unit the same on each side, as under icount):
 * the interval is the point, as in compare, so the ratio itself passes
 * or fails against the limit, and one at the limit is inconclusive.
 * With spread but no degrees of freedom there is no bound.
 */
ATF_TC_WITHOUT_HEAD(wb_release_gate_row__no_spread);
ATF_TC_BODY(wb_release_gate_row__no_spread, tc)
{
	struct wb_gate_row g;

	wb_release_gate_row(0, 0, 7, 0.95, 0.05, 13, &g);
	ATF_CHECK_EQ(WB_CHECK_PASS, g.st);
	ATF_CHECK(g.have_ci);
	ATF_CHECK_MSG(fabs(g.lo - 1) < 1e-12 && fabs(g.hi - 1) < 1e-12,
	    "%g %g", g.lo, g.hi);
	wb_release_gate_row(log(0.9), 0, NAN, 0.95, 0.05, 13, &g);
	ATF_CHECK_EQ(WB_CHECK_FAIL, g.st);
	ATF_CHECK_MSG(fabs(g.hi - 0.9) < 1e-12, "%g", g.hi);
	wb_release_gate_row(log(0.95), 0, 7, 0.95, 0.05, 13, &g);
	ATF_CHECK_EQ(WB_CHECK_INCONCLUSIVE, g.st);
	wb_release_gate_row(log(0.5), 0.01, 0, 0.95, 0.05, 13, &g);
	ATF_CHECK_EQ(WB_CHECK_INCONCLUSIVE, g.st);
	ATF_CHECK(!g.have_ci);
	ATF_CHECK(isnan(g.lo) && isnan(g.hi));
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
	ATF_TP_ADD_TC(tp, wb_release_junit__inconclusive_and_waived);
	ATF_TP_ADD_TC(tp, wb_env_parse_pam__forms);
	ATF_TP_ADD_TC(tp, wb_env_parse_sh__forms);
	ATF_TP_ADD_TC(tp, wb_env_parse_systemd__forms);
	ATF_TP_ADD_TC(tp, wb_release_world_files__each_place_caught);
	ATF_TP_ADD_TC(tp, wb_release_world_files__symlinks_not_followed);
	ATF_TP_ADD_TC(tp, wb_waivers_parse__lines);
	ATF_TP_ADD_TC(tp, wb_release_gate__three_outcomes);
	ATF_TP_ADD_TC(tp, wb_release_gate_row__aa_passes_uncorrected);
	ATF_TP_ADD_TC(tp, wb_release_gate_row__regression_fails);
	ATF_TP_ADD_TC(tp, wb_release_gate_row__between_inconclusive);
	ATF_TP_ADD_TC(tp, wb_release_gate_row__no_spread);
	return (atf_no_error());
}
