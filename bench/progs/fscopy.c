/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fscopy: file copy throughput, built three times with different
 * parameters (fstime, fsbuffer, fsdisk).  File A is written and read
 * once to prime the page cache, then copied to file B with read(2) and
 * write(2) of FS_BUFSIZE bytes, rewinding both files after FS_MAXBLOCKS
 * KB.  The result is the number of KB copied (read from A and written
 * to B, counted once) per second.
 */
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

#ifndef FS_BUFSIZE
#define	FS_BUFSIZE	1024
#endif
#ifndef FS_MAXBLOCKS
#define	FS_MAXBLOCKS	2000
#endif

#define	FS_NBUFS	((FS_MAXBLOCKS * 1024L) / FS_BUFSIZE)
#define	FS_FILE_A	"wb-fscopy.a"
#define	FS_FILE_B	"wb-fscopy.b"

static int created_a, created_b;

static void
cleanup(void)
{

	if (created_a)
		(void)unlink(FS_FILE_A);
	if (created_b)
		(void)unlink(FS_FILE_B);
}

static int
create(const char *name, int *created)
{
	int fd;

	if ((fd = open(name, O_RDWR | O_CREAT | O_EXCL, 0600)) == -1)
		bench_fail("create %s", name);
	*created = 1;
	return (fd);
}

static void
rewind_fd(int fd, const char *name)
{

	if (lseek(fd, 0, SEEK_SET) == -1)
		bench_fail("lseek %s", name);
}

/* Fill A with FS_MAXBLOCKS KB, then read it all back. */
static void
prime(int fd, char *buf)
{
	long i;
	ssize_t n;

	for (i = 0; i < FS_NBUFS; i++) {
		memset(buf, 'a' + (int)(i % 26), FS_BUFSIZE);
		if ((n = write(fd, buf, FS_BUFSIZE)) != FS_BUFSIZE)
			bench_fail("priming write to %s returned %zd",
			    FS_FILE_A, n);
	}
	if (fsync(fd) == -1)
		bench_fail("fsync %s", FS_FILE_A);
	rewind_fd(fd, FS_FILE_A);
	for (i = 0; i < FS_NBUFS; i++) {
		if ((n = read(fd, buf, FS_BUFSIZE)) != FS_BUFSIZE)
			bench_fail("priming read of %s returned %zd",
			    FS_FILE_A, n);
	}
	if (buf[0] != 'a' + (int)((FS_NBUFS - 1) % 26))
		bench_failx("priming read of %s returned wrong data",
		    FS_FILE_A);
}

int
main(int argc, char **argv)
{
	static char buf[FS_BUFSIZE];
	unsigned long long blocks;
	double secs, start, elapsed;
	long inround;
	ssize_t n;
	int a, b;

	secs = bench_args(argc, argv, 0, "");
	if (atexit(cleanup) != 0)
		bench_failx("atexit failed");
	a = create(FS_FILE_A, &created_a);
	b = create(FS_FILE_B, &created_b);
	prime(a, buf);
	rewind_fd(a, FS_FILE_A);
	blocks = 0;
	inround = 0;
	bench_arm(secs);
	start = bench_now();
	while (!bench_stop) {
		if ((n = read(a, buf, FS_BUFSIZE)) != FS_BUFSIZE) {
			if (n == -1 && errno == EINTR)
				break;
			bench_fail("read %s returned %zd", FS_FILE_A, n);
		}
		if ((n = write(b, buf, FS_BUFSIZE)) != FS_BUFSIZE) {
			if (n == -1 && errno == EINTR)
				break;
			bench_fail("write %s returned %zd", FS_FILE_B, n);
		}
		blocks++;
		if (++inround == FS_NBUFS) {
			rewind_fd(a, FS_FILE_A);
			rewind_fd(b, FS_FILE_B);
			inround = 0;
		}
	}
	elapsed = bench_now() - start;
	if (close(a) == -1 || close(b) == -1)
		bench_fail("close");
	bench_rate((double)blocks * FS_BUFSIZE / 1024.0 / elapsed, "KBps",
	    elapsed);
}
