/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The allocation's pre-flight (worldbench submit): before the array is
 * submitted, one step on every node the array may use prints what the
 * tasks depend on, and the submitting side refuses the submission when a
 * node differs: another worldbench install (binary or libraries), a
 * shared directory the job's user cannot write, a shipped image it
 * cannot read.
 */
#ifndef WB_SLURM_PREFLIGHT_H
#define WB_SLURM_PREFLIGHT_H

#include <stddef.h>

struct wb_err;
struct wb_slurm_job;

/*
 * The shell text one node runs (malloc'ed): it prints one line,
 * "node <name> install <sha256> shared ok|unwritable images ok|unreadable".
 */
char	*wb_slurm_preflight_sh(const struct wb_slurm_job *,
	    struct wb_err *);

/*
 * Checks the lines the nodes printed against the job: every node of
 * nodes[] answered once, with the job's install id, a writable shared
 * directory and readable images.  0 when all agree; -1 with err naming
 * the first node that differs (or did not answer) and how.
 */
int	wb_slurm_preflight_check(const char *out, char *const *nodes,
	    size_t nnodes, const char *install_id, struct wb_err *);

#endif
