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
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "cmd.h"
#include "cmdutil.h"
#include "err.h"
#include "label.h"
#include "kpaths.h"
#include "progress.h"
#include "provenance.h"
#include "qemu.h"
#include "qemu_accel.h"
#include "qemu_bench.h"
#include "qemu_policy.h"
#include "results.h"
#include "runner.h"
#include "spawn.h"
#include "suite.h"

#define MAXKERNELS	16

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
	    "           [--hang-timeout seconds] [--probe-timeout seconds]\n"
	    "           [--init path] [--suite dir] [--data dir] "
	    "[--qemu path] [--strict]\n"
	    "           kernel-image [world-image]\n");
}

static void
usage(void)
{

	cmd_boot_usage(stderr);
}

static char note_prefix[] = "worldbench boot: ";
#define	note(line)	cmd_note(note_prefix, (line))

struct bopts {
	struct wb_kpaths	 k;
	const char	*kernels[MAXKERNELS];
	size_t		 nkernels;
	const char	*outdir, *tests, *accel, *timing, *qemu;
	const char	*init, *suite, *data, *busybox, *world;
	double		 seconds, timeout, hang, probe;
	int		 boots, passes, quick, quiet, memory, strict;
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
num_arg(const char *opt, const char *s, double *v)
{
	char *end;

	*v = strtod(s, &end);
	if (end == s || *end != '\0' || !(*v > 0) || *v > 1e7) {
		warnx("%s: bad number '%s'", opt, s);
		return (-1);
	}
	return (0);
}

static int
parse(int argc, char **argv, struct bopts *o)
{
	static const struct option longopts[] = {
		{ "accel", required_argument, NULL, 'A' },
		{ "busybox", required_argument, NULL, 'Y' },
		{ "data", required_argument, NULL, 'D' },
		{ "hang-timeout", required_argument, NULL, 'H' },
		{ "init", required_argument, NULL, 'I' },
		{ "probe-timeout", required_argument, NULL, 'P' },
		{ "qemu", required_argument, NULL, 'Q' },
		{ "quick", no_argument, NULL, 'K' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "strict", no_argument, NULL, 'X' },
		{ "suite", required_argument, NULL, 'S' },
		{ "timing", required_argument, NULL, 'M' },
		{ NULL, 0, NULL, 0 }
	};
	double v;
	int ch;

	while ((ch = getopt_long(argc, argv, "B:d:i:k:m:o:qT:t:w:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'A':
			o->accel = optarg;
			break;
		case 'B':
			if (num_arg("-B", optarg, &v) != 0 || v > 1000)
				return (-1);
			o->boots = (int)v;
			break;
		case 'D':
			o->data = optarg;
			break;
		case 'd':
			if (num_arg("-d", optarg, &o->seconds) != 0)
				return (-1);
			break;
		case 'H':
			/* 0 turns hang detection off. */
			if (strcmp(optarg, "0") == 0)
				o->hang = 0;
			else if (num_arg("--hang-timeout", optarg,
			    &o->hang) != 0)
				return (-1);
			break;
		case 'I':
			o->init = optarg;
			break;
		case 'P':
			if (num_arg("--probe-timeout", optarg, &o->probe) != 0)
				return (-1);
			break;
		case 'i':
			if (num_arg("-i", optarg, &v) != 0 || v > 1000)
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
		case 'X':
			o->strict = 1;
			break;
		case 'm':
			if (num_arg("-m", optarg, &v) != 0 || v < 64 ||
			    v > 65536)
				return (-1);
			o->memory = (int)v;
			break;
		case 'o':
			o->outdir = optarg;
			break;
		case 'Q':
			o->qemu = optarg;
			break;
		case 'K':
			o->quick = 1;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case 'S':
			o->suite = optarg;
			break;
		case 'T':
			o->tests = optarg;
			break;
		case 't':
			if (num_arg("-t", optarg, &o->timeout) != 0)
				return (-1);
			break;
		case 'w':
			o->k.workdir = optarg;
			break;
		case 'Y':
			o->busybox = optarg;
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
static void
defaults(struct bopts *o)
{
	static char init[PATH_MAX + 64], suite[PATH_MAX + 64],
	    data[PATH_MAX + 64];

	beside("libexec/worldbench-init/init", init, sizeof(init));
	beside("libexec/worldbench-static", suite, sizeof(suite));
	beside("share/worldbench", data, sizeof(data));
	if (o->init == NULL)
		o->init = init;
	if (o->suite == NULL)
		o->suite = suite;
	if (o->data == NULL)
		o->data = data;
	if (o->busybox == NULL)
		o->busybox = "/bin/busybox";
	if (o->tests == NULL)
		o->tests = "all";
	if (o->outdir == NULL)
		o->outdir = ".";
}

static char *
base_label(const char *path)
{
	char *c, *b, *s;

	if ((c = strdup(path)) == NULL)
		return (NULL);
	while (strlen(c) > 1 && c[strlen(c) - 1] == '/')
		c[strlen(c) - 1] = '\0';
	b = basename(c);
	s = strdup(b);
	free(c);
	return (s);
}

/*
 * The world argument: an unpacked root directory (label: its name), an
 * image archive (label: its name without .tar.*) or the name of a built
 * image in the work directory (label: the name).  Archives are unpacked
 * by cmd_world_root(), as for "images --root".  Sets o->world to
 * the root directory (malloc'ed into *rootp) and returns the label.
 */
static char *
resolve_world(struct bopts *o, char **rootp, struct wb_err *err)
{
	char *archive, *label, *dot;
	struct stat st;

	*rootp = NULL;
	if (stat(o->world, &st) == 0 && S_ISDIR(st.st_mode))
		return (base_label(o->world));
	if (strchr(o->world, '/') != NULL || strstr(o->world, ".tar") != NULL) {
		if ((archive = strdup(o->world)) == NULL ||
		    (label = base_label(o->world)) == NULL) {
			free(archive);
			wb_err_setsys(err, "world");
			return (NULL);
		}
		if ((dot = strstr(label, ".tar")) != NULL)
			*dot = '\0';
	} else {
		if ((archive = wb_label_image_path(o->k.workdir, o->world,
		    err)) == NULL) {
			wb_err_set(err, "world '%s': not a directory, an image "
			    "archive or an image name", o->world);
			return (NULL);
		}
		if (access(archive, R_OK) == -1) {
			wb_err_setsys(err, "world image %s (%s; build it with "
			    "make world-variants)", o->world, archive);
			free(archive);
			return (NULL);
		}
		if ((label = strdup(o->world)) == NULL) {
			free(archive);
			wb_err_setsys(err, "world");
			return (NULL);
		}
	}
	*rootp = cmd_world_root(archive, o->k.workdir, err);
	free(archive);
	if (*rootp == NULL) {
		free(label);
		return (NULL);
	}
	o->world = *rootp;
	return (label);
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

static void
policy_req(const struct bopts *o, struct wb_qemu_policy_req *q)
{

	memset(q, 0, sizeof(*q));
	q->accel = o->accel;
	q->timing = o->timing;
	q->tests = o->tests;
	q->seconds = o->seconds;
	q->passes = o->passes;
	q->quick = o->quick;
	q->boots = o->boots;
	q->hang = o->hang;
	q->probe_timeout = o->probe;
	q->cachedir = o->k.cachedir;
}

/* The suite's hash: the world's own suite, else the static one. */
static int
suite_hash(const struct bopts *o, char hash[WB_SHA256_HEXSIZE],
    struct wb_err *e)
{
	json_t *files;

	if (wb_prov_suite(o->world, o->world != NULL ?
	    "/usr/libexec/worldbench" : o->suite, o->world != NULL ?
	    "/usr/share/worldbench" : o->data, &files, hash, e) != 0)
		return (-1);
	json_decref(files);
	return (0);
}

static int
open_kernels(const struct bopts *o, const char *wlabel,
    struct wb_qb_kernel *ks, size_t *nk, struct wb_err *e)
{
	char *img;
	size_t i;
	int rc;

	*nk = 0;
	if (wb_kpaths_mkdirs(o->outdir, e) != 0)
		return (-1);
	for (i = 0; i < o->nkernels; i++) {
		if ((img = wb_kpaths_find_image(&o->k, o->kernels[i], e)) == NULL)
			return (-1);
		rc = wb_qb_kernel_init(&ks[*nk], img, wlabel, o->outdir, e);
		free(img);
		if (rc != 0)
			return (-1);
		(*nk)++;
	}
	return (0);
}

/* The initramfs, the command line and the qemu version of the plan. */
static int
prepare(const struct bopts *o, const char *wlabel, struct wb_qb_plan *plan,
    const struct wb_qemu_policy *pol, char *initrd, size_t ilen,
    char *qver, size_t qlen, struct wb_err *e)
{
	struct wb_qb_root root;

	memset(&root, 0, sizeof(root));
	root.init = o->init;
	root.world = o->world;
	root.suite = o->suite;
	root.data = o->data;
	root.busybox = o->busybox;
	snprintf(initrd, ilen, "%s/initramfs-%s.cpio.gz", o->outdir,
	    wlabel != NULL ? wlabel : "static");
	if (wb_qb_initramfs(&root, pol->tests, pol->ntests, initrd, e) != 0 ||
	    wb_qemu_version(o->qemu, qver, qlen, e) != 0)
		return (-1);
	if ((plan->qemu.append = wb_qb_cmdline(&root, pol->tests,
	    pol->ntests)) == NULL)
		return (wb_err_set(e, "out of memory"));
	plan->cmdline = plan->qemu.append;
	plan->qemu.initrd = plan->initrd = initrd;
	plan->qemu_version = qver;
	return (0);
}

/* The accelerator (a KVM probe if the rule left it open) and the boots. */
static int
decide(const struct bopts *o, struct wb_qemu_policy *pol,
    struct wb_qb_plan *plan, struct wb_qb_kernel *ks, size_t nk,
    char keys[][WB_SHA256_HEXSIZE], struct wb_err *e)
{
	char bz[MAXKERNELS][PATH_MAX + 16];
	const char *kernels[MAXKERNELS], *labels[MAXKERNELS],
	    *kp[MAXKERNELS];
	size_t i;

	for (i = 0; i < nk; i++) {
		snprintf(bz[i], sizeof(bz[i]), "%s/bzImage", ks[i].imagedir);
		kernels[i] = bz[i];
		labels[i] = ks[i].label;
		kp[i] = keys[i];
		if (wb_qemu_repeat_key(bz[i], plan->qemu_version,
		    plan->cmdline, plan->suite_hash, keys[i], e) != 0)
			return (-1);
	}
	if (wb_qemu_policy_accel(pol, &plan->qemu, kernels, labels, nk,
	    plan->qemu_version, o->outdir, o->quiet ? NULL : cmd_note,
	    note_prefix, e) != 0 ||
	    wb_qemu_policy_boots(pol, kp, labels, nk, e) != 0)
		return (-1);
	plan->qemu.accel = pol->accel.accel;
	fprintf(stderr, "worldbench boot: accel: %s (%s)%s\n",
	    wb_qemu_accel_name(pol->accel.accel), pol->accel.reason,
	    pol->accel.cached ? " (cached)" : "");
	fprintf(stderr, "worldbench boot: boots: %d per kernel (%s)\n",
	    pol->boots, pol->boots_reason);
	return (0);
}

/* Record each kernel's repeatability, write its results, list them. */
static int
finish(const struct wb_qemu_policy *pol, struct wb_qb_kernel *ks, size_t nk,
    char keys[][WB_SHA256_HEXSIZE], int *failed, struct wb_err *e)
{
	size_t i;

	*failed = 0;
	for (i = 0; i < nk; i++) {
		if (wb_qemu_policy_record(pol, ks[i].results, keys[i],
		    e) != 0 || wb_qb_finish(&ks[i], e) != 0)
			return (-1);
		printf("%s\n", ks[i].results_path);
		*failed += ks[i].boots_failed;
	}
	return (0);
}

int
cmd_boot(int argc, char **argv)
{
	struct wb_qb_kernel ks[MAXKERNELS];
	struct wb_qemu_policy_req req;
	struct wb_qemu_policy pol;
	struct wb_qb_plan plan;
	struct bopts o;
	struct wb_err e;
	char qver[256], initrd[PATH_MAX + 32], hash[WB_SHA256_HEXSIZE];
	char areason[sizeof(pol.accel.reason) + 16];
	char keys[MAXKERNELS][WB_SHA256_HEXSIZE];
	char *wlabel, *wroot;
	double planned, start;
	size_t i, nk;
	int rc, failed;

	memset(&o, 0, sizeof(o));
	o.hang = -1;
	wb_kpaths_init(&o.k, cmd_workdir());
	if (args(argc, argv, &o) != 0) {
		usage();
		return (EX_USAGE);
	}
	wb_err_clear(&e);
	policy_req(&o, &req);
	if ((rc = wb_qemu_policy_init(&pol, &req, &e)) != 0) {
		warnx("%s", e.msg);
		wb_qemu_policy_fini(&pol);
		return (rc == -2 ? EX_USAGE : 1);
	}
	memset(&plan, 0, sizeof(plan));
	plan.qemu.qemu = o.qemu;
	plan.qemu.memory_mb = o.memory;
	plan.qemu.timing = pol.timing;
	plan.qemu.hang_timeout = pol.hang_timeout;
	plan.qemu.accel = pol.accel.accel;
	plan.tests = pol.tests;
	plan.ntests = pol.ntests;
	wlabel = wroot = NULL;
	nk = 0;
	rc = -1;
	if (o.world != NULL &&
	    (wlabel = resolve_world(&o, &wroot, &e)) == NULL)
		goto out;
	if (suite_hash(&o, hash, &e) != 0) {
		warnx("%s", e.msg);
		rc = EX_NOINPUT;
		goto done;
	}
	plan.suite_hash = hash;
	if (open_kernels(&o, wlabel, ks, &nk, &e) != 0 ||
	    prepare(&o, wlabel, &plan, &pol, initrd, sizeof(initrd), qver,
	    sizeof(qver), &e) != 0 ||
	    decide(&o, &pol, &plan, ks, nk, keys, &e) != 0)
		goto out;
	snprintf(areason, sizeof(areason), "%s%s", pol.accel.reason,
	    pol.accel.cached ? " (cached)" : "");
	plan.accel_reason = areason;
	for (planned = 0, i = 0; i < plan.ntests; i++)
		planned += plan.tests[i].seconds * plan.tests[i].passes;
	plan.outdir = o.outdir;
	plan.timeout = o.timeout > 0 ? o.timeout : 600 + 4 * planned;
	plan.world = o.world;
	plan.note = o.quiet ? NULL : cmd_note;
	plan.note_arg = note_prefix;
	plan.preflight = cmd_preflight_check(o.strict, o.quiet);
	if (!o.quiet)
		note(wb_qemu_policy_caveat(&pol));
	start = wb_spawn_now();
	if (wb_qb_run(ks, nk, &plan, pol.boots, o.quiet ? NULL :
	    boot_progress, &start, &e) != 0 ||
	    finish(&pol, ks, nk, keys, &failed, &e) != 0)
		goto out;
	rc = 0;
	if (failed > 0) {
		warnx("%d boot%s failed (recorded in the results)", failed,
		    failed == 1 ? "" : "s");
		rc = 1;
	}
out:
	if (rc == -1) {
		warnx("%s", e.msg[0] != '\0' ? e.msg : "out of memory");
		rc = 1;
	}
done:
	for (i = 0; i < nk; i++)
		wb_qb_kernel_fini(&ks[i]);
	free((char *)plan.cmdline);
	free(wlabel);
	free(wroot);
	json_decref(plan.preflight);
	wb_qemu_policy_fini(&pol);
	return (rc);
}
