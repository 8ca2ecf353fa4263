/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * explain over a kernel recipe called without the command line: on the
 * CI pair of recipes/linux-ci the plan alone, a bad variant and a source
 * tarball that is not there (it stops before any build); then a whole
 * run over a recipe of the test's own whose kernel tree is a stand-in
 * Makefile (each "kernel" a copy of its .config) booted by a fake qemu,
 * so no real kernel is built or booted here.
 */
#include <sys/stat.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "explain_kernel.h"
#include "explain_kernel_drive.h"
#include "explain_plan.h"
#include "wb_image.h"
#include "wb_util.h"
#include "wbtest.h"

static const char *const groups[] = {
	"objects=DEBUG_OBJECTS,DEBUG_OBJECTS_FREE,DEBUG_OBJECTS_TIMERS,"
	"DEBUG_OBJECTS_WORK,DEBUG_OBJECTS_RCU_HEAD"
};

/* What the driver said and showed. */
struct said {
	int	notes, warns, shows;
	int	built;		/* "built KERNEL in N s" */
	char	first[256];	/* the first note */
};

static void
note(void *arg, const char *line)
{
	struct said *s = arg;

	if (s->notes++ == 0)
		snprintf(s->first, sizeof(s->first), "%s", line);
	if (strncmp(line, "built ", 6) == 0)
		s->built++;
}

static void
warn_line(void *arg, const char *line)
{

	(void)line;
	((struct said *)arg)->warns++;
}

static int
show(void *arg, const struct wb_explain_kernel_show *sh, struct wb_err *e)
{

	(void)sh;
	(void)e;
	((struct said *)arg)->shows++;
	return (0);
}

/* The request over linux-ci production -> witness+invariants. */
static struct wb_recipe *
setup(const atf_tc_t *tc, struct wb_kpaths *k,
    struct wb_explain_kernel_drive *w, struct said *s)
{
	static char recipe[PATH_MAX], overlays[PATH_MAX], work[PATH_MAX],
	    cache[PATH_MAX], tarball[PATH_MAX];
	char cwd[PATH_MAX - 32];
	struct wb_recipe *r;
	struct wb_err e;

	snprintf(recipe, sizeof(recipe), "%s/recipes/linux-ci/recipe",
	    wbt_srcdir(tc));
	snprintf(overlays, sizeof(overlays), "%s/overlays", wbt_srcdir(tc));
	ATF_REQUIRE(getcwd(cwd, sizeof(cwd)) != NULL);
	snprintf(cache, sizeof(cache), "%s/cache", cwd);
	snprintf(tarball, sizeof(tarball), "%s/linux-0.0.tar.xz", cwd);
	snprintf(work, sizeof(work), "%s/work", cwd);
	wb_kpaths_init(k, work);
	k->cachedir = cache;
	k->overlays = overlays;
	k->recipe = recipe;
	k->tarball = tarball;
	k->ccache = 0;
	r = wb_kpaths_recipe(k, &e);
	ATF_REQUIRE_MSG(r != NULL, "%s", e.msg);
	memset(w, 0, sizeof(*w));
	memset(s, 0, sizeof(*s));
	w->k = k;
	w->r = r;
	w->recipe = "linux-ci";
	w->base = "production";
	w->target = "witness+invariants";
	w->groups = groups;
	w->ngroups = 1;
	w->one_at_a_time = 1;
	w->resultsdir = "results";
	w->note = note;
	w->warn = warn_line;
	w->show = show;
	w->arg = s;
	return (r);
}

static int
exists(const char *path)
{
	struct stat st;

	return (stat(path, &st) == 0);
}

