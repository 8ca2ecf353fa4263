/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench kernel attribute: which CONFIG_ options the debug kernel's
 * extra instructions run in, per test, from one qemu plugin run per
 * kernel, test and run length (lib/attrib_run.h).  A kernel subcommand
 * because what it reads is a kernel pair's builds (System.map, the
 * objects, .config and the source's Makefiles), found as "kernel build"
 * leaves them.
 */
#include <err.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include "attrib.h"
#include "attrib_run.h"
#include "cmd.h"
#include "cmdutil.h"
#include "err.h"
#include "exitmap.h"
#include "kpaths.h"
#include "qemu.h"
#include "runner.h"

#define MAXTESTS	32
#define DEFAULT_TESTS	"syscall,pipe,spawn,execl"

static char note_prefix[] = "worldbench kernel attribute: ";

struct aopts {
	struct wb_kpaths	 k;
	const char	*tests, *outdir, *qemu, *plugin, *probe;
	const char	*init, *suite, *data, *busybox;
	double		 seconds, timeout;
	int		 memory, quiet;
};

static int
num_arg(const char *opt, const char *s, double *v)
{
	char *end;

	*v = strtod(s, &end);
	if (end == s || *end != '\0' || !(*v > 0) || *v > 1e6) {
		warnx("%s: bad number '%s'", opt, s);
		return (-1);
	}
	return (0);
}

static int
parse(int argc, char **argv, struct aopts *o)
{
	static const struct option longopts[] = {
		{ "busybox", required_argument, NULL, 'Y' },
		{ "data", required_argument, NULL, 'D' },
		{ "init", required_argument, NULL, 'I' },
		{ "plugin", required_argument, NULL, 'P' },
		{ "probe", required_argument, NULL, 'B' },
		{ "qemu", required_argument, NULL, 'Q' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "suite", required_argument, NULL, 'S' },
		{ NULL, 0, NULL, 0 }
	};
	double v;
	int ch;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "C:d:m:o:qT:t:w:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'B':
			o->probe = optarg;
			break;
		case 'C':
			o->k.cachedir = optarg;
			break;
		case 'D':
			o->data = optarg;
			break;
		case 'd':
			if (num_arg("-d", optarg, &o->seconds) != 0)
				return (-1);
			break;
		case 'I':
			o->init = optarg;
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
		case 'P':
			o->plugin = optarg;
			break;
		case 'Q':
			o->qemu = optarg;
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
	return (argc - optind == 2 ? 0 : -1);
}

/* rel beside the worldbench binary (O/bin -> O/rel), else ./../rel. */
static const char *
beside(const char *rel, char *buf, size_t len)
{
	struct wb_err e;

	if (wb_exe_path(rel, buf, len, &e) == -1)
		snprintf(buf, len, "./../%s", rel);
	return (buf);
}

static void
defaults(struct aopts *o)
{
	static char init[PATH_MAX + 64], suite[PATH_MAX + 64],
	    data[PATH_MAX + 64], plugin[PATH_MAX + 64], probe[PATH_MAX + 64];

	if (o->init == NULL)
		o->init = beside("libexec/worldbench-init/init", init,
		    sizeof(init));
	if (o->suite == NULL)
		o->suite = beside("libexec/worldbench-static", suite,
		    sizeof(suite));
	if (o->data == NULL)
		o->data = beside("share/worldbench", data, sizeof(data));
	if (o->plugin == NULL)
		o->plugin = beside("libexec/worldbench-qemu/insncount.so",
		    plugin, sizeof(plugin));
	if (o->probe == NULL)
		o->probe = beside("libexec/worldbench-qemu/api-probe.so",
		    probe, sizeof(probe));
	if (o->busybox == NULL)
		o->busybox = "/bin/busybox";
	if (o->tests == NULL)
		o->tests = DEFAULT_TESTS;
	if (o->outdir == NULL)
		o->outdir = ".";
	if (o->seconds == 0)
		o->seconds = 2;
	if (o->qemu == NULL)
		o->qemu = WB_QEMU_DEFAULT;
}

/* Split the -T list in place. */
static int
split_tests(char *list, const char **ids, size_t *n)
{
	char *p, *save;

	*n = 0;
	for (p = strtok_r(list, ",", &save); p != NULL;
	    p = strtok_r(NULL, ",", &save)) {
		if (*n == MAXTESTS) {
			warnx("-T: at most %d tests", MAXTESTS);
			return (-1);
		}
		ids[(*n)++] = p;
	}
	if (*n == 0) {
		warnx("-T: no test");
		return (-1);
	}
	return (0);
}

static void
progress(void *arg, const char *test, const char *kernel, const char *run)
{

	fprintf(stderr, "%s%s: %s, %s run\n", (char *)arg, test, kernel, run);
}

static void
loading(void *arg, const char *kernel)
{

	fprintf(stderr, "%s%s: symbols, objects and options\n", (char *)arg,
	    kernel);
}

/* The plugin's API version, refused unless it is qemu's. */
static int
check_api(const struct aopts *o, int *api, struct wb_err *e)
{
	int max;

	if (wb_attrib_api_plugin(o->plugin, api, e) == -1 ||
	    wb_attrib_api_qemu(o->qemu, o->probe, &max, e) == -1 ||
	    wb_attrib_api_check(o->plugin, *api, o->qemu, max, e) == -1)
		return (-1);
	return (0);
}

int
cmd_kernel_attribute(int argc, char **argv)
{
	struct wb_attrib_req rq;
	struct aopts o;
	struct wb_err e;
	const char *ids[MAXTESTS];
	char *list;
	size_t n;
	int rc;

	memset(&o, 0, sizeof(o));
	wb_kpaths_init(&o.k, cmd_workdir());
	if (parse(argc, argv, &o) != 0) {
		cmd_kernel_usage(stderr);
		return (EX_USAGE);
	}
	defaults(&o);
	if ((list = strdup(o.tests)) == NULL)
		err(EX_OSERR, "strdup");
	if (split_tests(list, ids, &n) != 0) {
		free(list);
		cmd_kernel_usage(stderr);
		return (EX_USAGE);
	}
	wb_err_clear(&e);
	memset(&rq, 0, sizeof(rq));
	if (check_api(&o, &rq.api, &e) == -1) {
		free(list);
		return (cmd_fail(&e));
	}
	rq.paths = &o.k;
	rq.base = argv[optind];
	rq.debug = argv[optind + 1];
	rq.tests = ids;
	rq.ntests = n;
	rq.seconds = o.seconds;
	rq.root.init = o.init;
	rq.root.suite = o.suite;
	rq.root.data = o.data;
	rq.root.busybox = o.busybox;
	rq.outdir = o.outdir;
	rq.qemu = o.qemu;
	rq.plugin = o.plugin;
	rq.memory_mb = o.memory;
	rq.timeout = o.timeout;
	rq.note_arg = note_prefix;
	if (!o.quiet) {
		rq.note = loading;
		rq.progress = progress;
	}
	rc = 0;
	if (wb_attrib_run(&rq, &e) == -1)
		rc = cmd_fail(&e);
	else
		printf("%s/attribution.txt\n%s/attribution.json\n", o.outdir,
		    o.outdir);
	free(list);
	return (rc);
}
