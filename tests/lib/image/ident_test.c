/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>
#include <jansson.h>

#include "ident.h"
#include "image.h"
#include "image_diff.h"
#include "wb_util.h"
#include "wbtest.h"

/* root/{etc/b, bin/dash, bin/sh -> dash} */
static void
make_root(const char *root)
{
	char p[256];

	ATF_REQUIRE(mkdir(root, 0755) == 0);
	snprintf(p, sizeof(p), "%s/etc", root);
	ATF_REQUIRE(mkdir(p, 0755) == 0);
	snprintf(p, sizeof(p), "%s/bin", root);
	ATF_REQUIRE(mkdir(p, 0755) == 0);
	snprintf(p, sizeof(p), "%s/etc/b", root);
	wbt_write_file(p, "b\n");
	snprintf(p, sizeof(p), "%s/bin/dash", root);
	wbt_write_file(p, "#!dash\n");
	snprintf(p, sizeof(p), "%s/bin/sh", root);
	ATF_REQUIRE(symlink("dash", p) == 0);
}

/* Pack root as WORK/images/LABEL.tar.zst beside its owners record. */
static void
image(const char *root, const char *label, const char *owners)
{
	struct wb_pack_opts o;
	struct wb_err e;
	char out[256], sha[65];

	ATF_REQUIRE(mkdir("work", 0755) == 0 || access("work", F_OK) == 0);
	ATF_REQUIRE(mkdir("work/images", 0755) == 0 ||
	    access("work/images", F_OK) == 0);
	memset(&o, 0, sizeof(o));
	o.compress = WB_COMPRESS_ZSTD;
	o.keep_owners = 1;
	snprintf(out, sizeof(out), "work/images/%s.tar.zst", label);
	ATF_REQUIRE_MSG(wb_image_pack(root, out, &o, sha, &e) == 0, "%s",
	    e.msg);
	snprintf(out, sizeof(out), "work/images/%s.owners", label);
	wbt_write_file(out, owners);
}

static const char base_owners[] =
    "bin\tworld\nbin/dash\tworld\nbin/sh\tworld\netc\tworld\n"
    "etc/b\tworld\n";
static const char knob_owners[] =
    "bin\tworld\nbin/dash\tworld\nbin/sh\tworld\netc\tworld\n"
    "etc/b\tworld\netc/ld.so.preload\toverlay glibc-debug\n";

/* The pair's verdict, *why as the check gives it. */
static int
check(char **why)
{
	static const char *const what[2] = { "a", "b" };
	struct wb_err e;
	json_t *a, *b;
	int r;

	a = wb_ident_world_image("work", "host-prod", &e);
	ATF_REQUIRE_MSG(a != NULL, "%s", e.msg);
	b = wb_ident_world_image("work", "host-debug", &e);
	ATF_REQUIRE_MSG(b != NULL, "%s", e.msg);
	ATF_CHECK_STREQ("world", json_string_value(json_object_get(b,
	    "kind")));
	ATF_CHECK_EQ(6, json_integer_value(json_object_get(b, "entries")));
	ATF_CHECK_STREQ("overlay glibc-debug", json_string_value(
	    json_object_get(json_object_get(b, "owners"),
	    "etc/ld.so.preload")));
	r = wb_ident_check(a, b, "prod", "debug", what, why, &e);
	ATF_REQUIRE_MSG(r != -1, "%s", e.msg);
	json_decref(a);
	json_decref(b);
	return (r);
}

ATF_TC_WITHOUT_HEAD(wb_ident_check__knob_only_matched);
ATF_TC_BODY(wb_ident_check__knob_only_matched, tc)
{
	char *why;

	make_root("r1");
	make_root("r2");
	wbt_write_file("r2/etc/ld.so.preload", "libx.so\n");
	image("r1", "host-prod", base_owners);
	image("r2", "host-debug", knob_owners);
	ATF_CHECK_EQ_MSG(WB_IDENT_MATCHED, check(&why), "%s", why);
	free(why);
}

