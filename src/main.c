/*
 * worldbench: build matching debug/production images, bench them with a
 * UnixBench-compatible suite, and compare the results.
 */
#include <err.h>
#include <stdio.h>
#include <string.h>
#include <sysexits.h>

#include "cmd.h"
#include "version.h"

struct command {
	const char	*name;
	int		(*fn)(int, char **);
	const char	*synopsis;
};

static const struct command commands[] = {
	{ "run", cmd_run, "run [options] -o results" },
	{ "table", cmd_table, "table [--format fmt] results ..." },
	{ "import", cmd_import, "import log -o results" },
	{ "compare", cmd_compare, "compare [options] base other ..." },
	{ "preflight", cmd_preflight, "preflight [--strict]" },
	{ "check-release", cmd_check_release,
	    "check-release [options] image|config|--host" },
	{ "recipe", cmd_recipe, "recipe lint|build|show ..." },
	{ "image", cmd_image, "image pack|unpack|list ..." },
	{ "images", cmd_images, "images [-w workdir]" },
	{ "chroot", cmd_chroot, "chroot [options] image -- command ..." },
	{ "boot", cmd_boot, "boot [options] kernel-image [world-image]" },
	{ "kernel", cmd_kernel, "kernel build|config|diff ..." },
	{ "lava-job", cmd_lava_job, "lava-job -k label=kernel ... -o job.yaml" },
	{ "submit", cmd_submit, "submit --engine slurm|--status|--resubmit|--collect ..." },
};

static void
usage(void)
{
	size_t i;

	fprintf(stderr, "usage: worldbench --version\n");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(stderr, "       worldbench %s\n", commands[i].synopsis);
}

int
main(int argc, char *argv[])
{
	size_t i;

	if (argc < 2) {
		usage();
		return (EX_USAGE);
	}
	if (strcmp(argv[1], "--version") == 0 ||
	    strcmp(argv[1], "version") == 0) {
		if (argc > 2) {
			warnx("%s takes no arguments", argv[1]);
			usage();
			return (EX_USAGE);
		}
		printf("worldbench %s (%s)\n", wb_version(), wb_gitrev());
		return (0);
	}
	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		usage();
		return (0);
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcmp(argv[1], commands[i].name) != 0)
			continue;
		return (commands[i].fn(argc - 1, argv + 1));
	}
	warnx("unknown command '%s'", argv[1]);
	usage();
	return (EX_USAGE);
}
