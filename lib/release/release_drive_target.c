/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The production checks of check-release's target (release_drive.h):
 * what the target is, and an image archive unpacked afresh to check it.
 */
#include <sys/stat.h>
#include <sys/utsname.h>

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "release.h"
#include "release_drive_int.h"
#include "release_drive_opts.h"
#include "wb_image.h"
#include "wb_util.h"

static int
is_file(const char *dir, const char *name, int wantdir)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (stat(path, &st) == -1)
		return (0);
	return (wantdir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode));
}

/*
 * On the host the probe is the one beside worldbench (build tree or
 * installed tree: bin/../libexec/worldbench), else WB_PROBE_PATH.
 */
static const char *
host_probe(char *buf, size_t len)
{
	struct wb_err e;

	if (wb_exe_path("libexec/worldbench/malloc-probe", buf, len,
	    &e) == -1 || access(buf, X_OK) == -1)
		return (WB_PROBE_PATH);
	return (buf);
}

int
wb_release_drive_world(const struct wb_release_drive *d,
    struct wb_release *r, const char *root, int host, struct wb_err *e)
{
	char buf[PATH_MAX + 64];

	if (wb_release_world_files(r, root, host, e) == -1)
		return (-1);
	if (d->noprobe)
		return (wb_release_add(r, WB_CHECK_SKIP, "probe",
		    "malloc-probe", e, "not run (--no-probe)"));
	return (wb_release_probe_run(r, root, host,
	    host ? host_probe(buf, sizeof(buf)) : NULL, e));
}

int
wb_release_drive_kernel(struct wb_release *r, struct wb_err *e)
{
	struct utsname u;
	char path[PATH_MAX];

	if (access("/proc/config.gz", R_OK) == 0)
		return (wb_release_kconfig(r, "/proc/config.gz", e));
	if (uname(&u) == -1)
		return (wb_err_setsys(e, "uname"));
	snprintf(path, sizeof(path), "/boot/config-%s", u.release);
	if (access(path, R_OK) == 0)
		return (wb_release_kconfig(r, path, e));
	return (wb_release_add(r, WB_CHECK_FAIL, "kernel", "config", e,
	    "neither /proc/config.gz nor %s: the running kernel's "
	    "configuration cannot be checked", path));
}

static void
refused(void *arg, const char *path, const char *why)
{
	const struct wb_release_drive *d = arg;

	wb_note_printf(d->warn, d->arg, "image entry %s refused: %s", path,
	    why);
}

/*
 * An image archive is checked as it is, unpacked afresh into a private
 * directory of the work directory and removed afterwards: never the cached
 * root that chroot and run use (whatever ran there, it cannot change the
 * verdict).  SIGINT, SIGTERM and SIGHUP wait until the directory is gone.
 */
static int
archive(const struct wb_release_drive *d, struct wb_release *r,
    struct wb_err *e)
{
	char tmp[PATH_MAX], root[PATH_MAX + 8];
	sigset_t block, old;
	int rc;

	if (wb_world_fs_mkdirs(d->workdir, 0755, e) == -1)
		return (-1);
	if ((size_t)snprintf(tmp, sizeof(tmp), "%s/check-release.XXXXXX",
	    d->workdir) >= sizeof(tmp))
		return (wb_err_set(e, "%s: path too long", d->workdir));
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	(void)sigprocmask(SIG_BLOCK, &block, &old);
	if (mkdtemp(tmp) == NULL) {
		(void)sigprocmask(SIG_SETMASK, &old, NULL);
		return (wb_err_setsys(e, "%s", tmp));
	}
	snprintf(root, sizeof(root), "%s/root", tmp);
	rc = wb_image_unpack(d->target, root, refused, (void *)d, e) == -1 ?
	    -1 : wb_release_drive_world(d, r, root, 0, e);
	if (wb_world_fs_rmtree(tmp, d->workdir, rc == -1 ? NULL : e) == -1)
		rc = -1;
	(void)sigprocmask(SIG_SETMASK, &old, NULL);
	return (rc);
}

int
wb_release_drive_target(const struct wb_release_drive *d,
    struct wb_release *r, struct wb_err *e)
{
	const char *t = d->target;
	char path[PATH_MAX];
	struct stat st;

	if (stat(t, &st) == -1)
		return (wb_err_setsys(e, "%s", t));
	if (S_ISDIR(st.st_mode)) {
		if (is_file(t, "config", 0) && !is_file(t, "etc", 1)) {
			snprintf(path, sizeof(path), "%s/config", t);
			return (wb_release_kconfig(r, path, e));
		}
		if (is_file(t, ".config", 0)) {
			snprintf(path, sizeof(path), "%s/.config", t);
			return (wb_release_kconfig(r, path, e));
		}
		if (is_file(t, "etc", 1))
			return (wb_release_drive_world(d, r, t, 0, e));
		return (wb_err_set(e, "%s: neither a kernel image (config) "
		    "nor a world root (etc/)", t));
	}
	/* A file: a .config (maybe gzipped), else an image archive. */
	if (wb_release_kconfig(r, t, e) == 0)
		return (0);
	if (strstr(e->msg, "not a kernel .config") == NULL &&
	    strstr(e->msg, "binary data") == NULL)
		return (-1);
	return (archive(d, r, e));
}
