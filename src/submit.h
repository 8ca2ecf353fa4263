/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench submit, shared between src/cmd_submit.c (submitting) and
 * src/cmd_submit_tasks.c (status, resubmission, collection): the
 * printing of lib/farm/submit_drive.h's calls.  Main-level.
 */
#ifndef WB_SUBMIT_H
#define WB_SUBMIT_H

struct wb_err;

/* The warn hook of the submit calls: "worldbench: LINE" on stderr. */
void	submit_warn_line(void *arg, const char *line);
/*
 * The exit status of a submit call's return (WB_SUBMIT_*), after its
 * message: usage 64, a refusal 1, else the error's class.
 */
int	submit_exit(int rc, const struct wb_err *);

int	submit_status(const char *dir);
int	submit_resubmit(const char *dir);
int	submit_collect(const char *dir, const char *variant, int spread);

#endif
