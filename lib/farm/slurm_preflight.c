/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The allocation's pre-flight: the text each node runs and the check of
 * what the nodes printed (lib/farm/slurm_preflight.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slurm.h"
#include "slurm_preflight.h"
#include "wb_util.h"

/*
 * The pre-flight text, written to f (a wb_atomic_fn for wb_atomic_render_mem).
 */
static int
preflight_sh(FILE *f, const void *arg, struct wb_err *err)
{
	const struct wb_slurm_job *j = arg;
	size_t i;

	(void)err;
	fputs("wb=", f);
	wb_slurm_sh_quote(f, j->worldbench);
	fputs("\nshared=", f);
	wb_slurm_sh_quote(f, j->shared);
	fputs("\nnode=${SLURMD_NODENAME:-$(uname -n)}\n"
	    "id=$(" WB_INSTALL_ID_SH ")\n"
	    "s=ok\n"
	    "t=\"$shared/.preflight-$node-$$\"\n"
	    "{ : >\"$t\" && rm -f \"$t\"; } 2>/dev/null || s=unwritable\n"
	    "i=ok\n", f);
	for (i = 0; i < j->nships; i++)
		fprintf(f, "[ -r \"$shared/" WB_SLURM_IMAGES "/%s.tar.zst\" ] "
		    "|| i=unreadable\n", j->ships[i].sha256);
	fputs("echo \"node $node install $id shared $s images $i\"\n", f);
	return (0);
}

char *
wb_slurm_preflight_sh(const struct wb_slurm_job *j, struct wb_err *err)
{

	return (wb_atomic_render_mem(preflight_sh, j, "slurm pre-flight", NULL,
	    err));
}

/* The answer of node in out: its line's fields, or -1 when none. */
static int
answer(const char *out, const char *node, char *id, char *shared,
    char *images)
{
	char name[256], line[1024], i[WB_SHA256_HEXSIZE], sh[16], im[16];
	const char *p, *nl;
	size_t n;
	int found;

	found = 0;
	for (p = out; *p != '\0'; p = *nl != '\0' ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		n = (size_t)(nl - p);
		if (n >= sizeof(line))
			continue;
		memcpy(line, p, n);
		line[n] = '\0';
		if (sscanf(line, "node %255s install %64s shared %15s images "
		    "%15s", name, i, sh, im) != 4 || strcmp(name, node) != 0)
			continue;
		if (found)
			return (-2);
		found = 1;
		memcpy(id, i, sizeof(i));
		memcpy(shared, sh, sizeof(sh));
		memcpy(images, im, sizeof(im));
	}
	return (found ? 0 : -1);
}

int
wb_slurm_preflight_check(const char *out, char *const *nodes,
    size_t nnodes, const char *install_id, struct wb_err *err)
{
	char id[WB_SHA256_HEXSIZE + 1], shared[16], images[16];
	size_t i;
	int rc;

	for (i = 0; i < nnodes; i++) {
		memset(id, 0, sizeof(id));
		rc = answer(out, nodes[i], id, shared, images);
		if (rc == -1)
			return (wb_err_set(err, "node %s: no pre-flight answer "
			    "(down, or its step failed)", nodes[i]));
		if (rc == -2)
			return (wb_err_set(err, "node %s answered twice",
			    nodes[i]));
		if (install_id != NULL && strcmp(id, install_id) != 0)
			return (wb_err_set(err, "node %s: the worldbench "
			    "install (binary and libraries) is sha256 %.64s "
			    "there, not the submitting side's %s", nodes[i],
			    id, install_id));
		if (strcmp(shared, "ok") != 0)
			return (wb_err_set(err, "node %s: the shared directory "
			    "is %s for the job's user there", nodes[i],
			    shared));
		if (strcmp(images, "ok") != 0)
			return (wb_err_set(err, "node %s: a shipped image is "
			    "%s there", nodes[i], images));
	}
	return (0);
}
