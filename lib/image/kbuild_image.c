/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Kernel image directories and the shared source tree (lib/image/kbuild.h).
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "kbuild_image.h"
#include "kbuild_int.h"
#include "kbuild_job.h"
#include "wb_util.h"
#include "world_fs.h"

#define META		"kernel.json"
#define FILE_MAX	(256 * 1024 * 1024)

/* snprintf that reports truncation (paths are checked by their users). */
static int	pfmt(char *, size_t, const char *, ...)
	    __attribute__((format(printf, 3, 4)));

static int
pfmt(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	return (n < 0 || (size_t)n >= len ? -1 : 0);
}

static int
rm_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{

	(void)st;
	(void)ftw;
	if (type == FTW_DP)
		return (rmdir(path));
	return (unlink(path));
}

static int
rm_tree(const char *path, struct wb_err *err)
{

	if (nftw(path, rm_one, 32, FTW_DEPTH | FTW_PHYS) != 0 &&
	    errno != ENOENT)
		return (wb_err_setsys(err, "removing %s", path));
	return (0);
}

static int
read_all(const char *path, char **buf, size_t *len, struct wb_err *err)
{
	struct stat st;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return (wb_err_setsys(err, "%s", path));
	if (fstat(fd, &st) != 0 || st.st_size > FILE_MAX) {
		close(fd);
		return (wb_err_set(err, "%s: cannot size or too large", path));
	}
	if (wb_world_fs_read_fd(fd, (size_t)st.st_size, buf, len) != 0) {
		close(fd);
		return (wb_err_setsys(err, "%s", path));
	}
	close(fd);
	if (*len != (size_t)st.st_size) {
		free(*buf);
		return (wb_err_set(err, "%s: short read", path));
	}
	return (0);
}

static int
copy_file(const char *from, const char *to, struct wb_err *err)
{
	size_t len;
	char *buf;
	int rc;

	if (read_all(from, &buf, &len, err) != 0)
		return (-1);
	rc = wb_atomic_write(to, buf, len, 0644, err);
	free(buf);
	return (rc);
}

int
wb_kbuild_uptodate(const char *imagedir, const char hash[WB_SHA256_HEXSIZE])
{
	char path[4096];
	json_error_t je;
	json_t *meta, *h;
	struct stat st;
	int ok;

	snprintf(path, sizeof(path), "%s/bzImage", imagedir);
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0)
		return (0);
	snprintf(path, sizeof(path), "%s/%s", imagedir, META);
	if ((meta = json_load_file(path, 0, &je)) == NULL)
		return (0);
	h = json_object_get(meta, "input_hash");
	ok = json_is_string(h) && strcmp(json_string_value(h), hash) == 0;
	json_decref(meta);
	return (ok);
}

static int
release_of(const char *objdir, char *buf, size_t len)
{
	char path[4096];
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/include/config/kernel.release",
	    objdir);
	if ((f = fopen(path, "re")) == NULL)
		return (-1);
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return (0);
}

static int
write_meta(const struct wb_kbuild *kb, const char *dir,
    const char *input_hash, const char *config_sha256, double secs,
    struct wb_err *err)
{
	char path[4096], rel[256], fd[WB_SHA256_HEXSIZE];
	json_t *meta, *frags, *f;
	char *text;
	size_t i;
	int rc;

	if (release_of(kb->objdir, rel, sizeof(rel)) != 0)
		snprintf(rel, sizeof(rel), "unknown");
	if ((meta = json_object()) == NULL || (frags = json_array()) == NULL) {
		json_decref(meta);
		return (wb_err_set(err, "kernel.json: out of memory"));
	}
	for (i = 0; i < kb->nfragments; i++) {
		if (wb_digest_sha256_file(kb->fragments[i], fd, err) != 0) {
			json_decref(frags);
			json_decref(meta);
			return (-1);
		}
		f = json_pack("{s:s, s:s}", "path", kb->fragments[i],
		    "sha256", fd);
		if (f == NULL || json_array_append_new(frags, f) != 0) {
			json_decref(frags);
			json_decref(meta);
			return (wb_err_set(err, "kernel.json: out of memory"));
		}
	}
	if (json_object_set_new(meta, "format",
	    json_string("worldbench-kernel")) != 0 ||
	    json_object_set_new(meta, "version", json_integer(1)) != 0 ||
	    json_object_set_new(meta, "variant", json_string(kb->variant)) ||
	    json_object_set_new(meta, "input_hash", json_string(input_hash)) ||
	    json_object_set_new(meta, "config_sha256",
	    json_string(config_sha256)) != 0 ||
	    json_object_set_new(meta, "release", json_string(rel)) != 0 ||
	    json_object_set_new(meta, "uname_version_tag",
	    json_sprintf("config-%.16s", config_sha256)) != 0 ||
	    json_object_set_new(meta, "source_sha256",
	    json_string(kb->source_digest)) != 0 ||
	    json_object_set_new(meta, "srctree", json_string(kb->srctree)) ||
	    json_object_set_new(meta, "objdir", json_string(kb->objdir)) ||
	    json_object_set_new(meta, "build_log", json_string(kb->log)) ||
	    json_object_set_new(meta, "build_seconds", json_real(secs)) ||
	    json_object_set_new(meta, "fragments", frags) != 0) {
		json_decref(meta);
		return (wb_err_set(err, "kernel.json: out of memory"));
	}
	text = json_dumps(meta, JSON_INDENT(2) | JSON_SORT_KEYS);
	json_decref(meta);
	if (text == NULL)
		return (wb_err_set(err, "kernel.json: cannot format"));
	(void)pfmt(path, sizeof(path), "%s/%s", dir, META);
	rc = wb_atomic_write(path, text, strlen(text), 0644, err);
	free(text);
	return (rc);
}

