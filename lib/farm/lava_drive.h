/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench lava-job and import --lava as calls (worldbench-lava(1)):
 * the job definition of lava.h written atomically, with its initramfs
 * exported under WORKDIR/lava/ unless a ramdisk URL is given; and a
 * LAVA results file read back into one results file per variant.  They
 * never print: the initramfs's path and each file written go to the
 * caller's note hook.
 */
#ifndef WB_LAVA_DRIVE_H
#define WB_LAVA_DRIVE_H

#include <stddef.h>

#include "lava.h"
#include "wb_util.h"

struct wb_err;
struct wb_test_def;

#define WB_LAVA_MAXKERNELS	16	/* kernels of one job */

struct wb_lava_drive {
	const char *const		*labels;	/* per kernel */
	const char *const		*kernels;	/* URLs (wb_lava_kernel_url) */
	size_t				 nkernels;
	const struct wb_test_def *const	*tests;		/* suite order */
	size_t				 ntests;
	double				 seconds;	/* pass length */
	int				 rounds;	/* boots per kernel */
	/* The initramfs's URL, or NULL: exported under workdir/lava/. */
	const char			*ramdisk;
	const char			*workdir;
	/* Its programs: NULL for the ones beside the running binary. */
	const char			*suite, *data, *busybox;
	const char			*device_type;	/* "qemu" */
	enum wb_lava_boot		 boot;
	const char			*kernel_type, *dtb;
	const char			*job_name;	/* NULL: the labels' */
	const char			*out;		/* job.yaml */
	wb_note_fn			*note;		/* "initramfs PATH" */
	void				*arg;
};

/*
 * A kernel as lava-job takes it: a URL as it is, an image directory
 * (its bzImage) or a file as an absolute file:// URL.  Malloc'ed; NULL
 * with err set ("kernel K: why").
 */
char	*wb_lava_kernel_url(const char *, struct wb_err *);

/*
 * Write the job: 0; -2 when LAVA's rules refuse it (a label it cannot
 * name, a board without a kernel type: err says which); -3 when the
 * work directory (workdir/lava) cannot be made; -1 with err otherwise.
 * Nothing is written to out unless it returns 0.
 */
int	wb_lava_drive(const struct wb_lava_drive *, struct wb_err *);

/*
 * The results of the LAVA file in (results.json, results.yaml or a
 * job's log) as outdir/LABEL.json (outdir created if need be), one per
 * variant, each path to note once written.  0, or -1 with err at the
 * first failure.
 */
int	wb_lava_import_drive(const char *in, const char *outdir,
	    wb_note_fn *note, void *arg, struct wb_err *);

#endif
