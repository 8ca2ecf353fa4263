/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A kernel's source unpacked into the cache and its image directory
 * (lib/image/kbuild_image.c): whether one is up to date, and the install
 * that writes it atomically.  kbuild.h includes this.
 */
#ifndef WB_KBUILD_IMAGE_H
#define WB_KBUILD_IMAGE_H

#include "wb_util.h"

struct wb_err;
struct wb_kbuild;

/*
 * Unpack tarball once into cachedir: the tree is cachedir/<top> (the
 * archive's single top directory) with a stamp cachedir/<top>.stamp
 * holding the tarball's SHA-256.  A tree without a matching stamp is
 * replaced.  *srctree (malloc'ed) and digest are filled.
 */
int	wb_kbuild_unpack(const char *tarball, const char *cachedir,
	    char **srctree, char digest[WB_SHA256_HEXSIZE], struct wb_err *);

/* 1 when imagedir holds a complete image with that input hash. */
int	wb_kbuild_uptodate(const char *imagedir,
	    const char hash[WB_SHA256_HEXSIZE]);

/* Write the image directory atomically from objdir. */
int	wb_kbuild_install(const struct wb_kbuild *,
	    const char input_hash[WB_SHA256_HEXSIZE],
	    const char *config_sha256, double build_seconds, struct wb_err *);

#endif
