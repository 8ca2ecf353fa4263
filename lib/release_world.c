/*
 * World checks: the files of an image root (or the host) that switch
 * malloc debugging on, and the image's malloc probe.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chroot.h"
#include "err.h"
#include "recipe.h"
#include "release.h"
#include "runner.h"
#include "spawn.h"

extern char **environ;

#define FILE_MAX	(64 * 1024)

/* Library names that turn malloc debugging on when preloaded. */
static const char *const debug_libs[] = { "libc_malloc_debug", "libmcheck",
	"libefence", "libduma", "libdmalloc", NULL };

static const char *
debug_lib(const char *s)
{
	size_t i;

	for (i = 0; debug_libs[i] != NULL; i++)
		if (strstr(s, debug_libs[i]) != NULL)
			return (debug_libs[i]);
	return (NULL);
}

/* Read root/path whole; *buf NULL when it does not exist. */
static int
read_root(const char *root, const char *path, char **buf,
    struct wb_err *err)
{
	char *b;
	ssize_t n;
	size_t len;
	int fd;

	*buf = NULL;
	if ((fd = wb_root_open(root, path, O_RDONLY, err)) == -1)
		return (errno == ENOENT ? 0 : -1);
	if ((b = malloc(FILE_MAX + 1)) == NULL) {
		close(fd);
		return (wb_err_setsys(err, "malloc"));
	}
	len = 0;
	while (len < FILE_MAX && (n = read(fd, b + len, FILE_MAX - len)) > 0)
		len += n;
	close(fd);
	if (n < 0) {
		free(b);
		return (wb_err_setsys(err, "%s%s", root, path));
	}
	b[len] = '\0';
	*buf = b;
	return (0);
}

static int
check_preload(struct wb_release *r, const char *root, struct wb_err *err)
{
	const char *bad;
	char *buf, *p;
	int rc;

	if (read_root(root, "/etc/ld.so.preload", &buf, err) == -1)
		return (-1);
	if (buf == NULL)
		return (wb_release_add(r, WB_CHECK_PASS, "world",
		    "ld.so.preload", err, "/etc/ld.so.preload absent"));
	for (p = buf; *p != '\0'; p++)
		if (*p == '\n' || *p == '\t')
			*p = ' ';
	while (p > buf && p[-1] == ' ')
		*--p = '\0';
	if ((bad = debug_lib(buf)) != NULL)
		rc = wb_release_add(r, WB_CHECK_FAIL, "world", "ld.so.preload",
		    err, "/etc/ld.so.preload loads %s: [%s]", bad, buf);
	else
		rc = wb_release_add(r, WB_CHECK_PASS, "world", "ld.so.preload",
		    err, "no malloc debugging library in [%s]", buf);
	free(buf);
	return (rc);
}

/* The value of NAME in a K=V vector, or NULL. */
static const char *
env_get(char *const *env, const char *name)
{
	size_t len;

	len = strlen(name);
	for (; env != NULL && *env != NULL; env++)
		if (strncmp(*env, name, len) == 0 && (*env)[len] == '=')
			return (*env + len + 1);
	return (NULL);
}

/* GLIBC_TUNABLES: "a.b.c=v:d.e.f=w". */
static int
check_tunables(struct wb_release *r, const char *where, const char *t,
    struct wb_err *err)
{
	static const char *const bad[] = { "glibc.malloc.check=",
	    "glibc.malloc.perturb=", NULL };
	const char *p;
	size_t i;

	if (t == NULL)
		return (wb_release_add(r, WB_CHECK_PASS, "world",
		    "GLIBC_TUNABLES", err, "not set in %s", where));
	for (i = 0; bad[i] != NULL; i++) {
		if ((p = strstr(t, bad[i])) == NULL)
			continue;
		p += strlen(bad[i]);
		if (*p != '0' || (p[1] != '\0' && p[1] != ':'))
			return (wb_release_add(r, WB_CHECK_FAIL, "world",
			    "GLIBC_TUNABLES", err, "%s sets %.*s in %s",
			    t, (int)(strlen(bad[i]) - 1), bad[i], where));
	}
	return (wb_release_add(r, WB_CHECK_PASS, "world", "GLIBC_TUNABLES",
	    err, "%s: no malloc check or perturb in %s", t, where));
}

/*
 * A jemalloc option string ("junk:true,narenas:2"): junk other than
 * false, or zero:true, fill memory on every allocation.
 */
static const char *
jemalloc_debug(const char *s)
{
	const char *p;

	for (p = s; (p = strstr(p, "junk:")) != NULL; p += 5)
		if ((p == s || p[-1] == ',') && strncmp(p + 5, "false", 5) != 0)
			return ("junk");
	for (p = s; (p = strstr(p, "zero:true")) != NULL; p += 9)
		if (p == s || p[-1] == ',')
			return ("zero");
	return (NULL);
}

