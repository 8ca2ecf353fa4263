/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Booting a kernel and initramfs under qemu-system-x86_64: the argv, the
 * accelerator and timing choice, and one boot with a timeout that kills
 * qemu's whole process group.  The serial console goes to a file that
 * the caller parses (lib/guest/serial.h).
 *
 * Timing modes: "icount" (-icount shift=3,sleep=off, TCG only) makes
 * guest time advance with the instructions executed, so results do not
 * depend on the host's load; "wall" uses the host clock and needs
 * repeated boots.  KVM only has wall timing.  The timing, the
 * accelerator and the boots per kernel are decided in one place,
 * lib/guest/qemu_policy.h (the accelerator's mechanism is lib/guest/qemu_accel.h);
 * wb_qemu_argv only refuses what qemu cannot run.
 *
 * A boot whose console stays quiet for hang_timeout seconds is declared
 * hung and qemu's process group is killed at once.  Once the guest's
 * init has said hello, a pass may print nothing while it runs, so
 * pass_quiet more seconds of silence are allowed.
 */
#ifndef WB_QEMU_H
#define WB_QEMU_H

#include <stddef.h>

#include "wb_util.h"

struct wb_err;

#define WB_QEMU_ICOUNT_SHIFT	3
/*
 * Kernel parameters that fix the guest's address-space layout under
 * icount: the one thing that still differed between boots was where
 * mmap, the stack and the heap landed (and so how many page-table pages
 * and copy-on-write faults a fork costs: Process Creation varied by up
 * to 1.4% between passes and boots with them random, 0.000% without).
 * nokaslr does the same for kernels built with KASLR.
 */
#define WB_QEMU_FIXED_LAYOUT	"norandmaps nokaslr"
#define WB_QEMU_HANG_TIMEOUT	30.0	/* seconds of console silence */

enum wb_qemu_timing {
	WB_TIMING_ICOUNT,
	WB_TIMING_WALL
};

enum wb_qemu_accel {
	WB_ACCEL_TCG,
	WB_ACCEL_KVM
};

struct wb_qemu_conf {
	const char		*qemu;		/* NULL: WB_QEMU_DEFAULT */
	const char		*kernel;	/* bzImage */
	const char		*initrd;
	const char		*append;	/* extra kernel parameters */
	const char		*console_log;	/* serial console file */
	enum wb_qemu_accel	 accel;
	enum wb_qemu_timing	 timing;
	int			 icount_shift;	/* <= 0: the default */
	int			 memory_mb;	/* <= 0: 512 */
	int			 smp;		/* <= 0: 1 */
	double			 hang_timeout;	/* <= 0: no hang detection */
	double			 pass_quiet;	/* extra silence after init */
	int			 stop_at_init;	/* probe: stop at init's hello */
	const char		*plugin;	/* -plugin argument, or NULL */
	int			 randomize;	/* icount: keep ASLR/KASLR */
};

/* The first frame the guest init writes (lib/guest/serial.h). */
#define WB_QEMU_INIT_MARK	"WB|1|hello|"

/* What one boot did. */
struct wb_qemu_boot {
	int	 status;	/* qemu's exit status, 128 + signal */
	int	 timed_out;	/* killed by the per-boot timeout */
	int	 hung;		/* killed: console quiet for hung_after s */
	double	 hung_after;
	int	 reached_init;	/* init's hello frame is on the console */
	double	 init_wall;	/* host seconds until it was seen */
	double	 wall;		/* host seconds */
	char	*console;	/* the console capture, NUL-terminated */
	size_t	 len;
	char	*qemu_err;	/* qemu's stderr (bounded) */
};

const char		*wb_qemu_accel_name(enum wb_qemu_accel);
const char		*wb_qemu_timing_name(enum wb_qemu_timing);
int			 wb_qemu_timing_parse(const char *,
			    enum wb_qemu_timing *);

/*
 * The kernel parameters worldbench adds for the conf's determinism:
 * WB_QEMU_FIXED_LAYOUT under icount unless randomize is set, else NULL.
 */
const char		*wb_qemu_layout_params(const struct wb_qemu_conf *);
/* "fixed (norandmaps nokaslr)" or "randomised", for provenance. */
const char		*wb_qemu_layout_name(const struct wb_qemu_conf *);

/*
 * Compose argv (malloc'ed, NULL-terminated; free with
 * wb_qemu_argv_free).  Refuses icount timing with KVM.  -append is
 * "console=ttyS0 panic=-1", the layout parameters, then c->append.
 */
char	**wb_qemu_argv(const struct wb_qemu_conf *, struct wb_err *);
void	  wb_qemu_argv_free(char **);
/* The argv as one shell-quoted line, for logs (malloc'ed). */
char	 *wb_qemu_argv_line(char *const *, struct wb_err *);

/* "QEMU emulator version 7.2.x (...)" first line, into buf. */
int	wb_qemu_version(const char *qemu, char *buf, size_t len,
	    struct wb_err *);

/*
 * Boot once.  Returns 0 when qemu ran (whatever happened in the guest:
 * see timed_out, hung, status and the console), -1 with err set when it
 * could not be started or the console could not be read.  With
 * stop_at_init, qemu is killed as soon as init's hello frame appears.
 */
int	wb_qemu_run(const struct wb_qemu_conf *, double timeout,
	    struct wb_qemu_boot *, struct wb_err *);
void	wb_qemu_boot_fini(struct wb_qemu_boot *);

#endif
