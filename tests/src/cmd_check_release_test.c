/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/stat.h>

#include <math.h>
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

/*
 * check-release --no-probe of prod-root with a gate of the baseline
 * prod.json against other, then extra arguments (NULL-terminated).
 */
static void
gate(const atf_tc_t *tc, const char *other, const char *pct, int status,
    const char *want, const char *x1, const char *x2)
{
	const char *a[] = { "check-release", "--no-probe", "--baseline", NULL,
	    "--results", NULL, "--max-regression", pct, NULL, NULL, NULL,
	    NULL };
	struct wbt_out o;

	a[3] = wbt_datapath(tc, "prod.json");
	a[5] = wbt_datapath(tc, other);
	a[8] = x1 != NULL ? x1 : data(tc, "prod-root");
	a[9] = x1 != NULL ? x2 : NULL;
	a[10] = x1 != NULL ? data(tc, "prod-root") : NULL;
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ_MSG(status, o.status, "%s%s", o.out, o.err);
	ATF_CHECK_MSG(strstr(o.out, want) != NULL, "%s not in %s", want,
	    o.out);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(check_release__gate_significant_regression_fails);
ATF_TC_BODY(check_release__gate_significant_regression_fails, tc)
{

	/* debug is 31% slower overall: beyond 5%, proven: exit 2. */
	gate(tc, "debug.json", "5", 2, "FAIL performance.final-score", NULL,
	    NULL);
	gate(tc, "debug.json", "5", 2, "one-sided upper bound 0.6945 at "
	    "99.29% (Bonferroni over 7 gated rows) < 0.9500", NULL, NULL);
	gate(tc, "debug.json", "5", 2, "regression beyond the limit proven",
	    NULL, NULL);
	/* Its shell8 row fails too; its pipe row passes. */
	gate(tc, "debug.json", "5", 2, "FAIL performance.shell8", NULL, NULL);
	gate(tc, "debug.json", "5", 2, "PASS performance.pipe", NULL, NULL);
}

ATF_TC_WITHOUT_HEAD(check_release__gate_within_limit_passes);
ATF_TC_BODY(check_release__gate_within_limit_passes, tc)
{

	/* The same build twice: every row proven within 5%: exit 0. */
	gate(tc, "prod2.json", "5", 0, "PASS performance.final-score", NULL,
	    NULL);
	gate(tc, "prod2.json", "5", 0, "one-sided 95% lower bound 0.9928 > "
	    "0.9500", NULL, NULL);
	gate(tc, "prod2.json", "5", 0, "no regression beyond the limit "
	    "(non-inferior)", NULL, NULL);
	/* A 31% regression of the final score is within a 50% limit. */
	gate(tc, "debug.json", "50%", 0, "PASS performance.final-score",
	    "--gate", "final");
	gate(tc, "debug.json", "50%", 0, "one-sided 95% lower bound",
	    "--gate", "final");
}

/*
 * The final score's one-sided 95% bounds (0.6840 below, 0.6923 above; one
 * gated row, so no correction) are on both sides of a 31% limit (0.69):
 * neither proven, exit 3.
 */
ATF_TC_WITHOUT_HEAD(check_release__gate_inconclusive);
ATF_TC_BODY(check_release__gate_inconclusive, tc)
{

	gate(tc, "debug.json", "31", 3, "INCONCLUSIVE performance.final-score",
	    "--gate", "final");
	gate(tc, "debug.json", "31", 3, "one-sided 95% lower bound 0.6840 <= "
	    "0.6900", "--gate", "final");
	gate(tc, "debug.json", "31", 3, "<= one-sided upper bound 0.6923 at "
	    "95% (Bonferroni over 1 gated row): neither a pass nor a "
	    "regression", "--gate", "final");
	gate(tc, "debug.json", "31", 3, "1 inconclusive", "--gate", "final");
}

/*
 * A test the baseline scored but the results did not (every pass timed
 * out) fails the gate even when only the final score is gated: it cannot
 * silently drop out of the final.
 */
ATF_TC_WITHOUT_HEAD(check_release__gate_missing_test_fails);
ATF_TC_BODY(check_release__gate_missing_test_fails, tc)
{

	gate(tc, "release/noshell8.json", "5", 2, "FAIL performance.shell8: "
	    "Shell Scripts (8 concurrent) has valid passes in the baseline but "
	    "no valid pass in the results", "--gate", "final");
	gate(tc, "release/noshell8.json", "5", 2, "PASS performance.final-"
	    "score: ratio 0.9965", "--gate", "final");
}

/* The whole report of a gate, against its golden file. */
ATF_TC_WITHOUT_HEAD(check_release__gate_text_golden);
ATF_TC_BODY(check_release__gate_text_golden, tc)
{
	const char *a[] = { "check-release", "--no-probe", "--baseline", NULL,
	    "--results", NULL, NULL, NULL };
	struct wbt_out o;
	char *want;

	a[3] = wbt_datapath(tc, "prod.json");
	a[5] = wbt_datapath(tc, "debug.json");
	a[6] = data(tc, "prod-root");
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ_MSG(2, o.status, "%s", o.err);
	want = wbt_read_file(data(tc, "gate-text.expected"), NULL);
	if (strcmp(want, o.out) != 0) {
		wbt_write_file("got", o.out);
		printf("got:\n%s", o.out);
		atf_tc_fail("output differs from gate-text.expected (got: "
		    "stdout)");
	}
	free(want);
	wbt_out_fini(&o);
}

/*
 * A results file of the six tests of prod.json, 8 passes each: test k's
 * rate is level * ratio * exp(+-sd), the sign alternating by pass.  Two
 * such files differ only by ratio; each test's log ratio has Welch's
 * standard error sd * sqrt(2/7) with 14 degrees of freedom.
 */
static void
write_results(const char *path, const char *label, double ratio, double sd)
{
	static const struct {
		const char	*id, *name, *unit;
		int		 timebase;
		double		 baseline, level;
	} t[] = {
		{ "dhry2reg", "Dhrystone 2 using register variables", "lps",
		    1, 116700, 14e6 },
		{ "whetstone-double", "Double-Precision Whetstone", "MWIPS",
		    0, 55, 3000 },
		{ "execl", "Execl Throughput", "lps", 1, 43, 1800 },
		{ "pipe", "Pipe Throughput", "lps", 1, 12440, 1.1e6 },
		{ "spawn", "Process Creation", "lps", 1, 126, 4700 },
		{ "shell8", "Shell Scripts (8 concurrent)", "lpm", 60, 6, 900 },
	};
	FILE *fp;
	double rate;
	size_t k;
	int i;

	ATF_REQUIRE((fp = fopen(path, "w")) != NULL);
	fprintf(fp, "{\"format\": \"worldbench-results\", \"version\": 1, "
	    "\"status\": \"complete\", \"plan\": {}, \"findings\": [], "
	    "\"provenance\": {\"host\": {\"fingerprint\": {\"hostname\": "
	    "\"testhost\"}}, \"label\": \"%s\", \"suite_hash\": "
	    "\"0123abcd\", \"timing\": \"wall\"}, \"tests\": [", label);
	for (k = 0; k < sizeof(t) / sizeof(t[0]); k++) {
		fprintf(fp, "%s{\"id\": \"%s\", \"name\": \"%s\", \"unit\": "
		    "\"%s\", \"timebase\": %d, \"baseline\": %g, "
		    "\"duration\": 10.0, \"passes_planned\": 8, \"samples\": [",
		    k > 0 ? ", " : "", t[k].id, t[k].name, t[k].unit,
		    t[k].timebase, t[k].baseline);
		for (i = 0; i < 8; i++) {
			rate = t[k].level * ratio * exp(i % 2 == 0 ? sd : -sd);
			fprintf(fp, "%s{\"pass\": %d, \"seq\": %d, "
			    "\"boot\": 0, \"status\": \"ok\", "
			    "\"count\": %.17g, \"elapsed\": 10.0, "
			    "\"rate\": %.17g, \"copies\": 1, \"wall\": 10.1, "
			    "\"utime\": 1.0, \"stime\": 1.0, \"minflt\": 100, "
			    "\"majflt\": 0, \"nvcsw\": 10, \"nivcsw\": 1}",
			    i > 0 ? ", " : "", i + 1, i + 1,
			    rate * 10 / (t[k].timebase > 0 ? t[k].timebase : 1),
			    rate);
		}
		fprintf(fp, "]}");
	}
	fprintf(fp, "]}\n");
	ATF_REQUIRE(fclose(fp) == 0);
}

/*
 * The gate at a 5% limit over two written files, the results at ratio
 * with sd 0.0524: each test's standard error is 0.0280 (14 df), m = 7.
 */
static void
stated(const atf_tc_t *tc, double ratio, int status, const char *want)
{
	const char *a[] = { "check-release", "--no-probe", "--baseline",
	    "base.json", "--results", "res.json", NULL, NULL };
	struct wbt_out o;

	write_results("base.json", "base", 1, 0.0524);
	write_results("res.json", "res", ratio, 0.0524);
	a[6] = data(tc, "prod-root");
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ_MSG(status, o.status, "%s%s", o.out, o.err);
	ATF_CHECK_MSG(strstr(o.out, want) != NULL, "%s not in %s", want,
	    o.out);
	wbt_out_fini(&o);
}

/*
 * An A/A pair whose rows' one-sided 95% lower bound (0.9519) is just
 * above 0.95 passes: the release passes only if every row does, so no
 * correction is due.  The Bonferroni two-sided 1 - 0.05/7 interval of
 * the old gate put it at 0.9156, below the limit, and no test passed.
 */
ATF_TC_WITHOUT_HEAD(check_release__gate_aa_passes_at_stated_level);
ATF_TC_BODY(check_release__gate_aa_passes_at_stated_level, tc)
{

	stated(tc, 1, 0, "PASS performance.pipe: ratio 1.0000: one-sided 95% "
	    "lower bound 0.9519 > 0.9500 (limit -5%");
	stated(tc, 1, 0, "PASS performance.final-score: ratio 1.0000 over 6 "
	    "tests: one-sided 95% lower bound");
	stated(tc, 1, 0, "14 checks, 0 failed\n");
}

/* 15% slower on every test: the corrected upper bound proves it. */
ATF_TC_WITHOUT_HEAD(check_release__gate_clear_regression_fails);
ATF_TC_BODY(check_release__gate_clear_regression_fails, tc)
{

	stated(tc, 0.85, 2, "FAIL performance.spawn: ratio 0.8500: one-sided "
	    "upper bound 0.9192 at 99.29% (Bonferroni over 7 gated rows) < "
	    "0.9500 (limit -5%");
	stated(tc, 0.85, 2, "FAIL performance.final-score");
}

/* Exactly at the limit: neither bound clears it, exit 3. */
ATF_TC_WITHOUT_HEAD(check_release__gate_between_inconclusive);
ATF_TC_BODY(check_release__gate_between_inconclusive, tc)
{

	stated(tc, 0.95, 3, "INCONCLUSIVE performance.execl: ratio 0.9500: "
	    "one-sided 95% lower bound");
	stated(tc, 0.95, 3, "7 inconclusive");
}

static void
runs(const atf_tc_t *tc, const char *side, int nruns, int status,
    const char *want, const char *bad)
{
	const char *a[24];
	char buf[8][64];
	struct wbt_out o;
	int i, n;

	n = 0;
	a[n++] = "check-release";
	a[n++] = "--no-probe";
	for (i = 0; i < 4; i++) {
		snprintf(buf[i], sizeof(buf[i]), "release/gate/run%d-prod.json",
		    i + 1);
		a[n++] = "--baseline";
		a[n++] = wbt_datapath(tc, buf[i]);
	}
	for (i = 0; i < nruns; i++) {
		snprintf(buf[4 + i], sizeof(buf[4 + i]),
		    "release/gate/run%d-%s.json", i + 1, side);
		a[n++] = "--results";
		a[n++] = i == 3 && bad != NULL ? wbt_datapath(tc, bad) :
		    wbt_datapath(tc, buf[4 + i]);
	}
	a[n++] = data(tc, "prod-root");
	a[n] = NULL;
	wbt_run_wb(tc, &o, a, 24);
	ATF_CHECK_EQ_MSG(status, o.status, "%s%s", o.out, o.err);
	ATF_CHECK_MSG(strstr(status == 65 ? o.err : o.out, want) != NULL,
	    "%s not in %s%s", want, o.out, o.err);
	wbt_out_fini(&o);
}

/* Four runs, each with a baseline and a results file: runs as units. */
ATF_TC_WITHOUT_HEAD(check_release__gate_runs_as_units);
ATF_TC_BODY(check_release__gate_runs_as_units, tc)
{

	runs(tc, "rc", 4, 0, "4 runs as units", NULL);
	runs(tc, "rc", 4, 0, "PASS performance.final-score: ratio 1.0000",
	    NULL);
	runs(tc, "slow", 4, 2, "FAIL performance.final-score: ratio 0.7987",
	    NULL);
	runs(tc, "slow", 4, 2, "4 runs as units", NULL);
}

/* A set that is not runs holding both sides is refused, naming a file. */
ATF_TC_WITHOUT_HEAD(check_release__gate_mixed_set_refused);
ATF_TC_BODY(check_release__gate_mixed_set_refused, tc)
{

	/* A file without a run id among the runs. */
	runs(tc, "rc", 4, 65, "prod.json: no run id", "prod.json");
	/* A run of the baseline set without results. */
	runs(tc, "rc", 3, 65, "run4-prod.json: its run 04040404 has no "
	    "results", NULL);
	/* One run's results twice. */
	runs(tc, "rc", 4, 65, "both are results of run 01010101",
	    "release/gate/run1-rc.json");
}

static void
mkroot(void)
{

	ATF_REQUIRE(mkdir("r", 0755) == 0);
	ATF_REQUIRE(mkdir("r/etc", 0755) == 0);
	ATF_REQUIRE(mkdir("r/etc/profile.d", 0755) == 0);
	ATF_REQUIRE(mkdir("r/etc/worldbench", 0755) == 0);
	wbt_write_file("r/etc/worldbench/environment", "MALLOC_CONF=narenas:2\n");
}

/*
 * The production root of issue 18 that passed 8 of 8: MALLOC_CHECK_ in
 * /etc/environment, MALLOC_PERTURB_ exported from /etc/profile.d.
 */
ATF_TC_WITHOUT_HEAD(check_release__world_reads_every_env_place);
ATF_TC_BODY(check_release__world_reads_every_env_place, tc)
{
	static const char *const a[] = { "check-release", "--no-probe", "r",
	    NULL };
	struct wbt_out o;

	mkroot();
	wbt_write_file("r/etc/environment", "LANG=C.UTF-8\nMALLOC_CHECK_=3\n");
	wbt_write_file("r/etc/profile.d/debug.sh", "# debug\n"
	    "MALLOC_PERTURB_=165\nexport MALLOC_PERTURB_\n");
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ_MSG(1, o.status, "%s%s", o.out, o.err);
	ATF_CHECK_MSG(strstr(o.out, "FAIL world.malloc-env: MALLOC_CHECK_=3 in "
	    "/etc/environment:2; MALLOC_PERTURB_=165 in "
	    "/etc/profile.d/debug.sh:2") != NULL, "%s", o.out);
	wbt_out_fini(&o);
}

/* An image's env file that is a symbolic link is not followed. */
ATF_TC_WITHOUT_HEAD(check_release__env_symlink_not_followed);
ATF_TC_BODY(check_release__env_symlink_not_followed, tc)
{
	static const char *const a[] = { "check-release", "--no-probe", "r",
	    NULL };
	struct wbt_out o;

	mkroot();
	wbt_write_file("outside", "MALLOC_CHECK_=3\n");
	ATF_REQUIRE(symlink("../../outside", "r/etc/environment") == 0);
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ_MSG(1, o.status, "%s%s", o.out, o.err);
	ATF_CHECK_MSG(strstr(o.out, "FAIL world.environment: /etc/environment:"
	    " a symbolic link (or one on its way) in the image, not "
	    "followed") != NULL, "%s", o.out);
	/* Its target was not read. */
	ATF_CHECK_MSG(strstr(o.out, "MALLOC_CHECK_=3") == NULL, "%s", o.out);
	wbt_out_fini(&o);
}

static const char hardened[] = "CONFIG_DEBUG_LIST=y\n"
    "CONFIG_SCHED_STACK_END_CHECK=y\n";

/*
 * Hardened distribution kernels set DEBUG_LIST and SCHED_STACK_END_CHECK
 * on purpose: waived with a reason, shown in the text and JUnit reports.
 */
ATF_TC_WITHOUT_HEAD(check_release__waivers_golden);
ATF_TC_BODY(check_release__waivers_golden, tc)
{
	static const char *const a[] = { "check-release", "--waivers", "w.txt",
	    "--junit", "j.xml", "k.config", NULL };
	static const char *const plain[] = { "check-release", "k.config",
	    NULL };
	struct wbt_out o;
	char *want, *x;

	wbt_write_file("k.config", hardened);
	wbt_write_file("w.txt", "# Debian's hardening\n"
	    "DEBUG_LIST list corruption checks, kept on by Debian\n"
	    "CONFIG_SCHED_STACK_END_CHECK\tstack overrun detection, kept on\n");
	wbt_run_wb(tc, &o, a, 14);
	ATF_CHECK_EQ_MSG(0, o.status, "%s%s", o.out, o.err);
	want = wbt_read_file(data(tc, "waivers-text.expected"), NULL);
	if (strcmp(want, o.out) != 0) {
		wbt_write_file("got", o.out);
		printf("got:\n%s", o.out);
		atf_tc_fail("output differs from waivers-text.expected (got: "
		    "stdout)");
	}
	free(want);
	x = wbt_read_file("j.xml", NULL);
	ATF_CHECK_MSG(strstr(x, "name=\"DEBUG_LIST\"><skipped message=\"waived "
	    "(w.txt:2: list corruption checks, kept on by Debian): "
	    "CONFIG_DEBUG_LIST=y") != NULL, "%s", x);
	ATF_CHECK(strstr(x, "failures=\"0\"") != NULL);
	free(x);
	wbt_out_fini(&o);
	/* Without the waivers both fail. */
	wbt_run_wb(tc, &o, plain, 14);
	ATF_CHECK_EQ(1, o.status);
	ATF_CHECK(strstr(o.out, "2 failed") != NULL);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(check_release__waiver_errors);
ATF_TC_BODY(check_release__waiver_errors, tc)
{
	static const struct {
		const char	*text;
		const char	*want;
	} bad[] = {
		{ "# c\n\nDEBUG_LIST\n", "w.txt:3: DEBUG_LIST has no reason" },
		{ "NOT_A_KNOB x\n", "w.txt:1: NOT_A_KNOB is not a debug option" },
		{ "DEBUG_LIST a\nDEBUG_LIST b\n", "w.txt:2: DEBUG_LIST is "
		    "already waived at w.txt:1" },
		{ "debug_list a\n", "w.txt:1: \"debug_list\" is not a kernel "
		    "option name" },
	};
	static const char *const a[] = { "check-release", "--waivers", "w.txt",
	    "k.config", NULL };
	struct wbt_out o;
	size_t i;

	wbt_write_file("k.config", hardened);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		wbt_write_file("w.txt", bad[i].text);
		wbt_run_wb(tc, &o, a, 14);
		ATF_CHECK_EQ_MSG(65, o.status, "%zu: %s", i, o.err);
		ATF_CHECK_MSG(strstr(o.err, bad[i].want) != NULL, "%s not in %s",
		    bad[i].want, o.err);
		wbt_out_fini(&o);
	}
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
	ATF_TP_ADD_TC(tp, check_release__gate_inconclusive);
	ATF_TP_ADD_TC(tp, check_release__gate_text_golden);
	ATF_TP_ADD_TC(tp, check_release__gate_missing_test_fails);
	ATF_TP_ADD_TC(tp, check_release__gate_aa_passes_at_stated_level);
	ATF_TP_ADD_TC(tp, check_release__gate_clear_regression_fails);
	ATF_TP_ADD_TC(tp, check_release__gate_between_inconclusive);
	ATF_TP_ADD_TC(tp, check_release__gate_runs_as_units);
	ATF_TP_ADD_TC(tp, check_release__gate_mixed_set_refused);
	ATF_TP_ADD_TC(tp, check_release__world_reads_every_env_place);
	ATF_TP_ADD_TC(tp, check_release__env_symlink_not_followed);
	ATF_TP_ADD_TC(tp, check_release__waivers_golden);
	ATF_TP_ADD_TC(tp, check_release__waiver_errors);
	ATF_TP_ADD_TC(tp, check_release__probe_in_image);
	return (atf_no_error());
}
