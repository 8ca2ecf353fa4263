/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the parts of worldbench history share (src/cmd_history*.c).
 */
#ifndef WB_HISTORY_CMD_H
#define WB_HISTORY_CMD_H

#include "history_store.h"

struct history_opts {
	const char		*store;		/* NULL: WORKDIR/history.db */
	const char		*workdir;
	struct wb_hs_release	 rel;
	int			 have_rel;
	struct wb_hs_filter	 f;
	long			 passes;	/* confirm */
	double			 duration;	/* confirm, seconds a pass */
	double			 alpha;		/* changes; 0: the default */
	unsigned long long	 seed;		/* changes */
	int			 have_seed;
	const char		*output;	/* html: the site's directory */
	const char		*site;		/* serve: NULL, write one */
	const char		*bind;		/* serve: NULL, 127.0.0.1 */
	long			 port;		/* serve */
	int			 have_port;
};

struct wb_hstore	*history_open(const struct history_opts *,
			    struct wb_err *);
int	history_confirm(struct history_opts *, int argc, char **argv);
int	history_changes(struct history_opts *, int argc);
int	history_html(struct history_opts *, int argc);
int	history_serve(struct history_opts *, int argc);

#endif
