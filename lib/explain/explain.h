/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Explaining a difference between a base and a target that differ in a
 * set of two-level factors (knobs): the effects of a design (design.h)
 * with intervals and shares, a delta-debugging search for the smallest
 * set of options that carries most of the difference, and the map from
 * a kernel object file to the CONFIG_ option that compiles it.
 */
#ifndef WB_EXPLAIN_H
#define WB_EXPLAIN_H

#include <stddef.h>
#include <stdint.h>

#include "wb_stats.h"

struct wb_design;
struct wb_err;

/*
 * Effects.  y[i] holds n[i] log rates of design run i (or log ratios
 * against the base: the contrasts are the same).  With paired set, the
 * j-th value of every run comes from the same round of an interleaved
 * run (all n[i] equal, at least 2): each estimate is then the mean of
 * its per-round values with Student's t on n - 1 degrees of freedom, so
 * whatever a round shifts cancels.  Otherwise the runs are independent
 * and the variance is pooled within runs (pure error, sum of n[i] - 1
 * degrees of freedom); with a single value per run, the contrasts not
 * estimated serve as error instead (the residual of the fitted model).
 *
 * The effect of a set S of factors is E_S = mean(y | x_S = +1) -
 * mean(y | x_S = -1) over the run means, x_S the product of the levels:
 * a main effect is the change from turning the knob on, averaged over
 * the others; ratio = exp(E_S).  One effect is estimated per alias
 * class, named by its shortest member, for every class with a member of
 * at most maxorder factors.
 *
 * Shares.  With the base and the target both runs of the design, the
 * total is ln(target/base) = the sum of E_S over every S of odd order:
 * an even-order interaction is the same at both ends and changes only how
 * the costs combine on the way.  An estimated effect's share is its part
 * of the total (E_S / total for odd S, 0 for even S) and the unexplained
 * rest is the total minus those parts: the odd interactions above
 * maxorder.  Without both ends have_total is 0 and shares are NaN.
 */
struct wb_explain_effect {
	uint32_t	mask;		/* the factors, design.h */
	int		order;
	struct wb_welch	w;		/* diff = E_S, ratio, lo, hi, p */
	double		share;		/* of the total log difference */
};

struct wb_explain_effects {
	struct wb_explain_effect	*eff;
	size_t			 neff;
	int			 paired;
	double			 conf;
	double			 df;		/* error degrees of freedom */
	int			 have_total;
	struct wb_welch		 total;		/* target against base */
	struct wb_welch		 unexplained;	/* total - sum of parts */
	double			 unexplained_share;
};

struct wb_explain_effects *
	wb_explain_effects(const struct wb_design *, const double *const *y,
	    const size_t *n, int paired, int maxorder, double conf,
	    struct wb_err *);
void	wb_explain_effects_free(struct wb_explain_effects *);
/*
 * What a reader must know of a share (never clipped): below 0, "the
 * effect opposes the total" (it moves the other way, and the others
 * carry more than all of it); above 1, "over 100%: other effects offset
 * it"; else (and for NaN) NULL.
 */
const char	*wb_explain_share_caveat(double share);

/*
 * Delta debugging.  cost(arg, set, &logdiff, err) measures the
 * configuration with the options of the bit set on (n <= 64, bit i for
 * option i) and the others off, giving ln(rate of set / rate of the
 * base) or -1 with err set; each set is asked for once.  The search
 * finds a set that carries at least frac of the total (cost(set) /
 * cost(all) >= frac) from which no single option can be removed without
 * falling below (ddmin, 1-minimal), then measures each option of it
 * alone and each pair of them (when it has at most 8), and reports an
 * interaction where the combined effect differs from the sum of the
 * single ones by more than tol.
 */
typedef int	(*wb_explain_ddmin_cost)(void *, uint64_t, double *,
		    struct wb_err *);

struct wb_explain_ddmin_pair {
	size_t	a, b;			/* options, a < b */
	double	interaction;		/* cost(ab) - cost(a) - cost(b) */
};

struct wb_explain_ddmin {
	uint64_t		 set;		/* the options found */
	double			 total;		/* cost(all) */
	double			 found;		/* cost(set) */
	double			 sum_single;	/* sum of cost(option) in set */
	int			 interacts;	/* |found - sum_single| > tol */
	double			*single;	/* n: cost alone; NaN unmeasured */
	struct wb_explain_ddmin_pair	*pairs;		/* interacting pairs */
	size_t			 npairs;
	size_t			 nevals;	/* configurations measured */
};

struct wb_explain_ddmin *
	wb_explain_ddmin(size_t n, wb_explain_ddmin_cost, void *arg,
	    double frac, double tol, struct wb_err *);
void	wb_explain_ddmin_free(struct wb_explain_ddmin *);

/*
 * Object to option.  A kbuild tree's Makefiles (a directory's Kbuild
 * when it has one), followed from the top through the directories they
 * name: "obj-$(CONFIG_X) += f.o dir/", "lib-y += g.o", and composite
 * objects "name-y += a.o", "name-$(CONFIG_Y) += b.o" (or "name-objs").
 * Conditionals (ifdef, ifeq) are not followed: what they guard counts
 * as unguarded.
 */
struct wb_explain_objmap;

struct wb_explain_objmap *
	wb_explain_objmap_new(const char *srctree, struct wb_err *);
void	wb_explain_objmap_free(struct wb_explain_objmap *);
/*
 * The options (without "CONFIG_") that must be on for obj ("lib/
 * list_debug.o") to be built, innermost first, up to max of them into
 * opts (borrowed from the map); returns how many there are (0: built
 * unconditionally), or -1 with err set when no Makefile builds obj.
 */
int	wb_explain_objmap_lookup(const struct wb_explain_objmap *,
	    const char *obj, const char **opts, size_t max, struct wb_err *);

#endif
