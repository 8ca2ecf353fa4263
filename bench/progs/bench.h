/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shared timer and reporting code for the worldbench measurement programs.
 *
 * Every program is invoked as "<id> SECONDS [ARGS...]", counts units of
 * work until the timer fires and writes exactly one line to stderr:
 *
 *	COUNT|<count>|<timebase>|<unit>|<elapsed>
 *
 * or, on a runtime failure, "ERROR|<message>" and exit status 1.  Usage
 * errors exit with status 64.  These programs use libc only, so they link
 * statically and run in an empty root.
 */
#ifndef BENCH_H
#define BENCH_H

#include <signal.h>

#define	BENCH_EX_USAGE	64

/* Set by the SIGALRM handler; the measuring loop polls it. */
extern volatile sig_atomic_t bench_stop;

/* Parse a decimal duration ("10", "0.5"); -1 unless finite and > 0. */
int	bench_parse_seconds(const char *, double *);

/*
 * Check argc, parse argv[1] as the duration and return it; on a usage
 * error print "usage: <prog> SECONDS <extra>" and exit 64.
 */
double	bench_args(int, char **, int, const char *);

/* Arm a one-shot ITIMER_REAL for the given seconds; exits on failure. */
void	bench_arm(double);

/* CLOCK_MONOTONIC in seconds; exits on failure. */
double	bench_now(void);

/* Report an integer count and exit 0. */
void	bench_count(unsigned long long, int, const char *, double)
	    __attribute__((__noreturn__));

/* Report a rate (timebase 0) and exit 0. */
void	bench_rate(double, const char *, double)
	    __attribute__((__noreturn__));

/* Report "ERROR|<message>[: strerror(errno)]" and exit 1. */
void	bench_fail(const char *, ...)
	    __attribute__((__noreturn__, __format__(__printf__, 1, 2)));
void	bench_failx(const char *, ...)
	    __attribute__((__noreturn__, __format__(__printf__, 1, 2)));

#endif
