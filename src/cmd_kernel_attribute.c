/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench kernel attribute: which CONFIG_ options the debug kernel's
 * extra instructions run in, per test, from one qemu plugin run per
 * kernel, test and run length (lib/explain/attrib_run.h).  A kernel subcommand
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
#include "exe_path.h"
#include "exitmap.h"
#include "guestopts.h"
#include "kbuild_owners.h"
#include "kpaths.h"
#include "kvariant.h"
#include "qemu.h"
#include "recipe.h"
#include "runner.h"

#define MAXTESTS	32
#define DEFAULT_TESTS	"syscall,pipe,spawn,execl"

static char note_prefix[] = "worldbench kernel attribute: ";

struct aopts {
	struct guestopts	 g;	/* shared with boot */
	const char	*plugin, *probe;
	int		 owners;	/* --owners: sum by request */
};

static int
parse(int argc, char **argv, struct aopts *o)
{
	static const struct option longopts[] = {
		{ "owners", no_argument, NULL, 'W' },
		{ "plugin", required_argument, NULL, 'P' },
		{ "probe", required_argument, NULL, 'B' },
		GUEST_LONG,
		{ NULL, 0, NULL, 0 }
	};
	int ch, r;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "C:O:R:" GUEST_SHORT, longopts,
	    NULL)) != -1) {
		if ((r = guestopts_opt(&o->g, ch, optarg)) == 1)
			continue;
		if (r == -1)
			return (-1);
		switch (ch) {
		case 'B':
			o->probe = optarg;
			break;
		case 'C':
			o->g.k.cachedir = optarg;
			break;
		case 'O':
			o->g.k.overlays = optarg;
			break;
		case 'R':
			o->g.k.recipe = optarg;
			break;
		case 'W':
			o->owners = 1;
			break;
		case 'P':
			o->plugin = optarg;
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

	if (o->g.init == NULL)
		o->g.init = beside("libexec/worldbench-init/init", init,
		    sizeof(init));
	if (o->g.suite == NULL)
		o->g.suite = beside("libexec/worldbench-static", suite,
		    sizeof(suite));
	if (o->g.data == NULL)
		o->g.data = beside("share/worldbench", data, sizeof(data));
	if (o->plugin == NULL)
		o->plugin = beside("libexec/worldbench-qemu/insncount.so",
		    plugin, sizeof(plugin));
	if (o->probe == NULL)
		o->probe = beside("libexec/worldbench-qemu/api-probe.so",
		    probe, sizeof(probe));
	if (o->g.busybox == NULL)
		o->g.busybox = "/bin/busybox";
	if (o->g.tests == NULL)
		o->g.tests = DEFAULT_TESTS;
	if (o->g.outdir == NULL)
		o->g.outdir = ".";
	if (o->g.seconds == 0)
		o->g.seconds = 2;
	if (o->g.qemu == NULL)
		o->g.qemu = WB_QEMU_DEFAULT;
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
	    wb_attrib_api_qemu(o->g.qemu, o->probe, &max, e) == -1 ||
	    wb_attrib_api_check(o->plugin, *api, o->g.qemu, max, e) == -1)
		return (-1);
	return (0);
}

/*
 * --owners: which request of the debug variant brings each option
 * (kvariant_owners), from the base image's configuration.
 */
static int
owners(struct aopts *o, const char *base, const char *debug,
    struct wb_kowners *k, struct wb_err *e)
{
	struct wb_recipe *r;
	char *img, *cfg;
	int rc;

	if ((r = wb_kpaths_recipe(&o->g.k, e)) == NULL)
		return (-1);
	rc = -1;
	if ((img = wb_kpaths_find_image(&o->g.k, base, e)) != NULL) {
		if (asprintf(&cfg, "%s/config", img) < 0)
			wb_err_setsys(e, "asprintf");
		else {
			if (!o->g.quiet)
				fprintf(stderr, "%swhich request brings each "
				    "option (kconfig, each request left "
				    "out)\n", note_prefix);
			rc = kvariant_owners(&o->g.k, r, base, debug, cfg,
			    note_prefix, k, e);
			free(cfg);
		}
		free(img);
	}
	wb_recipe_free(r);
	return (rc);
}

int
cmd_kernel_attribute(int argc, char **argv)
{
	struct wb_attrib_req rq;
	struct wb_kowners k;
	struct aopts o;
	struct wb_err e;
	const char *ids[MAXTESTS];
	char *list;
	size_t n;
	int rc;

	memset(&o, 0, sizeof(o));
	wb_kpaths_init(&o.g.k, cmd_workdir());
	if (parse(argc, argv, &o) != 0) {
		cmd_kernel_usage(stderr);
		return (EX_USAGE);
	}
	defaults(&o);
	if ((list = strdup(o.g.tests)) == NULL)
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
	wb_kowners_init(&k);
	if (o.owners && owners(&o, argv[optind], argv[optind + 1], &k,
	    &e) == -1) {
		free(list);
		wb_kowners_fini(&k);
		return (cmd_fail(&e));
	}
	rq.owners = o.owners ? &k : NULL;
	rq.paths = &o.g.k;
	rq.base = argv[optind];
	rq.debug = argv[optind + 1];
	rq.tests = ids;
	rq.ntests = n;
	rq.seconds = o.g.seconds;
	rq.root.init = o.g.init;
	rq.root.suite = o.g.suite;
	rq.root.data = o.g.data;
	rq.root.busybox = o.g.busybox;
	rq.outdir = o.g.outdir;
	rq.qemu = o.g.qemu;
	rq.plugin = o.plugin;
	rq.memory_mb = o.g.memory;
	rq.timeout = o.g.timeout;
	rq.note_arg = note_prefix;
	if (!o.g.quiet) {
		rq.note = loading;
		rq.progress = progress;
	}
	rc = 0;
	if (wb_attrib_run(&rq, &e) == -1)
		rc = cmd_fail(&e);
	else
		printf("%s/attribution.txt\n%s/attribution.json\n", o.g.outdir,
		    o.g.outdir);
	free(list);
	wb_kowners_fini(&k);
	return (rc);
}
