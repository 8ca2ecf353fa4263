/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host-file closure for the embedded default world (see world_closure.h).
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wb_util.h"
#include "world_closure.h"
#include "world_fs.h"

#define LDSO	"/lib64/ld-linux-x86-64.so.2"

static const char *const path_dirs[] = {
	"/usr/bin", "/bin", "/usr/sbin", "/sbin", NULL
};

void
wb_world_closure_init(struct wb_world_closure *c)
{

	memset(c, 0, sizeof(*c));
}

void
wb_world_closure_fini(struct wb_world_closure *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		free(c->paths[i]);
	free(c->paths);
	wb_world_closure_init(c);
}

static int
has(const struct wb_world_closure *c, const char *p)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->paths[i], p) == 0)
			return (1);
	return (0);
}

static int
push(struct wb_world_closure *c, const char *p, struct wb_err *err)
{
	char **np;

	if (c->n == c->cap) {
		c->cap = c->cap == 0 ? 64 : c->cap * 2;
		if ((np = reallocarray(c->paths, c->cap, sizeof(*np))) == NULL)
			return (wb_err_setsys(err, "reallocarray"));
		c->paths = np;
	}
	if ((c->paths[c->n] = strdup(p)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	c->n++;
	return (0);
}

static int
is_elf(const char *path)
{
	unsigned char m[4];
	int fd, ok;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return (0);
	ok = read(fd, m, 4) == 4 && m[0] == 0x7f && m[1] == 'E' &&
	    m[2] == 'L' && m[3] == 'F';
	close(fd);
	return (ok);
}

/* Parse "ld.so --list" output: "x => /path (0x..)" and "/path (0x..)". */
static int
add_list(struct wb_world_closure *c, char *out, struct wb_err *err)
{
	char *line, *save, *p, *end;

	for (line = strtok_r(out, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		if ((p = strstr(line, "=> ")) != NULL)
			p += 3;
		else
			for (p = line; *p == ' ' || *p == '\t'; p++)
				;
		if (*p != '/')
			continue;
		if ((end = strchr(p, ' ')) != NULL)
			*end = '\0';
		if (wb_world_closure_add_path(c, p, err) == -1)
			return (-1);
	}
	return (0);
}

int
wb_world_closure_add_needed(struct wb_world_closure *c, const char *path,
    struct wb_err *err)
{
	char *argv[] = { LDSO, "--list", (char *)path, NULL };
	struct wb_spawn_result res;
	struct wb_spawn sp;
	int rc;

	if (!is_elf(path))
		return (0);
	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.timeout = 30;
	memset(&res, 0, sizeof(res));
	if (wb_spawn_run(&sp, 1, &res, err) == -1)
		return (-1);
	/* Static executables: "not a dynamic executable", status 1. */
	rc = 0;
	if (res.status == 0)
		rc = add_list(c, res.out, err);
	wb_spawn_result_fini(&res);
	return (rc);
}

int
wb_world_closure_add_path(struct wb_world_closure *c, const char *path,
    struct wb_err *err)
{
	char canon[PATH_MAX * 2], dir[PATH_MAX], tgt[PATH_MAX], next[PATH_MAX * 3];
	char *copy;
	struct stat st;
	ssize_t n;

	/* The directories on the way are resolved; the last name is not. */
	if ((copy = strdup(path)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	if (realpath(dirname(copy), dir) == NULL) {
		free(copy);
		return (wb_err_setsys(err, "%s", path));
	}
	free(copy);
	snprintf(canon, sizeof(canon), "%s/%s", strcmp(dir, "/") == 0 ? "" :
	    dir, strrchr(path, '/') + 1);
	if (has(c, canon))
		return (0);
	if (lstat(canon, &st) == -1)
		return (wb_err_setsys(err, "%s", canon));
	if (S_ISDIR(st.st_mode))
		return (wb_err_set(err, "%s: a directory, not a file", canon));
	if (push(c, canon, err) == -1)
		return (-1);
	if (S_ISLNK(st.st_mode)) {
		if ((n = readlink(canon, tgt, sizeof(tgt) - 1)) == -1)
			return (wb_err_setsys(err, "readlink %s", canon));
		tgt[n] = '\0';
		if (tgt[0] == '/')
			snprintf(next, sizeof(next), "%s", tgt);
		else
			snprintf(next, sizeof(next), "%s/%s", dir, tgt);
		return (wb_world_closure_add_path(c, next, err));
	}
	return (wb_world_closure_add_needed(c, canon, err));
}

int
wb_world_closure_add_program(struct wb_world_closure *c, const char *name,
    struct wb_err *err)
{
	char path[PATH_MAX];
	size_t i;

	if (strchr(name, '/') != NULL)
		return (wb_world_closure_add_path(c, name, err));
	for (i = 0; path_dirs[i] != NULL; i++) {
		snprintf(path, sizeof(path), "%s/%s", path_dirs[i], name);
		if (access(path, X_OK) == 0)
			return (wb_world_closure_add_path(c, path, err));
	}
	return (wb_err_set(err, "program '%s' not found in %s:%s:%s:%s", name,
	    path_dirs[0], path_dirs[1], path_dirs[2], path_dirs[3]));
}

/* Make dir inside root, replicating host symlinks such as /bin -> usr/bin. */
static int
make_parents(const char *root, const char *path, struct wb_err *err)
{
	char host[PATH_MAX], dst[PATH_MAX * 2], tgt[PATH_MAX], *p;
	struct stat st;
	ssize_t n;

	snprintf(host, sizeof(host), "%s", path);
	for (p = host + 1; (p = strchr(p, '/')) != NULL; p++) {
		*p = '\0';
		snprintf(dst, sizeof(dst), "%s%s", root, host);
		if (lstat(dst, &st) == 0) {
			*p = '/';
			continue;
		}
		if (lstat(host, &st) == -1) {
			return (wb_err_setsys(err, "%s", host));
		}
		if (S_ISLNK(st.st_mode)) {
			if ((n = readlink(host, tgt, sizeof(tgt) - 1)) == -1)
				return (wb_err_setsys(err, "%s", host));
			tgt[n] = '\0';
			if (symlink(tgt, dst) == -1)
				return (wb_err_setsys(err, "symlink %s", dst));
		} else if (mkdir(dst, 0755) == -1)
			return (wb_err_setsys(err, "mkdir %s", dst));
		*p = '/';
	}
	return (0);
}

int
wb_world_closure_copy(const struct wb_world_closure *c, const char *root,
    struct wb_err *err)
{
	char dst[PATH_MAX * 2];
	struct stat st;
	size_t i;

	for (i = 0; i < c->n; i++) {
		snprintf(dst, sizeof(dst), "%s%s", root, c->paths[i]);
		if (lstat(dst, &st) == 0)
			continue;
		if (make_parents(root, c->paths[i], err) == -1 ||
		    wb_world_fs_copy_entry(c->paths[i], dst, err) == -1)
			return (-1);
	}
	return (0);
}
