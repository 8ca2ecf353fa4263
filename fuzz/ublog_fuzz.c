/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness: the UnixBench log importer (wb_ublog_import), the
 * first two tables of each input.
 */
#include <stddef.h>
#include <stdint.h>

#include "wb_model.h"
#include "wb_util.h"
#include "fuzz_file.h"

static const char *path;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wb_results *r;
	struct wb_err err;
	int table;

	if (path == NULL)
		path = wbf_setup("unixbench.log");
	wbf_write(data, size);
	for (table = 1; table <= 2; table++) {
		wb_err_clear(&err);
		if (wb_ublog_import(path, table, &r, &err) == 0)
			wb_results_free(r);
	}
	return (0);
}
