/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The kernel recipe (BUILD_STYLE=kbuild) resolved for one variant: its
 * fragments, start and image targets (lib/image/kbuild.h).
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kbuild.h"
#include "recipe.h"
#include "wb_util.h"

int
wb_kbuild_fragment_name_ok(const char *s)
{
	const char *p;
	size_t len;

	if (*s == '\0' || *s == '/')
		return (0);
	for (p = s; ; p += len + 1) {
		len = strcspn(p, "/");
		if (len == 0 || (len == 1 && p[0] == '.') ||
		    (len == 2 && p[0] == '.' && p[1] == '.'))
			return (0);
		if (p[len] == '\0')
			return (1);
	}
}

int
wb_kbuild_target_ok(const char *s)
{

	return (*s != '\0' && *s != '-' && strspn(s,
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789_.-") == strlen(s));
}

void
wb_kbuild_variant_fini(struct wb_kbuild_variant *kv)
{
	size_t i;

	for (i = 0; i < kv->nfragments; i++)
		free(kv->fragments[i]);
	free(kv->fragments);
	free(kv->start);
	free(kv->target);
	memset(kv, 0, sizeof(*kv));
}

/* KBUILD_START or KBUILD_TARGET, or its default. */
static int
target_var(const struct wb_recipe *r, const char *name, const char *dflt,
    char **out, struct wb_err *err)
{
	const struct wb_recipe_var *v;

	if ((v = wb_recipe_var(r, name)) != NULL && v->value[0] != '\0') {
		if (!wb_kbuild_target_ok(v->value))
			return (wb_err_set(err, "%s:%u: %s=%s: expected one "
			    "make target ([A-Za-z0-9_.-], not starting with "
			    "'-')", r->path, v->line, name, v->value));
		dflt = v->value;
	}
	if ((*out = strdup(dflt)) == NULL)
		return (wb_err_setsys(err, "%s", r->path));
	return (0);
}

/*
 * Check that the fragment rel (shown as path) is a regular file inside
 * the overlays directory ofd, reached without any symbolic link: a link
 * would let the recipe read a file of the host (/etc/shadow) as a
 * fragment.  Only opened, never read.
 */
static int
check_fragment(int ofd, const char *rel, const char *path,
    const struct wb_recipe *r, const struct wb_recipe_var *v,
    const char *name, const char *overlays, struct wb_err *err)
{
	struct stat st;
	int fd, rc;

	if ((fd = wb_beneath_openat(ofd, rel, O_RDONLY | O_NONBLOCK, 0)) ==
	    -1) {
		if (errno == ELOOP || errno == EXDEV)
			return (wb_err_set(err, "%s:%u: %s: fragment %s is a "
			    "symbolic link or lies under one, not followed (a "
			    "fragment is a regular file inside %s)", r->path,
			    v->line, name, path, overlays));
		return (wb_err_setsys(err, "%s:%u: %s: fragment %s", r->path,
		    v->line, name, path));
	}
	rc = 0;
	if (fstat(fd, &st) != 0)
		rc = wb_err_setsys(err, "%s:%u: %s: fragment %s", r->path,
		    v->line, name, path);
	else if (!S_ISREG(st.st_mode))
		rc = wb_err_set(err, "%s:%u: %s: fragment %s is not a "
		    "regular file", r->path, v->line, name, path);
	close(fd);
	return (rc);
}

/* Append overlays/<entry> for each entry of the variable name. */
static int
add_fragments(struct wb_kbuild_variant *kv, const struct wb_recipe *r,
    const char *overlays, const char *name, struct wb_err *err)
{
	const struct wb_recipe_var *v;
	char **w, **nv, *path;
	size_t i;
	int ofd, rc;

	if ((v = wb_recipe_var(r, name)) == NULL)
		return (0);
	if ((w = wb_words_split(v->value, err)) == NULL)
		return (-1);
	ofd = -1;
	if (w[0] != NULL && (ofd = open(overlays, O_RDONLY | O_DIRECTORY |
	    O_CLOEXEC)) == -1) {
		wb_words_free(w);
		return (wb_err_setsys(err, "%s:%u: %s: overlays directory %s",
		    r->path, v->line, name, overlays));
	}
	rc = 0;
	for (i = 0; rc == 0 && w[i] != NULL; i++) {
		if (!wb_kbuild_fragment_name_ok(w[i])) {
			rc = wb_err_set(err, "%s:%u: %s: bad fragment '%s' (a "
			    "path relative to the overlays directory, without "
			    "'.' or '..')", r->path, v->line, name, w[i]);
			break;
		}
		if (asprintf(&path, "%s/%s", overlays, w[i]) < 0) {
			rc = wb_err_setsys(err, "%s", r->path);
			break;
		}
		rc = check_fragment(ofd, w[i], path, r, v, name, overlays,
		    err);
		if (rc == 0 && (nv = reallocarray(kv->fragments,
		    kv->nfragments + 1, sizeof(*nv))) == NULL)
			rc = wb_err_setsys(err, "%s", r->path);
		else if (rc == 0) {
			kv->fragments = nv;
			kv->fragments[kv->nfragments++] = path;
			path = NULL;
		}
		free(path);
	}
	if (ofd != -1)
		close(ofd);
	wb_words_free(w);
	return (rc);
}

int
wb_kbuild_variant_check(const struct wb_recipe *r, const char *variant,
    struct wb_err *err)
{
	const struct wb_recipe_var *v;
	size_t i;

	v = wb_recipe_var(r, "VARIANTS");
	for (i = 0; i < r->nvariants; i++) {
		if (strcmp(r->variants[i], variant) != 0)
			continue;
		/* It names directories: kernels/<variant>. */
		if (strspn(variant, "abcdefghijklmnopqrstuvwxyz0123456789+-") !=
		    strlen(variant))
			return (wb_err_set(err, "%s:%u: bad kernel variant "
			    "name '%s' ([a-z0-9+-])", r->path, v->line,
			    variant));
		return (0);
	}
	if (v == NULL)
		return (wb_err_set(err, "%s: no kernel variant '%s': the "
		    "recipe sets no VARIANTS", r->path, variant));
	return (wb_err_set(err, "%s:%u: unknown kernel variant '%s' "
	    "(VARIANTS: %s)", r->path, v->line, variant, v->value));
}

int
wb_kbuild_variant_init(struct wb_kbuild_variant *kv,
    const struct wb_recipe *r, const char *overlays, const char *variant,
    struct wb_err *err)
{
	const struct wb_recipe_var *style;
	struct wb_recipe_config cfg;
	char name[256];
	size_t i;
	int rc;

	memset(kv, 0, sizeof(*kv));
	style = wb_recipe_var(r, "BUILD_STYLE");
	if (style == NULL || strcmp(style->value, "kbuild") != 0)
		return (wb_err_set(err, "%s:%u: not a kernel recipe: "
		    "BUILD_STYLE=%s, expected kbuild", r->path,
		    style != NULL ? style->line : 1,
		    style != NULL ? style->value : ""));
	if (wb_kbuild_variant_check(r, variant, err) != 0)
		return (-1);
	/* Options named in VARIANT_<variant> must be in OPTIONS. */
	if (wb_recipe_config_init(&cfg, r, variant, err) != 0)
		return (-1);
	rc = target_var(r, "KBUILD_START", WB_KBUILD_START, &kv->start, err);
	if (rc == 0)
		rc = target_var(r, "KBUILD_TARGET", WB_KBUILD_TARGET,
		    &kv->target, err);
	if (rc == 0)
		rc = add_fragments(kv, r, overlays, "OVERLAYS", err);
	for (i = 0; rc == 0 && i < r->noptions; i++) {
		if ((size_t)snprintf(name, sizeof(name), "%s_OVERLAYS_%s",
		    r->options[i], cfg.on[i] ? "ON" : "OFF") >= sizeof(name))
			rc = wb_err_set(err, "%s: option name %s too long",
			    r->path, r->options[i]);
		else
			rc = add_fragments(kv, r, overlays, name, err);
	}
	wb_recipe_config_fini(&cfg);
	if (rc != 0)
		wb_kbuild_variant_fini(kv);
	return (rc);
}
