/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The chroot runner: a child enters a private mount namespace and new
 * PID, IPC, UTS and network namespaces, gets the image root bound
 * read-only, /proc, a small /dev, /dev/pts and a read-only /sys mounted
 * inside it, and chroots into it with no capability left (the confinement
 * itself is lib/sandbox/chroot_confine.c).  The mounts exist
 * only in that namespace, so they disappear with its last process, however
 * it ends (SIGKILL included); the host's mount table never sees them.
 *
 * Three processes stand between the runner and the command:
 *
 *	runner -> relay (host PID namespace) -> init (PID 1 inside) -> command
 *
 * The relay waits for init and ends the way the command ended, so the
 * runner sees the command's status and, through wait4(2), the resource
 * use of everything that ran inside.  Init reaps orphans until the
 * command exits.  Each has PR_SET_PDEATHSIG SIGKILL: when the runner dies,
 * even by SIGKILL, the relay dies, then init, and the kernel kills every
 * process left in the PID namespace, background jobs and daemons included.
 */
#include <sys/types.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bounds.h"
#include "chroot.h"
#include "chroot_int.h"
#include "runner.h"
#include "userns.h"
#include "wb_util.h"

/*
 * Device files bound from the host into the image's /dev.  No tty: the
 * command has no controlling terminal (see lib/util/spawn.c).
 */
static const char *const devices[] = {
	"null", "zero", "full", "random", "urandom",
};

/*
 * Mount points must be real directories of the image: an image could
 * make "proc" a symlink to a host path, and mount(2) follows it.
 */
int
wb_chroot_mountpoint(const char *root, const char *rel, char *buf,
    size_t len)
{
	struct stat st;

	if ((size_t)snprintf(buf, len, "%s/%s", root, rel) >= len) {
		errno = ENAMETOOLONG;
		return (wb_chroot_fail("path", rel));
	}
	if (lstat(buf, &st) == -1 && (errno != ENOENT ||
	    mkdir(buf, 0755) == -1 || lstat(buf, &st) == -1))
		return (wb_chroot_fail("mount point", buf));
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return (wb_chroot_fail("mount point (symlinks refused)", buf));
	}
	return (0);
}

static int
setup_dev(const char *root, int confined)
{
	char path[PATH_MAX], dev[64];
	size_t i;
	int fd;

	if (wb_chroot_mountpoint(root, "dev", path, sizeof(path)) == -1)
		return (-1);
	/*
	 * nodev: a node made here would not work.  The bound host nodes are
	 * mounts of their own, with the flags of the host's /dev.
	 */
	if (mount("tmpfs", path, "tmpfs", MS_NOSUID | MS_NOEXEC |
	    (confined ? MS_NODEV : 0), "mode=0755,size=1m") == -1)
		return (wb_chroot_fail("mount tmpfs", path));
	for (i = 0; i < sizeof(devices) / sizeof(devices[0]); i++) {
		snprintf(path, sizeof(path), "%s/dev/%s", root, devices[i]);
		snprintf(dev, sizeof(dev), "/dev/%s", devices[i]);
		if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
		    0666)) == -1)
			return (wb_chroot_fail("create", path));
		close(fd);
		if (mount(dev, path, NULL, MS_BIND, NULL) == -1)
			return (wb_chroot_fail("bind", dev));
		/* The host's node: usable, but its owner, mode, times fixed. */
		if (confined && mount(NULL, path, NULL, MS_BIND | MS_REMOUNT |
		    MS_RDONLY | MS_NOSUID | MS_NOEXEC, NULL) == -1)
			return (wb_chroot_fail("remount read-only", path));
	}
	if (wb_chroot_mountpoint(root, "dev/pts", path, sizeof(path)) == -1)
		return (-1);
	if (mount("devpts", path, "devpts", MS_NOSUID | MS_NOEXEC,
	    "newinstance,ptmxmode=0666,mode=0620") == -1)
		return (wb_chroot_fail("mount devpts", path));
	if (wb_chroot_mountpoint(root, "dev/shm", path, sizeof(path)) == -1)
		return (-1);
	if (mount("tmpfs", path, "tmpfs", MS_NOSUID | MS_NODEV,
	    "mode=1777,size=64m") == -1)
		return (wb_chroot_fail("mount tmpfs", path));
	snprintf(path, sizeof(path), "%s/dev/ptmx", root);
	if (symlink("pts/ptmx", path) == -1)
		return (wb_chroot_fail("symlink", path));
	snprintf(path, sizeof(path), "%s/dev/fd", root);
	if (symlink("/proc/self/fd", path) == -1)
		return (wb_chroot_fail("symlink", path));
	/* Nothing more may be created in /dev (shm and pts are mounts). */
	snprintf(path, sizeof(path), "%s/dev", root);
	if (confined && mount(NULL, path, NULL, MS_REMOUNT | MS_RDONLY |
	    MS_NOSUID | MS_NOEXEC | MS_NODEV, "mode=0755,size=1m") == -1)
		return (wb_chroot_fail("remount read-only", path));
	return (0);
}

