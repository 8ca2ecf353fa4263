/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench check-release: prove that a kernel configuration, a kernel
 * image, a world image or the running host is a production build, and
 * optionally that results did not regress beyond a limit (a
 * non-inferiority gate, release_gate.c).  One line per check; exit 0 when
 * every check passed (or was skipped or waived), 1 when a production
 * check failed, else 2 when the gate failed (a regression beyond the
 * limit proven, or a test missing from the results), else 3 when the
 * gate is inconclusive; 65 for unreadable input, 64 for usage errors.
 * The workflow is lib/release/release_drive.h's: this file parses
 * options and prints.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include "cmd.h"
#include "exitmap.h"
#include "opt.h"
#include "wb_release.h"
#include "wb_util.h"

#define	SET_MAX			256

struct ropts {
	const char	*junit;
	const char	*baseline[SET_MAX];
	size_t		 nbase;
	const char	*results[SET_MAX];
	size_t		 nres;
	const char	*workdir;
	const char	*waivers;
	const char	*store;		/* --history: NULL for WORKDIR's */
	long		 history;	/* releases to gate against, or 0 */
	double		 maxreg;
	double		 conf;
	int		 host;
	int		 noprobe;
	int		 all_tests;
};

void
cmd_check_release_usage(FILE *fp)
{

	fprintf(fp, "usage: worldbench check-release [--no-probe] "
	    "[--junit file] [-w workdir] [--waivers file]\n"
	    "           [--baseline results ... | --history n [--store url]]\n"
	    "           [--results results ... [--max-regression pct]\n"
	    "           [--confidence level] [--gate all | final]]\n"
	    "           kernel-config | kernel-image | world-image | "
	    "--host\n");
}

static int
usage(void)
{

	cmd_check_release_usage(stderr);
	return (EX_USAGE);
}

static int
opt_baseline(void *ctx, char *arg)
{
	struct ropts *o = ctx;

	if (o->nbase == SET_MAX) {
		warnx("more than %d --baseline files", SET_MAX);
		return (-1);
	}
	o->baseline[o->nbase++] = arg;
	return (0);
}

static int
opt_results(void *ctx, char *arg)
{
	struct ropts *o = ctx;

	if (o->nres == SET_MAX) {
		warnx("more than %d --results files", SET_MAX);
		return (-1);
	}
	o->results[o->nres++] = arg;
	return (0);
}

static int
opt_conf(void *ctx, char *arg)
{
	struct ropts *o = ctx;
	char *end;

	o->conf = strtod(arg, &end) / 100;
	if (end == arg || (*end != '\0' && strcmp(end, "%") != 0) ||
	    !(o->conf >= 0.5 && o->conf < 1)) {
		warnx("bad --confidence '%s' (a percentage from 50 to below "
		    "100)", arg);
		return (-1);
	}
	return (0);
}

static int
opt_gate(void *ctx, char *arg)
{
	struct ropts *o = ctx;

	if (strcmp(arg, "all") == 0)
		o->all_tests = 1;
	else if (strcmp(arg, "final") == 0)
		o->all_tests = 0;
	else {
		warnx("bad --gate '%s' (all or final)", arg);
		return (-1);
	}
	return (0);
}

static int
opt_maxreg(void *ctx, char *arg)
{
	struct ropts *o = ctx;
	char *end;

	o->maxreg = strtod(arg, &end);
	if (end == arg || (*end != '\0' && strcmp(end, "%") != 0) ||
	    !(o->maxreg >= 0 && o->maxreg < 100)) {
		warnx("bad --max-regression '%s'", arg);
		return (-1);
	}
	return (0);
}

static int
opt_history(void *ctx, char *arg)
{
	struct ropts *o = ctx;
	char *end;

	o->history = strtol(arg, &end, 10);
	if (end == arg || *end != '\0' || o->history < 1 ||
	    o->history > 64) {
		warnx("bad --history '%s' (1 to 64 releases)", arg);
		return (-1);
	}
	return (0);
}

