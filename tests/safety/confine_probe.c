/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * confine_probe: the attacks of issue 17 from inside a chroot, for
 * tests/safety/confine_test.c.  Static, like escape_probe.  Each attempt
 * prints one line, "worked: ..." or "refused: ...: reason"; the exit
 * status is 0 when every attempt made worked, 1 when any was refused,
 * 2 on misuse.  The characters pushed with TIOCSTI are never printed by
 * the probe itself, so seeing them on the terminal means they were
 * pushed (and echoed by the terminal).
 *
 *	tiocsti TARGET TEXT	push TEXT into the terminal; TARGET is
 *				/dev/tty (opened) or a descriptor number
 *	tiocsti-own		TIOCSTI into a pty of its own, made its
 *				controlling terminal: only a filter
 *				refuses it (also with the request's
 *				upper 32 bits set)
 *	tioclinux FD		does TIOCLINUX reach the driver?
 *	chmod PATH		chmod, chown, utimes to what it is
 *	plant DESC		a key DESC in the user keyring, left there
 *	read-key DESC		read a user-keyring key's payload
 *	read PATH		does PATH hold anything?
 *	echo TEXT		write TEXT and a newline
 *	all TEXT DESC		tiocsti on /dev/tty and fds 0-2, chmod
 *				/dev/null, read-key DESC
 *	unbind			reach the namespace's init, which holds
 *				the bounds: PTRACE_ATTACH and
 *				PTRACE_SEIZE, /proc/1/mem, /proc/1/fd/N,
 *				process_vm_readv, pidfd_getfd, SIGSTOP and
 *				SIGKILL (an attach that works is undone)
 *	unbound-procs N		unbind, then fork N sleeping children
 *	unbound-memory N MB	unbind, then N children each touching MB
 *				MiB; both end by themselves after 30 s
 *				(printing "unbounded") if nothing stops
 *				them
 *	forge-bound		write the line of a process bound on
 *				stderr, then exit as a bound would (241)
 */
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/wait.h>

#include <linux/keyctl.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int
refused(const char *what)
{

	printf("refused: %s: %s\n", what, strerror(errno));
	return (1);
}

static int
worked(const char *what)
{

	printf("worked: %s\n", what);
	return (0);
}

/* The full 64-bit request, so that the upper half can be set. */
static int
ioctl_raw(int fd, unsigned long req, const void *arg)
{

	return ((int)syscall(SYS_ioctl, fd, req, arg));
}

static int
push(int fd, const char *text, unsigned long hi, const char *what)
{
	const char *p;

	for (p = text; *p != '\0'; p++)
		if (ioctl_raw(fd, hi | TIOCSTI, p) == -1)
			return (refused(what));
	return (worked(what));
}

static int
tiocsti(const char *target, const char *text)
{
	char what[64];
	int fd, rc;

	snprintf(what, sizeof(what), "TIOCSTI %s%s", target[0] == '/' ? "" :
	    "fd ", target);
	if (target[0] != '/')
		return (push(atoi(target), text, 0, what));
	if ((fd = open(target, O_RDWR | O_NOCTTY)) == -1)
		return (refused(what));
	rc = push(fd, text, 0, what);
	close(fd);
	return (rc);
}

/*
 * A child in a session of its own opens a new pty's slave as its
 * controlling terminal and pushes one character into it, then reads it
 * back: legitimate without a filter, refused with one.
 */
