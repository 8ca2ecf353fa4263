/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Pre-flight check of the host before a benchmark run: what makes
 * numbers noisy.  Load average, the busiest other processes (CPU share
 * over a short sampling window, from /proc), the CPU frequency governor,
 * SMT, swap in use, and /dev/kvm for qemu.  The result can be printed
 * and stored in a results file's provenance (wb_preflight_json).
 *
 * The host is "busy" when the 1-minute load average is at least half the
 * number of CPUs, or another process used at least WB_PREFLIGHT_BUSY_PCT
 * percent of one CPU during the window.
 */
#ifndef WB_PREFLIGHT_H
#define WB_PREFLIGHT_H

#include <sys/types.h>

#include <stddef.h>

#include <jansson.h>

#include "wb_util.h"

struct wb_err;

#define WB_PREFLIGHT_BUSY_PCT	10.0
#define WB_PREFLIGHT_TOP	5

struct wb_busy {
	pid_t	pid;
	char	comm[64];
	double	cpu_pct;	/* of one CPU, over the window */
};

struct wb_preflight {
	double		load[3];
	long		ncpu;
	struct wb_busy	top[WB_PREFLIGHT_TOP];
	size_t		ntop;
	char		governor[32];	/* "" when cpufreq is absent */
	int		smt;		/* 1 on, 0 off, -1 unknown */
	long		swap_total_kb, swap_used_kb;
	int		kvm;		/* /dev/kvm can be opened read-write */
	int		busy;
	char		**warnings;	/* why the numbers may be noisy */
	size_t		nwarnings;
};

/* Where to look; NULL fields mean the real /proc, /sys and /dev/kvm. */
struct wb_preflight_src {
	const char	*proc;
	const char	*sys;
	const char	*kvm;
	double		 window;	/* seconds between /proc samples */
	pid_t		 self;		/* excluded from the busy list */
};

int	wb_preflight_run(const struct wb_preflight_src *,
	    struct wb_preflight *, struct wb_err *);
void	wb_preflight_fini(struct wb_preflight *);
/* A new JSON object for provenance "preflight"; NULL on allocation failure. */
json_t	*wb_preflight_json(const struct wb_preflight *);

/*
 * The check before a measurement (preflight_check.c): the real host
 * over half a second, each warning said to warn as "preflight: ..."
 * unless quiet (said even then when strict refuses).  The record for
 * provenance, or NULL with err set: *refused when strict and the host
 * is busy (err says its load), else the check itself failed.
 */
json_t	*wb_preflight_check(int strict, int quiet, wb_note_fn *warn,
	    void *arg, int *refused, struct wb_err *);

/*
 * Parse one /proc/PID/stat line: the command (between the first '(' and
 * the last ')') and utime + stime in clock ticks.
 */
int	wb_preflight_parse_stat(const char *line, char *comm, size_t commlen,
	    unsigned long long *ticks);

#endif
