/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The matching check of a kernel pair: a variant must differ from its
 * base in its knob alone.  Its configuration is compared with what
 * kconfig derives from the base's own configuration with the variant's
 * extra fragments (those the base lacks) applied and olddefconfig run:
 * every symbol must agree.  A symbol that changed in the built variant
 * but not in the derivation is unexpected (the variant was built from
 * another base, a fragment changed, a default moved), one that the
 * derivation changes but the build did not is missing.
 */
#ifndef WB_KBUILD_MATCH_H
#define WB_KBUILD_MATCH_H

#include <stddef.h>

struct wb_err;
struct wb_fragment;
struct wb_kbuild;

struct wb_kbuild_match {
	size_t	 changed;	/* symbols that differ from the base */
	size_t	 requested;	/* of them, set by the extra fragments */
	size_t	 implied;	/* the rest: kconfig's consequences */
	size_t	 mismatched;	/* symbols where build and derivation differ */
	size_t	 nextra;	/* the variant's fragments the base lacks */
	char	*report;	/* one line per mismatch, malloc'ed; or NULL */
	/*
	 * The changed symbols, one a line, malloc'ed (NULL when none):
	 * what the knob owns when nothing mismatched.
	 */
	char	*owned;
};

/*
 * Compare the three configurations (no kconfig run): fills m from base,
 * the built variant and the derivation; want holds the extra fragments'
 * settings (for the requested count).  Absent and "is not set" agree.
 */
int	wb_kbuild_match_compare(const struct wb_fragment *base,
	    const struct wb_fragment *built, const struct wb_fragment *derived,
	    const struct wb_fragment *want, struct wb_kbuild_match *,
	    struct wb_err *);

/*
 * The whole check: kb is the variant (its srctree, its fragments, its
 * objdir as the parent of the scratch directory "<objdir>.match");
 * base_frags the base's fragments, so that the variant's others are the
 * extra ones; base_config and built_config the two images'
 * configurations.  Runs olddefconfig once.
 */
int	wb_kbuild_match_run(const struct wb_kbuild *kb,
	    char *const *base_frags, size_t nbase, const char *base_config,
	    const char *built_config, struct wb_kbuild_match *,
	    struct wb_err *);
void	wb_kbuild_match_fini(struct wb_kbuild_match *);

/*
 * The record of a check that passed, for the comparisons that come
 * later (ident_kernel.c reads it into a results file): imagedir/match.json,
 * {"base": name, "base_config_sha256": ..., "symbols": [the changed
 * symbols]}, written atomically.
 */
#define WB_KMATCH_RECORD	"match.json"
int	wb_kbuild_match_record(const struct wb_kbuild_match *,
	    const char *imagedir,
	    const char *base, const char *base_config, struct wb_err *);

#endif