/*
 * The mounts and the chroot, done by init inside the new namespaces.
 * Mount points are made (where missing) before the root turns read-only.
 */
static const char *const points[] = { "proc", "sys", "dev", "tmp" };

/*
 * The mount points, made while still the caller (the rootless runner's
 * mapped id may not write the root).
 */
static int
make_points(const char *root)
{
	char path[PATH_MAX];
	size_t i;

	for (i = 0; i < sizeof(points) / sizeof(points[0]); i++)
		if (wb_chroot_mountpoint(root, points[i], path,
		    sizeof(path)) == -1)
			return (-1);
	return (0);
}

static int
enter_root(const struct wb_chroot *c)
{
	const char *root = c->root;
	char path[PATH_MAX];
	size_t i;
	int sfd = -1;

	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == -1)
		return (wb_chroot_fail("make private", "/"));
	for (i = 0; i < sizeof(points) / sizeof(points[0]); i++)
		if (wb_chroot_mountpoint(root, points[i], path,
		    sizeof(path)) == -1)
			return (-1);
	/* The scratch directory is opened before the root turns read-only. */
	if (c->confined && c->private_tmp && c->scratch != NULL &&
	    (sfd = wb_bounds_scratch_open(root, c->scratch)) == -1)
		return (-1);
	if (c->confined && wb_chroot_confine_root(root, c->private_tmp) == -1)
		return (-1);
	if (c->confined && c->private_tmp &&
	    wb_bounds_tmp_mount(root, &c->bounds, c->scratch, sfd) == -1)
		return (-1);
	snprintf(path, sizeof(path), "%s/proc", root);
	if (mount("proc", path, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC,
	    NULL) == -1)
		return (wb_chroot_fail("mount proc", path));
	if (c->confined && wb_chroot_confine_proc(root) == -1)
		return (-1);
	snprintf(path, sizeof(path), "%s/sys", root);
	if (mount("sysfs", path, "sysfs", MS_RDONLY | MS_NOSUID | MS_NODEV |
	    MS_NOEXEC, NULL) == -1)
		return (wb_chroot_fail("mount sysfs", path));
	if (setup_dev(root, c->confined) == -1)
		return (-1);
	if (chdir(root) == -1)
		return (wb_chroot_fail("chdir", root));
	if (chroot(".") == -1)
		return (wb_chroot_fail("chroot", root));
	if (chdir("/") == -1)
		return (wb_chroot_fail("chdir", "/"));
	return (0);
}

/*
 * Die with the parent; -1 if it is already gone (parent 0: not checked).
 * Only the command can check: the relay is not told the runner's pid (a
 * runner gone before its prctl leaves it to the runner's group kill), and
 * init's parent is outside its PID namespace (getppid() is 0).
 */
static int
die_with_parent(pid_t parent)
{
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) == -1)
		return (wb_chroot_fail("prctl", "PR_SET_PDEATHSIG"));
	if (parent != 0 && getppid() != parent) {
		errno = ESRCH;
		return (wb_chroot_fail("parent", "exited"));
	}
	return (0);
}

/*
 * What init tells the relay, once, on a pipe nobody else holds: the
 * command's wait status, or the bound reached and its words.
 */
struct init_report {
	int	status;
	int	bound;
	char	what[200];
};

/*
 * Init: reap everything until the command exits, then pass its wait
 * status up the pipe (PID 1 cannot die by a signal it raises itself) and
 * exit, which kills what is left in the namespace.
 */
static void
init_reap(pid_t cmd, int report, int watch)
{
	struct init_report r;
	int st = 0x7f00;	/* "exit 127" if the command is never seen */
	int saved;
	pid_t w;

	memset(&r, 0, sizeof(r));
	for (;;) {
		w = waitpid(-1, &st, 0);
		saved = errno;
		/* A bound reached (lib/sandbox/bounds.c) ends it all. */
		if (watch && (r.bound = wb_bounds_watch_check(r.what,
		    sizeof(r.what))) != 0) {
			st = WB_BOUNDS_STATUS(r.bound) << 8;
			break;
		}
		errno = saved;	/* the check's calls must not end the wait */
		if (w == -1 && errno == EINTR)
			continue;
		if (w == -1 || w == cmd)
			break;
	}
	r.status = st;
	(void)write(report, &r, sizeof(r));
	_exit(0);
}

