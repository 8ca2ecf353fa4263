/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * context1: pipe-based context switching.  A parent and a child pass an
 * incrementing integer back and forth over two pipes; each side checks
 * the value it receives.  One round trip is one unit of work.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <signal.h>
#include <unistd.h>

#include "bench.h"

/* Read exactly one value; 0 at end of file, -1 on error or EINTR. */
static int
get(int fd, unsigned long *v)
{
	ssize_t n;

	n = read(fd, v, sizeof(*v));
	if (n == (ssize_t)sizeof(*v))
		return (1);
	if (n == 0)
		return (0);
	if (n > 0)
		errno = EIO;
	return (-1);
}

static int
put(int fd, unsigned long v)
{

	return (write(fd, &v, sizeof(v)) == (ssize_t)sizeof(v) ? 0 : -1);
}

/* The child echoes every value back; it exits 0 at end of file. */
static void
echo_child(int in, int out)
{
	unsigned long expect, v;
	int r;

	for (expect = 0;; expect++) {
		if ((r = get(in, &v)) == 0)
			_exit(0);
		if (r == -1 || v != expect || put(out, v) == -1)
			_exit(2);
	}
}

int
main(int argc, char **argv)
{
	unsigned long long count;
	unsigned long v;
	double secs, start, elapsed;
	pid_t pid;
	int down[2], up[2], r, status;

	secs = bench_args(argc, argv, 0, "");
	if (pipe(down) == -1 || pipe(up) == -1)
		bench_fail("pipe");
	/* The child may be gone when we write; report it, do not die. */
	if (signal(SIGPIPE, SIG_IGN) == SIG_ERR)
		bench_fail("signal SIGPIPE");
	if ((pid = fork()) == -1)
		bench_fail("fork");
	if (pid == 0) {
		if (close(down[1]) == -1 || close(up[0]) == -1)
			_exit(2);
		echo_child(down[0], up[1]);
	}
	if (close(down[0]) == -1 || close(up[1]) == -1)
		bench_fail("close");
	count = 0;
	bench_arm(secs);
	start = bench_now();
	while (!bench_stop) {
		if (put(down[1], (unsigned long)count) == -1) {
			if (errno == EINTR)
				break;
			bench_fail("write to child");
		}
		while ((r = get(up[0], &v)) == -1 && errno == EINTR)
			continue;
		if (r != 1)
			bench_failx("child stopped answering");
		if (v != (unsigned long)count)
			bench_failx("child returned %lu, expected %llu", v,
			    count);
		count++;
	}
	elapsed = bench_now() - start;
	if (close(down[1]) == -1)
		bench_fail("close");
	while (waitpid(pid, &status, 0) == -1) {
		if (errno != EINTR)
			bench_fail("waitpid");
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		bench_failx("child failed its value check");
	if (close(up[0]) == -1)
		bench_fail("close");
	bench_count(count, 1, "lps", elapsed);
}
