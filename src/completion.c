/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The completion script of one shell, by its name (see completion.h).
 */
#include <stdio.h>
#include <string.h>

#include "completion.h"

int
completion_write(FILE *fp, const char *shell,
    const struct completion_cmd *cmds, size_t n)
{

	if (strcmp(shell, "bash") == 0)
		completion_bash(fp, cmds, n);
	else if (strcmp(shell, "zsh") == 0)
		completion_zsh(fp, cmds, n);
	else if (strcmp(shell, "fish") == 0)
		completion_fish(fp, cmds, n);
	else
		return (-1);
	return (0);
}
