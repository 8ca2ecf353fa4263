/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The variant label: the one name of a variant from the command line to
 * the results file.
 *
 *	label	  = part [ "@" kernel ]		at most WB_LABEL_MAX bytes
 *	part	  = [A-Za-z0-9._+-]+, not starting with "."   (C locale)
 *	kernel	  = part
 *
 * A label that names a built image is an image label:
 *
 *	image	  = recipe "-" variant
 *	recipe	  = [a-z0-9]+		(recipe lint refuses a "-" in the NAME
 *					 of a recipe that makes an image)
 *	variant	  = [a-z0-9+-]+		(a VARIANTS word, or "default")
 *
 * so "host-glibc-debug" is recipe "host", variant "glibc-debug", and a
 * qemu run of it under kernel "production" is "host-glibc-debug@production".
 * The image archive, and each results file, are named after the label
 * here and nowhere else.
 */
#ifndef WB_LABEL_H
#define WB_LABEL_H

#include <stddef.h>

#include <jansson.h>

#include "wb_util.h"

#define WB_LABEL_MAX	64

struct wb_label {
	char	recipe[WB_LABEL_MAX + 1];
	char	variant[WB_LABEL_MAX + 1];
	char	kernel[WB_LABEL_MAX + 1];	/* "" without "@kernel" */
};

/* 1 if the n bytes at s are a label, else 0. */
int	wb_label_ok(const char *, size_t);
/* A whole label (one optional "@kernel"); err names the label. */
int	wb_label_check(const char *s, struct wb_err *);
/* 1 if s is a valid recipe name for an image recipe. */
int	wb_label_recipe_ok(const char *s);
/* Split an image label (with an optional "@kernel"). */
int	wb_label_parse(const char *s, struct wb_label *, struct wb_err *);
/* "recipe-variant[@kernel]" into buf. */
int	wb_label_format(const struct wb_label *, char *, size_t,
	    struct wb_err *);
/* world "@" kernel (world may be NULL: the kernel alone), malloc'ed. */
char	*wb_label_join(const char *, const char *, struct wb_err *);
/*
 * workdir/images/LABEL.tar.zst, malloc'ed: any label without "@kernel"
 * (an archive put there by hand may have any name; the ones that recipes
 * build are image labels).
 */
char	*wb_label_image_path(const char *, const char *, struct wb_err *);
/*
 * The label of a world as a command names it: an image name is its own
 * label, a path its last component (without ".tar..." unless it is a
 * directory).  Malloc'ed; NULL with err set when that is no label.
 */
char	*wb_label_of_world(const char *arg, int is_dir, struct wb_err *);
/* The same for the image of recipe and variant. */
char	*wb_label_image_of(const char *, const char *, const char *,
	    struct wb_err *);
/* topdir/recipes/RECIPE/recipe, malloc'ed. */
char	*wb_label_recipe_path(const char *, const struct wb_label *,
	    struct wb_err *);
/*
 * The index of the first of labels[0..n-1] equal to label, n if none:
 * a label given twice would name one results file twice.
 */
size_t	wb_label_find(const char *const *, size_t, const char *);
/* dir/LABEL.json, malloc'ed. */
char	*wb_label_results_path(const char *, const char *, struct wb_err *);
/*
 * The label a results file's provenance records: "label", else (files
 * of older versions) "variant" as a string or its "name"; NULL if none.
 */
const char *wb_label_of(const json_t *);

#endif
