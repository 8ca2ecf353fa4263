/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness: the strict results-file reader (wb_results_read),
 * then a write of what it accepted (a file that reads must write).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_model.h"
#include "wb_util.h"
#include "fuzz_file.h"

static const char	*path;
static char		*outpath;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wb_results *r;
	struct wb_err err;
	size_t i;

	if (path == NULL) {
		path = wbf_setup("results.json");
		if (asprintf(&outpath, "%s.out", path) == -1)
			abort();
	}
	wbf_write(data, size);
	wb_err_clear(&err);
	if (wb_results_read(path, &r, &err) == -1)
		return (0);
	for (i = 0; i < r->ntests; i++) {
		(void)wb_results_find_test(r, r->tests[i]->id);
		(void)wb_results_test_pass(r->tests[i], 1);
	}
	if (wb_results_write(r, outpath, &err) == 0)
		(void)remove(outpath);
	wb_results_free(r);
	return (0);
}
