/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-pass scratch directories, created from the host side under the
 * runner's root and removed afterwards, both through a directory fd of
 * the scratch base opened beneath the root without following any of the
 * image's symbolic links (an image's "tmp -> /etc" is refused, never
 * followed into the host).  Removal takes only a "worldbench.*" entry
 * directly in the base, and never follows links or crosses mount points.
 */
#include <sys/random.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness_int.h"
#include "wb_sandbox.h"
#include "wb_util.h"

char *
wb_harness_hostpath(const struct wb_runner *r, const char *inner)
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

/*
 * The scratch base as a directory fd: the host's own TMPDIR is trusted,
 * an image's is opened beneath its root without following any link.
 */
static int
scratch_base(const struct wb_runner *r, struct wb_err *err)
{
	int fd;

	if (strcmp(r->root, "/") == 0) {
		if ((fd = open(r->scratchdir, O_RDONLY | O_DIRECTORY |
		    O_CLOEXEC)) == -1)
			return (wb_err_setsys(err, "%s", r->scratchdir));
		return (fd);
	}
	return (wb_beneath_open(r->root, r->scratchdir, O_RDONLY | O_DIRECTORY,
	    err));
}

int
wb_harness_scratch_make(const struct wb_runner *r, const char *tag,
    char **hostpath, char **innerpath, struct wb_err *err)
{
	char name[NAME_MAX + 1], *base, *host, *inner;
	uint64_t rnd;
	int bfd, i, rc;

	*hostpath = *innerpath = NULL;
	if (strchr(tag, '/') != NULL || strlen(tag) > 64)
		return (wb_err_set(err, "%s: bad scratch tag", tag));
	if ((bfd = scratch_base(r, err)) == -1)
		return (-1);
	rc = -1;
	for (i = 0; rc == -1 && i < 100; i++) {
		if (getrandom(&rnd, sizeof(rnd), 0) != sizeof(rnd))
			rnd = (uint64_t)getpid() << 16 ^ (uint64_t)i;
		snprintf(name, sizeof(name), "worldbench.%s.%012llx", tag,
		    (unsigned long long)(rnd & 0xffffffffffffULL));
		if ((rc = mkdirat(bfd, name, 0700)) == -1 && errno != EEXIST)
			break;
	}
	if (rc == -1) {
		wb_err_setsys(err, "%s%s/%s: cannot create a scratch directory",
		    strcmp(r->root, "/") == 0 ? "" : r->root, r->scratchdir,
		    name);
		close(bfd);
		return (-1);
	}
	/* The userns runner's command is an unprivileged host id. */
	if (r->scratch_chown && fchownat(bfd, name, r->scratch_uid,
	    r->scratch_gid, AT_SYMLINK_NOFOLLOW) == -1) {
		wb_err_setsys(err, "%s%s/%s: chown to %u:%u", r->root,
		    r->scratchdir, name, (unsigned)r->scratch_uid,
		    (unsigned)r->scratch_gid);
		(void)unlinkat(bfd, name, AT_REMOVEDIR);
		close(bfd);
		return (-1);
	}
	host = inner = NULL;
	if ((base = wb_harness_hostpath(r, r->scratchdir)) == NULL ||
	    asprintf(&host, "%s/%s", base, name) == -1)
		host = NULL;
	else if (asprintf(&inner, "%s/%s", r->scratchdir, name) == -1)
		inner = NULL;
	if (inner == NULL) {
		wb_err_setsys(err, "asprintf");
		(void)unlinkat(bfd, name, AT_REMOVEDIR);
		close(bfd);
		free(base);
		free(host);
		return (-1);
	}
	close(bfd);
	free(base);
	*hostpath = host;
	*innerpath = inner;
	return (0);
}

int
wb_harness_scratch_remove(const struct wb_runner *r, const char *hostpath,
    struct wb_err *err)
{
	const char *name;
	char *base;
	size_t len;
	int bfd, rc;

	if ((base = wb_harness_hostpath(r, r->scratchdir)) == NULL)
		return (wb_err_setsys(err, "asprintf"));
	len = strlen(base);
	name = hostpath + len + 1;
	if (strncmp(hostpath, base, len) != 0 || hostpath[len] != '/' ||
	    strchr(name, '/') != NULL ||
	    strncmp(name, "worldbench.", 11) != 0) {
		wb_err_set(err, "%s: refusing to remove: not a scratch "
		    "directory directly inside %s", hostpath, base);
		free(base);
		return (-1);
	}
	free(base);
	if ((bfd = scratch_base(r, err)) == -1)
		return (-1);
	rc = wb_beneath_remove(bfd, name, hostpath, err);
	close(bfd);
	return (rc);
}