#define R(m)	OPT_AT(struct ropts, m)
const struct opt cmd_check_release_opts[] = {
	{ .kind = OPT_FN, .name = "history", .arg = "n", .fn = opt_history,
	  .desc = "gate --results against the last n confirmed-good releases "
	  "of its series in the history store" },
	{ .kind = OPT_STR, .name = "store", .arg = "url", .off = R(store),
	  .desc = "with --history: the store (default WORKDIR/history.db)" },
	{ .kind = OPT_FN, .ch = 'b', .name = "baseline", .arg = "results",
	  .fn = opt_baseline, .desc = "the production baseline of the gate" },
	{ .kind = OPT_FN, .ch = 'r', .name = "results", .arg = "results",
	  .fn = opt_results,
	  .desc = "the results gated against the baseline" },
	{ .kind = OPT_FN, .ch = 'm', .name = "max-regression",
	  .arg = "percent", .fn = opt_maxreg,
	  .desc = "the largest slowdown the gate allows" },
	{ .kind = OPT_FLAG, .ch = 'H', .name = "host", .off = R(host),
	  .desc = "check the running host's kernel and world" },
	{ .kind = OPT_STR, .ch = 'j', .name = "junit", .arg = "file",
	  .off = R(junit), .desc = "also write a JUnit XML report" },
	{ .kind = OPT_FLAG, .ch = 'n', .name = "no-probe", .off = R(noprobe),
	  .desc = "do not run the malloc probe in the world" },
	{ .kind = OPT_STR, .ch = 'w', .name = "workdir", .arg = "dir",
	  .off = R(workdir), .desc = "where an image archive is unpacked" },
	{ .kind = OPT_FN, .name = "confidence", .arg = "level", .fn = opt_conf,
	  .desc = "the gate's level: 1 - alpha (default 95)" },
	{ .kind = OPT_FN, .name = "gate", .arg = "all|final", .fn = opt_gate,
	  .desc = "gate every test or the final score only" },
	{ .kind = OPT_STR, .name = "waivers", .arg = "file", .off = R(waivers),
	  .desc = "kernel options waived, with a reason each" },
	{ .kind = OPT_END }
};
#undef R

/* The options that go together: --history, --baseline and --results. */
static int
check_sets(const struct ropts *o)
{

	if (o->history > 0) {
		if (o->nbase > 0 || o->nres != 1) {
			warnx("--history takes one --results file and no "
			    "--baseline");
			return (-1);
		}
	} else if (o->store != NULL) {
		warnx("--store goes with --history");
		return (-1);
	} else if ((o->nbase == 0) != (o->nres == 0)) {
		warnx("--baseline and --results go together");
		return (-1);
	}
	return (0);
}

static int
parse(int argc, char **argv, struct ropts *o)
{
	int n;

	if ((n = opt_parse(cmd_check_release_opts, o, argc, argv)) == -1 ||
	    check_sets(o) == -1)
		return (-1);
	return (n);
}

/* A warning of the checks (a refused image entry). */
static void
warn_line(void *arg, const char *line)
{

	(void)arg;
	warnx("%s", line);
}

/* The checks printed, the JUnit file written; the exit status. */
static int
report(const struct ropts *o, const struct wb_release *r)
{
	struct wb_err e;

	if (wb_release_print(stdout, r) == -1 || fflush(stdout) == EOF)
		err(EX_IOERR, "stdout");
	if (o->junit != NULL && wb_release_junit(o->junit, "worldbench "
	    "check-release", r, &e) == -1) {
		warnx("%s", e.msg);
		return (cmd_exit_status(&e));
	}
	printf("%zu checks, %zu failed", r->n, r->nfail);
	if (r->ninconclusive > 0)
		printf(", %zu inconclusive", r->ninconclusive);
	if (r->nwaived > 0)
		printf(", %zu waived", r->nwaived);
	putchar('\n');
	return (wb_release_drive_status(r));
}

int
cmd_check_release(int argc, char **argv)
{
	struct wb_release_drive d;
	struct wb_release r;
	struct ropts o;
	struct wb_err e;
	int i, rc;

	memset(&o, 0, sizeof(o));
	o.maxreg = 5;
	o.conf = 0.95;
	o.all_tests = 1;
	o.workdir = "work";
	if ((i = parse(argc, argv, &o)) == -1)
		return (usage());
	argc -= i;
	argv += i;
	if ((o.host && argc != 0) || (!o.host && argc != 1))
		return (usage());
	memset(&d, 0, sizeof(d));
	d.target = o.host ? NULL : argv[0];
	d.workdir = o.workdir;
	d.waivers = o.waivers;
	d.baseline = o.baseline;
	d.nbase = o.nbase;
	d.results = o.results;
	d.nres = o.nres;
	d.history = o.history;
	d.store = o.store;
	d.maxreg = o.maxreg;
	d.conf = o.conf;
	d.all_tests = o.all_tests;
	d.noprobe = o.noprobe;
	d.warn = warn_line;
	wb_release_init(&r);
	if (wb_release_drive(&d, &r, &e) == -1) {
		warnx("%s", e.msg);
		rc = cmd_exit_status(&e);
	} else
		rc = report(&o, &r);
	wb_release_fini(&r);
	return (rc);
}
