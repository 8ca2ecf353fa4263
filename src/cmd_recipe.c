/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench recipe: lint recipes, build (recipe, variant) pairs.
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
#include "opt.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_sandbox.h"
#include "wb_util.h"

void
cmd_recipe_usage(FILE *fp)
{

	fprintf(fp,
	    "usage: worldbench recipe build [-fv] [-t timeout] [-w workdir] "
	    "[--objdir dir] [--topdir dir]\n"
	    "           recipe [variant ...]\n"
	    "       worldbench recipe build [-fv] [-t timeout] [-w workdir] "
	    "[--objdir dir] [--topdir dir]\n"
	    "           --images label ...\n"
	    "       worldbench recipe lint recipe ...\n"
	    "       worldbench recipe variants recipe\n");
}

static int
usage(void)
{

	cmd_recipe_usage(stderr);
	return (EX_USAGE);
}

static void
print_lint(void *arg, const char *file, unsigned line, const char *msg)
{

	(void)arg;
	/* A message may quote the recipe's text. */
	fprintf(stderr, "%s:%u: %s\n", wb_strvis_slot(file), line,
	    wb_strvis_slot(msg));
}

static int
recipe_lint(int argc, char **argv)
{
	struct wb_recipe *r;
	struct wb_err e;
	size_t n;
	int i, rc;

	if (argc < 2)
		return (usage());
	rc = 0;
	for (i = 1; i < argc; i++) {
		if ((r = wb_recipe_load(argv[i], &e)) == NULL) {
			fprintf(stderr, "%s\n", e.msg);
			rc = 1;
			continue;
		}
		if ((n = wb_recipe_lint(r, print_lint, NULL)) != 0)
			rc = 1;
		wb_recipe_free(r);
	}
	return (rc);
}

static int
recipe_variants(int argc, char **argv)
{
	struct wb_recipe *r;
	struct wb_err e;
	size_t i;

	if (argc != 2)
		return (usage());
	if ((r = wb_recipe_load(argv[1], &e)) == NULL) {
		return (cmd_fail(&e));
	}
	for (i = 0; i < r->nvariants; i++)
		printf("%s\n", wb_strvis_slot(r->variants[i]));
	wb_recipe_free(r);
	return (0);
}

static char progress_prefix[] = "===> ";

static char *
absdir(const char *d)
{
	char *p;

	if ((p = realpath(d, NULL)) == NULL)
		err(1, "%s", d);
	return (p);
}

/* An image label: its recipe in the top directory, and its variant. */
static int
build_image(struct wb_engine *eng, const char *label, char hash[65],
    struct wb_err *e)
{
	struct wb_label l;
	char *recipe;
	int rc;

	if (wb_label_parse(label, &l, e) == -1)
		return (-1);
	if (l.kernel[0] != '\0')
		return (wb_err_set(e, "image label '%s': an image has no "
		    "'@kernel'", label));
	if ((recipe = wb_label_recipe_path(eng->topdir, &l, e)) == NULL)
		return (-1);
	rc = wb_recipe_build(eng, recipe, l.variant, hash, e);
	free(recipe);
	return (rc);
}


/* recipe build's options. */
struct rbopts {
	const char	*objdir, *topdir, *workdir;
	double		 timeout;
	int		 force, verbose, images;
};

static int
opt_timeout(void *ctx, char *arg)
{
	struct rbopts *o = ctx;
	char *end;

	o->timeout = strtod(arg, &end);
	if (*end != '\0' || !(o->timeout > 0)) {
		warnx("-t %s: expected seconds", arg);
		return (-1);
	}
	return (0);
}

