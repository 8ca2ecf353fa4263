/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * "worldbench boot" called without the command line: the world argument
 * resolved (or refused before any boot), the preflight record kept, the
 * boots run by a fake qemu that exits at once (a failed boot, recorded),
 * so no kernel is needed.
 */
#include <sys/stat.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "experiment_boot.h"
#include "experiment_boot_drive.h"
#include "wb_image.h"
#include "wb_util.h"
#include "wbtest.h"

/* qemu: answers --version, records each boot in "calls", exits. */
static const char fake_qemu[] =
    "#!/bin/sh\n"
    "case \"$1\" in --version) echo 'QEMU emulator version 7.2.0 "
    "(fake)'; exit 0;; esac\n"
    "echo boot >> \"$(dirname \"$0\")/calls\"\n"
    "exit 0\n";

struct fixture {
	struct wb_experiment_boot	 x;
	struct wb_kpaths		 k;
	struct wb_unpack_opts		 unpack;
	struct wb_experiment_boot_drive		 d;
	const char			*kernels[1];
	char				 dir[PATH_MAX - 64];
	char				 qemu[PATH_MAX], kimg[PATH_MAX];
	char				 work[PATH_MAX], out[PATH_MAX];
	char				 cache[PATH_MAX], init[PATH_MAX];
	char				 suite[PATH_MAX], data[PATH_MAX];
	int				 warnings;
};

static void
warn_line(void *arg, const char *line)
{

	(void)line;
	((struct fixture *)arg)->warnings++;
}

static void
sh(const char *cmd)
{

	ATF_REQUIRE_MSG(system(cmd) == 0, "failed: %s", cmd);
}

/* A fake kernel image, a fake qemu, a world root with the suite. */
static void
setup(const atf_tc_t *tc, struct fixture *f)
{
	char cmd[PATH_MAX * 2];

	memset(f, 0, sizeof(*f));
	ATF_REQUIRE(getcwd(f->dir, sizeof(f->dir)) != NULL);
	snprintf(f->qemu, sizeof(f->qemu), "%s/qemu", f->dir);
	snprintf(f->kimg, sizeof(f->kimg), "%s/kimg", f->dir);
	snprintf(f->work, sizeof(f->work), "%s/w", f->dir);
	snprintf(f->out, sizeof(f->out), "%s/bo", f->dir);
	snprintf(f->cache, sizeof(f->cache), "%s/cache", f->dir);
	wbt_write_file("qemu", fake_qemu);
	ATF_REQUIRE(chmod("qemu", 0755) == 0);
	sh("mkdir -p kimg w root/usr/libexec/worldbench "
	    "root/usr/share/worldbench root/bin root/tmp");
	wbt_write_file("kimg/bzImage", "not a kernel");
	wbt_write_file("kimg/kernel.json", "{\"format\": "
	    "\"worldbench-kernel\", \"version\": 1, \"variant\": "
	    "\"production\", \"config_sha256\": "
	    "\"0000000000000000000000000000000000000000000000000000000000000000"
	    "\"}\n");
	snprintf(cmd, sizeof(cmd), "cp '%s/libexec/worldbench/syscall' "
	    "root/usr/libexec/worldbench/ && cp /usr/bin/busybox root/bin/",
	    wbt_builddir(tc));
	sh(cmd);
	ATF_REQUIRE(setenv("WB_CACHE_DIR", f->cache, 1) == 0);
	ATF_REQUIRE(setenv("WB_KVM_DEVICE", "/dev/null", 1) == 0);
	unsetenv("WB_NO_KVM");
	wb_kpaths_init(&f->k, f->work);
	f->k.cachedir = f->cache;
	f->kernels[0] = f->kimg;
	f->x.paths = &f->k;
	f->x.kernels = f->kernels;
	f->x.nkernels = 1;
	/* As "worldbench boot" defaults them beside the binary. */
	snprintf(f->init, sizeof(f->init), "%s/libexec/worldbench-init/init",
	    wbt_builddir(tc));
	snprintf(f->suite, sizeof(f->suite), "%s/libexec/worldbench-static",
	    wbt_builddir(tc));
	snprintf(f->data, sizeof(f->data), "%s/share/worldbench",
	    wbt_builddir(tc));
	f->x.root.init = f->init;
	f->x.root.suite = f->suite;
	f->x.root.data = f->data;
	f->x.root.busybox = "/bin/busybox";
	f->x.outdir = f->out;
	f->x.qemu = f->qemu;
	f->x.timeout = 30;
	f->x.policy.tests = "syscall";
	f->x.policy.passes = 1;
	f->x.policy.seconds = 0.5;
	f->x.policy.hang = -1;
	f->x.policy.cachedir = f->cache;
	f->d.x = &f->x;
	f->d.workdir = f->work;
	f->d.unpack = &f->unpack;
	f->d.quiet = 1;
	f->d.warn = warn_line;
	f->d.arg = f;
}

