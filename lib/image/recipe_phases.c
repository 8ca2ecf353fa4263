/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The style-independent phases: fetch (Debian source packages through a
 * private apt configuration), checksum (distinfo), extract, patch.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "recipe.h"
#include "recipe_int.h"
#include "wb_util.h"
#include "world_fs.h"

#define HOST_SOURCES_LIST	"/etc/apt/sources.list"
#define HOST_SOURCES_PARTS	"/etc/apt/sources.list.d"

/* The first word of SOURCE ("none", "tree", "apt-source"). */
static int
source_is(const struct wb_build *b, const char *kind)
{
	const char *s;
	size_t len;

	if ((s = wb_recipe_get(b->recipe, "SOURCE")) == NULL)
		return (0);
	len = strlen(kind);
	return (strncmp(s, kind, len) == 0 && (s[len] == '\0' ||
	    s[len] == ' '));
}

/*
 * Turn binary-package source entries into deb-src ones: one-line
 * "deb ..." lines, and deb822 "Types:" fields.
 */
static int
convert_sources(const char *in, FILE *out, int deb822, struct wb_err *err)
{
	char *line;
	size_t cap;
	ssize_t len;
	FILE *fp;

	if ((fp = fopen(in, "re")) == NULL) {
		if (errno == ENOENT)
			return (0);
		return (wb_err_setsys(err, "%s", in));
	}
	line = NULL;
	cap = 0;
	fprintf(out, "# from %s\n", in);
	while ((len = getline(&line, &cap, fp)) != -1) {
		if (deb822 && strncmp(line, "Types:", 6) == 0)
			fputs("Types: deb-src\n", out);
		else if (!deb822 && strncmp(line, "deb ", 4) == 0)
			fprintf(out, "deb-src %s", line + 4);
		else if (!deb822)
			continue;
		else
			fputs(line, out);
	}
	if (deb822)
		fputc('\n', out);
	free(line);
	fclose(fp);
	return (0);
}

/* WORKDIR/apt: a private deb-src configuration and package lists. */
static int
private_apt(struct wb_build *b, char *dir, size_t len, struct wb_err *err)
{
	char path[PATH_MAX * 2], in[PATH_MAX * 2];
	struct dirent *de;
	FILE *list, *parts;
	DIR *d;
	int rc;

	snprintf(dir, len, "%s/apt", b->workdir);
	snprintf(path, sizeof(path), "%s/lists/partial", dir);
	if (wb_world_fs_mkdirs(path, 0755, err) == -1)
		return (-1);
	snprintf(path, sizeof(path), "%s/sources.list.d", dir);
	if (wb_world_fs_mkdirs(path, 0755, err) == -1)
		return (-1);
	snprintf(path, sizeof(path), "%s/sources.list", dir);
	if ((list = fopen(path, "we")) == NULL)
		return (wb_err_setsys(err, "%s", path));
	snprintf(path, sizeof(path), "%s/sources.list.d/host.sources", dir);
	if ((parts = fopen(path, "we")) == NULL) {
		fclose(list);
		return (wb_err_setsys(err, "%s", path));
	}
	rc = convert_sources(HOST_SOURCES_LIST, list, 0, err);
	if (rc == 0 && (d = opendir(HOST_SOURCES_PARTS)) != NULL) {
		while (rc == 0 && (de = readdir(d)) != NULL) {
			size_t n = strlen(de->d_name);

			snprintf(in, sizeof(in), "%s/%s", HOST_SOURCES_PARTS,
			    de->d_name);
			if (n > 5 && strcmp(de->d_name + n - 5, ".list") == 0)
				rc = convert_sources(in, list, 0, err);
			else if (n > 8 &&
			    strcmp(de->d_name + n - 8, ".sources") == 0)
				rc = convert_sources(in, parts, 1, err);
		}
		closedir(d);
	}
	if ((fclose(list) == EOF || fclose(parts) == EOF) && rc == 0)
		rc = wb_err_setsys(err, "writing %s", dir);
	return (rc);
}

