/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/guest: booting kernels under qemu, its accelerator and icount policy,
 * and the serial protocol of the guest's init.
 *
 * The one public header of lib/guest/: outside the module and its tests
 * (tests/lib/guest/) a file includes this, never the parts below
 * (mk/layers.sh).  Written by mk/one-header.sh: re-run it, do not edit.
 */
#ifndef WB_GUEST_MODULE_H
#define WB_GUEST_MODULE_H

#include "qemu.h"
#include "qemu_accel.h"
#include "qemu_bench.h"
#include "qemu_repeat.h"
#include "qemu_policy.h"
#include "serial_frame.h"
#include "serial.h"

#endif /* !WB_GUEST_MODULE_H */
