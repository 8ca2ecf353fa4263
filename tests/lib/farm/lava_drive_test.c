/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The lava-job and import --lava drivers called without the command
 * line: the job's text against the command's golden, its refusals, the
 * kernel URLs, the results files of an import and what each notes.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "lava_drive.h"
#include "wb_model.h"
#include "wb_util.h"
#include "wbtest.h"

static const char *const labels[] = { "production", "debug" };
static const char *const kernels[] = {
	"http://lava.example/k/production/bzImage",
	"http://lava.example/k/debug/bzImage"
};

/* The golden job of tests/src/cmd_lava_test.sh as a request. */
static void
golden_request(struct wb_lava_drive *d, const struct wb_test_def ***defs)
{
	struct wb_err e;

	memset(d, 0, sizeof(*d));
	ATF_REQUIRE_MSG(wb_suite_parse_list("syscall,pipe,shell1", defs,
	    &d->ntests, &e) == 0, "%s", e.msg);
	d->tests = *defs;
	d->labels = labels;
	d->kernels = kernels;
	d->nkernels = 2;
	d->seconds = 5;
	d->rounds = 2;
	d->ramdisk = "http://lava.example/worldbench-initramfs.cpio.gz";
	d->device_type = "qemu";
	d->out = "job.yaml";
}

/* The job written, its version line as the golden spells it. */
static char *
job_text(void)
{
	char *got, *at, *eol, *s;

	got = wbt_read_file("job.yaml", NULL);
	at = strstr(got, "worldbench.version: ");
	ATF_REQUIRE(at != NULL);
	eol = strchr(at, '\n');
	ATF_REQUIRE(eol != NULL);
	*at = '\0';
	ATF_REQUIRE(asprintf(&s, "%sworldbench.version: VERSION%s", got,
	    eol) != -1);
	free(got);
	return (s);
}

ATF_TC_WITHOUT_HEAD(wb_lava_drive__golden);
ATF_TC_BODY(wb_lava_drive__golden, tc)
{
	const struct wb_test_def **defs;
	struct wb_lava_drive d;
	struct wbt_lines n;
	struct wb_err e;
	char *want, *got;

	golden_request(&d, &defs);
	memset(&n, 0, sizeof(n));
	d.note = wbt_lines_add;
	d.arg = &n;
	ATF_REQUIRE_MSG(wb_lava_drive(&d, &e) == 0, "%s", e.msg);
	want = wbt_read_file(wbt_srcpath(tc,
	    "tests/src/data/lava-job.expected"), NULL);
	got = job_text();
	ATF_CHECK_STREQ(want, got);
	/* A ramdisk given: no initramfs exported, nothing noted. */
	ATF_CHECK_STREQ("", n.text);
	free(want);
	free(got);
	free(defs);
}

ATF_TC_WITHOUT_HEAD(wb_lava_drive__refused);
ATF_TC_BODY(wb_lava_drive__refused, tc)
{
	static const char *const bad[] = { "a+b", "debug" };
	const struct wb_test_def **defs;
	struct wb_lava_drive d;
	struct wb_err e;

	(void)tc;
	golden_request(&d, &defs);
	d.labels = bad;
	ATF_CHECK_EQ(-2, wb_lava_drive(&d, &e));
	ATF_CHECK_MSG(strstr(e.msg, "label 'a+b'") != NULL, "%s", e.msg);
	ATF_CHECK(access("job.yaml", F_OK) == -1);
	golden_request(&d, &defs);
	d.nkernels = 0;
	ATF_CHECK_EQ(-2, wb_lava_drive(&d, &e));
	ATF_CHECK(access("job.yaml", F_OK) == -1);
	free(defs);
}