/*
 * The relay: wait for init, then end as the command did.  Exactly one
 * report must come: more (or a part of one) means that something other
 * than init wrote to the pipe, and the status is not to be believed.
 */
static void
relay(pid_t init, int report, const struct wb_bounds *b)
{
	struct init_report r;
	char buf[sizeof(r) + 1];
	size_t got;
	ssize_t n;
	int st;

	while (waitpid(init, &st, 0) == -1)
		if (errno != EINTR)
			_exit(126);
	for (got = 0; got < sizeof(buf); got += (size_t)n)
		if ((n = read(report, buf + got, sizeof(buf) - got)) <= 0) {
			if (n == -1 && errno == EINTR) {
				n = 0;
				continue;
			}
			break;
		}
	if (got == 0)
		wb_fresh_exit_as(st);
	if (got != sizeof(r)) {
		errno = EBADMSG;
		(void)wb_chroot_fail("status report", "forged from inside");
		_exit(125);
	}
	memcpy(&r, buf, sizeof(r));
	if (r.bound != 0) {
		r.what[sizeof(r.what) - 1] = '\0';
		wb_bounds_report(b, r.what);
	}
	wb_fresh_exit_as(r.status);
}

int
wb_chroot_enter(void *arg)
{
	static struct wb_chroot staged;
	const struct wb_chroot *c = arg;
	pid_t pid;
	int p[2], rfd;

	/* If the runner dies, so does the command (and the namespaces). */
	if (die_with_parent(0) == -1)
		return (-1);
	if (c->confined && wb_fresh_close() == -1)
		return (-1);
	if (c->confined && c->userns) {
		if (make_points(c->root) == -1)
			return (-1);
		rfd = geteuid() != 0 ? -1 : open_tree(AT_FDCWD, c->root,
		    OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE);
		if (geteuid() == 0 && rfd == -1)
			return (wb_chroot_fail("open_tree", c->root));
		if (wb_userns_unshare(CLONE_NEWNS | CLONE_NEWPID |
		    CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWNET, c->map_uid,
		    c->map_gid) == -1 || wb_userns_stage(rfd, c->root) == -1 ||
		    wb_userns_become() == -1)
			return (-1);
		staged = *c;
		staged.root = WB_USERNS_STAGE;
		c = &staged;
	} else if (unshare(CLONE_NEWNS | CLONE_NEWPID | (c->confined ?
	    CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWNET : 0)) == -1)
		return (wb_chroot_fail("unshare", "CLONE_NEWNS|CLONE_NEWPID"));
	if (pipe2(p, O_CLOEXEC) == -1)
		return (wb_chroot_fail("pipe", "init status"));
	if ((pid = fork()) == -1)
		return (wb_chroot_fail("fork", "init"));
	if (pid > 0) {
		close(p[1]);
		relay(pid, p[0], &c->bounds);
	}
	close(p[0]);
	/*
	 * Init holds the bounds and the report: once it is not dumpable,
	 * the command (without CAP_SYS_PTRACE in the namespace its memory
	 * belongs to, the caller's) can neither ptrace it nor reach its
	 * memory or descriptors through /proc, process_vm_* or pidfd_getfd.
	 */
	if (die_with_parent(0) == -1 || enter_root(c) == -1 ||
	    (c->confined && wb_chroot_confine_caps() == -1) ||
	    (c->confined && wb_bounds_rlimits(&c->bounds) == -1) ||
	    (c->confined && prctl(PR_SET_DUMPABLE, 0) == -1 &&
	    wb_chroot_fail("prctl", "PR_SET_DUMPABLE") == -1))
		_exit(126);
	if ((pid = fork()) == -1) {
		(void)wb_chroot_fail("fork", "command");
		_exit(126);
	}
	if (pid > 0) {
		if (c->confined)
			wb_bounds_watch_start(&c->bounds);
		init_reap(pid, p[1], c->confined);
	}
	close(p[1]);
	if (die_with_parent(1) == -1)
		return (-1);
	/*
	 * Both confined runners load the seccomp deny list.  In a user
	 * namespace the kernel already refuses much of it (host keyrings
	 * belong to another user, modules, kexec, clocks and swap need
	 * capabilities of the initial namespace), but not io_uring,
	 * perf_event_open, name_to_handle_at, ptrace or new namespaces.
	 * What the filter costs System Call Overhead and Pipe Throughput is
	 * measured by bench/scripts/seccomp-cost.sh (bench/README).
	 */
	if (c->confined && (wb_chroot_confine_keyring() == -1 ||
	    wb_chroot_confine_syscalls() == -1))
		return (-1);
	return (0);
}

