/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Kernel configure and build (lib/image/kbuild.h).  The image directory and
 * the source unpacking live in lib/image/kbuild_image.c.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kbuild.h"
#include "kbuild_int.h"
#include "wb_sandbox.h"
#include "wb_util.h"

#define KBUILD_HASH_VERSION	"worldbench-kbuild-1"
#define KBUILD_TICK		30.0	/* seconds between progress notes */


/* The recipe's start configuration and image target, or the defaults. */
static const char *
kstart(const struct wb_kbuild *kb)
{

	return (kb->start != NULL ? kb->start : WB_KBUILD_START);
}

static const char *
ktarget(const struct wb_kbuild *kb)
{

	return (kb->target != NULL ? kb->target : WB_KBUILD_TARGET);
}

static int
jobs(const struct wb_kbuild *kb)
{
	long n;

	if (kb->jobs > 0)
		return (kb->jobs);
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return (n > 0 && n < 1024 ? (int)n : 1);
}

/* "building production: 2m30s elapsed" while make runs. */
static void
make_tick(void *arg, double elapsed)
{
	const struct wb_kbuild *kb = arg;
	char d[32];

	wb_kbuild_note(kb, "building %s: %s elapsed", kb->variant,
	    wb_progress_dur(elapsed, d, sizeof(d)));
}

/*
 * make -C srctree O=objdir -jN CC=... target..., output to the log.
 * config_sha256 (may be NULL) names the build in uname -v.
 */
int
wb_kbuild_runmake(const struct wb_kbuild *kb, const char *objdir,
    const char *const *targets, const char *config_sha256, struct wb_err *err)
{
	struct wb_spawn_result r;
	struct wb_spawn sp;
	char *argv[16], *envp[12];
	char o[4096], j[32], cc[64], ccdir[4096], stamp[64];
	size_t n, e, i;
	int rc;

	if (objdir[0] != '/' || kb->srctree[0] != '/')
		return (wb_err_set(err, "%s: make needs absolute paths (%s, %s)",
		    kb->variant, kb->srctree, objdir));
	if (snprintf(o, sizeof(o), "O=%s", objdir) >= (int)sizeof(o))
		return (wb_err_set(err, "%s: path too long", objdir));
	snprintf(j, sizeof(j), "-j%d", jobs(kb));
	snprintf(cc, sizeof(cc), "CC=%s", kb->ccache_dir != NULL ?
	    "ccache gcc" : "gcc");
	n = 0;
	argv[n++] = "/usr/bin/make";
	argv[n++] = "-C";
	argv[n++] = (char *)kb->srctree;
	argv[n++] = o;
	argv[n++] = j;
	argv[n++] = cc;
	for (i = 0; targets[i] != NULL && n < 15; i++)
		argv[n++] = (char *)targets[i];
	argv[n] = NULL;
	e = 0;
	envp[e++] = "PATH=/usr/bin:/bin:/usr/sbin:/sbin";
	envp[e++] = "LC_ALL=C";
	envp[e++] = "HOME=/";
	envp[e++] = "TMPDIR=/tmp";
	envp[e++] = "KBUILD_BUILD_USER=worldbench";
	envp[e++] = "KBUILD_BUILD_HOST=worldbench";
	envp[e++] = "KBUILD_BUILD_VERSION=1";
	if (config_sha256 != NULL) {
		snprintf(stamp, sizeof(stamp),
		    "KBUILD_BUILD_TIMESTAMP=config-%.16s", config_sha256);
		envp[e++] = stamp;
	}
	if (kb->ccache_dir != NULL) {
		snprintf(ccdir, sizeof(ccdir), "CCACHE_DIR=%s",
		    kb->ccache_dir);
		envp[e++] = ccdir;
	}
	envp[e] = NULL;
	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.envp = envp;
	sp.timeout = kb->timeout > 0 ? kb->timeout : 3 * 3600;
	sp.tick = make_tick;
	sp.tick_arg = (void *)kb;
	sp.tick_every = KBUILD_TICK;
	sp.child_setup = wb_spawn_to_log;
	sp.setup_arg = (void *)kb->log;
	memset(&r, 0, sizeof(r));
	if (wb_spawn_run(&sp, 1, &r, err) != 0)
		return (-1);
	rc = 0;
	if (r.timed_out)
		rc = wb_err_set(err, "%s: make %s timed out after %.0f s "
		    "(log: %s)", kb->variant, targets[0], sp.timeout, kb->log);
	else if (r.status != 0)
		rc = wb_err_set(err, "%s: make %s failed with status %d "
		    "(log: %s)%s%s", kb->variant, targets[0], r.status,
		    kb->log, r.err != NULL && *r.err != '\0' ? ": " : "",
		    r.err != NULL ? r.err : "");
	wb_spawn_result_fini(&r);
	return (rc);
}

