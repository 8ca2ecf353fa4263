/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Helpers shared by the subcommands.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmdutil.h"
#include "exitmap.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_run.h"
#include "wb_sandbox.h"
#include "wb_util.h"

int
cmd_parse_negligible(const char *arg, double *pct)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (end == arg || *end != '\0' || errno != 0 || !(v >= 0 && v < 100)) {
		warnx("--negligible: '%s' is not a percentage from 0 to below "
		    "100", arg);
		return (-1);
	}
	*pct = v;
	return (0);
}

int
cmd_opt_estimator(void *est, char *arg)
{

	if (wb_score_estimator_parse(arg, est) == -1) {
		warnx("unknown estimator '%s'", arg);
		return (-1);
	}
	return (0);
}

const char *
cmd_workdir(void)
{

	return (getenv("WORKDIR") != NULL ? getenv("WORKDIR") : "work");
}

/* A preflight warning, on stderr. */
static void
preflight_warn(void *arg, const char *line)
{

	(void)arg;
	warnx("%s", wb_strvis_slot(line));
}

json_t *
cmd_preflight_check(int strict, int quiet)
{
	struct wb_err e;
	json_t *j;
	int refused;

	if ((j = wb_preflight_check(strict, quiet, preflight_warn, NULL,
	    &refused, &e)) == NULL) {
		if (refused)
			errx(1, "%s", e.msg);
		exit(cmd_fail(&e));
	}
	return (j);
}

static void
refusal(void *arg, const char *path, const char *why)
{

	(void)arg;
	warnx("refused: %s: %s", wb_strvis_slot(path), wb_strvis_slot(why));
}

static void
unpack_note(void *arg, const char *path, const char *why)
{

	(void)arg;
	warnx("%s: %s", wb_strvis_slot(path), wb_strvis_slot(why));
}

void
cmd_unpack_begin(struct cmd_unpack *cu)
{

	memset(&cu->o, 0, sizeof(cu->o));
	cu->o.refuse = refusal;
	cu->o.note = unpack_note;
	cu->o.stop = wb_interrupt_flag();
}

void
cmd_unpack_end(struct cmd_unpack *cu)
{

	/* The temporary tree is gone; main exits 128 + the signal. */
	(void)cu;
}

char *
cmd_world_root(const char *image, const char *workdir, struct wb_err *err)
{
	struct cmd_unpack cu;
	char *root;

	cmd_unpack_begin(&cu);
	root = wb_world_root_arg(image, workdir, &cu.o, err);
	cmd_unpack_end(&cu);
	return (root);
}

void
cmd_note(void *prefix, const char *line)
{

	/* A note may quote a file, a build's output, a label. */
	fputs((const char *)prefix, stderr);
	wb_strvis_fputs(line, 0, stderr);
	fputc('\n', stderr);
}

/*
 * Defaults of --objdir and --topdir: in a source tree ("recipes/" here)
 * the tree and its build/; otherwise the tree of the running binary (a
 * build directory or an installation: bin/, libexec/, share/), whose
 * share/worldbench holds the recipes and overlays make install copies.
 */
void
cmd_tree_defaults(const char **objdir, const char **topdir, char *objbuf,
    char *topbuf)
{
	struct wb_err e;
	struct stat st;
	int tree;

	tree = stat("recipes", &st) == 0 && S_ISDIR(st.st_mode);
	if (*topdir == NULL)
		*topdir = tree || wb_exe_path("share/worldbench", topbuf,
		    PATH_MAX, &e) == -1 ? "." : topbuf;
	if (*objdir == NULL)
		*objdir = tree || wb_exe_path(".", objbuf, PATH_MAX,
		    &e) == -1 ? "build" : objbuf;
}

void
cmd_matching_say(const char *unmatched, const char *unrecorded, int quiet)
{

	if (unmatched != NULL)
		warnx("WARNING: --unmatched: UNMATCHED images: %s",
		    wb_strvis_slot(unmatched));
	if (unrecorded != NULL && !quiet)
		warnx("matching not recorded for %s (not an image with an "
		    "identity record): not checked",
		    wb_strvis_slot(unrecorded));
}
