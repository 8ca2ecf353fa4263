/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Frames on the console: every frame is written with one write(2) so that
 * nothing of ours interleaves inside it.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "wb_guest.h"
#include "wbinit.h"

static unsigned long seq;

unsigned long
wbi_nframes(void)
{

	return (seq);
}

void
wbi_emit(const char *kind, const char *const *fields, size_t nf)
{
	char buf[WB_SERIAL_FRAMEMAX];
	size_t len, off;
	ssize_t n;

	len = wb_serial_frame(buf, sizeof(buf), ++seq, kind, fields, nf);
	for (off = 0; off < len; off += (size_t)n) {
		n = write(STDOUT_FILENO, buf + off, len - off);
		if (n < 0 && errno == EINTR) {
			n = 0;
			continue;
		}
		if (n <= 0)
			return;
	}
}

/* A frame whose fields are fmt's output split at '\t'. */
void
wbi_emitf(const char *kind, const char *fmt, ...)
{
	char buf[WB_SERIAL_FRAMEMAX / 2];
	const char *f[WB_SERIAL_MAXFIELDS];
	char *p, *tab;
	size_t nf;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	nf = 0;
	p = buf;
	for (;;) {
		f[nf++] = p;
		if ((tab = strchr(p, '\t')) == NULL ||
		    nf == WB_SERIAL_MAXFIELDS)
			break;
		*tab = '\0';
		p = tab + 1;
	}
	wbi_emit(kind, f, nf);
}

void
wbi_error(const char *fmt, ...)
{
	char buf[WB_SERIAL_FRAMEMAX / 2];
	const char *f[1];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	f[0] = buf;
	wbi_emit("error", f, 1);
}
