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
parse_args(int argc, char **argv, struct lopts *o)
{
	static const struct option longopts[] = {
		{ "boot-method", required_argument, NULL, 'B' },
		{ "busybox", required_argument, NULL, 'Y' },
		{ "data", required_argument, NULL, 'A' },
		{ "device-type", required_argument, NULL, 't' },
		{ "dtb", required_argument, NULL, 'D' },
		{ "kernel-type", required_argument, NULL, 'K' },
		{ "job-name", required_argument, NULL, 'J' },
		{ "ramdisk", required_argument, NULL, 'M' },
		{ "rounds", required_argument, NULL, 'r' },
		{ "suite", required_argument, NULL, 'U' },
		{ NULL, 0, NULL, 0 }
	};
	char *end, *eq;
	long n;
	int ch;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "d:k:o:r:T:w:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'A':
			o->data = optarg;
			break;
		case 'B':
			if (wb_lava_boot_parse(optarg, &o->boot) == -1) {
				warnx("--boot-method: '%s': expected qemu, grub "
				    "or u-boot", optarg);
				return (-1);
			}
			break;
		case 'D':
			o->dtb = optarg;
			break;
		case 'K':
			o->kernel_type = optarg;
			break;
		case 'd':
			o->seconds = strtod(optarg, &end);
			if (*optarg == '\0' || *end != '\0' ||
			    !(o->seconds > 0 && o->seconds < 100000)) {
				warnx("-d: '%s' is not a pass length in "
				    "seconds", optarg);
				return (-1);
			}
			break;
		case 'J':
			o->job_name = optarg;
			break;
		case 'k':
			if (o->nk == MAX_KERNELS) {
				warnx("-k: at most %d kernels", MAX_KERNELS);
				return (-1);
			}
			if ((eq = strchr(optarg, '=')) == NULL ||
			    eq == optarg || eq[1] == '\0') {
				warnx("-k: '%s' is not label=kernel", optarg);
				return (-1);
			}
			*eq = '\0';
			o->labels[o->nk] = optarg;
			o->kernels[o->nk++] = kernel_url(eq + 1);
			break;
		case 'M':
			o->ramdisk = optarg;
			break;
		case 'o':
			o->out = optarg;
			break;
		case 'r':
			n = strtol(optarg, &end, 10);
			if (*optarg == '\0' || *end != '\0' || n < 1 ||
			    n > 100) {
				warnx("-r: '%s' is not a round count in "
				    "1..100", optarg);
				return (-1);
			}
			o->rounds = (int)n;
			break;
		case 'T':
			o->tests = optarg;
			break;
		case 't':
			o->device_type = optarg;
			break;
		case 'U':
			o->suite = optarg;
			break;
		case 'w':
			o->workdir = optarg;
			break;
		case 'Y':
			o->busybox = optarg;
			break;
		default:
			return (-1);
		}
	}
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
