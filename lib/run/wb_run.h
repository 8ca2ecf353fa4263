/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/run: the harness: plans, interleaved passes, progress, resume; the
 * preflight of the host's noise sources.
 *
 * The one public header of lib/run/: outside the module and its tests
 * (tests/lib/run/) a file includes this, never the parts below
 * (mk/layers.sh).  Written by mk/one-header.sh: re-run it, do not edit.
 */
#ifndef WB_RUN_MODULE_H
#define WB_RUN_MODULE_H

#include "harness.h"
#include "preflight.h"

#endif /* !WB_RUN_MODULE_H */
