/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reading the places of release_env.c under a root: on the host
 * following links, in an image never (beneath.h).
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "release.h"
#include "release_env_int.h"
#include "wb_sandbox.h"
#include "wb_util.h"

#define ENV_FILE_MAX	(256 * 1024)
#define DROPIN_MAX	256

/*
 * Read path under root.  On the host, links are followed (the files are
 * the host's own); in an image never (beneath.h): a link is reported.
 */
int
wb_release_read(const char *root, const char *path, int host, char **buf,
    int *islink, struct wb_err *err)
{
	char what[4096];
	size_t len;
	int fd;

	*buf = NULL;
	*islink = 0;
	snprintf(what, sizeof(what), "%s%s", host ? "" : root, path);
	if (host)
		fd = open(what, O_RDONLY | O_CLOEXEC);
	else
		fd = wb_beneath_open(root, path, O_RDONLY, err);
	if (fd == -1) {
		if (errno == ENOENT || errno == ENOTDIR)
			return (0);
		if (!host && errno == ELOOP) {
			*islink = 1;
			return (0);
		}
		return (wb_err_setsys(err, "%s", what));
	}
	*buf = wb_beneath_slurp(fd, ENV_FILE_MAX, &len, what, err);
	close(fd);
	return (*buf == NULL ? -1 : 0);
}

typedef int	parse_fn(struct wb_release_envset *, const char *, const char *,
		    struct wb_err *);

/* One file of a place; a link in an image is a problem, not followed. */
static int
read_one(struct wb_release_envset *s, const char *root, int host,
    const char *path, parse_fn *fn, struct wb_err *err)
{
	char *buf;
	int islink, rc;

	if (wb_release_read(root, path, host, &buf, &islink, err) == -1)
		return (-1);
	if (islink)
		return (wb_release_env_problem(s, err, "%s: a symbolic link (or one on its "
		    "way) in the image, not followed: its settings cannot be "
		    "verified", path));
	if (buf == NULL)
		return (0);
	rc = wb_release_env_source_add(s, err, "%s", path);
	if (rc == 0)
		rc = fn(s, path, buf, err);
	free(buf);
	return (rc);
}

static int
cmp_str(const void *a, const void *b)
{

	return (strcmp(*(char *const *)a, *(char *const *)b));
}

/*
 * The names ending in suffix in dir under root, sorted; *n 0 when the
 * directory is absent.  A link in the way in an image is a problem.
 */
static int
list_dir(struct wb_release_envset *s, const char *root, int host,
    const char *dir,
    const char *suffix, char **names, size_t *n, struct wb_err *err)
{
	char path[4096];
	struct dirent *de;
	size_t sl, nl;
	DIR *d;
	int fd;

	*n = 0;
	snprintf(path, sizeof(path), "%s%s", host ? "" : root, dir);
	if (host)
		fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	else
		fd = wb_beneath_open(root, dir, O_RDONLY | O_DIRECTORY, err);
	if (fd == -1) {
		if (errno == ENOENT || errno == ENOTDIR)
			return (0);
		if (!host && errno == ELOOP)
			return (wb_release_env_problem(s, err, "%s: a symbolic link (or one "
			    "on its way) in the image, not followed: its "
			    "files cannot be verified", dir));
		return (wb_err_setsys(err, "%s", path));
	}
	if ((d = fdopendir(fd)) == NULL) {
		close(fd);
		return (wb_err_setsys(err, "%s", path));
	}
	sl = strlen(suffix);
	while ((de = readdir(d)) != NULL) {
		nl = strlen(de->d_name);
		if (nl <= sl || de->d_name[0] == '.' ||
		    strcmp(de->d_name + nl - sl, suffix) != 0)
			continue;
		if (*n == DROPIN_MAX) {
			closedir(d);
			return (wb_err_set(err, "%s: more than %d files", path,
			    DROPIN_MAX));
		}
		if ((names[*n] = strdup(de->d_name)) == NULL) {
			closedir(d);
			return (wb_err_setsys(err, "strdup"));
		}
		(*n)++;
	}
	closedir(d);
	qsort(names, *n, sizeof(char *), cmp_str);
	return (0);
}

