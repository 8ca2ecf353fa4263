/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench: build matching debug/production images, bench them with a
 * UnixBench-compatible suite, and compare the results.
 */
#include <err.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sysexits.h>

#include "cmd.h"
#include "completion.h"
#include "help.h"
#include "wb_util.h"

struct command {
	const char	*name;
	int		(*fn)(int, char **);
	void		(*usage)(FILE *);
	const char	*synopsis;
	const char	*desc;
};

static const struct command commands[] = {
	{ "bench", cmd_bench, cmd_bench_usage,
	    "bench [options] label ...",
	    "build images, bench them interleaved, print tables and verdicts" },
	{ "explain", cmd_explain, cmd_explain_usage,
	    "explain [options] recipe base-variant target-variant",
	    "which of the knobs between two variants costs what" },
	{ "run", cmd_run, cmd_run_usage, "run [options] -o results",
	    "run the suite on the host or in image roots, keep every pass" },
	{ "table", cmd_table, cmd_table_usage,
	    "table [-e estimator] [-F format] results ...",
	    "print a results file as UnixBench's tables, JSON, CSV, Markdown" },
	{ "import", cmd_import, cmd_import_usage,
	    "import [-l label] [-t n] log -o results | --lava file -o dir",
	    "read a UnixBench log or a LAVA job's results into results" },
	{ "history", cmd_history, cmd_history_usage,
	    "history add|list|series|changes|confirm|html|serve ...",
	    "store runs by release, find and confirm changes, draw the series" },
	{ "compare", cmd_compare, cmd_compare_usage,
	    "compare [options] base other ...",
	    "ratios, intervals and verdicts of results against a base" },
	{ "preflight", cmd_preflight, cmd_preflight_usage,
	    "preflight [-j] [-s] [-w seconds]",
	    "check the host's noise: load, governor, SMT, swap, busy processes" },
	{ "check-release", cmd_check_release, cmd_check_release_usage,
	    "check-release [options] image|config|--host",
	    "prove no debug knob is on; gate a release on its results" },
	{ "recipe", cmd_recipe, cmd_recipe_usage,
	    "recipe build|lint|variants ...",
	    "build, check or list the variants of a world or kernel recipe" },
	{ "image", cmd_image, cmd_image_usage, "image pack|unpack|diff ...",
	    "pack a root, unpack an image safely, diff two images" },
	{ "images", cmd_images, cmd_images_usage,
	    "images [-w workdir] [--root name]",
	    "the built images, or the unpacked root of one of them" },
	{ "chroot", cmd_chroot, cmd_chroot_usage,
	    "chroot [options] image -- command ...",
	    "run a command confined in an image" },
	{ "boot", cmd_boot, cmd_boot_usage,
	    "boot [options] kernel-image [world-image]",
	    "boot kernels under qemu and bench them interleaved" },
	{ "kernel", cmd_kernel, cmd_kernel_usage,
	    "kernel build|config|diff|attribute ...",
	    "build kernel variants, compare configs, attribute their cost" },
	{ "lava-job", cmd_lava_job, cmd_lava_job_usage,
	    "lava-job -k label=kernel ... -o job.yaml",
	    "write a LAVA job that benches kernels on a device farm" },
	{ "submit", cmd_submit, cmd_submit_usage,
	    "submit --engine slurm|--status|--resubmit|--collect ...",
	    "run the paired experiment as a Slurm job array, collect it" },
};

#define NCOMMANDS	(sizeof(commands) / sizeof(commands[0]))

static void
usage(FILE *fp)
{
	size_t i;

	fprintf(fp, "usage: worldbench --version\n"
	    "       worldbench -h | --help\n");
	for (i = 0; i < NCOMMANDS; i++)
		fprintf(fp, "       worldbench %s\n", commands[i].synopsis);
	fprintf(fp, "       worldbench command -h | --help\n"
	    "       worldbench help [command | exit-status]\n");
}

/* The usage, then what each command is for (-h, --help, help). */
static void
usage_described(FILE *fp)
{
	size_t i;

	usage(fp);
	fprintf(fp, "\ncommands:\n");
	for (i = 0; i < NCOMMANDS; i++)
		fprintf(fp, "  %-14s %s\n", commands[i].name,
		    commands[i].desc);
	fprintf(fp, "\n'worldbench help command' for its options; "
	    "worldbench(1) for the full text.\n");
}

/*
 * worldbench completion bash|zsh|fish: the completion script, from the
 * help table and the command list (src/completion.c).
 */
