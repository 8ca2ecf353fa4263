/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The chroot runner's pieces (lib/sandbox/chroot.c, lib/sandbox/chroot_env.c): entering an
 * image root in a private mount namespace, and reading files of an image
 * without following its symbolic links out of it.
 */
#ifndef WB_CHROOT_H
#define WB_CHROOT_H

#include <sys/types.h>

#include <stddef.h>

#include <jansson.h>

#include "bounds.h"
#include "chroot_env.h"
#include "runner.h"

struct wb_err;

/*
 * What a child of the chroot runner enters: root (absolute), confined
 * (0 only for measurement, see WB_CHROOT_UNCONFINED_ENV), and /tmp a
 * fresh tmpfs (private_tmp) instead of the image's own directory.
 */
struct wb_chroot {
	const char	*root;
	int		 confined;
	int		 private_tmp;
	/*
	 * The rootless runner (lib/sandbox/userns.c): a user namespace too, whose
	 * 0:0 is host map_uid:map_gid.  Bounds: lib/sandbox/bounds.h.  scratch: a
	 * directory of the root's own /tmp bound into the private one (the
	 * pass's scratch directory), or NULL.
	 */
	int		 userns;
	uid_t		 map_uid;
	gid_t		 map_gid;
	struct wb_bounds bounds;
	const char	*scratch;
};

/*
 * The environment variable naming a root that the chroot runner enters
 * without the confinement (writable root, all capabilities, host
 * network, IPC and UTS namespaces, inherited descriptors): for
 * bench/scripts/confine-compare.sh only.
 */
#define WB_CHROOT_UNCONFINED_ENV	"WORLDBENCH_CHROOT_UNCONFINED"

/* child_setup for wb_spawn: arg is a struct wb_chroot *. */
int	wb_chroot_enter(void *chroot);

/*
 * A runner of kind (chroot or userns: the class finishes it) over the
 * image at root; the unconfined measurement mode makes it a chroot
 * runner whatever kind is.  wb_runner_chroot_new() is kind chroot.
 */
struct wb_runner *wb_chroot_runner_new(const char *root,
	    enum wb_runner_kind, struct wb_err *);
/*
 * Both confining runners' provenance (the bounds, the userns id map,
 * the confinement: seccomp, private /tmp) and its reading on resume
 * (lib/sandbox/runner_chroot.c).
 */
json_t	*wb_runner_chroot_provenance(const struct wb_runner *);
int	 wb_runner_chroot_resume(const json_t *prov, const char *file,
	    struct wb_runner_opts *, struct wb_err *);
/* The settings of a chroot runner's children, for lib/sandbox/runner.c. */
struct wb_chroot *wb_chroot_of(struct wb_runner *);

/*
 * The seccomp deny list: keyrings, TIOCSTI and TIOCLINUX, ptrace, and
 * calls no benchmark makes.  Needs no_new_privs.  Loaded by both
 * confining runners (see wb_chroot_enter); public so that
 * bench/scripts/seccomp-cost measures the very same filter.
 */
int	wb_chroot_confine_syscalls(void);

#endif