/* The first line of "gcc --version", for the input hash. */
static int
cc_version(char *buf, size_t len, struct wb_err *err)
{
	struct wb_spawn_result r;
	struct wb_spawn sp;
	char *argv[3];
	int rc;

	argv[0] = "/usr/bin/gcc";
	argv[1] = "--version";
	argv[2] = NULL;
	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.timeout = 60;
	memset(&r, 0, sizeof(r));
	if (wb_spawn_run(&sp, 1, &r, err) != 0)
		return (-1);
	rc = 0;
	if (r.status != 0 || r.out == NULL)
		rc = wb_err_set(err, "gcc --version: status %d", r.status);
	else
		snprintf(buf, len, "%.*s", (int)strcspn(r.out, "\n"), r.out);
	wb_spawn_result_fini(&r);
	return (rc);
}

static int
hash_str(struct wb_sha256 *h, const char *k, const char *v,
    struct wb_err *err)
{

	if (wb_digest_sha256_update(h, k, strlen(k), err) != 0 ||
	    wb_digest_sha256_update(h, "=", 1, err) != 0 ||
	    wb_digest_sha256_update(h, v, strlen(v), err) != 0 ||
	    wb_digest_sha256_update(h, "\n", 1, err) != 0)
		return (-1);
	return (0);
}

int
wb_kbuild_input_hash(const struct wb_kbuild *kb,
    char hash[WB_SHA256_HEXSIZE], struct wb_err *err)
{
	char ccv[256], fd[WB_SHA256_HEXSIZE];
	const char *base;
	struct wb_sha256 *h;
	size_t i;
	int rc;

	if (cc_version(ccv, sizeof(ccv), err) != 0)
		return (-1);
	if ((h = wb_digest_sha256_new(err)) == NULL)
		return (-1);
	rc = 0;
	if (hash_str(h, "format", KBUILD_HASH_VERSION, err) != 0 ||
	    hash_str(h, "source", kb->source_digest, err) != 0 ||
	    hash_str(h, "start", kstart(kb), err) != 0 ||
	    hash_str(h, "target", ktarget(kb), err) != 0 ||
	    hash_str(h, "cc", ccv, err) != 0)
		rc = -1;
	for (i = 0; rc == 0 && i < kb->nfragments; i++) {
		/* The name matters for reports, the content for the build. */
		base = strrchr(kb->fragments[i], '/');
		base = base != NULL ? base + 1 : kb->fragments[i];
		if (wb_digest_sha256_file(kb->fragments[i], fd, err) != 0 ||
		    hash_str(h, "fragment", base, err) != 0 ||
		    hash_str(h, "fragment-sha256", fd, err) != 0)
			rc = -1;
	}
	if (rc == 0)
		rc = wb_digest_sha256_final(h, hash, err);
	wb_digest_sha256_free(h);
	return (rc);
}

struct merge_ctx {
	const struct wb_kbuild	*kb;
	size_t			 n;
};

static void
on_override(void *arg, const struct wb_frag_entry *old,
    const struct wb_frag_entry *new, int same)
{
	struct merge_ctx *m;

	m = arg;
	m->n++;
	wb_kbuild_note(m->kb, "%s:%u: %s %s (was %s at %s:%u)", new->file,
	    new->line, new->key, same ? "set again to the same value" :
	    "overridden", old->value != NULL ? old->value : "not set",
	    old->file, old->line);
}

struct missing_ctx {
	char	*buf;
	size_t	 len, n;
};

static void
on_missing(void *arg, const struct wb_frag_entry *want,
    const struct wb_frag_entry *have)
{
	struct missing_ctx *m;
	char line[512], *nb;
	int len;

	m = arg;
	m->n++;
	len = snprintf(line, sizeof(line), "%s=%s (%s:%u; final .config: "
	    "%s)\n", want->key, want->value != NULL ? want->value :
	    "<not set>", want->file, want->line,
	    have == NULL ? "absent" : have->value != NULL ? have->value :
	    "not set");
	if (len < 0)
		return;
	if ((size_t)len >= sizeof(line))
		len = sizeof(line) - 1;
	if ((nb = realloc(m->buf, m->len + (size_t)len + 1)) == NULL)
		return;
	memcpy(nb + m->len, line, (size_t)len + 1);
	m->buf = nb;
	m->len += (size_t)len;
}

void
wb_kbuild_config_result_fini(struct wb_kbuild_config_result *res)
{

	free(res->missing);
	memset(res, 0, sizeof(*res));
}

