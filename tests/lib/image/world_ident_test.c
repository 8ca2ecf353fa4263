/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/stat.h>

#include <stdio.h>
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "wb_util.h"
#include "world.h"
#include "wbtest.h"

#define SHA	"0123456789abcdef0123456789abcdef" \
		"0123456789abcdef0123456789abcdef"
#define INPUT	"feedfacefeedfacefeedfacefeedface" \
		"feedfacefeedfacefeedfacefeedface"

static void
workdir(void)
{

	ATF_REQUIRE(mkdir("w", 0755) == 0);
	ATF_REQUIRE(mkdir("w/roots", 0700) == 0);
	ATF_REQUIRE(mkdir("w/roots/" SHA, 0755) == 0);
	ATF_REQUIRE(mkdir("w/images", 0755) == 0);
	wbt_write_file("w/images/host-other.meta", "name=host-other\n"
	    "hash=aaaa\nsha256=ffff\n");
}

ATF_TC_WITHOUT_HEAD(wb_world_image_ident__from_meta);
ATF_TC_BODY(wb_world_image_ident__from_meta, tc)
{
	struct wb_err e;
	json_t *o;

	workdir();
	wbt_write_file("w/images/host-glibc-debug.meta", "name=host-glibc-debug\n"
	    "recipe=host\nvariant=glibc-debug\noptions=GLIBC_DEBUG JEMALLOC\n"
	    "hash=" INPUT "\nsha256=" SHA
	    "\nsize=10\npath=w/images/host-glibc-debug.tar.zst\n");
	o = wb_world_image_ident("w/roots/" SHA, &e);
	ATF_REQUIRE_MSG(o != NULL, "%s", e.msg);
	ATF_REQUIRE_STREQ(SHA, json_string_value(json_object_get(o,
	    "sha256")));
	ATF_REQUIRE_STREQ(INPUT, json_string_value(json_object_get(o,
	    "input_hash")));
	ATF_REQUIRE_STREQ("host-glibc-debug", json_string_value(
	    json_object_get(o, "name")));
	ATF_CHECK_STREQ("host", json_string_value(json_object_get(o,
	    "recipe")));
	ATF_CHECK_STREQ("glibc-debug", json_string_value(json_object_get(o,
	    "variant")));
	/* The knob set: the options the variant turns on. */
	ATF_REQUIRE_EQ(2, json_array_size(json_object_get(o, "knobs")));
	ATF_CHECK_STREQ("GLIBC_DEBUG", json_string_value(json_array_get(
	    json_object_get(o, "knobs"), 0)));
	ATF_CHECK_STREQ("JEMALLOC", json_string_value(json_array_get(
	    json_object_get(o, "knobs"), 1)));
	/* No shared stage recorded: no key. */
	ATF_CHECK(json_object_get(o, "stage") == NULL);
	json_decref(o);
}

/* A debootstrap world's image names the shared stage it came from. */
ATF_TC_WITHOUT_HEAD(wb_world_image_ident__stage);
ATF_TC_BODY(wb_world_image_ident__stage, tc)
{
	struct wb_err e;
	json_t *o;

	workdir();
	wbt_write_file("w/images/debian-glibc-debug.meta",
	    "name=debian-glibc-debug\nrecipe=debian\nvariant=glibc-debug\n"
	    "options=GLIBC_CHECK\nhash=" INPUT "\nstage=" INPUT "\nsha256="
	    SHA "\nsize=10\npath=w/images/debian-glibc-debug.tar.zst\n");
	o = wb_world_image_ident("w/roots/" SHA, &e);
	ATF_REQUIRE_MSG(o != NULL, "%s", e.msg);
	ATF_CHECK_STREQ("debian-glibc-debug", json_string_value(
	    json_object_get(o, "name")));
	ATF_CHECK_STREQ(INPUT, json_string_value(json_object_get(o,
	    "stage")));
	json_decref(o);
}

ATF_TC_WITHOUT_HEAD(wb_world_image_ident__no_meta);
ATF_TC_BODY(wb_world_image_ident__no_meta, tc)
{
	struct wb_err e;
	json_t *o;

	workdir();
	o = wb_world_image_ident("w/roots/" SHA, &e);
	ATF_REQUIRE_MSG(o != NULL, "%s", e.msg);
	ATF_REQUIRE_STREQ(SHA, json_string_value(json_object_get(o,
	    "sha256")));
	ATF_REQUIRE(json_object_get(o, "input_hash") == NULL);
	json_decref(o);
}

ATF_TC_WITHOUT_HEAD(wb_world_image_ident__other_root);
ATF_TC_BODY(wb_world_image_ident__other_root, tc)
{
	struct wb_err e;
	json_t *o;

	workdir();
	ATF_REQUIRE(mkdir("w/" SHA, 0755) == 0);
	/* A root directory given as it is: no image, JSON null. */
	o = wb_world_image_ident("w/" SHA, &e);
	ATF_REQUIRE(o != NULL && json_is_null(o));
	o = wb_world_image_ident("w/roots/notahash", &e);
	ATF_REQUIRE(o != NULL && json_is_null(o));
	o = wb_world_image_ident("host", &e);
	ATF_REQUIRE(o != NULL && json_is_null(o));
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_world_image_ident__from_meta);
	ATF_TP_ADD_TC(tp, wb_world_image_ident__no_meta);
	ATF_TP_ADD_TC(tp, wb_world_image_ident__stage);
	ATF_TP_ADD_TC(tp, wb_world_image_ident__other_root);
	return (atf_no_error());
}
