/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The variant label grammar (see label.h): parse, check, format, and the
 * paths named after a label.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "label.h"

static const char part_chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    "abcdefghijklmnopqrstuvwxyz0123456789._+-";
static const char recipe_chars[] = "abcdefghijklmnopqrstuvwxyz0123456789";
static const char variant_chars[] = "abcdefghijklmnopqrstuvwxyz0123456789+-";

/* strspn over the first n bytes of s. */
static int
all_in(const char *s, size_t n, const char *set)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] == '\0' || strchr(set, s[i]) == NULL)
			return (0);
	return (1);
}

static int
part_ok(const char *s, size_t n)
{

	return (n > 0 && s[0] != '.' && all_in(s, n, part_chars));
}

int
wb_label_ok(const char *s, size_t n)
{
	const char *at;

	if (n > WB_LABEL_MAX)
		return (0);
	if ((at = memchr(s, '@', n)) == NULL)
		return (part_ok(s, n));
	return (part_ok(s, at - s) && part_ok(at + 1, n - (at - s) - 1));
}

int
wb_label_check(const char *s, struct wb_err *err)
{
	size_t n;

	n = strlen(s);
	if (n > WB_LABEL_MAX)
		return (wb_err_set(err, "label '%.*s...': longer than %d "
		    "characters", 16, s, WB_LABEL_MAX));
	if (!wb_label_ok(s, n))
		return (wb_err_set(err, "label '%s': use letters, digits, "
		    "'.', '_', '-', '+' (not first '.'), and at most one "
		    "'@kernel'", s));
	return (0);
}

int
wb_label_recipe_ok(const char *s)
{
	size_t n;

	n = strlen(s);
	return (n > 0 && n < WB_LABEL_MAX && all_in(s, n, recipe_chars));
}

int
wb_label_parse(const char *s, struct wb_label *l, struct wb_err *err)
{
	const char *dash, *at;
	size_t nv;

	memset(l, 0, sizeof(*l));
	if (wb_label_check(s, err) == -1)
		return (-1);
	at = strchr(s, '@');
	dash = strchr(s, '-');
	if (dash == NULL || (at != NULL && dash > at))
		return (wb_err_set(err, "image label '%s': expected "
		    "recipe-variant[@kernel]", s));
	nv = (at != NULL ? (size_t)(at - dash - 1) : strlen(dash + 1));
	if (dash == s || !all_in(s, dash - s, recipe_chars))
		return (wb_err_set(err, "image label '%s': the recipe name "
		    "'%.*s' may only use [a-z0-9]", s, (int)(dash - s), s));
	if (nv == 0 || !all_in(dash + 1, nv, variant_chars))
		return (wb_err_set(err, "image label '%s': the variant "
		    "'%.*s' may only use [a-z0-9+-]", s, (int)nv, dash + 1));
	memcpy(l->recipe, s, dash - s);
	memcpy(l->variant, dash + 1, nv);
	if (at != NULL)
		strcpy(l->kernel, at + 1);	/* checked: <= WB_LABEL_MAX */
	return (0);
}

int
wb_label_format(const struct wb_label *l, char *buf, size_t len,
    struct wb_err *err)
{
	struct wb_label back;
	int n;

	n = snprintf(buf, len, "%s-%s%s%s", l->recipe, l->variant,
	    l->kernel[0] != '\0' ? "@" : "", l->kernel);
	if (n < 0 || (size_t)n >= len)
		return (wb_err_set(err, "label %s-%s: too long", l->recipe,
		    l->variant));
	/* What is formatted parses back to the same parts. */
	if (wb_label_parse(buf, &back, err) == -1)
		return (-1);
	if (strcmp(back.recipe, l->recipe) != 0)
		return (wb_err_set(err, "label '%s': recipe name '%s' has a "
		    "'-'", buf, l->recipe));
	return (0);
}

