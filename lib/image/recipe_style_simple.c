/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Build styles "none" (hooks and overlays only) and "tree" (files of the
 * worldbench build tree: TREE_FILES=from:to ..., from relative to the
 * build directory O, to relative to the stage).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "overlay.h"
#include "recipe.h"
#include "recipe_style_int.h"
#include "wb_util.h"

static const char *const tree_vars[] = { "TREE_FILES", NULL };

const struct wb_build_style wb_style_none = {
	.name = "none",
};

/* Split "from:to"; returns 0 and points into buf, or -1. */
static int
split_pair(const struct wb_recipe *r, const char *w, char *buf, size_t len,
    const char **from, const char **to, struct wb_err *err)
{
	char *colon;

	if ((size_t)snprintf(buf, len, "%s", w) >= len ||
	    (colon = strchr(buf, ':')) == NULL || colon == buf ||
	    colon[1] == '\0' || strstr(buf, "..") != NULL || buf[0] == '/')
		return (wb_err_set(err, "%s: TREE_FILES entry '%s': expected "
		    "relative from:to without '..'", r->path, w));
	*colon = '\0';
	*from = buf;
	*to = colon + 1;
	while (**to == '/')
		(*to)++;
	return (0);
}

/*
 * Resolve a TREE_FILES entry: src is the "from" side under the object
 * directory and must exist; *to points into buf.
 */
static int
tree_source(const struct wb_build *b, const char *w, char *buf, size_t len,
    char *src, size_t srclen, const char **to, struct wb_err *err)
{
	const char *from;

	from = NULL;
	if (split_pair(b->recipe, w, buf, len, &from, to, err) == -1)
		return (-1);
	snprintf(src, srclen, "%s/%s", b->objdir, from);
	if (access(src, F_OK) == -1)
		return (wb_err_setsys(err, "%s (build the toolkit first: "
		    "make all)", src));
	return (0);
}

static int
tree_stage(struct wb_build *b, struct wb_err *err)
{
	char buf[PATH_MAX], src[PATH_MAX * 2], dst[PATH_MAX * 2];
	struct wb_overlay_owners *own;
	const char *to;
	char **w;
	size_t i;
	int rc;

	if ((w = wb_words_split(wb_recipe_get(b->recipe, "TREE_FILES"),
	    err)) == NULL)
		return (-1);
	if ((own = wb_overlay_owners_new(err)) == NULL) {
		wb_words_free(w);
		return (-1);
	}
	rc = 0;
	for (i = 0; rc == 0 && w[i] != NULL; i++) {
		if ((rc = tree_source(b, w[i], buf, sizeof(buf), src,
		    sizeof(src), &to, err)) == -1)
			break;
		snprintf(dst, sizeof(dst), "%s/%s", b->stagedir, to);
		wb_recipe_build_log(b, "copy %s -> %s", src, dst);
		rc = wb_overlay_tree_merge(src, dst, "tree", own, NULL, NULL,
		    err);
	}
	wb_overlay_owners_free(own);
	wb_words_free(w);
	return (rc);
}

static int
tree_identity(const struct wb_build *b, int (*add)(void *, const void *,
    size_t), void *ctx, struct wb_err *err)
{
	char buf[PATH_MAX], src[PATH_MAX * 2], hex[65];
	const char *to;
	char **w;
	size_t i;
	int rc;

	if ((w = wb_words_split(wb_recipe_get(b->recipe, "TREE_FILES"),
	    err)) == NULL)
		return (-1);
	rc = 0;
	for (i = 0; rc == 0 && w[i] != NULL; i++) {
		if ((rc = tree_source(b, w[i], buf, sizeof(buf), src,
		    sizeof(src), &to, err)) == -1)
			break;
		if ((rc = wb_recipe_tree_digest(src, hex, err)) == 0)
			rc = add(ctx, hex, 64);
	}
	wb_words_free(w);
	return (rc);
}

const struct wb_build_style wb_style_tree = {
	.name = "tree",
	.vars = tree_vars,
	.stage = tree_stage,
	.identity = tree_identity,
};
