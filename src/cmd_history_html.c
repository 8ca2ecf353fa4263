/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench history html -o DIR: the store's series, their releases
 * and their change candidates as a static web site
 * (worldbench-changepoints(7)).
 */
#include <err.h>
#include <stdio.h>
#include <sysexits.h>

#include "cmd.h"
#include "cmdutil.h"
#include "exitmap.h"
#include "history_cmd.h"
#include "wb_history.h"
#include "wb_util.h"

int
history_html(struct history_opts *o, int argc)
{
	struct wb_hstore *s;
	struct wb_err e;
	char gen[128];
	size_t n;
	int rc;

	if (argc != 0 || o->output == NULL) {
		if (o->output == NULL)
			warnx("html: -o dir is required");
		cmd_history_usage(stderr);
		return (EX_USAGE);
	}
	if ((s = history_open(o, &e)) == NULL) {
		warnx("%s", e.msg);
		return (cmd_exit_status(&e));
	}
	snprintf(gen, sizeof(gen), "worldbench %s", wb_version());
	rc = wb_history_site_write(s, &o->f, o->output, gen, &n, &e);
	wb_history_close(s);
	if (rc == -1) {
		warnx("%s", e.msg);
		return (cmd_exit_status(&e));
	}
	printf("%zu series written to %s/index.html\n", n,
	    wb_strvis_slot(o->output));
	if (n == 0)
		warnx("the store holds no series: the site lists none");
	if (fflush(stdout) == EOF)
		err(EX_IOERR, "stdout");
	return (0);
}
