/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * history-site DIR: write the fixture release-history site
 * (tests/helpers/history_fixture.c) into DIR with the library's writer,
 * for the browser test beside it (history_html_test.sh).
 */
#include <err.h>
#include <stdio.h>
#include <sysexits.h>

#include "history_fixture.h"
#include "wb_report.h"
#include "wb_util.h"

int
main(int argc, char **argv)
{
	struct wb_err e;

	if (argc != 2) {
		fprintf(stderr, "usage: history-site dir\n");
		return (EX_USAGE);
	}
	if (wb_history_html_write(argv[1], wbt_history_site(), &e) == -1)
		errx(1, "%s", e.msg);
	return (0);
}
