/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The experiment's workflow called without the command line: the host's
 * default pair (host-glibc-production, host-glibc-debug) built from the
 * host's binaries and run with the quick design on one test.
 */
#include <sys/stat.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "experiment.h"
#include "experiment_drive.h"
#include "wb_image.h"
#include "wb_run.h"
#include "wb_sandbox.h"
#include "wb_util.h"
#include "wbtest.h"

/* Unpacks with nothing to say and no stop (the command warns, stops). */
static struct wb_unpack_opts unpack;

static const char *const pair[] = {
	"host-glibc-production", "host-glibc-debug"
};

/* What the workflow said and did, for the checks. */
struct said {
	char	notes[4096];
	char	warnings[4096];
	int	hooked;
	int	ran;
};

static void
add(char *buf, const char *line)
{

	strncat(buf, line, 4096 - strlen(buf) - 2);
	strcat(buf, "\n");
}

static void
note(void *arg, const char *line)
{

	add(((struct said *)arg)->notes, line);
}

static void
warn_line(void *arg, const char *line)
{

	add(((struct said *)arg)->warnings, line);
}

static int
run(void *arg, struct wb_harness *h)
{
	struct said *s = arg;
	volatile sig_atomic_t stop = 0;
	struct wb_err e;
	size_t nfailed;
	int rc;

	s->ran++;
	rc = wb_harness_run(h, &stop, NULL, &nfailed, &e);
	wb_harness_free(h);
	ATF_REQUIRE_MSG(rc == 0, "harness: %s", e.msg);
	return (nfailed > 0 ? 1 : 0);
}

static int
refuse(void *arg, const struct wb_experiment *x, const char **what,
    struct wb_err *e)
{

	(void)x;
	((struct said *)arg)->hooked++;
	*what = "the test's check";
	return (wb_err_set(e, "refused by the test"));
}

/* An experiment of labels under ./w and ./res, driven as bench does. */
static void
setup(const atf_tc_t *tc, struct wb_experiment *x, struct wb_runner_opts *ro,
    struct wb_experiment_drive *d, struct said *s,
    const char *const *labels, size_t n)
{

	memset(s, 0, sizeof(*s));
	memset(x, 0, sizeof(*x));
	wb_runner_opts_init(ro);
	ATF_REQUIRE(mkdir("w", 0755) == 0);
	x->workdir = "w";
	x->unpack = &unpack;
	x->resultsdir = "res";
	x->objdir = wbt_builddir(tc);
	x->topdir = wbt_srcdir(tc);
	x->labels = labels;
	x->nlabels = n;
	x->design = WB_DESIGN_QUICK;
	x->tests = "syscall";
	x->note = note;
	x->note_arg = s;
	memset(d, 0, sizeof(*d));
	d->x = x;
	d->ro = ro;
	d->no_preflight = 1;
	d->matching = 1;
	d->run = run;
	d->warn = warn_line;
	d->arg = s;
}

static int
exists(const char *dir, const char *name)
{
	char path[1024];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return (stat(path, &st) == 0);
}

