/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What worldbench submit and its task calls share: running a scheduler
 * program (sbatch, squeue, sacct, sinfo, srun), submitting an array,
 * absolute directories, the warn hook.
 */
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "slurm.h"
#include "submit_int.h"
#include "wb_util.h"

#define ENGINE_TIMEOUT	120.0		/* seconds for sbatch/squeue/sacct */

extern char **environ;

void
wb_submit_warn(const struct wb_submit_hooks *h, const char *fmt, ...)
{
	va_list ap;
	char *s;

	if (h == NULL || h->warn == NULL)
		return;
	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) == -1)
		s = NULL;
	va_end(ap);
	h->warn(h->arg, s != NULL ? s : fmt);
	free(s);
}

char *
wb_submit_engine_prog(const char *env, const char *name)
{
	const char *v, *path, *p, *colon;
	char *cand;

	if ((v = getenv(env)) != NULL && *v != '\0')
		return (strdup(v));
	if ((path = getenv("PATH")) == NULL)
		path = "/usr/bin:/bin";
	for (p = path; *p != '\0'; p = *colon != '\0' ? colon + 1 : colon) {
		colon = strchrnul(p, ':');
		if (asprintf(&cand, "%.*s/%s", (int)(colon - p), p, name) == -1)
			return (NULL);
		if (cand[0] == '/' && access(cand, X_OK) == 0)
			return (cand);
		free(cand);
	}
	return (NULL);
}

/* The outcome of a run that ended: its stdout, or NULL once warned. */
static char *
engine_out(struct wb_spawn_result *r, const char *prog, int quiet_fail,
    const struct wb_submit_hooks *h)
{
	char *out;

	out = NULL;
	if (r->timed_out)
		wb_submit_warn(h, "%s: killed after %.0f seconds", prog,
		    ENGINE_TIMEOUT);
	else if (r->status != 0) {
		if (!quiet_fail)
			wb_submit_warn(h, "%s failed (status %d): %s", prog,
			    r->status, r->err != NULL ? r->err : "");
	} else {
		out = r->out;
		r->out = NULL;
	}
	return (out);
}

char *
wb_submit_engine_run(const char *env, const char *name, char **args,
    int quiet_fail, const struct wb_submit_hooks *h)
{
	struct wb_spawn_result r;
	struct wb_spawn s;
	struct wb_err e;
	char *argv[16], *out;
	size_t i;

	if ((argv[0] = wb_submit_engine_prog(env, name)) == NULL) {
		if (!quiet_fail)
			wb_submit_warn(h,
			    "%s: not found (install slurm-client, "
			    "or set %s)", name, env);
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
		wb_submit_warn(h, "%s: %s", argv[0], e.msg);
		free(argv[0]);
		return (NULL);
	}
	out = engine_out(&r, argv[0], quiet_fail, h);
	wb_spawn_result_fini(&r);
	free(argv[0]);
	return (out);
}

/* sbatch --parsable prints "jobid" or "jobid;cluster". */
char *
wb_submit_array(const char *shared, const char *array,
    const struct wb_submit_hooks *h)
{
	char *args[5], *out, *spec, *script, *id;
	size_t n;

	spec = script = NULL;
	if (asprintf(&script, "%s/%s", shared, WB_SLURM_SCRIPT) == -1 ||
	    asprintf(&spec, "--array=%s", array) == -1) {
		wb_submit_warn(h, "asprintf: %s", strerror(errno));
		return (NULL);
	}
	args[0] = "--parsable";
	args[1] = spec;
	args[2] = script;
	args[3] = NULL;
	out = wb_submit_engine_run("WB_SBATCH", "sbatch", args, 0, h);
	free(spec);
	free(script);
	if (out == NULL)
		return (NULL);
	n = strcspn(out, ";\n");
	id = NULL;
	if (n == 0 || n > 32 || strspn(out, "0123456789") != n)
		wb_submit_warn(h, "sbatch printed no job id: '%s'", out);
	else if ((id = strndup(out, n)) == NULL)
		wb_submit_warn(h, "strndup: %s", strerror(errno));
	free(out);
	return (id);
}

char *
wb_submit_abs_dir(const char *dir, int create, struct wb_err *e)
{
	char *p;

	if (create && mkdir(dir, 0755) == -1 && errno != EEXIST) {
		wb_err_setsys(e, "%s", dir);
		return (NULL);
	}
	if ((p = realpath(dir, NULL)) == NULL)
		wb_err_setsys(e, "%s", dir);
	return (p);
}

int
wb_submit_unrecorded(const char *jobid, struct wb_err *e)
{
	char why[sizeof(e->msg)];

	memcpy(why, e->msg, sizeof(why));
	wb_err_set(e, "job %s submitted but not recorded: %s", jobid, why);
	return (WB_SUBMIT_FAILED);
}