ATF_TC_WITHOUT_HEAD(wb_ident_check__drifted_file_named);
ATF_TC_BODY(wb_ident_check__drifted_file_named, tc)
{
	char *why;

	make_root("r1");
	make_root("r2");
	wbt_write_file("r2/etc/ld.so.preload", "libx.so\n");
	wbt_write_file("r2/etc/b", "drifted\n");
	image("r1", "host-prod", base_owners);
	image("r2", "host-debug", knob_owners);
	ATF_CHECK_EQ(WB_IDENT_UNMATCHED, check(&why));
	ATF_REQUIRE(why != NULL);
	ATF_CHECK_MSG(strstr(why, "in etc/b (M content, made by world)") !=
	    NULL && strstr(why, "image host-debug") != NULL &&
	    strstr(why, "image host-prod") != NULL &&
	    strstr(why, "overlay glibc-debug") != NULL, "%s", why);
	free(why);
}

/* A link retargeted survives the manifest's round trip and is named. */
ATF_TC_WITHOUT_HEAD(wb_ident_check__link_target);
ATF_TC_BODY(wb_ident_check__link_target, tc)
{
	char *why;

	make_root("r1");
	make_root("r2");
	ATF_REQUIRE(unlink("r2/bin/sh") == 0 &&
	    symlink("ba sh", "r2/bin/sh") == 0);
	wbt_write_file("r2/etc/ld.so.preload", "libx.so\n");
	image("r1", "host-prod", base_owners);
	image("r2", "host-debug", knob_owners);
	ATF_CHECK_EQ(WB_IDENT_UNMATCHED, check(&why));
	ATF_CHECK_MSG(why != NULL && strstr(why, "in bin/sh (M link "
	    "target") != NULL, "%s", why);
	free(why);
}

/* A record without a kind (older results): not recorded, named. */
ATF_TC_WITHOUT_HEAD(wb_ident_check__unrecorded);
ATF_TC_BODY(wb_ident_check__unrecorded, tc)
{
	static const char *const what[2] = { "a", "b" };
	const json_t *ids[2];
	struct wb_err e;
	json_t *w;
	char *why;

	w = json_pack("{s:s, s:{}, s:{}}", "kind", "world", "manifest",
	    "owners");
	ATF_REQUIRE(w != NULL);
	ATF_CHECK_EQ(WB_IDENT_UNRECORDED, wb_ident_check(w, json_null(),
	    "prod", "debug", what, &why, &e));
	ATF_CHECK_STREQ("debug", why);
	free(why);
	ids[0] = json_null();
	ids[1] = json_null();
	ATF_CHECK_EQ(1, wb_ident_none(ids, 2));
	ids[1] = w;
	ATF_CHECK_EQ(0, wb_ident_none(ids, 2));
	json_decref(w);
}

/* A malformed manifest entry: the file and the path named. */
ATF_TC_WITHOUT_HEAD(wb_ident_check__bad_manifest);
ATF_TC_BODY(wb_ident_check__bad_manifest, tc)
{
	static const char *const what[2] = { "prod.json", "debug.json" };
	struct wb_err e;
	json_t *a, *b;
	char *why;

	a = json_pack("{s:s, s:{s:s}, s:{}}", "kind", "world", "manifest",
	    "etc/x", "f 0644 0:0 -", "owners");
	b = json_pack("{s:s, s:{s:s}, s:{}}", "kind", "world", "manifest",
	    "etc/x", "f 0644 zero", "owners");
	ATF_REQUIRE(a != NULL && b != NULL);
	ATF_CHECK_EQ(-1, wb_ident_check(a, b, "prod", "debug", what, &why,
	    &e));
	ATF_CHECK_MSG(strstr(e.msg, "debug.json") != NULL &&
	    strstr(e.msg, "etc/x") != NULL, "%s", e.msg);
	json_decref(a);
	json_decref(b);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_ident_check__knob_only_matched);
	ATF_TP_ADD_TC(tp, wb_ident_check__drifted_file_named);
	ATF_TP_ADD_TC(tp, wb_ident_check__link_target);
	ATF_TP_ADD_TC(tp, wb_ident_check__unrecorded);
	ATF_TP_ADD_TC(tp, wb_ident_check__bad_manifest);
	return (atf_no_error());
}
