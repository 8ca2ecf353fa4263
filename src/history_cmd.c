/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What every "worldbench history" subcommand shares (history_cmd.h): the
 * usage and the store's opening.  The dispatch is cmd_history.c; each
 * subcommand beyond add, list and series has its own cmd_history_*.c.
 */
#include <limits.h>
#include <stdio.h>

#include "cmd.h"
#include "history_cmd.h"
#include "wb_history.h"
#include "wb_image.h"
#include "wb_util.h"

void
cmd_history_usage(FILE *fp)
{

	fprintf(fp, "usage: worldbench history add [--store url] [-w workdir] "
	    "[--release name[:order]]\n"
	    "           [--reference label] file | rundir ...\n"
	    "       worldbench history list [--store url] [-w workdir]\n"
	    "       worldbench history series [--store url] [-w workdir] "
	    "[--machine fp]\n"
	    "           [--variant label] [--test id]\n"
	    "       worldbench history confirm [--store url] [-w workdir] "
	    "[--passes n]\n"
	    "           [--duration s] [--confirm-alpha a] candidate\n"
	    "       worldbench history changes [--store url] [-w workdir] "
	    "[--machine fp]\n"
	    "           [--variant label] [--test id] [--alpha a] "
	    "[--seed n]\n"
	    "           [--tail k] [--tail-alpha a] [--json]\n"
	    "       worldbench history html [--store url] [-w workdir] "
	    "[--machine fp]\n"
	    "           [--variant label] [--test id] -o dir\n");
}

struct wb_hstore *
history_open(const struct history_opts *o, struct wb_err *e)
{
	char path[PATH_MAX];

	if (o->store != NULL)
		return (wb_history_open(o->store, e));
	if (wb_world_fs_mkdirs(o->workdir, 0755, e) == -1)
		return (NULL);
	if ((size_t)snprintf(path, sizeof(path), "%s/history.db",
	    o->workdir) >= sizeof(path)) {
		wb_err_set(e, "%s: path too long", o->workdir);
		return (NULL);
	}
	return (wb_history_open(path, e));
}
