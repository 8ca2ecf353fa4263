/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * World build styles.  "host-world": the embedded default world, a root
 * made of the host's own programs (WORLD_PROGRAMS, found in the host's
 * PATH), extra files (WORLD_FILES) and their shared-library closure, plus
 * whatever the components need from the host's libraries.  "debootstrap":
 * debootstrap --variant=DEBOOTSTRAP_VARIANT of the host's release from
 * the host's configured Debian mirror, trimmed (WORLD_TRIM), built once
 * per recipe as its shared stage (recipe_stage.c) that every variant
 * unpacks.  Both are packed into an image by wb_recipe_world_package
 * (recipe_world.c).
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "recipe.h"
#include "recipe_style_int.h"
#include "wb_util.h"
#include "world_closure.h"
#include "world_fs.h"

static const char *const host_vars[] = {
	"WORLD_PROGRAMS", "WORLD_FILES", NULL
};
static const char *const deb_vars[] = {
	"DEBOOTSTRAP_VARIANT", "WORLD_TRIM", NULL
};
/* Top-level directories that merged-/usr hosts make symlinks. */
static const char *const toplinks[] = {
	"bin", "sbin", "lib", "lib32", "lib64", "libx32", NULL
};

static int
closure_of(const struct wb_build *b, struct wb_world_closure *c,
    struct wb_err *err)
{
	char **w;
	size_t i;
	int rc;

	if ((w = wb_words_split(wb_recipe_get(b->recipe, "WORLD_PROGRAMS"),
	    err)) == NULL)
		return (-1);
	rc = 0;
	for (i = 0; rc == 0 && w[i] != NULL; i++)
		rc = wb_world_closure_add_program(c, w[i], err);
	wb_words_free(w);
	if (rc == -1 || (w = wb_words_split(wb_recipe_get(b->recipe,
	    "WORLD_FILES"), err)) == NULL)
		return (-1);
	for (i = 0; rc == 0 && w[i] != NULL; i++) {
		if (w[i][0] != '/')
			rc = wb_err_set(err, "%s: WORLD_FILES entry '%s' is not "
			    "absolute", b->recipe->path, w[i]);
		else
			rc = wb_world_closure_add_path(c, w[i], err);
	}
	wb_words_free(w);
	return (rc);
}

