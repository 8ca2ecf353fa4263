/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The chroot runner (root only): commands run inside an image root with
 * /proc, /dev, /dev/pts and /sys; the image's environment; mounts that
 * never reach the host and die with the runner, however it dies; the
 * whole process group killed on timeout.
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <atf-c.h>

#include "chroot.h"
#include "runner.h"
#include "wb_image.h"
#include "wb_util.h"
#include "wbtest.h"

static char root[PATH_MAX];

/* A minimal root from the host: sh, sleep, cat and their libraries. */
static void
make_root(void)
{
	static const char *const progs[] = { "sh", "sleep", "cat", NULL };
	static const char *const links[] = { "bin", "sbin", "lib", "lib64",
	    NULL };
	char cwd[PATH_MAX - 16], path[PATH_MAX * 2], tgt[PATH_MAX];
	struct wb_world_closure c;
	struct wb_err e;
	struct stat st;
	ssize_t n;
	size_t i;

	ATF_REQUIRE(getcwd(cwd, sizeof(cwd)) != NULL);
	snprintf(root, sizeof(root), "%s/root", cwd);
	ATF_REQUIRE(mkdir(root, 0755) == 0);
	for (i = 0; links[i] != NULL; i++) {
		snprintf(path, sizeof(path), "/%s", links[i]);
		if (lstat(path, &st) == -1 || !S_ISLNK(st.st_mode))
			continue;
		ATF_REQUIRE((n = readlink(path, tgt, sizeof(tgt) - 1)) > 0);
		tgt[n] = '\0';
		snprintf(path, sizeof(path), "%s/%s", root, links[i]);
		ATF_REQUIRE(symlink(tgt, path) == 0);
	}
	wb_world_closure_init(&c);
	for (i = 0; progs[i] != NULL; i++)
		ATF_REQUIRE_MSG(wb_world_closure_add_program(&c, progs[i],
		    &e) == 0,
		    "%s", e.msg);
	ATF_REQUIRE_MSG(wb_world_closure_copy(&c, root, &e) == 0, "%s", e.msg);
	wb_world_closure_fini(&c);
	snprintf(path, sizeof(path), "%s/tmp", root);
	ATF_REQUIRE(mkdir(path, 01777) == 0);
	snprintf(path, sizeof(path), "%s/etc", root);
	ATF_REQUIRE(mkdir(path, 0755) == 0);
	snprintf(path, sizeof(path), "%s/etc/worldbench", root);
	ATF_REQUIRE(mkdir(path, 0755) == 0);
}

static void
write_env(const char *text)
{
	char path[PATH_MAX * 2];

	snprintf(path, sizeof(path), "%s/etc/worldbench/environment", root);
	wbt_write_file(path, text);
}

/* Does the host's mount table mention the root? */
static int
host_mounts(void)
{
	char *mi;
	int found;

	mi = wbt_read_file("/proc/self/mountinfo", NULL);
	found = strstr(mi, root) != NULL;
	free(mi);
	return (found);
}

