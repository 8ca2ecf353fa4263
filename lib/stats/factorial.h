/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The 2x2 factorial view: four variants that cross two knobs, A and B,
 * each at two levels (0 = off/production, 1 = on/debug).  In log space,
 * with m_ab the mean log rate of a cell:
 *
 *	main effect of A = ((m10 - m00) + (m11 - m01)) / 2
 *	main effect of B = ((m01 - m00) + (m11 - m10)) / 2
 *	interaction	 = (m11 - m01) - (m10 - m00)
 *
 * reported as ratios exp(effect): A's effect is the factor by which
 * turning A on changes the rate, averaged over B's levels; an
 * interaction of 1 means the two slowdowns multiply independently.
 * Intervals come from the delta method over the four cells (Satterthwaite
 * degrees of freedom); the final-score effects average the per-test
 * effects over the tests all four cells have.  Per-test intervals are
 * not adjusted for multiplicity.
 */
#ifndef WB_FACTORIAL_H
#define WB_FACTORIAL_H

#include <stddef.h>

#include "compare.h"
#include "stats.h"

struct wb_err;

enum wb_fact_which { WB_FX_A, WB_FX_B, WB_FX_AB, WB_FX_N };

struct wb_fact_effect {
	struct wb_welch	 w;		/* ratio, lo, hi, p */
	enum wb_verdict	 verdict;	/* SAME, FASTER, SLOWER, NOCI */
};

struct wb_fact_row {
	const char		*id;		/* borrowed from the compare */
	const char		*name;
	int			 ok;		/* all four cells have samples */
	struct wb_fact_effect	 fx[WB_FX_N];
};

struct wb_factorial {
	char			*knob[2];	/* names of A and B */
	size_t			 cell[4];	/* compare variants 00, 10, 01, 11 */
	double			 conf;
	struct wb_fact_row	*rows;		/* the compare's rows */
	size_t			 nrows;
	struct wb_fact_row	 final;
	size_t			 nfinal;	/* tests in the final effects */
};

/*
 * cell[] are indexes of c's variants for (A0 B0, A1 B0, A0 B1, A1 B1).
 * Knob names may be NULL ("A", "B").
 */
int	wb_factorial_build(const struct wb_compare *c, const size_t cell[4],
	    const char *knob_a, const char *knob_b, struct wb_factorial *,
	    struct wb_err *);
void	wb_factorial_fini(struct wb_factorial *);
const char	*wb_factorial_which_name(const struct wb_factorial *,
		    enum wb_fact_which, char *buf, size_t len);

#endif
