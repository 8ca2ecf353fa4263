/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Two-level designs over k named factors: the full factorial 2^k and the
 * regular fractions 2^(k-p) given by p generators such as "D=ABC".
 * Factor i is written as the letter 'A' + i; an effect (a main effect or
 * an interaction) is the set of its letters, held as a bit mask (bit i
 * for factor i), and a word of the defining relation is such a set with
 * a sign.  Levels are coded -1 (low: the base, the knob off) and +1
 * (high: the target, the knob on).
 *
 * Runs are in standard (Yates) order over the basic factors, the ones no
 * generator defines: run r has basic factor j high when bit j of r is
 * set (the first letter changes fastest); each generated factor is the
 * signed product of the factors its generator names.
 *
 * The all-low run (the base) and the all-high run (the target) are both
 * runs of a fraction only when every word of the defining relation is
 * positive and of even length, e.g. D=ABC (I = ABCD), not C=AB; the
 * shares of explain.h need both.
 */
#ifndef WB_DESIGN_H
#define WB_DESIGN_H

#include <stddef.h>
#include <stdint.h>

struct wb_err;

#define WB_DESIGN_MAXK		26	/* the letters A to Z */
#define WB_DESIGN_MAXBASIC	16	/* at most 2^16 runs */
#define WB_DESIGN_NORUN		((size_t)-1)

struct wb_design_word {
	uint32_t	mask;		/* factors, bit i for 'A' + i */
	int		sign;		/* +1 or -1 */
};

struct wb_design {
	size_t			 k;		/* factors */
	size_t			 p;		/* generators */
	size_t			 nruns;		/* 2^(k - p) */
	char			**names;	/* the factors' names */
	struct wb_design_word	*gens;		/* p: the generators' words */
	uint32_t		*defs;		/* p: the factor each defines */
	signed char		*x;		/* nruns * k levels, run-major */
	struct wb_design_word	*words;		/* defining relation, not I */
	size_t			 nwords;	/* 2^p - 1 */
	int			 resolution;	/* shortest word; 0 when full */
	size_t			 base;		/* the all-low run, or NORUN */
	size_t			 target;	/* the all-high run, or NORUN */
};

/*
 * The design over k factors (names may be NULL: "A", "B" ...) with the
 * p generators gens ("D=ABC", "E=-ABD"; spaces allowed).  A generator
 * defines one factor from at least two others that no generator
 * defines; each factor is defined at most once.  p = 0 is the full
 * factorial.
 */
struct wb_design	*wb_design_new(size_t k, const char *const *names,
			    const char *const *gens, size_t p,
			    struct wb_err *);
void			 wb_design_free(struct wb_design *);

/* The level (+1 or -1) of an effect's column in a run: the product. */
int	wb_design_level(const struct wb_design *, size_t run, uint32_t effect);
/*
 * The aliases of an effect: effect times each word, with the word's
 * sign, in the order of d->words; out holds d->nwords of them.  An alias
 * with mask 0 is the mean: the effect is a word and cannot be estimated.
 */
void	wb_design_aliases(const struct wb_design *, uint32_t effect,
	    struct wb_design_word *out);
/* The number of factors in an effect. */
int	wb_design_order(uint32_t effect);
/* "ABD" (or "-ABD" with sign -1, "I" for mask 0) into buf. */
char	*wb_design_effect_name(uint32_t effect, int sign, char *buf,
	    size_t len);
/* "III", "IV" ... for a resolution, "full" for 0. */
const char	*wb_design_resolution_name(int);

/*
 * The design in words, one fact a line: the kind and size, the legend of
 * the factors, the generators, the defining relation, where the base
 * and the target are, and the alias structure of every main effect and
 * two-factor interaction ("A is aliased with BCD"), each alias class
 * once; aliases longer than maxorder letters are counted, not named
 * (maxorder 0 names them all).  Returns an allocated string.
 */
char	*wb_design_format(const struct wb_design *, int maxorder,
	    struct wb_err *);

#endif
