/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Timer, argument parsing and result reporting shared by the measurement
 * programs.  The signal handler only sets bench_stop; everything else
 * happens in the measuring loop or after it.
 */
#include <sys/time.h>

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

volatile sig_atomic_t bench_stop;

static const char *progname = "bench";

static void
on_alarm(int sig)
{

	(void)sig;
	bench_stop = 1;
}

int
bench_parse_seconds(const char *s, double *secs)
{
	char *end;
	double d;

	if (s == NULL || *s == '\0' || *s == '-' || *s == '+' ||
	    *s == ' ' || *s == '\t')
		return (-1);
	errno = 0;
	d = strtod(s, &end);
	if (errno != 0 || *end != '\0' || !isfinite(d) || d <= 0.0 ||
	    d > 86400.0)
		return (-1);
	/* Reject hexadecimal and "inf"/"nan" spellings strtod accepts. */
	if (strspn(s, "0123456789.") != strlen(s))
		return (-1);
	*secs = d;
	return (0);
}

double
bench_args(int argc, char **argv, int nextra, const char *extra)
{
	const char *p;
	double secs;

	if (argc > 0 && argv[0] != NULL) {
		p = strrchr(argv[0], '/');
		progname = p != NULL ? p + 1 : argv[0];
	}
	if (argc != 2 + nextra || bench_parse_seconds(argv[1], &secs) == -1) {
		(void)fprintf(stderr, "usage: %s SECONDS%s%s\n", progname,
		    extra[0] != '\0' ? " " : "", extra);
		exit(BENCH_EX_USAGE);
	}
	return (secs);
}

void
bench_arm(double secs)
{
	struct sigaction sa;
	struct itimerval it;
	sigset_t set;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	if (sigemptyset(&sa.sa_mask) == -1)
		bench_fail("sigemptyset");
	/* No SA_RESTART: a blocking call returns EINTR when time is up. */
	sa.sa_flags = 0;
	if (sigaction(SIGALRM, &sa, NULL) == -1)
		bench_fail("sigaction SIGALRM");
	/* A caller may have left SIGALRM blocked; the loop would never end. */
	if (sigemptyset(&set) == -1 || sigaddset(&set, SIGALRM) == -1 ||
	    sigprocmask(SIG_UNBLOCK, &set, NULL) == -1)
		bench_fail("sigprocmask");
	bench_stop = 0;
	memset(&it, 0, sizeof(it));
	it.it_value.tv_sec = (time_t)secs;
	it.it_value.tv_usec = (suseconds_t)((secs - (double)(time_t)secs) *
	    1e6);
	if (it.it_value.tv_sec == 0 && it.it_value.tv_usec == 0)
		it.it_value.tv_usec = 1;
	if (setitimer(ITIMER_REAL, &it, NULL) == -1)
		bench_fail("setitimer");
}

double
bench_now(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) == -1)
		bench_fail("clock_gettime CLOCK_MONOTONIC");
	return ((double)ts.tv_sec + (double)ts.tv_nsec / 1e9);
}

static void
emit(const char *line)
{

	if (fputs(line, stderr) == EOF || fflush(stderr) == EOF)
		exit(1);
}

void
bench_count(unsigned long long count, int timebase, const char *unit,
    double elapsed)
{
	char line[160];

	(void)snprintf(line, sizeof(line), "COUNT|%llu|%d|%s|%.6f\n", count,
	    timebase, unit, elapsed);
	emit(line);
	exit(0);
}

void
bench_rate(double rate, const char *unit, double elapsed)
{
	char line[160];

	(void)snprintf(line, sizeof(line), "COUNT|%.3f|0|%s|%.6f\n", rate,
	    unit, elapsed);
	emit(line);
	exit(0);
}

static void __attribute__((__noreturn__))
vfail(int witherr, const char *fmt, va_list ap)
{
	char msg[256], line[400];
	int serr;

	serr = errno;
	(void)vsnprintf(msg, sizeof(msg), fmt, ap);
	if (witherr)
		(void)snprintf(line, sizeof(line), "ERROR|%s: %s: %s\n",
		    progname, msg, strerror(serr));
	else
		(void)snprintf(line, sizeof(line), "ERROR|%s: %s\n", progname,
		    msg);
	(void)fputs(line, stderr);
	exit(1);
}

void
bench_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(1, fmt, ap);
	va_end(ap);
}

void
bench_failx(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(0, fmt, ap);
	va_end(ap);
}
