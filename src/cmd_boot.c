/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench boot: benchmark kernel images under qemu.  The suite runs
 * inside the guest from an initramfs (our static init, the static suite
 * and busybox, or a world image's root); results come back over the
 * serial console.  Several kernels (-k) are booted interleaved, B times
 * each (-B), and each gets its own results file in the output directory.
 */
#include <sys/stat.h>

#include <err.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "cmd.h"
#include "cmdutil.h"
#include "err.h"
#include "exe_path.h"
#include "exitmap.h"
#include "experiment_boot.h"
#include "guestopts.h"
#include "kpaths.h"
#include "label.h"
#include "progress.h"
#include "qemu_bench.h"
#include "runner.h"
#include "spawn.h"

#define MAXKERNELS	WB_BOOT_MAXKERNELS

void
cmd_boot_usage(FILE *fp)
{

	fprintf(fp,
	    "usage: worldbench boot [-q] [--quick] [-B boots] [-d seconds] [-i passes] "
	    "[-k kernel-image]...\n"
	    "           [-m megabytes] [-o outdir] [-T tests] [-t timeout] "
	    "[-w workdir]\n"
	    "           [--accel=tcg|kvm] [--timing=icount|wall] "
	    "[--busybox path]\n"
	    "           [--hang-timeout seconds] [--negligible percent]\n"
	    "           [--probe-timeout seconds]\n"
	    "           [--init path] [--suite dir] [--data dir] "
	    "[--qemu path] [--strict]\n"
	    "           [--unmatched]\n"
	    "           kernel-image [world-image]\n");
}

static void
usage(void)
{

	cmd_boot_usage(stderr);
}

static char note_prefix[] = "worldbench boot: ";

struct bopts {
	struct guestopts	 g;	/* shared with kernel attribute */
	const char	*kernels[MAXKERNELS];
	size_t		 nkernels;
	const char	*accel, *timing, *world;
	double		 hang, probe;
	int		 boots, passes, quick, strict;
	int		 unmatched;
	int		 have_negligible;
	double		 negligible;	/* percent */
};

/* "[3/8] witness: boot 2 elapsed 1m02s eta 2m10s" before each boot. */
static void
boot_progress(void *arg, const struct wb_qb_kernel *k, size_t done,
    size_t total)
{
	char eta[80];
	double start = *(double *)arg;

	fprintf(stderr, "worldbench boot: [%zu/%zu] %s: %s\n", done + 1, total,
	    k->label, wb_progress_eta(wb_spawn_now() - start, done, total, eta,
	    sizeof(eta)));
}

static int
parse(int argc, char **argv, struct bopts *o)
{
	static const struct option longopts[] = {
		{ "accel", required_argument, NULL, 'A' },
		{ "hang-timeout", required_argument, NULL, 'H' },
		{ "negligible", required_argument, NULL, 'N' },
		{ "probe-timeout", required_argument, NULL, 'P' },
		{ "quick", no_argument, NULL, 'K' },
		{ "strict", no_argument, NULL, 'X' },
		{ "timing", required_argument, NULL, 'M' },
		{ "unmatched", no_argument, NULL, 'U' },
		GUEST_LONG,
		{ NULL, 0, NULL, 0 }
	};
	double v;
	int ch, r;

	while ((ch = getopt_long(argc, argv, "B:i:k:" GUEST_SHORT, longopts,
	    NULL)) != -1) {
		if ((r = guestopts_opt(&o->g, ch, optarg)) == 1)
			continue;
		if (r == -1)
			return (-1);
		switch (ch) {
		case 'A':
			o->accel = optarg;
			break;
		case 'B':
			if (guestopts_num("-B", optarg, 1000, &v) != 0)
				return (-1);
			o->boots = (int)v;
			break;
		case 'H':
			/* 0 turns hang detection off. */
			if (strcmp(optarg, "0") == 0)
				o->hang = 0;
			else if (guestopts_num("--hang-timeout", optarg, 1e7,
			    &o->hang) != 0)
				return (-1);
			break;
		case 'P':
			if (guestopts_num("--probe-timeout", optarg, 1e7,
			    &o->probe) != 0)
				return (-1);
			break;
		case 'i':
			if (guestopts_num("-i", optarg, 1000, &v) != 0)
				return (-1);
			o->passes = (int)v;
			break;
		case 'k':
			if (o->nkernels == MAXKERNELS - 1) {
				warnx("-k: at most %d kernels", MAXKERNELS);
				return (-1);
			}
			o->kernels[o->nkernels++] = optarg;
			break;
		case 'M':
			o->timing = optarg;
			break;
		case 'N':
			if (cmd_parse_negligible(optarg, &o->negligible) == -1)
				return (-1);
			o->have_negligible = 1;
			break;
		case 'X':
			o->strict = 1;
			break;
		case 'K':
			o->quick = 1;
			break;
		case 'U':
			o->unmatched = 1;
			break;
		default:
			return (-1);
		}
	}
	return (0);
}

/* rel beside the worldbench binary (O/bin -> O/rel), else ./../rel. */
static char *
beside(const char *rel, char *buf, size_t len)
{
	struct wb_err e;

	if (wb_exe_path(rel, buf, len, &e) == -1)
		snprintf(buf, len, "./../%s", rel);
	return (buf);
}

/* Default paths next to the worldbench binary: O/bin -> O/libexec. */
void
cmd_boot_root_defaults(struct wb_qb_root *r)
{
	static char init[PATH_MAX + 64], suite[PATH_MAX + 64],
	    data[PATH_MAX + 64];

	if (r->init == NULL)
		r->init = beside("libexec/worldbench-init/init", init,
		    sizeof(init));
	if (r->suite == NULL)
		r->suite = beside("libexec/worldbench-static", suite,
		    sizeof(suite));
	if (r->data == NULL)
		r->data = beside("share/worldbench", data, sizeof(data));
	if (r->busybox == NULL)
		r->busybox = "/bin/busybox";
}

static void
defaults(struct bopts *o)
{
	struct wb_qb_root r = { o->g.init, NULL, o->g.suite, o->g.data,
	    o->g.busybox };

	cmd_boot_root_defaults(&r);
	o->g.init = r.init;
	o->g.suite = r.suite;
	o->g.data = r.data;
	o->g.busybox = r.busybox;
	if (o->g.tests == NULL)
		o->g.tests = "all";
	if (o->g.outdir == NULL)
		o->g.outdir = ".";
}

/*
 * The world argument: an unpacked root directory, an image archive or
 * the name of a built image in the work directory (cmd_world_root()
 * unpacks archives as "images --root" does).  Sets x->root.world and
 * x->world_label, malloc'ed into *rootp and *labelp.
 */
static int
resolve_world(const struct bopts *o, struct wb_boot_experiment *x,
    char **rootp, char **labelp, struct wb_err *err)
{
	struct stat st;

	if ((*rootp = cmd_world_root(o->world, o->g.k.workdir, err)) == NULL ||
	    (*labelp = wb_label_of_world(o->world, stat(o->world, &st) == 0 &&
	    S_ISDIR(st.st_mode), err)) == NULL)
		return (-1);
	x->root.world = *rootp;
	x->world_label = *labelp;
	return (0);
}

/* The main kernel first, the -k ones after it; the world, if any. */
static int
args(int argc, char **argv, struct bopts *o)
{
	const char *first;

	optind = 1;
	if (parse(argc, argv, o) != 0 || argc - optind < 1 ||
	    argc - optind > 2)
		return (-1);
	first = argv[optind];
	memmove(&o->kernels[1], &o->kernels[0],
	    o->nkernels * sizeof(o->kernels[0]));
	o->kernels[0] = first;
	o->nkernels++;
	o->world = argc - optind == 2 ? argv[optind + 1] : NULL;
	defaults(o);
	return (0);
}

/* The experiment the options ask for. */
static void
request(struct bopts *o, struct wb_boot_experiment *x, double *start)
{
	struct wb_qemu_policy_req *q = &x->policy;

	memset(x, 0, sizeof(*x));
	x->paths = &o->g.k;
	x->kernels = o->kernels;
	x->nkernels = o->nkernels;
	x->root.init = o->g.init;
	x->root.suite = o->g.suite;
	x->root.data = o->g.data;
	x->root.busybox = o->g.busybox;
	x->outdir = o->g.outdir;
	x->qemu = o->g.qemu;
	x->memory_mb = o->g.memory;
	x->timeout = o->g.timeout;
	q->accel = o->accel;
	q->timing = o->timing;
	q->tests = o->g.tests;
	q->seconds = o->g.seconds;
	q->passes = o->passes;
	q->quick = o->quick;
	q->boots = o->boots;
	q->hang = o->hang;
	q->probe_timeout = o->probe;
	q->cachedir = o->g.k.cachedir;
	x->say = cmd_note;
	x->note = o->g.quiet ? NULL : cmd_note;
	x->note_arg = note_prefix;
	x->progress = o->g.quiet ? NULL : boot_progress;
	x->progress_arg = start;
	x->unmatched = o->unmatched;
}

int
cmd_boot(int argc, char **argv)
{
	struct wb_boot_experiment x;
	struct bopts o;
	struct wb_err e;
	char *wlabel, *wroot;
	double start;
	size_t i;
	int rc;

	memset(&o, 0, sizeof(o));
	o.hang = -1;
	wb_kpaths_init(&o.g.k, cmd_workdir());
	if (args(argc, argv, &o) != 0) {
		usage();
		return (EX_USAGE);
	}
	wb_err_clear(&e);
	request(&o, &x, &start);
	wlabel = wroot = NULL;
	if (o.world != NULL &&
	    resolve_world(&o, &x, &wroot, &wlabel, &e) != 0) {
		rc = cmd_fail(&e);
		goto out;
	}
	x.have_negligible = o.have_negligible;
	x.negligible = o.negligible;
	x.preflight = cmd_preflight_check(o.strict, o.g.quiet);
	start = wb_spawn_now();
	if ((rc = wb_boot_experiment_run(&x, &e)) != 0) {
		if (rc == -2) {
			warnx("%s", e.msg);
			rc = EX_USAGE;
		} else
			rc = cmd_fail(&e);
		goto out;
	}
	for (i = 0; i < x.nresults; i++)
		printf("%s\n", x.results[i]);
	if (x.boots_failed > 0) {
		warnx("%d boot%s failed (recorded in the results)",
		    x.boots_failed, x.boots_failed == 1 ? "" : "s");
		rc = 1;
	}
out:
	wb_boot_experiment_fini(&x);
	json_decref(x.preflight);
	free(wlabel);
	free(wroot);
	return (rc);
}