/*
 * The .config to hand to olddefconfig: the start configuration without
 * the keys the fragments set, then the fragments' settings.  Like
 * merge_config.sh, a requested value comes last, so that it wins a
 * Kconfig choice (SLUB over tinyconfig's SLOB).
 */
int
wb_kbuild_write_merged(const struct wb_fragment *base,
    const struct wb_fragment *want, const char *path, struct wb_err *err)
{
	const struct wb_frag_entry *e;
	char *tail, *buf, *p;
	size_t i, len;
	int rc;

	if ((tail = wb_fragment_format(want, err)) == NULL)
		return (-1);
	for (len = strlen(tail) + 1, i = 0; i < base->n; i++)
		len += strlen(base->e[i].key) * 2 + 32 +
		    (base->e[i].value != NULL ? strlen(base->e[i].value) : 0);
	if ((buf = malloc(len)) == NULL) {
		free(tail);
		return (wb_err_setsys(err, "kbuild"));
	}
	p = buf;
	for (i = 0; i < base->n; i++) {
		e = &base->e[i];
		if (wb_fragment_get(want, e->key) != NULL)
			continue;
		if (e->value != NULL)
			p += sprintf(p, "%s=%s\n", e->key, e->value);
		else
			p += sprintf(p, "# %s is not set\n", e->key);
	}
	p = stpcpy(p, tail);
	free(tail);
	rc = wb_atomic_write(path, buf, (size_t)(p - buf), 0644, err);
	free(buf);
	return (rc);
}

/*
 * Put the configuration at cfg into objdir/.config unless it is already
 * there with the same bytes: an untouched .config keeps its time, so the
 * build in objdir stays incremental.
 */
static int
install_config(const char *cfg, const char *objdir, int *changed,
    struct wb_err *err)
{
	char dst[4096], a[WB_SHA256_HEXSIZE], b[WB_SHA256_HEXSIZE];
	struct wb_err e2;
	FILE *f;
	char *buf;
	size_t len;
	long n;
	int rc;

	if (snprintf(dst, sizeof(dst), "%s/.config", objdir) >=
	    (int)sizeof(dst))
		return (wb_err_set(err, "%s: path too long", objdir));
	*changed = 1;
	if (wb_digest_sha256_file(cfg, a, err) != 0)
		return (-1);
	if (wb_digest_sha256_file(dst, b, &e2) == 0 && strcmp(a, b) == 0) {
		*changed = 0;
		return (0);
	}
	if ((f = fopen(cfg, "re")) == NULL)
		return (wb_err_setsys(err, "%s", cfg));
	if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0) {
		fclose(f);
		return (wb_err_setsys(err, "%s", cfg));
	}
	len = (size_t)n;
	if ((buf = malloc(len + 1)) == NULL) {
		fclose(f);
		return (wb_err_setsys(err, "%s", cfg));
	}
	if (fread(buf, 1, len, f) != len) {
		free(buf);
		fclose(f);
		return (wb_err_set(err, "%s: short read", cfg));
	}
	fclose(f);
	rc = wb_atomic_write(dst, buf, len, 0644, err);
	free(buf);
	return (rc);
}

int
wb_kbuild_configure(const struct wb_kbuild *kb,
    struct wb_kbuild_config_result *res, struct wb_err *err)
{
	static const char *const olddef[] = { "olddefconfig", NULL };
	const char *start[2];
	struct wb_fragment want, base, final;
	struct merge_ctx mc;
	struct missing_ctx miss;
	char cfgdir[4096], path[4200];
	size_t i;
	int rc, changed;

