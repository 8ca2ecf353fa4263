/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Identity records: what a results file keeps of the image a variant
 * ran on (provenance "identity"), so that a comparison, now or later,
 * can check that two images differ only in their knob ("matched").
 *
 * A world (ident_world.c), recorded by run and bench:
 *	{"kind": "world", "name": label, "sha256": of the archive,
 *	 "digest": of the manifest, "entries": n,
 *	 "manifest": {path: entry} (image_diff.h),
 *	 "owners": {path: owner} for every path the world itself did not
 *	 make (WORKDIR/images/LABEL.owners), null when the image has none}
 * A kernel (ident_kernel.c), recorded by boot:
 *	{"kind": "kernel", "name": variant, "digest": config sha256,
 *	 "config": {SYMBOL: value} (set symbols only: absent is "is not
 *	 set"), "fragments": {file name: {SYMBOL: value or null}},
 *	 "match": the image's match.json (kbuild_match.h) or null}
 *
 * Two worlds match when every path in which their manifests differ
 * (wb_image_manifest_diff) is the knob's by wb_match_knob_allowed()
 * (match_knob.h), the knob's sources being the owners that one image's
 * record holds and the other's does not.  Two kernels match when every
 * symbol in which their configurations differ is set by a fragment only
 * one of them has, or is one that the build-time derivation (worldbench
 * kernel diff --check, the match record of one kernel against the other
 * kernel's configuration) found changed: the knob's symbols and what
 * they select.
 */
#ifndef WB_IDENT_H
#define WB_IDENT_H

#include <stddef.h>

#include <jansson.h>

struct wb_err;
struct wb_results;

/*
 * The record of the image that root was unpacked from; JSON null when
 * root is not WORKDIR/roots/<sha256> of an image WORKDIR/images holds (a
 * directory given as it is), NULL with err set on an error.
 */
json_t	*wb_ident_world(const char *root, struct wb_err *);
/* The same of the built image WORKDIR/images/LABEL.tar.zst. */
json_t	*wb_ident_world_image(const char *workdir, const char *label,
	    struct wb_err *);
/* The record of a kernel image directory; NULL with err set. */
json_t	*wb_ident_kernel(const char *imagedir, struct wb_err *);

enum wb_ident_verdict {
	WB_IDENT_MATCHED,
	WB_IDENT_UNMATCHED,	/* *why names the first difference */
	WB_IDENT_UNRECORDED	/* a side has no record */
};

/*
 * b against a (named an and bn): a verdict, *why (malloc'ed) saying it
 * for UNMATCHED (the first path or symbol that differs and both images)
 * and UNRECORDED (the label without a record); -1 with err set for a
 * malformed record (what[0] and what[1] name the files of a and b).
 */
int	wb_ident_check(const json_t *a, const json_t *b, const char *an,
	    const char *bn, const char *const what[2], char **why,
	    struct wb_err *);

/*
 * Every record against the first: *unmatched the reasons ("; "-joined),
 * *unrecorded the labels without a record (", "-joined); each NULL when
 * there is none.  what names the files (may be NULL, or hold NULLs).
 */
int	wb_ident_check_all(const json_t *const *ids, size_t n,
	    char *const *labels, char *const *what, char **unmatched,
	    char **unrecorded, struct wb_err *);
/*
 * Every variant of a comparison against the base (v[0]), from each
 * file's provenance "identity": *unmatched the reasons ("; "-joined),
 * *unrecorded the labels without a record (", "-joined); each NULL when
 * there is none; *none (may be NULL) as wb_ident_none().  labels name
 * the variants, paths the files (may hold NULL).  0, or -1 with err set.
 */
int	wb_ident_check_results(struct wb_results *const *v, size_t n,
	    char *const *labels, char *const *paths, char **unmatched,
	    char **unrecorded, int *none, struct wb_err *);
/*
 * 1 when none of the records is one (results from before identities
 * were recorded, roots that are directories): matching not recorded,
 * which the commands say only where it does not change what older
 * inputs printed (compare's JSON report, "matching": "not recorded");
 * a mix of recorded and unrecorded is said on standard error.
 */
int	wb_ident_none(const json_t *const *ids, size_t n);

#endif
