/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/report: rendering: the seed's tables, the compare report in text,
 * JSON, CSV, Markdown and HTML, plots and waterfalls.
 *
 * The one public header of lib/report/: outside the module and its tests
 * (tests/lib/report/) a file includes this, never the parts below
 * (mk/layers.sh).  Written by mk/one-header.sh: re-run it, do not edit.
 */
#ifndef WB_REPORT_MODULE_H
#define WB_REPORT_MODULE_H

#include "hist_site.h"
#include "history_html.h"
#include "plot.h"
#include "report_format.h"
#include "rmodel.h"
#include "table.h"
#include "waterfall.h"

#endif /* !WB_REPORT_MODULE_H */