static int
exists(const char *path)
{
	struct stat st;

	return (stat(path, &st) == 0);
}

ATF_TC(wb_boot_drive__world_unknown);
ATF_TC_HEAD(wb_boot_drive__world_unknown, tc)
{
	atf_tc_set_md_var(tc, "descr", "an unknown image name is refused, "
	    "naming the file looked for; nothing is booted");
}
ATF_TC_BODY(wb_boot_drive__world_unknown, tc)
{
	struct wb_experiment_boot_done done;
	struct fixture f;
	struct wb_err e;

	setup(tc, &f);
	f.d.world = "no-such";
	ATF_CHECK_EQ(wb_experiment_boot_drive(&f.d, &done, &e), -1);
	ATF_CHECK_MSG(strstr(e.msg, "no-such: neither a file nor an image "
	    "of") != NULL && strstr(e.msg, "w/images/no-such.tar.zst") !=
	    NULL, "%s", e.msg);
	ATF_CHECK_EQ(e.class, WB_ERR_NOINPUT);
	ATF_CHECK(!done.busy && done.world_root == NULL);
	ATF_CHECK(!exists("calls") && !exists("bo"));
	ATF_CHECK_EQ(f.x.nresults, 0);
	wb_experiment_boot_fini(&f.x);
	wb_experiment_boot_done_fini(&done);
}

ATF_TC(wb_boot_drive__world_dir);
ATF_TC_HEAD(wb_boot_drive__world_dir, tc)
{
	atf_tc_set_md_var(tc, "descr", "a world root directory: its label "
	    "names the results, the failed boot is recorded, the preflight "
	    "record is in the file");
	atf_tc_set_md_var(tc, "require.progs", "busybox");
	atf_tc_set_md_var(tc, "timeout", "120");
}
ATF_TC_BODY(wb_boot_drive__world_dir, tc)
{
	struct wb_experiment_boot_done done;
	struct fixture f;
	struct wb_err e;
	double start = 0;
	char *text;

	setup(tc, &f);
	f.d.world = "root";
	f.d.start = &start;
	ATF_REQUIRE_MSG(wb_experiment_boot_drive(&f.d, &done, &e) == 0, "%s",
	    e.msg);
	ATF_CHECK(start > 0);
	ATF_CHECK_STREQ(done.world_label, "root");
	ATF_CHECK(done.world_root != NULL && done.world_root[0] == '/');
	ATF_CHECK(f.x.preflight == NULL);	/* released after the run */
	ATF_CHECK(exists("calls"));
	ATF_CHECK(f.x.boots_failed > 0);
	ATF_REQUIRE_EQ(f.x.nresults, 1);
	ATF_CHECK_MSG(strstr(f.x.results[0], "root@production.json") != NULL,
	    "%s", f.x.results[0]);
	text = wbt_read_file(f.x.results[0], NULL);
	ATF_CHECK(strstr(text, "\"label\": \"root@production\"") != NULL);
	ATF_CHECK(strstr(text, "\"preflight\"") != NULL);
	free(text);
	wb_experiment_boot_fini(&f.x);
	wb_experiment_boot_done_fini(&done);
}

ATF_TC(wb_boot_experiment_run__no_init);
ATF_TC_HEAD(wb_boot_experiment_run__no_init, tc)
{
	atf_tc_set_md_var(tc, "descr", "an experiment without the guest's "
	    "init program is refused as a usage error, nothing booted");
}
ATF_TC_BODY(wb_boot_experiment_run__no_init, tc)
{
	struct fixture f;
	struct wb_err e;

	setup(tc, &f);
	f.x.root.init = NULL;
	ATF_CHECK_EQ(wb_experiment_boot_run(&f.x, &e), -2);
	ATF_CHECK_MSG(strstr(e.msg, "init program") != NULL, "%s", e.msg);
	ATF_CHECK(!exists("calls") && !exists("bo"));
	wb_experiment_boot_fini(&f.x);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_boot_drive__world_unknown);
	ATF_TP_ADD_TC(tp, wb_boot_drive__world_dir);
	ATF_TP_ADD_TC(tp, wb_boot_experiment_run__no_init);
	return (0);
}
