/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A world's shared stage: the part of a world that no option changes
 * (for debootstrap, the bootstrap after WORLD_TRIM), built once per
 * recipe and kept as an archive, WORKDIR/stages/NAME-KEY12.tar.zst, named
 * by the hash of the world's inputs (the style, its own variables and its
 * identity; not the options, not the variant).  Every variant's stage
 * phase unpacks that same archive, so the variants of one recipe cannot
 * drift apart on a mirror update between their builds.
 *
 * The archive is written atomically (wb_image_pack: temporary + rename),
 * then its stamp NAME-KEY12.done ("key=" and "sha256=" lines), also
 * atomically.  An archive is used only when its stamp names the same key
 * and the archive's digest is the stamp's: a stage that died half-way,
 * or was damaged since, is built again.
 */
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "image.h"
#include "recipe.h"
#include "recipe_style_int.h"
#include "wb_util.h"
#include "world_fs.h"

static int
key_str(struct wb_sha256 *h, const char *tag, const char *s)
{

	if (wb_digest_sha256_update(h, tag, strlen(tag) + 1, NULL) == -1 ||
	    wb_digest_sha256_update(h, s, strlen(s) + 1, NULL) == -1)
		return (-1);
	return (0);
}

static int
key_add(void *ctx, const void *buf, size_t len)
{

	return (wb_digest_sha256_update(ctx, buf, len, NULL));
}

int
wb_recipe_stage_key(const struct wb_build *b, const struct wb_build_style *st,
    char key[65], struct wb_err *err)
{
	struct wb_sha256 *h;
	const char *v;
	size_t i;
	int rc;

	if ((h = wb_digest_sha256_new(err)) == NULL)
		return (-1);
	rc = key_str(h, "worldbench-stage", "1");
	if (rc == 0)
		rc = key_str(h, "BUILD_STYLE", st->name);
	for (i = 0; rc == 0 && st->vars != NULL && st->vars[i] != NULL; i++) {
		v = wb_recipe_get(b->recipe, st->vars[i]);
		/* Unset and empty are different inputs. */
		rc = key_str(h, st->vars[i], v != NULL ? v : "\001unset");
	}
	if (rc == -1)
		rc = wb_err_set(err, "sha256 failed");
	if (rc == 0 && st->identity != NULL)
		rc = st->identity(b, key_add, h, err);
	if (rc == 0)
		rc = wb_digest_sha256_final(h, key, err);
	wb_digest_sha256_free(h);
	return (rc);
}

/*
 * 1 when stamp names key and the archive's digest, which goes to sha;
 * 0 (why in the build log) when the archive must be built again.
 */
static int
stage_ready(struct wb_build *b, const char *archive, const char *stamp,
    const char *key, char sha[65])
{
	char line[256], skey[65], ssha[65], hex[WB_SHA256_HEXSIZE];
	struct wb_err e;
	FILE *fp;

	skey[0] = ssha[0] = '\0';
	if ((fp = fopen(stamp, "re")) == NULL) {
		if (access(archive, F_OK) == 0)
			wb_recipe_build_log(b,
			    "shared stage %s has no stamp %s: a "
			    "build that did not finish; building again",
			    archive, stamp);
		return (0);
	}
	while (fgets(line, sizeof(line), fp) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "key=", 4) == 0)
			snprintf(skey, sizeof(skey), "%.64s", line + 4);
		else if (strncmp(line, "sha256=", 7) == 0)
			snprintf(ssha, sizeof(ssha), "%.64s", line + 7);
	}
	fclose(fp);
	if (strcmp(skey, key) != 0 || !wb_digest_sha256_hex_ok(ssha)) {
		wb_recipe_build_log(b, "shared stage stamp %s: not for key %s; "
		    "building again", stamp, key);
		return (0);
	}
	if (wb_digest_sha256_file(archive, hex, &e) == -1) {
		wb_recipe_build_log(b, "shared stage %s: %s; building again",
		    archive, e.msg);
		return (0);
	}
	if (strcmp(hex, ssha) != 0) {
		wb_recipe_build_log(b,
		    "shared stage %s: sha256 %s, its stamp says "
		    "%s; building again", archive, hex, ssha);
		return (0);
	}
	memcpy(sha, hex, 65);
	return (1);
}

