/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The identity of an installed program: the sha256 of the lines
 * "sha256sum PROGRAM" and "sha256sum LIB" for each shared library ldd(1)
 * resolves for it, in ldd's order.  The Slurm task script computes the
 * same with sha256sum, ldd and sed (WB_INSTALL_ID_SH), so that a node
 * whose binary or libraries differ from the submitting side's is caught
 * before it runs anything.
 */
#ifndef WB_INSTALL_ID_H
#define WB_INSTALL_ID_H

#include "digest.h"

struct wb_err;

/* The shell form; $wb names the program. */
#define WB_INSTALL_ID_SH						\
	"{ sha256sum \"$wb\"; ldd \"$wb\" 2>/dev/null | "		\
	"sed -n 's/^.*=> \\(\\/[^ ]*\\) (0x[0-9a-f]*)$/\\1/p' | "	\
	"xargs -r sha256sum; } | sha256sum | cut -c1-64"

/* The identity of exe (an absolute path without blanks). */
int	wb_install_id(const char *exe, char hex[WB_SHA256_HEXSIZE],
	    struct wb_err *);

#endif