/* Put dir in place of imagedir in one step (or a plain rename). */
static int
swap_in(const char *tmp, const char *imagedir, struct wb_err *err)
{

	if (renameat2(AT_FDCWD, tmp, AT_FDCWD, imagedir, RENAME_EXCHANGE) ==
	    0)
		return (rm_tree(tmp, err));
	if (errno != ENOENT)
		return (wb_err_setsys(err, "rename %s %s", tmp, imagedir));
	if (rename(tmp, imagedir) != 0)
		return (wb_err_setsys(err, "rename %s %s", tmp, imagedir));
	return (0);
}

int
wb_kbuild_install(const struct wb_kbuild *kb,
    const char input_hash[WB_SHA256_HEXSIZE], const char *config_sha256,
    double secs, struct wb_err *err)
{
	char tmp[4096], from[4096], to[4096], line[128];
	int rc;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", kb->imagedir,
	    (long)getpid()) >= (int)sizeof(tmp))
		return (wb_err_set(err, "%s: path too long", kb->imagedir));
	if (rm_tree(tmp, err) != 0)
		return (-1);
	if (mkdir(tmp, 0755) != 0)
		return (wb_err_setsys(err, "%s", tmp));
	(void)pfmt(from, sizeof(from), "%s/%s", kb->objdir, WB_KBUILD_IMAGE);
	(void)pfmt(to, sizeof(to), "%s/bzImage", tmp);
	rc = copy_file(from, to, err);
	if (rc == 0) {
		(void)pfmt(from, sizeof(from), "%s/.config", kb->objdir);
		(void)pfmt(to, sizeof(to), "%s/config", tmp);
		rc = copy_file(from, to, err);
	}
	if (rc == 0) {
		(void)pfmt(to, sizeof(to), "%s/config.sha256", tmp);
		snprintf(line, sizeof(line), "%s  config\n", config_sha256);
		rc = wb_atomic_write(to, line, strlen(line), 0644, err);
	}
	/* kernel.json last: it is what marks the image complete. */
	if (rc == 0)
		rc = write_meta(kb, tmp, input_hash, config_sha256, secs, err);
	if (rc == 0)
		rc = swap_in(tmp, kb->imagedir, err);
	if (rc != 0) {
		struct wb_err e2;

		(void)rm_tree(tmp, &e2);
	}
	return (rc);
}

/* --- The shared source tree. --- */

static int
read_stamp(const char *path, char *digest, long long *size, long long *mtime)
{
	FILE *f;
	int n;

	if ((f = fopen(path, "re")) == NULL)
		return (-1);
	n = fscanf(f, "%64s %lld %lld", digest, size, mtime);
	fclose(f);
	return (n == 3 && strlen(digest) == WB_SHA256_HEXLEN ? 0 : -1);
}

/* The single top-level directory of an extracted tree. */
static int
top_dir(const char *dir, char *name, size_t len, struct wb_err *err)
{
	struct dirent *d;
	DIR *dp;
	int n;

	if ((dp = opendir(dir)) == NULL)
		return (wb_err_setsys(err, "%s", dir));
	n = 0;
	while ((d = readdir(dp)) != NULL) {
		if (strcmp(d->d_name, ".") == 0 || strcmp(d->d_name, "..") == 0)
			continue;
		snprintf(name, len, "%s", d->d_name);
		n++;
	}
	closedir(dp);
	if (n != 1)
		return (wb_err_set(err, "%s: the archive has %d top-level "
		    "entries, expected one directory", dir, n));
	return (0);
}