static void
refused(void *arg, const char *path, const char *why)
{

	wb_recipe_build_log(arg, "shared stage: refused %s: %s", path, why);
}

/* An entry unpacked with a change (a setuid bit dropped). */
static void
noted(void *arg, const char *path, const char *why)
{

	wb_recipe_build_log(arg, "shared stage: %s: %s", path, why);
}

/* Build the stage into b->stagedir and keep it as archive + stamp. */
static int
stage_make(struct wb_build *b, int (*build)(struct wb_build *,
    struct wb_err *), const char *archive, const char *stamp,
    const char *key, char sha[65], struct wb_err *err)
{
	struct wb_pack_opts o;
	char *text;
	int n, rc;

	if (unlink(stamp) == -1 && errno != ENOENT)
		return (wb_err_setsys(err, "%s", stamp));
	wb_recipe_build_log(b, "shared stage %s: building (key %s)", archive,
	    key);
	if (build(b, err) == -1)
		return (-1);
	memset(&o, 0, sizeof(o));
	o.compress = WB_COMPRESS_ZSTD;
	o.mtime = 0;
	/* dpkg set the owners and modes: keep them. */
	o.keep_owners = 1;
	if (wb_image_pack(b->stagedir, archive, &o, sha, err) == -1)
		return (-1);
	if ((n = asprintf(&text, "key=%s\nsha256=%s\n", key, sha)) == -1)
		return (wb_err_setsys(err, "asprintf"));
	rc = wb_atomic_write(stamp, text, (size_t)n, 0644, err);
	free(text);
	if (rc == 0)
		wb_recipe_build_log(b, "shared stage %s: sha256 %s", archive,
		    sha);
	return (rc);
}

int
wb_recipe_stage_shared(struct wb_build *b, const struct wb_build_style *st,
    int (*build)(struct wb_build *, struct wb_err *), struct wb_err *err)
{
	char dir[PATH_MAX], archive[PATH_MAX + 32], stamp[PATH_MAX + 32];
	char path[PATH_MAX + 32], key[WB_SHA256_HEXSIZE], sha[65], line[80];
	struct wb_unpack_opts uo;
	long n;

	if (wb_recipe_stage_key(b, st, key, err) == -1)
		return (-1);
	snprintf(dir, sizeof(dir), "%s/stages", b->workdir);
	if (wb_world_fs_mkdirs(dir, 0755, err) == -1)
		return (-1);
	snprintf(archive, sizeof(archive), "%s/%s-%.12s.tar.zst", dir,
	    wb_recipe_get(b->recipe, "NAME"), key);
	snprintf(stamp, sizeof(stamp), "%s/%s-%.12s.done", dir,
	    wb_recipe_get(b->recipe, "NAME"), key);
	if (stage_ready(b, archive, stamp, key, sha))
		wb_recipe_build_log(b, "shared stage %s: sha256 %s, reused",
		    archive, sha);
	else if (stage_make(b, build, archive, stamp, key, sha, err) == -1)
		return (-1);
	/* Every variant, the first too, starts from the archive. */
	if (wb_world_fs_rmtree(b->stagedir, b->wrkdir, err) == -1)
		return (-1);
	memset(&uo, 0, sizeof(uo));
	uo.refuse = refused;
	uo.note = noted;
	uo.arg = b;
	if ((n = wb_image_unpack_opts(archive, b->stagedir, &uo, err)) == -1)
		return (-1);
	wb_recipe_build_log(b, "shared stage %s: %ld entries unpacked into %s",
	    archive, n, b->stagedir);
	snprintf(path, sizeof(path), "%s/stage.sha256", b->wrkdir);
	snprintf(line, sizeof(line), "%s\n", sha);
	return (wb_atomic_write(path, line, strlen(line), 0644, err));
}

int
wb_recipe_stage_sha256(const struct wb_build *b, char sha[65])
{
	char path[PATH_MAX + 32], line[80];
	FILE *fp;

	sha[0] = '\0';
	snprintf(path, sizeof(path), "%s/stage.sha256", b->wrkdir);
	if ((fp = fopen(path, "re")) == NULL)
		return (0);
	if (fgets(line, sizeof(line), fp) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (wb_digest_sha256_hex_ok(line))
			memcpy(sha, line, 65);
	}
	fclose(fp);
	return (sha[0] != '\0');
}
