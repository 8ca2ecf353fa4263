/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to lib/kbuild*.c.
 */
#ifndef WB_KBUILD_INT_H
#define WB_KBUILD_INT_H

#include "wb_util.h"

struct wb_err;
struct wb_fragment;
struct wb_kbuild;

/* A progress line of kb (struct wb_kbuild from kbuild.h). */
#define wb_kbuild_note(kb, ...)	\
	wb_note_printf((kb)->note, (kb)->note_arg, __VA_ARGS__)
/*
 * The .config to hand to olddefconfig: base without the keys that want
 * sets, then want's settings (lib/image/kbuild.c), written atomically.
 */
int	wb_kbuild_write_merged(const struct wb_fragment *base,
	    const struct wb_fragment *want, const char *path, struct wb_err *);
/* A key's value in f, NULL for absent or "is not set". */
const char *wb_kbuild_value(const struct wb_fragment *f, const char *key);
/* Two values the same (NULL: absent or not set, as above)? */
int	wb_kbuild_same(const char *, const char *);
/* Is path one of the n fragments? */
int	wb_kbuild_has_fragment(char *const *frags, size_t n,
	    const char *path);
int	wb_kbuild_runmake(const struct wb_kbuild *, const char *objdir,
	    const char *const *targets, const char *config_sha256,
	    struct wb_err *);

#endif
