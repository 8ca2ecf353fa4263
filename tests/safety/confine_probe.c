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
 */
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>

#include <linux/keyctl.h>

#include <errno.h>
#include <fcntl.h>
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
	fprintf(stderr, "usage: confine_probe tiocsti|tiocsti-own|tioclinux|"
	    "chmod|plant|read-key|read|echo|all ...\n");
	return (2);
}
