/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A world named on a command line (world.h): a root directory, an image
 * archive, or the name of a built image of the work directory.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wb_util.h"
#include "world.h"
#include "world_fs.h"

char *
wb_world_image_archive(const char *arg, const char *workdir, struct wb_err *err)
{
	struct stat st;
	char *p;

	/*
	 * A bare name that is no file here is an image of the work
	 * directory, as "worldbench images" lists them.
	 */
	if (strchr(arg, '/') != NULL || arg[0] == '.' || arg[0] == '\0' ||
	    lstat(arg, &st) == 0 || errno != ENOENT) {
		if ((p = strdup(arg)) == NULL)
			wb_err_setsys(err, "strdup");
		return (p);
	}
	if (asprintf(&p, "%s/images/%s.tar.zst", workdir, arg) == -1) {
		wb_err_setsys(err, "asprintf");
		return (NULL);
	}
	if (access(p, F_OK) == -1) {
		wb_err_setsys(err, "%s: neither a file nor an image of %s (%s; "
		    "see worldbench images)", arg, workdir, p);
		free(p);
		return (NULL);
	}
	return (p);
}

char *
wb_world_root_arg(const char *arg, const char *workdir,
    const struct wb_unpack_opts *o, struct wb_err *err)
{
	struct stat st;
	char *root, *archive;
	int lock;

	if ((archive = wb_world_image_archive(arg, workdir, err)) == NULL)
		return (NULL);
	lock = -1;
	if (stat(archive, &st) == 0 && !S_ISDIR(st.st_mode) &&
	    (wb_world_fs_mkdirs(workdir, 0755, err) == -1 ||
	    (lock = wb_lock_workdir(workdir, 600, err)) == -1)) {
		free(archive);
		return (NULL);
	}
	root = wb_world_root_opts(archive, workdir, o, err);
	wb_lock_workdir_release(lock);
	free(archive);
	return (root);
}