/* Libraries the components' ELF files need, from the host. */
static int
component_needs(struct wb_world_closure *c, const char *dir, struct wb_err *err)
{
	char path[PATH_MAX * 2];
	struct dirent *de;
	struct stat st;
	DIR *d;
	int rc;

	if ((d = opendir(dir)) == NULL)
		return (wb_err_setsys(err, "opendir %s", dir));
	rc = 0;
	while (rc == 0 && (de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (lstat(path, &st) == -1)
			rc = wb_err_setsys(err, "%s", path);
		else if (S_ISDIR(st.st_mode))
			rc = component_needs(c, path, err);
		else if (S_ISREG(st.st_mode))
			rc = wb_world_closure_add_needed(c, path, err);
	}
	closedir(d);
	return (rc);
}

/* Directories every world has (mount points and scratch). */
static int
base_dirs(const char *root, struct wb_err *err)
{
	static const char *const dirs[] = { "proc", "sys", "dev", "tmp",
	    "etc/worldbench", "root", NULL };
	char path[PATH_MAX * 2];
	size_t i;

	for (i = 0; dirs[i] != NULL; i++) {
		snprintf(path, sizeof(path), "%s/%s", root, dirs[i]);
		if (wb_world_fs_mkdirs(path, 0755, err) == -1)
			return (-1);
	}
	return (0);
}

static int
host_stage(struct wb_build *b, struct wb_err *err)
{
	char host[PATH_MAX], dst[PATH_MAX * 2], tgt[PATH_MAX];
	struct wb_world_closure c;
	struct stat st;
	ssize_t n;
	size_t i;
	int rc;

	for (i = 0; toplinks[i] != NULL; i++) {
		snprintf(host, sizeof(host), "/%s", toplinks[i]);
		if (lstat(host, &st) == -1 || !S_ISLNK(st.st_mode))
			continue;
		if ((n = readlink(host, tgt, sizeof(tgt) - 1)) == -1)
			return (wb_err_setsys(err, "readlink %s", host));
		tgt[n] = '\0';
		snprintf(dst, sizeof(dst), "%s/%s", b->stagedir, toplinks[i]);
		if (symlink(tgt, dst) == -1)
			return (wb_err_setsys(err, "symlink %s", dst));
	}
	wb_world_closure_init(&c);
	rc = closure_of(b, &c, err);
	for (i = 0; rc == 0 && b->component_stages != NULL &&
	    b->component_stages[i] != NULL; i++)
		rc = component_needs(&c, b->component_stages[i], err);
	for (i = 0; rc == 0 && i < c.n; i++)
		wb_recipe_build_log(b, "host file %s", c.paths[i]);
	if (rc == 0)
		rc = wb_world_closure_copy(&c, b->stagedir, err);
	wb_world_closure_fini(&c);
	if (rc == 0)
		rc = base_dirs(b->stagedir, err);
	return (rc);
}

/* The world's identity: the content of every host file it copies. */
static int
host_identity(const struct wb_build *b, int (*add)(void *, const void *,
    size_t), void *ctx, struct wb_err *err)
{
	char hex[65], tgt[PATH_MAX];
	struct wb_world_closure c;
	struct stat st;
	ssize_t n;
	size_t i;
	int rc;

	wb_world_closure_init(&c);
	rc = closure_of(b, &c, err);
	for (i = 0; rc == 0 && i < c.n; i++) {
		rc = add(ctx, c.paths[i], strlen(c.paths[i]) + 1);
		if (rc == 0 && lstat(c.paths[i], &st) == -1)
			rc = wb_err_setsys(err, "%s", c.paths[i]);
		if (rc != 0)
			break;
		if (S_ISLNK(st.st_mode)) {
			if ((n = readlink(c.paths[i], tgt, sizeof(tgt))) == -1)
				rc = wb_err_setsys(err, "%s", c.paths[i]);
			else
				rc = add(ctx, tgt, (size_t)n);
		} else if ((rc = wb_digest_sha256_file(c.paths[i], hex,
		    err)) == 0)
			rc = add(ctx, hex, 64);
	}
	wb_world_closure_fini(&c);
	return (rc);
}

const struct wb_build_style wb_style_host_world = {
	.name = "host-world",
	.vars = host_vars,
	.stage = host_stage,
	.package = wb_recipe_world_package,
	.identity = host_identity,
	.lint = wb_recipe_world_lint,
};

/* The host's release codename (os-release) and first Debian mirror. */
static int
host_release(char *suite, size_t slen, char *mirror, size_t mlen,
    struct wb_err *err)
{
	char *line;
	size_t cap;
	FILE *fp;
	DIR *d;
	struct dirent *de;
	char path[PATH_MAX];

	suite[0] = mirror[0] = '\0';
	line = NULL;
	cap = 0;
	if ((fp = fopen("/etc/os-release", "re")) == NULL)
		return (wb_err_setsys(err, "/etc/os-release"));
	while (getline(&line, &cap, fp) != -1)
		if (strncmp(line, "VERSION_CODENAME=", 17) == 0)
			snprintf(suite, slen, "%.*s",
			    (int)strcspn(line + 17, "\n\""), line + 17);
	fclose(fp);
	if ((d = opendir("/etc/apt/sources.list.d")) != NULL) {
		while (mirror[0] == '\0' && (de = readdir(d)) != NULL) {
			size_t n = strlen(de->d_name);

			if (n < 8 || strcmp(de->d_name + n - 8, ".sources"))
				continue;
			snprintf(path, sizeof(path), "/etc/apt/sources.list.d/"
			    "%s", de->d_name);
			if ((fp = fopen(path, "re")) == NULL)
				continue;
			while (mirror[0] == '\0' &&
			    getline(&line, &cap, fp) != -1)
				if (strncmp(line, "URIs: ", 6) == 0)
					snprintf(mirror, mlen, "%.*s",
					    (int)strcspn(line + 6, " \n"),
					    line + 6);
			fclose(fp);
		}
		closedir(d);
	}
	if (mirror[0] == '\0' && (fp = fopen("/etc/apt/sources.list",
	    "re")) != NULL) {
		while (mirror[0] == '\0' && getline(&line, &cap, fp) != -1)
			if (strncmp(line, "deb ", 4) == 0 &&
			    strchr(line + 4, '[') == NULL)
				snprintf(mirror, mlen, "%.*s",
				    (int)strcspn(line + 4, " \n"), line + 4);
		fclose(fp);
	}
	free(line);
	if (suite[0] == '\0' || mirror[0] == '\0')
		return (wb_err_set(err, "cannot find the host's release (%s) "
		    "or Debian mirror (%s) in /etc/os-release and the apt "
		    "sources", suite, mirror));
	return (0);
}

/*
 * The first debootstrap in PATH (a test puts its own first), then in the
 * system directories that a user's PATH may lack.
 */
static int
debootstrap_path(char *buf, size_t len, struct wb_err *err)
{
	const char *dirs[2], *p, *e;
	struct stat st;
	int i;

	dirs[0] = getenv("PATH") != NULL ? getenv("PATH") : "";
	dirs[1] = "/usr/sbin:/sbin";
	for (i = 0; i < 2; i++)
		for (p = dirs[i]; *p != '\0'; p = *e == ':' ? e + 1 : e) {
			e = p + strcspn(p, ":");
			if (e == p || *p != '/')
				continue;
			snprintf(buf, len, "%.*s/debootstrap", (int)(e - p), p);
			if (stat(buf, &st) == 0 && S_ISREG(st.st_mode) &&
			    access(buf, X_OK) == 0)
				return (0);
		}
	return (wb_err_set(err, "debootstrap: not found in PATH or /usr/sbin "
	    "(make deps installs it)"));
}

/* The bootstrap itself, trimmed: what every variant shares. */
static int
deb_bootstrap(struct wb_build *b, struct wb_err *err)
{
	char suite[64], mirror[512], variant[80], prog[PATH_MAX];
	char path[PATH_MAX * 2];
	char *argv[] = { prog, variant, suite, b->stagedir, mirror, NULL };
	const char *v;
	char **trim;
	size_t i;
	int rc;

	if (host_release(suite, sizeof(suite), mirror, sizeof(mirror),
	    err) == -1 || debootstrap_path(prog, sizeof(prog), err) == -1)
		return (-1);
	v = wb_recipe_get(b->recipe, "DEBOOTSTRAP_VARIANT");
	snprintf(variant, sizeof(variant), "--variant=%s", v != NULL ? v :
	    "minbase");
	if (wb_recipe_build_cmd(b, argv, NULL, b->wrkdir, err) == -1)
		return (-1);
	if ((trim = wb_words_split(wb_recipe_get(b->recipe, "WORLD_TRIM"),
	    err)) == NULL)
		return (-1);
	rc = 0;
	for (i = 0; rc == 0 && trim[i] != NULL; i++) {
		if (trim[i][0] == '/' || strstr(trim[i], "..") != NULL) {
			rc = wb_err_set(err, "%s: WORLD_TRIM entry '%s' must be "
			    "relative without '..'", b->recipe->path, trim[i]);
			break;
		}
		snprintf(path, sizeof(path), "%s/%s", b->stagedir, trim[i]);
		wb_recipe_build_log(b, "trim %s", path);
		rc = wb_world_fs_rmtree(path, b->stagedir, err);
	}
	wb_words_free(trim);
	/* Device nodes never go into images: the runner mounts /dev. */
	snprintf(path, sizeof(path), "%s/dev", b->stagedir);
	if (rc == 0)
		rc = wb_world_fs_rmtree(path, b->stagedir, err);
	if (rc == 0)
		rc = base_dirs(b->stagedir, err);
	return (rc);
}

/* Once per recipe and key (recipe_stage.c), then unpacked per variant. */
static int
deb_stage(struct wb_build *b, struct wb_err *err)
{

	return (wb_recipe_stage_shared(b, &wb_style_debootstrap, deb_bootstrap,
	    err));
}

/* The release, the mirror and the debootstrap program (its version). */
static int
deb_identity(const struct wb_build *b, int (*add)(void *, const void *,
    size_t), void *ctx, struct wb_err *err)
{
	char suite[64], mirror[512], prog[PATH_MAX], hex[65];

	(void)b;
	if (host_release(suite, sizeof(suite), mirror, sizeof(mirror),
	    err) == -1 || debootstrap_path(prog, sizeof(prog), err) == -1 ||
	    wb_digest_sha256_file(prog, hex, err) == -1)
		return (-1);
	if (add(ctx, suite, strlen(suite) + 1) == -1 ||
	    add(ctx, mirror, strlen(mirror) + 1) == -1 ||
	    add(ctx, hex, strlen(hex) + 1) == -1)
		return (wb_err_set(err, "sha256 failed"));
	return (0);
}

const struct wb_build_style wb_style_debootstrap = {
	.name = "debootstrap",
	.vars = deb_vars,
	.stage = deb_stage,
	.package = wb_recipe_world_package,
	.identity = deb_identity,
	.lint = wb_recipe_world_lint,
};