static int
extract(const char *tarball, const char *dir, struct wb_err *err)
{
	struct wb_spawn_result r;
	struct wb_spawn sp;
	char *argv[7];
	int rc;

	argv[0] = "/bin/tar";
	argv[1] = "-x";
	argv[2] = "-f";
	argv[3] = (char *)tarball;
	argv[4] = "-C";
	argv[5] = (char *)dir;
	argv[6] = NULL;
	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.timeout = 3600;
	memset(&r, 0, sizeof(r));
	if (wb_spawn_run(&sp, 1, &r, err) != 0)
		return (-1);
	rc = 0;
	if (r.status != 0)
		rc = wb_err_set(err, "tar -xf %s: %s%s", tarball,
		    r.timed_out ? "timed out" : "failed",
		    r.err != NULL ? r.err : "");
	wb_spawn_result_fini(&r);
	return (rc);
}

static int
unpack_locked(const char *tarball, const char *cachedir, char **srctree,
    char digest[WB_SHA256_HEXSIZE], struct wb_err *err)
{
	char tmp[4096], stamp[4096], tree[4096], top[256], line[4096];
	char sd[WB_SHA256_HEXSIZE + 8];
	long long ssize, smtime;
	struct stat st, ts;
	DIR *dp;
	struct dirent *d;
	int rc;

	if (stat(tarball, &st) != 0)
		return (wb_err_setsys(err, "%s", tarball));
	/* A stamp matching the tarball's size and mtime: reuse the tree. */
	if ((dp = opendir(cachedir)) == NULL)
		return (wb_err_setsys(err, "%s", cachedir));
	while ((d = readdir(dp)) != NULL) {
		size_t l = strlen(d->d_name);

		if (l < 7 || strcmp(d->d_name + l - 6, ".stamp") != 0)
			continue;
		snprintf(stamp, sizeof(stamp), "%s/%s", cachedir, d->d_name);
		snprintf(tree, sizeof(tree), "%s/%.*s", cachedir,
		    (int)(l - 6), d->d_name);
		if (read_stamp(stamp, sd, &ssize, &smtime) == 0 &&
		    ssize == (long long)st.st_size &&
		    smtime == (long long)st.st_mtime &&
		    stat(tree, &ts) == 0 && S_ISDIR(ts.st_mode)) {
			closedir(dp);
			memcpy(digest, sd, WB_SHA256_HEXSIZE);
			if ((*srctree = strdup(tree)) == NULL)
				return (wb_err_setsys(err, "kbuild"));
			return (0);
		}
	}
	closedir(dp);
	if (wb_digest_sha256_file(tarball, digest, err) != 0)
		return (-1);
	snprintf(tmp, sizeof(tmp), "%s/.unpack.%ld", cachedir, (long)getpid());
	if (rm_tree(tmp, err) != 0)
		return (-1);
	if (mkdir(tmp, 0755) != 0)
		return (wb_err_setsys(err, "%s", tmp));
	rc = extract(tarball, tmp, err);
	if (rc == 0)
		rc = top_dir(tmp, top, sizeof(top), err);
	if (rc == 0) {
		snprintf(tree, sizeof(tree), "%s/%s", cachedir, top);
		(void)pfmt(stamp, sizeof(stamp), "%s.stamp", tree);
		(void)unlink(stamp);
		rc = rm_tree(tree, err);
	}
	if (rc == 0) {
		(void)pfmt(line, sizeof(line), "%s/%s", tmp, top);
		if (rename(line, tree) != 0)
			rc = wb_err_setsys(err, "rename %s %s", line, tree);
	}
	if (rc == 0) {
		snprintf(line, sizeof(line), "%s %lld %lld\n", digest,
		    (long long)st.st_size, (long long)st.st_mtime);
		rc = wb_atomic_write(stamp, line, strlen(line), 0644, err);
	}
	if (rc == 0 && (*srctree = strdup(tree)) == NULL)
		rc = wb_err_setsys(err, "kbuild");
	{
		struct wb_err e2;

		(void)rm_tree(tmp, &e2);
	}
	return (rc);
}

/*
 * One unpack of the shared source cache at a time: without the lock, a
 * second builder finding no stamp yet removes the tree that the first
 * one has just renamed into place and is building from.  The second
 * waits, then finds the first one's stamp.
 */
int
wb_kbuild_unpack(const char *tarball, const char *cachedir, char **srctree,
    char digest[WB_SHA256_HEXSIZE], struct wb_err *err)
{
	int lock, rc;

	if (mkdir(cachedir, 0755) != 0 && errno != EEXIST)
		return (wb_err_setsys(err, "%s", cachedir));
	if ((lock = wb_lock_workdir(cachedir, 3600, err)) == -1)
		return (-1);
	rc = unpack_locked(tarball, cachedir, srctree, digest, err);
	wb_lock_workdir_release(lock);
	return (rc);
}
