/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Help text beyond the synopses: a one-line description of each option
 * of a command, the test ids for run, and the nearest command or option
 * to a typo.  Each command's option table (src/opt.h) holds them;
 * src/help.c walks the tables in the order of the command list.
 * Main-level code: prints.
 */
#ifndef WB_HELP_H
#define WB_HELP_H

#include <stdio.h>

/* The options of cmd, one a line, and for run the tests; 0, -1 if none. */
int	help_options(FILE *, const char *cmd);
/*
 * One option of a command as its line in the table states it: the long
 * name without "--" (or ""), the short letter (or 0), the argument's
 * synopsis ("n", "auto|userns|chroot"; "" for none), whether the argument
 * is optional (--name[=arg]), and the description.  The option tables
 * are the one source of parsing, help, completion and typo hints.
 */
struct help_optinfo {
	char		 longname[32];
	char		 shortname;
	char		 arg[48];
	int		 optional;
	const char	*desc;
};

#define HELP_MAXOPTS	96

/* cmd's options, at most max, in the table's order; how many. */
size_t	help_options_of(const char *cmd, struct help_optinfo *, size_t max);
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
