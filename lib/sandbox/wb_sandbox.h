/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/sandbox: where a command runs: bounds, the chroot and user-namespace
 * confinement, the runner table, environment fragments.
 *
 * The one public header of lib/sandbox/: outside the module and its tests
 * (tests/lib/sandbox/) a file includes this, never the parts below
 * (mk/layers.sh).  Written by mk/one-header.sh: re-run it, do not edit.
 */
#ifndef WB_SANDBOX_MODULE_H
#define WB_SANDBOX_MODULE_H

#include "bounds.h"
#include "chroot_env.h"
#include "fragment.h"
#include "runner.h"
#include "chroot.h"
#include "userns.h"

#endif /* !WB_SANDBOX_MODULE_H */
