/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * syscall: the system call overhead mix.  One unit of work is
 * close(dup(fd)), a real getpid (through syscall(2), so no libc cache
 * can answer it), getuid and umask.
 */
#include <sys/stat.h>
#include <sys/syscall.h>

#include <unistd.h>

#include "bench.h"

int
main(int argc, char **argv)
{
	unsigned long long count;
	double secs, start, elapsed;
	pid_t self;
	int fd;

	secs = bench_args(argc, argv, 0, "");
	self = getpid();
	count = 0;
	bench_arm(secs);
	start = bench_now();
	while (!bench_stop) {
		if ((fd = dup(2)) == -1)
			bench_fail("dup");
		if (close(fd) == -1)
			bench_fail("close");
		if ((pid_t)syscall(SYS_getpid) != self)
			bench_failx("getpid returned a different process id");
		(void)getuid();
		(void)umask(022);
		count++;
	}
	elapsed = bench_now() - start;
	bench_count(count, 1, "lps", elapsed);
}
