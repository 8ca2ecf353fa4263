/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The host runner and its entry in the runner table, and freeing any
 * runner.  The table is lib/sandbox/runner_list.h (lib/sandbox/runner_kinds.c); the
 * chroot and userns runners are lib/sandbox/runner_chroot.c and
 * lib/sandbox/runner_userns.c.
 */
#include <sys/stat.h>

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner.h"
#include "wb_util.h"

/* "<dir of /proc/self/exe>/../rel", malloc'ed. */
static char *
exe_relative(const char *rel, struct wb_err *err)
{
	char buf[PATH_MAX + 64], *p;

	if (wb_exe_path(rel, buf, sizeof(buf), err) == -1)
		return (NULL);
	if ((p = strdup(buf)) == NULL)
		wb_err_setsys(err, "strdup");
	return (p);
}

/* Resolve dir (given, or from env, or next to the executable). */
static char *
find_dir(const char *given, const char *env, const char *rel,
    struct wb_err *err)
{
	struct stat st;
	char *cand, *real;
	const char *e;

	if (given != NULL)
		cand = strdup(given);
	else if ((e = getenv(env)) != NULL && *e != '\0')
		cand = strdup(e);
	else if ((cand = exe_relative(rel, err)) == NULL)
		return (NULL);
	if (cand == NULL) {
		wb_err_setsys(err, "strdup");
		return (NULL);
	}
	if ((real = realpath(cand, NULL)) == NULL ||
	    stat(real, &st) == -1 || !S_ISDIR(st.st_mode)) {
		if (real != NULL)
			errno = ENOTDIR;
		wb_err_setsys(err, "%s (bench suite directory; see --libexec, "
		    "--datadir, %s)", cand, env);
		free(cand);
		free(real);
		return (NULL);
	}
	free(cand);
	return (real);
}

struct wb_runner *
wb_runner_host_new(const char *libexecdir, const char *datadir,
    struct wb_err *err)
{
	struct wb_runner *r;
	const char *tmp;

	if ((r = calloc(1, sizeof(*r))) == NULL) {
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	r->kind = WB_RUNNER_HOST;
	/* A pass is a child of the process that closed the descriptors. */
	r->child_setup = wb_fresh_setup;
	tmp = getenv("TMPDIR");
	if (tmp == NULL || *tmp != '/')
		tmp = "/tmp";
	if ((r->root = strdup("/")) == NULL ||
	    (r->scratchdir = strdup(tmp)) == NULL) {
		wb_err_setsys(err, "strdup");
		wb_runner_free(r);
		return (NULL);
	}
	if ((r->libexecdir = find_dir(libexecdir, "WORLDBENCH_LIBEXEC",
	    "libexec/worldbench", err)) == NULL ||
	    (r->datadir = find_dir(datadir, "WORLDBENCH_DATADIR",
	    "share/worldbench", err)) == NULL) {
		wb_runner_free(r);
		return (NULL);
	}
	return (r);
}

void
wb_runner_free(struct wb_runner *r)
{

	if (r == NULL)
		return;
	if (r->free_arg != NULL)
		r->free_arg(r->setup_arg);
	free(r->root);
	free(r->libexecdir);
	free(r->datadir);
	free(r->scratchdir);
	free(r);
}

static int
host_probe(char *why, size_t len)
{

	snprintf(why, len, "always (runs the host's own suite, no image)");
	return (0);
}

static struct wb_runner *
host_new(const char *root, const struct wb_runner_opts *o,
    const char *libexecdir, const char *datadir, struct wb_err *err)
{

	(void)root;
	(void)o;
	return (wb_runner_host_new(libexecdir, datadir, err));
}

/* Nothing bounds or confines the host's suite, and the file says so. */
static json_t *
host_provenance(const struct wb_runner *r)
{

	(void)r;
	return (json_pack("{s:n, s:{s:b, s:b, s:b, s:b}}", "bounds",
	    "confinement", "confined", 0, "seccomp", 0, "userns", 0,
	    "private_tmp", 0));
}

const struct wb_runner_class wb_runner_class_host = {
	.name = "host",
	.summary = "the suite of this build or installation, on the host",
	.images = 0,
	.probe = host_probe,
	.new = host_new,
	.provenance = host_provenance,
	.resume = NULL,
};
