/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A kernel's measured repeatability under qemu and its cache: what the
 * boot policy (qemu_policy.h, which includes this) decides the number of
 * boots from (lib/guest/qemu_repeat.c).
 */
#ifndef WB_QEMU_REPEAT_H
#define WB_QEMU_REPEAT_H

#include <jansson.h>

#include "wb_util.h"

struct wb_err;
struct wb_results;

/*
 * The repeatability of one kernel's boots in a results file: per test,
 * the spread of the boots' geometric means, (max - min) / their
 * geometric mean, and the mean coefficient of variation of the passes
 * within a boot.  A JSON object {"boots", "max_between_boots", "tests":
 * {id: {"between_boots", "within_boot"}}}; "between_boots" is null with
 * fewer than two ok boots.  NULL when out of memory.
 */
json_t	*wb_qemu_repeat_measure(const struct wb_results *);

/*
 * The key of a kernel's repeatability record: the SHA-256 of the kernel
 * image, the qemu version and the plan (kernel command line and suite
 * hash).
 */
int	wb_qemu_repeat_key(const char *kernel, const char *qemu_version,
	    const char *cmdline, const char *suite_hash,
	    char key[WB_SHA256_HEXSIZE], struct wb_err *);

/* Read <cachedir>/repeat/<key>.json: 1 found, 0 none, -1 error. */
int	wb_qemu_repeat_load(const char *cachedir, const char *key,
	    json_t **record, struct wb_err *);
/* Write it atomically (a measurement with two or more ok boots). */
int	wb_qemu_repeat_save(const char *cachedir, const char *key,
	    json_t *measured, struct wb_err *);

#endif
