/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Help text beyond the synopses: a one-line description of each option
 * of a command, the test ids for run, and the nearest command or option
 * to a typo.  The tables live in src/help.c, one place for every
 * command.  Main-level code: prints.
 */
#ifndef WB_HELP_H
#define WB_HELP_H

#include <stdio.h>

/* The options of cmd, one a line, and for run the tests; 0, -1 if none. */
int	help_options(FILE *, const char *cmd);
/* The exit statuses of worldbench(1). */
void	help_exit_statuses(FILE *);
/* The nearest of the n names to s within two edits, or NULL. */
const char *help_nearest(const char *s, const char *const *names, size_t n);
/*
 * After a usage error of cmd: for each unknown "--word" in argv, say
 * "did you mean --nearest?" when an option of cmd is close.
 */
void	help_suggest_options(const char *cmd, int argc, char **argv);

#endif
