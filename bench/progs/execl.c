/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * execl: exec throughput.  The program replaces itself with execv(2) of
 * its own binary, passing the exec count and the start time along; no
 * fork is involved.  One exec is one unit of work.  The process that
 * finds the duration used up reports the count.
 *
 * A timer cannot survive the exec with its handler, so each process
 * compares CLOCK_MONOTONIC (system-wide, so comparable across execs)
 * with the start time instead.
 *
 * Private internal form: execl SECONDS -x COUNT START_NS
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

static unsigned long long
now_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) == -1)
		bench_fail("clock_gettime CLOCK_MONOTONIC");
	return ((unsigned long long)ts.tv_sec * 1000000000ULL +
	    (unsigned long long)ts.tv_nsec);
}

static unsigned long long
parse_ull(const char *s)
{
	unsigned long long v;
	char *end;

	if (*s < '0' || *s > '9')
		bench_failx("bad internal argument '%s'", s);
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0')
		bench_failx("bad internal argument '%s'", s);
	return (v);
}

/* The path to exec: argv[0] if it names a file, else /proc/self/exe. */
static char *
self_path(const char *argv0)
{
	static char path[PATH_MAX];
	ssize_t n;

	if (strchr(argv0, '/') != NULL) {
		if (strlen(argv0) >= sizeof(path))
			bench_failx("program path too long");
		(void)strcpy(path, argv0);
		return (path);
	}
	if ((n = readlink("/proc/self/exe", path, sizeof(path) - 1)) == -1)
		bench_fail("cannot find own binary (argv[0] has no '/')");
	path[n] = '\0';
	return (path);
}

static void __attribute__((__noreturn__))
next_exec(char *path, char *secs, unsigned long long count,
    unsigned long long start)
{
	char cbuf[32], sbuf[32];
	char *nargv[6];

	(void)snprintf(cbuf, sizeof(cbuf), "%llu", count);
	(void)snprintf(sbuf, sizeof(sbuf), "%llu", start);
	nargv[0] = path;
	nargv[1] = secs;
	nargv[2] = (char *)"-x";
	nargv[3] = cbuf;
	nargv[4] = sbuf;
	nargv[5] = NULL;
	(void)execv(path, nargv);
	bench_fail("execv %s", path);
}

int
main(int argc, char **argv)
{
	unsigned long long count, start, now, limit;
	double secs;

	if (argc == 5 && strcmp(argv[2], "-x") == 0) {
		if (bench_parse_seconds(argv[1], &secs) == -1)
			bench_failx("bad internal duration '%s'", argv[1]);
		(void)bench_args(2, argv, 0, "");
		count = parse_ull(argv[3]);
		start = parse_ull(argv[4]);
		limit = (unsigned long long)(secs * 1e9);
		now = now_ns();
		if (now - start >= limit)
			bench_count(count, 1, "lps", (double)(now - start) / 1e9);
		next_exec(argv[0], argv[1], count + 1, start);
	}
	secs = bench_args(argc, argv, 0, "");
	next_exec(self_path(argv[0]), argv[1], 1, now_ns());
}
