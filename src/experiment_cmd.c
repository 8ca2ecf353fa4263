/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The experiment pipeline of "bench" and "explain" (experiment_cmd.h).
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "cmdutil.h"
#include "err.h"
#include "exitmap.h"
#include "experiment_cmd.h"
#include "recipe.h"
#include "strvis.h"
#include "suite.h"
#include "world_fs.h"

void
cmd_experiment_init(struct cmd_experiment *o, const char *prefix)
{

	memset(o, 0, sizeof(*o));
	wb_runner_opts_init(&o->ro);
	o->x.design = WB_DESIGN_BENCH;
	o->x.workdir = cmd_workdir();
	o->prefix = prefix;
}

int
cmd_experiment_opt(struct cmd_experiment *o, int ch, const char *arg)
{
	char *end;
	int r;

	if ((r = runopts_parse(&o->ro, ch, arg)) != 0)
		return (r);
	switch (ch) {
	case 'D':
		if (wb_suite_design_parse(arg, &o->x.design) == -1) {
			warnx("--design %s: expected bench, quick or full",
			    arg);
			return (-1);
		}
		return (1);
	case 'i':
		o->x.passes = (int)strtol(arg, &end, 10);
		if (*arg == '\0' || *end != '\0' || o->x.passes < 2 ||
		    o->x.passes > 1000) {
			warnx("--passes %s: expected 2 to 1000", arg);
			return (-1);
		}
		return (1);
	case 'P':
		o->no_preflight = 1;
		return (1);
	case 'O':
		o->x.objdir = arg;
		return (1);
	case 'o':
		o->x.resultsdir = arg;
		return (1);
	case 'q':
		o->quiet = 1;
		return (1);
	case 'S':
		o->strict = 1;
		return (1);
	case 'T':
		o->x.tests = arg;
		return (1);
	case 't':
		o->x.topdir = arg;
		return (1);
	case 'w':
		o->x.workdir = arg;
		return (1);
	default:
		return (0);
	}
}

int
cmd_experiment_check(const struct cmd_experiment *o)
{

	if (o->strict && o->no_preflight) {
		warnx("--strict and --no-preflight exclude each other");
		return (-1);
	}
	return (0);
}

void
cmd_experiment_results(struct cmd_experiment *o, const char *sub)
{

	if (o->x.resultsdir == NULL) {
		snprintf(o->resbuf, sizeof(o->resbuf), "%s/results/%s",
		    o->x.workdir, sub);
		o->x.resultsdir = o->resbuf;
	}
}

int
cmd_experiment_setup(struct cmd_experiment *o, const char *sub)
{
	struct wb_err e;

	cmd_experiment_results(o, sub);
	cmd_tree_defaults(&o->x.objdir, &o->x.topdir, o->objbuf, o->topbuf);
	if (wb_mkdirs(o->x.workdir, 0755, &e) == -1)
		return (cmd_fail(&e));
	o->x.note = o->quiet ? NULL : cmd_note;
	o->x.note_arg = (void *)o->prefix;
	return (0);
}

void
cmd_experiment_show(const struct wb_experiment *x, const char *name)
{
	char *path, buf[8192];
	struct wb_err e;
	size_t n;
	FILE *fp;

	if ((path = wb_experiment_path(x, name, &e)) == NULL)
		return;
	if ((fp = fopen(path, "re")) == NULL)
		warn("%s", path);
	else {
		while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
			fwrite(buf, 1, n, stdout);
		fclose(fp);
	}
	free(path);
	fflush(stdout);
}

/* Build the images; on failure the tail of the build log. */
static int
images(struct cmd_experiment *o, const char *log)
{
	struct wb_err e, e2;
	char *tail;

	if (wb_experiment_images(&o->x, log, &e) == 0)
		return (0);
	if ((tail = wb_build_log_tail(log, 20, &e2)) != NULL) {
		/* A build's output: compilers colour it, anything may. */
		wb_vis_fputs(tail, WB_VIS_WHITE, stderr);
		free(tail);
	}
	return (cmd_failp("building the images", &e));
}

int
cmd_experiment_run(struct cmd_experiment *o)
{
	struct cmd_unpack cu;
	struct wb_harness *h;
	struct wb_err e;
	char log[PATH_MAX];
	int rc;

	snprintf(log, sizeof(log), "%s/bench-images.log", o->x.workdir);
	if ((rc = images(o, log)) != 0)
		return (rc);
	if (o->images_built != NULL &&
	    (rc = o->images_built(o, o->images_arg)) != 0)
		return (rc);
	if (wb_experiment_rundir(&o->x, &e) == -1)
		return (cmd_fail(&e));
	if (!o->quiet)
		fprintf(stderr, "%s%s\n%s%s (%s)\n", o->prefix,
		    o->x.resumed ? "resuming the interrupted run" : "a new run",
		    o->prefix, o->x.rundir, o->x.settings);
	if (!o->x.resumed && !o->no_preflight)
		o->x.preflight = cmd_preflight_check(o->strict, o->quiet);
	if (runopts_resolve(&o->ro) == -1)
		return (1);
	o->x.runner = &o->ro;
	cmd_unpack_begin(&cu);
	o->x.unpack = &cu.o;
	h = wb_experiment_harness(&o->x, &e);
	cmd_unpack_end(&cu);
	json_decref(o->x.preflight);
	o->x.preflight = NULL;
	if (h == NULL)
		return (cmd_fail(&e));
	rc = cmd_run_harness(h, o->quiet, 1);
	if (rc >= 128) {
		warnx("interrupted: the run %s is kept; the same command "
		    "resumes it", o->x.rundir);
		return (rc);
	}
	if (wb_experiment_report(&o->x, &e) == -1)
		return (cmd_fail(&e));
	return (rc);
}
