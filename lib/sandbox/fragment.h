/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Configuration fragments: ordered KEY=value files merged into one
 * configuration, later fragments winning, every override reported
 * (the shape of buildroot's merge_config.sh).  Used for world
 * configuration files and by the kernel stage for .config fragments.
 *
 * A fragment is text, one setting a line:
 *	KEY=value		set KEY (value kept verbatim, quotes included)
 *	KEY+=value		append ":value" to KEY's value, or set it when
 *				KEY has none: a list of settings that several
 *				fragments add to, such as GLIBC_TUNABLES
 *	# KEY is not set	kconfig's "unset" (value NULL)
 *	# anything else		comment
 *	(blank)			ignored
 * KEY is [A-Za-z_][A-Za-z0-9_]*.  A key set twice in one fragment is an
 * error (file:line), so is any other line.
 *
 * Implemented in lib/sandbox/fragment.c.
 */
#ifndef WB_FRAGMENT_H
#define WB_FRAGMENT_H

#include <stddef.h>
#include <stdint.h>

struct wb_err;

struct wb_frag_entry {
	char		*key;
	char		*value;		/* NULL: "# KEY is not set" */
	char		*file;		/* where this value came from */
	unsigned	 line;
};

/*
 * A merged configuration; entries keep first-seen key order.  The keys
 * are indexed by a hash table under a random key, so that a merge and a
 * look-up cost the same whatever the keys (a fragment of hostile names
 * cannot make them collide).  Only this module writes to a wb_fragment.
 */
struct wb_fragment {
	struct wb_frag_entry	*e;
	size_t			 n;
	size_t			 cap;
	size_t			*slot;		/* i + 1 for e[i], 0: empty */
	size_t			 nslot;		/* 0, or a power of two */
	uint64_t		 seed[2];
};

/*
 * Called for each override during a merge: old is the value being
 * replaced, new the one replacing it (both valid during the call).
 * Called even when the value does not change, with same != 0.
 */
typedef void	wb_frag_override_fn(void *arg,
		    const struct wb_frag_entry *old,
		    const struct wb_frag_entry *new, int same);
/* Called by wb_fragment_verify() for each wanted entry the result lacks. */
typedef void	wb_frag_missing_fn(void *arg,
		    const struct wb_frag_entry *want,
		    const struct wb_frag_entry *have);	/* have may be NULL */

void	wb_fragment_init(struct wb_fragment *);
void	wb_fragment_fini(struct wb_fragment *);

/*
 * Merge one fragment (file or buffer named name) into f.  The merge
 * polls wb_interrupt_pending() (interrupt.h) and fails with "name:line:
 * interrupted by signal N" once it is set.
 */
int	wb_fragment_merge_file(struct wb_fragment *, const char *path,
	    wb_frag_override_fn *, void *, struct wb_err *);
/*
 * The same for a fragment of an overlay tree: path is opened with
 * O_NOFOLLOW, so a fragment that is a symbolic link is refused, its
 * target never read.
 */
int	wb_fragment_merge_nofollow(struct wb_fragment *, const char *path,
	    wb_frag_override_fn *, void *, struct wb_err *);
/* The same from an open fd (a regular file), path naming it in errors. */
int	wb_fragment_merge_fd(struct wb_fragment *, int fd, const char *path,
	    wb_frag_override_fn *, void *, struct wb_err *);
int	wb_fragment_merge_buf(struct wb_fragment *, const char *name,
	    const char *buf, size_t len, wb_frag_override_fn *, void *,
	    struct wb_err *);

const struct wb_frag_entry	*wb_fragment_get(const struct wb_fragment *,
				    const char *key);

/*
 * Format f as fragment text ("KEY=value\n" / "# KEY is not set\n") in
 * entry order; returns a malloc'ed NUL-terminated string.
 */
char	*wb_fragment_format(const struct wb_fragment *, struct wb_err *);
/* Write wb_fragment_format() atomically to path. */
int	wb_fragment_write(const struct wb_fragment *, const char *path,
	    struct wb_err *);

/*
 * Check that every entry of want holds in have (an unset wanted key is
 * satisfied by an absent or unset key).  Returns the number of
 * mismatches, each reported through fn (which may be NULL).
 */
size_t	wb_fragment_verify(const struct wb_fragment *want,
	    const struct wb_fragment *have, wb_frag_missing_fn *, void *);

#endif
