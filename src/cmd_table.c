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
#include "err.h"
#include "exitmap.h"
#include "results.h"
#include "score.h"
#include "table.h"

void
cmd_table_usage(FILE *fp)
{

	fprintf(fp, "usage: worldbench table [-e unixbench|all] "
	    "[-F seed|unixbench5|json|csv|markdown] results ...\n");
}

static int
usage(void)
{

	cmd_table_usage(stderr);
	return (EX_USAGE);
}

int
cmd_table(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "estimator", required_argument, NULL, 'e' },
		{ "format", required_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	enum wb_table_format format;
	enum wb_estimator est;
	struct wb_results *r;
	struct wb_table *t;
	struct wb_err e;
	int ch, i, rc;

	format = WB_TABLE_SEED;
	est = WB_EST_UNIXBENCH;
	optind = 1;
	/* -f: the old spelling of -F, kept (table has no -f of its own). */
	while ((ch = getopt_long(argc, argv, "e:F:f:h", longopts, NULL)) !=
	    -1) {
		switch (ch) {
		case 'e':
			if (wb_estimator_parse(optarg, &est) == -1) {
				warnx("unknown estimator '%s'", optarg);
				return (usage());
			}
			break;
		case 'F':
		case 'f':
			if (wb_table_format_parse(optarg, &format) == -1) {
				warnx("unknown format '%s'", optarg);
				return (usage());
			}
			break;
		default:
			return (usage());
		}
	}
	argc -= optind;
	argv += optind;
	if (argc < 1)
		return (usage());
	if ((t = wb_table_new(stdout, format, est, argc > 1, &e)) == NULL)
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
