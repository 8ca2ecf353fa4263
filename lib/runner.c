/*
 * The host runner, the table of runner kinds, and freeing any runner.
 * The chroot runner is built by wb_runner_chroot_new() in lib/chroot.c;
 * the rootless runner ("userns") is that runner in a user namespace of
 * its own (lib/userns.c).  A new backend (a FreeBSD jail) is one more
 * entry in kinds[].  The qemu boot path runs the whole suite in a guest
 * and is not a runner (lib/qemu_bench.c).
 */
#include <sys/stat.h>

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chroot.h"
#include "err.h"
#include "runner.h"
#include "userns.h"

int
wb_exe_path(const char *rel, char *buf, size_t len, struct wb_err *err)
{
	char exe[PATH_MAX];
	ssize_t n;

	if ((n = readlink("/proc/self/exe", exe, sizeof(exe) - 1)) == -1)
		return (wb_err_setsys(err, "/proc/self/exe"));
	exe[n] = '\0';
	if ((size_t)snprintf(buf, len, "%s/../%s", dirname(exe), rel) >= len)
		return (wb_err_set(err, "%s/../%s: path too long", exe, rel));
	return (0);
}

/* "<dir of /proc/self/exe>/../rel", malloc'ed. */
static char *
exe_relative(const char *rel, struct wb_err *err)
{
	char buf[PATH_MAX + 64], *p;

	if (wb_exe_path(rel, buf, sizeof(buf), err) == -1)
		return (NULL);
	if ((p = strdup(buf)) == NULL)
		wb_err_setsys(err, "strdup");
	return (p);
}

/* Resolve dir (given, or from env, or next to the executable). */
static char *
find_dir(const char *given, const char *env, const char *rel,
    struct wb_err *err)
{
	struct stat st;
	char *cand, *real;
	const char *e;

	if (given != NULL)
		cand = strdup(given);
	else if ((e = getenv(env)) != NULL && *e != '\0')
		cand = strdup(e);
	else if ((cand = exe_relative(rel, err)) == NULL)
		return (NULL);
	if (cand == NULL) {
		wb_err_setsys(err, "strdup");
		return (NULL);
	}
	if ((real = realpath(cand, NULL)) == NULL ||
	    stat(real, &st) == -1 || !S_ISDIR(st.st_mode)) {
		if (real != NULL)
			errno = ENOTDIR;
		wb_err_setsys(err, "%s (bench suite directory; see --libexec, "
		    "--datadir, %s)", cand, env);
		free(cand);
		free(real);
		return (NULL);
	}
	free(cand);
	return (real);
}

struct wb_runner *
wb_runner_host_new(const char *libexecdir, const char *datadir,
    struct wb_err *err)
{
	struct wb_runner *r;
	const char *tmp;

	if ((r = calloc(1, sizeof(*r))) == NULL) {
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	r->kind = "host";
	tmp = getenv("TMPDIR");
	if (tmp == NULL || *tmp != '/')
		tmp = "/tmp";
	if ((r->root = strdup("/")) == NULL ||
	    (r->scratchdir = strdup(tmp)) == NULL) {
		wb_err_setsys(err, "strdup");
		wb_runner_free(r);
		return (NULL);
	}
	if ((r->libexecdir = find_dir(libexecdir, "WORLDBENCH_LIBEXEC",
	    "libexec/worldbench", err)) == NULL ||
	    (r->datadir = find_dir(datadir, "WORLDBENCH_DATADIR",
	    "share/worldbench", err)) == NULL) {
		wb_runner_free(r);
		return (NULL);
	}
	return (r);
}

void
wb_runner_free(struct wb_runner *r)
{

	if (r == NULL)
		return;
	if (r->free_arg != NULL)
		r->free_arg(r->setup_arg);
	free(r->root);
	free(r->libexecdir);
	free(r->datadir);
	free(r->scratchdir);
	free(r);
}

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
	wb_chroot_of(r)->bounds = o->bounds;
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
