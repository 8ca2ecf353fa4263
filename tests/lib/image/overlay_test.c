/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Overlays: declared order, later wins, every override reported,
 * fragments merged, manifests loaded, editor and VCS files skipped.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "manifest.h"
#include "overlay.h"
#include "wb_util.h"
#include "wbtest.h"

static void
record(void *arg, const char *path, const char *was, const char *now)
{
	char *buf = arg;
	size_t len = strlen(buf);

	snprintf(buf + len, 4096 - len, "%s: %s -> %s\n", path, was, now);
}

static void
mkdirs(const char *const *dirs)
{

	for (; *dirs != NULL; dirs++)
		ATF_REQUIRE_MSG(mkdir(*dirs, 0755) == 0, "mkdir %s", *dirs);
}

static void
setup(void)
{
	static const char *const dirs[] = {
		"stage", "stage/etc", "o1", "o1/rootfs", "o1/rootfs/etc",
		"o1/rootfs/.git", "o1/fragments", "o1/fragments/etc", "o2",
		"o2/rootfs", "o2/rootfs/etc", "o2/fragments",
		"o2/fragments/etc", NULL
	};

	mkdirs(dirs);
	wbt_write_file("stage/etc/a", "world\n");
	wbt_write_file("stage/etc/env", "KEEP=1\n");
	wbt_write_file("o1/rootfs/etc/a", "o1\n");
	wbt_write_file("o1/rootfs/etc/b", "o1\n");
	wbt_write_file("o1/rootfs/etc/b~", "backup\n");
	wbt_write_file("o1/rootfs/.git/config", "x\n");
	wbt_write_file("o1/fragments/etc/env", "A=1\nB=1\n");
	wbt_write_file("o1/manifest", "etc/b mode=0600\n");
	wbt_write_file("o2/rootfs/etc/a", "o2\n");
	wbt_write_file("o2/fragments/etc/env", "A=2\n");
	wbt_write_file("o2/manifest", "etc/b uid=7\n");
}

ATF_TC_WITHOUT_HEAD(wb_overlay_apply__order_and_reports);
ATF_TC_BODY(wb_overlay_apply__order_and_reports, tc)
{
	struct wb_manifest_entry *me;
	struct wb_overlay_owners *own;
	struct wb_manifest m;
	struct wb_err e;
	struct stat st;
	char *log, *s;

	setup();
	ATF_REQUIRE((log = calloc(1, 4096)) != NULL);
	ATF_REQUIRE((own = wb_overlay_owners_new(&e)) != NULL);
	wb_manifest_init(&m);
	ATF_REQUIRE_MSG(wb_overlay_tree_merge("stage", "root", "world", own,
	    record, log, &e) == 0, "%s", e.msg);
	ATF_REQUIRE_MSG(wb_overlay_apply("o1", "root", own, &m, record, log,
	    &e) == 0, "%s", e.msg);
	ATF_REQUIRE_MSG(wb_overlay_apply("o2", "root", own, &m, record, log,
	    &e) == 0, "%s", e.msg);
	/* Within an overlay, rootfs/ comes before fragments/. */
	ATF_CHECK_STREQ("etc/a: world -> overlay o1\n"
	    "etc/a: overlay o1 -> overlay o2\n"
	    "etc/env:A: root/etc/env:2 (1) -> o2/fragments/etc/env:1 (2)\n",
	    log);
	s = wbt_read_file("root/etc/a", NULL);
	ATF_CHECK_STREQ("o2\n", s);
	free(s);
	s = wbt_read_file("root/etc/env", NULL);
	ATF_CHECK_STREQ("KEEP=1\nA=2\nB=1\n", s);
	free(s);
	ATF_CHECK(stat("root/etc/b~", &st) == -1);
	ATF_CHECK(stat("root/.git", &st) == -1);
	ATF_REQUIRE((me = wb_manifest_find(&m, "etc/b")) != NULL);
	ATF_CHECK_EQ(me->mode, 0600);
	ATF_CHECK_EQ(me->uid, 7);
	ATF_CHECK_STREQ("o2/manifest", me->file);
	wb_manifest_fini(&m);
	wb_overlay_owners_free(own);
	free(log);
}

