/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench images: list the built world images, or give the unpacked
 * root of one (unpacking it into the work directory once).
 */

#include <dirent.h>
#include <err.h>
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
#include "wb_model.h"
#include "wb_sandbox.h"
#include "wb_util.h"

void
cmd_images_usage(FILE *fp)
{

	fprintf(fp, "usage: worldbench images [-w workdir] [--root name]\n");
}

static int
usage(void)
{

	cmd_images_usage(stderr);
	return (EX_USAGE);
}

static const char *
get(const struct wb_fragment *f, const char *key)
{
	const struct wb_frag_entry *e;

	e = wb_fragment_get(f, key);
	return (e == NULL || e->value == NULL ? "?" : e->value);
}

static int
cmp_dirent(const struct dirent **a, const struct dirent **b)
{

	return (strcmp((*a)->d_name, (*b)->d_name));
}

static int
list(const char *workdir)
{
	char dir[PATH_MAX], path[PATH_MAX * 2];
	struct dirent **names;
	struct wb_fragment f;
	struct wb_err e;
	int i, n, rc;

	snprintf(dir, sizeof(dir), "%s/images", workdir);
	if ((n = scandir(dir, &names, NULL, cmp_dirent)) == -1) {
		printf("no images in %s (run 'make world-variants')\n", dir);
		return (0);
	}
	printf("%-28s %-30s %-12s %10s %s\n", "NAME", "KNOBS", "HASH", "SIZE",
	    "PATH");
	rc = 0;
	for (i = 0; i < n; i++) {
		size_t len = strlen(names[i]->d_name);

		if (len > 5 && strcmp(names[i]->d_name + len - 5, ".meta") ==
		    0) {
			snprintf(path, sizeof(path), "%s/%s", dir,
			    names[i]->d_name);
			wb_fragment_init(&f);
			if (wb_fragment_merge_file(&f, path, NULL, NULL, &e) ==
			    -1) {
				rc = cmd_fail(&e);
			} else
				printf("%-28s %-30s %-12.12s %10s %s\n",
				    wb_strvis_slot(get(&f, "name")),
				    *get(&f, "options") == '\0' ? "-" :
				    wb_strvis_slot(get(&f, "options")),
				    wb_strvis_slot(get(&f, "hash")),
				    wb_strvis_slot(get(&f, "size")),
				    wb_strvis_slot(get(&f, "path")));
			wb_fragment_fini(&f);
		}
		free(names[i]);
	}
	free(names);
	return (rc);
}

static int
root_of(const char *workdir, const char *name)
{
	char *path, *root;
	struct wb_err e;

	/* A path names an archive itself (a shipped image, submit). */
	if (strchr(name, '/') != NULL) {
		if ((path = strdup(name)) == NULL)
			err(EX_OSERR, "strdup");
	} else if ((path = wb_label_image_path(workdir, name, &e)) == NULL) {
		warnx("--root %s: expected an image name (see worldbench "
		    "images): %s", name, e.msg);
		return (EX_USAGE);
	}
	if (access(path, R_OK) == -1) {
		warn("image %s (%s; build it with make world-variants)", name,
		    path);
		free(path);
		return (1);
	}
	root = cmd_world_root(path, workdir, &e);
	free(path);
	if (root == NULL)
		return (cmd_fail(&e));
	printf("%s\n", root);
	free(root);
	return (0);
}

/* images' options. */
struct imopts {
	const char	*workdir, *root;
};

const struct opt cmd_images_opts[] = {
	{ .kind = OPT_STR, .ch = 'w', .arg = "workdir",
	  .off = OPT_AT(struct imopts, workdir),
	  .desc = "the work directory (default $WORKDIR or work)" },
	{ .kind = OPT_STR, .name = "root", .arg = "name",
	  .off = OPT_AT(struct imopts, root),
	  .desc = "unpack the image name (or archive path); its root" },
	{ .kind = OPT_END }
};

int
cmd_images(int argc, char **argv)
{
	struct imopts o;

	o.workdir = cmd_workdir();
	o.root = NULL;
	if (opt_parse(cmd_images_opts, &o, argc, argv) == -1 ||
	    optind != argc)
		return (usage());
	if (o.root != NULL)
		return (root_of(o.workdir, o.root));
	return (list(o.workdir));
}
