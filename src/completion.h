/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shell completion for bash, zsh and fish, generated from the option
 * tables (src/opt.h) that "worldbench help" and the parsers read, and
 * main's command list, so that help, completion and parsing cannot
 * drift apart.  Main-level code: prints.
 */
#ifndef WB_COMPLETION_H
#define WB_COMPLETION_H

#include <stdio.h>

#include "completion_shell.h"

/* The script for shell ("bash", "zsh", "fish"); -1 if shell is unknown. */
int	completion_write(FILE *, const char *shell,
	    const struct completion_cmd *, size_t n);

#endif
