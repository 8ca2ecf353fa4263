/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which requested option brings each symbol a kernel variant changes.
 * The derivation of kbuild_match.h (the base's configuration with the
 * variant's extra fragments applied, olddefconfig run) once as it is,
 * then once per requested symbol with that one request left out (set as
 * in the base): a changed symbol whose change disappears without S is
 * owned by S.  kernel/locking/lockdep.o is compiled for LOCKDEP, which
 * no fragment asks for; PROVE_LOCKING selects it: LOCKDEP is owned by
 * PROVE_LOCKING.  A symbol whose absence undoes every owned change
 * (DEBUG_KERNEL, on which the others depend) is an enabler: listed
 * apart and left out of the others' owners.  A symbol that no single
 * request takes away and that the enablers alone do not bring is shared:
 * several requests select it, any one of them enough (STACKTRACE, which
 * both PROVE_LOCKING and DEBUG_OBJECTS select).
 */
#ifndef WB_KBUILD_OWNERS_H
#define WB_KBUILD_OWNERS_H

#include <stddef.h>

struct wb_err;
struct wb_fragment;
struct wb_kbuild;

struct wb_kowner {
	char	 *sym;		/* without CONFIG_: "LOCKDEP" */
	int	  requested;	/* set by an extra fragment */
	char	**by;		/* owners (requested symbols), in order */
	size_t	  nby;
	int	  shared;	/* no one request brings it: several, any
				   one of which would (nby is 0) */
};

struct wb_kbuild_owners {
	struct wb_kowner	 *o;		/* changed symbols, in order */
	size_t			  n;
	char			**enablers;
	size_t			  nenablers;
};

void	wb_kbuild_owners_init(struct wb_kbuild_owners *);
void	wb_kbuild_owners_fini(struct wb_kbuild_owners *);
/*
 * From configurations already derived: the changed symbols (full
 * against base, want the extra fragments' settings) by
 * wb_kbuild_owners_changed, then each leave-one-out derivation by
 * wb_kbuild_owners_add, then wb_kbuild_owners_finish (the enablers).
 */
int	wb_kbuild_owners_changed(struct wb_kbuild_owners *,
	    const struct wb_fragment *base,
	    const struct wb_fragment *full, const struct wb_fragment *want,
	    struct wb_err *);
int	wb_kbuild_owners_add(struct wb_kbuild_owners *, const char *left_out,
	    const struct wb_fragment *base, const struct wb_fragment *without,
	    struct wb_err *);
int	wb_kbuild_owners_finish(struct wb_kbuild_owners *, struct wb_err *);
/*
 * Then, with enabled the derivation with the enablers alone: a symbol
 * owned by enablers only that enabled does not change is shared.
 */
void	wb_kbuild_owners_enabled(struct wb_kbuild_owners *,
	    const struct wb_fragment *base, const struct wb_fragment *enabled);
/* The whole run: kb as for wb_kbuild_match_run (scratch "<objdir>.owners"). */
int	wb_kbuild_owners_run(const struct wb_kbuild *kb,
	    char *const *base_frags,
	    size_t nbase, const char *base_config, struct wb_kbuild_owners *,
	    struct wb_err *);
/* sym (with or without CONFIG_), NULL if it did not change. */
const struct wb_kowner *wb_kbuild_owners_find(const struct wb_kbuild_owners *,
	    const char *sym);

#endif