ATF_TC(wb_experiment_drive__run_reports);
ATF_TC_HEAD(wb_experiment_drive__run_reports, tc)
{
	atf_tc_set_md_var(tc, "descr", "the pair built, matched, run in a "
	    "new run directory and reported, its steps noted");
	atf_tc_set_md_var(tc, "require.user", "root");
	atf_tc_set_md_var(tc, "timeout", "300");
}
ATF_TC_BODY(wb_experiment_drive__run_reports, tc)
{
	struct wb_experiment_drive d;
	struct wb_experiment_done done;
	struct wb_runner_opts ro;
	struct wb_experiment x;
	struct wb_err e;
	struct said s;

	setup(tc, &x, &ro, &d, &s, pair, 2);
	ATF_REQUIRE_MSG(wb_experiment_drive(&d, &done, &e) == 0, "%s: %s",
	    done.what != NULL ? done.what : "-", e.msg);
	ATF_CHECK_EQ(0, done.status);
	ATF_CHECK_EQ(1, s.ran);
	ATF_CHECK(done.unmatched == NULL);
	ATF_CHECK_MSG(strstr(s.notes, "\na new run\n") != NULL, "notes: %s",
	    s.notes);
	ATF_REQUIRE(x.rundir != NULL);
	ATF_CHECK_MSG(strstr(s.notes, x.rundir) != NULL, "notes: %s",
	    s.notes);
	ATF_CHECK(!x.resumed);
	ATF_CHECK(exists(x.rundir, "finished"));
	ATF_CHECK(exists(x.rundir, "summary.txt"));
	ATF_CHECK(exists(x.rundir, "compare.json"));
	ATF_CHECK(exists(x.rundir, "host-glibc-debug.json"));
	ATF_CHECK(exists("res", "latest"));
	wb_experiment_done_fini(&done);
	wb_experiment_fini(&x);
}

ATF_TC(wb_experiment_drive__check_stops);
ATF_TC_HEAD(wb_experiment_drive__check_stops, tc)
{
	atf_tc_set_md_var(tc, "descr", "the caller's check after the images "
	    "ends the workflow before a run directory or a run");
	atf_tc_set_md_var(tc, "require.user", "root");
	atf_tc_set_md_var(tc, "timeout", "300");
}
ATF_TC_BODY(wb_experiment_drive__check_stops, tc)
{
	struct wb_experiment_drive d;
	struct wb_experiment_done done;
	struct wb_runner_opts ro;
	struct wb_experiment x;
	struct wb_err e;
	struct said s;

	setup(tc, &x, &ro, &d, &s, pair, 2);
	d.images_built = refuse;
	ATF_REQUIRE_EQ(-1, wb_experiment_drive(&d, &done, &e));
	ATF_CHECK_STREQ("the test's check", done.what);
	ATF_CHECK_STREQ("refused by the test", e.msg);
	ATF_CHECK_EQ(1, s.hooked);
	ATF_CHECK_EQ(0, s.ran);
	ATF_CHECK(x.rundir == NULL);
	ATF_CHECK(!exists(".", "res"));
	ATF_CHECK_MSG(strstr(s.notes, "building host-glibc-debug\n") != NULL,
	    "notes: %s", s.notes);
	ATF_CHECK_MSG(strstr(s.notes, "a new run") == NULL, "notes: %s",
	    s.notes);
	wb_experiment_done_fini(&done);
	wb_experiment_fini(&x);
}

ATF_TC_WITHOUT_HEAD(wb_experiment_drive__bad_label);
ATF_TC_BODY(wb_experiment_drive__bad_label, tc)
{
	static const char *const bad[] = { "host-x@k" };
	struct wb_experiment_drive d;
	struct wb_experiment_done done;
	struct wb_runner_opts ro;
	struct wb_experiment x;
	struct wb_err e;
	struct said s;

	setup(tc, &x, &ro, &d, &s, bad, 1);
	ATF_REQUIRE_EQ(-1, wb_experiment_drive(&d, &done, &e));
	ATF_CHECK_STREQ("building the images", done.what);
	ATF_CHECK_MSG(strstr(e.msg, "image label 'host-x@k'") != NULL, "%s",
	    e.msg);
	ATF_CHECK_EQ(WB_ERR_DATA, e.class);
	ATF_CHECK_EQ(0, done.status);
	ATF_CHECK_EQ(0, s.ran);
	ATF_CHECK(!exists(".", "res"));
	wb_experiment_done_fini(&done);
	wb_experiment_fini(&x);
}

ATF_TP_ADD_TCS(tp)
{
	ATF_TP_ADD_TC(tp, wb_experiment_drive__run_reports);
	ATF_TP_ADD_TC(tp, wb_experiment_drive__check_stops);
	ATF_TP_ADD_TC(tp, wb_experiment_drive__bad_label);
	return (0);
}
