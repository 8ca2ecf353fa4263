/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Text from files (labels, test names, provenance, quoted input) made
 * safe for a terminal, in the manner of vis(3): control characters are
 * shown as escapes instead of reaching the terminal.
 */
#ifndef WB_STRVIS_H
#define WB_STRVIS_H

#include <stddef.h>

/*
 * Copy s into buf (size len, always NUL-terminated, cut on a character
 * boundary) with \n, \r and \t as "\n", "\r", "\t", every other C0
 * control and DEL as "\xNN" (ESC is "\x1b"), and the C1 controls
 * U+0080..U+009F as "\u00NN".  Other bytes, UTF-8 included, are kept.
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
const char	*wb_vis(const char *s);
/* 1 when s holds nothing wb_strvis would escape. */
int		 wb_strvis_clean(const char *s);

#endif
