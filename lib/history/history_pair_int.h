/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Private to lib/history: the pairing of a stored run with its reference
 * variant (history add --reference).
 */
#ifndef WB_HISTORY_PAIR_INT_H
#define WB_HISTORY_PAIR_INT_H

struct wb_err;
struct wb_hstore;
struct wb_hs_added;

/*
 * Inside the add's transaction, run being the new run's id: mark its
 * variant labelled reference as the reference, make every other variant
 * name it, and store each (variant, test)'s ratio to it: the geometric
 * mean of the ratios of passes of the same number, both ok, with its
 * 95% interval (t on the logs) and the reference's image digest.
 * source names the run in errors.
 */
int	wb_history_pair(struct wb_hstore *, const char *run,
	    const char *reference, const char *source, struct wb_hs_added *,
	    struct wb_err *);

#endif
