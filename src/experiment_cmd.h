/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What "worldbench bench" and "worldbench explain" share: the options
 * of an experiment (lib/experiment/experiment.h) and the pipeline that runs it,
 * with the notes and messages of both commands.
 */
#ifndef WB_EXPERIMENT_CMD_H
#define WB_EXPERIMENT_CMD_H

#include <getopt.h>
#include <limits.h>

#include "experiment.h"
#include "runner.h"
#include "runopts.h"

struct cmd_experiment {
	struct wb_experiment	 x;
	struct wb_runner_opts	 ro;
	int			 quiet, strict, no_preflight;
	const char		*prefix;	/* "worldbench bench: " */
	/*
	 * Optional: called once the images are built, before the run; a
	 * non-zero return (an exit status, said) ends the command.
	 */
	int			(*images_built)(struct cmd_experiment *,
				    void *);
	void			*images_arg;
	char			 objbuf[PATH_MAX], topbuf[PATH_MAX];
	char			 resbuf[PATH_MAX];
};

#define EXPERIMENT_SHORT	"i:o:qT:w:"
#define EXPERIMENT_LONG \
	{ "design", required_argument, NULL, 'D' }, \
	{ "no-preflight", no_argument, NULL, 'P' }, \
	{ "objdir", required_argument, NULL, 'O' }, \
	{ "output", required_argument, NULL, 'o' }, \
	{ "passes", required_argument, NULL, 'i' }, \
	{ "quiet", no_argument, NULL, 'q' }, \
	{ "strict", no_argument, NULL, 'S' }, \
	{ "tests", required_argument, NULL, 'T' }, \
	{ "topdir", required_argument, NULL, 't' }, \
	{ "workdir", required_argument, NULL, 'w' }, \
	RUNOPTS_LONG
#define EXPERIMENT_USAGE \
	"[-q] [-w workdir] [-o resultsdir] [-T tests] [-i passes]\n" \
	"           [--design bench|quick|full] [--objdir dir] " \
	"[--topdir dir]\n" \
	"           [--strict | --no-preflight]\n" \
	"           " RUNOPTS_USAGE

void	cmd_experiment_init(struct cmd_experiment *, const char *prefix);
/* One option: 1 taken, 0 not one of these, -1 bad (said). */
int	cmd_experiment_opt(struct cmd_experiment *, int ch, const char *arg);
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
/* Copy the run's file name to stdout. */
void	cmd_experiment_show(const struct wb_experiment *, const char *name);

#endif
