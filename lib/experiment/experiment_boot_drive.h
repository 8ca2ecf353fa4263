/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * "worldbench boot" as one call: the world argument resolved (a root
 * directory as it is, an image archive or the name of a built image of
 * the work directory unpacked once; its label from the argument), the
 * host checked (lib/run/preflight.h), then the boots of
 * experiment_boot.h.  It never prints: the unpack's refusals and notes
 * go to its options, the preflight warnings to warn.
 */
#ifndef WB_EXPERIMENT_BOOT_DRIVE_H
#define WB_EXPERIMENT_BOOT_DRIVE_H

#include "experiment_boot.h"
#include "wb_image.h"
#include "wb_util.h"

struct wb_err;

struct wb_experiment_boot_drive {
	/*
	 * The request, filled by the caller but for root.world,
	 * world_label and preflight, which the driver sets; its results
	 * and boots_failed are the run's.
	 */
	struct wb_experiment_boot	*x;
	const char			*world;		/* NULL: none */
	const char			*workdir;	/* of image names */
	const struct wb_unpack_opts	*unpack;	/* of an archive */
	int				 strict;	/* refuse a busy host */
	int				 quiet;		/* no warnings */
	wb_note_fn			*warn;		/* may be NULL */
	void				*arg;
	/* When the boots begin (wb_spawn_now()), for progress; NULL. */
	double				*start;
};

struct wb_experiment_boot_done {
	char	*world_root, *world_label;	/* NULL without a world */
	/* The host was busy and strict refused it (err says its load). */
	int	 busy;
};

/*
 * 0 when every boot ran (failed boots are recorded and counted in
 * x->boots_failed); -2 when the request is invalid (a usage error: err
 * says which option); -1 with err otherwise (done->busy when strict
 * refused a busy host).  Nothing is booted unless the world resolved
 * and the check passed.  Then wb_experiment_boot_done_fini() and
 * wb_experiment_boot_fini() either way.
 */
int	wb_experiment_boot_drive(const struct wb_experiment_boot_drive *,
	    struct wb_experiment_boot_done *, struct wb_err *);
void	wb_experiment_boot_done_fini(struct wb_experiment_boot_done *);

#endif
