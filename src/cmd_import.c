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
#include "err.h"
#include "exitmap.h"
#include "results.h"
#include "ublog.h"
#include "version.h"

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

int
cmd_import(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "label", required_argument, NULL, 'l' },
		{ "output", required_argument, NULL, 'o' },
		{ "table", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct wb_results *r;
	struct wb_err e;
	const char *out, *label;
	char *end;
	long table;
	int ch;

	if (argc > 1 && strcmp(argv[1], "--lava") == 0)	/* src/cmd_lava.c */
		return (cmd_import_lava(argc - 1, argv + 1));
	out = label = NULL;
	table = 1;
	optind = 1;
	while ((ch = getopt_long(argc, argv, "l:o:t:h", longopts, NULL)) !=
	    -1) {
		switch (ch) {
		case 'l':
			label = optarg;
			break;
		case 'o':
			out = optarg;
			break;
		case 't':
			table = strtol(optarg, &end, 10);
			if (*optarg == '\0' || *end != '\0' || table < 1 ||
			    table > INT_MAX) {
				warnx("--table: '%s' is not a table number",
				    optarg);
				return (usage());
			}
			break;
		default:
			return (usage());
		}
	}
	argc -= optind;
	argv += optind;
	if (argc != 1 || out == NULL)
		return (usage());
	if (wb_ublog_import(argv[0], (int)table, &r, &e) == -1)
		cmd_die(&e);
	if (wb_results_set_provenance(r, "worldbench_version",
	    json_string(wb_version()), &e) == -1 ||
	    wb_results_set_provenance(r, "git_revision",
	    json_string(wb_gitrev()), &e) == -1 ||
	    (label != NULL && wb_results_set_provenance(r, "label",
	    json_string(label), &e) == -1) ||
	    wb_results_write(r, out, &e) == -1) {
		wb_results_free(r);
		cmd_die(&e);
	}
	wb_results_free(r);
	return (0);
}
