/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Packaging a world: the world's stage (for debootstrap, unpacked from
 * the recipe's shared stage, recipe_stage.c), then its components' stages, then
 * its overlays in declared order (later wins, every override written to
 * the package log), the manifests, and the image with its metadata file.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdarg.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "image.h"
#include "manifest.h"
#include "overlay.h"
#include "recipe.h"
#include "recipe_int.h"
#include "recipe_style_int.h"
#include "wb_model.h"
#include "wb_util.h"
#include "world_fs.h"

static void
report(void *arg, const char *path, const char *was, const char *now)
{
	struct wb_build *b = arg;

	wb_recipe_build_log(b, "override: %s: %s replaced by %s", path, was,
	    now);
}

/* "a b c" of the options that are on. */
static void
options_on(const struct wb_build *b, char *buf, size_t len)
{
	const struct wb_recipe *r = b->recipe;
	size_t i, off;

	buf[0] = '\0';
	for (i = off = 0; i < r->noptions && off < len; i++)
		if (b->config->on[i])
			off += (size_t)snprintf(buf + off, len - off, "%s%s",
			    off == 0 ? "" : " ", r->options[i]);
}

static int
write_meta(struct wb_build *b, const char *sha, struct wb_err *err)
{
	char path[PATH_MAX * 2], opts[512], stage[65], sline[80], *text;
	const char *version;
	struct stat st;
	int n, rc;

	if (stat(b->image, &st) == -1)
		return (wb_err_setsys(err, "%s", b->image));
	options_on(b, opts, sizeof(opts));
	version = wb_recipe_get(b->recipe, "VERSION");
	/* The shared stage every variant of the recipe starts from. */
	sline[0] = '\0';
	if (wb_recipe_stage_sha256(b, stage))
		snprintf(sline, sizeof(sline), "stage=%s\n", stage);
	n = asprintf(&text, "name=%s-%s\nrecipe=%s\nversion=%s\nvariant=%s\n"
	    "options=%s\nhash=%s\n%ssha256=%s\nsize=%lld\npath=%s\n",
	    wb_recipe_get(b->recipe, "NAME"), b->config->variant,
	    wb_recipe_get(b->recipe, "NAME"), version != NULL ? version : "",
	    b->config->variant, opts,
	    b->hash, sline, sha, (long long)st.st_size, b->image);
	if (n == -1)
		return (wb_err_setsys(err, "asprintf"));
	snprintf(path, sizeof(path), "%.*s.meta",
	    (int)(strlen(b->image) - strlen(".tar.zst")), b->image);
	rc = wb_atomic_write(path, text, (size_t)n, 0644, err);
	free(text);
	return (rc);
}

static time_t
image_mtime(void)
{
	const char *s;
	char *end;
	long long v;

	if ((s = getenv("SOURCE_DATE_EPOCH")) == NULL)
		return (0);
	v = strtoll(s, &end, 10);
	return (*end == '\0' && v >= 0 ? (time_t)v : 0);
}

int
wb_recipe_world_package(struct wb_build *b, struct wb_err *err)
{
	char root[PATH_MAX * 2], dir[PATH_MAX * 2], label[PATH_MAX], sha[65];
	struct wb_pack_opts o;
	struct wb_manifest man;
	struct wb_overlay_owners *own;
	size_t i;
	int rc;

	snprintf(root, sizeof(root), "%s/root", b->wrkdir);
	if (wb_world_fs_rmtree(root, b->wrkdir, err) == -1)
		return (-1);
	if ((own = wb_overlay_owners_new(err)) == NULL)
		return (-1);
	wb_manifest_init(&man);
	rc = wb_overlay_tree_merge(b->stagedir, root, "world", own, report, b,
	    err);
	for (i = 0; rc == 0 && b->component_stages != NULL &&
	    b->component_stages[i] != NULL; i++) {
		snprintf(label, sizeof(label), "component %s",
		    b->components[i]);
		rc = wb_overlay_tree_merge(b->component_stages[i], root, label,
		    own, report, b, err);
	}
	for (i = 0; rc == 0 && b->overlays != NULL && b->overlays[i] != NULL;
	    i++) {
		wb_recipe_build_log(b, "overlay %s", b->overlays[i]);
		rc = wb_overlay_apply(b->overlays[i], root, own, &man, report,
		    b, err);
	}
	/* Where every path came from, for "worldbench explain" to check. */
	snprintf(dir, sizeof(dir), "%s/images", b->workdir);
	if (rc == 0)
		rc = wb_world_fs_mkdirs(dir, 0755, err);
	if (rc == 0) {
		snprintf(label, sizeof(label), "%.*s.owners",
		    (int)(strlen(b->image) - strlen(".tar.zst")), b->image);
		rc = wb_overlay_owners_write(own, label, err);
	}
	wb_overlay_owners_free(own);
	if (rc == 0) {
		memset(&o, 0, sizeof(o));
		o.compress = WB_COMPRESS_ZSTD;
		o.mtime = image_mtime();
		o.manifest = &man;
		o.keep_owners = strcmp(wb_recipe_get(b->recipe,
		    "BUILD_STYLE"), "debootstrap") == 0;
		wb_recipe_build_log(b, "pack %s -> %s", root, b->image);
		rc = wb_image_pack(root, b->image, &o, sha, err);
	}
	wb_manifest_fini(&man);
	if (rc == 0)
		rc = write_meta(b, sha, err);
	if (rc == 0)
		wb_recipe_build_log(b, "image %s sha256 %s", b->image, sha);
	/* The packed image is the product; the assembled root is not kept. */
	if (wb_world_fs_rmtree(root, b->wrkdir, rc == 0 ? err : NULL) == -1 &&
	    rc == 0)
		rc = -1;
	return (rc);
}

static void
lint_report(const struct wb_recipe *r, wb_lint_fn *fn, void *arg, size_t *n,
    unsigned line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	wb_recipe_lint_vreport(fn, arg, r->path, line, fmt, ap);
	va_end(ap);
	(*n)++;
}

/*
 * A world's image is named by the label recipe-variant (label.h), split
 * at the first '-': a world's NAME may not hold one.
 */
void
wb_recipe_world_lint(const struct wb_recipe *r, wb_lint_fn *fn, void *arg,
    size_t *n)
{
	const struct wb_recipe_var *v;

	if ((v = wb_recipe_var(r, "NAME")) == NULL || v->value[0] == '\0')
		return;
	if (!wb_label_recipe_ok(v->value))
		lint_report(r, fn, arg, n, v->line, "NAME=%s: a world's name "
		    "may only use [a-z0-9] (no '-': the image label "
		    "%s-VARIANT is split at its first '-')", v->value,
		    v->value);
}