static int
own_pty(unsigned long hi, const char *what)
{
	char name[64], c;
	int m, s, st;
	pid_t pid;

	if ((m = posix_openpt(O_RDWR | O_NOCTTY)) == -1 || grantpt(m) == -1 ||
	    unlockpt(m) == -1 || ptsname_r(m, name, sizeof(name)) != 0)
		return (refused("own pty: /dev/ptmx"));
	fflush(stdout);
	if ((pid = fork()) == -1)
		return (refused("fork"));
	if (pid == 0) {
		if (setsid() == -1 || (s = open(name, O_RDWR)) == -1)
			_exit(3);
		if (ioctl_raw(s, hi | TIOCSTI, "\n") == -1)
			_exit(errno == EPERM ? 1 : 4);
		_exit(read(s, &c, 1) == 1 && c == '\n' ? 0 : 5);
	}
	close(m);
	if (waitpid(pid, &st, 0) == -1 || !WIFEXITED(st))
		return (refused("own pty: child"));
	switch (WEXITSTATUS(st)) {
	case 0:
		return (worked(what));
	case 1:
		errno = EPERM;
		return (refused(what));
	default:
		printf("error: %s: child exited %d\n", what, WEXITSTATUS(st));
		return (2);
	}
}

static int
tiocsti_own(void)
{
	int a, b;

	a = own_pty(0, "TIOCSTI own pty");
	b = own_pty(1UL << 32, "TIOCSTI own pty (request | 1 << 32)");
	return (a > b ? a : b);
}

/* Which shift keys are down: harmless, and the driver must see it. */
static int
tioclinux(int fd)
{
	char arg = 6;	/* TIOCL_GETSHIFTSTATE */

	errno = 0;
	if (ioctl(fd, TIOCLINUX, &arg) == 0 || errno != EPERM) {
		printf("worked: TIOCLINUX fd %d reached the tty driver (%s)\n",
		    fd, errno != 0 ? strerror(errno) : "done");
		return (0);
	}
	return (refused("TIOCLINUX"));
}

/* Metadata set to what it already is: harmless when it works. */
static int
chmeta(const char *path)
{
	struct timeval tv[2];
	struct stat st;
	char what[128];

	snprintf(what, sizeof(what), "chmod %s", path);
	if (stat(path, &st) == -1)
		return (refused(what));
	if (chmod(path, st.st_mode & 07777) == -1)
		return (refused(what));
	snprintf(what, sizeof(what), "chown %s", path);
	if (chown(path, st.st_uid, st.st_gid) == -1)
		return (refused(what));
	snprintf(what, sizeof(what), "utimes %s", path);
	tv[0].tv_sec = st.st_atim.tv_sec;
	tv[0].tv_usec = st.st_atim.tv_nsec / 1000;
	tv[1].tv_sec = st.st_mtim.tv_sec;
	tv[1].tv_usec = st.st_mtim.tv_nsec / 1000;
	if (utimes(path, tv) == -1)
		return (refused(what));
	snprintf(what, sizeof(what), "chmod, chown, utimes %s", path);
	return (worked(what));
}

/* The caller looks for it from outside, and removes it. */
static int
plant_key(const char *desc)
{
	char what[96];
	long id;

	id = syscall(SYS_add_key, "user", desc, "planted", 7,
	    KEY_SPEC_USER_KEYRING);
	if (id == -1)
		return (refused("add_key user keyring"));
	snprintf(what, sizeof(what), "planted key %ld", id);
	return (worked(what));
}

static int
read_key(const char *desc)
{
	char buf[256], what[320];
	long id, n;

	id = syscall(SYS_keyctl, KEYCTL_SEARCH, KEY_SPEC_USER_KEYRING, "user",
	    desc, 0);
	if (id == -1)
		return (refused("keyctl search user keyring"));
	if ((n = syscall(SYS_keyctl, KEYCTL_READ, id, buf, sizeof(buf) - 1)) ==
	    -1)
		return (refused("keyctl read"));
	buf[n < (long)sizeof(buf) - 1 ? n : (long)sizeof(buf) - 1] = '\0';
	snprintf(what, sizeof(what), "read key %s: %s", desc, buf);
	return (worked(what));
}

static int
read_file(const char *path)
{
	char buf[4096], what[160];
	long total;
	ssize_t n;
	int fd;

	if ((fd = open(path, O_RDONLY)) == -1)
		return (refused(path));
	total = 0;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		total += n;
	close(fd);
	if (n == -1)
		return (refused(path));
	if (total == 0) {
		printf("refused: %s: empty\n", path);
		return (1);
	}
	snprintf(what, sizeof(what), "read %s: %ld bytes", path, total);
	return (worked(what));
}

