/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench run: run the bench suite (or resume a run) and write
 * results files.
 */
#include <sys/file.h>
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "cmdutil.h"
#include "exitmap.h"
#include "opt.h"
#include "runopts.h"
#include "wb_model.h"
#include "wb_run.h"
#include "wb_sandbox.h"
#include "wb_util.h"

#define MAX_VARIANTS	64

void
cmd_run_usage(FILE *fp)
{

	fprintf(fp,
	    "usage: worldbench run [-q] [--quick] [--progress] [-c copies] "
	    "[-d seconds] [-i passes]\n"
	    "           [-l name] [-T tests] [--datadir dir] "
	    "[--design full|quick|bench]\n"
	    "           [--index unixbench5|unixbench4]\n"
	    "           [--libexec dir] [--locale name] [--max-passes n] "
	    "[--max-time seconds]\n"
	    "           [--negligible percent] [--seed n] "
	    "[--target-ci percent]\n"
	    "           [--target-ci-test percent] [--variant label=root ...]\n"
	    "           [--unmatched]\n"
	    "           [--strict | --no-preflight]\n"
	    "           " RUNOPTS_USAGE "\n"
	    "           -o file|dir\n"
	    "       worldbench run [-q] [--progress] [--datadir dir] "
	    "[--libexec dir] --resume file|dir\n");
}

static int
usage(void)
{

	cmd_run_usage(stderr);
	return (EX_USAGE);
}

static int
parse_long(const char *opt, const char *s, long min, long max, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0 || *v < min || *v > max) {
		warnx("%s: '%s' is not an integer in %ld..%ld", opt, s, min,
		    max);
		return (-1);
	}
	return (0);
}

static unsigned long
random_seed(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (((unsigned long)ts.tv_nsec ^ (unsigned long)ts.tv_sec << 20 ^
	    (unsigned long)getpid() << 40) & 0x7fffffffffffffUL);
}

/*
 * Say which tests failed how often (all sessions of the run, from the
 * files); returns the number of failed passes.
 */
static size_t
report_failures(const struct wb_harness *h)
{
	const char *label, *test;
	size_t nv, nt, v, t, n, total;

	wb_harness_size(h, &nv, &nt);
	total = 0;
	for (v = 0; v < nv; v++)
		for (t = 0; t < nt; t++) {
			if ((n = wb_harness_failed(h, v, t, &label,
			    &test)) == 0)
				continue;
			total += n;
			if (nv > 1)
				warnx("%s: %s: %zu failed pass%s",
				    wb_strvis_slot(label), wb_strvis_slot(test),
				    n, n == 1 ?
				    "" : "es");
			else
				warnx("%s: %zu failed pass%s",
				    wb_strvis_slot(test),
				    n, n == 1 ? "" : "es");
		}
	return (total);
}

/*
 * The file tests measure the page cache when the scratch directory is
 * on tmpfs, not a disk as UnixBench means them to.
 */
static void
warn_tmpfs(const struct wb_harness *h)
{
	const char *fs;
	size_t nv, nt, v;

	wb_harness_size(h, &nv, &nt);
	for (v = 0; v < nv; v++) {
		fs = wb_harness_scratch_fs(h, v);
		if (fs != NULL && strcmp(fs, "tmpfs") == 0)
			warnx("%s: the scratch directory is on tmpfs: the file "
			    "copy tests measure memory, not a disk (set "
			    "TMPDIR for the host)", wb_harness_label(h, v));
	}
}

/* The estimate of the whole run before it starts (with progress lines). */
static void
say_planned(const struct wb_harness *h)
{
	char buf[32];
	size_t left;
	double secs;
	int adaptive;

	adaptive = wb_harness_planned(h, &left, &secs);
	if (left == 0)
		return;
	fprintf(stderr, "worldbench: %zu passes to run, about %s%s\n", left,
	    wb_progress_dur(secs, buf, sizeof(buf)), adaptive ?
	    " before the passes that --target-ci or the extension adds" :
	    "");
}