static int
apt_get(struct wb_build *b, const char *apt, const char *const *args,
    const char *cwd, struct wb_err *err)
{
	char o1[PATH_MAX + 32], o2[PATH_MAX + 32], o3[PATH_MAX + 32],
	    o4[PATH_MAX + 32];
	char *argv[24];
	size_t n, i;

	snprintf(o1, sizeof(o1), "Dir::Etc::SourceList=%s/sources.list", apt);
	snprintf(o2, sizeof(o2), "Dir::Etc::SourceParts=%s/sources.list.d",
	    apt);
	snprintf(o3, sizeof(o3), "Dir::State::Lists=%s/lists", apt);
	snprintf(o4, sizeof(o4), "Dir::Cache=%s/cache", apt);
	n = 0;
	argv[n++] = "/usr/bin/apt-get";
	argv[n++] = "-q";
	argv[n++] = "-o";
	argv[n++] = o1;
	argv[n++] = "-o";
	argv[n++] = o2;
	argv[n++] = "-o";
	argv[n++] = o3;
	argv[n++] = "-o";
	argv[n++] = o4;
	argv[n++] = "-o";
	argv[n++] = "APT::Sandbox::User=root";
	for (i = 0; args[i] != NULL && n < 23; i++)
		argv[n++] = (char *)args[i];
	argv[n] = NULL;
	return (wb_recipe_build_cmd(b, argv, NULL, cwd, err));
}

static int
have_distfiles(struct wb_build *b, char **files)
{
	char path[PATH_MAX];
	size_t i;

	for (i = 0; files[i] != NULL; i++) {
		snprintf(path, sizeof(path), "%s/%s", b->distdir, files[i]);
		if (access(path, R_OK) == -1)
			return (0);
	}
	return (1);
}

int
wb_recipe_fetch(struct wb_build *b, struct wb_err *err)
{
	const char *update[] = { "update", NULL };
	const char *source[] = { "source", "--download-only", NULL, NULL };
	char apt[PATH_MAX], stamp[PATH_MAX + 16];
	char **src, **files;
	int rc;

	if (!source_is(b, "apt-source"))
		return (0);
	if ((files = wb_words_split(wb_recipe_get(b->recipe, "DISTFILES"),
	    err)) == NULL)
		return (-1);
	if ((src = wb_words_split(wb_recipe_get(b->recipe, "SOURCE"),
	    err)) == NULL) {
		wb_words_free(files);
		return (-1);
	}
	rc = 0;
	if (have_distfiles(b, files)) {
		wb_recipe_build_log(b, "all distfiles present in %s",
		    b->distdir);
		goto out;
	}
	if ((rc = wb_world_fs_mkdirs(b->distdir, 0755, err)) == -1 ||
	    (rc = private_apt(b, apt, sizeof(apt), err)) == -1)
		goto out;
	snprintf(stamp, sizeof(stamp), "%s/.updated", apt);
	if (access(stamp, F_OK) == -1) {
		if ((rc = apt_get(b, apt, update, b->distdir, err)) == -1)
			goto out;
		if ((rc = wb_world_fs_copy_file("/dev/null", stamp, 0644,
		    err)) == -1)
			goto out;
	}
	source[2] = src[1];
	rc = apt_get(b, apt, source, b->distdir, err);
	if (rc == 0 && !have_distfiles(b, files))
		rc = wb_err_set(err, "%s: apt-get source did not produce every "
		    "DISTFILES entry (see the log)", b->recipe->path);
out:
	wb_words_free(src);
	wb_words_free(files);
	return (rc);
}

