/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Escaping control characters for a terminal (see strvis.h).
 */
#include <stdio.h>
#include <string.h>

#include "strvis.h"

/* The escape of the character at s (its length in *n), or NULL. */
static const char *
escape(const unsigned char *s, size_t *n, char esc[8])
{

	*n = 1;
	if (*s == '\n')
		return ("\\n");
	if (*s == '\r')
		return ("\\r");
	if (*s == '\t')
		return ("\\t");
	if (*s < 0x20 || *s == 0x7f) {
		snprintf(esc, 8, "\\x%02x", *s);
		return (esc);
	}
	if (*s == 0xc2 && s[1] >= 0x80 && s[1] <= 0x9f) {
		*n = 2;
		snprintf(esc, 8, "\\u%04x", s[1]);
		return (esc);
	}
	return (NULL);
}

char *
wb_strvis(char *buf, size_t len, const char *s)
{
	const unsigned char *p;
	const char *e;
	char esc[8];
	size_t o, n, el;

	if (len == 0)
		return (buf);
	o = 0;
	for (p = (const unsigned char *)s; *p != '\0'; p += n) {
		if ((e = escape(p, &n, esc)) != NULL) {
			el = strlen(e);
			if (o + el >= len)
				break;
			memcpy(buf + o, e, el);
			o += el;
			continue;
		}
		/* Keep a UTF-8 sequence whole or not at all. */
		if (*p >= 0xc0)
			for (n = 1; n < 4 && (p[n] & 0xc0) == 0x80; n++)
				continue;
		if (o + n >= len)
			break;
		memcpy(buf + o, p, n);
		o += n;
	}
	buf[o] = '\0';
	return (buf);
}

const char *
wb_vis(const char *s)
{
	static char slot[WB_VIS_SLOTS][WB_VIS_SIZE];
	static unsigned next;

	if (s == NULL)
		return ("");
	if (wb_strvis_clean(s))
		return (s);
	next = (next + 1) % WB_VIS_SLOTS;
	return (wb_strvis(slot[next], sizeof(slot[next]), s));
}

int
wb_strvis_clean(const char *s)
{
	const unsigned char *p;
	char esc[8];
	size_t n;

	for (p = (const unsigned char *)s; *p != '\0'; p++)
		if (escape(p, &n, esc) != NULL)
			return (0);
	return (1);
}
