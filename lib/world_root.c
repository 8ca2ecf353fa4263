/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Image archive -> unpacked root in the work directory, once.
 */
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "digest.h"
#include "err.h"
#include "image.h"
#include "world.h"
#include "world_fs.h"

char *
wb_world_root_opts(const char *image, const char *workdir,
    const struct wb_unpack_opts *o, struct wb_err *err)
{
	char sha[WB_SHA256_HEXSIZE], roots[PATH_MAX], dir[PATH_MAX], *p;
	struct stat st;

	if (stat(image, &st) == -1) {
		wb_err_setsys(err, "%s", image);
		return (NULL);
	}
	if (S_ISDIR(st.st_mode)) {
		if ((p = realpath(image, NULL)) == NULL)
			wb_err_setsys(err, "%s", image);
		return (p);
	}
	if (!S_ISREG(st.st_mode)) {
		wb_err_set(err, "%s: neither a root directory nor an image "
		    "archive", image);
		return (NULL);
	}
	if (wb_sha256_file(image, sha, err) == -1)
		return (NULL);
	/*
	 * Only root may reach the unpacked roots: an image's files (setuid
	 * ones included) are no business of the host's other users.
	 */
	if ((size_t)snprintf(roots, sizeof(roots), "%s/roots", workdir) >=
	    sizeof(roots) || wb_mkdirs(roots, 0755, err) == -1)
		return (NULL);
	if (chmod(roots, 0700) == -1) {
		wb_err_setsys(err, "chmod %s", roots);
		return (NULL);
	}
	if (wb_image_sweep(roots, NULL, NULL, err) == -1)
		return (NULL);
	if ((size_t)snprintf(dir, sizeof(dir), "%s/%s", roots, sha) >=
	    sizeof(dir)) {
		wb_err_set(err, "%s: path too long", roots);
		return (NULL);
	}
	if (stat(dir, &st) == -1) {
		if (errno != ENOENT) {
			wb_err_setsys(err, "%s", dir);
			return (NULL);
		}
		if (wb_image_unpack_opts(image, dir, o, err) == -1)
			return (NULL);
	}
	if ((p = realpath(dir, NULL)) == NULL)
		wb_err_setsys(err, "%s", dir);
	return (p);
}

char *
wb_world_root(const char *image, const char *workdir,
    void (*refuse)(void *, const char *, const char *), void *arg,
    struct wb_err *err)
{
	struct wb_unpack_opts o;

	memset(&o, 0, sizeof(o));
	o.refuse = refuse;
	o.arg = arg;
	return (wb_world_root_opts(image, workdir, &o, err));
}