int
wb_recipe_checksum(struct wb_build *b, struct wb_err *err)
{
	char path[PATH_MAX], hex[WB_SHA256_HEXSIZE];
	struct wb_recipe_distinfo *d;
	struct stat st;
	char **files;
	size_t nd, i, j;
	int rc;

	if (!source_is(b, "apt-source"))
		return (0);
	snprintf(path, sizeof(path), "%s/distinfo", b->recipe->dir);
	if (wb_recipe_distinfo_load(path, &d, &nd, err) == -1)
		return (-1);
	if ((files = wb_words_split(wb_recipe_get(b->recipe, "DISTFILES"),
	    err)) == NULL) {
		wb_recipe_distinfo_free(d, nd);
		return (-1);
	}
	rc = 0;
	for (i = 0; rc == 0 && files[i] != NULL; i++) {
		for (j = 0; j < nd; j++)
			if (strcmp(d[j].file, files[i]) == 0)
				break;
		if (j == nd) {
			rc = wb_err_set(err, "%s: no checksum for %s", path,
			    files[i]);
			break;
		}
		snprintf(path, sizeof(path), "%s/%s", b->distdir, files[i]);
		if (stat(path, &st) == -1)
			rc = wb_err_setsys(err, "%s", path);
		else if (st.st_size != d[j].size)
			rc = wb_err_set(err, "%s: size %lld, distinfo line %u "
			    "says %lld", path, (long long)st.st_size,
			    d[j].line, d[j].size);
		else if ((rc = wb_digest_sha256_file(path, hex, err)) == 0 &&
		    strcmp(hex, d[j].sha256) != 0)
			rc = wb_err_set(err, "%s: SHA256 %s, distinfo line %u "
			    "says %s", path, hex, d[j].line, d[j].sha256);
		if (rc == 0)
			wb_recipe_build_log(b, "checksum ok: %s", files[i]);
	}
	wb_words_free(files);
	wb_recipe_distinfo_free(d, nd);
	return (rc);
}

int
wb_recipe_extract(struct wb_build *b, struct wb_err *err)
{
	char *argv[] = { "/usr/bin/dpkg-source", "-x", NULL, NULL, NULL };
	char dsc[PATH_MAX];
	char **files;
	size_t i, n;
	int rc;

	if (wb_world_fs_rmtree(b->srcdir, b->wrkdir, err) == -1)
		return (-1);
	if (!source_is(b, "apt-source"))
		return (wb_world_fs_mkdirs(b->srcdir, 0755, err));
	if ((files = wb_words_split(wb_recipe_get(b->recipe, "DISTFILES"),
	    err)) == NULL)
		return (-1);
	dsc[0] = '\0';
	for (i = 0; files[i] != NULL; i++) {
		n = strlen(files[i]);
		if (n > 4 && strcmp(files[i] + n - 4, ".dsc") == 0)
			snprintf(dsc, sizeof(dsc), "%s/%s", b->distdir,
			    files[i]);
	}
	wb_words_free(files);
	if (dsc[0] == '\0')
		return (wb_err_set(err, "%s: SOURCE=apt-source needs the .dsc "
		    "in DISTFILES", b->recipe->path));
	argv[2] = dsc;
	argv[3] = b->srcdir;
	rc = wb_recipe_build_cmd(b, argv, NULL, b->wrkdir, err);
	return (rc);
}

static int
cmp_dirent(const struct dirent **a, const struct dirent **c)
{

	return (strcmp((*a)->d_name, (*c)->d_name));
}

int
wb_recipe_patch(struct wb_build *b, struct wb_err *err)
{
	char *argv[] = { "/usr/bin/patch", "-p1", "-N", "-d", NULL, "-i",
	    NULL, NULL };
	char dir[PATH_MAX], path[PATH_MAX * 2];
	struct dirent **names;
	int i, n, rc;

	snprintf(dir, sizeof(dir), "%s/files", b->recipe->dir);
	if (access(dir, F_OK) == -1)
		return (0);
	if ((n = scandir(dir, &names, NULL, cmp_dirent)) == -1)
		return (wb_err_setsys(err, "%s", dir));
	rc = 0;
	for (i = 0; i < n; i++) {
		size_t len = strlen(names[i]->d_name);

		if (rc == 0 && len > 6 &&
		    strcmp(names[i]->d_name + len - 6, ".patch") == 0) {
			snprintf(path, sizeof(path), "%s/%s", dir,
			    names[i]->d_name);
			argv[4] = b->srcdir;
			argv[6] = path;
			rc = wb_recipe_build_cmd(b, argv, NULL, b->wrkdir, err);
		}
		free(names[i]);
	}
	free(names);
	return (rc);
}
