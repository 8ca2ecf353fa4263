/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The shared experiment options that take more than a store (see
 * experiment_opts.h).
 */
#include <err.h>
#include <stdlib.h>

#include "experiment_opts.h"
#include "wb_model.h"

int
cmd_experiment_design(void *c, char *arg)
{
	struct cmd_experiment *o = c;

	if (wb_suite_design_parse(arg, &o->x.design) == -1) {
		warnx("--design %s: expected bench, quick or full", arg);
		return (-1);
	}
	return (0);
}

int
cmd_experiment_passes(void *c, char *arg)
{
	struct cmd_experiment *o = c;
	char *end;

	o->x.passes = (int)strtol(arg, &end, 10);
	if (*arg == '\0' || *end != '\0' || o->x.passes < 2 ||
	    o->x.passes > 1000) {
		warnx("--passes %s: expected 2 to 1000", arg);
		return (-1);
	}
	return (0);
}
