/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The findings of issue 17 (root only): from inside "worldbench chroot",
 * a static probe (confine_probe.c) pushes input into the caller's
 * terminal (TIOCSTI on /dev/tty and on fds 0-2, TIOCLINUX), changes the
 * metadata of a host device node, and reaches the host's keyrings.
 * Where a terminal matters the command runs on a real pty (openpty(3))
 * that is its controlling terminal and its fds 0-2, as an operator's
 * shell would give it.  Every attack is first shown to work without the
 * confinement (the probe run directly on the pty, or the chroot runner
 * told to skip the confinement with WORLDBENCH_CHROOT_UNCONFINED), with
 * the same detector, so that no case passes by being blind.
 */
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <linux/keyctl.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pty.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <atf-c.h>

#include "wb_image.h"
#include "wb_sandbox.h"
#include "wb_util.h"
#include "wbtest.h"

static char root[PATH_MAX];

/* An image root holding the probe and nothing else. */
static void
make_root(const atf_tc_t *tc)
{
	char cwd[PATH_MAX - 64], path[PATH_MAX * 2];
	struct wb_err e;

	ATF_REQUIRE(getcwd(cwd, sizeof(cwd)) != NULL);
	snprintf(root, sizeof(root), "%s/root", cwd);
	ATF_REQUIRE(mkdir(root, 0755) == 0);
	snprintf(path, sizeof(path), "%s/bin", root);
	ATF_REQUIRE(mkdir(path, 0755) == 0);
	snprintf(path, sizeof(path), "%s/tmp", root);
	ATF_REQUIRE(mkdir(path, 01777) == 0 && chmod(path, 01777) == 0);
	snprintf(path, sizeof(path), "%s/bin/probe", root);
	ATF_REQUIRE_MSG(wb_world_fs_copy_file(wbt_buildpath(tc,
	    "tests/safety/confine_probe"), path, 0755, &e) == 0, "%s", e.msg);
}

/* What a run on the pty gave. */
struct ptyrun {
	int	status;
	char	out[16384];	/* everything read on the master side */
	int	pending;	/* input bytes left queued on the terminal */
};

/*
 * Run argv with a new pty as its controlling terminal and fds 0-2, as
 * from an interactive shell; keep the slave open here so that what was
 * pushed into its input queue can be counted afterwards.
 */
static void
pty_run(struct ptyrun *r, char *const argv[])
{
	struct pollfd pfd;
	size_t len;
	ssize_t n;
	pid_t pid;
	time_t end;
	int m, s, st, done;

	memset(r, 0, sizeof(*r));
	ATF_REQUIRE(openpty(&m, &s, NULL, NULL, NULL) == 0);
	ATF_REQUIRE((pid = fork()) != -1);
	if (pid == 0) {
		if (setsid() == -1 || ioctl(s, TIOCSCTTY, 0) == -1 ||
		    dup2(s, 0) == -1 || dup2(s, 1) == -1 || dup2(s, 2) == -1)
			_exit(120);
		close(m);
		close(s);
		execv(argv[0], argv);
		_exit(121);
	}
	len = 0;
	done = 0;
	end = time(NULL) + 120;
	pfd.fd = m;
	pfd.events = POLLIN;
	for (;;) {
		if (!done && waitpid(pid, &st, WNOHANG) == pid)
			done = 1;
		if (poll(&pfd, 1, done ? 200 : 100) == 1 &&
		    (n = read(m, r->out + len, sizeof(r->out) - 1 - len)) > 0) {
			len += (size_t)n;
			continue;
		}
		if (done || time(NULL) > end)
			break;
	}
	r->out[len] = '\0';
	ATF_REQUIRE_MSG(done, "%s did not finish on the pty: %s", argv[0],
	    r->out);
	ATF_REQUIRE(ioctl(s, FIONREAD, &r->pending) == 0);
	r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	close(m);
	close(s);
	printf("pty %s: status %d, %d byte(s) pending, output:\n%s\n",
	    argv[0], r->status, r->pending, r->out);
}

