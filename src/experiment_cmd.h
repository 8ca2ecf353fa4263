/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What "worldbench bench" and "worldbench explain" share: the options
 * of an experiment (lib/experiment/experiment.h) and the pipeline that runs it,
 * with the notes and messages of both commands.
 */
#ifndef WB_EXPERIMENT_CMD_H
#define WB_EXPERIMENT_CMD_H

#include <limits.h>

#include "cmdutil.h"
#include "runopts.h"
#include "wb_experiment.h"
#include "wb_sandbox.h"

struct cmd_experiment {
	struct wb_experiment	 x;
	struct wb_runner_opts	 ro;
	int			 quiet, strict, no_preflight;
	const char		*prefix;	/* "worldbench bench: " */
	/* Refuse images that differ in more than the knob (bench). */
	int			 matching;
	/*
	 * Optional: called once the images are built, before the run; -1
	 * with the error (and *what, the step) ends the command
	 * (lib/experiment/experiment_drive.h).
	 */
	int			(*images_built)(void *,
				    const struct wb_experiment *,
				    const char **what, struct wb_err *);
	void			*images_arg;
	char			 objbuf[PATH_MAX], topbuf[PATH_MAX];
	char			 resbuf[PATH_MAX];
	struct cmd_unpack	 cu;	/* the run's unpack (cmdutil.h) */
};

#define EXPERIMENT_USAGE \
	"[-q] [-w workdir] [-o resultsdir] [-T tests] [-i passes]\n" \
	"           [--design bench|quick|full] [--objdir dir] " \
	"[--topdir dir]\n" \
	"           [--strict | --no-preflight]\n" \
	"           " RUNOPTS_USAGE

void	cmd_experiment_init(struct cmd_experiment *, const char *prefix);
/* After the options: --strict against --no-preflight; -1 if both. */
int	cmd_experiment_check(const struct cmd_experiment *);
/* The results directory's default: WORKDIR/results/<sub>. */
void	cmd_experiment_results(struct cmd_experiment *, const char *sub);
/*
 * Defaults (results under WORKDIR/results/<sub>, the source and build
 * trees), the work directory made; the exit status on failure.
 */
int	cmd_experiment_setup(struct cmd_experiment *, const char *sub);
/*
 * Build the images, choose the run directory, run (or resume) it and
 * write its reports.  Returns 0, 1 when passes failed, 128 + signal when
 * interrupted (the run is kept), or the exit status of an error (said).
 */
int	cmd_experiment_run(struct cmd_experiment *);
/*
 * The workflow of o (lib/experiment/experiment_drive.h) with the
 * command's hooks: warnings to stderr, the harness run with progress,
 * refused unpack entries warned about.  cmd_experiment_run() calls it;
 * explain hands d to its own driver.
 */
void	cmd_experiment_drive(struct cmd_experiment *,
	    struct wb_experiment_drive *d);
/* What a failed workflow says, with its build log; the exit status. */
int	cmd_experiment_said(const struct wb_experiment_done *,
	    const struct wb_err *);
/* Copy the run's file name to stdout. */
void	cmd_experiment_show(const struct wb_experiment *, const char *name);

#endif
