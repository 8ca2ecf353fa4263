/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A hostile bench program for tests/safety/bounds_test.sh, static so
 * that it runs in a root with nothing else.  What it does depends on the
 * name it runs under (the suite id it stands in for) or on argv[1]:
 *
 *	spawn, forkbomb		fork without end, in every child too
 *	syscall, memhog		allocate and touch 16 MiB at a time, then hold
 *	pipe, tmpfill		write /tmp/fill until the disk is full, then hold
 *	dhry2reg		a well-behaved pass: one COUNT line
 *	ids			the id maps, and chmod of /dev/null to its own
 *				mode ("chmod ok" or "chmod refused: ...")
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void
cat(const char *path)
{
	char buf[512];
	ssize_t n;
	int fd;

	if ((fd = open(path, O_RDONLY)) == -1)
		return;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		fwrite(buf, 1, (size_t)n, stdout);
	close(fd);
}

int
main(int argc, char **argv)
{
	static char block[1 << 16];
	struct stat st;
	const char *what;
	char *p;
	int fd;

	what = basename(argv[0]);
	if (argc > 1 && strcmp(what, "probe") == 0)
		what = argv[1];
	if (strcmp(what, "spawn") == 0 || strcmp(what, "forkbomb") == 0) {
		for (;;)
			(void)fork();
	}
	if (strcmp(what, "syscall") == 0 || strcmp(what, "memhog") == 0) {
		for (;;) {
			if ((p = malloc(16 << 20)) == NULL)
				break;
			memset(p, 1, 16 << 20);
		}
		sleep(120);
		return (1);
	}
	if (strcmp(what, "pipe") == 0 || strcmp(what, "tmpfill") == 0) {
		memset(block, 'x', sizeof(block));
		if ((fd = open("/tmp/fill", O_WRONLY | O_CREAT, 0600)) == -1)
			return (2);
		while (write(fd, block, sizeof(block)) > 0)
			continue;
		sleep(120);
		return (1);
	}
	if (strcmp(what, "dhry2reg") == 0) {
		fprintf(stderr, "COUNT|1000|1|lps|1.000\n");
		return (0);
	}
	if (strcmp(what, "ids") == 0) {
		cat("/proc/self/uid_map");
		cat("/proc/self/gid_map");
		printf("uid %d gid %d\n", (int)getuid(), (int)getgid());
		if (stat("/dev/null", &st) == -1 ||
		    chmod("/dev/null", st.st_mode & 07777) == -1)
			printf("chmod refused: %s\n", strerror(errno));
		else
			printf("chmod ok\n");
		return (0);
	}
	fprintf(stderr, "ERROR|%s: unknown probe\n", what);
	return (2);
}
