/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where a member is in a JSON file (lib/util/json_line.c), for messages that
 * name file:line: jansson keeps no position of a value it parsed.
 */
#ifndef WB_JSON_LINE_H
#define WB_JSON_LINE_H

#include <stddef.h>

/*
 * The line (from 1) of the key keys[n - 1] of the object reached from
 * the top-level object through the members keys[0], ..., keys[n - 2],
 * in the JSON text of file; 0 when the file cannot be read or has no
 * such member.
 */
int	wb_json_line(const char *file, const char *const *keys, size_t n);

#endif
