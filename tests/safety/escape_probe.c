/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * escape_probe: one escape attempt from inside a chroot, for
 * tests/safety/escape_test.c.  Linked statically, so that it runs in a
 * root holding nothing else.  Prints one line saying what happened and
 * exits 0 when the attempt worked, 1 when it was refused, 2 on misuse.
 *
 *	escape_probe chroot-escape HOSTFILE	chroot(2) escape, then write
 *	escape_probe mknod PATH			a char device (1,3), then open it
 *	escape_probe write PATH TEXT		create or truncate and write
 *	escape_probe open-w PATH		open for writing, write nothing
 *	escape_probe unlink PATH
 *	escape_probe fd N			is descriptor N open here?
 *	escape_probe setuid PROGRAM		become 65534, then exec PROGRAM ids
 *	escape_probe ids			uid, euid, effective capabilities
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

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
write_text(const char *path, const char *text)
{
	int fd;

	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644)) == -1)
		return (refused(path));
	if (write(fd, text, strlen(text)) != (ssize_t)strlen(text)) {
		close(fd);
		return (refused(path));
	}
	if (close(fd) == -1)
		return (refused(path));
	printf("wrote %s\n", path);
	return (0);
}

/* The classic: a chroot below the cwd leaves the cwd outside the root. */
static int
chroot_escape(const char *hostfile)
{
	int i;

	if (mkdir("x", 0700) == -1 && errno != EEXIST)
		return (refused("mkdir x"));
	if (chroot("x") == -1)
		return (refused("chroot x"));
	for (i = 0; i < 64; i++)
		if (chdir("..") == -1)
			return (refused("chdir .."));
	if (chroot(".") == -1)
		return (refused("chroot ."));
	return (write_text(hostfile, "escaped\n"));
}

static int
make_node(const char *path)
{
	int fd;

	if (mknod(path, S_IFCHR | 0666, makedev(1, 3)) == -1)
		return (refused(path));
	if ((fd = open(path, O_WRONLY)) == -1)
		return (refused(path));
	close(fd);
	printf("made and opened %s\n", path);
	return (0);
}

static int
ids(void)
{
	char line[256], cap[64];
	FILE *f;

	cap[0] = '\0';
	if ((f = fopen("/proc/self/status", "r")) == NULL)
		return (refused("/proc/self/status"));
	while (fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "CapEff: %63s", cap) == 1)
			break;
	fclose(f);
	printf("uid=%ld euid=%ld capeff=%s\n", (long)getuid(),
	    (long)geteuid(), cap);
	return (0);
}

static int
become_nobody(const char *prog)
{

	if (setuid(65534) == -1)
		printf("setuid 65534 refused: %s\n", strerror(errno));
	fflush(stdout);
	execl(prog, prog, "ids", (char *)NULL);
	return (refused(prog));
}

int
main(int argc, char **argv)
{
	char path[64];
	int fd;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 3 && strcmp(argv[1], "chroot-escape") == 0)
		return (chroot_escape(argv[2]));
	if (argc == 3 && strcmp(argv[1], "mknod") == 0)
		return (make_node(argv[2]));
	if (argc == 4 && strcmp(argv[1], "write") == 0)
		return (write_text(argv[2], argv[3]));
	if (argc == 3 && strcmp(argv[1], "open-w") == 0) {
		if ((fd = open(argv[2], O_WRONLY)) == -1)
			return (refused(argv[2]));
		close(fd);
		printf("opened %s for writing\n", argv[2]);
		return (0);
	}
	if (argc == 3 && strcmp(argv[1], "unlink") == 0) {
		if (unlink(argv[2]) == -1)
			return (refused(argv[2]));
		printf("removed %s\n", argv[2]);
		return (0);
	}
	if (argc == 3 && strcmp(argv[1], "fd") == 0) {
		snprintf(path, sizeof(path), "/proc/self/fd/%s", argv[2]);
		if (access(path, F_OK) == -1)
			return (refused(path));
		printf("open: %s\n", path);
		return (0);
	}
	if (argc == 3 && strcmp(argv[1], "setuid") == 0)
		return (become_nobody(argv[2]));
	if (argc == 2 && strcmp(argv[1], "ids") == 0)
		return (ids());
	fprintf(stderr, "usage: escape_probe chroot-escape|mknod|write|open-w|"
	    "unlink|fd|setuid|ids ...\n");
	return (2);
}