ATF_TC_WITHOUT_HEAD(wb_explain_kernel_drive__plan_only);
ATF_TC_BODY(wb_explain_kernel_drive__plan_only, tc)
{
	struct wb_explain_kernel_drive w;
	struct wb_explain_kernel_done done;
	struct wb_kpaths k;
	struct wb_recipe *r;
	struct wb_err e;
	struct said s;
	const struct wb_explain_kernel *kx;

	r = setup(tc, &k, &w, &s);
	w.plan_only = 1;
	ATF_REQUIRE_MSG(wb_explain_kernel_drive(&w, &done, &e) == 0, "%s",
	    e.msg);
	kx = done.plan;
	ATF_REQUIRE(kx != NULL);
	/* 14 steps from production+debug-kernel: 16 kernels. */
	ATF_CHECK_EQ(kx->nsteps, 14);
	ATF_CHECK_EQ(kx->npoints, 16);
	ATF_CHECK(kx->main == NULL && kx->enable != NULL);
	ATF_CHECK_STREQ(kx->points[0], "production");
	ATF_CHECK_STREQ(kx->points[2], "production+debug-kernel+objects");
	ATF_CHECK_STREQ(kx->points[15], "witness+invariants");
	ATF_CHECK_STREQ(kx->steps[0]->base, "production+debug-kernel");
	/* Nothing built, run or said. */
	ATF_CHECK(done.rundir == NULL);
	ATF_CHECK_EQ(done.status, 0);
	ATF_CHECK_EQ(s.notes + s.warns + s.shows, 0);
	ATF_CHECK(!exists("results") && !exists("work") && !exists("cache"));
	wb_explain_kernel_done_fini(&done);
	ATF_CHECK(done.plan == NULL);
	wb_recipe_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_explain_kernel_drive__bad_variant);
ATF_TC_BODY(wb_explain_kernel_drive__bad_variant, tc)
{
	struct wb_explain_kernel_drive w;
	struct wb_explain_kernel_done done;
	struct wb_kpaths k;
	struct wb_recipe *r;
	struct wb_err e;
	struct said s;

	r = setup(tc, &k, &w, &s);
	w.target = "no-such-variant";
	ATF_CHECK_EQ(wb_explain_kernel_drive(&w, &done, &e), -1);
	ATF_CHECK_MSG(strstr(e.msg, "no-such-variant") != NULL, "%s", e.msg);
	ATF_CHECK(done.plan == NULL && done.rundir == NULL);
	ATF_CHECK_EQ(s.notes + s.warns + s.shows, 0);
	wb_explain_kernel_done_fini(&done);
	wb_recipe_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_explain_kernel_drive__no_source);
ATF_TC_BODY(wb_explain_kernel_drive__no_source, tc)
{
	struct wb_explain_kernel_drive w;
	struct wb_explain_kernel_done done;
	struct wb_kpaths k;
	struct wb_recipe *r;
	struct wb_err e;
	struct said s;

	r = setup(tc, &k, &w, &s);
	ATF_CHECK_EQ(wb_explain_kernel_drive(&w, &done, &e), -1);
	/* The first point's build needs the source: it names the file. */
	ATF_CHECK_MSG(strstr(e.msg, "linux-0.0.tar.xz") != NULL, "%s",
	    e.msg);
	ATF_CHECK_EQ(e.class, WB_ERR_NOINPUT);
	ATF_REQUIRE(done.plan != NULL && done.rundir != NULL);
	ATF_CHECK_MSG(strncmp(done.rundir, "results/linux-ci-", 17) == 0,
	    "%s", done.rundir);
	/* No kernel announced, no run directory, no report. */
	ATF_CHECK_EQ(s.notes + s.warns + s.shows, 0);
	ATF_CHECK(!exists("results"));
	wb_explain_kernel_done_fini(&done);
	wb_recipe_free(r);
}

/*
 * A stand-in kernel tree (as tests/lib/image/kbuild_test.c's): tinyconfig
 * writes a small .config, olddefconfig keeps what the fragments ask for,
 * bzImage "builds" by copying the .config.
 */
static const char fake_makefile[] =
    "O ?=\t.\n"
    "tinyconfig:\n"
    "\tmkdir -p $(O)\n"
    "\tprintf '# CONFIG_64BIT is not set\\n' > $(O)/.config\n"
    "olddefconfig:\n"
    "\ttrue\n"
    "bzImage:\n"
    "\tmkdir -p $(O)/arch/x86/boot $(O)/include/config\n"
    "\tcp $(O)/.config $(O)/arch/x86/boot/bzImage\n"
    "\techo 6.1.0-fake > $(O)/include/config/kernel.release\n"
    ".PHONY: tinyconfig olddefconfig bzImage\n";

