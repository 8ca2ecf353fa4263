/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Kernel configure/verify/build/install logic against a stand-in kernel
 * tree written by the test (fake_tree), so that it runs in seconds.  The
 * real tree is exercised by tests/kernel/boot_test.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "kbuild.h"
#include "wb_util.h"
#include "wbtest.h"

/*
 * A stand-in for a kernel tree.  It behaves like Kconfig where the tests
 * need it: tinyconfig writes a small .config with a choice (SLOB),
 * olddefconfig drops DEBUG_PREEMPT unless PREEMPT is set and keeps only
 * the last SLAB allocator chosen, and bzImage "builds" by copying the
 * .config.
 */
static const char fake_makefile[] =
    "O ?=\t.\n"
    "\n"
    "tinyconfig:\n"
    "\tmkdir -p $(O)\n"
    "\tprintf '# Automatically generated file; DO NOT EDIT.\\n"
    "# CONFIG_64BIT is not set\\nCONFIG_SLOB=y\\n"
    "# CONFIG_SLUB is not set\\n# CONFIG_PREEMPT is not set\\n"
    "CONFIG_CC_VERSION_TEXT=\"gcc 12\"\\n' > $(O)/.config\n"
    "\n"
    "olddefconfig:\n"
    "\tgrep -q '^CONFIG_PREEMPT=y' $(O)/.config || \\\n"
    "\t    sed -i '/^CONFIG_DEBUG_PREEMPT=/d' $(O)/.config\n"
    "\tlast=$$(grep -o '^CONFIG_SL[OU]B=y' $(O)/.config | tail -1); \\\n"
    "\tfor a in SLOB SLUB; do \\\n"
    "\t\ttest \"$$last\" = \"CONFIG_$$a=y\" || \\\n"
    "\t\t    sed -i \"s/^CONFIG_$$a=y/# CONFIG_$$a is not set/\" "
    "$(O)/.config; \\\n"
    "\tdone\n"
    "\n"
    "bzImage:\n"
    "\tmkdir -p $(O)/arch/x86/boot $(O)/include/config\n"
    "\tcp $(O)/.config $(O)/arch/x86/boot/bzImage\n"
    "\techo 6.1.0-fake > $(O)/include/config/kernel.release\n"
    "\techo built >> $(O)/builds\n"
    "\n"
    ".PHONY: tinyconfig olddefconfig bzImage\n";

static void
fake_tree(const char *dir)
{
	char path[1300];

	ATF_REQUIRE(mkdir(dir, 0755) == 0);
	snprintf(path, sizeof(path), "%s/Makefile", dir);
	wbt_write_file(path, fake_makefile);
}

struct fixture {
	char			 cwd[1024];
	char			 srctree[1200];
	char			 objdir[1200], imagedir[1200], log[1200];
	char			 frag1[1200], frag2[1200];
	const char		*frags[2];
	struct wb_kbuild	 kb;
};

static void
setup(const atf_tc_t *tc, struct fixture *f, const char *frag2)
{

	ATF_REQUIRE(getcwd(f->cwd, sizeof(f->cwd)) != NULL);
	(void)tc;
	snprintf(f->srctree, sizeof(f->srctree), "%s/kbuild-fake", f->cwd);
	fake_tree(f->srctree);
	snprintf(f->objdir, sizeof(f->objdir), "%s/obj", f->cwd);
	snprintf(f->imagedir, sizeof(f->imagedir), "%s/image", f->cwd);
	snprintf(f->log, sizeof(f->log), "%s/build.log", f->cwd);
	snprintf(f->frag1, sizeof(f->frag1), "%s/base.config", f->cwd);
	snprintf(f->frag2, sizeof(f->frag2), "%s/knob.config", f->cwd);
	wbt_write_file(f->frag1, "# base\nCONFIG_64BIT=y\nCONFIG_SLUB=y\n"
	    "CONFIG_PREEMPT=y\n");
	wbt_write_file(f->frag2, frag2);
	f->frags[0] = f->frag1;
	f->frags[1] = f->frag2;
	memset(&f->kb, 0, sizeof(f->kb));
	f->kb.variant = "test";
	f->kb.srctree = f->srctree;
	f->kb.source_digest = "0000000000000000000000000000000000000000000000"
	    "000000000000000000";
	f->kb.objdir = f->objdir;
	f->kb.imagedir = f->imagedir;
	f->kb.fragments = f->frags;
	f->kb.nfragments = 2;
	f->kb.jobs = 1;
	f->kb.timeout = 120;
	f->kb.log = f->log;
}

