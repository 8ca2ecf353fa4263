/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench lava-job: write a LAVA job definition that boots each kernel
 * variant with the suite's initramfs, in ABBA order, and reports every
 * pass with lava-test-case --measurement (worldbench-lava(1)).
 * worldbench import --lava: read the job's results back into one results
 * file per variant.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "cmd.h"
#include "cmdutil.h"
#include "exitmap.h"
#include "opt.h"
#include "wb_farm.h"
#include "wb_model.h"
#include "wb_util.h"

#define MAX_KERNELS	WB_LAVA_MAXKERNELS

/* The driver's request is filled by the option table itself. */
struct lopts {
	struct wb_lava_drive	 d;
	const char		*labels[MAX_KERNELS];
	char			*kernels[MAX_KERNELS];
	size_t			 nk;
	const struct wb_test_def **defs;
	size_t			 nd;
	const char		*tests;
};

void
cmd_lava_job_usage(FILE *fp)
{

	fprintf(fp, "usage: worldbench lava-job -k label=kernel ... "
	    "[-d seconds] [--rounds n] [-T tests]\n"
	    "           [-w workdir | --ramdisk url] [--device-type type] "
	    "[--job-name name]\n"
	    "           [--boot-method qemu|grub|u-boot] [--kernel-type type] "
	    "[--dtb url]\n"
	    "           [--suite dir] [--data dir] [--busybox path] -o "
	    "job.yaml\n"
	    "       worldbench import --lava "
	    "results.json|results.yaml|job.log -o dir\n");
}

static int
usage(void)
{

	cmd_lava_job_usage(stderr);
	return (EX_USAGE);
}

static int
opt_boot(void *ctx, char *arg)
{
	struct lopts *o = ctx;

	if (wb_lava_boot_parse(arg, &o->d.boot) == -1) {
		warnx("--boot-method: '%s': expected qemu, grub or u-boot",
		    arg);
		return (-1);
	}
	return (0);
}

static int
opt_seconds(void *ctx, char *arg)
{
	struct lopts *o = ctx;
	char *end;

	o->d.seconds = strtod(arg, &end);
	if (*arg == '\0' || *end != '\0' ||
	    !(o->d.seconds > 0 && o->d.seconds < 100000)) {
		warnx("-d: '%s' is not a pass length in seconds", arg);
		return (-1);
	}
	return (0);
}

static int
opt_kernel(void *ctx, char *arg)
{
	struct lopts *o = ctx;
	struct wb_err e;
	char *eq;

	if (o->nk == MAX_KERNELS) {
		warnx("-k: at most %d kernels", MAX_KERNELS);
		return (-1);
	}
	if ((eq = strchr(arg, '=')) == NULL || eq == arg || eq[1] == '\0') {
		warnx("-k: '%s' is not label=kernel", arg);
		return (-1);
	}
	*eq = '\0';
	o->labels[o->nk] = arg;
	if ((o->kernels[o->nk++] = wb_lava_kernel_url(eq + 1, &e)) == NULL)
		errx(1, "%s", e.msg);
	return (0);
}

static int
opt_rounds(void *ctx, char *arg)
{
	struct lopts *o = ctx;
	char *end;
	long n;

	n = strtol(arg, &end, 10);
	if (*arg == '\0' || *end != '\0' || n < 1 || n > 100) {
		warnx("-r: '%s' is not a round count in 1..100", arg);
		return (-1);
	}
	o->d.rounds = (int)n;
	return (0);
}