static int
check_malloc_conf_env(struct wb_release *r, const char *where,
    const char *v, struct wb_err *err)
{
	const char *bad;

	if (v == NULL)
		return (wb_release_add(r, WB_CHECK_PASS, "world", "MALLOC_CONF",
		    err, "not set in %s", where));
	if ((bad = jemalloc_debug(v)) != NULL)
		return (wb_release_add(r, WB_CHECK_FAIL, "world",
		    "MALLOC_CONF", err, "%s turns %s filling on (in %s)", v,
		    bad, where));
	return (wb_release_add(r, WB_CHECK_PASS, "world", "MALLOC_CONF", err,
	    "%s: no junk or zero filling (in %s)", v, where));
}

static int
check_glibc_env(struct wb_release *r, const char *where, char *const *env,
    struct wb_err *err)
{
	static const char *const vars[] = { "MALLOC_CHECK_", "MALLOC_PERTURB_",
	    NULL };
	const char *v, *lib;
	size_t i;

	for (i = 0; vars[i] != NULL; i++)
		if ((v = env_get(env, vars[i])) != NULL && strcmp(v, "0") != 0)
			return (wb_release_add(r, WB_CHECK_FAIL, "world",
			    "malloc-env", err, "%s=%s in %s", vars[i], v,
			    where));
	if ((v = env_get(env, "LD_PRELOAD")) != NULL &&
	    (lib = debug_lib(v)) != NULL)
		return (wb_release_add(r, WB_CHECK_FAIL, "world",
		    "malloc-env", err, "LD_PRELOAD loads %s in %s", lib,
		    where));
	return (wb_release_add(r, WB_CHECK_PASS, "world", "malloc-env", err,
	    "no MALLOC_CHECK_, MALLOC_PERTURB_ or debug LD_PRELOAD in %s",
	    where));
}

/* /etc/malloc.conf: jemalloc reads the target of the symbolic link. */
static int
check_malloc_conf_file(struct wb_release *r, const char *root,
    struct wb_err *err)
{
	char target[1024], *buf;
	const char *bad;
	ssize_t n;
	int dfd, rc;

	if ((dfd = wb_root_open(root, "/etc", O_RDONLY | O_DIRECTORY,
	    err)) == -1)
		return (errno == ENOENT ? wb_release_add(r, WB_CHECK_PASS,
		    "world", "malloc.conf", err, "no /etc") : -1);
	n = readlinkat(dfd, "malloc.conf", target, sizeof(target) - 1);
	close(dfd);
	buf = NULL;
	if (n >= 0)
		target[n] = '\0';
	else if (errno == ENOENT)
		return (wb_release_add(r, WB_CHECK_PASS, "world", "malloc.conf",
		    err, "/etc/malloc.conf absent"));
	else if (errno == EINVAL) {
		if (read_root(root, "/etc/malloc.conf", &buf, err) == -1)
			return (-1);
		snprintf(target, sizeof(target), "%s", buf != NULL ? buf : "");
		target[strcspn(target, "\n")] = '\0';
		free(buf);
	} else
		return (wb_err_setsys(err, "%s/etc/malloc.conf", root));
	bad = jemalloc_debug(target);
	rc = wb_release_add(r, bad != NULL ? WB_CHECK_FAIL : WB_CHECK_PASS,
	    "world", "malloc.conf", err, "/etc/malloc.conf is \"%s\"%s%s",
	    target, bad != NULL ? ": turns filling on: " : "",
	    bad != NULL ? bad : "");
	return (rc);
}

int
wb_release_world_files(struct wb_release *r, const char *root, int host,
    struct wb_err *err)
{
	char **env, where[64];
	int rc;

	if (check_preload(r, root, err) == -1)
		return (-1);
	if (host) {
		env = environ;
		snprintf(where, sizeof(where), "this process's environment");
	} else {
		if ((env = wb_root_environment(root, err)) == NULL)
			return (-1);
		snprintf(where, sizeof(where), "/etc/worldbench/environment");
	}
	rc = 0;
	if (check_tunables(r, where, env_get(env, "GLIBC_TUNABLES"),
	    err) == -1 ||
	    check_malloc_conf_env(r, where, env_get(env, "MALLOC_CONF"),
	    err) == -1 ||
	    check_glibc_env(r, where, env, err) == -1 ||
	    check_malloc_conf_file(r, root, err) == -1)
		rc = -1;
	if (!host)
		wb_words_free(env);
	return (rc);
}

static const char *
probe_get(const char *out, const char *key, char *buf, size_t len)
{
	const char *p, *nl;
	size_t klen, n;

	klen = strlen(key);
	for (p = out; p != NULL && *p != '\0'; p = nl != NULL ? nl + 1 : NULL) {
		nl = strchr(p, '\n');
		if (strncmp(p, key, klen) != 0 || p[klen] != '=')
			continue;
		p += klen + 1;
		n = nl != NULL ? (size_t)(nl - p) : strlen(p);
		if (n >= len)
			n = len - 1;
		memcpy(buf, p, n);
		buf[n] = '\0';
		return (buf);
	}
	return (NULL);
}

