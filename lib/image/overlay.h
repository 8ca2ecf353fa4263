/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Overlays (overlays/<name>/): applied to a root in declared order, later
 * wins, every overridden path reported.  An overlay directory holds
 *	rootfs/		copied as-is (except *~, .git, .svn, .hg)
 *	fragments/	config fragments: fragments/etc/x is merged into the
 *			root's etc/x (see fragment.h), overrides reported
 *	manifest	owners and modes (see manifest.h)
 * See worldbench-overlay(5).
 */
#ifndef WB_OVERLAY_H
#define WB_OVERLAY_H

struct wb_err;
struct wb_manifest;

/* path (relative to the root) was replaced: old came from was, new from now. */
typedef void	wb_override_fn(void *arg, const char *path, const char *was,
		    const char *now);

/*
 * Copy the tree src into dst (created if needed), reporting each path
 * that already existed as overridden by label.  owners is a table the
 * caller keeps between calls (see wb_overlay_owners) to name what is replaced.
 */
struct wb_overlay_owners;
struct wb_overlay_owners	*wb_overlay_owners_new(struct wb_err *);
void			 wb_overlay_owners_free(struct wb_overlay_owners *);
int	wb_overlay_tree_merge(const char *src, const char *dst,
	    const char *label,
	    struct wb_overlay_owners *, wb_override_fn *, void *,
	    struct wb_err *);
/*
 * Every path the owners table holds and where it came from, one line
 * each, sorted: "path<TAB>label", the label "world", "component NAME",
 * "overlay NAME" or, for a file that fragments of several overlays
 * make, "overlay A, overlay B".  Written atomically.
 */
int	wb_overlay_owners_write(const struct wb_overlay_owners *,
	    const char *path, struct wb_err *);

/* Apply one overlay directory to root, loading its manifest into man. */
int	wb_overlay_apply(const char *overlay, const char *root,
	    struct wb_overlay_owners *, struct wb_manifest *, wb_override_fn *,
	    void *, struct wb_err *);

#endif
