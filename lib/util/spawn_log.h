/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A child_setup for wb_spawn (spawn.h) that sends the child's stdout and
 * stderr to a log file.
 */
#ifndef WB_SPAWN_LOG_H
#define WB_SPAWN_LOG_H

/*
 * Runs in the child: stdout and stderr appended to the file that arg
 * names (created 0644).  On failure says why on the child's stderr and
 * returns -1.
 */
int	wb_spawn_to_log(void *);

#endif