int
cmd_run_harness(struct wb_harness *h, int quiet, int progress)
{
	struct wb_err e;
	size_t nfailed;
	int rc;

	progress = !quiet && (progress || isatty(2));
	wb_harness_set_progress(h, progress);
	if (!quiet)
		warn_tmpfs(h);
	if (progress)
		say_planned(h);
	rc = wb_harness_run(h, wb_interrupt_flag(), quiet ? NULL : stderr, &nfailed, &e);
	if (rc == 0 && (nfailed = report_failures(h)) > 0)
		warnx("%zu passes failed: the results are marked "
		    "complete-with-failures", nfailed);
	wb_harness_free(h);
	if (rc == -1)
		cmd_die(&e);
	if (rc == 1) {
		warnx("interrupted: completed passes are kept and the run "
		    "is resumable");
		return (128 + (wb_interrupt_pending() != 0 ?
		    wb_interrupt_pending() : SIGINT));
	}
	return (nfailed > 0 ? 1 : 0);
}

struct run_opts {
	struct wb_harness_config	 c;
	struct wb_runner_opts		 ro;
	int				 ro_given;
	const char			*labels[MAX_VARIANTS];
	const char			*roots[MAX_VARIANTS];
	char				*specs[MAX_VARIANTS];
	const char			*label;
	const char			*tests;
	const char			*resume;
	int				 quiet;
	int				 progress;
	int				 strict;
	int				 no_preflight;
	int				 have_seed;
	int				 index_given;
	int				 design_given;
};

static void
run_opts_fini(struct run_opts *o)
{
	size_t i;

	for (i = 0; i < MAX_VARIANTS; i++)
		free(o->specs[i]);
}

static int
add_variant(struct run_opts *o, const char *spec)
{
	const char *eq;

	if (o->c.nvariants == MAX_VARIANTS) {
		warnx("--variant: at most %d", MAX_VARIANTS);
		return (-1);
	}
	if ((eq = strchr(spec, '=')) == NULL || eq == spec || eq[1] == '\0') {
		warnx("--variant: '%s' is not label=root", spec);
		return (-1);
	}
	if ((o->specs[o->c.nvariants] = strdup(spec)) == NULL)
		err(1, "strdup");
	o->specs[o->c.nvariants][eq - spec] = '\0';
	o->labels[o->c.nvariants] = o->specs[o->c.nvariants];
	o->roots[o->c.nvariants] = o->specs[o->c.nvariants] + (eq - spec) + 1;
	o->c.nvariants++;
	return (0);
}

static int
opt_design(void *ctx, char *arg)
{
	struct run_opts *o = ctx;

	if (wb_suite_design_parse(arg, &o->c.design) == -1) {
		warnx("--design: '%s' is not full, quick or bench", arg);
		return (-1);
	}
	return (0);
}

static int
opt_index(void *ctx, char *arg)
{
	struct run_opts *o = ctx;

	if (!wb_suite_index_valid(arg)) {
		warnx("--index: unknown index '%s'", arg);
		return (-1);
	}
	o->c.index = arg;
	return (0);
}

static int
opt_locale(void *ctx, char *arg)
{
	struct run_opts *o = ctx;

	if (!wb_harness_locale_ok(arg)) {
		warnx("--locale: '%s' is not a locale name", arg);
		return (-1);
	}
	o->c.locale = arg;
	return (0);
}

static int
opt_negligible(void *ctx, char *arg)
{
	struct run_opts *o = ctx;

	return (cmd_parse_negligible(arg, &o->c.negligible));
}

static int
opt_quick(void *ctx, char *arg)
{
	struct run_opts *o = ctx;

	(void)arg;
	o->c.design = WB_DESIGN_QUICK;
	return (0);
}

