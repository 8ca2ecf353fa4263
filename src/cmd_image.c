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
#include "err.h"
#include "exitmap.h"
#include "image.h"
#include "image_diff.h"
#include "manifest.h"
#include "strvis.h"

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

static int
image_pack(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "manifest", required_argument, NULL, 'm' },
		{ "mtime", required_argument, NULL, 'M' },
		{ NULL, 0, NULL, 0 }
	};
	struct wb_manifest man;
	struct wb_pack_opts o;
	struct wb_err e;
	char sha[65], *end;
	int ch, rc;

	wb_manifest_init(&man);
	memset(&o, 0, sizeof(o));
	o.compress = WB_COMPRESS_ZSTD;
	o.manifest = &man;
	rc = 0;
	/* -m and -t: old spellings of --manifest and --mtime, kept. */
	while ((ch = getopt_long(argc, argv, "m:t:z:", longopts, NULL)) !=
	    -1) {
		switch (ch) {
		case 'm':
			if (wb_manifest_load(&man, optarg, &e) == -1) {
				rc = cmd_fail(&e);
			}
			break;
		case 'M':
		case 't':
			errno = 0;
			o.mtime = (time_t)strtoll(optarg, &end, 10);
			if (errno != 0 || *end != '\0' || end == optarg ||
			    o.mtime < 0) {
				warnx("-t %s: expected seconds since the epoch",
				    optarg);
				wb_manifest_fini(&man);
				return (usage());
			}
			break;
		case 'z':
			if (strcmp(optarg, "gzip") == 0)
				o.compress = WB_COMPRESS_GZIP;
			else if (strcmp(optarg, "zstd") == 0)
				o.compress = WB_COMPRESS_ZSTD;
			else if (strcmp(optarg, "none") == 0)
				o.compress = WB_COMPRESS_NONE;
			else {
				warnx("-z %s: expected gzip, none or zstd",
				    optarg);
				wb_manifest_fini(&man);
				return (usage());
			}
			break;
		default:
			wb_manifest_fini(&man);
			return (usage());
		}
	}
	argc -= optind;
	argv += optind;
	if (argc != 2) {
		wb_manifest_fini(&man);
		return (usage());
	}
	if (rc == 0 && wb_image_pack(argv[0], argv[1], &o, sha, &e) == -1) {
		rc = cmd_fail(&e);
	}
	if (rc == 0)
		printf("%s  %s\n", sha, argv[1]);
	wb_manifest_fini(&man);
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
	if ((a = cmd_image_archive(argv[0], workdir, &e)) == NULL ||
	    (b = cmd_image_archive(argv[1], workdir, &e)) == NULL ||
	    wb_image_diff(a, b, &v, &n, &e) == -1) {
		free(a);
		free(b);
		return (cmd_fail(&e));
	}
	for (i = 0; i < n; i++)
		printf("%c %s%s%s\n", v[i].kind, wb_vis(v[i].path),
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
