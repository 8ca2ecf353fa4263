/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/model: the data worldbench speaks: labels, the suite's tests and
 * baselines, results files, provenance, scores, imported UnixBench logs.
 *
 * The one public header of lib/model/: outside the module and its tests
 * (tests/lib/model/) a file includes this, never the parts below
 * (mk/layers.sh).  Written by mk/one-header.sh: re-run it, do not edit.
 */
#ifndef WB_MODEL_MODULE_H
#define WB_MODEL_MODULE_H

#include "filekind.h"
#include "label.h"
#include "provenance_fp.h"
#include "provenance.h"
#include "results.h"
#include "score.h"
#include "suite.h"
#include "ublog.h"

#endif /* !WB_MODEL_MODULE_H */
