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

#include "cmd.h"
#include "cmdutil.h"
#include "exitmap.h"
#include "guestopts.h"
#include "opt.h"
#include "wb_explain.h"
#include "wb_guest.h"
#include "wb_image.h"
#include "wb_sandbox.h"
#include "wb_util.h"

#define MAXTESTS	32
#define DEFAULT_TESTS	"syscall,pipe,spawn,execl"

static char note_prefix[] = "worldbench kernel attribute: ";

struct aopts {
	struct guestopts	 g;	/* shared with boot */
	const char	*plugin, *probe;
	int		 owners;	/* --owners: sum by request */
};

#define A(m)	OPT_AT(struct aopts, m)
/*
 * kernel attribute: after kernel's own rows in help, so the options they
 * share (-C, -O, -R, -t, -w, --owners) have no line here.
 */
const struct opt cmd_kernel_attribute_opts[] = {
	{ .kind = OPT_FN, .ch = 'd', .arg = "seconds", .off = A(g),
	  .fn = guestopts_seconds,
	  .desc = "attribute: the long run's pass length (2; short: half)" },
	{ .kind = OPT_FN, .ch = 'm', .arg = "megabytes", .off = A(g),
	  .fn = guestopts_memory,
	  .desc = "attribute: guest memory (default 512)" },
	{ .kind = OPT_STR, .ch = 'o', .arg = "outdir", .off = A(g.outdir),
	  .desc = "attribute: where the report and the runs go" },
	{ .kind = OPT_FLAG, .ch = 'q', .name = "quiet", .off = A(g.quiet),
	  .desc = "attribute: no progress notes" },
	{ .kind = OPT_STR, .ch = 'T', .arg = "tests", .off = A(g.tests),
	  .desc = "attribute: test ids, comma-separated" },
	{ .kind = OPT_STR, .name = "busybox", .arg = "path",
	  .off = A(g.busybox),
	  .desc = "attribute: the static busybox of the initramfs" },
	{ .kind = OPT_STR, .name = "data", .arg = "dir", .off = A(g.data),
	  .desc = "attribute: the suite's data files" },
	{ .kind = OPT_STR, .name = "init", .arg = "path", .off = A(g.init),
	  .desc = "attribute: the guest's init program" },
	{ .kind = OPT_STR, .name = "plugin", .arg = "path", .off = A(plugin),
	  .desc = "attribute: the instruction-counting qemu plugin" },
	{ .kind = OPT_STR, .name = "probe", .arg = "path", .off = A(probe),
	  .desc = "attribute: the plugin API probe plugin" },
	{ .kind = OPT_STR, .name = "qemu", .arg = "path", .off = A(g.qemu),
	  .desc = "attribute: the qemu binary" },
	{ .kind = OPT_STR, .name = "suite", .arg = "dir", .off = A(g.suite),
	  .desc = "attribute: the suite's programs" },
	{ .kind = OPT_STR, .ch = 'C', .arg = "cachedir", .flags = OPT_NOROW,
	  .off = A(g.k.cachedir) },
	{ .kind = OPT_STR, .ch = 'O', .arg = "overlays", .flags = OPT_NOROW,
	  .off = A(g.k.overlays) },
	{ .kind = OPT_STR, .ch = 'R', .arg = "recipe", .flags = OPT_NOROW,
	  .off = A(g.k.recipe) },
	{ .kind = OPT_FN, .ch = 't', .arg = "timeout", .flags = OPT_NOROW,
	  .off = A(g), .fn = guestopts_timeout },
	{ .kind = OPT_STR, .ch = 'w', .arg = "workdir", .flags = OPT_NOROW,
	  .off = A(g.k.workdir) },
	{ .kind = OPT_FLAG, .name = "owners", .flags = OPT_NOROW,
	  .off = A(owners) },
	{ .kind = OPT_END }
};
#undef A

static int
parse(int argc, char **argv, struct aopts *o)
{

	if (opt_parse(cmd_kernel_attribute_opts, o, argc, argv) == -1)
		return (-1);
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
 * (wb_kvariant_owners), from the base image's configuration.
 */
static int
owners(struct aopts *o, const char *base, const char *debug,
    struct wb_kbuild_owners *k, struct wb_err *e)
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
			rc = wb_kvariant_owners(&o->g.k, r, base, debug, cfg,
			    cmd_note, note_prefix, k, e);
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
	struct wb_kbuild_owners k;
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
	wb_kbuild_owners_init(&k);
	if (o.owners && owners(&o, argv[optind], argv[optind + 1], &k,
	    &e) == -1) {
		free(list);
		wb_kbuild_owners_fini(&k);
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
	wb_kbuild_owners_fini(&k);
	return (rc);
}
