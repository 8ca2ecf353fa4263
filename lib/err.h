/*
 * Error context for library code.  Library functions never print and
 * never exit: they fill a struct wb_err and return -1 (or NULL), and
 * main-level code decides what to say and which status to exit with.
 */
#ifndef WB_ERR_H
#define WB_ERR_H

#include <stddef.h>

struct wb_err {
	int	code;		/* errno, or 0 for a non-system error */
	char	msg[1024];
};

void	wb_err_clear(struct wb_err *);
int	wb_err_set(struct wb_err *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
int	wb_err_setsys(struct wb_err *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));

#endif
