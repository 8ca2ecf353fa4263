/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The allocation's pre-flight of worldbench submit: the nodes the array
 * may run on (sinfo, less --exclude), one srun step on all of them at
 * once that prints each node's install identity and whether the shared
 * directory and the shipped images are usable there (slurm_preflight.h),
 * and the refusal naming the first node that differs, to the warn hook.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slurm.h"
#include "slurm_preflight.h"
#include "submit_int.h"
#include "wb_util.h"

/* srun --immediate: how long the step may wait for its nodes, seconds. */
#define PREFLIGHT_WAIT	"60"

extern char **environ;

/* The words of text (blank-separated), deduplicated, into v. */
static size_t
words(char *text, char **v, size_t max)
{
	char *w, *save;
	size_t n, k;

	n = 0;
	for (w = strtok_r(text, " \t\n", &save); w != NULL && n < max;
	    w = strtok_r(NULL, " \t\n", &save)) {
		for (k = 0; k < n && strcmp(v[k], w) != 0; k++)
			continue;
		if (k == n)
			v[n++] = w;
	}
	return (n);
}

/* "--name=v" (malloc'ed), or NULL. */
static char *
opt(const char *name, const char *v)
{
	char *s;

	if (asprintf(&s, "--%s=%s", name, v) == -1)
		return (NULL);
	return (s);
}

/* The nodes of nodes[0..*n-1] that scontrol's expansion of ex leaves. */
static int
drop_excluded(const char *ex, char **nodes, size_t *n, char **xlist,
    const struct wb_submit_hooks *h)
{
	char *args[4], *x[1024];
	size_t nx, i, k;

	args[0] = "show";
	args[1] = "hostnames";
	args[2] = (char *)ex;
	args[3] = NULL;
	if ((*xlist = wb_submit_engine_run("WB_SCONTROL", "scontrol", args, 0,
	    h)) == NULL)
		return (-1);
	nx = words(*xlist, x, 1024);
	for (i = 0; i < *n; ) {
		for (k = 0; k < nx && strcmp(x[k], nodes[i]) != 0; k++)
			continue;
		if (k < nx)
			nodes[i] = nodes[--*n];
		else
			i++;
	}
	return (0);
}

/*
 * The nodes the array may run on (sinfo, less scontrol's expansion of
 * --exclude) into nodes; *list and *xlist hold their words.  -1 once
 * warned.
 */
static int
up_nodes(const struct wb_slurm_job *j, char **nodes, size_t *np,
    char **list, char **xlist, const struct wb_submit_hooks *h)
{
	char *args[16];
	size_t i, a, own;

	a = 0;
	args[a++] = "-h";
	args[a++] = "-N";
	args[a++] = "-o";
	args[a++] = "%N";
	args[a++] = "-t";
	args[a++] = "idle,mixed,allocated,completing";
	if (j->partition != NULL)
		args[a++] = opt("partition", j->partition);
	if (j->nodelist != NULL)
		args[a++] = opt("nodes", j->nodelist);
	own = a;
	args[a] = NULL;
	*list = NULL;
	for (i = 6; i < own && args[i] != NULL; i++)
		continue;
	if (i == own)
		*list = wb_submit_engine_run("WB_SINFO", "sinfo", args, 0, h);
	for (i = 6; i < own; i++)
		free(args[i]);
	*xlist = NULL;
	if (*list == NULL)
		return (-1);
	*np = words(*list, nodes, WB_SLURM_MAXTASKS);
	if (j->exclude != NULL && drop_excluded(j->exclude, nodes, np, xlist,
	    h) == -1)
		return (-1);
	if (*np == 0) {
		wb_submit_warn(h, "pre-flight: no node is up to run the array "
		    "(sinfo)");
		return (-1);
	}
	return (0);
}

/* "--nodelist=a,b,..." of the n nodes (malloc'ed), or NULL. */
static char *
nodelist(char **nodes, size_t n)
{
	char *nl, *t;
	size_t i;

	if (asprintf(&nl, "--nodelist=%s", nodes[0]) == -1)
		return (NULL);
	for (i = 1; i < n; i++) {
		if (asprintf(&t, "%s,%s", nl, nodes[i]) == -1)
			t = NULL;
		free(nl);
		if ((nl = t) == NULL)
			return (NULL);
	}
	return (nl);
}

/*
 * srun's arguments (argv[0] left NULL) for one step on every node;
 * their count, or 0 when one could not be made (the made ones freed).
 */
