/* SPDX-License-Identifier: BSD-2-Clause */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "strvis.h"

/*
 * Messages often quote file content: control characters in them are
 * escaped (lib/util/strvis.h) so that printing one cannot drive a terminal.
 */
static void
vis_msg(struct wb_err *e)
{
	char buf[sizeof(e->msg)];

	if (wb_strvis_clean(e->msg))
		return;
	wb_strvis(buf, sizeof(buf), e->msg);
	memcpy(e->msg, buf, sizeof(e->msg));
}

void
wb_err_clear(struct wb_err *e)
{

	e->code = 0;
	e->class = WB_ERR_UNKNOWN;
	e->msg[0] = '\0';
}

enum wb_err_class
wb_err_class_of_errno(int e)
{

	switch (e) {
	case ENOENT:
	case ENOTDIR:
	case ELOOP:
	case ENAMETOOLONG:
		return (WB_ERR_NOINPUT);
	case ENOSPC:
	case EDQUOT:
	case EIO:
	case EFBIG:
	case EPIPE:
		return (WB_ERR_IO);
	case EACCES:
	case EPERM:
		return (WB_ERR_NOPERM);
	case EROFS:
	case EEXIST:
		return (WB_ERR_CANTCREAT);
	case EWOULDBLOCK:
	case EBUSY:
		return (WB_ERR_TEMPFAIL);
	default:
		return (WB_ERR_OS);
	}
}

int
wb_err_class(struct wb_err *e, enum wb_err_class c)
{

	if (e != NULL)
		e->class = c;
	return (-1);
}

/* Record a message; always returns -1 so callers can "return (wb_err_set(...))". */
int
wb_err_set(struct wb_err *e, const char *fmt, ...)
{
	va_list ap;

	if (e == NULL)
		return (-1);
	e->code = 0;
	e->class = WB_ERR_DATA;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	vis_msg(e);
	return (-1);
}

/* As wb_err_set(), with ": strerror(errno)" appended. */
int
wb_err_setsys(struct wb_err *e, const char *fmt, ...)
{
	va_list ap;
	size_t len;
	int saved;

	saved = errno;
	if (e == NULL)
		return (-1);
	e->code = saved;
	e->class = wb_err_class_of_errno(saved);
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	len = strlen(e->msg);
	if (len < sizeof(e->msg))
		snprintf(e->msg + len, sizeof(e->msg) - len, ": %s",
		    strerror(saved));
	vis_msg(e);
	errno = saved;
	return (-1);
}
