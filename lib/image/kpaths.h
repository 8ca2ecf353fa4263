/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shared by "worldbench kernel" and "worldbench boot": where kernels,
 * their builds and the caches live, and where the kernel recipe (which
 * fragments make a variant) is.
 */
#ifndef WB_KPATHS_H
#define WB_KPATHS_H

#include <stddef.h>

struct wb_err;
struct wb_recipe;

#define WB_KERNEL_TARBALL	"/usr/src/linux-source-6.1.tar.xz"
#define WB_CACHE_DEFAULT	"/var/cache/worldbench"

struct wb_kpaths {
	const char	*workdir;	/* -w: images, builds, logs */
	const char	*cachedir;	/* -C: sources and ccache */
	const char	*overlays;	/* -O: the overlays directory */
	const char	*recipe;	/* -R: the kernel recipe */
	const char	*tarball;	/* -s: the kernel source distfile */
	const char	*distinfo;	/* beside the recipe: wb_kpaths_recipe() */
	int		 ccache;	/* 0 with --no-ccache */
};

/* Defaults: the overlays and recipe of this build or installation. */
void	wb_kpaths_init(struct wb_kpaths *, const char *workdir);
/* Paths for a variant; malloc'ed, NULL on allocation failure. */
char	*wb_kpaths_imagedir(const struct wb_kpaths *, const char *variant);
char	*wb_kpaths_objdir(const struct wb_kpaths *, const char *variant);
char	*wb_kpaths_log(const struct wb_kpaths *, const char *variant);
/*
 * Load the kernel recipe k->recipe (whose variants and fragments
 * wb_kbuild_variant_init() resolves) and point k->distinfo at the
 * distinfo beside it.  NULL with err set.
 */
struct wb_recipe *wb_kpaths_recipe(struct wb_kpaths *, struct wb_err *);
/* Point k->distinfo at the distinfo beside the recipe r already loaded. */
int	wb_kpaths_distinfo(struct wb_kpaths *, const struct wb_recipe *,
	    struct wb_err *);
/* An image directory given as a path or as a variant name. */
char	*wb_kpaths_find_image(const struct wb_kpaths *, const char *arg,
	    struct wb_err *);
/* Make workdir and cachedir absolute (creating them). */
int	wb_kpaths_absolute(struct wb_kpaths *, struct wb_err *);
/* mkdir -p. */
int	wb_kpaths_mkdirs(const char *, struct wb_err *);

#endif
