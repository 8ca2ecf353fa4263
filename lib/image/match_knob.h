/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one rule of matching for worlds: a path in which two images differ
 * is the knob's when one of its owners (as WORKDIR/images/LABEL.owners
 * records them: "world", "overlay NAME", "component NAME", or several
 * joined by ", ") is one of the knob's sources, the overlays and
 * components that the two images' configurations do not share.
 * `worldbench explain` (explain_match.c) takes the sources from the
 * recipe, run, bench, boot and compare (ident_check.c) from the owners
 * the images' results record; both decide by wb_match_knob_allowed().
 *
 * A set of sources is a string "overlay a;component b;".
 */
#ifndef WB_MATCH_KNOB_H
#define WB_MATCH_KNOB_H

#include <stddef.h>

struct wb_err;

/* An owners record: "path<TAB>owner" lines, sorted by path. */
struct wb_match_knob_owners {
	char	 *text;
	char	**path, **label;
	size_t	  n;
};

/* WORKDIR/images/LABEL.owners; an error names the file (and line). */
int	wb_match_knob_owners_read(struct wb_match_knob_owners *,
	    const char *workdir, const char *label, struct wb_err *);
/* The owner of path, or NULL when the record has none. */
const char	*wb_match_knob_owner_of(const struct wb_match_knob_owners *,
	    const char *path);
void	wb_match_knob_owners_fini(struct wb_match_knob_owners *);

/* Is any of the comma-separated owners in the set of sources? */
int	wb_match_knob_allowed(const char *owners, const char *knobs);
/* Append "kind word;" to out for each word of a (NULL-ended) not in b. */
void	wb_match_knob_sources_minus(char *const *a, char *const *b,
	    const char *kind, char *out, size_t len);
/* The set as "overlay a, component b" (or "none") in buf. */
const char	*wb_match_knob_text(const char *knobs, char *buf, size_t len);

#endif
