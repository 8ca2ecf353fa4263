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
#include "kernopt.h"
#include "progress.h"
#include "provenance.h"
#include "qemu.h"
#include "qemu_accel.h"
#include "qemu_bench.h"
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
	struct kernopt	 k;
	const char	*kernels[MAXKERNELS];
	size_t		 nkernels;
	const char	*outdir, *tests, *accel, *timing, *qemu;
	const char	*init, *suite, *data, *busybox, *world;
	double		 seconds, timeout, hang, probe;
	int		 boots, passes, quick, quiet, memory, strict;
};

/* "[3/8] witness: boot 2 elapsed 1m02s eta 2m10s" before each boot. */
static void
boot_progress(const struct wb_qb_kernel *k, size_t done, size_t total,
    double start)
{
	char eta[80];

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

static int
make_plan(struct bopts *o, struct wb_qb_test **tp, size_t *np,
    struct wb_err *e)
{
	const struct wb_test_def **defs;
	struct wb_qb_test *t;
	size_t n, i;

	if (wb_suite_parse_list(o->tests, &defs, &n, e) != 0)
		return (-1);
	if ((t = calloc(n, sizeof(*t))) == NULL) {
		free(defs);
		return (wb_err_setsys(e, "plan"));
	}
	for (i = 0; i < n; i++) {
		t[i].def = defs[i];
		t[i].seconds = o->seconds > 0 ? o->seconds :
		    o->quick ? defs[i]->quick : defs[i]->duration;
		t[i].passes = o->quick && o->passes == 0 ?
		    wb_suite_passes(defs[i], WB_QUICK_PASSES) :
		    wb_suite_passes(defs[i], o->passes);
	}
	free(defs);
	*tp = t;
	*np = n;
	return (0);
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

/* The accelerator request from the options and the environment. */
static void
accel_req(const struct bopts *o, enum wb_qemu_timing timing,
    struct wb_accel_req *q)
{
	const char *s;

	memset(q, 0, sizeof(*q));
	q->requested = o->accel;
	q->timing = timing;
	s = getenv("WB_NO_KVM");
	q->no_kvm = s != NULL && *s != '\0' && strcmp(s, "0") != 0;
	/* Tests name a stand-in for /dev/kvm. */
	if ((s = getenv("WB_KVM_DEVICE")) != NULL && *s != '\0')
		q->kvm_device = s;
	q->cachedir = o->k.cachedir;
	q->probe_timeout = o->probe;
}

/* Probe every kernel under KVM (wall timing, no --accel). */
static int
choose_accel(struct wb_accel_req *q, const struct wb_qemu_conf *base,
    const struct wb_qb_kernel *ks, size_t nk, const char *probedir,
    struct wb_accel_choice *ch, struct wb_err *e)
{
	char bz[MAXKERNELS][PATH_MAX + 16];
	const char *kernels[MAXKERNELS], *labels[MAXKERNELS];
	size_t i;

	for (i = 0; i < nk; i++) {
		snprintf(bz[i], sizeof(bz[i]), "%s/bzImage", ks[i].imagedir);
		kernels[i] = bz[i];
		labels[i] = ks[i].label;
	}
	note("wall timing: KVM only if a short probe boot of each "
	    "kernel reaches init (or its cached verdict says so)");
	if (wb_accel_probe(q, base, kernels, labels, nk, probedir, ch,
	    e) != 0)
		return (-1);
	if (ch->note[0] != '\0')
		note(ch->note);
	return (0);
}

int
cmd_boot(int argc, char **argv)
{
	struct wb_qb_kernel ks[MAXKERNELS];
	struct wb_qb_root root;
	struct wb_accel_choice achoice;
	struct wb_accel_req areq;
	struct wb_qb_plan plan;
	struct bopts o;
	struct wb_err e;
	char qver[256], initrd[PATH_MAX + 32], suite_hash[WB_SHA256_HEXSIZE];
	char areason[sizeof(achoice.reason) + 16];
	char *img, *cmdline, *wlabel, *wroot;
	json_t *files;
	double planned, start;
	size_t i, nk;
	int b, rc, failed, arule;

	memset(&o, 0, sizeof(o));
	o.hang = -1;
	kernopt_init(&o.k);
	optind = 1;
	if (parse(argc, argv, &o) != 0 || argc - optind < 1 ||
	    argc - optind > 2) {
		usage();
		return (EX_USAGE);
	}
	o.kernels[o.nkernels++] = argv[optind];
	/* The main kernel first, the -k ones after it. */
	{
		const char *first = o.kernels[o.nkernels - 1];

		memmove(&o.kernels[1], &o.kernels[0],
		    (o.nkernels - 1) * sizeof(o.kernels[0]));
		o.kernels[0] = first;
	}
	o.world = argc - optind == 2 ? argv[optind + 1] : NULL;
	defaults(&o);
	wb_err_clear(&e);
	memset(&plan, 0, sizeof(plan));
	plan.qemu.qemu = o.qemu;
	plan.qemu.memory_mb = o.memory;
	/* icount is the default timing, wall when KVM is asked for. */
	plan.qemu.timing = o.accel != NULL && strcmp(o.accel, "kvm") == 0 ?
	    WB_TIMING_WALL : WB_TIMING_ICOUNT;
	if (o.timing != NULL &&
	    wb_qemu_timing_parse(o.timing, &plan.qemu.timing) != 0) {
		warnx("--timing: '%s' is not icount or wall", o.timing);
		return (EX_USAGE);
	}
	plan.qemu.hang_timeout = o.hang >= 0 ? o.hang : WB_QEMU_HANG_TIMEOUT;
	accel_req(&o, plan.qemu.timing, &areq);
	if ((arule = wb_accel_rule(&areq, &achoice, &e)) < 0) {
		warnx("%s", e.msg);
		return (arule == -2 ? EX_USAGE : 1);
	}
	plan.qemu.accel = achoice.accel;
	if (make_plan(&o, &plan.tests, &plan.ntests, &e) != 0) {
		warnx("%s", e.msg);
		return (EX_USAGE);
	}
	wlabel = wroot = NULL;
	if (o.world != NULL &&
	    (wlabel = resolve_world(&o, &wroot, &e)) == NULL) {
		warnx("%s", e.msg);
		free(plan.tests);
		return (1);
	}
	memset(&root, 0, sizeof(root));
	root.init = o.init;
	root.world = o.world;
	root.suite = o.suite;
	root.data = o.data;
	root.busybox = o.busybox;
	if (o.world != NULL) {
		rc = wb_prov_suite(o.world, "/usr/libexec/worldbench",
		    "/usr/share/worldbench", &files, suite_hash, &e);
	} else
		rc = wb_prov_suite(NULL, o.suite, o.data, &files, suite_hash,
		    &e);
	if (rc != 0) {
		warnx("%s", e.msg);
		free(plan.tests);
		free(wlabel);
		free(wroot);
		return (EX_NOINPUT);
	}
	json_decref(files);
	nk = 0;
	rc = 0;
	if (kernopt_mkdirs(o.outdir, &e) != 0)
		rc = -1;
	for (i = 0; rc == 0 && i < o.nkernels; i++) {
		if ((img = kernopt_find_image(&o.k, o.kernels[i], &e)) == NULL) {
			rc = -1;
			break;
		}
		rc = wb_qb_kernel_init(&ks[nk], img, wlabel, o.outdir, &e);
		free(img);
		if (rc == 0)
			nk++;
	}
	if (rc != 0) {
		warnx("%s", e.msg);
		goto out;
	}
	snprintf(initrd, sizeof(initrd), "%s/initramfs-%s.cpio.gz", o.outdir,
	    wlabel != NULL ? wlabel : "static");
	if (wb_qb_initramfs(&root, plan.tests, plan.ntests, initrd, &e) != 0 ||
	    wb_qemu_version(o.qemu, qver, sizeof(qver), &e) != 0 ||
	    (cmdline = wb_qb_cmdline(&root, plan.tests, plan.ntests)) ==
	    NULL) {
		warnx("%s", e.msg[0] != '\0' ? e.msg : "out of memory");
		rc = -1;
		goto out;
	}
	plan.qemu.initrd = initrd;
	plan.qemu.append = cmdline;
	areq.qemu_version = qver;
	if (arule == 0 && choose_accel(&areq, &plan.qemu, ks, nk, o.outdir,
	    &achoice, &e) != 0) {
		warnx("%s", e.msg);
		free(cmdline);
		rc = -1;
		goto out;
	}
	plan.qemu.accel = achoice.accel;
	snprintf(areason, sizeof(areason), "%s%s", achoice.reason,
	    achoice.cached ? " (cached)" : "");
	plan.accel_reason = areason;
	fprintf(stderr, "worldbench boot: accel: %s (%s)%s\n",
	    wb_qemu_accel_name(achoice.accel), achoice.reason,
	    achoice.cached ? " (cached)" : "");
	if (o.boots == 0)
		o.boots = plan.qemu.timing == WB_TIMING_WALL ? 3 : 1;
	for (planned = 0, i = 0; i < plan.ntests; i++)
		planned += plan.tests[i].seconds * plan.tests[i].passes;
	plan.initrd = initrd;
	plan.cmdline = cmdline;
	plan.outdir = o.outdir;
	plan.qemu_version = qver;
	plan.timeout = o.timeout > 0 ? o.timeout : 600 + 4 * planned;
	plan.suite_hash = suite_hash;
	plan.world = o.world;
	plan.note = o.quiet ? NULL : cmd_note;
	plan.note_arg = note_prefix;
	plan.preflight = cmd_preflight_check(o.strict, o.quiet);
	if (!o.quiet)
		note(plan.qemu.timing == WB_TIMING_ICOUNT ?
	    "deterministic icount timing: emulated ratios are not hardware "
	    "ratios" : plan.qemu.accel == WB_ACCEL_KVM ? "wall-clock timing "
	    "under KVM: boots vary, and virtual-machine ratios are not "
	    "bare-metal ratios" : "wall-clock timing under emulation: boots "
	    "vary, and emulated ratios are not hardware ratios");
	for (i = 0; rc == 0 && i < nk; i++)
		rc = wb_qb_results_setup(&ks[i], &plan, o.boots, &e);
	/* Boots of different kernels interleaved, passes nested inside. */
	start = wb_spawn_now();
	for (b = 1; rc == 0 && b <= o.boots; b++)
		for (i = 0; rc == 0 && i < nk; i++) {
			if (!o.quiet)
				boot_progress(&ks[i], (size_t)(b - 1) * nk + i,
				    (size_t)o.boots * nk, start);
			rc = wb_qb_boot(&ks[i], &plan, b, &e);
		}
	failed = 0;
	for (i = 0; rc == 0 && i < nk; i++) {
		ks[i].results->status = WB_RESULTS_COMPLETE;
		if (wb_results_set_provenance(ks[i].results, "date_end",
		    wb_prov_date(), &e) != 0 ||
		    wb_results_write(ks[i].results, ks[i].results_path,
		    &e) != 0)
			rc = -1;
		else
			printf("%s\n", ks[i].results_path);
		failed += ks[i].boots_failed;
	}
	free(cmdline);
	if (rc != 0)
		warnx("%s", e.msg);
	else if (failed > 0) {
		warnx("%d boot%s failed (recorded in the results)", failed,
		    failed == 1 ? "" : "s");
		rc = 1;
	}
out:
	for (i = 0; i < nk; i++)
		wb_qb_kernel_fini(&ks[i]);
	free(wlabel);
	free(wroot);
	free(plan.tests);
	json_decref(plan.preflight);
	return (rc == 0 ? 0 : 1);
}