/* The probe itself, on the host (no chroot, no confinement). */
static void
pty_direct(const atf_tc_t *tc, struct ptyrun *r, const char *a1,
    const char *a2, const char *a3)
{
	char *argv[] = { wbt_buildpath(tc, "tests/safety/confine_probe"),
	    (char *)a1, (char *)a2, (char *)a3, NULL };

	pty_run(r, argv);
}

/*
 * worldbench chroot [--runner kind] [opts...] root -- /bin/probe args...,
 * on the pty; as an ordinary user (nobody, through setpriv, who has only
 * the rootless runner) when kind is NULL.  opts and args end with NULL.
 */
static void
pty_worldbench(const atf_tc_t *tc, struct ptyrun *r, const char *kind,
    const char *const *opts, const char *const *args)
{
	static const char *const asnobody[] = { "/usr/bin/setpriv",
	    "--reuid=65534", "--regid=65534", "--clear-groups", NULL };
	char *argv[64];
	size_t n, i;

	n = 0;
	for (i = 0; kind == NULL && asnobody[i] != NULL; i++)
		argv[n++] = (char *)asnobody[i];
	argv[n++] = wbt_buildpath(tc, "bin/worldbench");
	argv[n++] = "chroot";
	if (kind != NULL) {
		argv[n++] = "--runner";
		argv[n++] = (char *)kind;
	}
	argv[n++] = "-t";
	argv[n++] = "60";
	for (i = 0; opts != NULL && opts[i] != NULL && n < 40; i++)
		argv[n++] = (char *)opts[i];
	argv[n++] = root;
	argv[n++] = "--";
	argv[n++] = "/bin/probe";
	for (i = 0; args[i] != NULL && n < 63; i++)
		argv[n++] = (char *)args[i];
	argv[n] = NULL;
	ATF_REQUIRE(unsetenv(WB_CHROOT_UNCONFINED_ENV) == 0);
	if (kind == NULL)
		ATF_REQUIRE(chmod(".", 0755) == 0);
	pty_run(r, argv);
}

/* worldbench chroot --runner kind root -- /bin/probe a1 a2 a3, on the pty. */
static void
pty_chroot(const atf_tc_t *tc, struct ptyrun *r, const char *kind,
    const char *a1, const char *a2, const char *a3)
{
	const char *args[] = { a1, a2, a3, NULL };

	pty_worldbench(tc, r, kind, NULL, args);
}

/* The same as an ordinary user. */
static void
pty_chroot_nobody(const atf_tc_t *tc, struct ptyrun *r, const char *a1,
    const char *a2, const char *a3)
{
	const char *args[] = { a1, a2, a3, NULL };

	pty_worldbench(tc, r, NULL, NULL, args);
}

/*
 * worldbench chroot --runner kind without a terminal; unconf: skip the
 * confinement.
 */
static void
chroot_probe(const atf_tc_t *tc, struct wbt_out *o, int unconf,
    const char *kind, const char *a1, const char *a2)
{
	char *argv[] = { wbt_buildpath(tc, "bin/worldbench"), "chroot",
	    "--runner", (char *)kind, "-t", "60", root, "--", "/bin/probe",
	    (char *)a1, (char *)a2, NULL };

	if (unconf)
		ATF_REQUIRE(setenv(WB_CHROOT_UNCONFINED_ENV, root, 1) == 0);
	else
		ATF_REQUIRE(unsetenv(WB_CHROOT_UNCONFINED_ENV) == 0);
	wbt_run(o, argv);
	ATF_REQUIRE(unsetenv(WB_CHROOT_UNCONFINED_ENV) == 0);
	printf("%s %s %s %s: %d %s%s", unconf ? "unconfined" : "confined",
	    kind, a1, a2 != NULL ? a2 : "", o->status, o->out, o->err);
}

#define WORKED(o)	ATF_CHECK_MSG((o).status == 0 && \
	strstr((o).out, "worked: ") != NULL && \
	strstr((o).out, "refused") == NULL, "status %d: %s", (o).status, \
	(o).out)
#define REFUSED(o)	ATF_CHECK_MSG((o).status == 1 && \
	strstr((o).out, "refused: ") != NULL && \
	strstr((o).out, "worked") == NULL, "status %d: %s", (o).status, \
	(o).out)