ATF_TC_WITHOUT_HEAD(wb_overlay_apply__type_clash);
ATF_TC_BODY(wb_overlay_apply__type_clash, tc)
{
	static const char *const dirs[] = { "root", "root/etc", "o", "o/rootfs",
	    NULL };
	struct wb_overlay_owners *own;
	struct wb_manifest m;
	struct wb_err e;

	mkdirs(dirs);
	wbt_write_file("o/rootfs/etc", "a file where a directory is\n");
	ATF_REQUIRE((own = wb_overlay_owners_new(&e)) != NULL);
	wb_manifest_init(&m);
	ATF_CHECK_EQ(wb_overlay_apply("o", "root", own, &m, NULL, NULL, &e),
	    -1);
	ATF_CHECK_STREQ("etc: overlay o replaces a directory with a "
	    "non-directory", e.msg);
	ATF_CHECK_EQ(wb_overlay_apply("missing", "root", own, &m, NULL, NULL,
	    &e), -1);
	ATF_CHECK_STREQ("overlay missing: no such directory", e.msg);
	wb_manifest_fini(&m);
	wb_overlay_owners_free(own);
}

ATF_TC_WITHOUT_HEAD(wb_overlay_apply__bad_manifest);
ATF_TC_BODY(wb_overlay_apply__bad_manifest, tc)
{
	static const char *const dirs[] = { "root", "o", NULL };
	struct wb_overlay_owners *own;
	struct wb_manifest m;
	struct wb_err e;

	mkdirs(dirs);
	wbt_write_file("o/manifest", "# c\netc/x mode=999\n");
	ATF_REQUIRE((own = wb_overlay_owners_new(&e)) != NULL);
	wb_manifest_init(&m);
	ATF_CHECK_EQ(wb_overlay_apply("o", "root", own, &m, NULL, NULL, &e),
	    -1);
	ATF_CHECK_STREQ("o/manifest:2: bad mode '999' (octal, at most 7777)",
	    e.msg);
	wbt_write_file("o/manifest", "../etc mode=0644\n");
	ATF_CHECK_EQ(wb_overlay_apply("o", "root", own, &m, NULL, NULL, &e),
	    -1);
	ATF_CHECK_STREQ("o/manifest:1: bad path '../etc' (relative, no '.' "
	    "or '..' components)", e.msg);
	wb_manifest_fini(&m);
	wb_overlay_owners_free(own);
}

/* An image root whose etc is a link to a directory outside it. */
static void
linked_root(void)
{
	static const char *const dirs[] = { "root", "outside", "o",
	    "o/fragments", "o/fragments/etc", "o/fragments/etc/sub", "p",
	    "p/rootfs", "p/rootfs/etc", NULL };
	char *out;

	mkdirs(dirs);
	wbt_write_file("outside/env", "HOST=1\n");
	out = wbt_abspath("outside");
	ATF_REQUIRE(symlink(out, "root/etc") == 0);
	free(out);
	wbt_write_file("o/fragments/etc/env", "A=1\n");
	wbt_write_file("o/fragments/etc/new", "B=1\n");
	wbt_write_file("o/fragments/etc/sub/c", "C=1\n");
	wbt_write_file("p/rootfs/etc/env", "A=1\n");
}

static void
outside_unchanged(void)
{
	char *s;

	s = wbt_read_file("outside/env", NULL);
	ATF_CHECK_STREQ("HOST=1\n", s);
	free(s);
	ATF_CHECK(access("outside/new", F_OK) == -1);
	ATF_CHECK(access("outside/sub", F_OK) == -1);
}

ATF_TC_WITHOUT_HEAD(wb_overlay_apply__fragments_linked_dir);
ATF_TC_BODY(wb_overlay_apply__fragments_linked_dir, tc)
{
	struct wb_overlay_owners *own;
	struct wb_manifest m;
	struct wb_err e;

	linked_root();
	ATF_REQUIRE((own = wb_overlay_owners_new(&e)) != NULL);
	wb_manifest_init(&m);
	ATF_CHECK_EQ(wb_overlay_apply("o", "root", own, &m, NULL, NULL, &e),
	    -1);
	ATF_CHECK_MSG(strstr(e.msg, "root/etc") != NULL &&
	    strstr(e.msg, "symbolic link") != NULL, "%s", e.msg);
	outside_unchanged();
	wb_manifest_fini(&m);
	wb_overlay_owners_free(own);
}

