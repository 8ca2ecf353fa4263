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
#include "help.h"
#include "interrupt.h"
#include "version.h"

struct command {
	const char	*name;
	int		(*fn)(int, char **);
	void		(*usage)(FILE *);
	const char	*synopsis;
};

static const struct command commands[] = {
	{ "bench", cmd_bench, cmd_bench_usage,
	    "bench [options] label ..." },
	{ "explain", cmd_explain, cmd_explain_usage,
	    "explain [options] recipe base-variant target-variant" },
	{ "run", cmd_run, cmd_run_usage, "run [options] -o results" },
	{ "table", cmd_table, cmd_table_usage,
	    "table [--format fmt] results ..." },
	{ "import", cmd_import, cmd_import_usage, "import log -o results" },
	{ "history", cmd_history, cmd_history_usage,
	    "history add|list|series|changes|confirm|html ..." },
	{ "compare", cmd_compare, cmd_compare_usage,
	    "compare [options] base other ..." },
	{ "preflight", cmd_preflight, cmd_preflight_usage,
	    "preflight [--strict]" },
	{ "check-release", cmd_check_release, cmd_check_release_usage,
	    "check-release [options] image|config|--host" },
	{ "recipe", cmd_recipe, cmd_recipe_usage,
	    "recipe build|lint|variants ..." },
	{ "image", cmd_image, cmd_image_usage, "image pack|unpack ..." },
	{ "images", cmd_images, cmd_images_usage,
	    "images [-w workdir] [--root name]" },
	{ "chroot", cmd_chroot, cmd_chroot_usage,
	    "chroot [options] image -- command ..." },
	{ "boot", cmd_boot, cmd_boot_usage,
	    "boot [options] kernel-image [world-image]" },
	{ "kernel", cmd_kernel, cmd_kernel_usage,
	    "kernel build|config|diff ..." },
	{ "lava-job", cmd_lava_job, cmd_lava_job_usage,
	    "lava-job -k label=kernel ... -o job.yaml" },
	{ "submit", cmd_submit, cmd_submit_usage,
	    "submit --engine slurm|--status|--resubmit|--collect ..." },
};

static void
usage(FILE *fp)
{
	size_t i;

	fprintf(fp, "usage: worldbench --version\n"
	    "       worldbench -h | --help\n");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(fp, "       worldbench %s\n", commands[i].synopsis);
	fprintf(fp, "       worldbench command -h | --help\n"
	    "       worldbench help [command | exit-status]\n");
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

	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(name, commands[i].name) == 0)
			return (&commands[i]);
	return (NULL);
}

/* "unknown command 'x'", with the nearest command when one is close. */
static int
unknown_command(const char *name)
{
	const char *names[sizeof(commands) / sizeof(commands[0])], *best;
	size_t i;

	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
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
		usage(stdout);
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
 * The one interrupt handler of the process (lib/interrupt.h): SIGHUP,
 * SIGINT and SIGTERM set the interrupt, which every library loop polls;
 * the command then winds down (children killed with their groups,
 * completed passes kept, temporary trees removed) and we exit 128 +
 * the signal.  A second signal while winding down ends the process at
 * once, as the signal would have without us.
 */
static void
on_signal(int sig)
{

	if (wb_interrupted() != 0) {
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
		printf("worldbench %s (%s)\n", wb_version(), wb_gitrev());
		return (0);
	}
	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
		usage(stdout);
		return (0);
	}
	if (strcmp(argv[1], "help") == 0)
		return (help(argc, argv));
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcmp(argv[1], commands[i].name) != 0)
			continue;
		if (wants_help(argc - 1, argv + 1)) {
			help_command(&commands[i]);
			return (0);
		}
		catch_signals();
		rc = commands[i].fn(argc - 1, argv + 1);
		if (wb_interrupted() != 0)
			return (128 + wb_interrupted());
		if (rc == EX_USAGE)
			help_suggest_options(commands[i].name, argc - 1,
			    argv + 1);
		return (rc);
	}
	return (unknown_command(argv[1]));
}
