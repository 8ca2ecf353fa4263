/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench kernel build|config|diff: kernel images from the Linux
 * source tarball and the fragments in overlays/kernel/, as the kernel
 * recipe (recipes/linux/recipe, BUILD_STYLE=kbuild) lists them.
 */
#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <time.h>

#include "cmd.h"
#include "cmdutil.h"
#include "exitmap.h"
#include "opt.h"
#include "wb_image.h"
#include "wb_util.h"

static void
usage(void)
{

	cmd_kernel_usage(stderr);
}

static char note_prefix[] = "worldbench kernel: ";

struct kopts {
	struct wb_kpaths	 k;
	struct wb_recipe *recipe;
	int		 check;		/* kernel diff --check */
	int		 owners;	/* kernel diff --owners */
	int		 force;
	int		 jobs;
	double		 timeout;
};

static int
opt_jobs(void *ctx, char *arg)
{
	struct kopts *o = ctx;
	char *end;

	o->jobs = (int)strtol(arg, &end, 10);
	if (*end != '\0' || o->jobs < 1 || o->jobs > 1024) {
		warnx("-j: bad job count '%s'", arg);
		return (-1);
	}
	return (0);
}

static int
opt_timeout(void *ctx, char *arg)
{
	struct kopts *o = ctx;
	char *end;

	o->timeout = strtod(arg, &end);
	if (*end != '\0' || !(o->timeout > 0)) {
		warnx("-t: bad timeout '%s'", arg);
		return (-1);
	}
	return (0);
}

static int
opt_no_ccache(void *ctx, char *arg)
{
	struct kopts *o = ctx;

	(void)arg;
	o->k.ccache = 0;
	return (0);
}

#define K(m)	OPT_AT(struct kopts, m)
/* kernel build, config and diff; attribute's follow (kernel_attribute.c). */
const struct opt cmd_kernel_opts[] = {
	{ .kind = OPT_TEXT, .syn = "build|config|diff ...",
	  .desc = "build a kernel variant, print or compare configs" },
	{ .kind = OPT_STR, .ch = 'C', .arg = "cachedir", .off = K(k.cachedir),
	  .desc = "sources and ccache" },
	{ .kind = OPT_FLAG, .ch = 'f', .off = K(force),
	  .desc = "build even when the image is up to date" },
	{ .kind = OPT_FN, .ch = 'j', .arg = "jobs", .fn = opt_jobs,
	  .desc = "parallel jobs (default the online CPUs)" },
	{ .kind = OPT_STR, .ch = 'O', .arg = "overlays", .off = K(k.overlays),
	  .desc = "the overlays directory" },
	{ .kind = OPT_STR, .ch = 'R', .arg = "recipe", .off = K(k.recipe),
	  .desc = "the kernel recipe" },
	{ .kind = OPT_STR, .ch = 's', .arg = "tarball", .off = K(k.tarball),
	  .desc = "the kernel source distfile" },
	{ .kind = OPT_FN, .ch = 't', .arg = "timeout", .fn = opt_timeout,
	  .desc = "seconds allowed for each make run (10800)" },
	{ .kind = OPT_STR, .ch = 'w', .arg = "workdir", .off = K(k.workdir),
	  .desc = "builds, images and logs" },
	{ .kind = OPT_FN, .name = "no-ccache", .fn = opt_no_ccache,
	  .desc = "compile without ccache" },
	{ .kind = OPT_FLAG, .name = "check", .off = K(check),
	  .desc = "diff: prove the variant is its base plus its fragments" },
	{ .kind = OPT_FLAG, .name = "owners", .off = K(owners),
	  .desc = "diff, attribute: the request that brings each changed "
	  "option (kconfig)" },
	{ .kind = OPT_TEXT, .syn = "attribute ...",
	  .desc = "charge a debug kernel's extra instructions to options" },
	{ .kind = OPT_END }
};
#undef K

