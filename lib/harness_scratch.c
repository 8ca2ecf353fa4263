/*
 * Per-pass scratch directories, created from the host side under the
 * runner's root and removed afterwards.  Removal refuses any path that
 * does not resolve to a directory strictly inside the scratch base, and
 * never follows symbolic links or crosses mount points.
 */
#include <sys/stat.h>

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "harness_impl.h"
#include "runner.h"

char *
wb_runner_hostpath(const struct wb_runner *r, const char *inner)
{
	char *p;
	size_t len;

	len = strlen(r->root);
	while (len > 0 && r->root[len - 1] == '/')
		len--;
	if (asprintf(&p, "%.*s%s%s", (int)len, r->root,
	    *inner == '/' ? "" : "/", inner) == -1)
		return (NULL);
	return (p);
}

int
wb_scratch_make(const struct wb_runner *r, const char *tag, char **hostpath,
    char **innerpath, struct wb_err *err)
{
	char *base, *tmpl, *name;

	*hostpath = *innerpath = NULL;
	if ((base = wb_runner_hostpath(r, r->scratchdir)) == NULL)
		return (wb_err_setsys(err, "asprintf"));
	if (asprintf(&tmpl, "%s/worldbench.%s.XXXXXX", base, tag) == -1) {
		free(base);
		return (wb_err_setsys(err, "asprintf"));
	}
	if (mkdtemp(tmpl) == NULL) {
		wb_err_setsys(err, "%s: cannot create a scratch directory",
		    tmpl);
		free(base);
		free(tmpl);
		return (-1);
	}
	free(base);
	name = strrchr(tmpl, '/') + 1;
	if (asprintf(innerpath, "%s/%s", r->scratchdir, name) == -1) {
		*innerpath = NULL;
		(void)rmdir(tmpl);
		free(tmpl);
		return (wb_err_setsys(err, "asprintf"));
	}
	*hostpath = tmpl;
	return (0);
}

static int
rm_entry(const char *path, const struct stat *st, int type, struct FTW *f)
{

	(void)st;
	(void)f;
	if (type == FTW_DP || type == FTW_D || type == FTW_DNR)
		return (rmdir(path) == -1 ? -1 : 0);
	return (unlink(path) == -1 ? -1 : 0);
}

int
wb_scratch_remove(const struct wb_runner *r, const char *hostpath,
    struct wb_err *err)
{
	char *base, rbase[PATH_MAX], rpath[PATH_MAX];
	size_t len;

	if ((base = wb_runner_hostpath(r, r->scratchdir)) == NULL)
		return (wb_err_setsys(err, "asprintf"));
	if (realpath(base, rbase) == NULL) {
		wb_err_setsys(err, "%s", base);
		free(base);
		return (-1);
	}
	free(base);
	if (realpath(hostpath, rpath) == NULL)
		return (wb_err_setsys(err, "%s", hostpath));
	len = strlen(rbase);
	if (strcmp(rbase, "/") == 0)
		len = 0;
	if (strncmp(rpath, rbase, len) != 0 || rpath[len] != '/' ||
	    strchr(rpath + len + 1, '/') != NULL ||
	    strncmp(rpath + len + 1, "worldbench.", 11) != 0)
		return (wb_err_set(err, "%s: refusing to remove: not a scratch "
		    "directory directly inside %s", hostpath, rbase));
	if (nftw(rpath, rm_entry, 16, FTW_DEPTH | FTW_PHYS | FTW_MOUNT) == -1)
		return (wb_err_setsys(err, "%s: cannot remove the scratch "
		    "directory", rpath));
	return (0);
}