ATF_TC_WITHOUT_HEAD(wb_kbuild_configure__verified);
ATF_TC_BODY(wb_kbuild_configure__verified, tc)
{
	struct wb_kbuild_config_result res;
	struct fixture f;
	struct wb_err e;
	char path[1300], *conf;

	setup(tc, &f, "CONFIG_DEBUG_PREEMPT=y\n# CONFIG_SLOB is not set\n");
	ATF_REQUIRE_EQ_MSG(0, wb_kbuild_configure(&f.kb, &res, &e), "%s",
	    e.msg);
	ATF_REQUIRE_EQ(0, res.nmissing);
	ATF_REQUIRE_EQ(WB_SHA256_HEXLEN, strlen(res.config_sha256));
	snprintf(path, sizeof(path), "%s/.config", f.objdir);
	conf = wbt_read_file(path, NULL);
	/* The requested choice won: it came after tinyconfig's. */
	ATF_REQUIRE_MATCH("\nCONFIG_SLUB=y\n", conf);
	ATF_REQUIRE_MATCH("\nCONFIG_DEBUG_PREEMPT=y\n", conf);
	free(conf);
	wb_kbuild_config_result_fini(&res);
}

ATF_TC_WITHOUT_HEAD(wb_kbuild_configure__option_did_not_stick);
ATF_TC_BODY(wb_kbuild_configure__option_did_not_stick, tc)
{
	struct wb_kbuild_config_result res;
	struct fixture f;
	struct wb_err e;

	/* The knob turns PREEMPT off again, so DEBUG_PREEMPT is dropped. */
	setup(tc, &f, "# CONFIG_PREEMPT is not set\nCONFIG_DEBUG_PREEMPT=y\n");
	ATF_REQUIRE_EQ(-1, wb_kbuild_configure(&f.kb, &res, &e));
	ATF_REQUIRE_EQ(1, res.nmissing);
	ATF_REQUIRE_MATCH("1 requested option did not stick", e.msg);
	ATF_REQUIRE_MATCH("CONFIG_DEBUG_PREEMPT=y \\(.*knob.config:2; final "
	    ".config: absent\\)", e.msg);
	wb_kbuild_config_result_fini(&res);
}

ATF_TC_WITHOUT_HEAD(wb_kbuild_configure__bad_fragment);
ATF_TC_BODY(wb_kbuild_configure__bad_fragment, tc)
{
	struct wb_kbuild_config_result res;
	struct fixture f;
	struct wb_err e;

	setup(tc, &f, "CONFIG_A=y\nthis is not a setting\n");
	ATF_REQUIRE_EQ(-1, wb_kbuild_configure(&f.kb, &res, &e));
	ATF_REQUIRE_MATCH("knob.config:2", e.msg);
	wb_kbuild_config_result_fini(&res);
}

static int
nbuilds(const struct fixture *f)
{
	char path[1300], *s, *p;
	int n;

	snprintf(path, sizeof(path), "%s/builds", f->objdir);
	if (access(path, F_OK) != 0)
		return (0);
	s = wbt_read_file(path, NULL);
	for (n = 0, p = s; (p = strstr(p, "built")) != NULL; p++)
		n++;
	free(s);
	return (n);
}

