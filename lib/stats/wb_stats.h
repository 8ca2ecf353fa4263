/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/stats: paired statistics, designs, adaptive passes, and compare's
 * rows, families and verdicts.
 *
 * The one public header of lib/stats/: outside the module and its tests
 * (tests/lib/stats/) a file includes this, never the parts below
 * (mk/layers.sh).  Written by mk/one-header.sh: re-run it, do not edit.
 */
#ifndef WB_STATS_MODULE_H
#define WB_STATS_MODULE_H

#include "adapt.h"
#include "changepoint.h"
#include "compare_family.h"
#include "compare_pair.h"
#include "compare_prov.h"
#include "design.h"
#include "extend.h"
#include "stats.h"
#include "compare.h"
#include "factorial.h"

#endif /* !WB_STATS_MODULE_H */
