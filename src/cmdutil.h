/*
 * Helpers shared by the subcommands in src/.  Like the commands
 * themselves they may exit: they run at main level.
 */
#ifndef WB_CMDUTIL_H
#define WB_CMDUTIL_H

/* The -w default: $WORKDIR, else "work". */
const char	*cmd_workdir(void);
/* Send SIGINT and SIGTERM to handler; exits 1 if sigaction fails. */
void		 cmd_catch_signals(void (*handler)(int));

#endif