char *
wb_label_join(const char *world, const char *kernel, struct wb_err *err)
{
	char *s;

	if (world == NULL)
		s = strdup(kernel);
	else if (asprintf(&s, "%s@%s", world, kernel) == -1)
		s = NULL;
	if (s == NULL) {
		wb_err_setsys(err, "label");
		return (NULL);
	}
	if (wb_label_check(s, err) == -1) {
		free(s);
		return (NULL);
	}
	return (s);
}

static char *
image_path(const char *workdir, const char *label, struct wb_err *err)
{
	char *s;

	if (asprintf(&s, "%s/images/%s.tar.zst", workdir, label) == -1) {
		wb_err_setsys(err, "image path");
		return (NULL);
	}
	return (s);
}

char *
wb_label_image_path(const char *workdir, const char *label,
    struct wb_err *err)
{

	if (wb_label_check(label, err) == -1)
		return (NULL);
	if (strchr(label, '@') != NULL) {
		wb_err_set(err, "image label '%s': an image has no '@kernel'",
		    label);
		return (NULL);
	}
	return (image_path(workdir, label, err));
}

char *
wb_label_of_world(const char *arg, int is_dir, struct wb_err *err)
{
	const char *b, *e, *tar;
	char *l;

	e = arg + strlen(arg);
	while (e - arg > 1 && e[-1] == '/')
		e--;
	for (b = e; b > arg && b[-1] != '/'; b--)
		;
	if (!is_dir && (tar = memmem(b, (size_t)(e - b), ".tar", 4)) != NULL)
		e = tar;
	if ((l = strndup(b, (size_t)(e - b))) == NULL) {
		wb_err_setsys(err, "strndup");
		return (NULL);
	}
	if (wb_label_check(l, err) == -1) {
		free(l);
		return (NULL);
	}
	return (l);
}

/*
 * Not parsed back: a recipe that is no world (a library such as jemalloc)
 * may have a '-' in its name, its image is found by recipe and variant.
 */
char *
wb_label_image_of(const char *workdir, const char *recipe,
    const char *variant, struct wb_err *err)
{
	char label[2 * WB_LABEL_MAX + 2];
	int n;

	n = snprintf(label, sizeof(label), "%s-%s", recipe, variant);
	if (n < 0 || (size_t)n >= sizeof(label) || n > WB_LABEL_MAX) {
		wb_err_set(err, "image %s-%s: longer than %d characters",
		    recipe, variant, WB_LABEL_MAX);
		return (NULL);
	}
	return (image_path(workdir, label, err));
}

char *
wb_label_recipe_path(const char *topdir, const struct wb_label *l,
    struct wb_err *err)
{
	char *s;

	if (asprintf(&s, "%s/recipes/%s/recipe", topdir, l->recipe) == -1) {
		wb_err_setsys(err, "recipe path");
		return (NULL);
	}
	return (s);
}

char *
wb_label_results_path(const char *dir, const char *label, struct wb_err *err)
{
	char *s;

	if (wb_label_check(label, err) == -1)
		return (NULL);
	if (asprintf(&s, "%s/%s.json", dir, label) == -1) {
		wb_err_setsys(err, "results path");
		return (NULL);
	}
	return (s);
}

size_t
wb_label_find(const char *const *labels, size_t n, const char *label)
{
	size_t i;

	for (i = 0; i < n && strcmp(labels[i], label) != 0; i++)
		continue;
	return (i);
}

const char *
wb_label_of(const json_t *prov)
{
	json_t *v, *n;

	v = json_object_get(prov, "label");
	if (json_is_string(v) && json_string_length(v) > 0)
		return (json_string_value(v));
	v = json_object_get(prov, "variant");
	if (json_is_string(v) && json_string_length(v) > 0)
		return (json_string_value(v));
	if (json_is_object(v) && json_is_string(n = json_object_get(v, "name")))
		return (json_string_value(n));
	return (NULL);
}
