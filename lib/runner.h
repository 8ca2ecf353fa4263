/*
 * Where bench programs run.  A runner says where the suite is installed
 * as seen from inside, where scratch directories go, and how a child
 * enters the environment (nothing for the host; a private mount namespace
 * and chroot for a world image).  The harness (lib/harness.c) only talks
 * to this interface, so a FreeBSD backend (jail, or chroot -n) is a new
 * runner, not a new harness.
 *
 * The qemu boot path does not use this: a guest runs the whole suite
 * itself and reports over the serial console (lib/serial.c).
 */
#ifndef WB_RUNNER_H
#define WB_RUNNER_H

struct wb_err;

struct wb_runner {
	const char	*kind;		/* "host", "chroot" */
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
};

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
/* A world image unpacked at root (lib/chroot.c). */
struct wb_runner	*wb_runner_chroot_new(const char *root,
			    struct wb_err *);
void			 wb_runner_free(struct wb_runner *);

#endif