ATF_TC(chroot__runs_command);
ATF_TC_HEAD(chroot__runs_command, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(chroot__runs_command, tc)
{
	struct wbt_out o;
	char *argv[] = { wbt_buildpath(tc, "bin/worldbench"), "chroot",
	    "-t", "30", root, "--", "/bin/sh", "-c",
	    "echo \"$FOO|$PATH|$LC_ALL\"; test -r /proc/self/mountinfo && "
	    "echo proc; test -c /dev/null && echo null; test -d /dev/pts && "
	    "echo pts; test -d /sys/kernel && echo sys; "
	    "echo x > /sys/kernel/uevent_helper 2>/dev/null || echo sys-ro; "
	    "test -e /root || echo chrooted; exit 3", NULL };

	make_root();
	write_env("# image environment\nFOO=bar baz\n");
	wbt_run(&o, argv);
	ATF_CHECK_EQ_MSG(o.status, 3, "status %d: %s", o.status, o.err);
	ATF_CHECK_STREQ("bar baz|/usr/bin:/bin:/usr/sbin:/sbin|C\nproc\nnull\n"
	    "pts\nsys\nsys-ro\nchrooted\n", o.out);
	ATF_CHECK(!host_mounts());
	wbt_out_fini(&o);
}

ATF_TC(chroot__bad_environment);
ATF_TC_HEAD(chroot__bad_environment, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(chroot__bad_environment, tc)
{
	struct wb_runner *r;
	struct wb_err e;
	char want[PATH_MAX * 2];

	make_root();
	write_env("FOO=1\nPATH=/evil\n");
	ATF_CHECK((r = wb_runner_chroot_new(root, &e)) == NULL);
	snprintf(want, sizeof(want), "%s/etc/worldbench/environment:2: PATH "
	    "is set by the runner, not the image", root);
	ATF_CHECK_STREQ(want, e.msg);
	write_env("FOO=1\nnot a line\n");
	ATF_CHECK(wb_runner_chroot_new(root, &e) == NULL);
	ATF_CHECK_MSG(strstr(e.msg, "environment:2: expected KEY=value") !=
	    NULL, "%s", e.msg);
	/* Twin: a good one is read. */
	write_env("FOO=1\n");
	ATF_REQUIRE_MSG((r = wb_runner_chroot_new(root, &e)) != NULL, "%s",
	    e.msg);
	ATF_CHECK_STREQ("FOO=1", r->env[0]);
	ATF_CHECK(r->env[1] == NULL);
	wb_runner_free(r);
	ATF_CHECK(wb_runner_chroot_new("no-such-root", &e) == NULL);
	ATF_CHECK(wb_runner_chroot_new("/", &e) == NULL);
}

ATF_TC(chroot__symlinked_mountpoint);
ATF_TC_HEAD(chroot__symlinked_mountpoint, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(chroot__symlinked_mountpoint, tc)
{
	struct wbt_out o;
	char path[PATH_MAX * 2];
	char *argv[] = { wbt_buildpath(tc, "bin/worldbench"), "chroot",
	    root, "--", "/bin/sh", "-c", "echo ran", NULL };

	make_root();
	/* An image whose /proc points at a host directory. */
	snprintf(path, sizeof(path), "%s/proc", root);
	ATF_REQUIRE(symlink("/tmp", path) == 0);
	wbt_run(&o, argv);
	ATF_CHECK_EQ(o.status, 126);
	ATF_CHECK_STREQ("", o.out);
	ATF_CHECK_MSG(strstr(o.err, "symlinks refused") != NULL, "%s", o.err);
	ATF_CHECK(!host_mounts());
	wbt_out_fini(&o);
}

static int
alive(pid_t pid)
{
	char path[64], *st;
	int r;

	snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
	if (access(path, F_OK) == -1)
		return (0);
	st = wbt_read_file(path, NULL);
	/* "pid (comm) Z ..." is a zombie: gone for our purposes. */
	r = strstr(st, ") Z ") == NULL;
	free(st);
	return (r);
}

/*
 * The host pid of a live process whose root directory is the image root
 * (and whose name is comm, unless NULL), or 0.  The command runs in its
 * own PID namespace: the pids it could write down are not the host's.
 */
static pid_t
inside_pid(const char *comm)
{
	char path[64], *name;
	struct stat rst, pst;
	struct dirent *de;
	pid_t pid, found = 0;
	DIR *d;

	/*
	 * The same directory, not the same path: the rootless runner binds
	 * the root elsewhere in its namespace before it chroots.
	 */
	ATF_REQUIRE(stat(root, &rst) == 0);
	ATF_REQUIRE((d = opendir("/proc")) != NULL);
	while (found == 0 && (de = readdir(d)) != NULL) {
		if ((pid = (pid_t)atol(de->d_name)) <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%ld/root", (long)pid);
		if (stat(path, &pst) == -1 || pst.st_dev != rst.st_dev ||
		    pst.st_ino != rst.st_ino || !alive(pid))
			continue;
		if (comm != NULL) {
			snprintf(path, sizeof(path), "/proc/%ld/comm",
			    (long)pid);
			if (access(path, R_OK) == -1)
				continue;
			name = wbt_read_file(path, NULL);
			name[strcspn(name, "\n")] = '\0';
			if (strcmp(name, comm) != 0)
				pid = 0;
			free(name);
		}
		found = pid;
	}
	closedir(d);
	return (found);
}

/*
 * Wait for a file the command writes inside the root: "worldbench chroot"
 * gives it a private /tmp, seen from the host only through the
 * /proc/PID/root of a process inside.
 */
static void
wait_file(const char *rel, int tries)
{
	char path[PATH_MAX * 2];
	pid_t pid;

	for (; tries > 0; tries--) {
		if ((pid = inside_pid(NULL)) != 0) {
			snprintf(path, sizeof(path), "/proc/%ld/root/%s",
			    (long)pid, rel);
			if (access(path, R_OK) == 0)
				return;
		}
		usleep(100000);
	}
	atf_tc_fail("%s never appeared in the root", rel);
}

/* No process left in the root within 10 s. */
static int
none_inside(void)
{
	int k;

	for (k = 0; k < 100 && inside_pid(NULL) != 0; k++)
		usleep(100000);
	return (inside_pid(NULL) == 0);
}

ATF_TC(chroot__mounts_die_with_runner);
ATF_TC_HEAD(chroot__mounts_die_with_runner, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
	atf_tc_set_md_var(tc, "timeout", "300");
}
ATF_TC_BODY(chroot__mounts_die_with_runner, tc)
{
	static const int sigs[] = { SIGKILL, SIGTERM, SIGINT };
	char *wb, mi[64], *text;
	pid_t runner, child;
	int i, k, status;

	make_root();
	wb = wbt_buildpath(tc, "bin/worldbench");
	for (i = 0; i < 9; i++) {
		if ((runner = fork()) == 0) {
			execl(wb, wb, "chroot", "-t", "120", root, "--",
			    "/bin/sh", "-c", "echo up > /tmp/up; exec sleep 120",
			    (char *)NULL);
			_exit(127);
		}
		ATF_REQUIRE(runner > 0);
		wait_file("tmp/up", 100);
		for (k = 0; k < 50 && (child = inside_pid("sleep")) == 0; k++)
			usleep(100000);
		ATF_REQUIRE_MSG(child != 0, "run %d: no sleep in the root", i);
		/*
		 * The mounts exist, in the child's namespace only (its
		 * mountinfo shows them relative to its root).
		 */
		snprintf(mi, sizeof(mi), "/proc/%ld/mountinfo", (long)child);
		text = wbt_read_file(mi, NULL);
		ATF_CHECK_MSG(strstr(text, " /dev/pts ") != NULL &&
		    strstr(text, " /proc ") != NULL, "no mounts in the "
		    "namespace on run %d: %s", i, text);
		free(text);
		ATF_CHECK(!host_mounts());
		ATF_REQUIRE(kill(runner, sigs[i % 3]) == 0);
		ATF_REQUIRE(waitpid(runner, &status, 0) == runner);
		ATF_CHECK_MSG(none_inside(), "run %d (signal %d): a process "
		    "survived the runner in the root", i, sigs[i % 3]);
		ATF_CHECK(!host_mounts());
	}
	printf("9 runs interrupted (SIGKILL, SIGTERM, SIGINT): no mount left\n");
}

ATF_TC(chroot__timeout_kills_group);
ATF_TC_HEAD(chroot__timeout_kills_group, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
	atf_tc_set_md_var(tc, "timeout", "120");
}
ATF_TC_BODY(chroot__timeout_kills_group, tc)
{
	struct wbt_out o;
	char *argv[] = { wbt_buildpath(tc, "bin/worldbench"), "chroot",
	    "-t", "1", root, "--", "/bin/sh", "-c",
	    "sleep 100 & echo bg=$!; sleep 100", NULL };

	make_root();
	wbt_run(&o, argv);
	ATF_CHECK_EQ_MSG(o.status, 124, "status %d: %s", o.status, o.err);
	ATF_CHECK_MSG(strstr(o.err, "timed out") != NULL, "%s", o.err);
	/* The output of a killed command is still shown. */
	ATF_CHECK_MSG(strstr(o.out, "bg=") != NULL, "%s", o.out);
	ATF_CHECK_MSG(none_inside(), "the background process survived");
	ATF_CHECK(!host_mounts());
	wbt_out_fini(&o);
}

/* Run sh -c script through runner r; returns the exit status. */
static int
runner_sh(struct wb_runner *r, const char *script, char **out)
{
	struct wb_spawn_result res;
	char *argv[] = { "/bin/sh", "-c", (char *)script, NULL };
	struct wb_spawn sp;
	struct wb_err e;
	int st;

	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.cwd = "/tmp";
	sp.timeout = 60;
	sp.child_setup = r->child_setup;
	sp.setup_arg = r->setup_arg;
	ATF_REQUIRE_MSG(wb_spawn_run(&sp, 1, &res, &e) == 0, "%s", e.msg);
	st = res.status;
	*out = strdup(res.out);
	printf("%s: %d %s%s", script, st, res.out, res.err);
	wb_spawn_result_fini(&res);
	return (st);
}

/*
 * The runner the harness uses: the root is read-only, the image's own
 * /tmp writable and shared with the host (the harness makes its scratch
 * directories there); a runner made unconfined (measurement only) is the
 * control that writes to the root do reach it.
 */
ATF_TC(chroot__runner_read_only);
ATF_TC_HEAD(chroot__runner_read_only, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(chroot__runner_read_only, tc)
{
	static const char script[] = "echo x > /etc/new; echo etc=$?; "
	    "echo y > /tmp/new; echo tmp=$?";
	char path[PATH_MAX * 2], *out;
	struct wb_runner *r;
	struct wb_err e;
	json_t *prov;

	make_root();
	ATF_REQUIRE(setenv(WB_CHROOT_UNCONFINED_ENV, root, 1) == 0);
	ATF_REQUIRE_MSG((r = wb_runner_chroot_new(root, &e)) != NULL, "%s",
	    e.msg);
	ATF_REQUIRE(unsetenv(WB_CHROOT_UNCONFINED_ENV) == 0);
	/* The provenance says it was unconfined, without seccomp. */
	ATF_CHECK_EQ(WB_RUNNER_CHROOT, r->kind);
	ATF_REQUIRE((prov = wb_runner_provenance(r)) != NULL);
	ATF_CHECK_STREQ("chroot", json_string_value(json_object_get(prov,
	    "runner")));
	ATF_CHECK(json_is_false(json_object_get(json_object_get(prov,
	    "confinement"), "confined")));
	ATF_CHECK(json_is_false(json_object_get(json_object_get(prov,
	    "confinement"), "seccomp")));
	ATF_CHECK(json_is_null(json_object_get(prov, "bounds")));
	json_decref(prov);
	ATF_CHECK_EQ(runner_sh(r, script, &out), 0);
	ATF_CHECK_STREQ("etc=0\ntmp=0\n", out);
	free(out);
	wb_runner_free(r);
	snprintf(path, sizeof(path), "%s/etc/new", root);
	ATF_REQUIRE_MSG(unlink(path) == 0, "control: no %s", path);
	snprintf(path, sizeof(path), "%s/tmp/new", root);
	ATF_REQUIRE(unlink(path) == 0);

	ATF_REQUIRE_MSG((r = wb_runner_chroot_new(root, &e)) != NULL, "%s",
	    e.msg);
	ATF_CHECK_EQ(WB_RUNNER_CHROOT, r->kind);
	ATF_REQUIRE((prov = wb_runner_provenance(r)) != NULL);
	ATF_CHECK(json_is_true(json_object_get(json_object_get(prov,
	    "confinement"), "seccomp")));
	ATF_CHECK(json_is_integer(json_object_get(json_object_get(prov,
	    "bounds"), "procs")));
	json_decref(prov);
	ATF_CHECK_EQ(runner_sh(r, script, &out), 0);
	ATF_CHECK_MSG(strncmp(out, "etc=", 4) == 0 &&
	    strncmp(out, "etc=0", 5) != 0 && strstr(out, "\ntmp=0\n") != NULL,
	    "%s", out);
	free(out);
	wb_runner_free(r);
	snprintf(path, sizeof(path), "%s/etc/new", root);
	ATF_CHECK(access(path, F_OK) == -1);
	snprintf(path, sizeof(path), "%s/tmp/new", root);
	/* The private /tmp (issue 17): nothing written there outlives it. */
	ATF_CHECK_MSG(access(path, F_OK) == -1, "a write to /tmp outlived "
	    "the command");
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, chroot__runs_command);
	ATF_TP_ADD_TC(tp, chroot__bad_environment);
	ATF_TP_ADD_TC(tp, chroot__symlinked_mountpoint);
	ATF_TP_ADD_TC(tp, chroot__mounts_die_with_runner);
	ATF_TP_ADD_TC(tp, chroot__timeout_kills_group);
	ATF_TP_ADD_TC(tp, chroot__runner_read_only);
	return (atf_no_error());
}
