/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Frame encoding for the serial line protocol (lib/guest/serial.h,
 * serial_frame.h).  This file uses nothing but <string.h> so that the
 * static guest init links it too.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "serial_frame.h"

uint32_t
wb_serial_crc32(const void *buf, size_t len)
{
	const unsigned char *p;
	uint32_t crc;
	size_t i;
	int k;

	p = buf;
	crc = 0xffffffffU;
	for (i = 0; i < len; i++) {
		crc ^= p[i];
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320U & (0U - (crc & 1U)));
	}
	return (~crc);
}

static int
needs_escape(unsigned char c)
{

	return (c < 0x20 || c == 0x7f || c == '|' || c == '\\');
}

/* Append s (escaped unless raw) to buf at *off, keeping room for tail. */
static void
put(char *buf, size_t len, size_t *off, const char *s, int raw, size_t tail)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p;

	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		if (!raw && needs_escape(*p)) {
			if (*off + 4 + tail >= len)
				return;
			buf[(*off)++] = '\\';
			buf[(*off)++] = 'x';
			buf[(*off)++] = hex[*p >> 4];
			buf[(*off)++] = hex[*p & 0xf];
		} else {
			if (*off + 1 + tail >= len)
				return;
			buf[(*off)++] = (char)*p;
		}
	}
}

size_t
wb_serial_frame(char *buf, size_t len, unsigned long seq, const char *kind,
    const char *const *fields, size_t nf)
{
	static const char hex[] = "0123456789abcdef";
	char num[24];
	size_t off, i, tail;
	uint32_t crc;
	int k;

	tail = 1 + 8 + 1;		/* "|crc\n", the NUL counted by put */
	if (len < 3 + 20 + 1 + strlen(kind) + tail + 1)
		return (0);
	off = 0;
	put(buf, len, &off, "WB|", 1, tail);
	i = sizeof(num) - 1;
	num[i] = '\0';
	do {
		num[--i] = (char)('0' + seq % 10);
		seq /= 10;
	} while (seq != 0);
	put(buf, len, &off, num + i, 1, tail);
	put(buf, len, &off, "|", 1, tail);
	put(buf, len, &off, kind, 0, tail);
	for (i = 0; i < nf; i++) {
		put(buf, len, &off, "|", 1, tail);
		put(buf, len, &off, fields[i] != NULL ? fields[i] : "", 0,
		    tail);
	}
	crc = wb_serial_crc32(buf, off);
	buf[off++] = '|';
	for (k = 28; k >= 0; k -= 4)
		buf[off++] = hex[(crc >> k) & 0xf];
	buf[off++] = '\n';
	buf[off] = '\0';
	return (off);
}
