/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A measured command starts fresh: descriptors 0-2 and nothing else, in
 * a descriptor table of the kernel's default size.
 *
 * Closing is not enough.  A table the caller grew (any descriptor
 * numbered 64 or more: bash holds 255 while it runs a script, and so
 * every command a bash script starts has a 256-entry table) keeps its
 * size in a process until a fork copies only what is open.  A grown
 * table cost Pipe Throughput 4% and System Call Overhead 2% on the
 * development VM (bench/README, "What confinement costs"): enough to
 * make the same binary's figures depend on the shell that started the
 * run.  So the command is a child of the process that closed them.
 *
 * These run in a spawned child (lib/util/spawn.h) and say why they failed on
 * fd 2.
 */
#ifndef WB_FRESH_H
#define WB_FRESH_H

/* Close every descriptor above 2; -1 after a line on fd 2. */
int	wb_fresh_close(void);

/*
 * Fork.  The parent waits for the child and ends as it did (never
 * returns); the child, which dies with the parent, returns 0.  -1 after
 * a line on fd 2.
 */
int	wb_fresh_fork(void);

/* End the way a child with wait status st ended; never returns. */
void	wb_fresh_exit_as(int st) __attribute__((__noreturn__));

/*
 * A runner's child_setup (lib/sandbox/runner.h): wb_fresh_close(), then
 * wb_fresh_fork().  The host runner's; the chroot runners fork anyway.
 */
int	wb_fresh_setup(void *unused);

#endif
