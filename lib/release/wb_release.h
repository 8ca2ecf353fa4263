/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/release: release checks: debug knobs left on in a world or kernel, the
 * environment it starts with, waivers, and the gate.
 *
 * The one public header of lib/release/: outside the module and its tests
 * (tests/lib/release/) a file includes this, never the parts below
 * (mk/layers.sh).  Written by mk/one-header.sh: re-run it, do not edit.
 */
#ifndef WB_RELEASE_MODULE_H
#define WB_RELEASE_MODULE_H

#include "release.h"
#include "release_drive_opts.h"
#include "release_drive.h"

#endif /* !WB_RELEASE_MODULE_H */
