/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * seccomp-cost: what the chroot runner's seccomp filter
 * (lib/sandbox/chroot_seccomp.c) costs the two tests that are nothing but system
 * calls.  Each round forks two children, one that loads the filter
 * exactly as a confined command does and one that does not, and each
 * times, in CPU time, a loop of getpid(2) (System Call Overhead) and a
 * loop of 512-byte write and read on a pipe (Pipe Throughput).  The
 * children run one after the other, in an order that alternates by
 * round, so that load common to both cancels in the paired ratio.
 * Prints one line per round and the median ratios; see
 * bench/scripts/seccomp-cost.sh.
 *
 * usage: seccomp-cost [rounds [loops [filter]]]
 *	filter: "runner" (default, the runner's own), "empty" (an allow-all
 *	filter with no rule: the cost of being filtered at all) or "arg"
 *	(an allow-all filter whose one rule reads getpid's argument, so
 *	that the kernel cannot cache its verdict)
 */
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "wb_sandbox.h"
#include "wb_stats.h"
#include "wb_util.h"

static double
cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ((double)ts.tv_sec + (double)ts.tv_nsec / 1e9);
}

/* Nanoseconds of CPU per loop: getpid (which 0) or a pipe round trip. */
static double
loop(int which, long n)
{
	char buf[512];
	double t;
	long i;
	int p[2];

	memset(buf, 'x', sizeof(buf));
	if (pipe(p) == -1)
		exit(2);
	t = cpu_now();
	for (i = 0; i < n; i++) {
		if (which == 0)
			(void)syscall(SYS_getpid);
		else if (write(p[1], buf, sizeof(buf)) != sizeof(buf) ||
		    read(p[0], buf, sizeof(buf)) != sizeof(buf))
			exit(2);
	}
	t = cpu_now() - t;
	close(p[0]);
	close(p[1]);
	return (t / (double)n * 1e9);
}

static const char *filter = "runner";

static int
load_filter(void)
{
	scmp_filter_ctx ctx;
	int rc;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1)
		return (-1);
	if (strcmp(filter, "runner") == 0)
		return (wb_chroot_confine_syscalls());
	if ((ctx = seccomp_init(SCMP_ACT_ALLOW)) == NULL)
		return (-1);
	rc = 0;
	if (strcmp(filter, "arg") == 0)
		rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM),
		    SCMP_SYS(getpid), 1, SCMP_A0(SCMP_CMP_EQ, 12345));
	if (rc == 0)
		rc = seccomp_load(ctx);
	seccomp_release(ctx);
	return (rc == 0 ? 0 : -1);
}

/* One child: filtered or not; its two figures come back on a pipe. */
static int
child(int filtered, long n, double out[2])
{
	double v[2];
	pid_t pid;
	int p[2], st;

	if (pipe(p) == -1 || (pid = fork()) == -1)
		return (-1);
	if (pid == 0) {
		close(p[0]);
		if (filtered && load_filter() == -1)
			_exit(1);
		(void)loop(0, n / 10);	/* warm up */
		v[0] = loop(0, n);
		v[1] = loop(1, n / 4);
		_exit(write(p[1], v, sizeof(v)) == sizeof(v) ? 0 : 1);
	}
	close(p[1]);
	if (read(p[0], out, 2 * sizeof(double)) != 2 * sizeof(double)) {
		close(p[0]);
		(void)waitpid(pid, &st, 0);
		return (-1);
	}
	close(p[0]);
	if (waitpid(pid, &st, 0) == -1 || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0)
		return (-1);
	return (0);
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x < y ? -1 : x > y);
}

int
main(int argc, char **argv)
{
	static const char *const name[] = { "getpid", "pipe" };
	double plain[2], filt[2], *r[2], *pl[2], *fl[2];
	struct wb_welch w;
	struct wb_err e;
	long n, rounds, i;
	int k;

	rounds = argc > 1 ? atol(argv[1]) : 10;
	n = argc > 2 ? atol(argv[2]) : 2000000;
	if (argc > 3)
		filter = argv[3];
	if (rounds < 1 || n < 1000 || (strcmp(filter, "runner") != 0 &&
	    strcmp(filter, "empty") != 0 && strcmp(filter, "arg") != 0)) {
		fprintf(stderr, "usage: seccomp-cost [rounds [loops "
		    "[runner|empty|arg]]]\n");
		return (64);
	}
	for (k = 0; k < 2; k++) {
		r[k] = calloc((size_t)rounds, sizeof(double));
		pl[k] = calloc((size_t)rounds, sizeof(double));
		fl[k] = calloc((size_t)rounds, sizeof(double));
		if (r[k] == NULL || pl[k] == NULL || fl[k] == NULL)
			return (1);
	}
	printf("round  getpid ns: plain filtered ratio   pipe ns: plain "
	    "filtered ratio\n");
	for (i = 0; i < rounds; i++) {
		if ((i % 2 == 0 && (child(0, n, plain) == -1 ||
		    child(1, n, filt) == -1)) || (i % 2 == 1 &&
		    (child(1, n, filt) == -1 || child(0, n, plain) == -1))) {
			fprintf(stderr, "seccomp-cost: a child failed (root or "
			    "no_new_privs needed, and seccomp)\n");
			return (1);
		}
		for (k = 0; k < 2; k++) {
			r[k][i] = filt[k] / plain[k];
			pl[k][i] = plain[k];
			fl[k][i] = filt[k];
		}
		printf("%5ld  %16.1f %8.1f %5.3f  %14.1f %8.1f %5.3f\n", i + 1,
		    plain[0], filt[0], r[0][i], plain[1], filt[1], r[1][i]);
	}
	for (k = 0; k < 2; k++)
		qsort(r[k], (size_t)rounds, sizeof(double), cmp);
	printf("median filtered/plain CPU time per loop (%s filter): getpid "
	    "%.3f, pipe %.3f (%ld rounds)\n", filter, r[0][rounds / 2],
	    r[1][rounds / 2], rounds);
	for (k = 0; k < 2; k++) {
		if (wb_stats_paired_log(pl[k], fl[k], (size_t)rounds, 0.95, &w,
		    &e) == -1) {
			fprintf(stderr, "seccomp-cost: %s\n", e.msg);
			return (1);
		}
		if (w.have_ci)
			printf("%s filtered/plain: %.3f [%.3f, %.3f] (95%%, "
			    "paired by round, t with %.0f df)\n", name[k],
			    w.ratio, w.lo, w.hi, w.df);
		else
			printf("%s filtered/plain: %.3f (no interval: %s)\n",
			    name[k], w.ratio, rounds < 2 ? "one round" :
			    "no spread");
	}
	return (0);
}
