/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where bench programs run.  A runner says where the suite is installed
 * as seen from inside, where scratch directories go, and how a child
 * enters the environment (nothing for the host; a private mount namespace
 * and chroot for a world image).  The harness (lib/run/harness_setup.c)
 * only talks to this interface and the runner table
 * (lib/sandbox/runner_list.h), so a FreeBSD backend (jail) is a new
 * runner, not a new harness: its own file and one line of the table
 * (doc/ARCHITECTURE.md, "Adding a runner").
 *
 * The qemu boot path does not use this: a guest runs the whole suite
 * itself and reports over the serial console (lib/guest/serial.c).
 */
#ifndef WB_RUNNER_H
#define WB_RUNNER_H

#include <sys/types.h>

#include <stddef.h>

#include <jansson.h>

#include "bounds.h"
#include "wb_util.h"

struct wb_err;
struct wb_runner;
struct wb_runner_opts;

/*
 * The kinds of runner, one per line of lib/sandbox/runner_list.h in its order.
 * A kind is this enum everywhere but at the edges (options, results
 * files), where wb_runner_kind_parse() and wb_runner_kind_name() map it.
 * WB_RUNNER_AUTO is the option value "auto", not a runner.
 */
enum wb_runner_kind {
	WB_RUNNER_AUTO = -1,
#define WB_RUNNER_ENTRY(KIND, name)	WB_RUNNER_##KIND,
#include "runner_list.h"
#undef WB_RUNNER_ENTRY
	WB_RUNNER_NKINDS
};

/*
 * An entry of the runner table: what a runner is, whether it can run
 * here, how to make one and what it records for the numbers' sake.
 */
struct wb_runner_class {
	const char	*name;		/* --runner, provenance "runner" */
	const char	*summary;	/* one line, for worldbench preflight */
	/* Non-zero: enters an image root (a candidate of --runner auto). */
	int		 images;
	/*
	 * Can it run here?  0 with a short note in why ("running as
	 * root"), or -1 with the reason it cannot.  May fork.
	 */
	int		(*probe)(char *why, size_t len);
	/* A runner of root; kind already probed. */
	struct wb_runner *(*new)(const char *root,
			    const struct wb_runner_opts *,
			    const char *libexecdir, const char *datadir,
			    struct wb_err *);
	/*
	 * What a results file records beside "runner" to trust the
	 * numbers (bounds, id map, seccomp, ...): an object whose members
	 * the harness copies into the provenance; NULL on allocation
	 * failure.
	 */
	json_t		*(*provenance)(const struct wb_runner *);
	/*
	 * Resuming: read back into o what provenance() recorded (prov is
	 * the whole provenance object; file names it in messages).  NULL:
	 * nothing to read.
	 */
	int		(*resume)(const json_t *prov, const char *file,
			    struct wb_runner_opts *o, struct wb_err *);
};

struct wb_runner {
	enum wb_runner_kind kind;	/* set by the class's constructor */
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
 * How worldbench chroot and run build the runner of an image: kind
 * (WB_RUNNER_AUTO until resolved); bounds for the command; map_uid and
 * map_gid the host ids of the userns runner's 0 (map_set 0:
 * wb_userns_default_ids()).
 */
struct wb_runner_opts {
	enum wb_runner_kind	 kind;
	struct wb_bounds	 bounds;
	int			 map_set;
	uid_t			 map_uid;
	gid_t			 map_gid;
};

/* Defaults: kind auto, the default bounds, the default ids. */
void			 wb_runner_opts_init(struct wb_runner_opts *);

/*
 * Names and kinds (lib/sandbox/runner_kinds.c): the one place a kind's name is
 * compared.  wb_runner_kind_name(WB_RUNNER_AUTO) is "auto", of a value
 * out of range "?".  wb_runner_kind_parse() knows "auto" and every name
 * of the table; anything else is an error listing them.
 */
const char		*wb_runner_kind_name(enum wb_runner_kind);
int			 wb_runner_kind_parse(const char *name,
			    enum wb_runner_kind *, struct wb_err *);
/* The table entry of kind; NULL for WB_RUNNER_AUTO or out of range. */
const struct wb_runner_class *wb_runner_class_of(enum wb_runner_kind);
/* "auto, userns, chroot or host" into buf (for messages). */
void			 wb_runner_kind_list(char *buf, size_t len);

/*
 * Probing (lib/sandbox/runner_pick.c).  One entry's probe: usable or not, and
 * why.
 */
struct wb_runner_probe {
	const char	*name;
	const char	*summary;
	int		 images;
	int		 usable;
	char		 why[256];
};
/* Every entry of the table, in its order, into out[WB_RUNNER_NKINDS]. */
void			 wb_runner_probe_all(struct wb_runner_probe *out);
/*
 * The runner images run in.  asked WB_RUNNER_AUTO: the first entry of
 * the table that enters images and whose probe passes, with one line in
 * note saying why each entry before it was skipped ("" when none was).
 * Any other kind: itself when it enters images and its probe passes.
 * Otherwise -1 with err giving the reason.
 */
int			 wb_runner_resolve(enum wb_runner_kind asked,
			    enum wb_runner_kind *, char *note, size_t len,
			    struct wb_err *);
/*
 * The same choice over any table of n classes (the test hook: a table
 * of fake probes); asked and *picked are indices into it, -1 for auto.
 */
int			 wb_runner_pick(const struct wb_runner_class *const *,
			    size_t n, int asked, int *picked, char *note,
			    size_t len, struct wb_err *);

/*
 * The runner of kind for root (the host runner ignores root and takes
 * libexecdir and datadir; image runners find the suite inside root);
 * opts NULL: defaults.  kind must be resolved (not WB_RUNNER_AUTO).
 */
struct wb_runner	*wb_runner_new(enum wb_runner_kind,
			    const char *root, const struct wb_runner_opts *,
			    const char *libexecdir, const char *datadir,
			    struct wb_err *);

/*
 * Provenance (lib/sandbox/runner_prov.c): "runner" (the kind's name) and the
 * members the class records, as one new object.  NULL on allocation
 * failure.
 */
json_t			*wb_runner_provenance(const struct wb_runner *);
/*
 * Resuming: the runner options a results file recorded (prov its
 * provenance, file its path).  No "runner" (a run older than the
 * record): the chroot runner, or the host runner for root "host".  A
 * name that is no runner here is an error naming file:line and the
 * name.
 */
int			 wb_runner_resume_opts(const json_t *prov,
			    const char *file, const char *root,
			    struct wb_runner_opts *, struct wb_err *);

/* The host runner: the suite of this build or installation. */
struct wb_runner	*wb_runner_host_new(const char *libexecdir,
			    const char *datadir, struct wb_err *);
/* A world image unpacked at root, confined (runner_chroot.c). */
struct wb_runner	*wb_runner_chroot_new(const char *root,
			    struct wb_err *);
void			 wb_runner_free(struct wb_runner *);

#endif
