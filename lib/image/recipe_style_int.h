/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Built-in build styles (see the table in recipe_style.c).
 */
#ifndef WB_RECIPE_STYLE_INT_H
#define WB_RECIPE_STYLE_INT_H

#include "recipe.h"

/* Nothing to configure or build: hooks and overlays only. */
extern const struct wb_build_style	wb_style_none;
/* Files of the worldbench build tree (TREE_FILES=from:to ...). */
extern const struct wb_build_style	wb_style_tree;
/* ./configure && make && make install DESTDIR=stage. */
extern const struct wb_build_style	wb_style_gnu_configure;
/* A root from the host's own programs and their library closure. */
extern const struct wb_build_style	wb_style_host_world;
/* debootstrap --variant=minbase of the host's release. */
extern const struct wb_build_style	wb_style_debootstrap;
/* A Linux kernel: lint only, built by "worldbench kernel build". */
extern const struct wb_build_style	wb_style_kbuild;

/* Helpers shared by the world styles (recipe_world.c). */
int	wb_recipe_world_package(struct wb_build *, struct wb_err *);
void	wb_recipe_world_lint(const struct wb_recipe *, wb_lint_fn *, void *,
	    size_t *);

/*
 * The shared stage of a world (recipe_stage.c): build decides what no
 * option changes; it runs once per key into b->stagedir, which is kept
 * as WORKDIR/stages/NAME-KEY12.tar.zst, and every variant's stagedir is
 * unpacked from that archive.  The archive's sha256 is kept in
 * WRKDIR/stage.sha256 for the image's metadata.
 */
int	wb_recipe_stage_shared(struct wb_build *, const struct wb_build_style *,
	    int (*build)(struct wb_build *, struct wb_err *), struct wb_err *);
/*
 * The key: the style's name, its own variables (st->vars) and its
 * identity; not the options, not the variant, not the rest of the recipe.
 */
int	wb_recipe_stage_key(const struct wb_build *,
	    const struct wb_build_style *, char key[65], struct wb_err *);
/* The build's shared stage sha256 into sha: 1, or 0 when it has none. */
int	wb_recipe_stage_sha256(const struct wb_build *, char sha[65]);

#endif
