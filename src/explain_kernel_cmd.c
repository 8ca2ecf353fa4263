/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench explain over a kernel recipe (explain_kernel_cmd.h): the
 * driver's lines and reports printed.
 */
#include <err.h>
#include <stdio.h>
#include <string.h>
#include <sysexits.h>

#include "cmd.h"
#include "cmdutil.h"
#include "exitmap.h"
#include "explain_kernel_cmd.h"
#include "wb_explain.h"
#include "wb_stats.h"
#include "wb_util.h"

static char note_prefix[] = "worldbench explain: ";

static void
plan_show(const struct wb_explain_kernel *kx,
    const struct wb_explain_kernel_drive *q)
{
	const struct wb_explain_plan *p;
	char buf[1024];
	size_t i;

	p = kx->main != NULL ? kx->main : kx->steps[0];
	printf("symbols (requested by the fragments of %s that %s lacks):\n",
	    wb_strvis_slot(q->target), wb_strvis_slot(q->base));
	/* A value is a fragment's text: a string may hold anything. */
	for (i = 0; i < kx->nsyms; i++)
		printf("  CONFIG_%s=%s%s\n", wb_strvis_slot(kx->syms[i]),
		    wb_strvis_slot(kx->vals[i]),
		    (kx->enablers >> i) & 1 ? "  (enabler: on in every point "
		    "but the base)" : "");
	if (kx->main != NULL) {
		printf("factors:\n");
		for (i = 0; i < p->k; i++)
			printf("  %c  %-20s %s\n", (int)('A' + i),
			    wb_strvis_slot(p->f[i].name),
			    wb_strvis_slot(wb_explain_plan_opts(
			    p, p->f[i].opts, buf, sizeof(buf))));
		printf("design: %zu runs over %zu factors%s\n",
		    p->design->nruns, p->k, p->design->p > 0 ?
		    " (a fraction)" : " (full factorial)");
	} else if (q->ddmin > 0) {
		printf("delta debugging to %g%% of the difference: over %zu "
		    "factors from %s, each configuration it asks for one "
		    "kernel booted against that reference:\n", 100 * q->ddmin,
		    kx->nsteps - 1, wb_strvis_slot(p->base));
		for (i = 0; i + 1 < kx->nsteps; i++)
			printf("  %2zu  %-24s %s\n", i + 1,
			    wb_strvis_slot(kx->steps[i]->f[0].name),
			    wb_strvis_slot(wb_explain_plan_opts(kx->steps[i],
			    kx->steps[i]->f[0].opts, buf, sizeof(buf))));
		printf("kernels: the reference, the target, and one per "
		    "configuration asked for (the answers decide which)\n");
		return;
	} else
		printf("%s: %zu steps from %s\n", q->screen ? "group "
		    "screening, stage one (stage two: the symbols of every "
		    "group of several that costs)" : "one at a time",
		    kx->nsteps, wb_strvis_slot(p->base));
	printf("kernels (%zu):\n", kx->npoints);
	for (i = 0; i < kx->npoints; i++)
		printf("  %2zu  %s\n", i + 1, wb_strvis_slot(kx->points[i]));
}

/* The driver's arg: what the printers need. */
struct say {
	const char		*format;
	int			 quiet;
};

/* A report to stdout in the format asked for, or a line of text. */
static int
show(void *arg, const struct wb_explain_kernel_show *sh, struct wb_err *e)
{
	const char *fmt = ((struct say *)arg)->format;

	if (sh->text != NULL) {
		fputs(sh->text, stdout);
		fflush(stdout);
		return (0);
	}
	return (sh->x != NULL ? wb_explain_write(stdout, fmt, sh->x, e) :
	    sh->s != NULL ? wb_explain_steps_write(stdout, fmt, sh->s, e) :
	    wb_explain_search_write(stdout, fmt, sh->sr, e));
}

static void
note(void *arg, const char *line)
{

	(void)arg;
	cmd_note(note_prefix, line);
}

static void
warn_line(void *arg, const char *line)
{

	(void)arg;
	warnx("%s", line);
}

static json_t *
preflight(void *arg)
{

	return (cmd_preflight_check(0, ((struct say *)arg)->quiet));
}

int
explain_kernel(struct wb_explain_kernel_drive *w, const char *fmt)
{
	struct wb_explain_kernel_done done;
	struct say say = { fmt, w->quiet };
	struct wb_err e;
	int rc;

	cmd_boot_root_defaults(&w->root);
	w->preflight = preflight;
	w->note = note;
	w->warn = warn_line;
	w->show = show;
	w->arg = &say;
	if ((rc = wb_explain_kernel_drive(w, &done, &e)) == -2) {
		warnx("%s", e.msg);
		rc = EX_USAGE;
	} else if (rc != 0)
		rc = cmd_fail(&e);
	else if (w->plan_only)
		plan_show(done.plan, w);
	else {
		rc = done.status;
		if (done.complete && strcmp(fmt, "text") == 0)
			printf("\nReports: %s\n", done.rundir);
	}
	wb_explain_kernel_done_fini(&done);
	return (rc);
}
