/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The chroot runner's entry in the runner table: root enters the image
 * in private namespaces, confined (lib/sandbox/chroot.c).  Also what both
 * confining runners (this one and lib/sandbox/runner_userns.c) record and read
 * back: the bounds and the confinement.
 */
#include <stdio.h>
#include <unistd.h>

#include <jansson.h>

#include "chroot.h"
#include "runner.h"
#include "wb_util.h"

struct wb_runner *
wb_runner_chroot_new(const char *root, struct wb_err *err)
{

	return (wb_chroot_runner_new(root, WB_RUNNER_CHROOT, err));
}

static int
chroot_probe(char *why, size_t len)
{

	if (geteuid() == 0) {
		snprintf(why, len, "running as root");
		return (0);
	}
	snprintf(why, len, "it needs root (euid %u); an ordinary user has "
	    "the userns runner", (unsigned)geteuid());
	return (-1);
}

static struct wb_runner *
chroot_new(const char *root, const struct wb_runner_opts *o,
    const char *libexecdir, const char *datadir, struct wb_err *err)
{
	struct wb_runner *r;

	(void)libexecdir;
	(void)datadir;
	if ((r = wb_runner_chroot_new(root, err)) == NULL)
		return (NULL);
	wb_bounds_set_limits(&wb_chroot_of(r)->bounds, &o->bounds);
	return (r);
}

json_t *
wb_runner_chroot_provenance(const struct wb_runner *r)
{
	const struct wb_chroot *c;
	json_t *b, *o;

	c = wb_chroot_of((struct wb_runner *)r);
	if (r->bounds == NULL)
		b = json_null();
	else
		b = json_pack("{s:I, s:I, s:I}", "tmp_size",
		    (json_int_t)r->bounds->tmp_size, "procs",
		    (json_int_t)r->bounds->procs, "memory",
		    (json_int_t)r->bounds->memory);
	if (b != NULL && c->userns && json_object_set_new(b, "userns_map",
	    json_pack("[I, I]", (json_int_t)c->map_uid,
	    (json_int_t)c->map_gid)) == -1) {
		json_decref(b);
		return (NULL);
	}
	o = json_pack("{s:o, s:{s:b, s:b, s:b, s:b}}", "bounds", b,
	    "confinement", "confined", c->confined, "seccomp", c->confined,
	    "userns", c->userns, "private_tmp", c->confined && c->private_tmp);
	return (o);
}

int
wb_runner_chroot_resume(const json_t *prov, const char *file,
    struct wb_runner_opts *o, struct wb_err *err)
{
	json_t *b, *m;
	json_int_t ts, np, mem, u, g;

	if ((b = json_object_get(prov, "bounds")) == NULL || json_is_null(b))
		return (0);
	if (json_unpack(b, "{s:I, s:I, s:I}", "tmp_size", &ts, "procs", &np,
	    "memory", &mem) == -1 || ts <= 0 || np <= 0 || mem <= 0)
		return (wb_err_set(err, "%s: provenance.bounds: malformed",
		    file));
	o->bounds.tmp_size = (uint64_t)ts;
	o->bounds.procs = (long)np;
	o->bounds.memory = (uint64_t)mem;
	if ((m = json_object_get(b, "userns_map")) != NULL) {
		if (json_unpack(m, "[I, I]", &u, &g) == -1 || u < 0 ||
		    g < 0 || u > 0xfffffffe || g > 0xfffffffe)
			return (wb_err_set(err, "%s: provenance.bounds."
			    "userns_map: malformed", file));
		o->map_set = geteuid() == 0;
		o->map_uid = (uid_t)u;
		o->map_gid = (gid_t)g;
	}
	return (0);
}

const struct wb_runner_class wb_runner_class_chroot = {
	.name = "chroot",
	.summary = "the image in private namespaces, as host root with no "
	    "capability",
	.images = 1,
	.probe = chroot_probe,
	.new = chroot_new,
	.provenance = wb_runner_chroot_provenance,
	.resume = wb_runner_chroot_resume,
};
