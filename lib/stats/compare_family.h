/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The family of a comparison: every test of every variant against the
 * base, and every variant's final score, adjusted together.  The
 * adjusted p values give the verdicts, and each interval is recomputed
 * at the level its adjusted test used (wb_stats_adjust_levels), so that it
 * excludes 1 exactly when a difference is proven (faster, slower or
 * small; a negligible row may exclude it too).  Cells and
 * finals whose verdict is WB_V_MISSING are left out.
 */
#ifndef WB_COMPARE_FAMILY_H
#define WB_COMPARE_FAMILY_H

struct wb_compare;
struct wb_err;

int	wb_compare_adjust(struct wb_compare *, struct wb_err *);
/*
 * The verdicts again from the adjusted p values and intervals, against
 * c->negligible (wb_compare_judge); wb_compare_adjust() ends with it.
 */
void	wb_compare_rejudge(struct wb_compare *);

#endif
