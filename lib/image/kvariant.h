/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One kernel variant's build, set up for lib/image/kbuild.h: the recipe's
 * fragments for the variant, the shared source tree unpacked and
 * checked against distinfo, the image, build and log paths and the
 * directories they need.  Shared by "worldbench kernel" and the kernel
 * half of "worldbench explain".
 */
#ifndef WB_KVARIANT_H
#define WB_KVARIANT_H

#include "kbuild.h"
#include "wb_util.h"

struct wb_err;
struct wb_kpaths;
struct wb_recipe;

struct wb_kvariant {
	struct wb_kbuild	 kb;
	struct wb_kbuild_variant kv;	/* fragments, start, target */
	char			*imagedir, *objdir, *log, *ccache, *srctree;
	char			 digest[WB_SHA256_HEXSIZE];
};

/*
 * name is the recipe variant whose fragments are built; label (NULL:
 * name) names the image, the build directory and the log.  Notes go to
 * note (may be NULL) with note_arg.  -1 with err set.
 */
int	wb_kvariant_init(struct wb_kvariant *, const struct wb_kpaths *,
	    const struct wb_recipe *, const char *name, const char *label,
	    int jobs, double timeout, wb_note_fn *note, void *note_arg,
	    struct wb_err *);
void	wb_kvariant_fini(struct wb_kvariant *);
/*
 * A check of variant name against variant base (both recipe variant
 * names, not image directories; what names the check in the refusal):
 * base's fragments into bv, name's build into v.  -1 with err set, both
 * left clean; else wb_kvariant_pair_fini() releases both.
 */
int	wb_kvariant_pair_init(struct wb_kbuild_variant *bv,
	    struct wb_kvariant *v, const struct wb_kpaths *,
	    const struct wb_recipe *, const char *base, const char *name,
	    int jobs, double timeout, wb_note_fn *note, void *note_arg,
	    const char *what, struct wb_err *);
void	wb_kvariant_pair_fini(struct wb_kbuild_variant *, struct wb_kvariant *);
/*
 * Which request of name's fragments that base lacks brings each symbol
 * name's configuration changes from base_config (lib/image/kbuild_owners.h):
 * olddefconfig in WORKDIR/kbuild/NAME.owners.  -1 with err set.
 */
struct wb_kbuild_owners;
int	wb_kvariant_owners(const struct wb_kpaths *, const struct wb_recipe *,
	    const char *base, const char *name, const char *base_config,
	    wb_note_fn *note, void *note_arg, struct wb_kbuild_owners *,
	    struct wb_err *);

#endif
