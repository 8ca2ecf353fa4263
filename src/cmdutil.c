/*
 * Helpers shared by the subcommands.
 */
#include <sys/stat.h>

#include <err.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmdutil.h"
#include "err.h"
#include "lock.h"
#include "preflight.h"
#include "world.h"
#include "world_fs.h"

const char *
cmd_workdir(void)
{

	return (getenv("WORKDIR") != NULL ? getenv("WORKDIR") : "work");
}

void
cmd_catch_signals(void (*handler)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGINT, &sa, NULL) == -1 ||
	    sigaction(SIGTERM, &sa, NULL) == -1)
		err(1, "sigaction");
}

json_t *
cmd_preflight_check(int strict, int quiet)
{
	struct wb_preflight_src src;
	struct wb_preflight pf;
	struct wb_err e;
	json_t *j;
	size_t i;

	memset(&src, 0, sizeof(src));
	src.window = 0.5;
	src.self = getpid();
	if (wb_preflight_run(&src, &pf, &e) == -1)
		errx(1, "preflight: %s", e.msg);
	if (!quiet || (strict && pf.busy))
		for (i = 0; i < pf.nwarnings; i++)
			warnx("preflight: %s", pf.warnings[i]);
	if (strict && pf.busy)
		errx(1, "--strict: the host is busy (load %.2f on %ld CPUs); "
		    "not starting", pf.load[0], pf.ncpu);
	if ((j = wb_preflight_json(&pf)) == NULL)
		errx(1, "preflight: out of memory");
	wb_preflight_fini(&pf);
	return (j);
}

static volatile sig_atomic_t unpack_stop;
static const int unpack_sigs[] = { SIGINT, SIGTERM, SIGHUP };

static void
on_unpack_signal(int sig)
{

	unpack_stop = sig;
}

static void
refusal(void *arg, const char *path, const char *why)
{

	(void)arg;
	warnx("refused: %s: %s", path, why);
}

static void
unpack_note(void *arg, const char *path, const char *why)
{

	(void)arg;
	warnx("%s: %s", path, why);
}

void
cmd_unpack_begin(struct cmd_unpack *cu)
{
	struct sigaction sa;
	size_t i;

	memset(&cu->o, 0, sizeof(cu->o));
	cu->o.refuse = refusal;
	cu->o.note = unpack_note;
	cu->o.stop = &unpack_stop;
	unpack_stop = 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_unpack_signal;
	sigemptyset(&sa.sa_mask);
	/* A signal ignored (nohup) stays ignored. */
	for (i = 0; i < sizeof(unpack_sigs) / sizeof(unpack_sigs[0]); i++)
		if (sigaction(unpack_sigs[i], NULL, &cu->old[i]) == -1 ||
		    (cu->old[i].sa_handler != SIG_IGN &&
		    sigaction(unpack_sigs[i], &sa, NULL) == -1))
			err(1, "sigaction");
}

void
cmd_unpack_end(struct cmd_unpack *cu)
{
	size_t i;

	for (i = 0; i < sizeof(unpack_sigs) / sizeof(unpack_sigs[0]); i++)
		if (sigaction(unpack_sigs[i], &cu->old[i], NULL) == -1)
			err(1, "sigaction");
	/* The temporary tree is gone: now take the signal as it was meant. */
	if (unpack_stop != 0)
		raise(unpack_stop);
}

char *
cmd_world_root(const char *image, const char *workdir, struct wb_err *err)
{
	struct cmd_unpack cu;
	struct stat st;
	char *root;
	int lock;

	lock = -1;
	if (stat(image, &st) == 0 && !S_ISDIR(st.st_mode) &&
	    (wb_mkdirs(workdir, 0755, err) == -1 ||
	    (lock = wb_lock_workdir(workdir, 600, err)) == -1))
		return (NULL);
	cmd_unpack_begin(&cu);
	root = wb_world_root_opts(image, workdir, &cu.o, err);
	wb_unlock_workdir(lock);
	cmd_unpack_end(&cu);
	return (root);
}

void
cmd_note(void *prefix, const char *line)
{

	fprintf(stderr, "%s%s\n", (const char *)prefix, line);
}
