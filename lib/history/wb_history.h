/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/history: the run store (SQLite by default, PostgreSQL for a lab:
 * one schema, one set of migrations), releases and series, and the
 * confirmation of a change by re-measuring two releases' images.
 *
 * The one public header of lib/history/: outside the module and its tests
 * (tests/lib/history/) a file includes this, never the parts below
 * (mk/layers.sh).  Written by mk/one-header.sh: re-run it, do not edit.
 */
#ifndef WB_HISTORY_MODULE_H
#define WB_HISTORY_MODULE_H

#include "history_schema.h"
#include "history_serve.h"
#include "history_store.h"

#endif /* !WB_HISTORY_MODULE_H */
