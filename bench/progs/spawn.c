/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * spawn: process creation.  One unit of work is a fork(2) whose child
 * exits at once and the parent's waitpid(2) for it.  The child calls
 * exit(), as UnixBench's does, not _exit(): exit handlers, stdio and
 * the shared objects' destructors run, which is part of what the test
 * costs there.  Nothing is buffered in stdio here, so nothing is
 * written twice.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "bench.h"

int
main(int argc, char **argv)
{
	unsigned long long count;
	double secs, start, elapsed;
	pid_t pid;
	int status;

	secs = bench_args(argc, argv, 0, "");
	count = 0;
	bench_arm(secs);
	start = bench_now();
	while (!bench_stop) {
		if ((pid = fork()) == -1)
			bench_fail("fork");
		if (pid == 0)
			exit(0);
		while (waitpid(pid, &status, 0) == -1) {
			if (errno != EINTR)
				bench_fail("waitpid");
		}
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			bench_failx("child did not exit with status 0");
		count++;
	}
	elapsed = bench_now() - start;
	bench_count(count, 1, "lps", elapsed);
}
