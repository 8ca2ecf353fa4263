/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Escaping control characters for a terminal (see strvis.h).
 */
#include <stdio.h>
#include <string.h>

#include "strvis.h"

/* The length of the well-formed UTF-8 sequence at s, or 0. */
static size_t
utf8_len(const unsigned char *s)
{
	size_t len, i;

	if (*s >= 0xc2 && *s <= 0xdf)
		len = 2;
	else if (*s >= 0xe0 && *s <= 0xef)
		len = 3;
	else if (*s >= 0xf0 && *s <= 0xf4)
		len = 4;
	else
		return (0);
	for (i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return (0);
	return (len);
}

const char *
wb_strvis_char(const char *str, int flags, size_t *n, char esc[WB_VIS_ESCLEN])
{
	const unsigned char *s = (const unsigned char *)str;

	*n = 1;
	if ((flags & WB_VIS_WHITE) != 0 && (*s == '\n' || *s == '\t'))
		return (NULL);
	if (*s == '\n')
		return ("\\n");
	if (*s == '\r')
		return ("\\r");
	if (*s == '\t')
		return ("\\t");
	if (*s < 0x20 || *s == 0x7f) {
		snprintf(esc, WB_VIS_ESCLEN, "\\x%02x", *s);
		return (esc);
	}
	if (*s == 0xc2 && s[1] >= 0x80 && s[1] <= 0x9f) {
		*n = 2;
		snprintf(esc, WB_VIS_ESCLEN, "\\u%04x", s[1]);
		return (esc);
	}
	if (*s < 0x80)
		return (NULL);
	/*
	 * Keep a whole UTF-8 sequence; any other byte above 0x7f is shown
	 * as an escape, since a terminal not in UTF-8 mode reads a lone
	 * 0x9b as CSI.
	 */
	if ((*n = utf8_len(s)) != 0)
		return (NULL);
	*n = 1;
	snprintf(esc, WB_VIS_ESCLEN, "\\x%02x", *s);
	return (esc);
}

char *
wb_strvis(char *buf, size_t len, const char *s)
{
	const char *e;
	char esc[WB_VIS_ESCLEN];
	size_t o, n, el;

	if (len == 0)
		return (buf);
	for (o = 0; *s != '\0'; s += n) {
		if ((e = wb_strvis_char(s, 0, &n, esc)) == NULL) {
			e = s;
			el = n;
		} else
			el = strlen(e);
		if (o + el >= len)
			break;
		memcpy(buf + o, e, el);
		o += el;
	}
	buf[o] = '\0';
	return (buf);
}

const char *
wb_strvis_slot(const char *s)
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
	char esc[WB_VIS_ESCLEN];
	size_t n;

	for (; *s != '\0'; s += n)
		if (wb_strvis_char(s, 0, &n, esc) != NULL)
			return (0);
	return (1);
}

int
wb_strvis_fputs(const char *s, int flags, FILE *fp)
{
	const char *e;
	char esc[WB_VIS_ESCLEN];
	size_t n;

	for (; *s != '\0'; s += n)
		if ((e = wb_strvis_char(s, flags, &n, esc)) != NULL) {
			if (fputs(e, fp) == EOF)
				return (-1);
		} else if (fwrite(s, 1, n, fp) != n)
			return (-1);
	return (0);
}