static int
opt_seed(void *ctx, char *arg)
{
	struct run_opts *o = ctx;
	long n;

	if (parse_long("--seed", arg, 0, LONG_MAX, &n) == -1)
		return (-1);
	o->c.seed = (unsigned long)n;
	return (0);
}

static int
opt_variant(void *ctx, char *arg)
{

	return (add_variant(ctx, arg));
}

/* --help reaches here only after another word: a usage error. */
static int
opt_help(void *ctx, char *arg)
{

	(void)ctx;
	(void)arg;
	return (-1);
}

#define R(m)	OPT_AT(struct run_opts, m)
#define G(m)	OPT_GIVEN(struct run_opts, m)
const struct opt cmd_run_opts[] = {
	{ .kind = OPT_INT, .ch = 'c', .name = "copies", .arg = "n",
	  .off = R(c.copies), .min = 1, .max = 256,
	  .desc = "run n copies of each test at once (default 1)" },
	{ .kind = OPT_POS, .ch = 'd', .name = "duration", .arg = "seconds",
	  .off = R(c.duration),
	  .desc = "the length of each pass (default per test)" },
	{ .kind = OPT_INT, .ch = 'i', .name = "passes", .arg = "n",
	  .off = R(c.passes), .min = 1, .max = 100000,
	  .desc = "passes per test (default 10, 3 for the slow tests)" },
	{ .kind = OPT_STR, .ch = 'l', .name = "label", .arg = "name",
	  .off = R(label), .desc = "the label of a single-variant run" },
	{ .kind = OPT_STR, .ch = 'o', .name = "output", .arg = "file|dir",
	  .off = R(c.output),
	  .desc = "the results file, or a directory for variants" },
	{ .kind = OPT_FLAG, .ch = 'q', .name = "quiet", .off = R(quiet),
	  .desc = "no progress and no warnings on stderr" },
	{ .kind = OPT_STR, .ch = 'T', .name = "tests", .arg = "id,...",
	  .off = R(tests), .desc = "run these tests only (ids below)" },
	{ .kind = OPT_STR, .name = "datadir", .arg = "dir",
	  .off = R(c.datadir),
	  .desc = "the suite's data files (WORLDBENCH_DATADIR)" },
	{ .kind = OPT_FN, .name = "design", .arg = "full|quick|bench",
	  .fn = opt_design, .given = G(design_given),
	  .desc = "pass lengths and counts: UnixBench's, a smoke run, or "
	  "make bench's" },
	{ .kind = OPT_FN, .name = "index", .arg = "unixbench5|unixbench4",
	  .fn = opt_index, .given = G(index_given),
	  .desc = "the test set and index to score" },
	{ .kind = OPT_STR, .name = "libexec", .arg = "dir",
	  .off = R(c.libexec),
	  .desc = "the suite's programs (WORLDBENCH_LIBEXEC)" },
	{ .kind = OPT_FN, .name = "locale", .arg = "name", .fn = opt_locale,
	  .desc = "LC_ALL and LANG of the tests (default C)" },
	{ .kind = OPT_INT, .name = "max-passes", .arg = "n",
	  .off = R(c.max_passes), .min = 2, .max = 100000,
	  .desc = "with --target-ci: at most n passes per test" },
	{ .kind = OPT_POS, .name = "max-time", .arg = "seconds",
	  .off = R(c.max_time),
	  .desc = "with --target-ci: stop adding passes after this" },
	{ .kind = OPT_FN, .name = "negligible", .arg = "percent",
	  .fn = opt_negligible, .given = G(c.have_negligible),
	  .desc = "record the smallest effect of interest for compare" },
	{ .kind = OPT_FLAG, .name = "no-preflight", .off = R(no_preflight),
	  .desc = "skip the check of the host's noise sources" },
	{ .kind = OPT_FLAG, .name = "progress", .off = R(progress),
	  .desc = "a line per pass even when stderr is not a terminal" },
	{ .kind = OPT_FN, .name = "quick", .fn = opt_quick,
	  .given = G(design_given),
	  .desc = "short passes, 3 per test: a smoke run (--design quick)" },
	{ .kind = OPT_STR, .name = "resume", .arg = "file|dir",
	  .off = R(resume),
	  .desc = "continue an interrupted run where it stopped" },
	{ .kind = OPT_FN, .name = "seed", .arg = "n", .fn = opt_seed,
	  .given = G(have_seed),
	  .desc = "the seed of the interleaved pass order" },
	{ .kind = OPT_FLAG, .name = "strict", .off = R(strict),
	  .desc = "refuse to start when the host is busy" },
	{ .kind = OPT_POS, .name = "target-ci", .arg = "percent",
	  .off = R(c.target_ci), .desc = "aim the final interval at this "
	  "width (reached in about 2 runs of 3)" },
	{ .kind = OPT_POS, .name = "target-ci-test", .arg = "percent",
	  .off = R(c.target_test), .desc = "also size each test's passes "
	  "for its own interval (not guaranteed)" },
	RUNOPTS_OPTS(R(ro), G(ro_given), 0,
	    "where image variants run (auto: the first that can; see "
	    "preflight)",
	    "the bound of the private /tmp (default 1g)",
	    "the bound on the command's processes (default 256)",
	    "the bound on its memory (default 4g)",
	    "userns: the host ids the command's root maps to"),
	{ .kind = OPT_FN, .name = "variant", .arg = "label=root",
	  .fn = opt_variant,
	  .desc = "a variant to bench (host or an image root); repeat" },
	{ .kind = OPT_FLAG, .name = "unmatched", .off = R(c.unmatched),
	  .desc = "run images that differ in more than the knob" },
	{ .kind = OPT_FN, .name = "help", .flags = OPT_HIDDEN,
	  .fn = opt_help },
	{ .kind = OPT_END }
};
#undef R
#undef G

