/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench preflight: report what would make benchmark numbers noisy
 * on this host.  Exit status 0; with --strict, 1 when the host is busy.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include <jansson.h>

#include "cmd.h"
#include "exitmap.h"
#include "opt.h"
#include "wb_run.h"
#include "wb_sandbox.h"
#include "wb_util.h"

void
cmd_preflight_usage(FILE *fp)
{

	fprintf(fp, "usage: worldbench preflight [--json] [--strict] "
	    "[--window seconds]\n");
}

static int
usage(void)
{

	cmd_preflight_usage(stderr);
	return (EX_USAGE);
}

/* Where the suite can run here: each runner of the table, probed. */
static void
print_runners(const struct wb_runner_probe *rp)
{
	int i;

	for (i = 0; i < WB_RUNNER_NKINDS; i++)
		printf("runner         %-7s %s: %s\n", rp[i].name,
		    rp[i].usable ? "usable" : "unusable",
		    wb_strvis_slot(rp[i].why));
}

static json_t *
runners_json(const struct wb_runner_probe *rp)
{
	json_t *a, *o;
	int i;

	if ((a = json_array()) == NULL)
		return (NULL);
	for (i = 0; i < WB_RUNNER_NKINDS; i++) {
		o = json_pack("{s:s, s:b, s:b, s:s, s:s}", "name", rp[i].name,
		    "usable", rp[i].usable, "images", rp[i].images, "why",
		    rp[i].why, "summary", rp[i].summary);
		if (o == NULL || json_array_append_new(a, o) == -1) {
			json_decref(a);
			return (NULL);
		}
	}
	return (a);
}

static void
print_text(const struct wb_preflight *pf, const struct wb_runner_probe *rp)
{
	size_t i;

	printf("load average   %.2f %.2f %.2f (%ld CPUs)\n", pf->load[0],
	    pf->load[1], pf->load[2], pf->ncpu);
	printf("governor       %s\n", pf->governor[0] != '\0' ?
	    wb_strvis_slot(pf->governor) : "unavailable (no cpufreq)");
	printf("SMT            %s\n", pf->smt < 0 ? "unknown" :
	    pf->smt ? "on" : "off");
	printf("swap           %ld KB used of %ld KB\n", pf->swap_used_kb,
	    pf->swap_total_kb);
	printf("/dev/kvm       %s\n", pf->kvm ? "usable" : "unavailable");
	print_runners(rp);
	/* A process names itself: its name may hold anything. */
	for (i = 0; i < pf->ntop; i++)
		printf("busy           %6.1f%% CPU  pid %ld  %s\n",
		    pf->top[i].cpu_pct, (long)pf->top[i].pid,
		    wb_strvis_slot(pf->top[i].comm));
	for (i = 0; i < pf->nwarnings; i++)
		printf("WARNING        %s\n", wb_strvis_slot(pf->warnings[i]));
	printf("verdict        %s\n", pf->busy ? "BUSY: expect noisy numbers" :
	    "quiet");
}

struct popts {
	struct wb_preflight_src	 src;
	int			 json, strict;
};

static int
opt_window(void *ctx, char *arg)
{
	struct popts *o = ctx;
	char *end;

	o->src.window = strtod(arg, &end);
	if (end == arg || *end != '\0' ||
	    !(o->src.window > 0 && o->src.window <= 60)) {
		warnx("bad window '%s'", arg);
		return (-1);
	}
	return (0);
}

/* -j, -s, -w: old spellings, kept; the long names are documented. */
const struct opt cmd_preflight_opts[] = {
	{ .kind = OPT_FLAG, .ch = 'j', .name = "json",
	  .off = OPT_AT(struct popts, json),
	  .desc = "print the check as JSON" },
	{ .kind = OPT_FLAG, .ch = 's', .name = "strict",
	  .off = OPT_AT(struct popts, strict),
	  .desc = "exit 1 when the host is busy" },
	{ .kind = OPT_FN, .ch = 'w', .name = "window", .arg = "seconds",
	  .fn = opt_window,
	  .desc = "how long to watch the load (default 0.5)" },
	{ .kind = OPT_END }
};

int
cmd_preflight(int argc, char **argv)
{
	struct wb_runner_probe rp[WB_RUNNER_NKINDS];
	struct wb_preflight pf;
	struct popts o;
	struct wb_err e;
	json_t *j;
	int rc;

	memset(&o, 0, sizeof(o));
	o.src.window = 1.0;
	o.src.self = getpid();
	if (opt_parse(cmd_preflight_opts, &o, argc, argv) == -1)
		return (usage());
	if (optind != argc)
		return (usage());
	if (wb_preflight_run(&o.src, &pf, &e) == -1)
		cmd_die(&e);
	wb_runner_probe_all(rp);
	if (o.json) {
		if ((j = wb_preflight_json(&pf)) == NULL ||
		    json_object_set_new(j, "runners", runners_json(rp)) == -1)
			errx(EX_OSERR, "out of memory");
		if (json_dumpf(j, stdout, JSON_INDENT(2) |
		    JSON_PRESERVE_ORDER) == -1 || putchar('\n') == EOF)
			errx(EX_IOERR, "write");
		json_decref(j);
	} else
		print_text(&pf, rp);
	rc = o.strict && pf.busy ? 1 : 0;
	if (rc)
		warnx("--strict: the host is busy; not a good time to "
		    "benchmark");
	wb_preflight_fini(&pf);
	return (rc);
}
