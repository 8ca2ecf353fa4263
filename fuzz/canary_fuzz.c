/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Not a real target: a deliberate heap overflow on the input "BOOM", so
 * that tests/fuzz can prove the sanitizers in the fuzz build are armed
 * (the negative twin of the short fuzz pass).  It has no corpus and
 * fuzz/run.sh skips it.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	volatile char *p;
	int r;

	if ((p = malloc(4)) == NULL)
		abort();
	memset((char *)p, 0, 4);
	r = 0;
	if (size == 4 && memcmp(data, "BOOM", 4) == 0)
		r = p[4];	/* one past the end */
	free((char *)p);
	return (r & 0);
}
