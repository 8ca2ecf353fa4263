/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdarg.h>
#include <stdio.h>

#include "note.h"

void
wb_note_printf(wb_note_fn *fn, void *arg, const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	if (fn == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	fn(arg, line);
}
