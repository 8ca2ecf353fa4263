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

static void
refusal(void *arg, const char *path, const char *why)
{

	(void)arg;
	warnx("refused: %s: %s", path, why);
}

char *
cmd_world_root(const char *image, const char *workdir, struct wb_err *err)
{
	struct stat st;
	char *root;
	int lock;

	lock = -1;
	if (stat(image, &st) == 0 && !S_ISDIR(st.st_mode) &&
	    (wb_mkdirs(workdir, 0755, err) == -1 ||
	    (lock = wb_lock_workdir(workdir, 600, err)) == -1))
		return (NULL);
	root = wb_world_root(image, workdir, refusal, NULL, err);
	wb_unlock_workdir(lock);
	return (root);
}