static size_t
srun_args(const struct wb_slurm_job *j, char **argv, char **nodes,
    size_t n, char *sh)
{
	size_t a, i;

	a = 0;
	argv[a++] = NULL;	/* the srun program */
	if (asprintf(&argv[a++], "--nodes=%zu", n) == -1)
		argv[a - 1] = NULL;
	argv[a++] = strdup("--ntasks-per-node=1");
	argv[a++] = strdup("--immediate=" PREFLIGHT_WAIT);
	argv[a++] = strdup("--time=5");
	argv[a++] = strdup("--job-name=worldbench-preflight");
	argv[a++] = nodelist(nodes, n);
	if (j->partition != NULL)
		argv[a++] = opt("partition", j->partition);
	if (j->account != NULL)
		argv[a++] = opt("account", j->account);
	if (j->qos != NULL)
		argv[a++] = opt("qos", j->qos);
	if (j->reservation != NULL)
		argv[a++] = opt("reservation", j->reservation);
	if (j->constraint != NULL)
		argv[a++] = opt("constraint", j->constraint);
	argv[a++] = strdup("/bin/sh");
	argv[a++] = strdup("-c");
	argv[a++] = sh;
	argv[a] = NULL;
	for (i = 1; i < a && argv[i] != NULL; i++)
		continue;
	if (i == a)
		return (a);
	for (i = 1; i < a; i++)
		free(argv[i]);
	return (0);
}

/* Run the step and judge what each node printed: 0, or -1 warned. */
static int
srun_check(const struct wb_slurm_job *j, char **argv, char **nodes,
    size_t n, const struct wb_submit_hooks *h)
{
	struct wb_spawn_result r;
	struct wb_spawn s;
	struct wb_err e;
	const char *out;
	int rc;

	memset(&s, 0, sizeof(s));
	s.argv = argv;
	s.envp = environ;
	s.timeout = 180;
	if (wb_spawn_run(&s, 1, &r, &e) == -1) {
		wb_submit_warn(h, "pre-flight: %s: %s", argv[0], e.msg);
		return (-1);
	}
	rc = -1;
	out = r.out != NULL ? r.out : "";
	if (r.timed_out)
		wb_submit_warn(h, "pre-flight: srun killed after %.0f seconds",
		    s.timeout);
	else if (wb_slurm_preflight_check(out, nodes, n, j->install_id,
	    &e) == -1)
		wb_submit_warn(h, "pre-flight of %zu node%s refused the "
		    "submission: %s%s%s", n, n == 1 ? "" : "s", e.msg,
		    r.status != 0 ? "; srun: " : "", r.status != 0 &&
		    r.err != NULL ? r.err : "");
	else {
		wb_submit_warn(h,
		    "pre-flight: %zu node%s, one install (%.12s), "
		    "shared directory and images usable", n, n == 1 ? "" : "s",
		    j->install_id != NULL ? j->install_id : "?");
		rc = 0;
	}
	wb_spawn_result_fini(&r);
	return (rc);
}

/* The step over the n nodes: 0, or -1 warned. */
static int
step(const struct wb_slurm_job *j, char **nodes, size_t n,
    const struct wb_submit_hooks *h)
{
	char *argv[32], *sh;
	struct wb_err e;
	size_t i, a;
	int rc;

	if ((sh = wb_slurm_preflight_sh(j, &e)) == NULL) {
		wb_submit_warn(h, "%s", e.msg);
		return (-1);
	}
	if ((a = srun_args(j, argv, nodes, n, sh)) == 0) {
		wb_submit_warn(h, "pre-flight: %s", strerror(ENOMEM));
		return (-1);
	}
	rc = -1;
	if ((argv[0] = wb_submit_engine_prog("WB_SRUN", "srun")) == NULL)
		wb_submit_warn(h, "pre-flight: srun not found (install "
		    "slurm-client, or set WB_SRUN; --no-node-check to submit "
		    "unchecked)");
	else
		rc = srun_check(j, argv, nodes, n, h);
	for (i = 0; i < a; i++)
		free(argv[i]);
	return (rc);
}

int
wb_submit_nodes_check(const struct wb_slurm_job *j,
    const struct wb_submit_hooks *h)
{
	char *nodes[WB_SLURM_MAXTASKS], *list, *xlist;
	size_t n;
	int rc;

	rc = -1;
	if (up_nodes(j, nodes, &n, &list, &xlist, h) == 0)
		rc = step(j, nodes, n, h);
	free(list);
	free(xlist);
	return (rc);
}
