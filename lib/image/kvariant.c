/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One kernel variant's build set up (kvariant.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kbuild_owners.h"
#include "kpaths.h"
#include "kvariant.h"
#include "recipe.h"
#include "wb_util.h"

void
wb_kvariant_fini(struct wb_kvariant *v)
{

	wb_kbuild_variant_fini(&v->kv);
	free(v->imagedir);
	free(v->objdir);
	free(v->log);
	free(v->ccache);
	free(v->srctree);
	memset(v, 0, sizeof(*v));
}

/* WORKDIR/<sub>, made. */
static int
workdir_sub(const struct wb_kpaths *k, const char *sub, struct wb_err *e)
{
	char *d;
	int rc;

	if (asprintf(&d, "%s/%s", k->workdir, sub) < 0)
		return (wb_err_setsys(e, "kernel"));
	rc = wb_kpaths_mkdirs(d, e);
	free(d);
	return (rc);
}

static int
unpack(struct wb_kvariant *v, const struct wb_kpaths *k, wb_note_fn *note,
    void *note_arg, struct wb_err *e)
{
	char *srcdir;
	int rc;

	if (asprintf(&srcdir, "%s/kernel", k->cachedir) < 0)
		return (wb_err_setsys(e, "kernel"));
	rc = wb_kpaths_mkdirs(k->cachedir, e) != 0 ||
	    wb_kbuild_unpack(k->tarball, srcdir, &v->srctree, v->digest,
	    e) != 0 ? -1 : 0;
	free(srcdir);
	if (rc != 0)
		return (-1);
	switch (wb_recipe_distinfo_check(k->distinfo, k->tarball, v->digest,
	    e)) {
	case -1:
		return (-1);
	case 0:
		wb_note_printf(note, note_arg, "source tarball not listed in "
		    "distinfo: unverified");
		break;
	}
	return (0);
}

int
wb_kvariant_init(struct wb_kvariant *v, const struct wb_kpaths *k,
    const struct wb_recipe *r, const char *name, const char *label,
    int jobs, double timeout, wb_note_fn *note, void *note_arg,
    struct wb_err *e)
{

	memset(v, 0, sizeof(*v));
	if (label == NULL)
		label = name;
	/* The recipe first: a bad variant costs no unpacking. */
	if (wb_kbuild_variant_init(&v->kv, r, k->overlays, name, e) != 0)
		return (-1);
	if ((v->imagedir = wb_kpaths_imagedir(k, label)) == NULL ||
	    (v->objdir = wb_kpaths_objdir(k, label)) == NULL ||
	    (v->log = wb_kpaths_log(k, label)) == NULL ||
	    asprintf(&v->ccache, "%s/ccache", k->cachedir) < 0) {
		wb_kvariant_fini(v);
		return (wb_err_setsys(e, "kernel"));
	}
	if (unpack(v, k, note, note_arg, e) != 0 ||
	    workdir_sub(k, "kernels", e) != 0 ||
	    workdir_sub(k, "kbuild", e) != 0 ||
	    (k->ccache && wb_kpaths_mkdirs(v->ccache, e) != 0)) {
		wb_kvariant_fini(v);
		return (-1);
	}
	v->kb.variant = label;
	v->kb.srctree = v->srctree;
	v->kb.source_digest = v->digest;
	v->kb.objdir = v->objdir;
	v->kb.imagedir = v->imagedir;
	v->kb.ccache_dir = k->ccache ? v->ccache : NULL;
	v->kb.fragments = (const char *const *)v->kv.fragments;
	v->kb.nfragments = v->kv.nfragments;
	v->kb.start = v->kv.start;
	v->kb.target = v->kv.target;
	v->kb.jobs = jobs;
	v->kb.timeout = timeout;
	v->kb.log = v->log;
	v->kb.note = note;
	v->kb.note_arg = note_arg;
	return (0);
}

int
wb_kvariant_pair_init(struct wb_kbuild_variant *bv, struct wb_kvariant *v,
    const struct wb_kpaths *k, const struct wb_recipe *r, const char *base,
    const char *name, int jobs, double timeout, wb_note_fn *note,
    void *note_arg, const char *what, struct wb_err *e)
{

	if (strchr(base, '/') != NULL || strchr(name, '/') != NULL)
		return (wb_err_set(e, "%s: name the two variants of the "
		    "recipe, not image directories", what));
	if (wb_kbuild_variant_init(bv, r, k->overlays, base, e) != 0)
		return (-1);
	if (wb_kvariant_init(v, k, r, name, NULL, jobs, timeout, note,
	    note_arg, e) != 0) {
		wb_kbuild_variant_fini(bv);
		return (-1);
	}
	return (0);
}

void
wb_kvariant_pair_fini(struct wb_kbuild_variant *bv, struct wb_kvariant *v)
{

	wb_kvariant_fini(v);
	wb_kbuild_variant_fini(bv);
}

int
wb_kvariant_owners(const struct wb_kpaths *k, const struct wb_recipe *r,
    const char *base, const char *name, const char *base_config,
    wb_note_fn *note, void *note_arg, struct wb_kbuild_owners *o,
    struct wb_err *e)
{
	struct wb_kbuild_variant bv;
	struct wb_kvariant v;
	int rc;

	if (wb_kvariant_pair_init(&bv, &v, k, r, base, name, 0, 0, note,
	    note_arg, "owners", e) != 0)
		return (-1);
	rc = wb_kbuild_owners_run(&v.kb, bv.fragments, bv.nfragments,
	    base_config, o, e);
	wb_kvariant_pair_fini(&bv, &v);
	return (rc);
}
