/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A tool's version as it prints it: the first line of "prog --version",
 * for provenance records.
 */
#ifndef WB_TOOLVER_H
#define WB_TOOLVER_H

#include <stddef.h>

struct wb_err;

/* The qemu of a Debian host, the default of the guest runner. */
#define WB_QEMU_DEFAULT		"/usr/bin/qemu-system-x86_64"

/*
 * The first line "prog --version" prints, into buf.  -1 with err set
 * when it does not run, exits non-zero or prints nothing.
 */
int	wb_toolver_get(const char *prog, char *buf, size_t len,
	    struct wb_err *);

#endif
