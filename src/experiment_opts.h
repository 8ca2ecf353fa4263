/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The options that "worldbench bench" and "worldbench explain" share,
 * as entries of their option tables (src/opt.h): each macro takes where
 * the struct cmd_experiment sits in the command's options (OPT_AT).
 */
#ifndef WB_EXPERIMENT_OPTS_H
#define WB_EXPERIMENT_OPTS_H

#include <stddef.h>

#include "experiment_cmd.h"
#include "opt.h"
#include "runopts.h"

#define XO_AT(o_c, m)	((o_c) + offsetof(struct cmd_experiment, m))

/*
 * -o, -q, -T, -w, --design, -i: their help lines in every command; the
 * table's first entries (options end at the first operand).
 */
#define EXPERIMENT_OPTS_HEAD(o_c, dout) \
	{ .kind = OPT_STR, .ch = 'o', .name = "output", \
	  .arg = "resultsdir", .flags = OPT_PLUS, \
	  .off = XO_AT(o_c, x.resultsdir), \
	  .desc = (dout) }, \
	{ .kind = OPT_FLAG, .ch = 'q', .name = "quiet", \
	  .off = XO_AT(o_c, quiet), .desc = "no progress on stderr" }, \
	{ .kind = OPT_STR, .ch = 'T', .name = "tests", .arg = "id,...", \
	  .off = XO_AT(o_c, x.tests), \
	  .desc = "these tests only (see help run)" }, \
	{ .kind = OPT_STR, .ch = 'w', .name = "workdir", .arg = "dir", \
	  .off = XO_AT(o_c, x.workdir), \
	  .desc = "images, roots and logs (default $WORKDIR or work)" }, \
	{ .kind = OPT_FN, .name = "design", .arg = "bench|quick|full", \
	  .off = (o_c), .fn = cmd_experiment_design, \
	  .desc = "passes and pass lengths (default bench)" }, \
	{ .kind = OPT_FN, .ch = 'i', .name = "passes", .arg = "n", \
	  .off = (o_c), .fn = cmd_experiment_passes, \
	  .desc = "passes of every test (default: the design's)" }

/*
 * --no-preflight, --objdir, --strict, --topdir and the runner options,
 * with flags (OPT_NOROW where one help line covers them) and the
 * descriptions of the first four.
 */
#define EXPERIMENT_OPTS_TAIL(o_c, o_flags, dnopre, dobj, dstrict, dtop, \
    drunner, dtmp, dprocs, dmem, dmap) \
	{ .kind = OPT_FLAG, .name = "no-preflight", .flags = (o_flags), \
	  .off = XO_AT(o_c, no_preflight), .desc = (dnopre) }, \
	{ .kind = OPT_STR, .name = "objdir", .arg = "dir", \
	  .flags = (o_flags), .off = XO_AT(o_c, x.objdir), \
	  .desc = (dobj) }, \
	{ .kind = OPT_FLAG, .name = "strict", .flags = (o_flags), \
	  .off = XO_AT(o_c, strict), .desc = (dstrict) }, \
	{ .kind = OPT_STR, .name = "topdir", .arg = "dir", \
	  .flags = (o_flags), .off = XO_AT(o_c, x.topdir), \
	  .desc = (dtop) }, \
	RUNOPTS_OPTS(XO_AT(o_c, ro), 0, (o_flags), (drunner), (dtmp), \
	    (dprocs), (dmem), (dmap))

/* Table handlers: arg into the struct cmd_experiment c; 0 or -1. */
int	cmd_experiment_design(void *c, char *arg);
int	cmd_experiment_passes(void *c, char *arg);

#endif
