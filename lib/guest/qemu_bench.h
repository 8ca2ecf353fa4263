/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Benchmarking kernels under qemu: the initramfs for a plan (our static
 * init, the suite and its tools, or a world root), boots of one or more
 * kernel images, and a results file per kernel (lib/model/results.h) with the
 * boot index kept in every sample.
 */
#ifndef WB_QEMU_BENCH_H
#define WB_QEMU_BENCH_H

#include <stddef.h>

#include <jansson.h>

#include "qemu.h"

struct wb_err;
struct wb_results;
struct wb_test_def;

struct wb_qb_test {
	const struct wb_test_def	*def;
	double				 seconds;	/* pass length */
	int				 passes;	/* per boot */
};

/* What goes into the initramfs. */
struct wb_qb_root {
	const char	*init;		/* our static init */
	const char	*world;		/* world root directory, or NULL */
	const char	*suite;		/* static suite dir (no world) */
	const char	*data;		/* workload data dir (no world) */
	const char	*busybox;	/* static busybox (no world) */
};

/* Shell tools linked to busybox when no world image is used. */
extern const char *const wb_qb_busybox_applets[];

/*
 * Write the initramfs for the plan to path (atomically).  With a world
 * root the suite is the world's own (/usr/libexec/worldbench, dynamic),
 * otherwise the static suite and busybox are used.
 */
int	wb_qemu_bench_initramfs(const struct wb_qb_root *,
	    const struct wb_qb_test *,
	    size_t ntests, const char *path, struct wb_err *);

/* The kernel command line parameters of the plan (malloc'ed). */
char	*wb_qemu_bench_cmdline(const struct wb_qb_root *,
	    const struct wb_qb_test *, size_t ntests);

/* One kernel being benchmarked. */
struct wb_qb_kernel {
	char			*imagedir;
	char			*variant;	/* from kernel.json */
	char			*config_sha256;
	char			*label;		/* results label */
	char			*results_path;
	struct wb_results	*results;
	int			 boots_failed;
};

int	wb_qemu_bench_kernel_init(struct wb_qb_kernel *, const char *imagedir,
	    const char *world_label, const char *outdir, struct wb_err *);
void	wb_qemu_bench_kernel_fini(struct wb_qb_kernel *);

/* Everything a boot needs besides the kernel. */
struct wb_qb_plan {
	struct wb_qb_test	*tests;
	size_t			 ntests;
	struct wb_qemu_conf	 qemu;		/* kernel/initrd/append/log set per boot */
	const char		*initrd;
	const char		*cmdline;
	const char		*outdir;
	const char		*qemu_version;
	const char		*accel_reason;	/* why plan.qemu.accel */
	double			 timeout;	/* per boot, seconds */
	const char		*suite_hash;
	const char		*world;		/* NULL: none */
	json_t			*preflight;	/* copied to provenance; NULL */
	/* --negligible: recorded as plan "negligible" (percent). */
	int			 have_negligible;
	double			 negligible;
	/* Progress lines (may be NULL). */
	void			(*note)(void *, const char *);
	void			*note_arg;
};

/* Fill provenance and plan of k->results for the plan. */
int	wb_qemu_bench_results_setup(struct wb_qb_kernel *,
	    const struct wb_qb_plan *, int boots, struct wb_err *);
/*
 * Boot k once (boot is the 1-based boot index), add its passes to
 * k->results and write the results file.  A failed boot is recorded
 * (findings, failed samples), not returned as an error; -1 only when
 * qemu could not be run or the results could not be written.
 */
int	wb_qemu_bench_boot(struct wb_qb_kernel *, const struct wb_qb_plan *,
	    int boot, struct wb_err *);

/*
 * Set up every kernel's results and boot them boots times, interleaved
 * (boot 1 of every kernel, then boot 2, ...); progress (may be NULL) is
 * called before each boot.  -1 as wb_qemu_bench_boot.
 */
int	wb_qemu_bench_run(struct wb_qb_kernel *, size_t nk,
	    const struct wb_qb_plan *,
	    int boots, void (*progress)(void *, const struct wb_qb_kernel *,
	    size_t done, size_t total), void *arg, struct wb_err *);
/* Mark k's results complete, stamp date_end and write them. */
int	wb_qemu_bench_finish(struct wb_qb_kernel *, struct wb_err *);

#endif
