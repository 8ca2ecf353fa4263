/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench table: print the score table of results files.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include "cmd.h"
#include "cmdutil.h"
#include "exitmap.h"
#include "opt.h"
#include "wb_model.h"
#include "wb_report.h"
#include "wb_util.h"

void
cmd_table_usage(FILE *fp)
{

	fprintf(fp, "usage: worldbench table [-e unixbench|all] "
	    "[-F fmt] results ...\n");
}

static int
usage(void)
{

	cmd_table_usage(stderr);
	return (EX_USAGE);
}

struct topts {
	const char		*format;
	enum wb_estimator	 est;
};

static int
opt_format(void *ctx, char *arg)
{
	struct topts *o = ctx;

	if (wb_table_format_parse(arg) == -1) {
		warnx("unknown format '%s'", arg);
		return (-1);
	}
	o->format = arg;
	return (0);
}

/* -h after another word: a usage error. */
static int
opt_usage(void *ctx, char *arg)
{

	(void)ctx;
	(void)arg;
	return (-1);
}

const struct opt cmd_table_opts[] = {
	{ .kind = OPT_FN, .ch = 'e', .name = "estimator",
	  .arg = "unixbench|all", .off = OPT_AT(struct topts, est),
	  .fn = cmd_opt_estimator,
	  .desc = "how passes are combined into a score" },
	{ .kind = OPT_FN, .ch = 'F', .name = "format", .arg = "fmt",
	  .fn = opt_format,
	  .desc = "seed, unixbench5, json, csv, markdown, html, tsv, text" },
	/* -f: the old spelling of -F, kept (table has no -f of its own). */
	{ .kind = OPT_FN, .ch = 'f', .arg = "fmt", .flags = OPT_HIDDEN,
	  .fn = opt_format },
	{ .kind = OPT_FN, .ch = 'h', .name = "help", .flags = OPT_HIDDEN,
	  .fn = opt_usage },
	{ .kind = OPT_END }
};

int
cmd_table(int argc, char **argv)
{
	struct topts o;
	struct wb_results *r;
	struct wb_table *t;
	struct wb_err e;
	int i, rc;

	o.format = "seed";
	o.est = WB_EST_UNIXBENCH;
	if (opt_parse(cmd_table_opts, &o, argc, argv) == -1)
		return (usage());
	argc -= optind;
	argv += optind;
	if (argc < 1)
		return (usage());
	if ((t = wb_table_new(stdout, o.format, o.est, argc > 1, &e)) == NULL)
		cmd_die(&e);
	rc = 0;
	for (i = 0; i < argc; i++) {
		if (wb_results_read(argv[i], &r, &e) == -1) {
			rc = cmd_fail(&e);
			continue;
		}
		if (wb_table_add(t, argv[i], r, &e) == -1) {
			rc = cmd_fail(&e);
		}
		wb_results_free(r);
	}
	if (wb_table_finish(t, &e) == -1) {
		rc = cmd_fail(&e);
	}
	wb_table_free(t);
	return (rc);
}
