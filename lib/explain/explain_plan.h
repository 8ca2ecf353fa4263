/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The plan of an explanation over a recipe's options: which factors
 * separate a base variant from a target one, the design over them, and
 * the image label of every design point (lib/image/recipe.h, "word+option").
 *
 * A factor is a set of options flipped together from the base's setting
 * to the target's: each option on which the two variants differ is a
 * factor of its own, unless a group ("build=JEMALLOC,JEMALLOC_DEBUG")
 * puts several in one, as when one option replaces another.  Up to 4
 * factors get the full factorial; 5 to 8 a 16-run fraction of resolution
 * IV whose words all have even length, so that the base and the target
 * are both design points (lib/stats/design.h), unless generators are given.
 */
#ifndef WB_EXPLAIN_PLAN_H
#define WB_EXPLAIN_PLAN_H

#include <stddef.h>
#include <stdint.h>

struct wb_design;
struct wb_err;
struct wb_recipe;

#define WB_EXPLAIN_MAXRUNS	16	/* the experiment's label limit */

struct wb_explain_factor {
	char		*name;		/* "glibc-check", or the group's */
	uint64_t	 opts;		/* bit i: the recipe's options[i] */
};

struct wb_explain_plan {
	char			 *recipe;	/* the recipe's name */
	char			 *base, *target;
	char			**options;	/* borrowed: recipe's or kernel's */
	size_t			  noptions;
	uint64_t		  base_on;	/* the base's options */
	struct wb_explain_factor *f;
	size_t			  k;
	struct wb_design	 *design;
	char			**labels;	/* per design run */
	uint64_t		 *sets;		/* per design run: options on */
};

/*
 * groups: "name=OPT,OPT" (an option as OPTIONS spells it, or in lower
 * case with '-' for '_'); gens: generators as lib/stats/design.h takes them
 * (NULL, 0: the default for the number of factors).  The plan borrows
 * the recipe's option names: free the plan first.
 */
struct wb_explain_plan *
	wb_explain_plan_new(const struct wb_recipe *, const char *base,
	    const char *target, const char *const *groups, size_t ngroups,
	    const char *const *gens, size_t ngens, struct wb_err *);
void	wb_explain_plan_free(struct wb_explain_plan *);

/*
 * The design over p's factors p->f[0 .. p->k): gens, or with none the
 * default for k (full up to 4, the 16-run fractions for 5 to 8); the
 * base and the target must be runs, and at most WB_EXPLAIN_MAXRUNS.
 */
int	wb_explain_plan_design(struct wb_explain_plan *,
	    const char *const *gens, size_t ngens, struct wb_err *);

/*
 * The options of a set, "+"-joined in OPTIONS order in the lower-case
 * form ("glibc-check+glibc-perturb"), or "-" for none; into buf.
 */
char	*wb_explain_plan_opts(const struct wb_explain_plan *, uint64_t set,
	    char *buf, size_t len);
/* The factors of an effect ("glibc-preload x glibc-check") into buf. */
char	*wb_explain_plan_effect(const struct wb_explain_plan *,
	    uint32_t mask, char *buf, size_t len);

#endif
