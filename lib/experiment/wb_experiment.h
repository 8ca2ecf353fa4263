/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/experiment: the bench and boot workflows: build the variants, unpack
 * them, run interleaved, write the report.
 *
 * The one public header of lib/experiment/: outside the module and its tests
 * (tests/lib/experiment/) a file includes this, never the parts below
 * (mk/layers.sh).  Written by mk/one-header.sh: re-run it, do not edit.
 */
#ifndef WB_EXPERIMENT_MODULE_H
#define WB_EXPERIMENT_MODULE_H

#include "experiment.h"
#include "experiment_boot.h"
#include "experiment_boot_drive.h"
#include "experiment_drive.h"

#endif /* !WB_EXPERIMENT_MODULE_H */