static int
all(const char *text, const char *desc)
{
	static const char *const targets[] = { "/dev/tty", "0", "1", "2" };
	size_t i;
	int rc;

	rc = 0;
	for (i = 0; i < sizeof(targets) / sizeof(targets[0]); i++)
		rc |= tiocsti(targets[i], text);
	rc |= chmeta("/dev/null");
	rc |= read_key(desc);
	return (rc);
}

/* PTRACE_ATTACH or PTRACE_SEIZE of pid 1; a stop it made is undone. */
static int
trace_init(int seize)
{
	const char *what = seize ? "ptrace seize pid 1" : "ptrace attach pid 1";
	long rc;
	int st;

	if (seize)
		rc = ptrace(PTRACE_SEIZE, 1, NULL, NULL);
	else
		rc = ptrace(PTRACE_ATTACH, 1, NULL, NULL);
	if (rc == -1)
		return (refused(what));
	if (!seize)
		(void)waitpid(1, &st, __WALL);
	(void)ptrace(PTRACE_DETACH, 1, NULL, NULL);
	return (worked(what));
}

static int
open_init(const char *path, int flags)
{
	int fd;

	if ((fd = open(path, flags)) == -1)
		return (refused(path));
	close(fd);
	return (worked(path));
}

/*
 * Init's descriptors through /proc/1/fd, the report pipe among them:
 * each one listed is opened for writing (the root runner's command may
 * list the directory, which it owns, but not follow its links).
 */
static int
fds_init(void)
{
	char path[300];
	struct dirent *d;
	DIR *dir;
	int rc, n;

	if ((dir = opendir("/proc/1/fd")) == NULL)
		return (refused("/proc/1/fd"));
	rc = 0;
	n = 0;
	while ((d = readdir(dir)) != NULL) {
		if (d->d_name[0] == '.' || atoi(d->d_name) <= 2)
			continue;
		snprintf(path, sizeof(path), "/proc/1/fd/%s", d->d_name);
		rc |= open_init(path, O_WRONLY);
		n++;
	}
	closedir(dir);
	if (n == 0) {
		printf("refused: /proc/1/fd: no descriptor listed\n");
		return (1);
	}
	return (rc);
}

static int
vm_read_init(void)
{
	struct iovec local, remote;
	char buf[16];

	local.iov_base = buf;
	local.iov_len = sizeof(buf);
	/* Any address: a refusal comes before the address is looked at. */
	remote.iov_base = (void *)0x400000;
	remote.iov_len = sizeof(buf);
	if (process_vm_readv(1, &local, 1, &remote, 1, 0) == -1 &&
	    (errno == EPERM || errno == EACCES || errno == ENOSYS))
		return (refused("process_vm_readv pid 1"));
	return (worked("process_vm_readv pid 1"));
}

static int
getfd_init(void)
{
	long pfd, fd;

	if ((pfd = syscall(SYS_pidfd_open, 1, 0)) == -1)
		return (refused("pidfd_open pid 1"));
	/* Init's descriptors 3 and 4: the report pipe among them. */
	fd = syscall(SYS_pidfd_getfd, (int)pfd, 3, 0);
	if (fd == -1 && (fd = syscall(SYS_pidfd_getfd, (int)pfd, 4, 0)) ==
	    -1 && errno != EBADF) {
		close((int)pfd);
		return (refused("pidfd_getfd pid 1"));
	}
	close((int)pfd);
	if (fd == -1)
		return (refused("pidfd_getfd pid 1"));
	close((int)fd);
	return (worked("pidfd_getfd pid 1"));
}