struct chroot_arg {
	struct wb_chroot	 c;
	char			*root;
	char			**env;
};

static int
chroot_setup(void *p)
{
	struct chroot_arg *a = p;

	return (wb_chroot_enter(&a->c));
}

static void
chroot_arg_free(void *p)
{
	struct chroot_arg *a = p;

	if (a == NULL)
		return;
	free(a->root);
	wb_words_free(a->env);
	free(a);
}

/* Every directory the harness needs must be a directory inside the root. */
static int
check_dir(const char *root, const char *path, struct wb_err *err)
{
	struct stat st;
	int fd;

	if ((fd = wb_chroot_root_open(root, path, O_PATH | O_DIRECTORY,
	    err)) == -1)
		return (wb_err_setsys(err, "%s: no directory %s in the image",
		    root, path));
	if (fstat(fd, &st) == -1) {
		close(fd);
		return (wb_err_setsys(err, "%s%s", root, path));
	}
	close(fd);
	return (0);
}

struct wb_chroot *
wb_chroot_of(struct wb_runner *r)
{
	struct chroot_arg *a = r->setup_arg;

	return (&a->c);
}

/* The harness names each pass's scratch directory (see runner.h). */
static void
chroot_set_scratch(void *p, const char *inner)
{
	struct chroot_arg *a = p;

	a->c.scratch = inner;
}

/* Does WB_CHROOT_UNCONFINED_ENV name this root? */
static int
unconfined(const char *root)
{
	const char *e;
	char *p;
	int r;

	if ((e = getenv(WB_CHROOT_UNCONFINED_ENV)) == NULL || *e == '\0')
		return (0);
	if ((p = realpath(e, NULL)) == NULL)
		return (0);
	r = strcmp(p, root) == 0;
	free(p);
	return (r);
}

struct wb_runner *
wb_chroot_runner_new(const char *root, enum wb_runner_kind kind,
    struct wb_err *err)
{
	struct chroot_arg *a;
	struct wb_runner *r;
	struct stat st;

	if ((r = calloc(1, sizeof(*r))) == NULL ||
	    (a = calloc(1, sizeof(*a))) == NULL) {
		free(r);
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	r->kind = kind;
	r->setup_arg = a;
	r->free_arg = chroot_arg_free;
	r->child_setup = chroot_setup;
	if ((r->root = realpath(root, NULL)) == NULL) {
		wb_err_setsys(err, "%s", root);
		goto fail;
	}
	if (stat(r->root, &st) == -1 || !S_ISDIR(st.st_mode) ||
	    strcmp(r->root, "/") == 0) {
		wb_err_set(err, "%s: not an image root directory", root);
		goto fail;
	}
	a->c.confined = !unconfined(r->root);
	/* The unconfined measurement mode is the chroot runner's alone. */
	if (!a->c.confined)
		r->kind = WB_RUNNER_CHROOT;
	/* Nothing a confined command writes outlives it but its scratch. */
	a->c.private_tmp = a->c.confined;
	wb_bounds_default(&a->c.bounds);
	if (wb_bounds_seal_new(&a->c.bounds, err) == -1)
		goto fail;
	r->bounds = a->c.confined ? &a->c.bounds : NULL;
	r->set_scratch = chroot_set_scratch;
	if ((a->root = strdup(r->root)) == NULL ||
	    (r->libexecdir = strdup("/usr/libexec/worldbench")) == NULL ||
	    (r->datadir = strdup("/usr/share/worldbench")) == NULL ||
	    (r->scratchdir = strdup("/tmp")) == NULL) {
		wb_err_setsys(err, "strdup");
		goto fail;
	}
	a->c.root = a->root;
	if (check_dir(r->root, "/bin", err) == -1 ||
	    check_dir(r->root, r->scratchdir, err) == -1)
		goto fail;
	if ((a->env = wb_chroot_root_environment(r->root, err)) == NULL)
		goto fail;
	r->env = a->env;
	return (r);
fail:
	wb_runner_free(r);
	return (NULL);
}
