/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The runner options of worldbench chroot and run (src/runopts.c):
 * --runner, --tmp-size, --max-procs, --max-memory, --map-id.
 */
#ifndef WB_RUNOPTS_H
#define WB_RUNOPTS_H

#include "opt.h"

struct wb_runner_opts;

#define RUNOPTS_USAGE	"[--runner auto|name] [--tmp-size size] " \
	"[--max-procs n]\n           [--max-memory size] [--map-id uid:gid]"

/*
 * The five as entries of an option table (src/opt.h): the runner
 * options at off of the command's options, given (OPT_GIVEN or 0) set
 * when any is, flags (OPT_NOROW) and each one's line of help.
 */
#define RUNOPTS_OPTS(o_off, o_given, o_flags, drunner, dtmp, dprocs, \
    dmem, dmap) \
	{ .kind = OPT_FN, .name = "runner", .arg = "auto|name", \
	  .flags = (o_flags), .off = (o_off), .given = (o_given), \
	  .fn = runopts_runner, .desc = (drunner) }, \
	{ .kind = OPT_FN, .name = "tmp-size", .arg = "size", \
	  .flags = (o_flags), .off = (o_off), .given = (o_given), \
	  .fn = runopts_tmp_size, .desc = (dtmp) }, \
	{ .kind = OPT_FN, .name = "max-procs", .arg = "n", \
	  .flags = (o_flags), .off = (o_off), .given = (o_given), \
	  .fn = runopts_max_procs, .desc = (dprocs) }, \
	{ .kind = OPT_FN, .name = "max-memory", .arg = "size", \
	  .flags = (o_flags), .off = (o_off), .given = (o_given), \
	  .fn = runopts_max_memory, .desc = (dmem) }, \
	{ .kind = OPT_FN, .name = "map-id", .arg = "uid:gid", \
	  .flags = (o_flags), .off = (o_off), .given = (o_given), \
	  .fn = runopts_map_id, .desc = (dmap) }

/* Table handlers: arg into the struct wb_runner_opts ro; 0 or -1. */
int	runopts_runner(void *ro, char *arg);
int	runopts_tmp_size(void *ro, char *arg);
int	runopts_max_procs(void *ro, char *arg);
int	runopts_max_memory(void *ro, char *arg);
int	runopts_map_id(void *ro, char *arg);

/*
 * Resolve the kind (auto: the first runner of the table that can start
 * here, printing one line on why any before it was skipped) and probe
 * it; -1 after a message.
 */
int	runopts_resolve(struct wb_runner_opts *);

#endif
