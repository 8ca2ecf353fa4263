/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/stat.h>
#include <sys/utsname.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "provenance.h"
#include "wb_util.h"

json_t *
wb_provenance_host(struct wb_err *err)
{
	struct utsname u;
	char *un;
	json_t *o, *fp;

	if (uname(&u) == -1) {
		wb_err_setsys(err, "uname");
		return (NULL);
	}
	if (asprintf(&un, "%s %s %s %s %s", u.sysname, u.nodename, u.release,
	    u.version, u.machine) == -1) {
		wb_err_setsys(err, "asprintf");
		return (NULL);
	}
	if ((fp = wb_provenance_fingerprint(err)) == NULL) {
		free(un);
		return (NULL);
	}
	o = json_pack("{s:s, s:s, s:O?, s:I, s:o}", "uname", un, "machine",
	    u.machine, "cpu_model", json_object_get(fp, "cpu_model"),
	    "nproc", (json_int_t)sysconf(_SC_NPROCESSORS_ONLN),
	    "fingerprint", fp);
	free(un);
	if (o == NULL)
		wb_err_set(err, "host provenance: out of memory");
	return (o);
}

json_t *
wb_provenance_loadavg(struct wb_err *err)
{
	double l[3];
	FILE *fp;
	json_t *a;

	if ((fp = fopen("/proc/loadavg", "r")) == NULL) {
		wb_err_setsys(err, "/proc/loadavg");
		return (NULL);
	}
	if (fscanf(fp, "%lf %lf %lf", &l[0], &l[1], &l[2]) != 3) {
		fclose(fp);
		wb_err_set(err, "/proc/loadavg: unexpected contents");
		return (NULL);
	}
	fclose(fp);
	if ((a = json_pack("[f, f, f]", l[0], l[1], l[2])) == NULL)
		wb_err_set(err, "load average: out of memory");
	return (a);
}

