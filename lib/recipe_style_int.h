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
int	wb_world_package(struct wb_build *, struct wb_err *);
void	wb_world_lint(const struct wb_recipe *, wb_lint_fn *, void *,
	    size_t *);

#endif
