/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The qemu half of the experiment (lib/experiment/experiment.h is the chroot half):
 * kernel images and an optional world root -> one initramfs -> the
 * policy (timing, accelerator, passes, boots per kernel: lib/guest/qemu_policy.h)
 * -> boots interleaved over the kernels -> one results file per kernel,
 * with its repeatability recorded.  "worldbench boot" parses options and
 * calls this; nothing else spells the pipeline.
 */
#ifndef WB_EXPERIMENT_BOOT_H
#define WB_EXPERIMENT_BOOT_H

#include <stddef.h>

#include <jansson.h>

#include "wb_guest.h"

struct wb_err;
struct wb_kpaths;

#define WB_BOOT_MAXKERNELS	32

struct wb_experiment_boot {
	/* What to run: set by the caller. */
	const struct wb_kpaths	 *paths;	/* kernels, caches */
	const char *const	 *kernels;	/* variant names or image dirs */
	size_t			  nkernels;
	struct wb_qb_root	  root;		/* init, suite, data, busybox, world */
	const char		 *world_label;	/* NULL: no world */
	const char		 *outdir;
	const char		 *qemu;		/* NULL: the default binary */
	int			  memory_mb;	/* 0: the default */
	double			  timeout;	/* per boot; 0: from the plan */
	const char		 *plugin;	/* qemu -plugin argument; NULL */
	struct wb_qemu_policy_req policy;
	json_t			 *preflight;	/* copied into each file */
	/* --negligible (percent): recorded in each file's plan. */
	int			  have_negligible;
	double			  negligible;
	/*
	 * Boot kernels that differ in more than the knob (lib/image/ident.h),
	 * each against the first; without it they are refused (before any
	 * boot), the error naming the first symbol and both kernels.
	 * UNMATCHED and "matching not recorded" are said (say, note).
	 */
	int			  unmatched;
	/*
	 * Keep the guest's address-space randomisation under icount; by
	 * default it is turned off (WB_QEMU_FIXED_LAYOUT, lib/guest/qemu.h),
	 * said (say) and recorded in provenance "address_space".
	 */
	int			  randomize;
	/*
	 * Lines for the operator, each may be NULL: say gets the decisions
	 * (the accelerator, the boots per kernel, each with its reason);
	 * note the rest (a KVM probe, the caveat, each boot's findings);
	 * progress is called before each boot.  The arg is shared.
	 */
	void			(*say)(void *, const char *);
	void			(*note)(void *, const char *);
	void			 *note_arg;
	void			(*progress)(void *, const struct wb_qb_kernel *,
				    size_t done, size_t total);
	void			 *progress_arg;

	/* What it did. */
	char			 *results[WB_BOOT_MAXKERNELS];
	size_t			  nresults;
	int			  boots_failed;	/* recorded in the results */
};

/*
 * Run the experiment: 0 when every boot ran (failed boots are recorded
 * and counted in boots_failed, not returned); -2 when the request is
 * invalid (a usage error: err says which option); -1 otherwise.
 */
int	wb_experiment_boot_run(struct wb_experiment_boot *, struct wb_err *);
void	wb_experiment_boot_fini(struct wb_experiment_boot *);

#endif
