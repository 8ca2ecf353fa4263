/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The ratio of a cell to the base's cell in the same row, with its
 * interval at the comparison's level: paired by round when both come
 * from one interleaved run (c->same_run) and at least two rounds have an
 * ok pass on both sides, else Welch's t on the units.  A paired cell of
 * a two-stage run (c->stage1) has the same interval, over all its pairs,
 * and records the variance of the first c->stage1 in pass order.
 */
#ifndef WB_COMPARE_PAIR_H
#define WB_COMPARE_PAIR_H

struct wb_cmp_cell;
struct wb_compare;
struct wb_err;

int	wb_compare_ratio(const struct wb_compare *,
	    const struct wb_cmp_cell *b, struct wb_cmp_cell *o,
	    struct wb_err *);

#endif
