/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shared by the harnesses whose target reads a path: the input is written
 * to one private temporary file (under a private directory) per process.
 */
#ifndef WB_FUZZ_FILE_H
#define WB_FUZZ_FILE_H

#include <stddef.h>
#include <stdint.h>

/*
 * Create DIR/rel (parents included) under a new private directory;
 * aborts on failure (a harness that cannot set up must not pass).
 */
const char	*wbf_setup(const char *rel);
/* Replace the file's contents with data; aborts on failure. */
void		 wbf_write(const uint8_t *data, size_t size);

#endif
