/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What worldbench submit and its task commands (--status, --resubmit,
 * --collect) share: running a scheduler program, the array record of a
 * shared directory, absolute directories.  Main-level: may exit.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "err.h"
#include "slurm.h"
#include "spawn.h"
#include "submit.h"

#define ENGINE_TIMEOUT	120.0		/* seconds for sbatch/squeue/sacct */

/* The engine program: $env if set, else name found in PATH. */
char *
submit_engine_prog(const char *env, const char *name)
{
	const char *v, *path, *p, *colon;
	char *cand;

	if ((v = getenv(env)) != NULL && *v != '\0') {
		if ((cand = strdup(v)) == NULL)
			err(EX_OSERR, "strdup");
		return (cand);
	}
	if ((path = getenv("PATH")) == NULL)
		path = "/usr/bin:/bin";
	for (p = path; *p != '\0'; p = *colon != '\0' ? colon + 1 : colon) {
		colon = strchrnul(p, ':');
		if (asprintf(&cand, "%.*s/%s", (int)(colon - p), p, name) == -1)
			err(EX_OSERR, "asprintf");
		if (cand[0] == '/' && access(cand, X_OK) == 0)
			return (cand);
		free(cand);
	}
	return (NULL);
}

/*
 * Run an engine program; its stdout (malloc'ed) or NULL when it is not
 * installed or failed (then a warning unless quiet_fail).
 */
char *
submit_engine_run(const char *env, const char *name, char **args,
    int quiet_fail)
{
	struct wb_spawn_result r;
	struct wb_spawn s;
	struct wb_err e;
	char *argv[16], *out;
	size_t i;

	if ((argv[0] = submit_engine_prog(env, name)) == NULL) {
		if (!quiet_fail)
			warnx("%s: not found (install slurm-client, or set "
			    "%s)", name, env);
		return (NULL);
	}
	for (i = 0; args[i] != NULL && i < 14; i++)
		argv[i + 1] = args[i];
	argv[i + 1] = NULL;
	memset(&s, 0, sizeof(s));
	s.argv = argv;
	s.envp = environ;
	s.timeout = ENGINE_TIMEOUT;
	if (wb_spawn_run(&s, 1, &r, &e) == -1) {
		warnx("%s: %s", argv[0], e.msg);
		free(argv[0]);
		return (NULL);
	}
	out = NULL;
	if (r.timed_out)
		warnx("%s: killed after %.0f seconds", argv[0], ENGINE_TIMEOUT);
	else if (r.status != 0) {
		if (!quiet_fail)
			warnx("%s failed (status %d): %s", argv[0], r.status,
			    r.err != NULL ? r.err : "");
	} else {
		out = r.out;
		r.out = NULL;
	}
	wb_spawn_result_fini(&r);
	free(argv[0]);
	return (out);
}

/* sbatch --parsable prints "jobid" or "jobid;cluster". */
char *
submit_array(const char *shared, const char *array)
{
	char *args[5], *out, *spec, *script, *id;
	size_t n;

	if (asprintf(&script, "%s/%s", shared, WB_SLURM_SCRIPT) == -1 ||
	    asprintf(&spec, "--array=%s", array) == -1)
		err(EX_OSERR, "asprintf");
	args[0] = "--parsable";
	args[1] = spec;
	args[2] = script;
	args[3] = NULL;
	out = submit_engine_run("WB_SBATCH", "sbatch", args, 0);
	free(spec);
	free(script);
	if (out == NULL)
		return (NULL);
	n = strcspn(out, ";\n");
	if (n == 0 || n > 32 || strspn(out, "0123456789") != n) {
		warnx("sbatch printed no job id: '%s'", out);
		free(out);
		return (NULL);
	}
	if ((id = strndup(out, n)) == NULL)
		err(EX_OSERR, "strndup");
	free(out);
	return (id);
}

char *
submit_abs_dir(const char *dir, int create)
{
	char *p;

	if (create && mkdir(dir, 0755) == -1 && errno != EEXIST)
		err(1, "%s", dir);
	if ((p = realpath(dir, NULL)) == NULL)
		err(1, "%s", dir);
	return (p);
}
