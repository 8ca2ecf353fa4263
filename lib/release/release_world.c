/* SPDX-License-Identifier: BSD-2-Clause */
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

#include "release.h"
#include "wb_image.h"
#include "wb_sandbox.h"
#include "wb_util.h"

extern char **environ;

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

static int
check_preload(struct wb_release *r, const char *root, int host,
    struct wb_err *err)
{
	const char *bad;
	char *buf, *p;
	int islink, rc;

	if (wb_release_read(root, "/etc/ld.so.preload", host, &buf, &islink,
	    err) == -1)
		return (-1);
	if (islink)
		return (wb_release_add(r, WB_CHECK_FAIL, "world",
		    "ld.so.preload", err, "/etc/ld.so.preload: a symbolic link "
		    "(or one on its way) in the image, not followed: what it "
		    "preloads cannot be verified"));
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

/* GLIBC_TUNABLES "a.b.c=v:d.e.f=w": the malloc check or perturb set. */
static const char *
tunables_debug(const char *t)
{
	static const char *const bad[] = { "glibc.malloc.check=",
	    "glibc.malloc.perturb=", NULL };
	const char *p;
	size_t i;

	for (i = 0; bad[i] != NULL; i++) {
		for (p = t; (p = strstr(p, bad[i])) != NULL; p++) {
			if (p != t && p[-1] != ':')
				continue;
			p += strlen(bad[i]);
			if (*p != '0' || (p[1] != '\0' && p[1] != ':'))
				return (i == 0 ? "glibc.malloc.check" :
				    "glibc.malloc.perturb");
		}
	}
	return (NULL);
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

/*
 * Whether v (of key) switches malloc debugging on, and why, in why.  A
 * value that holds an expansion cannot be evaluated here: it fails.
 */
static int
knob_bad(const char *check, const struct wb_envvar *v, char *why,
    size_t len)
{
	const char *bad;

	if (strcmp(check, "GLIBC_TUNABLES") == 0) {
		if (strcmp(v->key, "GLIBC_TUNABLES") != 0)
			return (-1);
		if ((bad = tunables_debug(v->value)) == NULL && !v->unevaluated)
			return (0);
		snprintf(why, len, "%s sets %s in %s", v->value, bad != NULL ?
		    bad : "a value that cannot be evaluated here", v->where);
		return (1);
	}
	if (strcmp(check, "MALLOC_CONF") == 0) {
		if (strcmp(v->key, "MALLOC_CONF") != 0)
			return (-1);
		if ((bad = jemalloc_debug(v->value)) == NULL && !v->unevaluated)
			return (0);
		snprintf(why, len, "%s turns %s filling on (in %s)", v->value,
		    bad != NULL ? bad : "possibly (unevaluated)", v->where);
		return (1);
	}
	if (strcmp(v->key, "MALLOC_CHECK_") == 0 ||
	    strcmp(v->key, "MALLOC_PERTURB_") == 0) {
		if (strcmp(v->value, "0") == 0 && !v->unevaluated)
			return (0);
		snprintf(why, len, "%s=%s in %s%s", v->key, v->value, v->where,
		    v->unevaluated ? " (cannot be evaluated here)" : "");
		return (1);
	}
	if (strcmp(v->key, "LD_PRELOAD") == 0) {
		if ((bad = debug_lib(v->value)) == NULL && !v->unevaluated)
			return (0);
		snprintf(why, len, "LD_PRELOAD loads %s in %s", bad != NULL ?
		    bad : "an unevaluated value", v->where);
		return (1);
	}
	return (-1);
}

/* One check over every place: each offending setting, or what was read. */
static int
check_env(struct wb_release *r, const char *check, const char *what,
    const struct wb_release_envset *s, const char *places, struct wb_err *err)
{
	char why[1024], *all, *n;
	size_t i, nset;
	int b, rc;

	all = NULL;
	nset = 0;
	for (i = 0; i < s->n; i++) {
		if ((b = knob_bad(check, &s->v[i], why, sizeof(why))) == -1)
			continue;
		nset++;
		if (b == 0)
			continue;
		if (asprintf(&n, "%s%s%s", all != NULL ? all : "",
		    all != NULL ? "; " : "", why) == -1) {
			free(all);
			return (wb_err_setsys(err, "asprintf"));
		}
		free(all);
		all = n;
	}
	if (all != NULL) {
		rc = wb_release_add(r, WB_CHECK_FAIL, "world", check, err,
		    "%s", all);
		free(all);
		return (rc);
	}
	return (wb_release_add(r, WB_CHECK_PASS, "world", check, err,
	    "%s%s in %s", nset > 0 ? "set; " : "", what, places));
}

/* /etc/malloc.conf: jemalloc reads the target of the symbolic link. */
static int
check_malloc_conf_file(struct wb_release *r, const char *root, int host,
    struct wb_err *err)
{
	char target[1024], *buf;
	const char *bad;
	ssize_t n;
	int dfd, islink, rc;

	dfd = host ? open("/etc", O_RDONLY | O_DIRECTORY | O_CLOEXEC) :
	    wb_beneath_open(root, "/etc", O_RDONLY | O_DIRECTORY, err);
	if (dfd == -1) {
		if (errno == ENOENT)
			return (wb_release_add(r, WB_CHECK_PASS, "world",
			    "malloc.conf", err, "no /etc"));
		if (errno == ELOOP)
			return (wb_release_add(r, WB_CHECK_FAIL, "world",
			    "malloc.conf", err, "/etc is a symbolic link in "
			    "the image, not followed: cannot be verified"));
		return (wb_err_setsys(err, "%s/etc", root));
	}
	n = readlinkat(dfd, "malloc.conf", target, sizeof(target) - 1);
	close(dfd);
	buf = NULL;
	if (n >= 0)
		target[n] = '\0';
	else if (errno == ENOENT)
		return (wb_release_add(r, WB_CHECK_PASS, "world", "malloc.conf",
		    err, "/etc/malloc.conf absent"));
	else if (errno == EINVAL) {
		if (wb_release_read(root, "/etc/malloc.conf", host, &buf,
		    &islink, err) == -1)
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

/* The process's own environment, on the host. */
static int
add_environ(struct wb_release_envset *s, struct wb_err *err)
{
	static const char name[] = "this process's environment";
	char *const *e;
	size_t k;
	unsigned i;

	s->mark = s->n;
	for (e = environ, i = 1; e != NULL && *e != NULL; e++, i++) {
		if ((k = strcspn(*e, "=")) == 0 || (*e)[k] != '=')
			continue;
		if (wb_release_env_add(s, *e, k, *e + k + 1, name, i,
		    err) == -1)
			return (-1);
	}
	return (wb_release_env_source(s, name, err));
}

/* The places read and the problems met, as one check. */
static int
check_sources(struct wb_release *r, const struct wb_release_envset *s,
    char **places, struct wb_err *err)
{
	char *all, *n;
	size_t i;
	int rc;

	all = NULL;
	for (i = 0; i < s->nsources; i++) {
		if (asprintf(&n, "%s%s%s", all != NULL ? all : "",
		    all != NULL ? ", " : "", s->sources[i]) == -1) {
			free(all);
			return (wb_err_setsys(err, "asprintf"));
		}
		free(all);
		all = n;
	}
	if (all == NULL && (all = strdup("no environment file")) == NULL)
		return (wb_err_setsys(err, "strdup"));
	*places = all;
	all = NULL;
	for (i = 0; i < s->nproblems; i++) {
		if (asprintf(&n, "%s%s%s", all != NULL ? all : "",
		    all != NULL ? "; " : "", s->problems[i]) == -1) {
			free(all);
			return (wb_err_setsys(err, "asprintf"));
		}
		free(all);
		all = n;
	}
	if (all == NULL)
		return (wb_release_add(r, WB_CHECK_PASS, "world",
		    "environment", err, "read %s", *places));
	rc = wb_release_add(r, WB_CHECK_FAIL, "world", "environment", err,
	    "%s", all);
	free(all);
	return (rc);
}

int
wb_release_world_files(struct wb_release *r, const char *root, int host,
    struct wb_err *err)
{
	struct wb_release_envset s;
	char *places;
	int rc;

	if (check_preload(r, root, host, err) == -1)
		return (-1);
	wb_release_envset_init(&s);
	places = NULL;
	rc = wb_release_env_read_root(&s, root, host, err) == -1 ||
	    (host && add_environ(&s, err) == -1) ||
	    check_sources(r, &s, &places, err) == -1 ||
	    check_env(r, "GLIBC_TUNABLES", "no malloc check or perturb",
	    &s, places, err) == -1 ||
	    check_env(r, "MALLOC_CONF", "no junk or zero filling", &s,
	    places, err) == -1 ||
	    check_env(r, "malloc-env", "no MALLOC_CHECK_, MALLOC_PERTURB_ or "
	    "debug LD_PRELOAD", &s, places, err) == -1 ||
	    check_malloc_conf_file(r, root, host, err) == -1 ? -1 : 0;
	free(places);
	wb_release_envset_fini(&s);
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
	if ((env = wb_chroot_env_merge(run->env, err)) == NULL) {
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
	if ((fd = wb_chroot_root_open(root, probe, O_RDONLY, err)) == -1) {
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
