/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The plans of an explanation over a kernel recipe (BUILD_STYLE=kbuild):
 * the factors are the configuration symbols that the target's extra
 * fragments request (those the base variant lacks), one each unless a
 * group puts several in one ("objects=DEBUG_OBJECTS,DEBUG_OBJECTS_FREE").
 *
 * A symbol that every extra fragment requests (DEBUG_KERNEL, which the
 * others depend on) is an enabler: it is on in every point but the base,
 * and its own cost is the first step, base -> base+enablers (the
 * "enable" plan).  From there:
 *	- the design (main): the factors over the design of
 *	  explain_plan.h (full up to 4, the 16-run fraction for 5 to 8),
 *	  from base+enablers to the target;
 *	- one at a time (steps): base+enablers -> base+enablers+factor for
 *	  each factor, and base+enablers -> target (the total), the
 *	  reference that needs one kernel per factor.
 * Every point is a kernel label in the label grammar: the base variant's
 * name, "+" and the words of what is on ("production+debug-kernel+
 * lockdep"); the point with every symbol on is the target variant
 * itself and the one with none the base.  A point's configuration is the
 * base variant's fragments and one more fragment with its symbols
 * (wb_explain_kernel_fragment), or the recipe's own for the base and target.
 */
#ifndef WB_EXPLAIN_KERNEL_H
#define WB_EXPLAIN_KERNEL_H

#include <stddef.h>
#include <stdint.h>

struct wb_err;
struct wb_explain_plan;
struct wb_recipe;

#define WB_KEXPLAIN_MAXPOINTS	32

struct wb_explain_kernel {
	char			 *base, *target;	/* variants */
	char			**syms;		/* "DEBUG_LIST", in order */
	char			**vals;		/* their values: "y" */
	size_t			  nsyms;
	uint64_t		  enablers;	/* bits of syms */
	struct wb_explain_plan	 *enable;	/* NULL: no enablers */
	struct wb_explain_plan	 *main;		/* NULL with one_at_a_time */
	struct wb_explain_plan	**steps;	/* one at a time, then total */
	size_t			  nsteps;
	char			**points;	/* distinct labels, run order */
	uint64_t		 *psets;	/* their symbols */
	size_t			  npoints;
};

/*
 * extra: the fragments (paths) of the target that the base lacks, in
 * merge order; groups "name=SYM,SYM" (SYM as DEBUG_LIST, CONFIG_DEBUG_LIST
 * or debug-list); gens for the design; one_at_a_time: the steps instead
 * of the design.
 */
struct wb_explain_kernel *
	wb_explain_kernel_new(const char *recipe, const char *base,
	    const char *target, const char *const *extra, size_t nextra,
	    const char *const *groups, size_t ngroups,
	    const char *const *gens, size_t ngens, int one_at_a_time,
	    struct wb_err *);
void	wb_explain_kernel_free(struct wb_explain_kernel *);

/*
 * Two-stage group screening.  Stage one is the one-at-a-time plan kx
 * over groups; stage two steps through the symbols of every group of
 * several symbols that stage one found active (active[i] for step i),
 * each turned on after the ones before it in the group (in the order
 * the fragments request them, which puts a symbol after those it depends
 * on, so that every point is a configuration kconfig keeps), the first
 * from the same reference; the steps of a group add up to its cost.
 * Then the total again; no enable step and no base point.  NULL with
 * *none set when no such group is active, else NULL with err set.
 */
struct wb_explain_kernel *
	wb_explain_kernel_refine(const struct wb_explain_kernel *,
	    const int *active, const char *recipe, int *none, struct wb_err *);

/*
 * One configuration of a search over the factors of the one-at-a-time
 * plan kx (delta debugging, explain.h): the factors of set on (bit i for
 * kx's step i; the total is no factor), from the same reference
 * (base+enablers), as one step of two points.  A point whose label would
 * be longer than a label may be is named "BASE+syms-HEX", HEX the bits
 * of its symbols (its fragment lists them).
 */
struct wb_explain_kernel *
	wb_explain_kernel_pair(const struct wb_explain_kernel *, uint64_t set,
	    const char *recipe, struct wb_err *);

/* The fragment of point i ("CONFIG_X=y\n" per symbol), malloc'ed. */
char	*wb_explain_kernel_fragment(const struct wb_explain_kernel *, size_t i,
	    struct wb_err *);
/* 1 when point i is the base variant, 2 the target, 0 another. */
int	wb_explain_kernel_variant(const struct wb_explain_kernel *, size_t i);

#endif