static int
parse(int argc, char **argv, struct kopts *o)
{
	struct wb_err e;

	memset(o, 0, sizeof(*o));
	wb_kpaths_init(&o->k, cmd_workdir());
	if (opt_parse(cmd_kernel_opts, o, argc, argv) == -1)
		return (-1);
	/* make runs in the source tree: every path must be absolute. */
	if (wb_kpaths_absolute(&o->k, &e) != 0) {
		warnx("%s", e.msg);
		return (-1);
	}
	return (0);
}

/* After parse(): the kernel recipe, or a message and 0. */
static int
load_recipe(struct kopts *o)
{
	struct wb_err e;

	if ((o->recipe = wb_kpaths_recipe(&o->k, &e)) == NULL) {
		warnx("%s", e.msg);
		return (0);
	}
	return (1);
}

static int
variant_init(struct wb_kvariant *v, const struct kopts *o, const char *name,
    struct wb_err *e)
{

	return (wb_kvariant_init(v, &o->k, o->recipe, name, NULL, o->jobs,
	    o->timeout, cmd_note, note_prefix, e));
}

/*
 * One builder of a kernel work directory at a time: another waits (up
 * to an hour, a cold build of a full kernel) and then finds its kernels
 * up to date instead of building the same trees beside it.  -1 with e
 * set.
 */
static int
lock_kwork(const struct kopts *o, struct wb_err *e)
{

	if (wb_world_fs_mkdirs(o->k.workdir, 0755, e) == -1)
		return (-1);
	return (wb_lock_workdir(o->k.workdir, 3600, e));
}

