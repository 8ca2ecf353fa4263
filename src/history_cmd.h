/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the parts of worldbench history share (src/cmd_history*.c).
 */
#ifndef WB_HISTORY_CMD_H
#define WB_HISTORY_CMD_H

#include "wb_history.h"

/*
 * history confirm's defaults: 40 pairs judged one-sided at 0.001 (the
 * paired 99.8% interval).  With the tail test's candidates at 0.3, about
 * 19-21 confirmations a 50-release series, this keeps confirmed false
 * alarms at 0.8-2.6% of series and confirms a 3% step within 3 releases
 * in 93% (bench/scripts/changepoint-sim.sh -T, bench/README issue 32);
 * the former 8 pairs at 95% would confirm a false alarm in 30-40% of
 * flat series and a 3% step within 3 releases in only 63-76%.
 */
#define WB_HS_CONFIRM_PASSES	40
#define WB_HS_CONFIRM_ALPHA	0.001

struct history_opts {
	const char		*store;		/* NULL: WORKDIR/history.db */
	const char		*workdir;
	struct wb_hs_release	 rel;
	int			 have_rel;
	const char		*reference;	/* add: the reference variant */
	struct wb_hs_filter	 f;
	long			 passes;	/* confirm */
	double			 duration;	/* confirm, seconds a pass */
	double			 confirm_alpha;	/* confirm, one-sided */
	double			 alpha;		/* changes; 0: the default */
	unsigned long long	 seed;		/* changes */
	double			 tail_alpha;	/* changes; 0: the default */
	long			 tail;		/* changes: K, 0 off */
	int			 have_tail;
	int			 have_seed;
	int			 json;		/* changes: JSON on stdout */
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
