/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/stat.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>
#include <jansson.h>

#include "provenance.h"
#include "wb_util.h"
#include "wbtest.h"

#define SHARE	"img/usr/share/worldbench"
#define LIBEXEC	"img/usr/libexec/worldbench"

static void
image(void)
{

	ATF_REQUIRE(mkdir("img", 0755) == 0);
	ATF_REQUIRE(mkdir("img/usr", 0755) == 0);
	ATF_REQUIRE(mkdir("img/usr/share", 0755) == 0);
	ATF_REQUIRE(mkdir(SHARE, 0755) == 0);
	ATF_REQUIRE(mkdir("img/usr/libexec", 0755) == 0);
	ATF_REQUIRE(mkdir(LIBEXEC, 0755) == 0);
	wbt_write_file(LIBEXEC "/pipe", "#!/bin/sh\n");
	wbt_write_file(SHARE "/workload.sh", "true\n");
	wbt_write_file("secret", "password: hunter2\n");
}

ATF_TC_WITHOUT_HEAD(wb_prov_buildinfo__image_file);
ATF_TC_BODY(wb_prov_buildinfo__image_file, tc)
{
	struct wb_err e;
	json_t *o;

	image();
	wbt_write_file(SHARE "/BUILDINFO", "# bench\ncc: gcc 12\n");
	o = wb_provenance_buildinfo("img", "/usr/share/worldbench/BUILDINFO",
	    &e);
	ATF_REQUIRE_MSG(o != NULL, "%s", e.msg);
	ATF_REQUIRE_STREQ("gcc 12", json_string_value(json_object_get(o,
	    "cc")));
	json_decref(o);
	o = wb_provenance_buildinfo("img", "/usr/share/worldbench/none", &e);
	ATF_REQUIRE(o != NULL && json_is_null(o));
}

ATF_TC_WITHOUT_HEAD(wb_prov_buildinfo__image_link);
ATF_TC_BODY(wb_prov_buildinfo__image_link, tc)
{
	struct wb_err e;
	char *secret;
	json_t *o;

	image();
	secret = wbt_abspath("secret");
	ATF_REQUIRE(symlink(secret, SHARE "/BUILDINFO") == 0);
	o = wb_provenance_buildinfo("img", "/usr/share/worldbench/BUILDINFO",
	    &e);
	ATF_REQUIRE_MSG(o == NULL, "read through the link: %s",
	    o != NULL ? json_dumps(o, 0) : "");
	ATF_REQUIRE_MSG(strstr(e.msg, "symbolic link") != NULL, "%s", e.msg);
	ATF_REQUIRE(strstr(e.msg, "hunter2") == NULL);
	free(secret);
}

