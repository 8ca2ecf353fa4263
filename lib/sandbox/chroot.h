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
#include "runner.h"

struct wb_err;

/*
 * Open path (relative to the image root, leading "/" allowed) with every
 * symlink resolved inside the root (openat2 RESOLVE_IN_ROOT).  Returns an
 * fd or -1 with err set (errno kept: ENOENT for a missing file).
 */
int	wb_root_open(const char *root, const char *path, int flags,
	    struct wb_err *);

/*
 * The image's declared environment, /etc/worldbench/environment: KEY=value
 * lines in the config-fragment format (see fragment.h).  Returns a
 * NULL-terminated malloc'ed "K=V" vector (empty when the file is absent),
 * or NULL with err naming the file and line.  PATH, HOME, LANG, LC_ALL and
 * TMPDIR belong to the runner and are refused.
 */
char	**wb_root_environment(const char *root, struct wb_err *);

/*
 * The clean environment (that of wb_spawn) followed by extra, as a
 * malloc'ed vector; free with wb_words_free().
 */
char	**wb_env_merge(char *const *extra, struct wb_err *);

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
json_t	*wb_chroot_provenance(const struct wb_runner *);
int	 wb_chroot_resume(const json_t *prov, const char *file,
	    struct wb_runner_opts *, struct wb_err *);
/* The settings of a chroot runner's children, for lib/sandbox/runner.c. */
struct wb_chroot *wb_chroot_of(struct wb_runner *);

/*
 * The seccomp deny list: keyrings, TIOCSTI and TIOCLINUX, ptrace, and
 * calls no benchmark makes.  Needs no_new_privs.  Loaded by both
 * confining runners (see wb_chroot_enter); public so that
 * bench/scripts/seccomp-cost measures the very same filter.
 */
int	wb_confine_syscalls(void);

#endif
