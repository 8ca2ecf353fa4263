/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Error context for library code.  Library functions never print and
 * never exit: they fill a struct wb_err and return -1 (or NULL), and
 * main-level code decides what to say and which status to exit with.
 */
#ifndef WB_ERR_H
#define WB_ERR_H

#include <stddef.h>

/*
 * What kind of failure an error is; main maps each class to one exit
 * status (src/exitmap.c, worldbench(1) EXIT STATUS).  wb_err_set()
 * classes an error as bad data; wb_err_setsys() from errno (a missing
 * file is NOINPUT, a full disk or an I/O error IO, a denied access
 * NOPERM, a lock held TEMPFAIL, anything else OS); wb_err_class() says
 * otherwise where the library knows better (an output it cannot create).
 */
enum wb_err_class {
	WB_ERR_UNKNOWN = 0,	/* never classed: an internal error */
	WB_ERR_DATA,		/* bad input: malformed, inconsistent */
	WB_ERR_NOINPUT,		/* an input is missing or unreadable */
	WB_ERR_CANTCREAT,	/* an output cannot be created */
	WB_ERR_IO,		/* a read or write failed, the disk is full */
	WB_ERR_OS,		/* a system call failed: fork, memory ... */
	WB_ERR_UNAVAILABLE,	/* a program or device needed is missing */
	WB_ERR_TEMPFAIL,	/* busy: try again later (a lock is held) */
	WB_ERR_NOPERM,		/* not allowed (privileges, a namespace) */
	WB_ERR_CONFIG,		/* the configuration (a recipe, a setting) */
};

struct wb_err {
	int	code;		/* errno, or 0 for a non-system error */
	int	class;		/* enum wb_err_class */
	char	msg[1024];
};

void	wb_err_clear(struct wb_err *);
int	wb_err_set(struct wb_err *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
int	wb_err_setsys(struct wb_err *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
/* Set the class of the error held; returns -1 as the setters do. */
int	wb_err_class(struct wb_err *, enum wb_err_class);
/* The class wb_err_setsys() gives errno e. */
enum wb_err_class	wb_err_class_of_errno(int e);

#endif
