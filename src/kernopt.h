/*
 * Shared by "worldbench kernel" and "worldbench boot": where kernels,
 * their builds and the caches live, and where the kernel recipe (which
 * fragments make a variant) is.
 */
#ifndef WB_KERNOPT_H
#define WB_KERNOPT_H

#include <stddef.h>

struct wb_err;
struct wb_recipe;

#define WB_KERNEL_TARBALL	"/usr/src/linux-source-6.1.tar.xz"
#define WB_CACHE_DEFAULT	"/var/cache/worldbench"

struct kernopt {
	const char	*workdir;	/* -w: images, builds, logs */
	const char	*cachedir;	/* -C: sources and ccache */
	const char	*overlays;	/* -O: the overlays directory */
	const char	*recipe;	/* -R: the kernel recipe */
	const char	*tarball;	/* -s: the kernel source distfile */
	const char	*distinfo;	/* beside the recipe: kernopt_recipe() */
	int		 ccache;	/* 0 with --no-ccache */
};

void	kernopt_init(struct kernopt *);
/* Paths for a variant; malloc'ed, NULL on allocation failure. */
char	*kernopt_imagedir(const struct kernopt *, const char *variant);
char	*kernopt_objdir(const struct kernopt *, const char *variant);
char	*kernopt_log(const struct kernopt *, const char *variant);
/*
 * Load the kernel recipe k->recipe (whose variants and fragments
 * wb_kbuild_variant_init() resolves) and point k->distinfo at the
 * distinfo beside it.  NULL with err set.
 */
struct wb_recipe *kernopt_recipe(struct kernopt *, struct wb_err *);
/* An image directory given as a path or as a variant name. */
char	*kernopt_find_image(const struct kernopt *, const char *arg,
	    struct wb_err *);
/* Make workdir and cachedir absolute (creating them). */
int	kernopt_absolute(struct kernopt *, struct wb_err *);
/* mkdir -p. */
int	kernopt_mkdirs(const char *, struct wb_err *);

#endif