static int
parse_opts(struct run_opts *o, int argc, char **argv)
{

	if (opt_parse(cmd_run_opts, o, argc, argv) == -1)
		return (-1);
	if (optind != argc) {
		warnx("unexpected argument '%s'", argv[optind]);
		return (-1);
	}
	return (0);
}

/* Cross-option rules; returns -1 for a usage error. */
static int
check_opts(struct run_opts *o)
{
	struct stat st;

	if (o->resume != NULL) {
		if (o->c.output != NULL || o->c.nvariants > 0 ||
		    o->tests != NULL || o->c.passes != 0 || o->design_given ||
		    o->label != NULL || o->c.duration != 0 ||
		    o->c.copies != 1 || o->have_seed || o->index_given ||
		    o->c.target_ci != 0 || o->c.target_test != 0 ||
		    o->c.max_passes != 0 || o->c.have_negligible ||
		    o->c.max_time != 0 || o->strict || o->no_preflight ||
		    o->c.locale != NULL || o->ro_given) {
			warnx("--resume takes its plan from the results file; "
			    "only -q, --progress, --libexec and --datadir may "
			    "be added");
			return (-1);
		}
		return (0);
	}
	if (o->c.output == NULL) {
		warnx("-o file|dir is required");
		return (-1);
	}
	if (o->strict && o->no_preflight) {
		warnx("--strict needs the pre-flight check: drop "
		    "--no-preflight");
		return (-1);
	}
	if (o->label != NULL && o->c.nvariants > 0) {
		warnx("--label names the single host variant; with --variant "
		    "give label=root");
		return (-1);
	}
	if ((o->c.max_passes != 0 || o->c.max_time != 0 ||
	    o->c.target_test != 0) && o->c.target_ci == 0) {
		warnx("--max-passes, --max-time and --target-ci-test go with "
		    "--target-ci");
		return (-1);
	}
	if (o->c.nvariants == 0) {
		o->labels[0] = o->label != NULL ? o->label : "host";
		o->roots[0] = "host";
		o->c.nvariants = 1;
	}
	o->c.output_is_dir = o->c.nvariants > 1 ||
	    (stat(o->c.output, &st) == 0 && S_ISDIR(st.st_mode)) ||
	    o->c.output[strlen(o->c.output) - 1] == '/';
	return (0);
}

