/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Private to lib/lava*.c: the readers of LAVA's result formats.
 */
#ifndef WB_LAVA_INT_H
#define WB_LAVA_INT_H

#include <stdio.h>

#include <jansson.h>

struct wb_err;

/* Whether line (the first of a file) is a record of a LAVA job log. */
int	wb_lava_log_line(const char *line);

/*
 * The test cases of a LAVA job log (lava-run's output, or the server's
 * output.yaml) read from fp: a JSON array of objects with the scalar
 * fields of each "results" record, its "definition" also as "suite" and
 * its "case" as "name" (new reference), or NULL with err set.
 */
json_t	*wb_lava_log_load(FILE *fp, const char *path, struct wb_err *);

#endif