json_t *
wb_provenance_date(void)
{
	struct tm tm;
	time_t t;
	char buf[64];

	t = time(NULL);
	if (gmtime_r(&t, &tm) == NULL ||
	    strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		return (json_string("unknown"));
	return (json_string(buf));
}

static int
cmp_str(const void *a, const void *b)
{

	return (strcmp(*(char *const *)a, *(char *const *)b));
}

/*
 * Open path on the host (root NULL: the host's own suite, links
 * followed) or beneath an image root without following the image's links.
 */
static int
open_in(const char *root, const char *path, int flags, struct wb_err *err)
{
	int fd;

	if (root != NULL)
		return (wb_beneath_open(root, path, flags, err));
	if ((fd = open(path, flags | O_CLOEXEC)) == -1)
		wb_err_setsys(err, "%s", path);
	return (fd);
}

static int
hash_fd(int fd, const char *what, char hex[WB_SHA256_HEXSIZE],
    struct wb_err *err)
{
	struct wb_sha256 *h;
	char buf[65536];
	ssize_t n;
	int rc;

	if ((h = wb_digest_sha256_new(err)) == NULL)
		return (-1);
	rc = 0;
	while (rc == 0 && (n = read(fd, buf, sizeof(buf))) != 0) {
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			rc = wb_err_setsys(err, "read %s", what);
		else
			rc = wb_digest_sha256_update(h, buf, (size_t)n, err);
	}
	if (rc == 0)
		rc = wb_digest_sha256_final(h, hex, err);
	wb_digest_sha256_free(h);
	return (rc);
}

/* Hash the regular file name of the directory dfd into files[key]. */
static int
hash_entry(int dfd, const char *name, const char *what, const char *key,
    int nofollow, json_t *files, struct wb_err *err)
{
	char hex[WB_SHA256_HEXSIZE];
	struct stat st;
	int fd, rc;

	if (fstatat(dfd, name, &st, nofollow ? AT_SYMLINK_NOFOLLOW : 0) == -1)
		return (errno == ENOENT ? 0 : wb_err_setsys(err, "%s", what));
	if (nofollow && S_ISLNK(st.st_mode))
		return (wb_err_set(err, "%s: a symbolic link in the image, not "
		    "followed", what));
	if (!S_ISREG(st.st_mode))
		return (0);
	if ((fd = openat(dfd, name, O_RDONLY | O_CLOEXEC |
	    (nofollow ? O_NOFOLLOW : 0))) == -1)
		return (wb_err_setsys(err, "%s", what));
	rc = hash_fd(fd, what, hex, err);
	close(fd);
	if (rc == 0 && json_object_set_new(files, key, json_string(hex)) == -1)
		rc = wb_err_set(err, "out of memory");
	return (rc);
}

/* Add "<prefix>/<name>" -> sha256 for each regular file of dir. */
static int
hash_dir(const char *root, const char *dir, const char *prefix,
    json_t *files, struct wb_err *err)
{
	char *what, *key;
	struct dirent *de;
	DIR *d;
	int dfd, rc;

	if ((dfd = open_in(root, dir, O_RDONLY | O_DIRECTORY, err)) == -1)
		return (-1);
	if ((d = fdopendir(dfd)) == NULL) {
		close(dfd);
		return (wb_err_setsys(err, "%s", dir));
	}
	rc = 0;
	while (rc == 0 && (errno = 0, de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (asprintf(&what, "%s%s/%s", root != NULL ? root : "", dir,
		    de->d_name) == -1) {
			rc = wb_err_setsys(err, "asprintf");
			break;
		}
		if (asprintf(&key, "%s/%s", prefix, de->d_name) == -1)
			rc = wb_err_setsys(err, "asprintf");
		else {
			rc = hash_entry(dfd, de->d_name, what, key,
			    root != NULL, files, err);
			free(key);
		}
		free(what);
	}
	if (rc == 0 && errno != 0)
		rc = wb_err_setsys(err, "%s: readdir", dir);
	closedir(d);
	return (rc);
}

static int
suite_hash(json_t *files, char hex[WB_SHA256_HEXSIZE], struct wb_err *err)
{
	struct wb_sha256 *h;
	const char *key, **keys;
	json_t *v;
	size_t i, n;
	int rc;

	n = json_object_size(files);
	if ((keys = calloc(n + 1, sizeof(*keys))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	i = 0;
	json_object_foreach(files, key, v)
		keys[i++] = key;
	qsort(keys, n, sizeof(*keys), cmp_str);
	if ((h = wb_digest_sha256_new(err)) == NULL) {
		free(keys);
		return (-1);
	}
	rc = 0;
	for (i = 0; rc == 0 && i < n; i++) {
		v = json_object_get(files, keys[i]);
		if (wb_digest_sha256_update(h, json_string_value(v), 64,
		    err) == -1 ||
		    wb_digest_sha256_update(h, "  ", 2, err) == -1 ||
		    wb_digest_sha256_update(h, keys[i], strlen(keys[i]),
		    err) == -1 ||
		    wb_digest_sha256_update(h, "\n", 1, err) == -1)
			rc = -1;
	}
	if (rc == 0)
		rc = wb_digest_sha256_final(h, hex, err);
	wb_digest_sha256_free(h);
	free(keys);
	return (rc);
}

int
wb_provenance_suite(const char *root, const char *libexecdir,
    const char *datadir,
    json_t **files, char hex[WB_SHA256_HEXSIZE], struct wb_err *err)
{
	json_t *f;

	*files = NULL;
	if ((f = json_object()) == NULL)
		return (wb_err_set(err, "out of memory"));
	if (hash_dir(root, libexecdir, "libexec", f, err) == -1 ||
	    hash_dir(root, datadir, "data", f, err) == -1 ||
	    suite_hash(f, hex, err) == -1) {
		json_decref(f);
		return (-1);
	}
	*files = f;
	return (0);
}

#define BUILDINFO_MAX	(64 * 1024)

json_t *
wb_provenance_buildinfo(const char *root, const char *path, struct wb_err *err)
{
	char *buf, *line, *next, *colon, *v, what[PATH_MAX + 64];
	long lineno;
	json_t *o;
	int fd;

	snprintf(what, sizeof(what), "%s%s", root != NULL ? root : "", path);
	if ((fd = open_in(root, path, O_RDONLY, err)) == -1)
		return (errno == ENOENT ? json_null() : NULL);
	buf = wb_beneath_slurp(fd, BUILDINFO_MAX, NULL, what, err);
	close(fd);
	if (buf == NULL)
		return (NULL);
	if ((o = json_object()) == NULL) {
		free(buf);
		wb_err_set(err, "out of memory");
		return (NULL);
	}
	lineno = 0;
	for (line = buf; *line != '\0'; line = next) {
		lineno++;
		next = line + strcspn(line, "\n");
		if (*next != '\0')
			*next++ = '\0';
		line[strcspn(line, "\r")] = '\0';
		if (*line == '\0' || *line == '#')
			continue;
		if ((colon = strchr(line, ':')) == NULL || colon == line) {
			wb_err_set(err, "%s:%ld: expected 'key: value'", what,
			    lineno);
			goto fail;
		}
		*colon = '\0';
		for (v = colon + 1; *v == ' ' || *v == '\t'; v++)
			continue;
		if (json_object_set_new(o, line, json_string(v)) == -1) {
			wb_err_set(err, "%s:%ld: not UTF-8 text", what, lineno);
			goto fail;
		}
	}
	free(buf);
	return (o);
fail:
	free(buf);
	json_decref(o);
	return (NULL);
}