static int
probe_expect(struct wb_release *r, const char *source, const char *out,
    const char *key, const char *want, struct wb_err *err)
{
	char v[256];

	if (probe_get(out, key, v, sizeof(v)) == NULL)
		return (wb_release_add(r, WB_CHECK_FAIL, "probe", key, err,
		    "%s did not report %s", source, key));
	return (wb_release_add(r, strcmp(v, want) == 0 ? WB_CHECK_PASS :
	    WB_CHECK_FAIL, "probe", key, err, "%s=%s (production: %s)", key,
	    v, want));
}

int
wb_release_probe_output(struct wb_release *r, const char *source,
    const char *out, struct wb_err *err)
{
	char alloc[64], pre[1024];
	const char *bad;

	if (probe_get(out, "allocator", alloc, sizeof(alloc)) == NULL)
		return (wb_release_add(r, WB_CHECK_FAIL, "probe", "allocator",
		    err, "%s printed no allocator= line", source));
	if (wb_release_add(r, strcmp(alloc, "jemalloc") == 0 ||
	    strcmp(alloc, "glibc") == 0 ? WB_CHECK_PASS : WB_CHECK_FAIL,
	    "probe", "allocator", err, "allocator=%s", alloc) == -1)
		return (-1);
	if (strcmp(alloc, "jemalloc") == 0 &&
	    (probe_expect(r, source, out, "jemalloc.config.debug", "false",
	    err) == -1 ||
	    probe_expect(r, source, out, "jemalloc.opt.junk", "false",
	    err) == -1))
		return (-1);
	if (probe_expect(r, source, out, "glibc.malloc_debug", "absent",
	    err) == -1)
		return (-1);
	if (probe_get(out, "ld.so.preload", pre, sizeof(pre)) != NULL) {
		bad = debug_lib(pre);
		return (wb_release_add(r, bad != NULL ? WB_CHECK_FAIL :
		    WB_CHECK_PASS, "probe", "ld.so.preload", err,
		    "preloaded: [%s]%s%s", pre, bad != NULL ? ": loads " : "",
		    bad != NULL ? bad : ""));
	}
	return (0);
}

static int
probe_spawn(const char *root, int host, const char *probe,
    struct wb_spawn_result *res, struct wb_err *err)
{
	char *argv[] = { (char *)probe, NULL };
	struct wb_runner *run;
	struct wb_spawn sp;
	char **env;
	int rc;

	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.timeout = 30;
	if (host) {
		sp.envp = environ;
		return (wb_spawn_run(&sp, 1, res, err));
	}
	if ((run = wb_runner_chroot_new(root, err)) == NULL)
		return (-1);
	if ((env = wb_env_merge(run->env, err)) == NULL) {
		wb_runner_free(run);
		return (-1);
	}
	sp.envp = env;
	sp.child_setup = run->child_setup;
	sp.setup_arg = run->setup_arg;
	rc = wb_spawn_run(&sp, 1, res, err);
	wb_words_free(env);
	wb_runner_free(run);
	return (rc);
}

int
wb_release_probe_run(struct wb_release *r, const char *root, int host,
    const char *probe, struct wb_err *err)
{
	struct wb_spawn_result res;
	struct stat st;
	int fd, rc;

	if (probe == NULL)
		probe = WB_PROBE_PATH;
	if ((fd = wb_root_open(root, probe, O_RDONLY, err)) == -1) {
		if (errno != ENOENT)
			return (-1);
		return (wb_release_add(r, WB_CHECK_SKIP, "probe",
		    "malloc-probe", err, "%s not installed: allocator not "
		    "verified", probe));
	}
	if (fstat(fd, &st) == -1 || !(st.st_mode & S_IXUSR)) {
		close(fd);
		return (wb_release_add(r, WB_CHECK_FAIL, "probe",
		    "malloc-probe", err, "%s is not executable",
		    probe));
	}
	close(fd);
	memset(&res, 0, sizeof(res));
	if (probe_spawn(root, host, probe, &res, err) == -1)
		return (wb_release_add(r, WB_CHECK_FAIL, "probe",
		    "malloc-probe", err, "cannot run %s: %s", probe,
		    err->msg));
	if (res.status != 0 || res.timed_out) {
		if (res.err != NULL)
			res.err[strcspn(res.err, "\n")] = '\0';
		rc = wb_release_add(r, WB_CHECK_FAIL, "probe", "malloc-probe",
		    err, "%s exited %d%s: %s", probe, res.status,
		    res.timed_out ? " (timed out)" : "",
		    res.err != NULL ? res.err : "");
	} else {
		rc = wb_release_probe_output(r, probe, res.out, err);
	}
	wb_spawn_result_fini(&res);
	return (rc);
}
