/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Helpers shared by the subcommands in src/.  Like the commands
 * themselves they may exit: they run at main level.
 */
#ifndef WB_CMDUTIL_H
#define WB_CMDUTIL_H

#include <signal.h>

#include <jansson.h>

#include "wb_image.h"

/*
 * --negligible percent: a number from 0 to below 100 (the smallest effect
 * of interest, lib/stats/compare.h); -1 after a message naming the option.
 */
int		 cmd_parse_negligible(const char *arg, double *pct);
/*
 * -e/--estimator unixbench|all into the enum wb_estimator at the
 * entry's off (an OPT_FN of src/opt.h): the handler compare and table
 * share.
 */
int		 cmd_opt_estimator(void *est, char *arg);
/* The -w default: $WORKDIR, else "work". */
const char	*cmd_workdir(void);
/*
 * The pre-flight check before a run or a boot: its warnings go to stderr
 * unless quiet; with strict, exits 1 when the host is busy.  Returns the
 * check as a new JSON object for the results' provenance ("preflight").
 */
json_t		*cmd_preflight_check(int strict, int quiet);
/*
 * An unpack run by a command: cmd_unpack_begin() fills o so that each
 * refusal is warned about ("refused: PATH: WHY"), each note too ("PATH:
 * WHY"), and main's interrupt (lib/util/interrupt.h) stops the unpack,
 * which then removes its temporary tree; cmd_unpack_end() is kept for
 * symmetry (main exits 128 + the signal once the command returns).
 */
struct cmd_unpack {
	struct wb_unpack_opts	o;
};
void		 cmd_unpack_begin(struct cmd_unpack *);
void		 cmd_unpack_end(struct cmd_unpack *);
/*
 * The root directory of a world image: an unpacked root as it is, or an
 * archive unpacked into workdir (created if need be) under the work
 * directory's lock, as cmd_unpack_begin() sets it up.  Malloc'ed; NULL
 * with err set.
 */
/*
 * The note and progress callback of the library's long jobs: prints
 * the line to stderr after the prefix that arg points to (a string).
 */
void		 cmd_note(void *prefix, const char *line);
/*
 * What a run, a bench or a boot says of its images' matching
 * (lib/image/ident.h): "UNMATCHED images: ..." always, the labels whose
 * matching is not recorded unless quiet.  Either may be NULL.
 */
void		 cmd_matching_say(const char *unmatched,
		    const char *unrecorded, int quiet);
/*
 * Defaults of --objdir and --topdir (NULL ones are set): in a source
 * tree ("recipes/" here) the tree and its build/; otherwise the tree of
 * the running binary, whose share/worldbench holds the recipes and
 * overlays.  The bufs hold PATH_MAX bytes.
 */
void		 cmd_tree_defaults(const char **objdir, const char **topdir,
		    char *objbuf, char *topbuf);
struct wb_err;
/*
 * The unpacked root of an image argument (or a root directory):
 * wb_world_root_arg() with the command's unpack (cmd_unpack_begin()).
 */
char		*cmd_world_root(const char *image, const char *workdir,
		    struct wb_err *);

#endif
