/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench import: turn a UnixBench report into a results file.
 */
#include <err.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <sysexits.h>

#include <jansson.h>

#include "cmd.h"
#include "exitmap.h"
#include "opt.h"
#include "wb_model.h"
#include "wb_util.h"

void
cmd_import_usage(FILE *fp)
{

	fprintf(fp, "usage: worldbench import [--label name] [--table n] "
	    "log -o results\n");
}

static int
usage(void)
{

	cmd_import_usage(stderr);
	return (EX_USAGE);
}

struct iopts {
	const char	*out;
	const char	*label;
	long		 table;
};

static int
opt_table(void *ctx, char *arg)
{
	struct iopts *o = ctx;
	char *end;

	o->table = strtol(arg, &end, 10);
	if (*arg == '\0' || *end != '\0' || o->table < 1 ||
	    o->table > INT_MAX) {
		warnx("--table: '%s' is not a table number", arg);
		return (-1);
	}
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

const struct opt cmd_import_opts[] = {
	{ .kind = OPT_STR, .ch = 'l', .name = "label", .arg = "name",
	  .off = OPT_AT(struct iopts, label),
	  .desc = "the label recorded in the results" },
	{ .kind = OPT_STR, .ch = 'o', .name = "output", .arg = "results",
	  .off = OPT_AT(struct iopts, out),
	  .desc = "the results file to write" },
	{ .kind = OPT_FN, .ch = 't', .name = "table", .arg = "n",
	  .fn = opt_table,
	  .desc = "import the n-th table of the report (default 1)" },
	/* src/cmd_lava.c, as the first word (cmd_import_lava). */
	{ .kind = OPT_TEXT, .syn = "--lava file",
	  .desc = "import a LAVA job's results into a directory" },
	{ .kind = OPT_FN, .ch = 'h', .name = "help", .flags = OPT_HIDDEN,
	  .fn = opt_usage },
	{ .kind = OPT_END }
};

int
cmd_import(int argc, char **argv)
{
	struct iopts o;
	struct wb_results *r;
	struct wb_err e;

	if (argc > 1 && strcmp(argv[1], "--lava") == 0)	/* src/cmd_lava.c */
		return (cmd_import_lava(argc - 1, argv + 1));
	o.out = o.label = NULL;
	o.table = 1;
	if (opt_parse(cmd_import_opts, &o, argc, argv) == -1)
		return (usage());
	argc -= optind;
	argv += optind;
	if (argc != 1 || o.out == NULL)
		return (usage());
	if (wb_ublog_import(argv[0], (int)o.table, &r, &e) == -1)
		cmd_die(&e);
	if (wb_results_set_provenance(r, "worldbench_version",
	    json_string(wb_version()), &e) == -1 ||
	    wb_results_set_provenance(r, "git_revision",
	    json_string(wb_version_gitrev()), &e) == -1 ||
	    (o.label != NULL && wb_results_set_provenance(r, "label",
	    json_string(o.label), &e) == -1) ||
	    wb_results_write(r, o.out, &e) == -1) {
		wb_results_free(r);
		cmd_die(&e);
	}
	wb_results_free(r);
	return (0);
}