#define RB(m)	OPT_AT(struct rbopts, m)
/* -O and -T: old spellings of --objdir and --topdir, kept. */
const struct opt cmd_recipe_opts[] = {
	{ .kind = OPT_TEXT, .syn = "build [options] recipe",
	  .desc = "build a recipe's port into the work directory" },
	{ .kind = OPT_TEXT, .syn = "lint [recipe ...]",
	  .desc = "check recipes, printing file:line: problem" },
	{ .kind = OPT_TEXT, .syn = "variants recipe",
	  .desc = "list a world recipe's variants" },
	{ .kind = OPT_TEXT, .syn = "build [options] recipe",
	  .desc = "build a recipe's port into the work directory" },
	{ .kind = OPT_FLAG, .ch = 'f', .off = RB(force), .flags = OPT_PLUS,
	  .desc = "build: run every phase even if its stamp exists" },
	{ .kind = OPT_FLAG, .ch = 'v', .off = RB(verbose),
	  .desc = "build: show the phases' output" },
	{ .kind = OPT_FN, .ch = 't', .arg = "timeout", .fn = opt_timeout,
	  .desc = "build: seconds allowed for each phase" },
	{ .kind = OPT_STR, .ch = 'w', .arg = "workdir", .off = RB(workdir),
	  .desc = "build: the work directory" },
	{ .kind = OPT_STR, .ch = 'O', .name = "objdir", .arg = "dir",
	  .off = RB(objdir), .syn = "--objdir dir",
	  .desc = "build: the worldbench build directory (build)" },
	{ .kind = OPT_STR, .ch = 'T', .name = "topdir", .arg = "dir",
	  .off = RB(topdir), .syn = "--topdir dir",
	  .desc = "build: the source tree with recipes/ and overlays/" },
	{ .kind = OPT_FLAG, .name = "images", .off = RB(images),
	  .syn = "--images label ...",
	  .desc = "build: build the images these labels name" },
	{ .kind = OPT_TEXT, .syn = "lint recipe ...",
	  .desc = "check recipes, printing file:line: problem" },
	{ .kind = OPT_TEXT, .syn = "variants recipe",
	  .desc = "list a world recipe's variants" },
	{ .kind = OPT_END }
};
#undef RB

static int
recipe_build(int argc, char **argv)
{
	static char objbuf[PATH_MAX], topbuf[PATH_MAX], rcpbuf[PATH_MAX + 64];
	const char *objdir, *topdir, *workdir;
	struct wb_engine eng;
	struct rbopts o;
	struct wb_err e;
	char hash[65];
	int i, images, lock, rc;

	memset(&eng, 0, sizeof(eng));
	memset(&o, 0, sizeof(o));
	o.workdir = cmd_workdir();
	if (opt_parse(cmd_recipe_opts, &o, argc, argv) == -1)
		return (usage());
	objdir = o.objdir;
	topdir = o.topdir;
	workdir = o.workdir;
	images = o.images;
	eng.force = o.force;
	eng.verbose = o.verbose;
	eng.timeout = o.timeout;
	argc -= optind;
	argv += optind;
	if (argc < 1)
		return (usage());
	if (wb_world_fs_mkdirs(workdir, 0755, &e) == -1)
		cmd_die(&e);
	cmd_tree_defaults(&objdir, &topdir, objbuf, topbuf);
	if (!images && strchr(argv[0], '/') == NULL &&
	    access(argv[0], F_OK) == -1) {
		snprintf(rcpbuf, sizeof(rcpbuf), "%s/recipes/%s/recipe",
		    topdir, argv[0]);
		argv[0] = rcpbuf;
	}
	eng.workdir = absdir(workdir);
	eng.objdir = absdir(objdir);
	eng.topdir = absdir(topdir);
	eng.progress = cmd_note;
	eng.progress_arg = progress_prefix;
	if ((lock = wb_lock_workdir(eng.workdir, 0, &e)) == -1)
		cmd_die(&e);
	rc = 0;
	for (i = 0; images && i < argc; i++) {
		if (build_image(&eng, argv[i], hash, &e) == -1) {
			rc = cmd_fail(&e);
			break;
		}
	}
	for (i = 1; !images && (i < argc || (i == 1 && argc == 1)); i++) {
		if (wb_recipe_build(&eng, argv[0], argc == 1 ? "default" :
		    argv[i], hash, &e) == -1) {
			rc = cmd_fail(&e);
			break;
		}
	}
	wb_lock_workdir_release(lock);
	free(eng.workdir);
	free(eng.objdir);
	free(eng.topdir);
	return (rc);
}

int
cmd_recipe(int argc, char **argv)
{

	if (argc < 2)
		return (usage());
	if (strcmp(argv[1], "lint") == 0)
		return (recipe_lint(argc - 1, argv + 1));
	if (strcmp(argv[1], "build") == 0)
		return (recipe_build(argc - 1, argv + 1));
	if (strcmp(argv[1], "variants") == 0)
		return (recipe_variants(argc - 1, argv + 1));
	warnx("recipe: unknown subcommand '%s'", argv[1]);
	return (usage());
}