#define L(m)	OPT_AT(struct lopts, m)
const struct opt cmd_lava_job_opts[] = {
	{ .kind = OPT_FN, .ch = 'k', .arg = "label=kernel", .fn = opt_kernel,
	  .desc = "a kernel variant to bench; repeat" },
	{ .kind = OPT_FN, .ch = 'd', .arg = "seconds", .fn = opt_seconds,
	  .desc = "the pass length (default 10)" },
	{ .kind = OPT_FN, .ch = 'r', .name = "rounds", .arg = "n",
	  .fn = opt_rounds, .syn = "--rounds n",
	  .desc = "boots per kernel (default 2)" },
	{ .kind = OPT_STR, .ch = 'T', .arg = "tests", .off = L(tests),
	  .desc = "the tests, as for run -T" },
	{ .kind = OPT_STR, .ch = 'w', .arg = "workdir", .off = L(d.workdir),
	  .desc = "write the initramfs under workdir" },
	{ .kind = OPT_STR, .ch = 'o', .arg = "job.yaml", .off = L(d.out),
	  .desc = "the job file, written atomically" },
	{ .kind = OPT_FN, .name = "boot-method", .arg = "m", .fn = opt_boot,
	  .desc = "qemu (default), or a board: grub, u-boot" },
	{ .kind = OPT_STR, .name = "busybox", .arg = "path",
	  .off = L(d.busybox), .desc = "the static busybox of the initramfs" },
	{ .kind = OPT_STR, .name = "data", .arg = "dir",
	  .off = L(d.data), .desc = "the suite's data files" },
	{ .kind = OPT_STR, .name = "device-type", .arg = "type",
	  .off = L(d.device_type), .desc = "the LAVA device type" },
	{ .kind = OPT_STR, .name = "dtb", .arg = "url",
	  .off = L(d.dtb), .desc = "u-boot: the board's device tree" },
	{ .kind = OPT_STR, .name = "job-name", .arg = "name",
	  .off = L(d.job_name), .desc = "the job's name" },
	{ .kind = OPT_STR, .name = "kernel-type", .arg = "t",
	  .off = L(d.kernel_type), .desc = "u-boot: image, zimage or uimage" },
	{ .kind = OPT_STR, .name = "ramdisk", .arg = "url",
	  .off = L(d.ramdisk),
	  .desc = "use this initramfs instead of writing one" },
	{ .kind = OPT_STR, .name = "suite", .arg = "dir",
	  .off = L(d.suite), .desc = "the suite's programs" },
	{ .kind = OPT_END }
};
#undef L

static int
parse_args(int argc, char **argv, struct lopts *o)
{

	if (opt_parse(cmd_lava_job_opts, o, argc, argv) == -1)
		return (-1);
	if (optind != argc) {
		warnx("unexpected argument '%s'", argv[optind]);
		return (-1);
	}
	if (o->nk == 0 || o->d.out == NULL) {
		warnx("-k label=kernel and -o job.yaml are required");
		return (-1);
	}
	if (o->d.ramdisk != NULL && o->d.workdir != NULL) {
		warnx("--ramdisk names an initramfs; -w exports one: not both");
		return (-1);
	}
	return (0);
}

/* The rest of the request: tests, kernels, defaults, hooks; -1 said. */
static int
drive_fill(struct lopts *o)
{
	struct wb_lava_drive *d = &o->d;
	struct wb_err e;

	if (wb_suite_parse_list(o->tests != NULL ? o->tests :
	    WB_INDEX_UNIXBENCH5, &o->defs, &o->nd, &e) == -1) {
		warnx("-T: %s", e.msg);
		return (-1);
	}
	if (d->ramdisk == NULL && d->workdir == NULL)
		d->workdir = cmd_workdir();
	d->tests = o->defs;
	d->ntests = o->nd;
	d->labels = o->labels;
	d->kernels = (const char *const *)o->kernels;
	d->nkernels = o->nk;
	d->note = cmd_note;
	d->arg = "worldbench: ";
	return (0);
}

int
cmd_lava_job(int argc, char **argv)
{
	struct lopts o;
	struct wb_err e;
	size_t i;
	int rc;

	memset(&o, 0, sizeof(o));
	o.d.seconds = 10;
	o.d.rounds = 2;
	o.d.device_type = "qemu";
	if (parse_args(argc, argv, &o) == -1 || drive_fill(&o) == -1)
		return (usage());
	rc = wb_lava_drive(&o.d, &e);
	if (rc == -2 || rc == -3) {
		warnx("%s", e.msg);
		rc = rc == -2 ? EX_USAGE : 1;
	} else if (rc == -1)
		rc = cmd_fail(&e);
	free(o.defs);
	for (i = 0; i < o.nk; i++)
		free(o.kernels[i]);
	return (rc);
}

/* A results file written: its path on stdout. */
static void
say_path(void *arg, const char *path)
{

	(void)arg;
	printf("%s\n", path);
}

int
cmd_import_lava(int argc, char **argv)
{
	struct wb_err e;
	const char *out;
	int ch;

	out = NULL;
	optind = 1;
	while ((ch = getopt(argc, argv, "o:")) != -1) {
		switch (ch) {
		case 'o':
			out = optarg;
			break;
		default:
			return (usage());
		}
	}
	if (out == NULL || optind + 1 != argc) {
		warnx("give one LAVA results file and -o dir");
		return (usage());
	}
	if (wb_lava_import_drive(argv[optind], out, say_path, NULL, &e) == -1)
		return (cmd_fail(&e));
	return (0);
}
