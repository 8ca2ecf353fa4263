/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench image: pack a root into an image, unpack an image safely.
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
#include "manifest.h"

void
cmd_image_usage(FILE *fp)
{

	fprintf(fp,
	    "usage: worldbench image pack [-z gzip|none|zstd] "
	    "[--manifest file] [--mtime seconds]\n"
	    "           root archive\n"
	    "       worldbench image unpack archive dir\n");
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
	warnx("image: unknown subcommand '%s'", argv[1]);
	return (usage());
}
