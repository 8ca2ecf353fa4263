/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/farm: running on a lab's machines: Slurm jobs and LAVA jobs, and
 * collecting their results.
 *
 * The one public header of lib/farm/: outside the module and its tests
 * (tests/lib/farm/) a file includes this, never the parts below
 * (mk/layers.sh).  Written by mk/one-header.sh: re-run it, do not edit.
 */
#ifndef WB_FARM_MODULE_H
#define WB_FARM_MODULE_H

#include "lava.h"
#include "lava_drive.h"
#include "slurm.h"
#include "slurm_preflight.h"
#include "submit_base.h"
#include "submit_drive.h"

#endif /* !WB_FARM_MODULE_H */
