/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The runner options of worldbench chroot and run (src/runopts.c):
 * --runner, --tmp-size, --max-procs, --max-memory, --map-id.
 */
#ifndef WB_RUNOPTS_H
#define WB_RUNOPTS_H

#include <getopt.h>

struct wb_runner_opts;

/* Long options with these values go to runopts_parse(). */
enum {
	RUNOPT_RUNNER = 0x1000,
	RUNOPT_TMP_SIZE,
	RUNOPT_MAX_PROCS,
	RUNOPT_MAX_MEMORY,
	RUNOPT_MAP_ID,
};

#define RUNOPTS_LONG \
	{ "runner", required_argument, NULL, RUNOPT_RUNNER }, \
	{ "tmp-size", required_argument, NULL, RUNOPT_TMP_SIZE }, \
	{ "max-procs", required_argument, NULL, RUNOPT_MAX_PROCS }, \
	{ "max-memory", required_argument, NULL, RUNOPT_MAX_MEMORY }, \
	{ "map-id", required_argument, NULL, RUNOPT_MAP_ID }

#define RUNOPTS_USAGE	"[--runner auto|name] [--tmp-size size] " \
	"[--max-procs n]\n           [--max-memory size] [--map-id uid:gid]"

/* 1 when ch was one of ours (parsed), 0 when not, -1 on a bad value. */
int	runopts_parse(struct wb_runner_opts *, int ch, const char *arg);
/*
 * Resolve the kind (auto: the first runner of the table that can start
 * here, printing one line on why any before it was skipped) and probe
 * it; -1 after a message.
 */
int	runopts_resolve(struct wb_runner_opts *);

#endif