ATF_TC_WITHOUT_HEAD(wb_prov_buildinfo__image_dir_link);
ATF_TC_BODY(wb_prov_buildinfo__image_dir_link, tc)
{
	struct wb_err e;
	json_t *o;

	ATF_REQUIRE(mkdir("img", 0755) == 0);
	ATF_REQUIRE(mkdir("img/usr", 0755) == 0);
	ATF_REQUIRE(mkdir("host", 0755) == 0);
	ATF_REQUIRE(mkdir("host/worldbench", 0755) == 0);
	wbt_write_file("host/worldbench/BUILDINFO", "password: hunter2\n");
	ATF_REQUIRE(symlink("../../host", "img/usr/share") == 0);
	o = wb_provenance_buildinfo("img", "/usr/share/worldbench/BUILDINFO",
	    &e);
	ATF_REQUIRE_MSG(o == NULL, "read through the link");
	ATF_REQUIRE_MSG(strstr(e.msg, "symbolic link") != NULL, "%s", e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_prov_suite__image_link);
ATF_TC_BODY(wb_prov_suite__image_link, tc)
{
	char hex[WB_SHA256_HEXSIZE], *secret;
	struct wb_err e;
	json_t *files;

	image();
	ATF_REQUIRE_EQ(0, wb_provenance_suite("img", "/usr/libexec/worldbench",
	    "/usr/share/worldbench", &files, hex, &e));
	ATF_REQUIRE_EQ(2, json_object_size(files));
	json_decref(files);
	secret = wbt_abspath("secret");
	ATF_REQUIRE(symlink(secret, LIBEXEC "/shadow") == 0);
	ATF_REQUIRE_EQ(-1, wb_provenance_suite("img", "/usr/libexec/worldbench",
	    "/usr/share/worldbench", &files, hex, &e));
	ATF_REQUIRE_MSG(strstr(e.msg, "symbolic link") != NULL, "%s", e.msg);
	free(secret);
}

ATF_TC_WITHOUT_HEAD(wb_prov_suite__host_paths);
ATF_TC_BODY(wb_prov_suite__host_paths, tc)
{
	char hex[WB_SHA256_HEXSIZE];
	struct wb_err e;
	json_t *files;

	image();
	ATF_REQUIRE(symlink("img/usr", "usr") == 0);
	ATF_REQUIRE_EQ(0, wb_provenance_suite(NULL, "usr/libexec/worldbench",
	    "usr/share/worldbench", &files, hex, &e));
	ATF_REQUIRE(json_object_get(files, "libexec/pipe") != NULL);
	json_decref(files);
}

/* Two fake nodes: the same CPU with flags in another order, and an EPYC. */
#define CPU_A	"processor\t: 0\nmodel name\t: Fake Xeon\n" \
		"microcode\t: 0xb000040\nflags\t\t: fpu sse2 avx\n\n" \
		"processor\t: 1\nmodel name\t: Fake Xeon\n" \
		"microcode\t: 0xb000040\nflags\t\t: fpu sse2 avx\n"
#define CPU_B	"processor\t: 0\nmodel name\t: Fake Xeon\n" \
		"microcode\t: 0xb000040\nflags\t\t: avx fpu sse2\n\n" \
		"processor\t: 1\nmodel name\t: Fake Xeon\n" \
		"microcode\t: 0xb000040\nflags\t\t: avx fpu sse2\n"
#define CPU_C	"processor\t: 0\nmodel name\t: AMD EPYC 9654\n" \
		"flags\t\t: fpu sse2 avx avx512f\n"

static json_t *
fingerprint_of(const char *cpuinfo)
{
	struct wb_err e;
	json_t *o;

	wbt_write_file("cpuinfo", cpuinfo);
	ATF_REQUIRE(setenv("WORLDBENCH_CPUINFO", "cpuinfo", 1) == 0);
	o = wb_provenance_fingerprint(&e);
	ATF_REQUIRE_MSG(o != NULL, "%s", e.msg);
	return (o);
}

ATF_TC_WITHOUT_HEAD(wb_prov_fingerprint__fake_cpuinfo);
ATF_TC_BODY(wb_prov_fingerprint__fake_cpuinfo, tc)
{
	json_t *a, *b, *c, *x;

	a = fingerprint_of(CPU_A);
	ATF_REQUIRE_STREQ("Fake Xeon", json_string_value(json_object_get(a,
	    "cpu_model")));
	ATF_REQUIRE_STREQ("0xb000040", json_string_value(json_object_get(a,
	    "microcode")));
	ATF_REQUIRE_EQ(2, json_integer_value(json_object_get(a, "cores")));
	ATF_REQUIRE(strlen(json_string_value(json_object_get(a,
	    "cpu_flags_sha256"))) == 64);
	ATF_REQUIRE(json_is_string(json_object_get(a, "hostname")));
	ATF_REQUIRE(json_is_string(json_object_get(a, "kernel")));
	ATF_REQUIRE((x = json_object_get(a, "qemu")) != NULL &&
	    (json_is_null(x) || json_is_string(x)));
	/* The flags' order does not matter; another CPU does. */
	b = fingerprint_of(CPU_B);
	ATF_REQUIRE(json_equal(a, b));
	c = fingerprint_of(CPU_C);
	ATF_REQUIRE(!json_equal(a, c));
	ATF_REQUIRE_EQ(1, json_integer_value(json_object_get(c, "cores")));
	ATF_REQUIRE(json_object_get(c, "microcode") == NULL);
	ATF_REQUIRE(strcmp(json_string_value(json_object_get(a,
	    "cpu_flags_sha256")), json_string_value(json_object_get(c,
	    "cpu_flags_sha256"))) != 0);
	json_decref(a);
	json_decref(b);
	json_decref(c);
}

ATF_TC_WITHOUT_HEAD(wb_prov_fingerprint__missing_cpuinfo);
ATF_TC_BODY(wb_prov_fingerprint__missing_cpuinfo, tc)
{
	struct wb_err e;

	ATF_REQUIRE(setenv("WORLDBENCH_CPUINFO", "nonesuch", 1) == 0);
	ATF_REQUIRE(wb_provenance_fingerprint(&e) == NULL);
	ATF_REQUIRE_MSG(strstr(e.msg, "nonesuch") != NULL, "%s", e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_prov_host__records_fingerprint);
ATF_TC_BODY(wb_prov_host__records_fingerprint, tc)
{
	struct wb_err e;
	json_t *h, *f;

	wbt_write_file("cpuinfo", CPU_C);
	ATF_REQUIRE(setenv("WORLDBENCH_CPUINFO", "cpuinfo", 1) == 0);
	h = wb_provenance_host(&e);
	ATF_REQUIRE_MSG(h != NULL, "%s", e.msg);
	f = json_object_get(h, "fingerprint");
	ATF_REQUIRE(json_is_object(f));
	ATF_REQUIRE_STREQ("AMD EPYC 9654", json_string_value(
	    json_object_get(f, "cpu_model")));
	ATF_REQUIRE_STREQ("AMD EPYC 9654", json_string_value(
	    json_object_get(h, "cpu_model")));
	json_decref(h);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_prov_buildinfo__image_file);
	ATF_TP_ADD_TC(tp, wb_prov_buildinfo__image_link);
	ATF_TP_ADD_TC(tp, wb_prov_buildinfo__image_dir_link);
	ATF_TP_ADD_TC(tp, wb_prov_suite__image_link);
	ATF_TP_ADD_TC(tp, wb_prov_suite__host_paths);
	ATF_TP_ADD_TC(tp, wb_prov_fingerprint__fake_cpuinfo);
	ATF_TP_ADD_TC(tp, wb_prov_fingerprint__missing_cpuinfo);
	ATF_TP_ADD_TC(tp, wb_prov_host__records_fingerprint);
	return (atf_no_error());
}
