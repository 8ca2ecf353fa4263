/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench image: pack a root into an image, unpack an image safely,
 * list what two images differ in.
 */
#include <err.h>
#include <getopt.h>
#include <errno.h>
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
#include "wb_util.h"

void
cmd_image_usage(FILE *fp)
{

	fprintf(fp,
	    "usage: worldbench image pack [-z gzip|none|zstd] "
	    "[--manifest file] [--mtime seconds]\n"
	    "           root archive\n"
	    "       worldbench image unpack archive dir\n"
	    "       worldbench image diff [-w workdir] image image\n");
}

static int
usage(void)
{

	cmd_image_usage(stderr);
	return (EX_USAGE);
}

/* image pack's options. */
struct packopts {
	struct wb_manifest	 man;
	struct wb_pack_opts	 o;
	int			 rc;	/* a manifest that did not load */
};

static int
opt_manifest(void *ctx, char *arg)
{
	struct packopts *p = ctx;
	struct wb_err e;

	if (wb_manifest_load(&p->man, arg, &e) == -1)
		p->rc = cmd_fail(&e);
	return (0);
}

static int
opt_mtime(void *ctx, char *arg)
{
	struct packopts *p = ctx;
	char *end;

	errno = 0;
	p->o.mtime = (time_t)strtoll(arg, &end, 10);
	if (errno != 0 || *end != '\0' || end == arg || p->o.mtime < 0) {
		warnx("-t %s: expected seconds since the epoch", arg);
		return (-1);
	}
	return (0);
}

static int
opt_compress(void *ctx, char *arg)
{
	struct packopts *p = ctx;

	if (strcmp(arg, "gzip") == 0)
		p->o.compress = WB_COMPRESS_GZIP;
	else if (strcmp(arg, "zstd") == 0)
		p->o.compress = WB_COMPRESS_ZSTD;
	else if (strcmp(arg, "none") == 0)
		p->o.compress = WB_COMPRESS_NONE;
	else {
		warnx("-z %s: expected gzip, none or zstd", arg);
		return (-1);
	}
	return (0);
}

/* -m and -t: old spellings of --manifest and --mtime, kept. */
const struct opt cmd_image_opts[] = {
	{ .kind = OPT_TEXT, .syn = "pack [options] root archive",
	  .desc = "pack a root into a reproducible archive" },
	{ .kind = OPT_FN, .ch = 'z', .arg = "gzip|none|zstd",
	  .fn = opt_compress, .desc = "pack: the compression (default gzip)" },
	{ .kind = OPT_FN, .ch = 'm', .name = "manifest", .arg = "file",
	  .fn = opt_manifest, .syn = "--manifest file",
	  .desc = "pack: owners, modes and device nodes of the entries" },
	{ .kind = OPT_FN, .ch = 't', .name = "mtime", .arg = "seconds",
	  .fn = opt_mtime, .syn = "--mtime seconds",
	  .desc = "pack: the time stamp of every entry" },
	{ .kind = OPT_TEXT, .syn = "unpack archive dir",
	  .desc = "unpack an image, refusing unsafe entries" },
	{ .kind = OPT_END }
};

static int
image_pack(int argc, char **argv)
{
	struct packopts p;
	struct wb_err e;
	char sha[65];
	int rc;

	memset(&p, 0, sizeof(p));
	wb_manifest_init(&p.man);
	p.o.compress = WB_COMPRESS_ZSTD;
	p.o.manifest = &p.man;
	if (opt_parse(cmd_image_opts, &p, argc, argv) == -1) {
		wb_manifest_fini(&p.man);
		return (usage());
	}
	rc = p.rc;
	argc -= optind;
	argv += optind;
	if (argc != 2) {
		wb_manifest_fini(&p.man);
		return (usage());
	}
	if (rc == 0 && wb_image_pack(argv[0], argv[1], &p.o, sha, &e) == -1) {
		rc = cmd_fail(&e);
	}
	if (rc == 0)
		printf("%s  %s\n", sha, argv[1]);
	wb_manifest_fini(&p.man);
	return (rc);
}

static int
image_unpack(int argc, char **argv)
{
	struct cmd_unpack cu;
	struct wb_err e;
	long n;

	if (argc != 3)
		return (usage());
	cmd_unpack_begin(&cu);
	n = wb_image_unpack_opts(argv[1], argv[2], &cu.o, &e);
	cmd_unpack_end(&cu);
	if (n == -1) {
		return (cmd_fail(&e));
	}
	printf("%ld entries unpacked into %s\n", n, argv[2]);
	return (0);
}

/* Exit 0 when the images are the same, 1 when they differ (diff(1)). */
static int
image_diff(int argc, char **argv)
{
	struct wb_image_change *v;
	const char *workdir;
	struct wb_err e;
	char *a, *b;
	size_t i, n;
	int ch, rc;

	workdir = cmd_workdir();
	while ((ch = getopt(argc, argv, "w:")) != -1) {
		switch (ch) {
		case 'w':
			workdir = optarg;
			break;
		default:
			return (usage());
		}
	}
	argc -= optind;
	argv += optind;
	if (argc != 2)
		return (usage());
	a = b = NULL;
	if ((a = wb_world_image_archive(argv[0], workdir, &e)) == NULL ||
	    (b = wb_world_image_archive(argv[1], workdir, &e)) == NULL ||
	    wb_image_diff(a, b, &v, &n, &e) == -1) {
		free(a);
		free(b);
		return (cmd_fail(&e));
	}
	for (i = 0; i < n; i++)
		printf("%c %s%s%s\n", v[i].kind, wb_strvis_slot(v[i].path),
		    v[i].what[0] != '\0' ? ": " : "", v[i].what);
	rc = n > 0 ? 1 : 0;
	wb_image_changes_free(v, n);
	free(a);
	free(b);
	return (rc);
}

int
cmd_image(int argc, char **argv)
{

	if (argc < 2)
		return (usage());
	optind = 1;
	if (strcmp(argv[1], "pack") == 0)
		return (image_pack(argc - 1, argv + 1));
	if (strcmp(argv[1], "unpack") == 0)
		return (image_unpack(argc - 1, argv + 1));
	if (strcmp(argv[1], "diff") == 0)
		return (image_diff(argc - 1, argv + 1));
	warnx("image: unknown subcommand '%s'", argv[1]);
	return (usage());
}
