/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The qemu experiment policy in one place: which timing, which
 * accelerator (the mechanism is lib/guest/qemu_accel.c), how many passes of
 * which length, how many boots per kernel, and what a report must say
 * about where the uncertainty comes from.
 *
 *	timing		icount unless --timing says otherwise or --accel=kvm
 *			(KVM has only wall timing); icount always runs
 *			under TCG (wb_qemu_accel_rule says so, once)
 *	passes		the suite's (-i, -d as UnixBench); with --quick
 *			under qemu every test gets WB_POLICY_QUICK_PASSES
 *			passes in one boot, the slow ones (one quick
 *			pass elsewhere) WB_POLICY_SLOW_FRACTION of their
 *			quick length, so that every test has an interval
 *			from one boot in about the time of the old plan
 *	boots		-B, else: wall timing WB_POLICY_WALL_BOOTS (boots
 *			vary, the boot is the unit); icount from the
 *			kernels' measured repeatability: one boot when
 *			every kernel's repeat boots agreed within
 *			WB_POLICY_REPEAT_TOL on every test (recorded by an
 *			earlier run in <cachedir>/repeat/), else
 *			WB_POLICY_WALL_BOOTS; WB_POLICY_MEASURE_BOOTS
 *			when a kernel has no record yet (this run
 *			measures and records it)
 *
 * Implemented in lib/guest/qemu_policy.c; the repeatability measurement is
 * lib/guest/qemu_repeat.c.
 */
#ifndef WB_QEMU_POLICY_H
#define WB_QEMU_POLICY_H

#include <stddef.h>

#include <jansson.h>

#include "qemu.h"
#include "qemu_accel.h"
#include "qemu_repeat.h"

struct wb_err;
struct wb_qb_test;
struct wb_results;

#define WB_POLICY_QUICK_PASSES	3
#define WB_POLICY_SLOW_FRACTION	0.5
#define WB_POLICY_WALL_BOOTS	3
#define WB_POLICY_MEASURE_BOOTS	2
#define WB_POLICY_REPEAT_TOL	0.01	/* relative spread of boot means */

/* What the command line asked for (0 / NULL: the default). */
struct wb_qemu_policy_req {
	const char	*accel;		/* "tcg", "kvm" */
	const char	*timing;	/* "icount", "wall" */
	const char	*tests;		/* suite ids or "all" */
	double		 seconds;	/* pass length */
	int		 passes;
	int		 quick;
	int		 boots;
	double		 hang;		/* < 0: WB_QEMU_HANG_TIMEOUT */
	double		 probe_timeout;
	const char	*cachedir;	/* accel and repeatability records */
};

struct wb_qemu_policy {
	enum wb_qemu_timing	 timing;
	double			 hang_timeout;
	struct wb_accel_req	 areq;
	struct wb_accel_choice	 accel;
	int			 probe;		/* a KVM probe boot decides */
	struct wb_qb_test	*tests;		/* the plan, malloc'ed */
	size_t			 ntests;
	int			 boots;
	int			 boots_given;	/* -B */
	int			 measuring;	/* boots >= 2 measure repeatability */
	char			 boots_reason[512];
	char			 uncertainty[512];
	json_t			*records;	/* the records read, or NULL */
};

/*
 * Timing, accelerator rule (no boot) and plan.  Returns 0, -1 with err
 * set, or -2 for a usage error (a bad --timing, --accel, test list, or
 * a contradictory request).  The environment's WB_NO_KVM and
 * WB_KVM_DEVICE are read here.
 */
int	wb_qemu_policy_init(struct wb_qemu_policy *,
	    const struct wb_qemu_policy_req *, struct wb_err *);
void	wb_qemu_policy_fini(struct wb_qemu_policy *);

/*
 * Probe the kernels under KVM when the rule left the choice open (wall
 * timing, no --accel); labels name them; note (may be NULL) gets a line
 * about a cache file ignored.
 */
int	wb_qemu_policy_accel(struct wb_qemu_policy *,
	    const struct wb_qemu_conf *base, const char *const *kernels,
	    const char *const *labels, size_t n, const char *qemu_version,
	    const char *probedir, void (*note)(void *, const char *),
	    void *note_arg, struct wb_err *);

/*
 * The number of boots per kernel and why (see above).  key[i] is the
 * repeatability key of kernel i (wb_qemu_repeat_key).
 */
int	wb_qemu_policy_boots(struct wb_qemu_policy *,
	    const char *const *keys, const char *const *labels, size_t n,
	    struct wb_err *);

/* One line for the user: the timing and what its ratios mean. */
const char	*wb_qemu_policy_caveat(const struct wb_qemu_policy *);

/*
 * After the boots: measure each kernel's repeatability, record it in its
 * results (provenance "repeatability" and "uncertainty") and, when
 * measured, in the cache.
 */
int	wb_qemu_policy_record(const struct wb_qemu_policy *,
	    struct wb_results *, const char *key, struct wb_err *);

#endif
