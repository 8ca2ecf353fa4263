/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pipe: one process writes 512 bytes into its own pipe and reads them
 * back.  One write plus one read is one unit of work.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

#define	PIPE_BLOCK	512

int
main(int argc, char **argv)
{
	char buf[PIPE_BLOCK];
	unsigned long long count;
	double secs, start, elapsed;
	ssize_t n;
	int fd[2];

	secs = bench_args(argc, argv, 0, "");
	if (pipe(fd) == -1)
		bench_fail("pipe");
	memset(buf, 'p', sizeof(buf));
	count = 0;
	bench_arm(secs);
	start = bench_now();
	while (!bench_stop) {
		if ((n = write(fd[1], buf, sizeof(buf))) != (ssize_t)sizeof(buf)) {
			if (n == -1 && errno == EINTR)
				break;
			bench_fail("write to pipe returned %zd", n);
		}
		if ((n = read(fd[0], buf, sizeof(buf))) != (ssize_t)sizeof(buf)) {
			if (n == -1 && errno == EINTR)
				break;
			bench_fail("read from pipe returned %zd", n);
		}
		count++;
	}
	elapsed = bench_now() - start;
	if (close(fd[0]) == -1 || close(fd[1]) == -1)
		bench_fail("close pipe");
	bench_count(count, 1, "lps", elapsed);
}