static int
kernel_build(int argc, char **argv)
{
	struct wb_kvariant v;
	struct kopts o;
	struct wb_err e;
	struct timespec t0, t1;
	int i, built, rc, lock;

	if (parse(argc, argv, &o) != 0 || optind >= argc) {
		usage();
		return (EX_USAGE);
	}
	if (!load_recipe(&o))
		return (EX_DATAERR);
	wb_err_clear(&e);
	/* Every variant is checked before the first (long) build. */
	for (i = optind; i < argc; i++) {
		if (wb_kbuild_variant_init(&v.kv, o.recipe, o.k.overlays,
		    argv[i], &e) != 0) {
			wb_recipe_free(o.recipe);
			return (cmd_fail(&e));
		}
		wb_kbuild_variant_fini(&v.kv);
	}
	if ((lock = lock_kwork(&o, &e)) == -1) {
		wb_recipe_free(o.recipe);
		return (cmd_fail(&e));
	}
	rc = 0;
	for (i = optind; i < argc; i++) {
		if (variant_init(&v, &o, argv[i], &e) != 0) {
			rc = cmd_fail(&e);
			break;
		}
		clock_gettime(CLOCK_MONOTONIC, &t0);
		if (wb_kbuild_run(&v.kb, o.force, &built, &e) != 0) {
			rc = cmd_fail(&e);
		} else {
			clock_gettime(CLOCK_MONOTONIC, &t1);
			printf("%s %s %s %.1f\n", argv[i], v.imagedir,
			    built ? "built" : "up-to-date",
			    (double)(t1.tv_sec - t0.tv_sec) +
			    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
		}
		wb_kvariant_fini(&v);
		if (rc != 0)
			break;
	}
	wb_lock_workdir_release(lock);
	wb_recipe_free(o.recipe);
	return (rc);
}

static int
kernel_config(int argc, char **argv)
{
	struct wb_kbuild_config_result res;
	struct wb_kvariant v;
	struct kopts o;
	struct wb_err e;
	int rc;

	if (parse(argc, argv, &o) != 0 || optind != argc - 1) {
		usage();
		return (EX_USAGE);
	}
	if (!load_recipe(&o))
		return (EX_DATAERR);
	wb_err_clear(&e);
	if (variant_init(&v, &o, argv[optind], &e) != 0) {
		wb_recipe_free(o.recipe);
		return (cmd_fail(&e));
	}
	rc = 0;
	if (wb_kbuild_configure(&v.kb, &res, &e) != 0) {
		rc = cmd_fail(&e);
	} else
		printf("%s/.config %s\n", v.objdir, res.config_sha256);
	wb_kbuild_config_result_fini(&res);
	wb_kvariant_fini(&v);
	wb_recipe_free(o.recipe);
	return (rc);
}

/* An image named by variant (not by path) is one of the recipe's. */
static int
image_arg(const struct kopts *o, const char *arg, struct wb_err *e)
{
	char name[256];
	size_t len;

	if (strchr(arg, '/') != NULL)
		return (0);
	len = strlen(arg);
	if (len > 7 && strcmp(arg + len - 7, "-kernel") == 0)
		len -= 7;
	snprintf(name, sizeof(name), "%.*s", (int)len, arg);
	return (wb_kbuild_variant_check(o->recipe, name, e));
}

/*
 * kernel diff --check: the variant's configuration (built_config)
 * against what kconfig derives from the base's (base_config) with the
 * variant's extra fragments applied.
 */
static int
kernel_check(const struct kopts *o, const char *base, const char *name,
    const char *base_config, const char *built_config, struct wb_err *e)
{
	struct wb_kbuild_variant bv;
	struct wb_kbuild_match m;
	struct wb_kvariant v;
	int rc;

	if (wb_kvariant_pair_init(&bv, &v, &o->k, o->recipe, base, name,
	    o->jobs, o->timeout, cmd_note, note_prefix, "--check", e) != 0)
		return (-1);
	rc = -1;
	if (wb_kbuild_match_run(&v.kb, bv.fragments, bv.nfragments, base_config,
	    built_config, &m, e) == 0) {
		printf("# matching %s %s: %zu changed symbols, %zu requested "
		    "by its %zu fragment%s, %zu implied by kconfig; %zu "
		    "unexpected\n", base, name, m.changed, m.requested,
		    m.nextra, m.nextra == 1 ? "" : "s", m.implied,
		    m.mismatched);
		if (m.mismatched > 0)
			wb_err_set(e, "%s does not match %s plus its "
			    "fragments: %zu symbol%s differ from what kconfig "
			    "derives:\n%s", name, base, m.mismatched,
			    m.mismatched == 1 ? "" : "s", m.report);
		else if (wb_kbuild_match_record(&m, v.kb.imagedir, base,
		    base_config, e) == 0)
			rc = 0;
		wb_kbuild_match_fini(&m);
	}
	wb_kvariant_pair_fini(&bv, &v);
	return (rc);
}

static void
owners_print(const struct wb_kbuild_owners *k)
{
	const struct wb_kowner *w;
	size_t i, j, n[3] = { 0, 0, 0 };

	for (i = 0; i < k->n; i++) {
		w = &k->o[i];
		printf("%-32s %s", wb_strvis_slot(w->sym), w->requested ?
		    "requested" :
		    w->shared ? "shared: several requests select it" :
		    w->nby == 0 ? "by none alone" : "by");
		for (j = 0; !w->requested && j < w->nby; j++)
			printf(" %s", wb_strvis_slot(w->by[j]));
		putchar('\n');
		n[w->requested ? 0 : w->shared || w->nby == 0 ? 2 : 1]++;
	}
	printf("# %zu requested, %zu brought by one request, %zu shared; "
	    "enablers:", n[0], n[1], n[2]);
	for (i = 0; i < k->nenablers; i++)
		printf(" %s", wb_strvis_slot(k->enablers[i]));
	printf("%s\n", k->nenablers == 0 ? " none" : "");
}

/*
 * kernel diff --owners: which request of the variant's extra fragments
 * brings each changed symbol (kbuild_owners.h).
 */
static int
kernel_owners(const struct kopts *o, const char *base, const char *name,
    const char *base_config, struct wb_err *e)
{
	struct wb_kbuild_owners k;
	int rc;

	wb_kbuild_owners_init(&k);
	printf("# owners %s %s: each changed symbol and the request that "
	    "brings it (kconfig with that request left out)\n", base, name);
	fflush(stdout);
	if ((rc = wb_kvariant_owners(&o->k, o->recipe, base, name, base_config,
	    cmd_note, note_prefix, &k, e)) == 0)
		owners_print(&k);
	wb_kbuild_owners_fini(&k);
	return (rc);
}

static int
kernel_diff(int argc, char **argv)
{
	struct kopts o;
	struct wb_err e;
	char *a, *b, *ca, *cb, *out, *srctree, *srcdir;
	char digest[WB_SHA256_HEXSIZE];
	int rc, lock;

	if (parse(argc, argv, &o) != 0 || optind != argc - 2) {
		usage();
		return (EX_USAGE);
	}
	if (!load_recipe(&o))
		return (EX_DATAERR);
	wb_err_clear(&e);
	a = b = ca = cb = out = srctree = srcdir = NULL;
	rc = 1;
	lock = -1;
	/* --check and --owners configure trees in the work directory. */
	if ((o.check || o.owners) && (lock = lock_kwork(&o, &e)) == -1)
		goto done;
	if (image_arg(&o, argv[optind], &e) != 0 ||
	    image_arg(&o, argv[optind + 1], &e) != 0 ||
	    (a = wb_kpaths_find_image(&o.k, argv[optind], &e)) == NULL ||
	    (b = wb_kpaths_find_image(&o.k, argv[optind + 1], &e)) == NULL)
		goto done;
	if (asprintf(&ca, "%s/config", a) < 0 ||
	    asprintf(&cb, "%s/config", b) < 0 ||
	    asprintf(&srcdir, "%s/kernel", o.k.cachedir) < 0) {
		wb_err_setsys(&e, "diff");
		goto done;
	}
	if (wb_kbuild_unpack(o.k.tarball, srcdir, &srctree, digest, &e) != 0 ||
	    wb_kbuild_diffconfig(srctree, ca, cb, &out, &e) != 0)
		goto done;
	/* Its lines show the configurations' strings as they are. */
	printf("# scripts/diffconfig %s %s\n", wb_strvis_slot(argv[optind]),
	    wb_strvis_slot(argv[optind + 1]));
	wb_strvis_fputs(out, WB_VIS_WHITE, stdout);
	fflush(stdout);
	if (o.check && kernel_check(&o, argv[optind], argv[optind + 1], ca,
	    cb, &e) != 0) {
		rc = cmd_fail(&e);
		goto release;
	}
	if (o.owners && kernel_owners(&o, argv[optind], argv[optind + 1], ca,
	    &e) != 0) {
		rc = cmd_fail(&e);
		goto release;
	}
	rc = 0;
done:
	if (rc != 0)
		warnx("%s", e.msg);
release:
	wb_lock_workdir_release(lock);
	free(a);
	free(b);
	free(ca);
	free(cb);
	free(out);
	free(srctree);
	free(srcdir);
	wb_recipe_free(o.recipe);
	return (rc);
}

int
cmd_kernel(int argc, char **argv)
{

	if (argc < 2) {
		usage();
		return (EX_USAGE);
	}
	if (strcmp(argv[1], "build") == 0)
		return (kernel_build(argc - 1, argv + 1));
	if (strcmp(argv[1], "config") == 0)
		return (kernel_config(argc - 1, argv + 1));
	if (strcmp(argv[1], "diff") == 0)
		return (kernel_diff(argc - 1, argv + 1));
	if (strcmp(argv[1], "attribute") == 0)
		return (cmd_kernel_attribute(argc - 1, argv + 1));
	warnx("kernel: unknown subcommand '%s'", argv[1]);
	usage();
	return (EX_USAGE);
}