ATF_TC_WITHOUT_HEAD(wb_overlay_apply__fragment_target_link);
ATF_TC_BODY(wb_overlay_apply__fragment_target_link, tc)
{
	static const char *const dirs[] = { "root", "root/etc", "outside",
	    "o", "o/fragments", "o/fragments/etc", NULL };
	struct wb_overlay_owners *own;
	struct wb_manifest m;
	struct wb_err e;
	char *out;

	mkdirs(dirs);
	wbt_write_file("outside/env", "HOST=1\n");
	out = wbt_abspath("outside/env");
	ATF_REQUIRE(symlink(out, "root/etc/env") == 0);
	free(out);
	wbt_write_file("o/fragments/etc/env", "A=1\n");
	ATF_REQUIRE((own = wb_overlay_owners_new(&e)) != NULL);
	wb_manifest_init(&m);
	ATF_CHECK_EQ(wb_overlay_apply("o", "root", own, &m, NULL, NULL, &e),
	    -1);
	ATF_CHECK_STREQ("root/etc/env: fragment target is a symbolic link, "
	    "not followed", e.msg);
	outside_unchanged();
	wb_manifest_fini(&m);
	wb_overlay_owners_free(own);
}

/* A fragment of the overlay that is a link is refused, its target unread. */
ATF_TC_WITHOUT_HEAD(wb_overlay_apply__fragment_is_link);
ATF_TC_BODY(wb_overlay_apply__fragment_is_link, tc)
{
	static const char *const dirs[] = { "root", "root/etc", "outside",
	    "o", "o/fragments", "o/fragments/etc", NULL };
	struct wb_overlay_owners *own;
	struct wb_manifest m;
	struct wb_err e;
	char *out;
	int w;

	mkdirs(dirs);
	wbt_write_file("outside/env", "HOST=1\n");
	out = wbt_abspath("outside/env");
	ATF_REQUIRE(symlink(out, "o/fragments/etc/env") == 0);
	free(out);
	ATF_REQUIRE((own = wb_overlay_owners_new(&e)) != NULL);
	wb_manifest_init(&m);
	w = wbt_watch_reads("outside/env");
	ATF_CHECK_EQ(wb_overlay_apply("o", "root", own, &m, NULL, NULL, &e),
	    -1);
	wbt_unread(w, "outside/env");
	ATF_CHECK_STREQ("o/fragments/etc/env: fragment is a symbolic link, "
	    "not followed", e.msg);
	ATF_CHECK(access("root/etc/env", F_OK) == -1);
	wb_manifest_fini(&m);
	wb_overlay_owners_free(own);
}

ATF_TC_WITHOUT_HEAD(wb_overlay_apply__rootfs_linked_dir);
ATF_TC_BODY(wb_overlay_apply__rootfs_linked_dir, tc)
{
	struct wb_overlay_owners *own;
	struct wb_manifest m;
	struct wb_err e;

	linked_root();
	ATF_REQUIRE((own = wb_overlay_owners_new(&e)) != NULL);
	wb_manifest_init(&m);
	ATF_CHECK_EQ(wb_overlay_apply("p", "root", own, &m, NULL, NULL, &e),
	    -1);
	outside_unchanged();
	wb_manifest_fini(&m);
	wb_overlay_owners_free(own);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_overlay_apply__order_and_reports);
	ATF_TP_ADD_TC(tp, wb_overlay_apply__type_clash);
	ATF_TP_ADD_TC(tp, wb_overlay_apply__bad_manifest);
	ATF_TP_ADD_TC(tp, wb_overlay_apply__fragments_linked_dir);
	ATF_TP_ADD_TC(tp, wb_overlay_apply__fragment_target_link);
	ATF_TP_ADD_TC(tp, wb_overlay_apply__fragment_is_link);
	ATF_TP_ADD_TC(tp, wb_overlay_apply__rootfs_linked_dir);
	return (atf_no_error());
}
