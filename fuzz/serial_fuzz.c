/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness: the serial console parser (wb_serial_parse) on a
 * whole capture, and the COUNT line parser (wb_serial_count) on each
 * pass text it accepted and on the raw input.  Each capture is parsed
 * twice: as it is, and with the checksum of every frame-like line
 * recomputed, so that mutations reach the frame decoder behind the CRC.
 */
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "wb_guest.h"
#include "wb_util.h"

static void
count(const char *line)
{
	struct wb_err err;
	double c, e;
	int tb;
	char unit[32];

	wb_err_clear(&err);
	(void)wb_serial_count(line, &c, &tb, unit, sizeof(unit), &e, &err);
}

/* Rewrite the last field of each "WB|" line with that line's CRC-32. */
static void
fix_crcs(char *buf, size_t size)
{
	char *line, *nl, *bar, hex[9];
	size_t len;

	for (line = buf; line < buf + size; line = nl + 1) {
		nl = memchr(line, '\n', (size_t)(buf + size - line));
		if (nl == NULL)
			nl = buf + size;
		len = (size_t)(nl - line);
		if (len < 3 || memcmp(line, "WB|", 3) != 0)
			continue;
		bar = memrchr(line, '|', len);
		if (bar == NULL || nl - (bar + 1) < 8)
			continue;
		(void)snprintf(hex, sizeof(hex), "%08x",
		    (unsigned)wb_serial_crc32(line, (size_t)(bar - line)));
		memcpy(bar + 1, hex, 8);
	}
}

static void
parse(char *copy, size_t size)
{
	struct wb_serial s;
	struct wb_err err;
	size_t i;

	wb_serial_init(&s);
	wb_err_clear(&err);
	if (wb_serial_parse(&s, "fuzz", copy, size, &err) == 0)
		for (i = 0; i < s.npasses; i++)
			if (s.passes[i].text != NULL)
				count(s.passes[i].text);
	wb_serial_fini(&s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy;

	/* An exact-size heap copy: reads past the end are caught. */
	if ((copy = malloc(size + 1)) == NULL)
		abort();
	memcpy(copy, data, size);
	copy[size] = '\0';
	parse(copy, size);
	count(copy);
	fix_crcs(copy, size);
	parse(copy, size);
	free(copy);
	return (0);
}