static int
completion(int argc, char **argv)
{
	struct completion_cmd c[NCOMMANDS];
	size_t i;

	for (i = 0; i < NCOMMANDS; i++) {
		c[i].name = commands[i].name;
		c[i].synopsis = commands[i].synopsis;
		c[i].desc = commands[i].desc;
	}
	if (argc == 3 && (strcmp(argv[2], "-h") == 0 ||
	    strcmp(argv[2], "--help") == 0)) {
		printf("usage: worldbench completion bash|zsh|fish\n");
		return (0);
	}
	if (argc != 3 || completion_write(stdout, argv[2], c, NCOMMANDS) != 0) {
		fprintf(stderr, "usage: worldbench completion bash|zsh|fish\n");
		return (EX_USAGE);
	}
	return (0);
}

/* A command's synopsis and options, for -h, --help and help CMD. */
static void
help_command(const struct command *c)
{

	c->usage(stdout);
	(void)help_options(stdout, c->name);
}

static const struct command *
find_command(const char *name)
{
	size_t i;

	for (i = 0; i < NCOMMANDS; i++)
		if (strcmp(name, commands[i].name) == 0)
			return (&commands[i]);
	return (NULL);
}

/* "unknown command 'x'", with the nearest command when one is close. */
static int
unknown_command(const char *name)
{
	const char *names[NCOMMANDS], *best;
	size_t i;

	for (i = 0; i < NCOMMANDS; i++)
		names[i] = commands[i].name;
	if ((best = help_nearest(name, names, i)) != NULL)
		warnx("unknown command '%s'; did you mean '%s'?", name, best);
	else
		warnx("unknown command '%s'", name);
	usage(stderr);
	return (EX_USAGE);
}

static int
help(int argc, char **argv)
{
	const struct command *c;

	if (argc < 3) {
		usage_described(stdout);
		return (0);
	}
	if (argc > 3) {
		warnx("help takes one command");
		return (EX_USAGE);
	}
	if (strcmp(argv[2], "-h") == 0 || strcmp(argv[2], "--help") == 0) {
		printf("usage: worldbench help [command | exit-status]\n");
		return (0);
	}
	if (strcmp(argv[2], "exit-status") == 0) {
		help_exit_statuses(stdout);
		return (0);
	}
	if ((c = find_command(argv[2])) == NULL)
		return (unknown_command(argv[2]));
	help_command(c);
	return (0);
}

/*
 * -h or --help anywhere before a "--" (after which the arguments are a
 * command's own, as for chroot).
 */
static int
wants_help(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			return (0);
		if (strcmp(argv[i], "-h") == 0 ||
		    strcmp(argv[i], "--help") == 0)
			return (1);
	}
	return (0);
}

/*
 * The one interrupt handler of the process (lib/util/interrupt.h): SIGHUP,
 * SIGINT and SIGTERM set the interrupt, which every library loop polls;
 * the command then winds down (children killed with their groups,
 * completed passes kept, temporary trees removed) and we exit 128 +
 * the signal.  A second signal while winding down ends the process at
 * once, as the signal would have without us.
 */
static void
on_signal(int sig)
{

	if (wb_interrupt_pending() != 0) {
		(void)signal(sig, SIG_DFL);
		(void)raise(sig);
		return;
	}
	wb_interrupt_set(sig);
}

static void
catch_signals(void)
{
	static const int sigs[] = { SIGHUP, SIGINT, SIGTERM };
	struct sigaction sa, old;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaddset(&sa.sa_mask, sigs[i]);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		/* An ignored signal (nohup) stays ignored. */
		if (sigaction(sigs[i], NULL, &old) == -1)
			err(EX_OSERR, "sigaction");
		if (old.sa_handler == SIG_IGN)
			continue;
		if (sigaction(sigs[i], &sa, NULL) == -1)
			err(EX_OSERR, "sigaction");
	}
}

int
main(int argc, char *argv[])
{
	size_t i;
	int rc;

	if (argc < 2) {
		usage(stderr);
		return (EX_USAGE);
	}
	if (strcmp(argv[1], "--version") == 0 ||
	    strcmp(argv[1], "version") == 0) {
		if (argc > 2) {
			warnx("%s takes no arguments", argv[1]);
			usage(stderr);
			return (EX_USAGE);
		}
		printf("worldbench %s (%s)\n", wb_version(),
		    wb_version_gitrev());
		return (0);
	}
	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
		usage_described(stdout);
		return (0);
	}
	if (strcmp(argv[1], "help") == 0)
		return (help(argc, argv));
	if (strcmp(argv[1], "completion") == 0)
		return (completion(argc, argv));
	for (i = 0; i < NCOMMANDS; i++) {
		if (strcmp(argv[1], commands[i].name) != 0)
			continue;
		if (wants_help(argc - 1, argv + 1)) {
			help_command(&commands[i]);
			return (0);
		}
		catch_signals();
		rc = commands[i].fn(argc - 1, argv + 1);
		if (wb_interrupt_pending() != 0)
			return (128 + wb_interrupt_pending());
		if (rc == EX_USAGE)
			help_suggest_options(commands[i].name, argc - 1,
			    argv + 1);
		return (rc);
	}
	return (unknown_command(argv[1]));
}
