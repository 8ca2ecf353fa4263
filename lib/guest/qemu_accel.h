/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which accelerator a boot uses, and why.
 *
 *	--accel given		that one (KVM with icount timing, or with
 *				KVM forbidden, is refused)
 *	icount timing		TCG: icount is deterministic emulation, so
 *				nothing is probed
 *	wall timing		KVM only when KVM is allowed, the device
 *				opens and a short probe boot of every kernel
 *				under KVM reaches the guest's init within
 *				probe_timeout seconds; TCG otherwise
 *
 * A probe's verdict is cached as a small JSON file in
 * <cachedir>/accel/<key>.json, where key is the SHA-256 of the kernel
 * image's contents, the qemu version, /etc/machine-id and the host's
 * kernel release, so that a machine probes each kernel once.
 *
 * Implemented in lib/guest/qemu_accel.c.
 */
#ifndef WB_QEMU_ACCEL_H
#define WB_QEMU_ACCEL_H

#include <stddef.h>

#include "qemu.h"
#include "wb_util.h"

struct wb_err;

#define WB_ACCEL_KVM_DEVICE	"/dev/kvm"
#define WB_ACCEL_PROBE_TIMEOUT	20.0	/* seconds of host time */

struct wb_accel_req {
	const char		*requested;	/* "tcg", "kvm", NULL: choose */
	enum wb_qemu_timing	 timing;
	int			 no_kvm;	/* KVM forbidden (WB_NO_KVM=1) */
	const char		*kvm_device;	/* NULL: WB_ACCEL_KVM_DEVICE */
	const char		*cachedir;	/* NULL: no verdict cache */
	const char		*qemu_version;	/* part of the cache key */
	double			 probe_timeout;	/* <= 0: the default */
};

struct wb_accel_choice {
	enum wb_qemu_accel	 accel;
	char			 reason[512];	/* "icount timing", ... */
	int			 cached;	/* every verdict came from the cache */
	char			 note[1280];	/* a cache file ignored, or "" */
};

/*
 * The rules that need no boot.  Returns 1 when the choice is made, 0
 * when a probe is needed (wb_qemu_accel_probe), -1 with err set when the
 * request contradicts itself or KVM was asked for but cannot be had.
 * A return of -2 means a usage error (--accel=kvm with icount timing).
 */
int	wb_qemu_accel_rule(const struct wb_accel_req *,
	    struct wb_accel_choice *, struct wb_err *);

/*
 * Probe the kernels (their bzImage paths; labels name them in the
 * reason) with the boot configuration base (initrd, append, memory; the
 * accelerator, timing and console are set here, the console of probe i
 * being <probedir>/<label>.kvm-probe.console).  Sets the choice: KVM
 * when every kernel's probe reached init.  -1 with err set only when
 * qemu could not be run or a kernel image could not be read; a cache
 * that cannot be written or read only leaves a note.
 */
int	wb_qemu_accel_probe(const struct wb_accel_req *,
	    const struct wb_qemu_conf *base, const char *const *kernels,
	    const char *const *labels, size_t n, const char *probedir,
	    struct wb_accel_choice *, struct wb_err *);

/* The cache key of a kernel image for this host and qemu version. */
int	wb_qemu_accel_key(const char *kernel, const char *qemu_version,
	    char key[WB_SHA256_HEXSIZE], struct wb_err *);

#endif
