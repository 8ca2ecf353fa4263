/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Paths and variants shared by the kernel and boot commands.
 */
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kpaths.h"
#include "recipe.h"
#include "wb_util.h"

/*
 * rel in the current directory (a source tree) when probe exists there,
 * else the copy installed next to the binary (BINDIR/../share/worldbench).
 */
static const char *
installed(const char *rel, const char *probe, char *buf, size_t len)
{
	char share[PATH_MAX];
	struct stat st;
	struct wb_err e;

	if (stat(probe, &st) == 0)
		return (rel);
	snprintf(share, sizeof(share), "share/worldbench/%s", rel);
	if (wb_exe_path(share, buf, len, &e) == -1)
		return (rel);
	return (buf);
}

void
wb_kpaths_init(struct wb_kpaths *k, const char *workdir)
{
	static char ovl[PATH_MAX + 64];
	static char rcp[PATH_MAX + 64];
	const char *c;

	memset(k, 0, sizeof(*k));
	k->workdir = workdir;
	if ((c = getenv("WB_CACHE_DIR")) != NULL && *c != '\0')
		k->cachedir = c;
	else
		k->cachedir = WB_CACHE_DEFAULT;
	k->overlays = installed("overlays", "overlays/kernel/base.config",
	    ovl, sizeof(ovl));
	k->recipe = installed("recipes/linux/recipe", "recipes/linux/recipe",
	    rcp, sizeof(rcp));
	k->tarball = WB_KERNEL_TARBALL;
	k->ccache = 1;
}

char *
wb_kpaths_imagedir(const struct wb_kpaths *k, const char *variant)
{
	char *s;

	if (asprintf(&s, "%s/kernels/%s", k->workdir, variant) < 0)
		return (NULL);
	return (s);
}

char *
wb_kpaths_objdir(const struct wb_kpaths *k, const char *variant)
{
	char *s;

	if (asprintf(&s, "%s/kbuild/%s", k->workdir, variant) < 0)
		return (NULL);
	return (s);
}

char *
wb_kpaths_log(const struct wb_kpaths *k, const char *variant)
{
	char *s;

	if (asprintf(&s, "%s/kbuild/%s.log", k->workdir, variant) < 0)
		return (NULL);
	return (s);
}

int
wb_kpaths_distinfo(struct wb_kpaths *k, const struct wb_recipe *r,
    struct wb_err *err)
{
	static char dinfo[PATH_MAX + 64];

	if ((size_t)snprintf(dinfo, sizeof(dinfo), "%s/distinfo", r->dir) >=
	    sizeof(dinfo))
		return (wb_err_set(err, "%s: path too long", r->dir));
	k->distinfo = dinfo;
	return (0);
}

struct wb_recipe *
wb_kpaths_recipe(struct wb_kpaths *k, struct wb_err *err)
{
	struct wb_recipe *r;

	if ((r = wb_recipe_load(k->recipe, err)) == NULL)
		return (NULL);
	if (wb_kpaths_distinfo(k, r, err) == -1) {
		wb_recipe_free(r);
		return (NULL);
	}
	return (r);
}

char *
wb_kpaths_find_image(const struct wb_kpaths *k, const char *arg,
    struct wb_err *err)
{
	char *d, *name, *meta;
	struct stat st;
	size_t len;

	if (strchr(arg, '/') != NULL)
		d = strdup(arg);
	else {
		if ((name = strdup(arg)) == NULL) {
			wb_err_setsys(err, "kernel image");
			return (NULL);
		}
		len = strlen(name);
		/* "production-kernel" names the production kernel. */
		if (len > 7 && strcmp(name + len - 7, "-kernel") == 0)
			name[len - 7] = '\0';
		d = wb_kpaths_imagedir(k, name);
		free(name);
	}
	if (d == NULL) {
		wb_err_setsys(err, "kernel image");
		return (NULL);
	}
	if (asprintf(&meta, "%s/kernel.json", d) < 0) {
		free(d);
		wb_err_setsys(err, "kernel image");
		return (NULL);
	}
	if (stat(meta, &st) != 0) {
		wb_err_setsys(err, "kernel image '%s': %s", arg, meta);
		free(meta);
		free(d);
		return (NULL);
	}
	free(meta);
	return (d);
}

int
wb_kpaths_mkdirs(const char *path, struct wb_err *err)
{
	char buf[4096], *p;

	if (strlen(path) >= sizeof(buf))
		return (wb_err_set(err, "%s: path too long", path));
	strcpy(buf, path);
	for (p = buf + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0755) != 0 && errno != EEXIST)
			return (wb_err_setsys(err, "mkdir %s", buf));
		*p = '/';
	}
	if (mkdir(buf, 0755) != 0 && errno != EEXIST)
		return (wb_err_setsys(err, "mkdir %s", buf));
	return (0);
}

int
wb_kpaths_absolute(struct wb_kpaths *k, struct wb_err *err)
{
	static char wd[PATH_MAX], cd[PATH_MAX];

	if (wb_kpaths_mkdirs(k->workdir, err) != 0 ||
	    wb_kpaths_mkdirs(k->cachedir, err) != 0)
		return (-1);
	if (k->workdir != wd) {
		if (realpath(k->workdir, wd) == NULL)
			return (wb_err_setsys(err, "%s", k->workdir));
		k->workdir = wd;
	}
	if (k->cachedir != cd) {
		if (realpath(k->cachedir, cd) == NULL)
			return (wb_err_setsys(err, "%s", k->cachedir));
		k->cachedir = cd;
	}
	return (0);
}
