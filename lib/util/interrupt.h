/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The process's one interrupt.  main installs the only handler, for
 * SIGHUP, SIGINT and SIGTERM (a signal ignored at start, as under nohup,
 * stays ignored); the handler calls wb_interrupt_set().  Every library
 * loop that can run long polls wb_interrupt_pending(): wb_spawn_run() kills its
 * children with their process groups and starts no new one, the harness
 * drops the pass that was running (it is never recorded, so never a
 * failure) and writes the results marked incomplete, an unpack removes
 * its temporary tree.  main then exits 128 + the signal.
 *
 * Implemented in lib/util/interrupt.c.
 */
#ifndef WB_INTERRUPT_H
#define WB_INTERRUPT_H

#include <signal.h>

/* Async-signal-safe: record sig (the first one given wins). */
void			 wb_interrupt_set(int sig);
/* The signal recorded, or 0. */
int			 wb_interrupt_pending(void);
/*
 * The flag itself, for the interfaces that take a stop flag (the
 * unpacker's options, wb_harness_run()); non-zero once interrupted.
 */
volatile sig_atomic_t	*wb_interrupt_flag(void);
/* Forget the interrupt (tests only). */
void			 wb_interrupt_clear(void);

#endif
