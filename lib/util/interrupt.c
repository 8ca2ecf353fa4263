/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The process's one interrupt flag (see interrupt.h).
 */
#include <signal.h>

#include "interrupt.h"

static volatile sig_atomic_t interrupted;

void
wb_interrupt_set(int sig)
{

	if (interrupted == 0)
		interrupted = sig > 0 ? sig : SIGTERM;
}

int
wb_interrupt_pending(void)
{

	return ((int)interrupted);
}

volatile sig_atomic_t *
wb_interrupt_flag(void)
{

	return (&interrupted);
}

void
wb_interrupt_clear(void)
{

	interrupted = 0;
}
