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
wb_world_root(const char *image, const char *workdir,
    void (*refuse)(void *, const char *, const char *), void *arg,
    struct wb_err *err)
{
	char sha[WB_SHA256_HEXSIZE], dir[PATH_MAX], *p;
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
	if ((size_t)snprintf(dir, sizeof(dir), "%s/roots", workdir) >=
	    sizeof(dir) || wb_mkdirs(dir, 0755, err) == -1)
		return (NULL);
	if (chmod(dir, 0700) == -1) {
		wb_err_setsys(err, "chmod %s", dir);
		return (NULL);
	}
	snprintf(dir, sizeof(dir), "%s/roots/%s", workdir, sha);
	if (stat(dir, &st) == -1) {
		if (errno != ENOENT) {
			wb_err_setsys(err, "%s", dir);
			return (NULL);
		}
		if (wb_image_unpack(image, dir, refuse, arg, err) == -1)
			return (NULL);
	}
	if ((p = realpath(dir, NULL)) == NULL)
		wb_err_setsys(err, "%s", dir);
	return (p);
}
