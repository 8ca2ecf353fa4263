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
#include "exitmap.h"
#include "experiment_cmd.h"
#include "wb_experiment.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_util.h"

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
	if (wb_world_fs_mkdirs(o->x.workdir, 0755, &e) == -1)
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

/* A warning of the workflow: "worldbench: LINE". */
static void
warn_line(void *arg, const char *line)
{

	(void)arg;
	warnx("%s", wb_strvis_slot(line));
}

/* The workflow's hooks: the caller's check, then the run with progress. */
static int
images_built(void *arg, const struct wb_experiment *x, const char **what,
    struct wb_err *e)
{
	struct cmd_experiment *o = arg;

	return (o->images_built(o->images_arg, x, what, e));
}

static int
run(void *arg, struct wb_harness *h)
{
	struct cmd_experiment *o = arg;

	return (cmd_run_harness(h, o->quiet, 1));
}

/* A failed workflow: what it says, and the exit status. */
int
cmd_experiment_said(const struct wb_experiment_done *done, const struct wb_err *e)
{

	if (done->log_tail != NULL)
		/* A build's output: compilers colour it, anything may. */
		wb_strvis_fputs(done->log_tail, WB_VIS_WHITE, stderr);
	if (done->busy)
		errx(1, "%s", e->msg);
	if (done->status != 0) {
		warnx("%s", e->msg);
		return (done->status);
	}
	return (done->what != NULL ? cmd_failp(done->what, e) : cmd_fail(e));
}

void
cmd_experiment_drive(struct cmd_experiment *o, struct wb_experiment_drive *d)
{

	memset(d, 0, sizeof(*d));
	d->x = &o->x;
	d->ro = &o->ro;
	d->quiet = o->quiet;
	d->strict = o->strict;
	d->no_preflight = o->no_preflight;
	d->matching = o->matching;
	if (o->images_built != NULL)
		d->images_built = images_built;
	d->run = run;
	d->warn = warn_line;
	d->arg = o;
	cmd_unpack_begin(&o->cu);
	o->x.unpack = &o->cu.o;
}

int
cmd_experiment_run(struct cmd_experiment *o)
{
	struct wb_experiment_drive d;
	struct wb_experiment_done done;
	struct wb_err e;
	int rc;

	cmd_experiment_drive(o, &d);
	rc = wb_experiment_drive(&d, &done, &e);
	cmd_unpack_end(&o->cu);
	o->x.unpack = NULL;
	rc = rc == 0 ? done.status : cmd_experiment_said(&done, &e);
	wb_experiment_done_fini(&done);
	return (rc);
}
