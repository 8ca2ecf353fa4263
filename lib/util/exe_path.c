/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Paths relative to the running binary (see exe_path.h).
 */
#include <limits.h>
#include <libgen.h>
#include <stdio.h>
#include <unistd.h>

#include "err.h"
#include "exe_path.h"

int
wb_exe_path(const char *rel, char *buf, size_t len, struct wb_err *err)
{
	char exe[PATH_MAX];
	ssize_t n;

	if ((n = readlink("/proc/self/exe", exe, sizeof(exe) - 1)) == -1)
		return (wb_err_setsys(err, "/proc/self/exe"));
	exe[n] = '\0';
	if ((size_t)snprintf(buf, len, "%s/../%s", dirname(exe), rel) >= len)
		return (wb_err_set(err, "%s/../%s: path too long", exe, rel));
	return (0);
}
