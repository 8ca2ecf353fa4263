/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench submit --ship label=archive: each image archive is copied
 * once into SHARED/images/<sha256>.tar.zst (with its .meta when the
 * build wrote one), so that every task unpacks the same bytes instead of
 * building its own image from its node's binaries; --ship-kernel packs a
 * kernel image directory the same way.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "slurm.h"
#include "submit_int.h"
#include "wb_image.h"
#include "wb_util.h"

/* A failure the command has always ended with status 1. */
static int
failed_sys(struct wb_err *e, const char *what, const char *path)
{

	wb_err_setsys(e, "%s%s", what, path);
	return (WB_SUBMIT_FAILED);
}

/* SHARED/images, created if need be, into *dir (malloc'ed). */
static int
images_dir(const char *shared, char **dir, struct wb_err *e)
{

	if (asprintf(dir, "%s/%s", shared, WB_SLURM_IMAGES) == -1) {
		*dir = NULL;
		return (wb_err_setsys(e, "asprintf"));
	}
	if (mkdir(*dir, 0755) == -1 && errno != EEXIST)
		return (failed_sys(e, "", *dir));
	return (0);
}

/* Copy from to dir/name by way of a temporary name; sha checked. */
static int
put(const char *from, const char *dir, const char *name, const char *sha,
    struct wb_err *e)
{
	char have[WB_SHA256_HEXSIZE], *tmp, *to;
	int rc;

	if (asprintf(&to, "%s/%s", dir, name) == -1)
		return (wb_err_setsys(e, "asprintf"));
	if (asprintf(&tmp, "%s/.%s.%ld", dir, name, (long)getpid()) == -1) {
		free(to);
		return (wb_err_setsys(e, "asprintf"));
	}
	if (wb_world_fs_copy_file(from, tmp, 0644, e) == -1)
		rc = -1;
	else if (sha != NULL && (wb_digest_sha256_file(tmp, have, e) == -1 ||
	    strcmp(have, sha) != 0)) {
		(void)unlink(tmp);
		wb_err_set(e, "%s: changed while it was copied to %s", from,
		    dir);
		rc = WB_SUBMIT_FAILED;
	} else if (rename(tmp, to) == -1)
		rc = failed_sys(e, "rename ", to);
	else
		rc = 0;
	free(tmp);
	free(to);
	return (rc);
}

/* The recipe's record of archive a (a.meta), when the build left it. */
static int
put_meta(const char *a, const char *dir, const char *sha, struct wb_err *e)
{
	char *meta, *name;
	size_t len;
	int rc;

	len = strlen(a);
	if (len <= 8 || strcmp(a + len - 8, ".tar.zst") != 0)
		return (0);
	if (asprintf(&meta, "%.*s.meta", (int)(len - 8), a) == -1)
		return (wb_err_setsys(e, "asprintf"));
	if (asprintf(&name, "%s.meta", sha) == -1) {
		free(meta);
		return (wb_err_setsys(e, "asprintf"));
	}
	rc = access(meta, R_OK) == 0 ? put(meta, dir, name, NULL, e) : 0;
	free(meta);
	free(name);
	return (rc);
}

/* Archive a (of label) into dir/<sha256>.tar.zst, its digest into sha. */
static int
ship_one(const char *label, const char *a, const char *dir,
    char sha[WB_SHA256_HEXSIZE], struct wb_err *e)
{
	struct stat st;
	char *name;
	int rc;

	if (stat(a, &st) == -1) {
		wb_err_setsys(e, "--ship %s: %s", label, a);
		return (wb_err_class(e, WB_ERR_NOINPUT));
	}
	if (!S_ISREG(st.st_mode)) {
		wb_err_set(e, "--ship %s: %s is not an image archive", label,
		    a);
		return (wb_err_class(e, WB_ERR_NOINPUT));
	}
	if (wb_digest_sha256_file(a, sha, e) == -1)
		return (-1);
	if (asprintf(&name, "%s.tar.zst", sha) == -1)
		return (wb_err_setsys(e, "asprintf"));
	rc = put(a, dir, name, sha, e);
	free(name);
	return (rc != 0 ? rc : put_meta(a, dir, sha, e));
}

int
wb_submit_ship(const char *shared, char *const *labels, char *const *archives,
    size_t n, struct wb_slurm_ship *ships,
    char (*shas)[WB_SHA256_HEXSIZE], struct wb_err *e)
{
	char *dir;
	size_t i;
	int rc;

	if ((rc = images_dir(shared, &dir, e)) != 0) {
		free(dir);
		return (rc);
	}
	for (i = 0; i < n && rc == 0; i++) {
		ships[i].label = labels[i];
		rc = ship_one(labels[i], archives[i], dir, shas[i], e);
		ships[i].sha256 = shas[i];
	}
	free(dir);
	return (rc);
}

/* The variant kdir/kernel.json names (malloc'ed), or NULL with err. */
static char *
kernel_variant(const char *kdir, struct wb_err *e)
{
	json_error_t je;
	json_t *meta, *v;
	char *p, *label;

	if (asprintf(&p, "%s/kernel.json", kdir) == -1) {
		wb_err_setsys(e, "asprintf");
		return (NULL);
	}
	label = NULL;
	if ((meta = json_load_file(p, 0, &je)) == NULL) {
		wb_err_set(e, "--ship-kernel %s: %s:%d: %s (not a kernel "
		    "image)", kdir, p, je.line, je.text);
		wb_err_class(e, access(p, F_OK) == 0 ? WB_ERR_DATA :
		    WB_ERR_NOINPUT);
	} else if (!json_is_string(v = json_object_get(meta, "variant")))
		wb_err_set(e, "%s: no variant", p);
	else if ((label = strdup(json_string_value(v))) == NULL)
		wb_err_setsys(e, "strdup");
	json_decref(meta);
	free(p);
	return (label);
}

/*
 * A kernel image directory (kernel.json, bzImage, config) packed into
 * SHARED/images/<sha256>.tar.zst; *label is its variant, the label
 * worldbench boot gives its results (malloc'ed).
 */
int
wb_submit_ship_kernel(const char *shared, const char *kdir, char **label,
    char sha[WB_SHA256_HEXSIZE], struct wb_err *e)
{
	struct wb_pack_opts po;
	char *dir, *tmp, *to;
	int rc;

	if ((*label = kernel_variant(kdir, e)) == NULL)
		return (-1);
	dir = tmp = to = NULL;
	if ((rc = images_dir(shared, &dir, e)) != 0)
		goto out;
	if (asprintf(&tmp, "%s/.kernel-%s.%ld.tar.zst", dir, *label,
	    (long)getpid()) == -1) {
		tmp = NULL;
		rc = wb_err_setsys(e, "asprintf");
		goto out;
	}
	memset(&po, 0, sizeof(po));
	po.compress = WB_COMPRESS_ZSTD;
	if ((rc = wb_image_pack(kdir, tmp, &po, sha, e)) != 0)
		goto out;
	if (asprintf(&to, "%s/%s.tar.zst", dir, sha) == -1) {
		to = NULL;
		rc = wb_err_setsys(e, "asprintf");
	} else if (rename(tmp, to) == -1)
		rc = failed_sys(e, "rename ", to);
out:
	free(to);
	free(tmp);
	free(dir);
	return (rc);
}
