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
#include "err.h"
#include "exitmap.h"
#include "release.h"
#include "release_drive.h"

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
parse(int argc, char **argv, struct ropts *o)
{
	static const struct option longopts[] = {
		{ "baseline", required_argument, NULL, 'b' },
		{ "confidence", required_argument, NULL, 'C' },
		{ "gate", required_argument, NULL, 'G' },
		{ "history", required_argument, NULL, 'Y' },
		{ "host", no_argument, NULL, 'H' },
		{ "junit", required_argument, NULL, 'j' },
		{ "max-regression", required_argument, NULL, 'm' },
		{ "no-probe", no_argument, NULL, 'n' },
		{ "results", required_argument, NULL, 'r' },
		{ "store", required_argument, NULL, 's' },
		{ "waivers", required_argument, NULL, 'W' },
		{ "workdir", required_argument, NULL, 'w' },
		{ NULL, 0, NULL, 0 }
	};
	char *end;
	int ch;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "b:Hj:m:nr:w:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'b':
			if (o->nbase == SET_MAX) {
				warnx("more than %d --baseline files", SET_MAX);
				return (-1);
			}
			o->baseline[o->nbase++] = optarg;
			break;
		case 'C':
			o->conf = strtod(optarg, &end) / 100;
			if (end == optarg || (*end != '\0' &&
			    strcmp(end, "%") != 0) ||
			    !(o->conf >= 0.5 && o->conf < 1)) {
				warnx("bad --confidence '%s' (a percentage "
				    "from 50 to below 100)", optarg);
				return (-1);
			}
			break;
		case 'G':
			if (strcmp(optarg, "all") == 0)
				o->all_tests = 1;
			else if (strcmp(optarg, "final") == 0)
				o->all_tests = 0;
			else {
				warnx("bad --gate '%s' (all or final)", optarg);
				return (-1);
			}
			break;
		case 'H':
			o->host = 1;
			break;
		case 'j':
			o->junit = optarg;
			break;
		case 'm':
			o->maxreg = strtod(optarg, &end);
			if (end == optarg || (*end != '\0' &&
			    strcmp(end, "%") != 0) ||
			    !(o->maxreg >= 0 && o->maxreg < 100)) {
				warnx("bad --max-regression '%s'", optarg);
				return (-1);
			}
			break;
		case 'n':
			o->noprobe = 1;
			break;
		case 'r':
			if (o->nres == SET_MAX) {
				warnx("more than %d --results files", SET_MAX);
				return (-1);
			}
			o->results[o->nres++] = optarg;
			break;
		case 'W':
			o->waivers = optarg;
			break;
		case 's':
			o->store = optarg;
			break;
		case 'Y':
			o->history = strtol(optarg, &end, 10);
			if (end == optarg || *end != '\0' || o->history < 1 ||
			    o->history > 64) {
				warnx("bad --history '%s' (1 to 64 releases)",
				    optarg);
				return (-1);
			}
			break;
		case 'w':
			o->workdir = optarg;
			break;
		default:
			return (-1);
		}
	}
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
	return (optind);
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
