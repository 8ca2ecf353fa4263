#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "wbtest.h"

static char *
data(const atf_tc_t *tc, const char *rel)
{
	char buf[256];

	snprintf(buf, sizeof(buf), "release/%s", rel);
	return (wbt_datapath(tc, buf));
}

ATF_TC_WITHOUT_HEAD(check_release__production_config_passes);
ATF_TC_BODY(check_release__production_config_passes, tc)
{
	const char *a[] = { "check-release", "--junit", "j.xml", NULL, NULL };
	struct wbt_out o;
	char *x;

	a[3] = data(tc, "prod.config");
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ_MSG(0, o.status, "%s%s", o.out, o.err);
	ATF_CHECK(strstr(o.out, "FAIL") == NULL);
	ATF_CHECK(strstr(o.out, "PASS kernel.PROVE_LOCKING: not set") != NULL);
	ATF_CHECK(strstr(o.out, "0 failed") != NULL);
	x = wbt_read_file("j.xml", NULL);
	ATF_CHECK(strstr(x, "failures=\"0\"") != NULL);
	free(x);
	wbt_out_fini(&o);
}

/* Every knob of witness.config and invariants.config, one at a time. */
ATF_TC_WITHOUT_HEAD(check_release__each_debug_knob_fails);
ATF_TC_BODY(check_release__each_debug_knob_fails, tc)
{
	static const char *const knobs[] = { "PROVE_LOCKING", "LOCKDEP",
	    "DEBUG_LOCK_ALLOC", "DEBUG_ATOMIC_SLEEP", "DEBUG_VM",
	    "DEBUG_LIST", "DEBUG_PLIST", "DEBUG_SG", "DEBUG_NOTIFIERS",
	    "DEBUG_CREDENTIALS", "DEBUG_OBJECTS", "SLUB_DEBUG_ON", "KASAN",
	    "DEBUG_PAGEALLOC", NULL };
	const char *a[] = { "check-release", "k.config", NULL };
	struct wbt_out o;
	char *base, *cfg, line[128];
	size_t i;

	base = wbt_read_file(data(tc, "prod.config"), NULL);
	for (i = 0; knobs[i] != NULL; i++) {
		if (asprintf(&cfg, "%sCONFIG_%s=y\n", base, knobs[i]) == -1)
			atf_tc_fail("asprintf");
		wbt_write_file("k.config", cfg);
		free(cfg);
		wbt_run_wb(tc, &o, a, 14);
		ATF_CHECK_EQ_MSG(1, o.status, "%s", knobs[i]);
		snprintf(line, sizeof(line), "FAIL kernel.%s: CONFIG_%s=y",
		    knobs[i], knobs[i]);
		ATF_CHECK_MSG(strstr(o.out, line) != NULL, "%s missing: %s",
		    line, o.out);
		ATF_CHECK_MSG(strstr(o.out, "1 failed") != NULL, "%s",
		    knobs[i]);
		wbt_out_fini(&o);
	}
	free(base);
}

/*
 * On the host the probe beside worldbench (the build tree's) is run: the
 * allocator is verified, not skipped as "not installed".
 */
