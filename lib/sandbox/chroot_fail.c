/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * How the child of every confining runner (lib/sandbox/chroot.c,
 * lib/sandbox/chroot_confine.c, lib/sandbox/chroot_seccomp.c, lib/sandbox/userns.c,
 * lib/sandbox/bounds.c) says what failed: it cannot return a struct wb_err to
 * the parent, so it writes one line on fd 2, which the runner reads.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "chroot_int.h"

int
wb_chroot_fail(const char *what, const char *path)
{
	char buf[PATH_MAX + 128];
	int n;

	n = snprintf(buf, sizeof(buf), "chroot: %s %s: %s\n", what, path,
	    strerror(errno));
	if (n > 0)
		(void)write(2, buf, (size_t)n < sizeof(buf) ? (size_t)n :
		    sizeof(buf) - 1);
	return (-1);
}
