/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What every shell's completion writer is given and shares: main's
 * commands, the kind of an option's argument, the words a synopsis
 * offers (src/completion_shell.c), and the writers themselves
 * (src/completion_<shell>.c).  completion.h picks one by name.
 */
#ifndef WB_COMPLETION_SHELL_H
#define WB_COMPLETION_SHELL_H

#include <stdio.h>

#include "help.h"

/* One command as main lists it. */
struct completion_cmd {
	const char	*name;
	const char	*synopsis;	/* "recipe build|lint|variants ..." */
	const char	*desc;		/* one line */
};

/* What an option's argument is, and so what completes it. */
enum completion_value {
	COMPL_FLAG,		/* no argument */
	COMPL_VALUE,		/* a number or a name: nothing to offer */
	COMPL_FILE,
	COMPL_DIR,
	COMPL_WORDS,		/* one of the words of the synopsis */
	COMPL_TESTS,		/* test ids, an index name or all */
};

/*
 * The kind of o's argument; for COMPL_WORDS the words, space-separated,
 * into words (size n).
 */
enum completion_value	completion_value(const struct help_optinfo *o,
			    char *words, size_t n);
/*
 * The subcommands that a command's synopsis names ("build lint variants"
 * for "recipe build|lint|variants ..."), or "".
 */
void	completion_subcommands(const struct completion_cmd *, char *, size_t);
/* Every test id, then "all unixbench5 unixbench4", space-separated. */
void	completion_test_words(char *, size_t);

/* The per-shell writers (src/completion_<shell>.c). */
void	completion_bash(FILE *, const struct completion_cmd *, size_t);
void	completion_zsh(FILE *, const struct completion_cmd *, size_t);
void	completion_fish(FILE *, const struct completion_cmd *, size_t);

#endif