/*
 * One run per results file (or directory) at a time: a second run on the
 * same output would overwrite the first one's passes.  lib/util/lock.h takes
 * the lock on the canonical path; it is released (and its files removed)
 * at exit.
 */
static struct wb_outlock *out_lock;

static void
unlock_output(void)
{

	wb_lock_output_release(out_lock);
	out_lock = NULL;
}

static void
lock_output(const char *output, int is_dir, int whole_dir)
{
	struct wb_err e;

	if ((out_lock = wb_lock_output(output, is_dir, whole_dir, &e)) == NULL)
		cmd_die(&e);
	if (atexit(unlock_output) != 0)
		errx(1, "atexit");
}

int
cmd_run(int argc, char **argv)
{
	const struct wb_test_def **tests;
	struct wb_harness *h;
	struct run_opts o;
	struct wb_err e;
	struct stat st;
	size_t i;
	int rc;

	memset(&o, 0, sizeof(o));
	wb_runner_opts_init(&o.ro);
	o.c.index = WB_INDEX_UNIXBENCH5;
	o.c.copies = 1;
	if (parse_opts(&o, argc, argv) == -1 || check_opts(&o) == -1) {
		run_opts_fini(&o);
		return (usage());
	}
	if (o.resume != NULL)
		lock_output(o.resume, stat(o.resume, &st) == 0 &&
		    S_ISDIR(st.st_mode), 1);
	else
		lock_output(o.c.output, o.c.output_is_dir, 0);
	if (o.resume != NULL) {
		if ((h = wb_harness_resume(o.resume, o.c.libexec, o.c.datadir,
		    argv - 1, argc + 1, &e)) == NULL)
			cmd_die(&e);
		return (cmd_run_harness(h, o.quiet, o.progress));
	}
	if (wb_suite_parse_list(o.tests != NULL ? o.tests : o.c.index, &tests,
	    &o.c.ntests, &e) == -1) {
		warnx("--tests: %s", e.msg);
		run_opts_fini(&o);
		return (usage());
	}
	if (o.tests != NULL && !wb_suite_index_valid(o.tests))
		o.c.index = "custom";
	else if (o.tests != NULL)
		o.c.index = o.tests;
	if (o.c.target_ci > 0 && o.c.max_passes == 0)
		o.c.max_passes = 30;
	if (!o.have_seed)
		o.c.seed = random_seed();
	for (i = 0; i < o.c.nvariants; i++)
		if (strcmp(o.roots[i], "host") != 0)
			break;
	/* The runner of the image variants (the host's own suite: none). */
	if (i < o.c.nvariants && runopts_resolve(&o.ro) == -1) {
		run_opts_fini(&o);
		free(tests);
		return (1);
	}
	o.c.runner = &o.ro;
	o.c.tests = tests;
	o.c.labels = o.labels;
	o.c.roots = o.roots;
	o.c.argv = argv - 1;
	o.c.argc = argc + 1;
	if (!o.no_preflight)
		o.c.preflight = cmd_preflight_check(o.strict, o.quiet);
	h = wb_harness_new(&o.c, &e);
	json_decref(o.c.preflight);
	free(tests);
	if (h == NULL)
		cmd_die(&e);
	if (o.c.nvariants > 1)
		cmd_matching_say(wb_harness_unmatched(h),
		    wb_harness_match_unrecorded(h), o.quiet);
	rc = cmd_run_harness(h, o.quiet, o.progress);
	run_opts_fini(&o);
	return (rc);
}
