/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/explain: which knob costs what: factorial and fractional designs over
 * knobs, screening, ddmin, and symbol attribution.
 *
 * The one public header of lib/explain/: outside the module and its tests
 * (tests/lib/explain/) a file includes this, never the parts below
 * (mk/layers.sh).  Written by mk/one-header.sh: re-run it, do not edit.
 */
#ifndef WB_EXPLAIN_MODULE_H
#define WB_EXPLAIN_MODULE_H

#include "attrib.h"
#include "attrib_run.h"
#include "explain.h"
#include "explain_drive.h"
#include "explain_format.h"
#include "explain_kernel.h"
#include "explain_kernel_opts.h"
#include "explain_kernel_drive.h"
#include "explain_match.h"
#include "explain_plan.h"
#include "explain_result.h"
#include "explain_search.h"
#include "explain_steps.h"

#endif /* !WB_EXPLAIN_MODULE_H */
