/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Resource bounds of a confined command (lib/sandbox/bounds.c): the size of its
 * private /tmp, the number of its processes and the memory they hold.
 * The kernel enforces what it can (tmpfs size=, RLIMIT_NPROC for a
 * mapped uid, RLIMIT_AS per process); the namespace's init samples the
 * rest every 250 ms and ends the command when a bound is reached.  Init
 * is out of the command's reach (not dumpable: no ptrace, no
 * /proc/1/mem or /proc/1/fd, no process_vm_* or pidfd_getfd; a PID
 * namespace's init gets no signal from inside but those it handles), and
 * it reports the bound to the relay outside the namespace, which writes
 * one line on stderr carrying the runner's seal, a random word the
 * command never sees: only a sealed line names a bound, so a command
 * cannot forge one with its own stderr or exit status.
 */
#ifndef WB_BOUNDS_H
#define WB_BOUNDS_H

#include <stddef.h>
#include <stdint.h>

struct wb_spawn_result;

#define WB_BOUNDS_SEAL_LEN	32	/* hex digits */

struct wb_bounds {
	uint64_t	tmp_size;	/* bytes of the private /tmp */
	long		procs;		/* processes of one command */
	uint64_t	memory;		/* bytes: per process, and all resident */
	/* The runner's seal ("" until wb_bounds_seal_new). */
	char		seal[WB_BOUNDS_SEAL_LEN + 1];
};

#define WB_BOUNDS_TMP_DEFAULT		(1ULL << 30)		/* 1 GiB */
#define WB_BOUNDS_PROCS_DEFAULT		256
#define WB_BOUNDS_MEMORY_DEFAULT	(4ULL << 30)		/* 4 GiB */

/* The relay's line on stderr: this, the seal, a space, the bound. */
#define WB_BOUNDS_TAG		"worldbench: bound: "

struct wb_err;

/* The default limits, no seal. */
void	wb_bounds_default(struct wb_bounds *);
/* The limits of src into dst; dst keeps its seal. */
void	wb_bounds_set_limits(struct wb_bounds *dst, const struct wb_bounds *);
/* A new random seal (getrandom(2)); -1 with err set. */
int	wb_bounds_seal_new(struct wb_bounds *, struct wb_err *);
/*
 * A size: digits with an optional k, m, g or t suffix (binary units,
 * case ignored).  -1 for anything else, zero included.
 */
int	wb_bounds_parse_size(const char *, uint64_t *);
/* "2 GiB", "512 MiB", "4096 B" into buf. */
void	wb_bounds_format(uint64_t, char *buf, size_t len);

/*
 * In the child, before the root turns read-only: an O_PATH descriptor of
 * scratch (a directory inside root) to bind into the private /tmp, or -1
 * after writing why on fd 2.
 */
int	wb_bounds_scratch_open(const char *root, const char *scratch);
/*
 * In the child: mount the private /tmp of root (a tmpfs of tmp_size) and,
 * when sfd != -1, bind sfd at scratch inside it (nosuid, nodev).
 */
int	wb_bounds_tmp_mount(const char *root, const struct wb_bounds *,
	    const char *scratch, int sfd);
/* In the child: RLIMIT_NPROC and RLIMIT_AS. */
int	wb_bounds_rlimits(const struct wb_bounds *);
/*
 * In the namespace's init: sample every 250 ms from now on (SIGALRM,
 * which interrupts its wait).  wb_bounds_watch_check() returns the bound
 * reached (WB_BOUND_*, with what names it in words), else 0.
 */
void	wb_bounds_watch_start(const struct wb_bounds *);
int	wb_bounds_watch_check(char *what, size_t len);
/*
 * What check returns, and the exit status the relay then ends with.  A
 * command may exit with these too: only the sealed line names a bound.
 */
#define WB_BOUND_PROCS		1
#define WB_BOUND_MEMORY		2
#define WB_BOUND_TMP		3
#define WB_BOUNDS_STATUS(b)	(240 + (b))

/* In the relay: the sealed line naming what was reached, on fd 2. */
void	wb_bounds_report(const struct wb_bounds *, const char *what);

/*
 * In the runner, after the command: the bound it reached, from the
 * relay's sealed line on stderr (which is then cut out of res->err) or
 * from the largest resident set (a process stopped by RLIMIT_AS),
 * written to buf.  1 when found, else 0.
 */
int	wb_bounds_reason(const struct wb_bounds *, struct wb_spawn_result *,
	    char *buf, size_t len);

#endif