ATF_TC_WITHOUT_HEAD(check_release__host_runs_probe);
ATF_TC_BODY(check_release__host_runs_probe, tc)
{
	static const char *const a[] = { "check-release", "--host", NULL };
	struct wbt_out o;

	wbt_run_wb(tc, &o, a, 30);
	ATF_CHECK_MSG(o.status == 0 || o.status == 1, "status %d: %s",
	    o.status, o.err);
	ATF_CHECK_MSG(strstr(o.out, "probe.allocator: allocator=") != NULL,
	    "%s", o.out);
	ATF_CHECK_MSG(strstr(o.out, "not installed") == NULL, "%s", o.out);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(check_release__witness_names_freebsd);
ATF_TC_BODY(check_release__witness_names_freebsd, tc)
{
	const char *a[] = { "check-release", "--junit", "j.xml", "w.config",
	    NULL };
	struct wbt_out o;
	char *base, *cfg, *x;

	base = wbt_read_file(data(tc, "prod.config"), NULL);
	if (asprintf(&cfg, "%sCONFIG_PROVE_LOCKING=y\n", base) == -1)
		atf_tc_fail("asprintf");
	wbt_write_file("w.config", cfg);
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ(1, o.status);
	ATF_CHECK(strstr(o.out, "(FreeBSD: WITNESS)") != NULL);
	x = wbt_read_file("j.xml", NULL);
	ATF_CHECK(strstr(x, "failures=\"1\"") != NULL);
	ATF_CHECK(strstr(x, "name=\"PROVE_LOCKING\"><failure") != NULL);
	free(x);
	free(cfg);
	free(base);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(check_release__broken_config);
ATF_TC_BODY(check_release__broken_config, tc)
{
	const char *a[] = { "check-release", NULL, NULL };
	struct wbt_out o;

	a[1] = data(tc, "broken.config");
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ(65, o.status);
	ATF_CHECK_MSG(strstr(o.err, "broken.config:2: not a CONFIG_NAME=value "
	    "line") != NULL, "%s", o.err);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(check_release__production_world_passes);
ATF_TC_BODY(check_release__production_world_passes, tc)
{
	const char *a[] = { "check-release", "--no-probe", NULL, NULL };
	struct wbt_out o;

	a[2] = data(tc, "prod-root");
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ_MSG(0, o.status, "%s%s", o.out, o.err);
	ATF_CHECK(strstr(o.out, "SKIP probe.malloc-probe: not run") != NULL);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(check_release__debug_worlds_fail);
ATF_TC_BODY(check_release__debug_worlds_fail, tc)
{
	const char *a[] = { "check-release", "--no-probe", NULL, NULL };
	struct wbt_out o;

	a[2] = data(tc, "glibcdebug-root");
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ(1, o.status);
	ATF_CHECK(strstr(o.out, "FAIL world.ld.so.preload: /etc/ld.so.preload "
	    "loads libc_malloc_debug") != NULL);
	ATF_CHECK(strstr(o.out, "FAIL world.GLIBC_TUNABLES") != NULL);
	wbt_out_fini(&o);
	a[2] = data(tc, "jemdebug-root");
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ(1, o.status);
	ATF_CHECK(strstr(o.out, "FAIL world.MALLOC_CONF: junk:true turns junk "
	    "filling on") != NULL);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(check_release__gzip_config_and_archive);
ATF_TC_BODY(check_release__gzip_config_and_archive, tc)
{
	const char *gz[] = { "check-release", "c.gz", NULL };
	const char *ar[] = { "check-release", "--no-probe", "-w", "wd",
	    "img.tar.gz", NULL };
	char *sh[4], *cmd;
	struct wbt_out o;

	/* /proc/config.gz is gzip-compressed. */
	if (asprintf(&cmd, "gzip -c '%s' > c.gz && tar czf img.tar.gz -C "
	    "'%s' .", data(tc, "prod.config"), data(tc, "glibcdebug-root")) ==
	    -1)
		atf_tc_fail("asprintf");
	sh[0] = "/bin/sh";
	sh[1] = "-c";
	sh[2] = cmd;
	sh[3] = NULL;
	wbt_run(&o, sh);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	wbt_out_fini(&o);
	free(cmd);
	wbt_run_wb(tc, &o, gz, 14);
	ATF_CHECK_EQ_MSG(0, o.status, "%s%s", o.out, o.err);
	ATF_CHECK(strstr(o.out, "PASS kernel.KASAN") != NULL);
	wbt_out_fini(&o);
	/* A world image archive is unpacked into the work directory. */
	wbt_run_wb(tc, &o, ar, 14);
	ATF_CHECK_EQ_MSG(1, o.status, "%s%s", o.out, o.err);
	ATF_CHECK(strstr(o.out, "FAIL world.ld.so.preload") != NULL);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(check_release__usage);
ATF_TC_BODY(check_release__usage, tc)
{
	static const char *const none[] = { "check-release", NULL };
	static const char *const both[] = { "check-release", "--host", "x",
	    NULL };
	static const char *const half[] = { "check-release", "--baseline",
	    "a", "x", NULL };
	struct wbt_out o;

	wbt_run_wb(tc, &o, none, 14);
	ATF_CHECK_EQ(64, o.status);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, both, 14);
	ATF_CHECK_EQ(64, o.status);
	wbt_out_fini(&o);
	wbt_run_wb(tc, &o, half, 14);
	ATF_CHECK_EQ(64, o.status);
	wbt_out_fini(&o);
}

static void
gate(const atf_tc_t *tc, const char *other, const char *pct, int status,
    const char *want)
{
	const char *a[] = { "check-release", "--no-probe", "--baseline", NULL,
	    "--results", NULL, "--max-regression", pct, NULL, NULL };
	struct wbt_out o;

	a[3] = wbt_datapath(tc, "prod.json");
	a[5] = wbt_datapath(tc, other);
	a[8] = data(tc, "prod-root");
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ_MSG(status, o.status, "%s%s", o.out, o.err);
	ATF_CHECK_MSG(strstr(o.out, want) != NULL, "%s not in %s", want,
	    o.out);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(check_release__gate_significant_regression_fails);
ATF_TC_BODY(check_release__gate_significant_regression_fails, tc)
{

	/* debug is 31% slower overall: beyond 5%, and significant. */
	gate(tc, "debug.json", "5", 1, "FAIL performance.final-score");
	gate(tc, "debug.json", "5", 1, "regression beyond the limit is "
	    "significant");
}

ATF_TC_WITHOUT_HEAD(check_release__gate_within_limit_passes);
ATF_TC_BODY(check_release__gate_within_limit_passes, tc)
{

	/* The same build twice: no regression. */
	gate(tc, "prod2.json", "5", 0, "PASS performance.final-score");
	/* A 31% regression is within a 50% limit. */
	gate(tc, "debug.json", "50%", 0, "within the limit");
}

ATF_TC(check_release__probe_in_image);
ATF_TC_HEAD(check_release__probe_in_image, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
	atf_tc_set_md_var(tc, "require.files", "/bin/busybox");
}
ATF_TC_BODY(check_release__probe_in_image, tc)
{
	static const char *const dirs[] = { "r", "r/bin", "r/etc", "r/usr",
	    "r/usr/libexec", "r/usr/libexec/worldbench", "r/proc", "r/dev",
	    "r/sys", "r/tmp", NULL };
	const char *a[] = { "check-release", "r", NULL };
	struct wbt_out o;
	char *cp[4];
	size_t i;

	for (i = 0; dirs[i] != NULL; i++)
		ATF_REQUIRE(mkdir(dirs[i], 0755) == 0);
	cp[0] = "/bin/cp";
	cp[1] = "/bin/busybox";
	cp[2] = "r/bin/busybox";
	cp[3] = NULL;
	wbt_run(&o, cp);
	ATF_REQUIRE_EQ_MSG(0, o.status, "cp: %s", o.err);
	wbt_out_fini(&o);
	ATF_REQUIRE(chmod("r/bin/busybox", 0755) == 0);
	ATF_REQUIRE(symlink("busybox", "r/bin/sh") == 0);
	/* A probe that reports a debug jemalloc, as the debug image does. */
	wbt_write_file("r/usr/libexec/worldbench/malloc-probe",
	    "#!/bin/sh\necho allocator=jemalloc\n"
	    "echo jemalloc.config.debug=true\necho jemalloc.opt.junk=true\n"
	    "echo glibc.malloc_debug=absent\necho ld.so.preload=\n");
	ATF_REQUIRE(chmod("r/usr/libexec/worldbench/malloc-probe", 0755) == 0);
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ_MSG(1, o.status, "%s%s", o.out, o.err);
	ATF_CHECK_MSG(strstr(o.out, "FAIL probe.jemalloc.config.debug: "
	    "jemalloc.config.debug=true") != NULL, "%s%s", o.out, o.err);
	ATF_CHECK(strstr(o.out, "FAIL probe.jemalloc.opt.junk") != NULL);
	ATF_CHECK(strstr(o.out, "PASS probe.allocator: allocator=jemalloc") !=
	    NULL);
	wbt_out_fini(&o);
	/* The production probe passes. */
	wbt_write_file("r/usr/libexec/worldbench/malloc-probe",
	    "#!/bin/sh\necho allocator=jemalloc\n"
	    "echo jemalloc.config.debug=false\necho jemalloc.opt.junk=false\n"
	    "echo glibc.malloc_debug=absent\n");
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ_MSG(0, o.status, "%s%s", o.out, o.err);
	wbt_out_fini(&o);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, check_release__production_config_passes);
	ATF_TP_ADD_TC(tp, check_release__each_debug_knob_fails);
	ATF_TP_ADD_TC(tp, check_release__witness_names_freebsd);
	ATF_TP_ADD_TC(tp, check_release__broken_config);
	ATF_TP_ADD_TC(tp, check_release__production_world_passes);
	ATF_TP_ADD_TC(tp, check_release__debug_worlds_fail);
	ATF_TP_ADD_TC(tp, check_release__gzip_config_and_archive);
	ATF_TP_ADD_TC(tp, check_release__usage);
	ATF_TP_ADD_TC(tp, check_release__host_runs_probe);
	ATF_TP_ADD_TC(tp, check_release__gate_significant_regression_fails);
	ATF_TP_ADD_TC(tp, check_release__gate_within_limit_passes);
	ATF_TP_ADD_TC(tp, check_release__probe_in_image);
	return (atf_no_error());
}
