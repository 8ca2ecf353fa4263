/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Subcommands of worldbench(1).  Each lives in its own src/cmd_<name>.c,
 * parses its own options, and returns the process exit status.  Usage
 * errors return EX_USAGE (64) after printing that command's synopsis.
 * cmd_<name>_usage() prints the synopsis to fp: main prints it to stdout
 * for -h and --help.
 */
#ifndef WB_CMD_H
#define WB_CMD_H

#include <stdio.h>

int	cmd_run(int, char **);
int	cmd_bench(int, char **);
int	cmd_explain(int, char **);

struct wb_harness;
/*
 * Run (and free) a harness as worldbench run does: progress lines (one
 * per pass also when stderr is no terminal with progress), the planned
 * passes and their time first, the failed passes named at the end.
 * 0, 1 (passes failed), 128 + signal (interrupted, resumable).
 */
int	cmd_run_harness(struct wb_harness *, int quiet, int progress);
int	cmd_table(int, char **);
int	cmd_import(int, char **);
int	cmd_history(int, char **);
int	cmd_compare(int, char **);
int	cmd_preflight(int, char **);
int	cmd_check_release(int, char **);
int	cmd_recipe(int, char **);
int	cmd_image(int, char **);
int	cmd_images(int, char **);
int	cmd_chroot(int, char **);
int	cmd_boot(int, char **);
int	cmd_kernel(int, char **);
int	cmd_kernel_attribute(int, char **);
int	cmd_submit(int, char **);
int	cmd_lava_job(int, char **);
int	cmd_import_lava(int, char **);

void	cmd_run_usage(FILE *);
void	cmd_bench_usage(FILE *);
void	cmd_explain_usage(FILE *);
void	cmd_table_usage(FILE *);
void	cmd_import_usage(FILE *);
void	cmd_history_usage(FILE *);
void	cmd_compare_usage(FILE *);
void	cmd_preflight_usage(FILE *);
void	cmd_check_release_usage(FILE *);
void	cmd_recipe_usage(FILE *);
void	cmd_image_usage(FILE *);
void	cmd_images_usage(FILE *);
void	cmd_chroot_usage(FILE *);
void	cmd_boot_usage(FILE *);
/* The guest root's default paths, beside the worldbench binary. */
struct wb_qb_root;
void	cmd_boot_root_defaults(struct wb_qb_root *);
void	cmd_kernel_usage(FILE *);
void	cmd_lava_job_usage(FILE *);
void	cmd_submit_usage(FILE *);

#endif
