/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The chroot escape suite (issue 11, findings 2, 3, 5 and 6), root only:
 * from inside "worldbench chroot", a static probe (escape_probe.c) tries
 * the classic chroot(2) escape, mknod, writes to /proc/sys, an inherited
 * descriptor, setuid binaries, and writes to the image's files.  Every
 * attempt must fail confined; every detector is proven first on the same
 * attempt made without the confinement (WORLDBENCH_CHROOT_UNCONFINED,
 * which exists for measurement), where it must succeed, so that no case
 * can pass by being blind.
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "wb_image.h"
#include "wb_sandbox.h"
#include "wb_util.h"
#include "wbtest.h"

static char root[PATH_MAX];

static void
put(const char *rel, const char *text)
{
	char path[PATH_MAX * 2];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	wbt_write_file(path, text);
}

static void
copy_probe(const atf_tc_t *tc, const char *rel, uid_t owner, mode_t mode)
{
	char path[PATH_MAX * 2];
	struct wb_err e;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	ATF_REQUIRE_MSG(wb_world_fs_copy_file(wbt_buildpath(tc,
	    "tests/safety/escape_probe"), path, 0755, &e) == 0, "%s", e.msg);
	ATF_REQUIRE(chown(path, owner, owner) == 0);
	ATF_REQUIRE(chmod(path, mode) == 0);
}

/* A debug-looking image root holding the probe and nothing else. */
static void
make_root(const atf_tc_t *tc, const char *name, int suid)
{
	static const char *const dirs[] = { "bin", "tmp", "etc",
	    "etc/worldbench", NULL };
	char cwd[PATH_MAX - 64], path[PATH_MAX * 2];
	size_t i;

	ATF_REQUIRE(getcwd(cwd, sizeof(cwd)) != NULL);
	snprintf(root, sizeof(root), "%s/%s", cwd, name);
	ATF_REQUIRE(mkdir(root, 0755) == 0);
	for (i = 0; dirs[i] != NULL; i++) {
		snprintf(path, sizeof(path), "%s/%s", root, dirs[i]);
		ATF_REQUIRE(mkdir(path, 0755) == 0);
	}
	snprintf(path, sizeof(path), "%s/tmp", root);
	ATF_REQUIRE(chmod(path, 01777) == 0);
	copy_probe(tc, "bin/probe", 0, 0755);
	if (suid) {
		copy_probe(tc, "bin/suid-root", 0, 04755);
		copy_probe(tc, "bin/suid-nobody", 65534, 04755);
	}
	put("etc/ld.so.preload",
	    "/usr/lib/x86_64-linux-gnu/libc_malloc_debug.so.0\n");
	put("etc/worldbench/environment",
	    "GLIBC_TUNABLES=glibc.malloc.check=3\n");
}

/*
 * worldbench chroot [-w workdir] image -- /bin/probe args...; unconf
 * names the root to enter without the confinement (NULL: confined).
 */
static void
probe(const atf_tc_t *tc, struct wbt_out *o, const char *unconf,
    const char *workdir, const char *image, const char *a1, const char *a2,
    const char *a3)
{
	char *argv[16];
	int n = 0;

	argv[n++] = wbt_buildpath(tc, "bin/worldbench");
	argv[n++] = "chroot";
	argv[n++] = "-t";
	argv[n++] = "60";
	if (workdir != NULL) {
		argv[n++] = "-w";
		argv[n++] = (char *)workdir;
	}
	argv[n++] = (char *)image;
	argv[n++] = "--";
	argv[n++] = "/bin/probe";
	argv[n++] = (char *)a1;
	if (a2 != NULL)
		argv[n++] = (char *)a2;
	if (a3 != NULL)
		argv[n++] = (char *)a3;
	argv[n] = NULL;
	if (unconf != NULL)
		ATF_REQUIRE(setenv(WB_CHROOT_UNCONFINED_ENV, unconf, 1) == 0);
	else
		ATF_REQUIRE(unsetenv(WB_CHROOT_UNCONFINED_ENV) == 0);
	wbt_run(o, argv);
	ATF_REQUIRE(unsetenv(WB_CHROOT_UNCONFINED_ENV) == 0);
	printf("%s %s %s: %d %s%s", unconf != NULL ? "unconfined" : "confined",
	    a1, a2 != NULL ? a2 : "", o->status, o->out, o->err);
}

