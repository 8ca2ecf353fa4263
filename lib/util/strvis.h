/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Text from files (labels, test names, provenance, quoted input) made
 * safe for a terminal, in the manner of vis(3): control characters are
 * shown as escapes instead of reaching the terminal.
 */
#ifndef WB_STRVIS_H
#define WB_STRVIS_H

#include <stddef.h>
#include <stdio.h>

/*
 * Copy s into buf (size len, always NUL-terminated, cut on a character
 * boundary) with \n, \r and \t as "\n", "\r", "\t", every other C0
 * control and DEL as "\xNN" (ESC is "\x1b"), and the C1 controls
 * U+0080..U+009F as "\u00NN", a byte above 0x7f that is not part of a
 * well-formed UTF-8 sequence as "\xNN" (a lone 0x9b is CSI to a terminal
 * not in UTF-8 mode).  Other text, UTF-8 included, is kept.
 * Returns buf.
 */
char		*wb_strvis(char *buf, size_t len, const char *s);
/*
 * The same into one of a few static buffers (WB_VIS_SLOTS of
 * WB_VIS_SIZE bytes, reused in turn), for the arguments of one printf:
 * at most WB_VIS_SLOTS calls per statement.  s NULL gives "".
 */
#define WB_VIS_SLOTS	8
#define WB_VIS_SIZE	1024
const char	*wb_strvis_slot(const char *s);
/* 1 when s holds nothing wb_strvis would escape. */
int		 wb_strvis_clean(const char *s);
/*
 * Write all of s, escaped as by wb_strvis, to fp; with WB_VIS_WHITE
 * (below) text of several lines.  -1 on a write error.
 */
int		 wb_strvis_fputs(const char *s, int flags, FILE *fp);
/*
 * The one rule the functions above and every other writer of outside
 * text (the HTML and XML escapes of lib/report/report_format.c) follow: the
 * escape of the character at s, its length in bytes in *n, or NULL when
 * it is kept as it is (then *n covers a whole UTF-8 sequence).  With
 * WB_VIS_WHITE, \n and \t are kept, for text of several lines.
 */
#define WB_VIS_WHITE	0x01
#define WB_VIS_ESCLEN	8
const char	*wb_strvis_char(const char *s, int flags, size_t *n,
		    char esc[WB_VIS_ESCLEN]);

#endif