	memset(res, 0, sizeof(*res));
	changed = 0;
	start[0] = kstart(kb);
	start[1] = NULL;
	/*
	 * Configure in a directory of its own: tinyconfig's intermediate
	 * .config must not touch the build directory's configuration.
	 */
	if (snprintf(cfgdir, sizeof(cfgdir), "%s.cfg", kb->objdir) >=
	    (int)sizeof(cfgdir))
		return (wb_err_set(err, "%s: path too long", kb->objdir));
	snprintf(path, sizeof(path), "%s/.config", cfgdir);
	if (mkdir(kb->objdir, 0755) != 0 && errno != EEXIST)
		return (wb_err_setsys(err, "%s", kb->objdir));
	if (mkdir(cfgdir, 0755) != 0 && errno != EEXIST)
		return (wb_err_setsys(err, "%s", cfgdir));
	wb_kbuild_note(kb, "%s: make %s", kb->variant, start[0]);
	if (wb_kbuild_runmake(kb, cfgdir, start, NULL, err) != 0)
		return (-1);
	wb_fragment_init(&want);
	wb_fragment_init(&base);
	wb_fragment_init(&final);
	mc.kb = kb;
	mc.n = 0;
	rc = wb_fragment_merge_file(&base, path, NULL, NULL, err);
	for (i = 0; rc == 0 && i < kb->nfragments; i++) {
		wb_kbuild_note(kb, "%s: merging %s", kb->variant,
		    kb->fragments[i]);
		rc = wb_fragment_merge_nofollow(&want, kb->fragments[i],
		    on_override, &mc, err);
	}
	res->noverrides = mc.n;
	if (rc == 0)
		rc = wb_kbuild_write_merged(&base, &want, path, err);
	if (rc == 0) {
		wb_kbuild_note(kb, "%s: make olddefconfig", kb->variant);
		rc = wb_kbuild_runmake(kb, cfgdir, olddef, NULL, err);
	}
	if (rc == 0)
		rc = wb_fragment_merge_file(&final, path, NULL, NULL, err);
	if (rc == 0) {
		memset(&miss, 0, sizeof(miss));
		res->nmissing = wb_fragment_verify(&want, &final, on_missing,
		    &miss);
		res->missing = miss.buf;
		if (res->nmissing > 0)
			rc = wb_err_set(err, "%s: %zu requested option%s did "
			    "not stick after olddefconfig:\n%s", kb->variant,
			    res->nmissing, res->nmissing == 1 ? "" : "s",
			    res->missing != NULL ? res->missing : "");
	}
	if (rc == 0)
		rc = wb_digest_sha256_file(path, res->config_sha256, err);
	if (rc == 0)
		rc = install_config(path, kb->objdir, &changed, err);
	if (rc == 0)
		wb_kbuild_note(kb, "%s: configuration %s", kb->variant,
		    changed ? "installed" : "unchanged");
	wb_fragment_fini(&want);
	wb_fragment_fini(&base);
	wb_fragment_fini(&final);
	return (rc);
}

int
wb_kbuild_make(const struct wb_kbuild *kb, const char *config_sha256,
    struct wb_err *err)
{
	const char *target[2];

	target[0] = ktarget(kb);
	target[1] = NULL;
	wb_kbuild_note(kb, "%s: make -j%d %s (log: %s)", kb->variant,
	    jobs(kb), target[0], kb->log);
	return (wb_kbuild_runmake(kb, kb->objdir, target, config_sha256, err));
}

int
wb_kbuild_run(const struct wb_kbuild *kb, int force, int *built,
    struct wb_err *err)
{
	struct wb_kbuild_config_result res;
	char hash[WB_SHA256_HEXSIZE];
	struct timespec t0, t1;
	double secs;
	int rc;

	*built = 0;
	if (wb_kbuild_input_hash(kb, hash, err) != 0)
		return (-1);
	if (!force && wb_kbuild_uptodate(kb->imagedir, hash)) {
		wb_kbuild_note(kb, "%s: up to date (%s, input %.12s)",
		    kb->variant, kb->imagedir, hash);
		return (0);
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (wb_kbuild_configure(kb, &res, err) != 0) {
		wb_kbuild_config_result_fini(&res);
		return (-1);
	}
	rc = wb_kbuild_make(kb, res.config_sha256, err);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	if (rc == 0)
		rc = wb_kbuild_install(kb, hash, res.config_sha256, secs, err);
	if (rc == 0) {
		*built = 1;
		wb_kbuild_note(kb, "%s: built in %.0f s, config sha256 %.16s",
		    kb->variant, secs, res.config_sha256);
	}
	wb_kbuild_config_result_fini(&res);
	return (rc);
}

int
wb_kbuild_diffconfig(const char *srctree, const char *a, const char *b,
    char **out, struct wb_err *err)
{
	struct wb_spawn_result r;
	struct wb_spawn sp;
	char prog[4096], *argv[5];
	int rc;

	snprintf(prog, sizeof(prog), "%s/scripts/diffconfig", srctree);
	argv[0] = "/usr/bin/python3";
	argv[1] = prog;
	argv[2] = (char *)a;
	argv[3] = (char *)b;
	argv[4] = NULL;
	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.timeout = 120;
	memset(&r, 0, sizeof(r));
	if (wb_spawn_run(&sp, 1, &r, err) != 0)
		return (-1);
	rc = 0;
	if (r.status != 0 || r.out == NULL)
		rc = wb_err_set(err, "diffconfig %s %s: status %d: %s", a, b,
		    r.status, r.err != NULL ? r.err : "");
	else {
		*out = r.out;
		r.out = NULL;
	}
	wb_spawn_result_fini(&r);
	return (rc);
}
