/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Matching, proven rather than shown: every design point of a plan
 * (explain_plan.h) differs from the base image only in paths that the
 * overlays or components of its flipped knobs make.  The image diff
 * (image_diff.h) lists what differs; the owners record the recipe
 * engine writes beside each image (WORKDIR/images/LABEL.owners, see
 * wb_overlay_owners_write) says where each path came from.  A path that differs
 * and that no flipped knob made (the world's own files, drifted between
 * builds, or an overlay of another option) is an error that names the
 * point, the path and its owner.
 */
#ifndef WB_EXPLAIN_MATCH_H
#define WB_EXPLAIN_MATCH_H

struct wb_err;
struct wb_explain_plan;
struct wb_recipe;

/*
 * Check every point against the base; 0 with *report (malloc'ed, one
 * line a point: its label, the paths that differ and their owners), or
 * -1 with err set.
 */
int	wb_explain_match(const struct wb_explain_plan *,
	    const struct wb_recipe *, const char *workdir, char **report,
	    struct wb_err *);

#endif
