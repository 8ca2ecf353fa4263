/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where bench programs run.  A runner says where the suite is installed
 * as seen from inside, where scratch directories go, and how a child
 * enters the environment (nothing for the host; a private mount namespace
 * and chroot for a world image).  The harness (lib/run/harness.c) only talks
 * to this interface, so a FreeBSD backend (jail, or chroot -n) is a new
 * runner, not a new harness.
 *
 * The qemu boot path does not use this: a guest runs the whole suite
 * itself and reports over the serial console (lib/guest/serial.c).
 */
#ifndef WB_RUNNER_H
#define WB_RUNNER_H

#include <sys/types.h>

#include <stddef.h>

#include "bounds.h"

struct wb_err;

struct wb_runner {
	const char	*kind;		/* "host", "chroot", "userns" */
	char		*root;		/* host path of the root: "/" for host */
	char		*libexecdir;	/* bench programs, path inside root */
	char		*datadir;	/* workload.sh, prose.txt, inside root */
	char		*scratchdir;	/* parent of per-pass scratch dirs, inside root */
	int		(*child_setup)(void *);	/* see struct wb_spawn */
	void		*setup_arg;
	void		(*free_arg)(void *);
	/*
	 * Environment the image declares (chroot runner: the KEY=value
	 * lines of <root>/etc/worldbench/environment, e.g. GLIBC_TUNABLES
	 * for the glibc-debug world), as "K=V" strings, NULL-terminated;
	 * NULL for none.  The harness must add these to the clean
	 * environment it gives each child.  Owned by setup_arg (freed by
	 * free_arg).  Never sets PATH, HOME, LANG, LC_ALL or TMPDIR.
	 */
	char *const	*env;
	/* The command's bounds (NULL: none, the host runner). */
	const struct wb_bounds	*bounds;
	/*
	 * Optional: the harness names each pass's scratch directory (a
	 * path inside the root) before it spawns, NULL after.
	 */
	void		(*set_scratch)(void *setup_arg, const char *inner);
	/* Non-zero: scratch directories are chown'ed to scratch_uid:gid. */
	int		 scratch_chown;
	uid_t		 scratch_uid;
	gid_t		 scratch_gid;
};

/*
 * How worldbench chroot and run build the runner of an image: kind is
 * "userns", "chroot", or "auto" (see wb_runner_kind); bounds for the
 * command; map_uid/map_gid the host ids of the userns runner's 0
 * (map_set 0: wb_userns_default_ids()).
 */
struct wb_runner_opts {
	const char		*kind;
	struct wb_bounds	 bounds;
	int			 map_set;
	uid_t			 map_uid;
	gid_t			 map_gid;
};

/* Defaults: kind "auto", the default bounds, the default ids. */
void			 wb_runner_opts_init(struct wb_runner_opts *);
/*
 * The kind "auto" stands for: "userns" when a user namespace can be
 * made here, else "chroot" for root, with a one-line note (naming the
 * sysctls to check) in note; an error for anyone else.  Other kinds are
 * returned as they are when known.
 */
const char		*wb_runner_kind(const char *asked, char *note,
			    size_t len, struct wb_err *);
/*
 * The runner of root ("host": the host's own suite in libexecdir and
 * datadir) from the table of kinds (lib/sandbox/runner.c); opts NULL: defaults.
 * kind must be resolved (not "auto").
 */
struct wb_runner	*wb_runner_new(const char *kind, const char *root,
			    const struct wb_runner_opts *,
			    const char *libexecdir, const char *datadir,
			    struct wb_err *);

/*
 * "<directory of the running binary>/../rel" into buf: where a build or
 * an installation keeps libexec/ and share/ beside bin/.  -1 with err set
 * when /proc/self/exe cannot be read or buf is too small.
 */
int			 wb_exe_path(const char *rel, char *buf, size_t len,
			    struct wb_err *);
/* The host runner: the suite of this build or installation. */
struct wb_runner	*wb_runner_host_new(const char *libexecdir,
			    const char *datadir, struct wb_err *);
/* A world image unpacked at root (lib/sandbox/chroot.c). */
struct wb_runner	*wb_runner_chroot_new(const char *root,
			    struct wb_err *);
void			 wb_runner_free(struct wb_runner *);

#endif
