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
#include "exitmap.h"
#include "guestopts.h"
#include "opt.h"
#include "wb_experiment.h"
#include "wb_guest.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_sandbox.h"
#include "wb_util.h"

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
	    "           [--randomize] [--unmatched]\n"
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
	int		 unmatched, randomize;
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
opt_boots(void *ctx, char *arg)
{
	struct bopts *o = ctx;
	double v;

	if (guestopts_num("-B", arg, 1000, &v) != 0)
		return (-1);
	o->boots = (int)v;
	return (0);
}

static int
opt_passes(void *ctx, char *arg)
{
	struct bopts *o = ctx;
	double v;

	if (guestopts_num("-i", arg, 1000, &v) != 0)
		return (-1);
	o->passes = (int)v;
	return (0);
}

static int
opt_kernel(void *ctx, char *arg)
{
	struct bopts *o = ctx;

	if (o->nkernels == MAXKERNELS - 1) {
		warnx("-k: at most %d kernels", MAXKERNELS);
		return (-1);
	}
	o->kernels[o->nkernels++] = arg;
	return (0);
}

static int
opt_hang(void *ctx, char *arg)
{
	struct bopts *o = ctx;

	/* 0 turns hang detection off. */
	if (strcmp(arg, "0") == 0) {
		o->hang = 0;
		return (0);
	}
	return (guestopts_num("--hang-timeout", arg, 1e7, &o->hang));
}

static int
opt_probe(void *ctx, char *arg)
{
	struct bopts *o = ctx;

	return (guestopts_num("--probe-timeout", arg, 1e7, &o->probe));
}

static int
opt_negligible(void *ctx, char *arg)
{
	struct bopts *o = ctx;

	return (cmd_parse_negligible(arg, &o->negligible));
}

#define B(m)	OPT_AT(struct bopts, m)
const struct opt cmd_boot_opts[] = {
	{ .kind = OPT_FN, .ch = 'B', .arg = "boots", .fn = opt_boots,
	  .desc = "boots per kernel" },
	{ .kind = OPT_FN, .ch = 'd', .arg = "seconds", .off = B(g),
	  .fn = guestopts_seconds,
	  .desc = "the pass length of every test (default the suite's)" },
	{ .kind = OPT_FN, .ch = 'i', .arg = "passes", .fn = opt_passes,
	  .desc = "passes per boot" },
	{ .kind = OPT_FN, .ch = 'k', .arg = "kernel-image", .fn = opt_kernel,
	  .desc = "another kernel, interleaved with the first; repeat" },
	{ .kind = OPT_FN, .ch = 'm', .arg = "megabytes", .off = B(g),
	  .fn = guestopts_memory, .desc = "guest memory (default 512)" },
	{ .kind = OPT_STR, .ch = 'o', .arg = "outdir", .off = B(g.outdir),
	  .desc = "where results, consoles and the initramfs go" },
	{ .kind = OPT_FLAG, .ch = 'q', .name = "quiet", .off = B(g.quiet),
	  .desc = "no progress notes and no pre-flight warnings" },
	{ .kind = OPT_STR, .ch = 'T', .arg = "tests", .off = B(g.tests),
	  .desc = "test ids, an index name or all" },
	{ .kind = OPT_FN, .ch = 't', .arg = "timeout", .off = B(g),
	  .fn = guestopts_timeout, .desc = "seconds per boot" },
	{ .kind = OPT_STR, .ch = 'w', .arg = "workdir", .off = B(g.k.workdir),
	  .desc = "the work directory of image names" },
	{ .kind = OPT_STR, .name = "accel", .arg = "tcg|kvm", .off = B(accel),
	  .flags = OPT_EQ, .desc = "the qemu accelerator" },
	{ .kind = OPT_STR, .name = "timing", .arg = "icount|wall",
	  .off = B(timing), .flags = OPT_EQ,
	  .desc = "instruction-count or wall-clock timing" },
	{ .kind = OPT_STR, .name = "busybox", .arg = "path",
	  .off = B(g.busybox),
	  .desc = "the static busybox of the initramfs" },
	{ .kind = OPT_STR, .name = "data", .arg = "dir", .off = B(g.data),
	  .desc = "the suite's data files" },
	{ .kind = OPT_FN, .name = "hang-timeout", .arg = "seconds",
	  .fn = opt_hang,
	  .desc = "console silence that declares a hang (30; 0 off)" },
	{ .kind = OPT_STR, .name = "init", .arg = "path", .off = B(g.init),
	  .desc = "the guest's init program" },
	{ .kind = OPT_FN, .name = "negligible", .arg = "percent",
	  .fn = opt_negligible, .given = OPT_GIVEN(struct bopts,
	  have_negligible),
	  .desc = "record the smallest effect of interest for compare" },
	{ .kind = OPT_FN, .name = "probe-timeout", .arg = "seconds",
	  .fn = opt_probe,
	  .desc = "how long a KVM probe boot may take (20)" },
	{ .kind = OPT_STR, .name = "qemu", .arg = "path", .off = B(g.qemu),
	  .desc = "the qemu binary" },
	{ .kind = OPT_FLAG, .name = "quick", .off = B(quick),
	  .desc = "the suite's quick pass lengths and 3 passes" },
	{ .kind = OPT_FLAG, .name = "randomize", .off = B(randomize),
	  .desc = "keep address-space randomisation under icount" },
	{ .kind = OPT_FLAG, .name = "strict", .off = B(strict),
	  .desc = "refuse to boot when the host is busy" },
	{ .kind = OPT_FLAG, .name = "unmatched", .off = B(unmatched),
	  .desc = "boot kernels that differ in more than the knob" },
	{ .kind = OPT_STR, .name = "suite", .arg = "dir", .off = B(g.suite),
	  .desc = "the suite's programs" },
	{ .kind = OPT_END }
};
#undef B

static int
parse(int argc, char **argv, struct bopts *o)
{

	return (opt_parse(cmd_boot_opts, o, argc, argv) == -1 ? -1 : 0);
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
request(struct bopts *o, struct wb_experiment_boot *x, double *start)
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
	x->randomize = o->randomize;
}

/* A preflight warning, on stderr. */
static void
warn_line(void *arg, const char *line)
{

	(void)arg;
	warnx("%s", wb_strvis_slot(line));
}

int
cmd_boot(int argc, char **argv)
{
	struct wb_experiment_boot x;
	struct wb_experiment_boot_drive d;
	struct wb_experiment_boot_done done;
	struct cmd_unpack cu;
	struct bopts o;
	struct wb_err e;
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
	request(&o, &x, &start);
	x.have_negligible = o.have_negligible;
	x.negligible = o.negligible;
	cmd_unpack_begin(&cu);
	memset(&d, 0, sizeof(d));
	d.x = &x;
	d.world = o.world;
	d.workdir = o.g.k.workdir;
	d.unpack = &cu.o;
	d.strict = o.strict;
	d.quiet = o.g.quiet;
	d.warn = warn_line;
	d.start = &start;
	if ((rc = wb_experiment_boot_drive(&d, &done, &e)) != 0) {
		if (rc == -2) {
			warnx("%s", e.msg);
			rc = EX_USAGE;
		} else if (done.busy)
			rc = (warnx("%s", e.msg), 1);
		else
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
	cmd_unpack_end(&cu);
	wb_experiment_boot_fini(&x);
	wb_experiment_boot_done_fini(&done);
	return (rc);
}
