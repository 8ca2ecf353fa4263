/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Kernel configuration and builds: one unpacked source tree shared by
 * all variants, one out-of-tree (O=) build directory per variant,
 * ccache, -j from the CPU count.
 *
 * Configuration: "make tinyconfig" (the start target: the kernel
 * recipe's KBUILD_START), the fragments merged in order onto the result
 * (lib/sandbox/fragment.h, overrides between fragments reported),
 * "make olddefconfig", and then every option the fragments ask for is
 * checked in the final .config: Kconfig drops options with unmet
 * dependencies silently, and that is an error listing each one.  This
 * happens in <objdir>.cfg; the result replaces <objdir>/.config only when
 * it differs, so an unchanged configuration leaves the build incremental.
 *
 * A kernel image is a directory written atomically (built beside its
 * final name, then swapped in):
 *	bzImage		the kernel
 *	config		the final .config
 *	config.sha256	its SHA-256
 *	kernel.json	variant, input hash, fragments, release, build log
 * Its input hash covers the source distfile's digest, the start and
 * image targets, the fragments' names (not their directories) and
 * contents, the compiler's version; an image whose input hash matches is
 * up to date and is not rebuilt.  The image target (KBUILD_TARGET,
 * bzImage) must leave WB_KBUILD_IMAGE in objdir.
 */
#ifndef WB_KBUILD_H
#define WB_KBUILD_H

#include <stddef.h>

#include "kbuild_image.h"
#include "kbuild_job.h"
#include "wb_util.h"

struct wb_err;
struct wb_recipe;

/* A configured variant. */
struct wb_kbuild_config_result {
	char	 config_sha256[WB_SHA256_HEXSIZE];
	size_t	 noverrides;	/* fragment-over-fragment overrides */
	size_t	 nmissing;	/* requested options that did not stick */
	char	*missing;	/* "CONFIG_X=y (final: not set)\n..." */
};

/* The input hash of a variant (see above). */
int	wb_kbuild_input_hash(const struct wb_kbuild *,
	    char hash[WB_SHA256_HEXSIZE], struct wb_err *);

/*
 * Configure objdir.  Returns -1 with err set on failure, including
 * options that did not stick (listed in res->missing as well).
 */
int	wb_kbuild_configure(const struct wb_kbuild *,
	    struct wb_kbuild_config_result *, struct wb_err *);
void	wb_kbuild_config_result_fini(struct wb_kbuild_config_result *);

/* Build the kernel in objdir (make bzImage, or kb->target). */
int	wb_kbuild_make(const struct wb_kbuild *, const char *config_sha256,
	    struct wb_err *);

/*
 * All of it: up to date check, configure, make, install.  *built is set
 * to 0 when the image was already up to date.
 */
int	wb_kbuild_run(const struct wb_kbuild *, int force, int *built,
	    struct wb_err *);

/*
 * A kernel recipe (BUILD_STYLE=kbuild, see worldbench-recipe(5)) resolved
 * for one of its VARIANTS.  The fragments are overlays/<entry> for each
 * entry of OVERLAYS, then of <OPT>_OVERLAYS_ON (or _OFF when the variant
 * leaves OPT off) in OPTIONS order; each must be a regular file.  start
 * and target are KBUILD_START and KBUILD_TARGET, or WB_KBUILD_START and
 * WB_KBUILD_TARGET when the recipe does not set them.  Errors name the
 * recipe and the line of the variable at fault; an unknown variant's
 * lists the variants.
 */
struct wb_kbuild_variant {
	char	**fragments;	/* malloc'ed paths, in merge order */
	size_t	  nfragments;
	char	 *start;
	char	 *target;
};
int	wb_kbuild_variant_init(struct wb_kbuild_variant *,
	    const struct wb_recipe *, const char *overlays,
	    const char *variant, struct wb_err *);
void	wb_kbuild_variant_fini(struct wb_kbuild_variant *);
/* 0 when variant is one of the recipe's VARIANTS, else -1 (as above). */
int	wb_kbuild_variant_check(const struct wb_recipe *,
	    const char *variant, struct wb_err *);
/*
 * Shared with the recipe linter: 1 for a fragment entry (a relative path
 * under the overlays directory, no "." or ".." component), 1 for a make
 * target (one word of [A-Za-z0-9_.-], not starting with '-').
 */
int	wb_kbuild_fragment_name_ok(const char *);
int	wb_kbuild_target_ok(const char *);

/* Run scripts/diffconfig on two .config files; output malloc'ed. */
int	wb_kbuild_diffconfig(const char *srctree, const char *a,
	    const char *b, char **out, struct wb_err *);

#endif