/* The attempt worked (positive control) / was refused (the point). */
#define WORKED(o)	ATF_CHECK_MSG((o).status == 0, "status %d: %s%s", \
	(o).status, (o).out, (o).err)
#define REFUSED(o)	ATF_CHECK_MSG((o).status == 1 && \
	strncmp((o).out, "refused", 7) == 0, "status %d: %s%s", (o).status, \
	(o).out, (o).err)

ATF_TC(chroot__escape_chroot2);
ATF_TC_HEAD(chroot__escape_chroot2, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(chroot__escape_chroot2, tc)
{
	struct wbt_out o;
	char *host, *text;

	make_root(tc, "root", 0);
	host = wbt_abspath("host-file");
	wbt_write_file(host, "host\n");
	probe(tc, &o, root, NULL, root, "chroot-escape", host, NULL);
	WORKED(o);
	text = wbt_read_file(host, NULL);
	ATF_REQUIRE_STREQ_MSG("escaped\n", text, "the positive control did "
	    "not reach the host file");
	free(text);
	wbt_out_fini(&o);

	wbt_write_file(host, "host\n");
	probe(tc, &o, NULL, NULL, root, "chroot-escape", host, NULL);
	REFUSED(o);
	ATF_CHECK_MSG(strstr(o.out, "chroot x") != NULL, "%s", o.out);
	text = wbt_read_file(host, NULL);
	ATF_CHECK_STREQ("host\n", text);
	free(text);
	wbt_out_fini(&o);
	free(host);
}

ATF_TC(chroot__mknod);
ATF_TC_HEAD(chroot__mknod, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(chroot__mknod, tc)
{
	struct wbt_out o;

	make_root(tc, "root", 0);
	probe(tc, &o, root, NULL, root, "mknod", "/dev/wbnull", NULL);
	WORKED(o);
	wbt_out_fini(&o);
	probe(tc, &o, NULL, NULL, root, "mknod", "/dev/wbnull", NULL);
	REFUSED(o);
	wbt_out_fini(&o);
	probe(tc, &o, NULL, NULL, root, "mknod", "/tmp/wbnull", NULL);
	REFUSED(o);
	wbt_out_fini(&o);
	/* Nothing at all can be created in /dev. */
	probe(tc, &o, NULL, NULL, root, "write", "/dev/wbfile", "x");
	REFUSED(o);
	wbt_out_fini(&o);
	/* Twin: the bound host nodes still work. */
	probe(tc, &o, NULL, NULL, root, "write", "/dev/null", "x");
	WORKED(o);
	wbt_out_fini(&o);
}

ATF_TC(chroot__proc_sys);
ATF_TC_HEAD(chroot__proc_sys, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(chroot__proc_sys, tc)
{
	static const char dn[] = "/proc/sys/kernel/domainname";
	static const char cp[] = "/proc/sys/kernel/core_pattern";
	char *before, *bcore, *after;
	struct wbt_out o;

	make_root(tc, "root", 0);
	before = wbt_read_file(dn, NULL);
	bcore = wbt_read_file(cp, NULL);
	/*
	 * Positive control without touching the host: writing the host's
	 * own value back works unconfined.
	 */
	probe(tc, &o, root, NULL, root, "write", dn, before);
	WORKED(o);
	wbt_out_fini(&o);
	probe(tc, &o, NULL, NULL, root, "write", dn, "wb-escape");
	REFUSED(o);
	wbt_out_fini(&o);
	/* Its own value: even a broken confinement must not set a pipe. */
	probe(tc, &o, NULL, NULL, root, "write", cp, bcore);
	REFUSED(o);
	wbt_out_fini(&o);
	after = wbt_read_file(dn, NULL);
	ATF_CHECK_STREQ(before, after);
	if (strcmp(before, after) != 0)
		wbt_write_file(dn, before);
	free(after);
	after = wbt_read_file(cp, NULL);
	ATF_CHECK_STREQ(bcore, after);
	free(after);
	free(before);
	free(bcore);
}

/*
 * /proc/sysrq-trigger: opening it for writing (and writing nothing)
 * works unconfined, so the refusal inside must be the read-only bind
 * (EROFS), not a kernel without the file.
 */
ATF_TC(chroot__sysrq_trigger);
ATF_TC_HEAD(chroot__sysrq_trigger, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(chroot__sysrq_trigger, tc)
{
	static const char st[] = "/proc/sysrq-trigger";
	struct wbt_out o;

	if (access(st, F_OK) == -1 && errno == ENOENT)
		atf_tc_skip("%s: no such file on this kernel "
		    "(CONFIG_MAGIC_SYSRQ off): nothing to refuse", st);
	make_root(tc, "root", 0);
	probe(tc, &o, root, NULL, root, "open-w", st, NULL);
	WORKED(o);
	wbt_out_fini(&o);
	probe(tc, &o, NULL, NULL, root, "open-w", st, NULL);
	REFUSED(o);
	ATF_CHECK_MSG(strstr(o.out, "Read-only file system") != NULL, "%s",
	    o.out);
	wbt_out_fini(&o);
}

ATF_TC(chroot__fd_leak);
ATF_TC_HEAD(chroot__fd_leak, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(chroot__fd_leak, tc)
{
	struct wbt_out o;
	int fd;

	make_root(tc, "root", 0);
	/* exec 9</etc: inherited by worldbench, and by its children. */
	ATF_REQUIRE((fd = open("/etc", O_RDONLY | O_DIRECTORY)) != -1);
	ATF_REQUIRE(dup2(fd, 9) == 9);
	close(fd);
	probe(tc, &o, root, NULL, root, "fd", "9", NULL);
	WORKED(o);
	wbt_out_fini(&o);
	probe(tc, &o, NULL, NULL, root, "fd", "9", NULL);
	REFUSED(o);
	wbt_out_fini(&o);
	close(9);
}

ATF_TC(chroot__setuid);
ATF_TC_HEAD(chroot__setuid, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(chroot__setuid, tc)
{
	struct wbt_out o;

	make_root(tc, "root", 1);
	/* Unconfined, nobody running a setuid-root program is root again. */
	probe(tc, &o, root, NULL, root, "setuid", "/bin/suid-root", NULL);
	ATF_CHECK_MSG(o.status == 0 && strstr(o.out, "uid=65534 euid=0 ") !=
	    NULL, "positive control: %s%s", o.out, o.err);
	wbt_out_fini(&o);
	/*
	 * Confined, nothing can even become nobody (no CAP_SETUID), and the
	 * setuid-root program gives no capability.
	 */
	probe(tc, &o, NULL, NULL, root, "setuid", "/bin/suid-root", NULL);
	ATF_CHECK_MSG(strstr(o.out, "setuid 65534 refused") != NULL &&
	    strstr(o.out, "capeff=0000000000000000") != NULL, "%s%s", o.out,
	    o.err);
	wbt_out_fini(&o);
	/* The setuid bit itself is ignored (nosuid, no_new_privs). */
	probe(tc, &o, root, NULL, root, "setuid", "/bin/suid-nobody", NULL);
	ATF_CHECK_MSG(strstr(o.out, "euid=65534") != NULL, "positive "
	    "control: %s%s", o.out, o.err);
	wbt_out_fini(&o);
	{
		char *argv[] = { wbt_buildpath(tc, "bin/worldbench"),
		    "chroot", root, "--", "/bin/suid-nobody", "ids", NULL };

		wbt_run(&o, argv);
		ATF_CHECK_MSG(o.status == 0 && strstr(o.out, "uid=0 euid=0 ") !=
		    NULL, "%s%s", o.out, o.err);
		wbt_out_fini(&o);
	}
}

/* As nobody on the host: can path be reached (0) or not (-1)? */
static int
nobody_reaches(const char *path)
{
	pid_t pid;
	int st;

	if ((pid = fork()) == 0) {
		if (setgroups(0, NULL) == -1 || setgid(65534) == -1 ||
		    setuid(65534) == -1)
			_exit(2);
		_exit(access(path, R_OK) == 0 ? 0 : 1);
	}
	ATF_REQUIRE(pid > 0);
	ATF_REQUIRE(waitpid(pid, &st, 0) == pid);
	ATF_REQUIRE_MSG(WIFEXITED(st) && WEXITSTATUS(st) != 2, "setuid");
	return (WEXITSTATUS(st) == 0 ? 0 : -1);
}

/* The only entry of workdir/roots, the unpacked root of one archive. */
static void
cached_root(const char *workdir, char *buf, size_t len)
{
	char path[PATH_MAX];
	struct dirent *de;
	DIR *d;

	snprintf(path, sizeof(path), "%s/roots", workdir);
	ATF_REQUIRE((d = opendir(path)) != NULL);
	buf[0] = '\0';
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.')
			snprintf(buf, len, "%s/%s", path, de->d_name);
	closedir(d);
	ATF_REQUIRE_MSG(buf[0] != '\0', "nothing in %s", path);
}

ATF_TC(chroot__roots_private);
ATF_TC_HEAD(chroot__roots_private, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(chroot__roots_private, tc)
{
	char cached[PATH_MAX * 2], roots[PATH_MAX], probe_path[PATH_MAX * 3];
	char *argv[] = { wbt_buildpath(tc, "bin/worldbench"), "image", "pack",
	    NULL, "image.tar", NULL };
	struct wbt_out o;
	struct stat st;
	char *w;

	make_root(tc, "root", 0);
	argv[3] = root;
	wbt_run(&o, argv);
	ATF_REQUIRE_EQ_MSG(o.status, 0, "%s", o.err);
	wbt_out_fini(&o);
	/* The host's other users must pass through the work directory. */
	ATF_REQUIRE(chmod(".", 0755) == 0);
	w = wbt_abspath("w");
	probe(tc, &o, NULL, w, "image.tar", "fd", "1", NULL);
	WORKED(o);
	wbt_out_fini(&o);
	cached_root(w, cached, sizeof(cached));
	snprintf(roots, sizeof(roots), "%s/roots", w);
	snprintf(probe_path, sizeof(probe_path), "%s/bin/probe", cached);
	ATF_REQUIRE(stat(roots, &st) == 0);
	ATF_CHECK_EQ_MSG(st.st_mode & 07777, 0700, "roots/ mode %o",
	    (unsigned)(st.st_mode & 07777));
	ATF_CHECK_MSG(nobody_reaches(probe_path) == -1, "nobody reaches %s",
	    probe_path);
	/* Positive control: the detector sees an open roots/. */
	ATF_REQUIRE(chmod(roots, 0755) == 0);
	ATF_CHECK_MSG(nobody_reaches(probe_path) == 0, "detector blind");
	/* And a later use closes it again. */
	probe(tc, &o, NULL, w, "image.tar", "fd", "1", NULL);
	wbt_out_fini(&o);
	ATF_REQUIRE(stat(roots, &st) == 0);
	ATF_CHECK_EQ(st.st_mode & 07777, 0700);
	free(w);
}

ATF_TC(chroot__root_read_only);
ATF_TC_HEAD(chroot__root_read_only, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(chroot__root_read_only, tc)
{
	char path[PATH_MAX * 2], *text;
	struct wbt_out o;

	make_root(tc, "root", 0);
	probe(tc, &o, root, NULL, root, "write", "/etc/new", "x");
	WORKED(o);
	wbt_out_fini(&o);
	snprintf(path, sizeof(path), "%s/etc/new", root);
	ATF_REQUIRE_MSG(access(path, F_OK) == 0, "positive control: no %s",
	    path);
	ATF_REQUIRE(unlink(path) == 0);

	probe(tc, &o, NULL, NULL, root, "unlink", "/etc/ld.so.preload", NULL);
	REFUSED(o);
	wbt_out_fini(&o);
	probe(tc, &o, NULL, NULL, root, "write", "/etc/worldbench/environment",
	    "\n");
	REFUSED(o);
	wbt_out_fini(&o);
	probe(tc, &o, NULL, NULL, root, "write", "/etc/new", "x");
	REFUSED(o);
	wbt_out_fini(&o);
	probe(tc, &o, NULL, NULL, root, "write", "/bin/probe", "x");
	REFUSED(o);
	wbt_out_fini(&o);
	ATF_CHECK(access(path, F_OK) == -1);
	snprintf(path, sizeof(path), "%s/etc/worldbench/environment", root);
	text = wbt_read_file(path, NULL);
	ATF_CHECK_STREQ("GLIBC_TUNABLES=glibc.malloc.check=3\n", text);
	free(text);
	/* What the command writes in its /tmp is gone with it. */
	probe(tc, &o, NULL, NULL, root, "write", "/tmp/left", "x");
	WORKED(o);
	wbt_out_fini(&o);
	snprintf(path, sizeof(path), "%s/tmp/left", root);
	ATF_CHECK(access(path, F_OK) == -1);
}

static int
check_release(const atf_tc_t *tc, const char *w, char **out)
{
	char *argv[] = { wbt_buildpath(tc, "bin/worldbench"), "check-release",
	    "--no-probe", "-w", (char *)w, "image.tar", NULL };
	struct wbt_out o;
	int st;

	wbt_run(&o, argv);
	printf("check-release: %d %s%s", o.status, o.out, o.err);
	*out = strdup(o.out);
	st = o.status;
	wbt_out_fini(&o);
	return (st);
}

ATF_TC(check_release__archive_not_cache);
ATF_TC_HEAD(check_release__archive_not_cache, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(check_release__archive_not_cache, tc)
{
	char cached[PATH_MAX * 2], path[PATH_MAX * 3], *out;
	char *argv[] = { wbt_buildpath(tc, "bin/worldbench"), "image", "pack",
	    NULL, "image.tar", NULL };
	struct wbt_out o;
	char *w;

	make_root(tc, "root", 0);
	argv[3] = root;
	wbt_run(&o, argv);
	ATF_REQUIRE_EQ_MSG(o.status, 0, "%s", o.err);
	wbt_out_fini(&o);
	w = wbt_abspath("w");
	ATF_REQUIRE_EQ(check_release(tc, w, &out), 1);
	ATF_CHECK_MSG(strstr(out, "2 failed") != NULL, "%s", out);
	free(out);
	/* Confined, the debug knobs cannot be removed from the cache. */
	probe(tc, &o, NULL, w, "image.tar", "unlink", "/etc/ld.so.preload",
	    NULL);
	REFUSED(o);
	wbt_out_fini(&o);
	/* Unconfined (the control), they can: */
	cached_root(w, cached, sizeof(cached));
	probe(tc, &o, cached, w, "image.tar", "unlink", "/etc/ld.so.preload",
	    NULL);
	WORKED(o);
	wbt_out_fini(&o);
	probe(tc, &o, cached, w, "image.tar", "write",
	    "/etc/worldbench/environment", "\n");
	WORKED(o);
	wbt_out_fini(&o);
	snprintf(path, sizeof(path), "%s/etc/ld.so.preload", cached);
	ATF_REQUIRE(access(path, F_OK) == -1);
	/* ...and check-release still judges the archive, not the cache. */
	ATF_CHECK_EQ(check_release(tc, w, &out), 1);
	ATF_CHECK_MSG(strstr(out, "FAIL world.ld.so.preload") != NULL &&
	    strstr(out, "FAIL world.GLIBC_TUNABLES") != NULL &&
	    strstr(out, "2 failed") != NULL, "%s", out);
	free(out);
	free(w);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, chroot__escape_chroot2);
	ATF_TP_ADD_TC(tp, chroot__mknod);
	ATF_TP_ADD_TC(tp, chroot__proc_sys);
	ATF_TP_ADD_TC(tp, chroot__sysrq_trigger);
	ATF_TP_ADD_TC(tp, chroot__fd_leak);
	ATF_TP_ADD_TC(tp, chroot__setuid);
	ATF_TP_ADD_TC(tp, chroot__roots_private);
	ATF_TP_ADD_TC(tp, chroot__root_read_only);
	ATF_TP_ADD_TC(tp, check_release__archive_not_cache);
	return (atf_no_error());
}
