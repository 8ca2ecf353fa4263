/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The child's stdout and stderr into a log file (spawn_log.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "spawn_log.h"

int
wb_spawn_to_log(void *arg)
{
	const char *log = arg;
	int fd;

	if ((fd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC,
	    0644)) == -1) {
		dprintf(2, "cannot open log %s: %s\n", log, strerror(errno));
		return (-1);
	}
	if (dup2(fd, 1) == -1 || dup2(fd, 2) == -1) {
		dprintf(2, "log %s: dup2: %s\n", log, strerror(errno));
		return (-1);
	}
	close(fd);
	return (0);
}