/* Did init stop or die?  Its state letter in /proc/1/stat. */
static int
signal_init(int sig, const char *what)
{
	char buf[256], *p;
	FILE *f;

	if (kill(1, sig) == -1)
		return (refused(what));
	usleep(200000);
	if ((f = fopen("/proc/1/stat", "r")) == NULL ||
	    fgets(buf, sizeof(buf), f) == NULL) {
		if (f != NULL)
			fclose(f);
		return (worked(what));
	}
	fclose(f);
	if ((p = strrchr(buf, ')')) != NULL && (p[2] == 'T' || p[2] == 't' ||
	    p[2] == 'Z' || p[2] == 'X'))
		return (worked(what));
	printf("refused: %s: init still running\n", what);
	return (1);
}

static int
unbind(void)
{
	int rc;

	rc = trace_init(0);
	rc |= trace_init(1);
	rc |= open_init("/proc/1/mem", O_RDWR);
	rc |= fds_init();
	rc |= vm_read_init();
	rc |= getfd_init();
	rc |= signal_init(SIGSTOP, "SIGSTOP pid 1");
	(void)kill(1, SIGCONT);
	rc |= signal_init(SIGKILL, "SIGKILL pid 1");
	return (rc);
}

/*
 * After unbind: n children that sleep (mb 0) or touch mb MiB each; the
 * probe ends by itself after 30 s, saying so, if nothing stopped it.
 */
static int
unbound(long n, long mb)
{
	size_t len = (size_t)mb << 20, off;
	long i, made;
	char *p;

	(void)unbind();
	for (made = 0, i = 0; i < n; i++) {
		pid_t pid = fork();

		if (pid == -1)
			break;
		if (pid > 0) {
			made++;
			continue;
		}
		if (len > 0 && (p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)) != MAP_FAILED)
			for (off = 0; off < len; off += 4096)
				p[off] = 1;
		sleep(30);
		_exit(0);
	}
	printf("made %ld of %ld children\n", made, n);
	sleep(30);
	printf("unbounded: nothing stopped %ld children\n", made);
	return (0);
}

int
main(int argc, char **argv)
{

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 4 && strcmp(argv[1], "tiocsti") == 0)
		return (tiocsti(argv[2], argv[3]));
	if (argc == 2 && strcmp(argv[1], "tiocsti-own") == 0)
		return (tiocsti_own());
	if (argc == 3 && strcmp(argv[1], "tioclinux") == 0)
		return (tioclinux(atoi(argv[2])));
	if (argc == 3 && strcmp(argv[1], "chmod") == 0)
		return (chmeta(argv[2]));
	if (argc == 3 && strcmp(argv[1], "plant") == 0)
		return (plant_key(argv[2]));
	if (argc == 3 && strcmp(argv[1], "read-key") == 0)
		return (read_key(argv[2]));
	if (argc == 3 && strcmp(argv[1], "echo") == 0) {
		printf("%s\n", argv[2]);
		return (0);
	}
	if (argc == 3 && strcmp(argv[1], "read") == 0)
		return (read_file(argv[2]));
	if (argc == 4 && strcmp(argv[1], "all") == 0)
		return (all(argv[2], argv[3]));
	if (argc == 2 && strcmp(argv[1], "forge-bound") == 0) {
		fprintf(stderr, "worldbench: bound: process bound 64 reached "
		    "(999 processes)\n");
		return (241);
	}
	if (argc == 2 && strcmp(argv[1], "unbind") == 0)
		return (unbind());
	if (argc == 3 && strcmp(argv[1], "unbound-procs") == 0)
		return (unbound(atol(argv[2]), 0));
	if (argc == 4 && strcmp(argv[1], "unbound-memory") == 0)
		return (unbound(atol(argv[2]), atol(argv[3])));
	fprintf(stderr, "usage: confine_probe tiocsti|tiocsti-own|tioclinux|"
	    "chmod|plant|read-key|read|echo|all|unbind|unbound-procs|"
	    "unbound-memory|forge-bound ...\n");
	return (2);
}