static void
names_free(char **names, size_t n)
{

	while (n > 0)
		free(names[--n]);
}

static int
read_dir(struct wb_release_envset *s, const char *root, int host,
    const char *dir, const char *suffix, parse_fn *fn, struct wb_err *err)
{
	char *names[DROPIN_MAX], path[4096];
	size_t n, i;
	int rc;

	if (list_dir(s, root, host, dir, suffix, names, &n, err) == -1)
		return (-1);
	for (i = 0, rc = 0; rc == 0 && i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		rc = read_one(s, root, host, path, fn, err);
	}
	names_free(names, n);
	return (rc);
}

/*
 * systemd's drop-ins: the union of /usr/lib's and /etc's, in name order,
 * /etc's file replacing /usr/lib's of the same name.
 */
static int
read_dropins(struct wb_release_envset *s, const char *root, int host,
    struct wb_err *err)
{
	static const char etc[] = "/etc/systemd/system.conf.d";
	static const char lib[] = "/usr/lib/systemd/system.conf.d";
	char *e[DROPIN_MAX], *u[DROPIN_MAX], path[4096];
	size_t ne, nu, i, j;
	int rc, c;

	if (list_dir(s, root, host, etc, ".conf", e, &ne, err) == -1)
		return (-1);
	if (list_dir(s, root, host, lib, ".conf", u, &nu, err) == -1) {
		names_free(e, ne);
		return (-1);
	}
	for (i = j = 0, rc = 0; rc == 0 && (i < ne || j < nu); ) {
		c = i == ne ? 1 : j == nu ? -1 : strcmp(e[i], u[j]);
		if (c <= 0)
			snprintf(path, sizeof(path), "%s/%s", etc, e[i]);
		else
			snprintf(path, sizeof(path), "%s/%s", lib, u[j]);
		i += c <= 0;
		j += c >= 0;
		rc = read_one(s, root, host, path, wb_release_env_parse_systemd,
		    err);
	}
	names_free(e, ne);
	names_free(u, nu);
	return (rc);
}

/* The image's declared environment, in the fragment format. */
static int
parse_frag(struct wb_release_envset *s, const char *name, const char *buf,
    struct wb_err *err)
{
	struct wb_fragment f;
	size_t i;
	int rc;

	wb_fragment_init(&f);
	rc = 0;
	if (wb_fragment_merge_buf(&f, name, buf, strlen(buf), NULL, NULL,
	    err) == -1)
		rc = wb_release_env_problem(s, err, "%s", err->msg);
	for (i = 0; rc == 0 && i < f.n; i++)
		if (f.e[i].value != NULL)
			rc = wb_release_env_add_var(s, f.e[i].key,
			    strlen(f.e[i].key),
			    f.e[i].value, name, f.e[i].line, 0, err);
	wb_fragment_fini(&f);
	return (rc);
}

int
wb_release_env_read_root(struct wb_release_envset *s, const char *root,
    int host, struct wb_err *err)
{

	s->mark = s->n;
	if (read_one(s, root, host, "/etc/environment",
	    wb_release_env_parse_pam, err) == -1)
		return (-1);
	s->mark = s->n;
	if (read_dir(s, root, host, "/etc/profile.d", ".sh",
	    wb_release_env_parse_sh, err) == -1)
		return (-1);
	s->mark = s->n;
	if (read_one(s, root, host, "/etc/systemd/system.conf",
	    wb_release_env_parse_systemd, err) == -1 ||
	    read_dropins(s, root, host, err) == -1)
		return (-1);
	s->mark = s->n;
	if (read_one(s, root, host, "/etc/worldbench/environment", parse_frag,
	    err) == -1)
		return (-1);
	s->mark = s->n;
	return (0);
}