ATF_TC_WITHOUT_HEAD(wb_kbuild_run__image_and_noop);
ATF_TC_BODY(wb_kbuild_run__image_and_noop, tc)
{
	char path[1300], hash[WB_SHA256_HEXSIZE], hash2[WB_SHA256_HEXSIZE];
	char *s;
	struct fixture f;
	struct wb_err e;
	struct stat st;
	int built;

	setup(tc, &f, "CONFIG_DEBUG_PREEMPT=y\n");
	ATF_REQUIRE_EQ_MSG(0, wb_kbuild_run(&f.kb, 0, &built, &e), "%s",
	    e.msg);
	ATF_REQUIRE_EQ(1, built);
	ATF_REQUIRE_EQ(1, nbuilds(&f));
	snprintf(path, sizeof(path), "%s/bzImage", f.imagedir);
	ATF_REQUIRE(stat(path, &st) == 0 && st.st_size > 0);
	snprintf(path, sizeof(path), "%s/kernel.json", f.imagedir);
	s = wbt_read_file(path, NULL);
	ATF_REQUIRE_MATCH("\"variant\": \"test\"", s);
	ATF_REQUIRE_MATCH("\"release\": \"6.1.0-fake\"", s);
	ATF_REQUIRE_EQ(0, wb_kbuild_input_hash(&f.kb, hash, &e));
	ATF_REQUIRE(strstr(s, hash) != NULL);
	free(s);
	ATF_REQUIRE(wb_kbuild_uptodate(f.imagedir, hash));

	/* Unchanged inputs: nothing runs. */
	ATF_REQUIRE_EQ(0, wb_kbuild_run(&f.kb, 0, &built, &e));
	ATF_REQUIRE_EQ(0, built);
	ATF_REQUIRE_EQ(1, nbuilds(&f));

	/* A changed fragment: rebuilt, and the old hash is stale. */
	wbt_write_file(f.frag2, "CONFIG_DEBUG_PREEMPT=y\nCONFIG_X=y\n");
	ATF_REQUIRE_EQ(0, wb_kbuild_input_hash(&f.kb, hash2, &e));
	ATF_REQUIRE(strcmp(hash, hash2) != 0);
	ATF_REQUIRE(!wb_kbuild_uptodate(f.imagedir, hash2));
	ATF_REQUIRE_EQ_MSG(0, wb_kbuild_run(&f.kb, 0, &built, &e), "%s",
	    e.msg);
	ATF_REQUIRE_EQ(1, built);
	ATF_REQUIRE_EQ(2, nbuilds(&f));
	/* No temporary image directory is left behind. */
	snprintf(path, sizeof(path), "%s.tmp.%ld", f.imagedir,
	    (long)getpid());
	ATF_REQUIRE(access(path, F_OK) != 0);
}

ATF_TC_WITHOUT_HEAD(wb_kbuild_run__failed_config_keeps_old_image);
ATF_TC_BODY(wb_kbuild_run__failed_config_keeps_old_image, tc)
{
	char path[1300], *before, *after;
	struct fixture f;
	struct wb_err e;
	int built;

	setup(tc, &f, "CONFIG_DEBUG_PREEMPT=y\n");
	ATF_REQUIRE_EQ(0, wb_kbuild_run(&f.kb, 0, &built, &e));
	snprintf(path, sizeof(path), "%s/kernel.json", f.imagedir);
	before = wbt_read_file(path, NULL);
	wbt_write_file(f.frag2, "# CONFIG_PREEMPT is not set\n"
	    "CONFIG_DEBUG_PREEMPT=y\n");
	ATF_REQUIRE_EQ(-1, wb_kbuild_run(&f.kb, 0, &built, &e));
	ATF_REQUIRE_EQ(0, built);
	after = wbt_read_file(path, NULL);
	ATF_REQUIRE_STREQ(before, after);
	free(before);
	free(after);
}

/*
 * The recipe's KBUILD_START and KBUILD_TARGET: the defaults spelled out
 * hash like no setting at all (images built before the recipe was read
 * stay up to date), another target is another build.
 */
ATF_TC_WITHOUT_HEAD(wb_kbuild_input_hash__targets);
ATF_TC_BODY(wb_kbuild_input_hash__targets, tc)
{
	char h0[WB_SHA256_HEXSIZE], h1[WB_SHA256_HEXSIZE];
	struct fixture f;
	struct wb_err e;

	setup(tc, &f, "CONFIG_DEBUG_PREEMPT=y\n");
	ATF_REQUIRE_EQ_MSG(0, wb_kbuild_input_hash(&f.kb, h0, &e), "%s",
	    e.msg);
	f.kb.start = "tinyconfig";
	f.kb.target = "bzImage";
	ATF_REQUIRE_EQ(0, wb_kbuild_input_hash(&f.kb, h1, &e));
	ATF_CHECK_STREQ(h0, h1);
	f.kb.start = "allnoconfig";
	ATF_REQUIRE_EQ(0, wb_kbuild_input_hash(&f.kb, h1, &e));
	ATF_CHECK(strcmp(h0, h1) != 0);
	f.kb.start = NULL;
	f.kb.target = "vmlinux";
	ATF_REQUIRE_EQ(0, wb_kbuild_input_hash(&f.kb, h1, &e));
	ATF_CHECK(strcmp(h0, h1) != 0);
}

