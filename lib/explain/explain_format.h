/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An explanation as a report model (rmodel.h), written in any format of
 * the model's table: the plan (factors, points, design and aliasing in
 * words), then per test and for the final score a table of the target
 * against the base ("total"), each effect and the unexplained rest
 * ("rest"): ratio, interval at its Holm level in the one family
 * (explain_result.h), share (with its caveat, wb_explain_share_caveat)
 * and verdict in compare's words, unproven verdicts unsigned (grey).
 * The HTML page draws the final score's shares as a waterfall from the
 * base to the target, unproven bars grey, every bar with its interval.
 * The JSON is the model's record, the "worldbench-explain" document.
 * The result must be judged (wb_explain_family).  Version 2: one family
 * over every test.
 */
#ifndef WB_EXPLAIN_FORMAT_H
#define WB_EXPLAIN_FORMAT_H

#include <stdio.h>

#include "wb_report.h"

#include <jansson.h>

struct wb_err;
struct wb_explain_result;
struct wb_welch;

#define WB_EXPLAIN_FORMAT	"worldbench-explain"
#define WB_EXPLAIN_VERSION	2

struct wb_rmodel	*wb_explain_model(const struct wb_explain_result *,
			    struct wb_err *);
/* In the model's format named format ("text", "json", ...). */
int	wb_explain_write(FILE *, const char *format,
	    const struct wb_explain_result *, struct wb_err *);
/* Atomic: path is replaced only by the complete report. */
int	wb_explain_save(const char *path, const char *format,
	    const struct wb_explain_result *, struct wb_err *);

/* {ratio, lo, hi, p}, null where there is no interval. */
json_t	*wb_explain_welch_json(const struct wb_welch *);

#endif