/*
 * The pushed line, never printed by the probe: seen only as an echo,
 * and counted by FIONREAD (which, in canonical mode, counts whole lines).
 */
#define PUSHED	"zqpushed\n"

/*
 * Both runners that confine: the rootless one (a user namespace) and the
 * root-only one; both load the seccomp filter.
 */
static const char *const kinds[] = { "userns", "chroot" };
#define NKINDS	(sizeof(kinds) / sizeof(kinds[0]))
#define ECHOED	"zqpushed"

ATF_TC(tiocsti__tty);
ATF_TC_HEAD(tiocsti__tty, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(tiocsti__tty, tc)
{
	static const char *const targets[] = { "/dev/tty", "0", "1", "2" };
	struct ptyrun r;
	size_t i, k;

	make_root(tc);
	for (i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
		/* Control: on the operator's terminal, the push works. */
		pty_direct(tc, &r, "tiocsti", targets[i], PUSHED);
		WORKED(r);
		ATF_CHECK_MSG(r.pending == (int)strlen(PUSHED), "control %s: "
		    "%d byte(s) queued", targets[i], r.pending);
		ATF_CHECK_MSG(strstr(r.out, ECHOED) != NULL, "control %s: no "
		    "echo", targets[i]);
		/* Confined, nothing reaches the terminal's input. */
		for (k = 0; k < NKINDS; k++) {
			pty_chroot(tc, &r, kinds[k], "tiocsti", targets[i],
			    PUSHED);
			REFUSED(r);
			ATF_CHECK_EQ_MSG(r.pending, 0, "%s %s: %d byte(s) "
			    "pushed into the caller's terminal", kinds[k],
			    targets[i], r.pending);
			ATF_CHECK_MSG(strstr(r.out, ECHOED) == NULL, "%s %s: "
			    "echoed", kinds[k], targets[i]);
		}
	}
}

ATF_TC(tiocsti__filter);
ATF_TC_HEAD(tiocsti__filter, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(tiocsti__filter, tc)
{
	struct wbt_out o;

	make_root(tc);
	/*
	 * TIOCSTI into a pty the command made its own controlling
	 * terminal is legitimate for the kernel: only the seccomp rule
	 * stops it, also with the request's upper 32 bits set.
	 */
	chroot_probe(tc, &o, 1, "chroot", "tiocsti-own", NULL);
	WORKED(o);
	wbt_out_fini(&o);
	chroot_probe(tc, &o, 0, "chroot", "tiocsti-own", NULL);
	REFUSED(o);
	ATF_CHECK_MSG(strstr(o.out, "(request | 1 << 32): Operation not "
	    "permitted") != NULL, "%s", o.out);
	wbt_out_fini(&o);
}

ATF_TC(tioclinux__filter);
ATF_TC_HEAD(tioclinux__filter, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(tioclinux__filter, tc)
{
	struct ptyrun r;

	make_root(tc);
	/* A pty has no TIOCLINUX: the control is that the driver saw it. */
	pty_direct(tc, &r, "tioclinux", "0", NULL);
	WORKED(r);
	pty_chroot(tc, &r, "chroot", "tioclinux", "1", NULL);
	REFUSED(r);
	ATF_CHECK_MSG(strstr(r.out, "Operation not permitted") != NULL, "%s",
	    r.out);
}

ATF_TC(devnode__metadata);
ATF_TC_HEAD(devnode__metadata, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(devnode__metadata, tc)
{
	static const char *const nodes[] = { "/dev/null", "/dev/zero",
	    "/dev/full", "/dev/random", "/dev/urandom" };
	struct stat before, after;
	struct wbt_out o;
	size_t i, k;

	make_root(tc);
	for (i = 0; i < sizeof(nodes) / sizeof(nodes[0]); i++) {
		ATF_REQUIRE(stat(nodes[i], &before) == 0);
		/* Control: set to what it is, the change is allowed. */
		chroot_probe(tc, &o, 1, "chroot", "chmod", nodes[i]);
		WORKED(o);
		wbt_out_fini(&o);
		for (k = 0; k < NKINDS; k++) {
			chroot_probe(tc, &o, 0, kinds[k], "chmod", nodes[i]);
			REFUSED(o);
			ATF_CHECK_MSG(strstr(o.out, "Read-only file system") !=
			    NULL || strstr(o.out, "Operation not permitted") !=
			    NULL, "%s: %s", kinds[k], o.out);
			wbt_out_fini(&o);
		}
		ATF_REQUIRE(stat(nodes[i], &after) == 0);
		ATF_CHECK_EQ(before.st_mode, after.st_mode);
		ATF_CHECK_EQ(before.st_uid, after.st_uid);
	}
}

/* A secret in the host root's user keyring; its id. */
static long
plant_secret(const char *desc)
{
	long id;

	id = syscall(SYS_add_key, "user", desc, "host-secret", 11,
	    KEY_SPEC_USER_KEYRING);
	ATF_REQUIRE_MSG(id != -1, "add_key: %s", strerror(errno));
	return (id);
}

ATF_TC(keyring__user);
ATF_TC_HEAD(keyring__user, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(keyring__user, tc)
{
	struct wbt_out o;
	char desc[64];
	long id;
	size_t k;

	make_root(tc);
	snprintf(desc, sizeof(desc), "worldbench-test-%ld", (long)getpid());
	id = plant_secret(desc);
	chroot_probe(tc, &o, 1, "chroot", "read-key", desc);
	WORKED(o);
	ATF_CHECK_MSG(strstr(o.out, "host-secret") != NULL, "control: %s",
	    o.out);
	wbt_out_fini(&o);
	for (k = 0; k < NKINDS; k++) {
		chroot_probe(tc, &o, 0, kinds[k], "read-key", desc);
		REFUSED(o);
		ATF_CHECK_MSG(strstr(o.out, "host-secret") == NULL, "%s: %s",
		    kinds[k], o.out);
		wbt_out_fini(&o);
	}
	(void)syscall(SYS_keyctl, KEYCTL_INVALIDATE, id);

	/*
	 * Planting: the control's key lands in the host's keyring.  In
	 * the root-only runner add_key is refused; in a user namespace it
	 * goes to the namespace's own user keyring, which dies with it:
	 * either way the host's keyring never holds it.
	 */
	snprintf(desc, sizeof(desc), "worldbench-plant-%ld", (long)getpid());
	chroot_probe(tc, &o, 1, "chroot", "plant", desc);
	WORKED(o);
	wbt_out_fini(&o);
	id = syscall(SYS_keyctl, KEYCTL_SEARCH, KEY_SPEC_USER_KEYRING, "user",
	    desc, 0);
	ATF_CHECK_MSG(id != -1, "control: the planted key is not in the "
	    "host's keyring");
	if (id != -1)
		(void)syscall(SYS_keyctl, KEYCTL_INVALIDATE, id);
	for (k = 0; k < NKINDS; k++) {
		chroot_probe(tc, &o, 0, kinds[k], "plant", desc);
		if (strcmp(kinds[k], "chroot") == 0)
			REFUSED(o);
		wbt_out_fini(&o);
		id = syscall(SYS_keyctl, KEYCTL_SEARCH, KEY_SPEC_USER_KEYRING,
		    "user", desc, 0);
		ATF_CHECK_MSG(id == -1, "%s: a key planted inside is in the "
		    "host's keyring", kinds[k]);
		if (id != -1)
			(void)syscall(SYS_keyctl, KEYCTL_INVALIDATE, id);
	}
}

ATF_TC(proc__masked);
ATF_TC_HEAD(proc__masked, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(proc__masked, tc)
{
	static const char *const files[] = { "/proc/keys",
	    "/proc/timer_list" };
	struct wbt_out o;
	char desc[64];
	size_t i;
	long id;

	make_root(tc);
	/* A key of uid 0 that /proc/keys would list. */
	snprintf(desc, sizeof(desc), "worldbench-test-%ld", (long)getpid());
	id = plant_secret(desc);
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		if (access(files[i], F_OK) == -1)
			continue;
		chroot_probe(tc, &o, 1, "auto", "read", files[i]);
		WORKED(o);
		wbt_out_fini(&o);
		chroot_probe(tc, &o, 0, "auto", "read", files[i]);
		REFUSED(o);
		wbt_out_fini(&o);
	}
	(void)syscall(SYS_keyctl, KEYCTL_INVALIDATE, id);
}

/* An OSC title sequence ending in BEL. */
#define SEQ	"a\033]0;wb-title\007b"

ATF_TC(relay__escaped);
ATF_TC_HEAD(relay__escaped, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(relay__escaped, tc)
{
	struct ptyrun r;
	struct wbt_out o;

	make_root(tc);
	/* Control: written straight to the terminal, the ESC arrives. */
	pty_direct(tc, &r, "echo", SEQ, NULL);
	ATF_CHECK_MSG(strstr(r.out, SEQ) != NULL, "control: %s", r.out);
	/* Relayed by worldbench chroot to a terminal: shown, not sent. */
	pty_chroot(tc, &r, "auto", "echo", SEQ, NULL);
	ATF_CHECK_EQ(r.status, 0);
	ATF_CHECK_MSG(strchr(r.out, '\033') == NULL && strchr(r.out, '\007') ==
	    NULL, "raw escape relayed: %s", r.out);
	ATF_CHECK_MSG(strstr(r.out, "a\\x1b]0;wb-title\\x07b") != NULL, "%s",
	    r.out);
	/* To a pipe, the bytes as written. */
	chroot_probe(tc, &o, 0, "auto", "echo", SEQ);
	ATF_CHECK_MSG(o.status == 0 && strcmp(o.out, SEQ "\n") == 0, "%s",
	    o.out);
	wbt_out_fini(&o);
}

ATF_TC(all__pty);
ATF_TC_HEAD(all__pty, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
	atf_tc_set_md_var(tc, "require.progs", "/usr/bin/setpriv");
}
ATF_TC_BODY(all__pty, tc)
{
	struct ptyrun r;
	char desc[64];
	long id;
	size_t k;

	make_root(tc);
	snprintf(desc, sizeof(desc), "worldbench-all-%ld", (long)getpid());
	id = plant_secret(desc);
	/* On the terminal: every attack works (status 0, no refusal). */
	pty_direct(tc, &r, "all", PUSHED, desc);
	WORKED(r);
	ATF_CHECK(r.pending > 0);
	ATF_CHECK(strstr(r.out, "host-secret") != NULL);
	/* Confined: none does, with either runner. */
	for (k = 0; k < NKINDS; k++) {
		pty_chroot(tc, &r, kinds[k], "all", PUSHED, desc);
		REFUSED(r);
		ATF_CHECK_EQ_MSG(r.pending, 0, "%s", kinds[k]);
		ATF_CHECK_MSG(strstr(r.out, "host-secret") == NULL, "%s",
		    kinds[k]);
	}
	/* An ordinary user's command (the rootless runner): none either. */
	pty_chroot_nobody(tc, &r, "all", PUSHED, desc);
	REFUSED(r);
	ATF_CHECK_EQ(r.pending, 0);
	ATF_CHECK(strstr(r.out, "host-secret") == NULL);
	(void)syscall(SYS_keyctl, KEYCTL_INVALIDATE, id);
}

/*
 * The bounds cannot be switched off from inside: init, which samples
 * them, is out of reach (lib/sandbox/chroot.c), under each confining runner and
 * as an ordinary user.  The control is the same probe under the
 * unconfined runner, where the attach works.
 */
ATF_TC(unbind__refused);
ATF_TC_HEAD(unbind__refused, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
	atf_tc_set_md_var(tc, "require.progs", "/usr/bin/setpriv");
}
ATF_TC_BODY(unbind__refused, tc)
{
	static const char *const args[] = { "unbind", NULL };
	struct ptyrun r;
	struct wbt_out o;
	size_t k;

	make_root(tc);
	chroot_probe(tc, &o, 1, "chroot", "unbind", NULL);
	ATF_CHECK_MSG(strstr(o.out, "worked: ptrace attach pid 1") != NULL,
	    "control: %s", o.out);
	wbt_out_fini(&o);
	for (k = 0; k <= NKINDS; k++) {
		pty_worldbench(tc, &r, k < NKINDS ? kinds[k] : NULL, NULL,
		    args);
		REFUSED(r);
		ATF_CHECK_MSG(strstr(r.out, "refused: ptrace attach pid 1") !=
		    NULL && strstr(r.out, "refused: /proc/1/mem") != NULL &&
		    strstr(r.out, "refused: pidfd_getfd pid 1") != NULL &&
		    strstr(r.out, "refused: SIGKILL pid 1") != NULL,
		    "%s: %s", k < NKINDS ? kinds[k] : "nobody", r.out);
	}
}

/*
 * The attack of the finding: attach to init, then fork past
 * --max-procs or allocate past --max-memory.  The bound still ends the
 * command, with its exit status and the bound named.
 */
static void
unbound_check(const atf_tc_t *tc, const char *opt, const char *val,
    const char *const *args, int status, const char *named)
{
	const char *opts[] = { opt, val, NULL };
	struct ptyrun r;
	size_t k;

	for (k = 0; k <= NKINDS; k++) {
		pty_worldbench(tc, &r, k < NKINDS ? kinds[k] : NULL, opts,
		    args);
		ATF_CHECK_EQ_MSG(r.status, status, "%s: %s",
		    k < NKINDS ? kinds[k] : "nobody", r.out);
		ATF_CHECK_MSG(strstr(r.out, named) != NULL &&
		    strstr(r.out, "unbounded") == NULL, "%s: %s",
		    k < NKINDS ? kinds[k] : "nobody", r.out);
	}
}

ATF_TC(unbound__procs);
ATF_TC_HEAD(unbound__procs, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
	atf_tc_set_md_var(tc, "require.progs", "/usr/bin/setpriv");
}
ATF_TC_BODY(unbound__procs, tc)
{
	static const char *const args[] = { "unbound-procs", "400", NULL };

	make_root(tc);
	unbound_check(tc, "--max-procs", "64", args, 241,
	    "process bound 64 reached");
}

ATF_TC(unbound__memory);
ATF_TC_HEAD(unbound__memory, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
	atf_tc_set_md_var(tc, "require.progs", "/usr/bin/setpriv");
}
ATF_TC_BODY(unbound__memory, tc)
{
	static const char *const args[] = { "unbound-memory", "6", "200",
	    NULL };

	make_root(tc);
	unbound_check(tc, "--max-memory", "256m", args, 242,
	    "memory bound 256 MiB reached");
}

/*
 * A command that writes the bound's line itself and exits with a
 * bound's status is not taken for a bound: only the relay's sealed line
 * is.
 */
ATF_TC(bound__forged);
ATF_TC_HEAD(bound__forged, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(bound__forged, tc)
{
	struct wbt_out o;
	size_t k;

	make_root(tc);
	for (k = 0; k < NKINDS; k++) {
		chroot_probe(tc, &o, 0, kinds[k], "forge-bound", NULL);
		ATF_CHECK_EQ_MSG(o.status, 241, "%s: %s", kinds[k], o.err);
		ATF_CHECK_MSG(strstr(o.err, "worldbench: bound: process") !=
		    NULL, "%s: the command's own line is relayed: %s",
		    kinds[k], o.err);
		ATF_CHECK_MSG(strstr(o.err, "worldbench: process bound") ==
		    NULL, "%s: a forged bound was believed: %s", kinds[k],
		    o.err);
		wbt_out_fini(&o);
	}
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, tiocsti__tty);
	ATF_TP_ADD_TC(tp, tiocsti__filter);
	ATF_TP_ADD_TC(tp, tioclinux__filter);
	ATF_TP_ADD_TC(tp, devnode__metadata);
	ATF_TP_ADD_TC(tp, keyring__user);
	ATF_TP_ADD_TC(tp, proc__masked);
	ATF_TP_ADD_TC(tp, relay__escaped);
	ATF_TP_ADD_TC(tp, all__pty);
	ATF_TP_ADD_TC(tp, unbind__refused);
	ATF_TP_ADD_TC(tp, unbound__procs);
	ATF_TP_ADD_TC(tp, unbound__memory);
	ATF_TP_ADD_TC(tp, bound__forged);
	return (atf_no_error());
}
