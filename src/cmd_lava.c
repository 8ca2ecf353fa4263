/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench lava-job: write a LAVA job definition that boots each kernel
 * variant with the suite's initramfs, in ABBA order, and reports every
 * pass with lava-test-case --measurement (worldbench-lava(1)).
 * worldbench import --lava: read the job's results back into one results
 * file per variant.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "atomic.h"
#include "cmd.h"
#include "cmdutil.h"
#include "err.h"
#include "exe_path.h"
#include "exitmap.h"
#include "lava.h"
#include "opt.h"
#include "qemu_bench.h"
#include "results.h"
#include "runner.h"
#include "suite.h"
#include "version.h"

#define MAX_KERNELS	16

struct lopts {
	const char	*labels[MAX_KERNELS];
	char		*kernels[MAX_KERNELS];
	char		 sha[MAX_KERNELS][WB_SHA256_HEXSIZE];
	char		 ident[MAX_KERNELS][WB_LAVA_IDENTSIZE];
	const char	*shap[MAX_KERNELS];
	const char	*identp[MAX_KERNELS];
	size_t		 nk;
	const char	*workdir;
	const char	*tests;
	const char	*device_type;
	enum wb_lava_boot boot;
	const char	*kernel_type, *dtb;
	const char	*job_name;
	const char	*ramdisk;
	const char	*out;
	const char	*suite, *data, *busybox;
	double		 seconds;
	int		 rounds;
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
is_url(const char *s)
{

	return (strncmp(s, "http://", 7) == 0 ||
	    strncmp(s, "https://", 8) == 0 || strncmp(s, "file://", 7) == 0);
}

/* A kernel image directory (bzImage in it), a file, or a URL. */
static char *
kernel_url(const char *k)
{
	struct stat st;
	char *p, *abs, *url;

	if (is_url(k)) {
		if ((url = strdup(k)) == NULL)
			err(EX_OSERR, "strdup");
		return (url);
	}
	if (stat(k, &st) == -1)
		err(1, "kernel %s", k);
	if (S_ISDIR(st.st_mode)) {
		if (asprintf(&p, "%s/bzImage", k) == -1)
			err(EX_OSERR, "asprintf");
	} else if ((p = strdup(k)) == NULL)
		err(EX_OSERR, "strdup");
	if ((abs = realpath(p, NULL)) == NULL)
		err(1, "kernel %s", p);
	if (asprintf(&url, "file://%s", abs) == -1)
		err(EX_OSERR, "asprintf");
	free(abs);
	free(p);
	return (url);
}

static int
opt_boot(void *ctx, char *arg)
{
	struct lopts *o = ctx;

	if (wb_lava_boot_parse(arg, &o->boot) == -1) {
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

	o->seconds = strtod(arg, &end);
	if (*arg == '\0' || *end != '\0' ||
	    !(o->seconds > 0 && o->seconds < 100000)) {
		warnx("-d: '%s' is not a pass length in seconds", arg);
		return (-1);
	}
	return (0);
}

static int
opt_kernel(void *ctx, char *arg)
{
	struct lopts *o = ctx;
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
	o->kernels[o->nk++] = kernel_url(eq + 1);
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
	o->rounds = (int)n;
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
	{ .kind = OPT_STR, .ch = 'w', .arg = "workdir", .off = L(workdir),
	  .desc = "write the initramfs under workdir" },
	{ .kind = OPT_STR, .ch = 'o', .arg = "job.yaml", .off = L(out),
	  .desc = "the job file, written atomically" },
	{ .kind = OPT_FN, .name = "boot-method", .arg = "m", .fn = opt_boot,
	  .desc = "qemu (default), or a board: grub, u-boot" },
	{ .kind = OPT_STR, .name = "busybox", .arg = "path",
	  .off = L(busybox), .desc = "the static busybox of the initramfs" },
	{ .kind = OPT_STR, .name = "data", .arg = "dir",
	  .off = L(data), .desc = "the suite's data files" },
	{ .kind = OPT_STR, .name = "device-type", .arg = "type",
	  .off = L(device_type), .desc = "the LAVA device type" },
	{ .kind = OPT_STR, .name = "dtb", .arg = "url",
	  .off = L(dtb), .desc = "u-boot: the board's device tree" },
	{ .kind = OPT_STR, .name = "job-name", .arg = "name",
	  .off = L(job_name), .desc = "the job's name" },
	{ .kind = OPT_STR, .name = "kernel-type", .arg = "t",
	  .off = L(kernel_type), .desc = "u-boot: image, zimage or uimage" },
	{ .kind = OPT_STR, .name = "ramdisk", .arg = "url",
	  .off = L(ramdisk),
	  .desc = "use this initramfs instead of writing one" },
	{ .kind = OPT_STR, .name = "suite", .arg = "dir",
	  .off = L(suite), .desc = "the suite's programs" },
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
	if (o->nk == 0 || o->out == NULL) {
		warnx("-k label=kernel and -o job.yaml are required");
		return (-1);
	}
	if (o->ramdisk != NULL && o->workdir != NULL) {
		warnx("--ramdisk names an initramfs; -w exports one: not both");
		return (-1);
	}
	return (0);
}

static const char *
beside(const char *rel, char *buf, size_t len)
{
	struct wb_err e;

	if (wb_exe_path(rel, buf, len, &e) == -1)
		snprintf(buf, len, "./../%s", rel);
	return (buf);
}

/*
 * The initramfs: the static suite, its data and busybox as for qemu
 * boots, with a shell as /init for LAVA's test shell.  Written to
 * WORKDIR/lava/; returns its file:// URL.
 */
static char *
export_initramfs(struct lopts *o, const struct wb_test_def **defs, size_t nd)
{
	static char suite[PATH_MAX + 64], data[PATH_MAX + 64];
	struct wb_qb_test *t;
	struct wb_qb_root root;
	struct wb_err e;
	char *dir, *init, *path, *abs, *url;
	size_t i;

	if (asprintf(&dir, "%s/lava", o->workdir) == -1 ||
	    asprintf(&init, "%s/init.sh", dir) == -1 ||
	    asprintf(&path, "%s/worldbench-initramfs.cpio.gz", dir) == -1)
		err(EX_OSERR, "asprintf");
	if ((mkdir(o->workdir, 0755) == -1 && errno != EEXIST) ||
	    (mkdir(dir, 0755) == -1 && errno != EEXIST))
		err(1, "%s", dir);
	if (wb_atomic_write(init, wb_lava_init, strlen(wb_lava_init), 0755,
	    &e) == -1)
		cmd_die(&e);
	if ((t = calloc(nd, sizeof(*t))) == NULL)
		err(EX_OSERR, "calloc");
	for (i = 0; i < nd; i++) {
		t[i].def = defs[i];
		t[i].seconds = o->seconds;
		t[i].passes = o->rounds;
	}
	memset(&root, 0, sizeof(root));
	root.init = init;
	root.suite = o->suite != NULL ? o->suite :
	    beside("libexec/worldbench-static", suite, sizeof(suite));
	root.data = o->data != NULL ? o->data :
	    beside("share/worldbench", data, sizeof(data));
	root.busybox = o->busybox != NULL ? o->busybox : "/bin/busybox";
	if (wb_qb_initramfs(&root, t, nd, path, &e) == -1)
		exit(cmd_failp(path, &e));
	free(t);
	if ((abs = realpath(path, NULL)) == NULL)
		err(1, "%s", path);
	if (asprintf(&url, "file://%s", abs) == -1)
		err(EX_OSERR, "asprintf");
	fprintf(stderr, "worldbench: initramfs %s\n", abs);
	free(abs);
	free(dir);
	free(init);
	free(path);
	return (url);
}

int
cmd_lava_job(int argc, char **argv)
{
	const struct wb_test_def **defs;
	struct wb_lava_job j;
	struct lopts o;
	struct wb_err e;
	char *yaml, *ramdisk, name[256];
	size_t nd, i;
	int rc;

	memset(&o, 0, sizeof(o));
	o.seconds = 10;
	o.rounds = 2;
	o.device_type = "qemu";
	if (parse_args(argc, argv, &o) == -1)
		return (usage());
	if (wb_suite_parse_list(o.tests != NULL ? o.tests : WB_INDEX_UNIXBENCH5,
	    &defs, &nd, &e) == -1) {
		warnx("-T: %s", e.msg);
		return (usage());
	}
	if (o.ramdisk != NULL) {
		if ((ramdisk = strdup(o.ramdisk)) == NULL)
			err(EX_OSERR, "strdup");
	} else {
		if (o.workdir == NULL)
			o.workdir = cmd_workdir();
		ramdisk = export_initramfs(&o, defs, nd);
	}
	if (o.job_name == NULL) {
		snprintf(name, sizeof(name), "worldbench");
		for (i = 0; i < o.nk; i++)
			snprintf(name + strlen(name), sizeof(name) -
			    strlen(name), "%s%s", i == 0 ? " " : " vs ",
			    o.labels[i]);
		o.job_name = name;
	}
	memset(&j, 0, sizeof(j));
	j.device_type = o.device_type;
	j.boot = o.boot;
	j.kernel_type = o.kernel_type;
	j.dtb = o.dtb;
	j.job_name = o.job_name;
	j.labels = o.labels;
	j.kernels = (const char *const *)o.kernels;
	for (i = 0; i < o.nk; i++) {
		if (wb_lava_kernel_ident(o.kernels[i], o.sha[i], o.ident[i],
		    &e) == -1)
			return (cmd_fail(&e));
		o.shap[i] = o.sha[i][0] != '\0' ? o.sha[i] : NULL;
		o.identp[i] = o.ident[i][0] != '\0' ? o.ident[i] : NULL;
	}
	j.kernel_sha256 = o.shap;
	j.kernel_ident = o.identp;
	j.nvariants = o.nk;
	j.ramdisk = ramdisk;
	j.tests = defs;
	j.ntests = nd;
	j.seconds = o.seconds;
	j.rounds = o.rounds;
	j.version = wb_version();
	rc = 0;
	if ((yaml = wb_lava_job_yaml(&j, &e)) == NULL) {
		warnx("%s", e.msg);
		rc = EX_USAGE;
	} else if (wb_atomic_write(o.out, yaml, strlen(yaml), 0644, &e) ==
	    -1) {
		rc = cmd_fail(&e);
	}
	free(yaml);
	free(ramdisk);
	free(defs);
	for (i = 0; i < o.nk; i++)
		free(o.kernels[i]);
	return (rc);
}

int
cmd_import_lava(int argc, char **argv)
{
	struct wb_results **res;
	struct wb_err e;
	json_t *cases;
	char **labels, *path;
	const char *out;
	size_t n, i;
	int ch, rc;

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
	if ((cases = wb_lava_results_load(argv[optind], &e)) == NULL)
		cmd_die(&e);
	rc = wb_lava_import(cases, argv[optind], &res, &labels, &n, &e);
	json_decref(cases);
	if (rc == -1)
		cmd_die(&e);
	if (mkdir(out, 0755) == -1 && errno != EEXIST)
		err(EX_CANTCREAT, "%s", out);
	rc = 0;
	for (i = 0; i < n; i++) {
		if (asprintf(&path, "%s/%s.json", out, labels[i]) == -1)
			err(EX_OSERR, "asprintf");
		if (rc == 0 && wb_results_write(res[i], path, &e) == -1) {
			rc = cmd_fail(&e);
		} else if (rc == 0)
			printf("%s\n", path);
		free(path);
		wb_results_free(res[i]);
		free(labels[i]);
	}
	free(res);
	free(labels);
	return (rc);
}
