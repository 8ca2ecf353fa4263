/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The identity of the image a variant root came from (world.h): a root
 * that wb_world_root() unpacked is WORKDIR/roots/<sha256 of the archive>,
 * and the image's WORKDIR/images/<label>.meta (lib/image/recipe_world.c)
 * records that sha256 beside the recipe's input hash.
 */
#include <dirent.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "wb_util.h"
#include "world.h"

/* What an image's .meta records (lib/image/recipe_world.c). */
struct meta {
	char	name[256];
	char	hash[128];
	char	recipe[128];
	char	version[128];	/* the recipe's VERSION */
	char	variant[128];
	char	options[512];	/* the knobs on, space-separated */
	char	stage[128];	/* the shared stage's sha256, if any */
};

static void
field(const char *line, const char *key, char *buf, size_t len)
{
	size_t n;

	n = strlen(key);
	if (strncmp(line, key, n) == 0 && line[n] == '=')
		snprintf(buf, len, "%s", line + n + 1);
}

/* The .meta at path into m when its sha256 is sha. */
static int
meta_match(const char *path, const char *sha, struct meta *m)
{
	char line[1024];
	int match;
	FILE *fp;

	if ((fp = fopen(path, "re")) == NULL)
		return (0);
	match = 0;
	memset(m, 0, sizeof(*m));
	while (fgets(line, sizeof(line), fp) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "sha256=", 7) == 0)
			match = strcmp(line + 7, sha) == 0;
		field(line, "hash", m->hash, sizeof(m->hash));
		field(line, "name", m->name, sizeof(m->name));
		field(line, "recipe", m->recipe, sizeof(m->recipe));
		field(line, "version", m->version, sizeof(m->version));
		field(line, "variant", m->variant, sizeof(m->variant));
		field(line, "options", m->options, sizeof(m->options));
		field(line, "stage", m->stage, sizeof(m->stage));
	}
	fclose(fp);
	return (match);
}

/* The .meta of WORKDIR/images/ whose image has this sha256, or 0. */
static int
find_meta(const char *workdir, const char *sha, struct meta *m)
{
	char dir[PATH_MAX], path[PATH_MAX * 2];
	struct dirent *d;
	size_t n;
	DIR *dp;
	int found;

	memset(m, 0, sizeof(*m));
	snprintf(dir, sizeof(dir), "%s/images", workdir);
	if ((dp = opendir(dir)) == NULL)
		return (0);
	found = 0;
	while (!found && (d = readdir(dp)) != NULL) {
		n = strlen(d->d_name);
		if (n < 6 || strcmp(d->d_name + n - 5, ".meta") != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, d->d_name);
		found = meta_match(path, sha, m);
	}
	closedir(dp);
	if (!found)
		memset(m, 0, sizeof(*m));
	return (found);
}

/* The knobs as a JSON array of names. */
static json_t *
knobs(const char *options)
{
	char buf[512], *p, *w, *save;
	json_t *a;

	if ((a = json_array()) == NULL)
		return (NULL);
	snprintf(buf, sizeof(buf), "%s", options);
	for (p = buf; (w = strtok_r(p, " ,", &save)) != NULL; p = NULL)
		if (json_array_append_new(a, json_string(w)) == -1) {
			json_decref(a);
			return (NULL);
		}
	return (a);
}

json_t *
wb_world_image_ident(const char *root, struct wb_err *err)
{
	char buf[PATH_MAX], parent[PATH_MAX], *base, *roots;
	struct meta m;
	json_t *o;

	if (root == NULL || strlen(root) >= sizeof(buf))
		return (json_null());
	snprintf(buf, sizeof(buf), "%s", root);
	base = basename(buf);
	if (!wb_digest_sha256_hex_ok(base))
		return (json_null());
	snprintf(parent, sizeof(parent), "%s", root);
	roots = dirname(parent);
	if (strcmp(basename(roots), "roots") != 0)
		return (json_null());
	if (!find_meta(dirname(roots), base, &m))
		o = json_pack("{s:s}", "sha256", base);
	else
		o = json_pack("{s:s, s:s*, s:s*, s:s*, s:s*, s:s*, s:o*, "
		    "s:s*}", "sha256", base, "input_hash", m.hash[0] != '\0' ?
		    m.hash : NULL, "name", m.name[0] != '\0' ? m.name : NULL,
		    "recipe", m.recipe[0] != '\0' ? m.recipe : NULL,
		    "recipe_version", m.version[0] != '\0' ? m.version : NULL,
		    "variant",
		    m.variant[0] != '\0' ? m.variant : NULL, "knobs",
		    knobs(m.options), "stage", m.stage[0] != '\0' ? m.stage :
		    NULL);
	if (o == NULL)
		wb_err_set(err, "image identity: out of memory");
	return (o);
}
