/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The table of runner kinds: the name a plan records ("host", "chroot",
 * "userns") and the constructor of each.  The rootless runner ("userns")
 * is the chroot runner in a user namespace of its own (lib/sandbox/userns.c).
 * A new backend (a FreeBSD jail) is one more entry in kinds[].  The qemu
 * boot path runs the whole suite in a guest and is not a runner
 * (lib/guest/qemu_bench.c).
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "chroot.h"
#include "err.h"
#include "runner.h"
#include "userns.h"

void
wb_runner_opts_init(struct wb_runner_opts *o)
{

	memset(o, 0, sizeof(*o));
	o->kind = "auto";
	wb_bounds_default(&o->bounds);
}

static struct wb_runner *
host_new(const char *root, const struct wb_runner_opts *o,
    const char *libexecdir, const char *datadir, struct wb_err *err)
{

	(void)root;
	(void)o;
	return (wb_runner_host_new(libexecdir, datadir, err));
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

static struct wb_runner *
userns_new(const char *root, const struct wb_runner_opts *o,
    const char *libexecdir, const char *datadir, struct wb_err *err)
{
	struct wb_chroot *c;
	struct wb_runner *r;

	if ((r = chroot_new(root, o, libexecdir, datadir, err)) == NULL)
		return (NULL);
	c = wb_chroot_of(r);
	if (!c->confined)	/* the measurement mode stays as it was */
		return (r);
	r->kind = "userns";
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

static const struct {
	const char	*kind;
	struct wb_runner *(*new)(const char *root,
			    const struct wb_runner_opts *, const char *,
			    const char *, struct wb_err *);
} kinds[] = {
	{ "host",	host_new },
	{ "chroot",	chroot_new },
	{ "userns",	userns_new },
};

const char *
wb_runner_kind(const char *asked, char *note, size_t len, struct wb_err *err)
{
	char why[256];
	size_t i;

	*note = '\0';
	if (strcmp(asked, "auto") == 0 || strcmp(asked, "userns") == 0) {
		if (wb_userns_probe(why, sizeof(why)) == 0)
			return ("userns");
		if (strcmp(asked, "userns") == 0 || geteuid() != 0) {
			wb_err_set(err, "the rootless runner cannot start: %s",
			    why);
			return (NULL);
		}
		snprintf(note, len, "%s; running as root in the chroot runner "
		    "instead", why);
		return ("chroot");
	}
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp(asked, kinds[i].kind) == 0 &&
		    strcmp(asked, "host") != 0) {
			if (strcmp(asked, "chroot") == 0 && geteuid() != 0) {
				wb_err_set(err, "the chroot runner needs root; "
				    "an ordinary user has the userns runner");
				return (NULL);
			}
			return (kinds[i].kind);
		}
	wb_err_set(err, "runner '%s': expected auto, userns or chroot", asked);
	return (NULL);
}

struct wb_runner *
wb_runner_new(const char *kind, const char *root,
    const struct wb_runner_opts *o, const char *libexecdir,
    const char *datadir, struct wb_err *err)
{
	struct wb_runner_opts def;
	size_t i;

	if (o == NULL) {
		wb_runner_opts_init(&def);
		o = &def;
	}
	if (strcmp(root, "host") == 0)
		kind = "host";
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp(kind, kinds[i].kind) == 0)
			return (kinds[i].new(root, o, libexecdir, datadir,
			    err));
	wb_err_set(err, "runner '%s': no such kind", kind);
	return (NULL);
}
