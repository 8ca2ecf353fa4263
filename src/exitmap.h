/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one map from an error's class (lib/util/err.h) to worldbench's exit
 * status, documented in worldbench(1) EXIT STATUS.  Every command reports
 * a library error through it.  Main-level only: cmd_die() exits.
 */
#ifndef WB_EXITMAP_H
#define WB_EXITMAP_H

struct wb_err;

/* The statuses that are not error classes. */
#define CMD_EXIT_VERDICT	1	/* ran, but the verdict is no: passes
					   failed, comparison invalid, a
					   check-release check failed */
#define CMD_EXIT_TIMEOUT	124	/* chroot: the command timed out */

/* The exit status of e's class. */
int	cmd_exit_status(const struct wb_err *);
/* Warn "worldbench: MSG" and return the status of e's class. */
int	cmd_fail(const struct wb_err *);
/* Warn "worldbench: PREFIX: MSG" and return the status of e's class. */
int	cmd_failp(const char *prefix, const struct wb_err *);
/* Warn as cmd_fail() and exit with the status of e's class. */
void	cmd_die(const struct wb_err *) __attribute__((noreturn));
/* The table, for worldbench help exit-status (NULL-terminated rows). */
struct cmd_exit_row {
	int		 status;
	const char	*meaning;
};
extern const struct cmd_exit_row	cmd_exit_rows[];

#endif
