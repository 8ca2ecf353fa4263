/*
 * Kernel configuration and builds: one unpacked source tree shared by
 * all variants, one out-of-tree (O=) build directory per variant,
 * ccache, -j from the CPU count.
 *
 * Configuration: "make tinyconfig", the fragments merged in order onto
 * the result (lib/fragment.h, overrides between fragments reported),
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
 * Its input hash covers the source distfile's digest, the fragments'
 * names and contents, the compiler's version and the build settings; an
 * image whose input hash matches is up to date and is not rebuilt.
 */
#ifndef WB_KBUILD_H
#define WB_KBUILD_H

#include <stddef.h>

#include "digest.h"

struct wb_err;

#define WB_KBUILD_START		"tinyconfig"
#define WB_KBUILD_TARGET	"bzImage"
#define WB_KBUILD_IMAGE		"arch/x86/boot/bzImage"

struct wb_kbuild {
	const char		*variant;	/* name, e.g. "witness" */
	const char		*srctree;	/* unpacked source */
	const char		*source_digest;	/* sha256 of the distfile */
	const char		*objdir;	/* O= for this variant */
	const char		*imagedir;	/* the kernel image directory */
	const char		*ccache_dir;	/* NULL: no ccache */
	const char *const	*fragments;	/* paths, in merge order */
	size_t			 nfragments;
	int			 jobs;		/* <= 0: online CPUs */
	double			 timeout;	/* per make run; <= 0: 3 h */
	const char		*log;		/* build log (appended) */
	/* Progress and override reports, one line each (may be NULL). */
	void			(*note)(void *, const char *);
	void			*note_arg;
};

/* A configured variant. */
struct wb_kconfig_result {
	char	 config_sha256[WB_SHA256_HEXSIZE];
	size_t	 noverrides;	/* fragment-over-fragment overrides */
	size_t	 nmissing;	/* requested options that did not stick */
	char	*missing;	/* "CONFIG_X=y (final: not set)\n..." */
};

/*
 * Unpack tarball once into cachedir: the tree is cachedir/<top> (the
 * archive's single top directory) with a stamp cachedir/<top>.stamp
 * holding the tarball's SHA-256.  A tree without a matching stamp is
 * replaced.  *srctree (malloc'ed) and digest are filled.
 */
int	wb_kbuild_unpack(const char *tarball, const char *cachedir,
	    char **srctree, char digest[WB_SHA256_HEXSIZE], struct wb_err *);

/* The input hash of a variant (see above). */
int	wb_kbuild_input_hash(const struct wb_kbuild *,
	    char hash[WB_SHA256_HEXSIZE], struct wb_err *);
/* 1 when imagedir holds a complete image with that input hash. */
int	wb_kbuild_uptodate(const char *imagedir,
	    const char hash[WB_SHA256_HEXSIZE]);

/*
 * Configure objdir.  Returns -1 with err set on failure, including
 * options that did not stick (listed in res->missing as well).
 */
int	wb_kbuild_configure(const struct wb_kbuild *,
	    struct wb_kconfig_result *, struct wb_err *);
void	wb_kconfig_result_fini(struct wb_kconfig_result *);

/* Build the kernel in objdir (make bzImage). */
int	wb_kbuild_make(const struct wb_kbuild *, const char *config_sha256,
	    struct wb_err *);

/* Write the image directory atomically from objdir. */
int	wb_kbuild_install(const struct wb_kbuild *,
	    const char input_hash[WB_SHA256_HEXSIZE],
	    const char *config_sha256, double build_seconds, struct wb_err *);

/*
 * All of it: up to date check, configure, make, install.  *built is set
 * to 0 when the image was already up to date.
 */
int	wb_kbuild_run(const struct wb_kbuild *, int force, int *built,
	    struct wb_err *);

/* Run scripts/diffconfig on two .config files; output malloc'ed. */
int	wb_kbuild_diffconfig(const char *srctree, const char *a,
	    const char *b, char **out, struct wb_err *);

#endif
