/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Paths relative to the running binary: a build tree or an installation
 * keeps libexec/ and share/ beside bin/.
 */
#ifndef WB_EXE_PATH_H
#define WB_EXE_PATH_H

#include <stddef.h>

struct wb_err;

/*
 * "<directory of the running binary>/../rel" into buf.  -1 with err set
 * when /proc/self/exe cannot be read or buf is too small.
 */
int	wb_exe_path(const char *rel, char *buf, size_t len, struct wb_err *);

#endif