ATF_TC_WITHOUT_HEAD(wb_lava_drive__workdir_unusable);
ATF_TC_BODY(wb_lava_drive__workdir_unusable, tc)
{
	const struct wb_test_def **defs;
	struct wb_lava_drive d;
	struct wbt_lines n;
	struct wb_err e;

	(void)tc;
	golden_request(&d, &defs);
	memset(&n, 0, sizeof(n));
	d.note = wbt_lines_add;
	d.arg = &n;
	d.ramdisk = NULL;
	wbt_write_file("file", "not a directory\n");
	d.workdir = "file/w";
	ATF_CHECK_EQ(-3, wb_lava_drive(&d, &e));
	ATF_CHECK_STREQ("file/w/lava: Not a directory", e.msg);
	ATF_CHECK_STREQ("", n.text);
	ATF_CHECK(access("job.yaml", F_OK) == -1);
	free(defs);
}

ATF_TC_WITHOUT_HEAD(wb_lava_kernel_url__forms);
ATF_TC_BODY(wb_lava_kernel_url__forms, tc)
{
	struct wb_err e;
	char *url, *want, *abs;

	(void)tc;
	url = wb_lava_kernel_url("https://x/bz", &e);
	ATF_CHECK_STREQ("https://x/bz", url);
	free(url);
	ATF_REQUIRE(mkdir("k", 0755) == 0);
	wbt_write_file("k/bzImage", "not a kernel\n");
	abs = realpath(".", NULL);
	ATF_REQUIRE(abs != NULL);
	ATF_REQUIRE(asprintf(&want, "file://%s/k/bzImage", abs) != -1);
	url = wb_lava_kernel_url("k", &e);
	ATF_CHECK_STREQ(want, url);
	free(url);
	url = wb_lava_kernel_url("k/bzImage", &e);
	ATF_CHECK_STREQ(want, url);
	free(url);
	ATF_CHECK(wb_lava_kernel_url("nosuch", &e) == NULL);
	ATF_CHECK_STREQ("kernel nosuch: No such file or directory", e.msg);
	free(want);
	free(abs);
}

ATF_TC_WITHOUT_HEAD(wb_lava_import_drive__results);
ATF_TC_BODY(wb_lava_import_drive__results, tc)
{
	struct wbt_lines n;
	struct wb_err e;
	char *in, *s;

	in = wbt_srcpath(tc, "tests/src/data/lava-results.json");
	memset(&n, 0, sizeof(n));
	ATF_REQUIRE_MSG(wb_lava_import_drive(in, "o", wbt_lines_add, &n, &e) == 0,
	    "%s", e.msg);
	ATF_CHECK_STREQ("o/production.json\no/debug.json\n", n.text);
	s = wbt_read_file("o/debug.json", NULL);
	ATF_CHECK(strstr(s, "\"run_id\": \"lava-job-4711\"") != NULL);
	free(s);
	free(in);
}

ATF_TC_WITHOUT_HEAD(wb_lava_import_drive__bad);
ATF_TC_BODY(wb_lava_import_drive__bad, tc)
{
	struct wbt_lines n;
	struct wb_err e;

	(void)tc;
	memset(&n, 0, sizeof(n));
	wbt_write_file("bad2.yaml", "name: x\n");
	ATF_CHECK_EQ(-1, wb_lava_import_drive("bad2.yaml", "o", wbt_lines_add, &n,
	    &e));
	ATF_CHECK_MSG(strstr(e.msg, "bad2.yaml:1: expected a list") != NULL,
	    "%s", e.msg);
	ATF_CHECK_EQ(WB_ERR_DATA, e.class);
	ATF_CHECK_STREQ("", n.text);
	ATF_CHECK(access("o", F_OK) == -1);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_lava_drive__golden);
	ATF_TP_ADD_TC(tp, wb_lava_drive__refused);
	ATF_TP_ADD_TC(tp, wb_lava_drive__workdir_unusable);
	ATF_TP_ADD_TC(tp, wb_lava_kernel_url__forms);
	ATF_TP_ADD_TC(tp, wb_lava_import_drive__results);
	ATF_TP_ADD_TC(tp, wb_lava_import_drive__bad);
	return (0);
}
