/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness: the configuration-fragment parser, merging the
 * input onto itself (every key overridden) and formatting the result.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "wb_sandbox.h"
#include "wb_util.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wb_fragment f;
	struct wb_err err;
	char *text;

	wb_fragment_init(&f);
	wb_err_clear(&err);
	if (wb_fragment_merge_buf(&f, "fuzz.config", (const char *)data, size,
	    NULL, NULL, &err) == 0 &&
	    wb_fragment_merge_buf(&f, "again.config", (const char *)data, size,
	    NULL, NULL, &err) == 0 &&
	    (text = wb_fragment_format(&f, &err)) != NULL)
		free(text);
	wb_fragment_fini(&f);
	return (0);
}
