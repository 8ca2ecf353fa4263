#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "strvis.h"

/*
 * Messages often quote file content: control characters in them are
 * escaped (lib/strvis.h) so that printing one cannot drive a terminal.
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
	e->msg[0] = '\0';
}

/* Record a message; always returns -1 so callers can "return (wb_err_set(...))". */
int
wb_err_set(struct wb_err *e, const char *fmt, ...)
{
	va_list ap;

	if (e == NULL)
		return (-1);
	e->code = 0;
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
