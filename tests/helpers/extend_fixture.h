/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A fake extended run for the tests of the extension (lib/stats/extend.c,
 * lib/stats/compare_seq.c, lib/run/extend_*.c, lib/report/report_extend.c):
 * the results files of one interleaved run of two variants with plan
 * "extend" (look 1 at 8 pairs, blocks of 2, a budget of 8 passes: 5
 * looks).  Test k is ids[k]; in its pass i + 1 the base ("production")
 * runs at 100 and the other ("debug") at 100 * exp(lr(k, i)), every pass
 * taking wall seconds.  Setup errors fail the test case.
 */
#ifndef WBT_EXTEND_FIXTURE_H
#define WBT_EXTEND_FIXTURE_H

#include <stddef.h>

struct wb_extend_decision;
struct wb_results;

struct wbt_extend_run {
	const char *const	 *ids;
	size_t			  nt;
	double			(*lr)(size_t k, size_t i);
	double			  wall;
	double			  budget_time;	/* plan budget_time */
};

/* One variant's file (base: other 0), test k with n[k] passes. */
struct wb_results	*wbt_extend_results_new(const struct wbt_extend_run *,
			    int other, const size_t *n);
/* Both files, each test k with n[k] passes, into v (freeing v's files). */
void			 wbt_extend_pair(const struct wbt_extend_run *,
			    const size_t *n, struct wb_results *v[2]);
/*
 * Record a block in plan.extend.blocks of the nv files as the harness
 * does (lib/run/harness_extend.c): to look `look', pairs, the tests.
 */
void			 wbt_extend_block_add(struct wb_results *const *v,
			    size_t nv, size_t look, size_t pairs,
			    const char *const *tests, size_t ntests);
/*
 * wb_extend_decide() on v as they are, every as plan.every; fails the
 * case on error.
 */
void			 wbt_extend_decide_on(struct wb_results *const *v,
			    int every, struct wb_extend_decision *);
/* wbt_extend_pair() then wbt_extend_decide_on(). */
void			 wbt_extend_decide(const struct wbt_extend_run *,
			    const size_t *n, int every, struct wb_results *v[2],
			    struct wb_extend_decision *);
/* 1 when the decision names test id. */
int			 wbt_extend_named(const struct wb_extend_decision *,
			    const char *id);

#endif
