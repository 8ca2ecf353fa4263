/*
 * Helpers shared by the subcommands in src/.  Like the commands
 * themselves they may exit: they run at main level.
 */
#ifndef WB_CMDUTIL_H
#define WB_CMDUTIL_H

#include <jansson.h>

/* The -w default: $WORKDIR, else "work". */
const char	*cmd_workdir(void);
/* Send SIGINT and SIGTERM to handler; exits 1 if sigaction fails. */
void		 cmd_catch_signals(void (*handler)(int));
/*
 * The pre-flight check before a run or a boot: its warnings go to stderr
 * unless quiet; with strict, exits 1 when the host is busy.  Returns the
 * check as a new JSON object for the results' provenance ("preflight").
 */
json_t		*cmd_preflight_check(int strict, int quiet);
/*
 * The root directory of a world image: an unpacked root as it is, or an
 * archive unpacked into workdir (created if need be) under the work
 * directory's lock, each refused entry warned about ("refused: ...").
 * Malloc'ed; NULL with err set.
 */
struct wb_err;
char		*cmd_world_root(const char *image, const char *workdir,
		    struct wb_err *);

#endif
