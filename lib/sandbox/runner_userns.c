/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The rootless runner's entry in the runner table: the chroot runner's
 * confinement (lib/sandbox/chroot.c) inside a user namespace of its own whose 0
 * is one unprivileged host id (lib/sandbox/userns.c).
 */
#include <stdio.h>
#include <unistd.h>

#include "chroot.h"
#include "runner.h"
#include "userns.h"
#include "wb_util.h"

static int
userns_probe(char *why, size_t len)
{

	if (wb_userns_probe(why, len) == -1)
		return (-1);
	snprintf(why, len, "user namespaces can be made here");
	return (0);
}

static struct wb_runner *
userns_new(const char *root, const struct wb_runner_opts *o,
    const char *libexecdir, const char *datadir, struct wb_err *err)
{
	struct wb_chroot *c;
	struct wb_runner *r;

	(void)libexecdir;
	(void)datadir;
	if ((r = wb_chroot_runner_new(root, WB_RUNNER_USERNS, err)) == NULL)
		return (NULL);
	c = wb_chroot_of(r);
	/*
	 * The unconfined measurement mode (WB_CHROOT_UNCONFINED_ENV) is the
	 * chroot runner's alone: such a root is a chroot runner, and its
	 * provenance says so.
	 */
	if (r->kind != WB_RUNNER_USERNS)
		return (r);
	wb_bounds_set_limits(&c->bounds, &o->bounds);
	c->userns = 1;
	if (o->map_set) {
		c->map_uid = o->map_uid;
		c->map_gid = o->map_gid;
	} else
		wb_userns_default_ids(&c->map_uid, &c->map_gid);
	/* The harness makes scratch directories the command must own. */
	if (c->map_uid != geteuid() || c->map_gid != getegid()) {
		r->scratch_chown = 1;
		r->scratch_uid = c->map_uid;
		r->scratch_gid = c->map_gid;
	}
	return (r);
}

const struct wb_runner_class wb_runner_class_userns = {
	.name = "userns",
	.summary = "the image in private namespaces and a user namespace, "
	    "as one unprivileged host id",
	.images = 1,
	.probe = userns_probe,
	.new = userns_new,
	.provenance = wb_runner_chroot_provenance,
	.resume = wb_runner_chroot_resume,
};
