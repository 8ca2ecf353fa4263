/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The identity of the image a variant root came from (world.h): a root
 * that wb_world_root() unpacked is WORKDIR/roots/<sha256 of the archive>,
 * and the image's WORKDIR/images/<label>.meta (lib/recipe_world.c)
 * records that sha256 beside the recipe's input hash.
 */
#include <dirent.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "digest.h"
#include "err.h"
#include "world.h"

/* 1 when s is 64 lower-case hex digits. */
static int
is_sha(const char *s)
{

	return (strlen(s) == WB_SHA256_HEXSIZE - 1 &&
	    strspn(s, "0123456789abcdef") == WB_SHA256_HEXSIZE - 1);
}

/* key=value of a .meta file into val when its sha256 is sha. */
static int
meta_match(const char *path, const char *sha, char *name, char *hash,
    size_t len)
{
	char line[512];
	int match;
	FILE *fp;

	if ((fp = fopen(path, "re")) == NULL)
		return (0);
	match = 0;
	name[0] = hash[0] = '\0';
	while (fgets(line, sizeof(line), fp) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "sha256=", 7) == 0)
			match = strcmp(line + 7, sha) == 0;
		else if (strncmp(line, "hash=", 5) == 0)
			snprintf(hash, len, "%s", line + 5);
		else if (strncmp(line, "name=", 5) == 0)
			snprintf(name, len, "%s", line + 5);
	}
	fclose(fp);
	return (match);
}

/* The recipe's input hash and image name from WORKDIR/images/ (*.meta). */
static void
find_meta(const char *workdir, const char *sha, char *name, char *hash,
    size_t len)
{
	char dir[PATH_MAX], path[PATH_MAX * 2];
	struct dirent *d;
	size_t n;
	DIR *dp;

	name[0] = hash[0] = '\0';
	snprintf(dir, sizeof(dir), "%s/images", workdir);
	if ((dp = opendir(dir)) == NULL)
		return;
	while ((d = readdir(dp)) != NULL) {
		n = strlen(d->d_name);
		if (n < 6 || strcmp(d->d_name + n - 5, ".meta") != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, d->d_name);
		if (meta_match(path, sha, name, hash, len))
			break;
		name[0] = hash[0] = '\0';
	}
	closedir(dp);
}

json_t *
wb_world_image_ident(const char *root, struct wb_err *err)
{
	char buf[PATH_MAX], parent[PATH_MAX], name[512], hash[512], *base,
	    *roots;
	json_t *o;

	if (root == NULL || strlen(root) >= sizeof(buf))
		return (json_null());
	snprintf(buf, sizeof(buf), "%s", root);
	base = basename(buf);
	if (!is_sha(base))
		return (json_null());
	snprintf(parent, sizeof(parent), "%s", root);
	roots = dirname(parent);
	if (strcmp(basename(roots), "roots") != 0)
		return (json_null());
	find_meta(dirname(roots), base, name, hash, sizeof(hash));
	o = json_pack("{s:s, s:s*, s:s*}", "sha256", base, "input_hash",
	    hash[0] != '\0' ? hash : NULL, "name", name[0] != '\0' ? name :
	    NULL);
	if (o == NULL)
		wb_err_set(err, "image identity: out of memory");
	return (o);
}