/* A kernel recipe of one option: DEBUG_KERNEL (the enabler) and two. */
static const char fake_recipe[] =
    "NAME=k\nVERSION=6.1\nCOMMENT=fake\nLICENSE=GPL-2.0-only\n"
    "DISTFILES=src.tar\nBUILD_STYLE=kbuild\nKBUILD_START=tinyconfig\n"
    "KBUILD_TARGET=bzImage\nOVERLAYS=kernel/base.config\n"
    "OPTIONS=DEBUG\nOPTIONS_DEFAULT=\n"
    "DEBUG_OVERLAYS_ON=kernel/debug.config\nDEBUG_OVERLAYS_OFF=\n"
    "VARIANTS=production debug\nVARIANT_production=\n"
    "VARIANT_debug=DEBUG\n";

/* qemu: answers --version, records each boot in "calls", exits. */
static const char fake_qemu[] =
    "#!/bin/sh\n"
    "case \"$1\" in --version) echo 'QEMU emulator version 7.2.0 "
    "(fake)'; exit 0;; esac\n"
    "echo boot >> \"$(dirname \"$0\")/calls\"\n"
    "exit 0\n";

static int
count(const char *path, const char *what)
{
	char *text, *p;
	int n = 0;

	text = wbt_read_file(path, NULL);
	for (p = text; (p = strstr(p, what)) != NULL; p++)
		n++;
	free(text);
	return (n);
}

/* The tree and its tarball (in distinfo), the recipe, qemu. */
static void
fake_files(void)
{

	ATF_REQUIRE(system("mkdir -p tree recipes/k overlays/kernel") == 0);
	wbt_write_file("tree/Makefile", fake_makefile);
	wbt_write_file("recipes/k/recipe", fake_recipe);
	ATF_REQUIRE(system("tar -cf src.tar tree && printf 'SHA256 (src.tar) "
	    "= %s\\nSIZE (src.tar) = %s\\n' $(sha256sum src.tar | "
	    "cut -d' ' -f1) $(wc -c <src.tar) >recipes/k/distinfo") == 0);
	wbt_write_file("overlays/kernel/base.config", "CONFIG_64BIT=y\n");
	wbt_write_file("overlays/kernel/debug.config", "CONFIG_DEBUG_KERNEL=y\n"
	    "CONFIG_DEBUG_LIST=y\nCONFIG_DEBUG_VM=y\n");
	wbt_write_file("qemu", fake_qemu);
	ATF_REQUIRE(chmod("qemu", 0755) == 0);
}

static int
in_run(const char *rundir, const char *name)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", rundir, name);
	return (exists(path));
}