/* The start and image targets are the ones make is asked for. */
ATF_TC_WITHOUT_HEAD(wb_kbuild_run__start_and_target);
ATF_TC_BODY(wb_kbuild_run__start_and_target, tc)
{
	struct wb_kbuild_config_result res;
	struct fixture f;
	struct wb_err e;
	int built;

	setup(tc, &f, "CONFIG_DEBUG_PREEMPT=y\n");
	f.kb.start = "nosuchconfig";
	ATF_REQUIRE_EQ(-1, wb_kbuild_configure(&f.kb, &res, &e));
	ATF_CHECK_MATCH("make nosuchconfig failed", e.msg);
	wb_kbuild_config_result_fini(&res);
	f.kb.start = "tinyconfig";
	f.kb.target = "nosuchImage";
	ATF_REQUIRE_EQ(-1, wb_kbuild_run(&f.kb, 0, &built, &e));
	ATF_CHECK_MATCH("make nosuchImage failed", e.msg);
	ATF_CHECK_EQ(0, built);
	f.kb.target = "bzImage";
	ATF_REQUIRE_EQ_MSG(0, wb_kbuild_run(&f.kb, 0, &built, &e), "%s",
	    e.msg);
	ATF_CHECK_EQ(1, built);
}

ATF_TC_WITHOUT_HEAD(wb_kbuild_unpack__once);
ATF_TC_BODY(wb_kbuild_unpack__once, tc)
{
	char cmd[2048], d1[WB_SHA256_HEXSIZE], d2[WB_SHA256_HEXSIZE];
	char *t1, *t2, marker[1300];
	struct wb_err e;

	(void)tc;
	fake_tree("kbuild-fake");
	snprintf(cmd, sizeof(cmd), "tar -cf src.tar kbuild-fake");
	ATF_REQUIRE(system(cmd) == 0);
	ATF_REQUIRE_EQ_MSG(0, wb_kbuild_unpack("src.tar", "cache", &t1, d1,
	    &e), "%s", e.msg);
	ATF_REQUIRE_MATCH("/?cache/kbuild-fake$", t1);
	ATF_REQUIRE(access("cache/kbuild-fake.stamp", F_OK) == 0);
	snprintf(marker, sizeof(marker), "%s/marker", t1);
	wbt_write_file(marker, "x");
	ATF_REQUIRE_EQ(0, wb_kbuild_unpack("src.tar", "cache", &t2, d2, &e));
	ATF_REQUIRE_STREQ(t1, t2);
	ATF_REQUIRE_STREQ(d1, d2);
	/* Reused, not extracted again. */
	ATF_REQUIRE(access(marker, F_OK) == 0);
	free(t1);
	free(t2);
	ATF_REQUIRE_EQ(-1, wb_kbuild_unpack("missing.tar", "cache", &t1, d1,
	    &e));
	ATF_REQUIRE_MATCH("missing.tar", e.msg);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_kbuild_configure__verified);
	ATF_TP_ADD_TC(tp, wb_kbuild_configure__option_did_not_stick);
	ATF_TP_ADD_TC(tp, wb_kbuild_configure__bad_fragment);
	ATF_TP_ADD_TC(tp, wb_kbuild_run__image_and_noop);
	ATF_TP_ADD_TC(tp, wb_kbuild_run__failed_config_keeps_old_image);
	ATF_TP_ADD_TC(tp, wb_kbuild_input_hash__targets);
	ATF_TP_ADD_TC(tp, wb_kbuild_run__start_and_target);
	ATF_TP_ADD_TC(tp, wb_kbuild_unpack__once);
	return (atf_no_error());
}