ATF_TC(wb_explain_kernel_drive__fake_kernels);
ATF_TC_HEAD(wb_explain_kernel_drive__fake_kernels, tc)
{
	atf_tc_set_md_var(tc, "descr", "one at a time over a fake kernel "
	    "tree: every point built, all booted by a fake qemu that fails "
	    "each boot (recorded, said once), the steps reported; again: "
	    "nothing built");
	atf_tc_set_md_var(tc, "require.progs", "busybox make tar sha256sum");
	atf_tc_set_md_var(tc, "timeout", "120");
}
ATF_TC_BODY(wb_explain_kernel_drive__fake_kernels, tc)
{
	static char cwd[PATH_MAX - 64], init[PATH_MAX], suite[PATH_MAX],
	    data[PATH_MAX], qemu[PATH_MAX], tarball[PATH_MAX], work[PATH_MAX],
	    cache[PATH_MAX], res[PATH_MAX];
	struct wb_explain_kernel_drive w;
	struct wb_explain_kernel_done done;
	struct wb_kpaths k;
	struct wb_recipe *r;
	struct wb_err e;
	struct said s;
	int rc;

	ATF_REQUIRE(getcwd(cwd, sizeof(cwd)) != NULL);
	fake_files();
	snprintf(tarball, sizeof(tarball), "%s/src.tar", cwd);
	snprintf(work, sizeof(work), "%s/work", cwd);
	snprintf(cache, sizeof(cache), "%s/cache", cwd);
	snprintf(res, sizeof(res), "%s/results", cwd);
	snprintf(qemu, sizeof(qemu), "%s/qemu", cwd);
	snprintf(init, sizeof(init), "%s/libexec/worldbench-init/init",
	    wbt_builddir(tc));
	snprintf(suite, sizeof(suite), "%s/libexec/worldbench-static",
	    wbt_builddir(tc));
	snprintf(data, sizeof(data), "%s/share/worldbench", wbt_builddir(tc));
	ATF_REQUIRE(setenv("WB_CACHE_DIR", cache, 1) == 0);
	ATF_REQUIRE(setenv("WB_KVM_DEVICE", "/dev/null", 1) == 0);
	unsetenv("WB_NO_KVM");
	wb_kpaths_init(&k, work);
	k.cachedir = cache;
	k.overlays = "overlays";
	k.recipe = "recipes/k/recipe";
	k.tarball = tarball;
	k.ccache = 0;
	ATF_REQUIRE_MSG(wb_kpaths_absolute(&k, &e) == 0, "%s", e.msg);
	r = wb_kpaths_recipe(&k, &e);
	ATF_REQUIRE_MSG(r != NULL, "%s", e.msg);
	memset(&w, 0, sizeof(w));
	memset(&s, 0, sizeof(s));
	w.k = &k;
	w.r = r;
	w.recipe = "k";
	w.base = "production";
	w.target = "debug";
	w.one_at_a_time = 1;
	w.passes = 1;
	w.boots = 1;
	w.jobs = 1;
	w.seconds = 0.5;
	w.tests = "syscall";
	w.resultsdir = res;
	w.root.init = init;
	w.root.suite = suite;
	w.root.data = data;
	w.root.busybox = "/bin/busybox";
	w.qemu = qemu;
	w.note = note;
	w.warn = warn_line;
	w.show = show;
	w.arg = &s;
	rc = wb_explain_kernel_drive(&w, &done, &e);
	ATF_REQUIRE_MSG(s.notes > 0, "nothing said: %s", e.msg);
	/* Every boot failed: recorded, said once, the rounds left out. */
	ATF_CHECK_MSG(rc == 0, "%d %s", rc, e.msg);
	ATF_CHECK_EQ(done.status, 1);
	ATF_CHECK_EQ(s.warns, 1);
	/* production, and each of the three symbols on, and debug. */
	ATF_REQUIRE(done.plan != NULL);
	ATF_CHECK_EQ(done.plan->npoints, 5);
	ATF_CHECK_STREQ(s.first, "[1/5] kernel production");
	ATF_CHECK_EQ(s.built, 5);
	ATF_CHECK_EQ_MSG(count("calls", "boot"), 5, "%d boots",
	    count("calls", "boot"));
	/* The steps' report saved in four formats and shown once. */
	ATF_CHECK_EQ(s.shows, 1);
	ATF_CHECK(done.complete);
	ATF_REQUIRE(done.rundir != NULL && strncmp(done.rundir, res,
	    strlen(res)) == 0);
	ATF_CHECK(in_run(done.rundir, "steps.txt") &&
	    in_run(done.rundir, "steps.json") &&
	    in_run(done.rundir, "steps.md") &&
	    in_run(done.rundir, "steps.html") &&
	    in_run(done.rundir, "production+debug-vm.json"));
	wb_explain_kernel_done_fini(&done);
	/* Again: every kernel up to date, none built. */
	memset(&s, 0, sizeof(s));
	sleep(1);	/* a run directory of another second */
	ATF_CHECK_MSG(wb_explain_kernel_drive(&w, &done, &e) == 0, "%s",
	    e.msg);
	ATF_CHECK_EQ(s.built, 0);
	ATF_CHECK_EQ(count("calls", "boot"), 10);
	wb_explain_kernel_done_fini(&done);
	wb_recipe_free(r);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_explain_kernel_drive__plan_only);
	ATF_TP_ADD_TC(tp, wb_explain_kernel_drive__bad_variant);
	ATF_TP_ADD_TC(tp, wb_explain_kernel_drive__no_source);
	ATF_TP_ADD_TC(tp, wb_explain_kernel_drive__fake_kernels);
	return (0);
}
