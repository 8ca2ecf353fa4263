/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The recipe engine: input hash, phases with pre/do/post hooks, a stamp
 * per phase, per-phase logs, and cleanup of a failed phase's output.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "recipe.h"
#include "recipe_int.h"
#include "wb_model.h"
#include "wb_util.h"
#include "world_fs.h"

#define MAXDEPTH	4

#define progress(eng, ...)	wb_note_printf((eng)->progress, (eng)->progress_arg, __VA_ARGS__)

static int
hash_add(void *ctx, const void *buf, size_t len)
{

	return (wb_digest_sha256_update(ctx, buf, len, NULL));
}

static int
hash_str(struct wb_sha256 *h, const char *tag, const char *s)
{

	if (wb_digest_sha256_update(h, tag, strlen(tag) + 1, NULL) == -1 ||
	    wb_digest_sha256_update(h, s, strlen(s) + 1, NULL) == -1)
		return (-1);
	return (0);
}

/* Hash a file's digest under its name, if it exists. */
static int
hash_file(struct wb_sha256 *h, const char *tag, const char *path,
    struct wb_err *err)
{
	char hex[WB_SHA256_HEXSIZE];

	if (access(path, F_OK) == -1)
		return (0);
	if (wb_digest_sha256_file(path, hex, err) == -1)
		return (-1);
	return (hash_str(h, tag, hex));
}

/*
 * Hash a directory tree: every path, type, mode and content (or target),
 * in sorted order.
 */
static int	hash_tree(struct wb_sha256 *, const char *, const char *,
		    struct wb_err *);

static int
cmp_dirent(const struct dirent **a, const struct dirent **b)
{

	return (strcmp((*a)->d_name, (*b)->d_name));
}

static int
hash_tree(struct wb_sha256 *h, const char *root, const char *rel,
    struct wb_err *err)
{
	char path[PATH_MAX], sub[PATH_MAX], tgt[PATH_MAX], buf[64];
	struct dirent **names;
	struct stat st;
	ssize_t n;
	int i, k, rc;

	snprintf(path, sizeof(path), "%s%s%s", root, *rel ? "/" : "", rel);
	if ((k = scandir(path, &names, NULL, cmp_dirent)) == -1)
		return (wb_err_setsys(err, "scandir %s", path));
	rc = 0;
	for (i = 0; i < k; i++) {
		const char *nm = names[i]->d_name;

		if (rc != 0 || strcmp(nm, ".") == 0 || strcmp(nm, "..") == 0)
			continue;
		if ((size_t)snprintf(sub, sizeof(sub), "%s%s%s", rel,
		    *rel ? "/" : "", nm) >= sizeof(sub) ||
		    (size_t)snprintf(path, sizeof(path), "%s/%s", root, sub) >=
		    sizeof(path)) {
			rc = wb_err_set(err, "%s/%s: path too long", root, sub);
			continue;
		}
		if (lstat(path, &st) == -1) {
			rc = wb_err_setsys(err, "stat %s", path);
			continue;
		}
		snprintf(buf, sizeof(buf), "%o", (unsigned)st.st_mode);
		if (hash_str(h, sub, buf) == -1) {
			rc = wb_err_set(err, "sha256 failed");
			continue;
		}
		if (S_ISDIR(st.st_mode))
			rc = hash_tree(h, root, sub, err);
		else if (S_ISLNK(st.st_mode)) {
			if ((n = readlink(path, tgt, sizeof(tgt) - 1)) == -1)
				rc = wb_err_setsys(err, "readlink %s", path);
			else {
				tgt[n] = '\0';
				rc = hash_str(h, "->", tgt);
			}
		} else
			rc = hash_file(h, "=", path, err);
	}
	for (i = 0; i < k; i++)
		free(names[i]);
	free(names);
	return (rc);
}

/* The directory a phase writes; wiped when the phase fails. */
static char *
phase_output(struct wb_build *b, enum wb_phase p)
{

	switch (p) {
	case WB_PHASE_EXTRACT:
	case WB_PHASE_PATCH:
	case WB_PHASE_CONFIGURE:
	case WB_PHASE_BUILD:
		return (b->srcdir);
	case WB_PHASE_STAGE:
		return (b->stagedir);
	default:
		return (NULL);
	}
}

static void
stamp_path(const struct wb_build *b, enum wb_phase p, char *buf, size_t len)
{

	snprintf(buf, len, "%s/.done_%s", b->wrkdir, wb_recipe_phase_name(p));
}

static int
stamp_write(const struct wb_build *b, enum wb_phase p, struct wb_err *err)
{
	char path[PATH_MAX];
	int fd;

	stamp_path(b, p, path, sizeof(path));
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
	    0644)) == -1)
		return (wb_err_setsys(err, "%s", path));
	if (write(fd, b->hash, strlen(b->hash)) == -1 || fsync(fd) == -1) {
		close(fd);
		return (wb_err_setsys(err, "%s", path));
	}
	close(fd);
	return (0);
}

static int
stamped(const struct wb_build *b, enum wb_phase p)
{
	char path[PATH_MAX];

	stamp_path(b, p, path, sizeof(path));
	return (access(path, F_OK) == 0);
}

/* Undo a failed phase: its output, and the stamps that depend on it. */
static void
phase_cleanup(struct wb_build *b, enum wb_phase p)
{
	char path[PATH_MAX];
	struct wb_err e;
	char *out;
	int q;

	if ((out = phase_output(b, p)) == NULL)
		return;
	(void)wb_world_fs_rmtree(out, b->wrkdir, &e);
	for (q = 0; q < WB_NPHASES; q++)
		if (phase_output(b, (enum wb_phase)q) == out) {
			stamp_path(b, (enum wb_phase)q, path, sizeof(path));
			(void)unlink(path);
		}
}

/* Substitute ${VAR} in one hook word. */
static char *
subst(struct wb_build *b, const char *w, struct wb_err *err)
{
	const struct { const char *name; const char *val; } vars[] = {
		{ "WRKDIR", b->wrkdir }, { "SRCDIR", b->srcdir },
		{ "BUILDDIR", b->builddir }, { "STAGEDIR", b->stagedir },
		{ "RECIPEDIR", b->recipe->dir }, { "DISTDIR", b->distdir },
		{ "OBJDIR", b->objdir }, { "TOPDIR", b->topdir },
	};
	char *out, *p;
	size_t i, len;
	FILE *fp;

	if ((fp = open_memstream(&out, &len)) == NULL) {
		wb_err_setsys(err, "open_memstream");
		return (NULL);
	}
	for (p = (char *)w; *p != '\0'; p++) {
		if (p[0] != '$' || p[1] != '{') {
			fputc(*p, fp);
			continue;
		}
		for (i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
			len = strlen(vars[i].name);
			if (strncmp(p + 2, vars[i].name, len) == 0 &&
			    p[2 + len] == '}')
				break;
		}
		if (i == sizeof(vars) / sizeof(vars[0])) {
			fclose(fp);
			free(out);
			wb_err_set(err, "%s: unknown variable in hook word "
			    "'%s'", b->recipe->path, w);
			return (NULL);
		}
		fputs(vars[i].val, fp);
		p += 2 + strlen(vars[i].name);
	}
	if (fclose(fp) == EOF) {
		wb_err_setsys(err, "open_memstream");
		return (NULL);
	}
	return (out);
}

static int
run_hook(struct wb_build *b, const char *name, struct wb_err *err)
{
	const char *val;
	char **w;
	size_t i;
	int rc;

	if ((val = wb_recipe_get(b->recipe, name)) == NULL)
		return (0);
	if ((w = wb_words_split(val, err)) == NULL)
		return (-1);
	rc = 0;
	for (i = 0; w[i] != NULL && rc == 0; i++) {
		char *s;

		if ((s = subst(b, w[i], err)) == NULL)
			rc = -1;
		else {
			free(w[i]);
			w[i] = s;
		}
	}
	if (rc == 0 && w[0] != NULL && w[0][0] != '/')
		rc = wb_err_set(err, "%s: %s: the command must be an absolute "
		    "path", b->recipe->path, name);
	if (rc == 0 && w[0] != NULL) {
		wb_recipe_build_log(b, "hook %s: %s", name, val);
		rc = wb_recipe_build_cmd(b, w, NULL, b->wrkdir, err);
	}
	wb_words_free(w);
	return (rc);
}

static int
default_phase(struct wb_build *b, const struct wb_build_style *st,
    enum wb_phase p, struct wb_err *err)
{

	switch (p) {
	case WB_PHASE_FETCH:
		return (wb_recipe_fetch(b, err));
	case WB_PHASE_CHECKSUM:
		return (wb_recipe_checksum(b, err));
	case WB_PHASE_EXTRACT:
		return (wb_recipe_extract(b, err));
	case WB_PHASE_PATCH:
		return (wb_recipe_patch(b, err));
	case WB_PHASE_CONFIGURE:
		return (st->configure == NULL ? 0 : st->configure(b, err));
	case WB_PHASE_BUILD:
		return (st->build == NULL ? 0 : st->build(b, err));
	case WB_PHASE_STAGE:
		return (st->stage == NULL ? 0 : st->stage(b, err));
	case WB_PHASE_PACKAGE:
		return (st->package == NULL ? 0 : st->package(b, err));
	default:
		return (wb_err_set(err, "bad phase %d", (int)p));
	}
}

static int
run_phase(const struct wb_engine *eng, struct wb_build *b,
    const struct wb_build_style *st, enum wb_phase p, struct wb_err *err)
{
	static const char *const whens[] = { "PRE_", "DO_", "POST_" };
	char path[PATH_MAX], name[64], up[32], *tail;
	double t0;
	size_t i;
	int w, rc, fd;

	snprintf(path, sizeof(path), "%s/%s.log", b->logdir,
	    wb_recipe_phase_name(p));
	free(b->logpath);
	if ((b->logpath = strdup(path)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
	    0644)) == -1)
		return (wb_err_setsys(err, "%s", path));
	close(fd);
	for (i = 0; wb_recipe_phase_name(p)[i] != '\0' &&
	    i < sizeof(up) - 1; i++)
		up[i] = (char)(wb_recipe_phase_name(p)[i] - 'a' + 'A');
	up[i] = '\0';
	t0 = wb_spawn_now();
	rc = 0;
	/* The stage starts empty, whatever an earlier attempt left. */
	if (p == WB_PHASE_STAGE && (wb_world_fs_rmtree(b->stagedir, b->wrkdir,
	    err) == -1 || wb_world_fs_mkdirs(b->stagedir, 0755, err) == -1))
		rc = -1;
	for (w = 0; w < 3 && rc == 0; w++) {
		snprintf(name, sizeof(name), "%s%s", whens[w], up);
		if (w == WB_HOOK_DO && wb_recipe_get(b->recipe, name) == NULL)
			rc = default_phase(b, st, p, err);
		else
			rc = run_hook(b, name, err);
	}
	if (rc == 0)
		rc = stamp_write(b, p, err);
	if (rc == -1) {
		progress(eng, "%-10s %-20s %-9s FAILED after %.1f s",
		    b->recipe->vars[0].value, b->config->variant,
		    wb_recipe_phase_name(p), wb_spawn_now() - t0);
		wb_recipe_build_log(b, "FAILED: %s", err->msg);
		if ((tail = wb_recipe_build_log_tail(b->logpath, 30,
		    NULL)) != NULL) {
			progress(eng, "---- last 30 lines of %s ----\n%s----",
			    b->logpath, tail);
			free(tail);
		}
		phase_cleanup(b, p);
		{
			char msg[sizeof(err->msg)];

			snprintf(msg, sizeof(msg), "%s", err->msg);
			wb_err_set(err, "%s %s: phase %s failed: %.700s (log: "
			    "%s)", b->recipe->vars[0].value, b->config->variant,
			    wb_recipe_phase_name(p), msg, b->logpath);
		}
		return (-1);
	}
	progress(eng, "%-10s %-20s %-9s %6.1f s", wb_recipe_get(b->recipe,
	    "NAME"), b->config->variant, wb_recipe_phase_name(p),
	    wb_spawn_now() - t0);
	return (0);
}

static void
build_fini(struct wb_build *b)
{

	free(b->hash);
	free(b->topdir);
	free(b->objdir);
	free(b->workdir);
	free(b->wrkdir);
	free(b->distdir);
	free(b->srcdir);
	free(b->builddir);
	free(b->stagedir);
	free(b->logdir);
	free(b->logpath);
	free(b->image);
	wb_words_free(b->component_stages);
	wb_words_free(b->components);
	wb_words_free(b->overlays);
}

/* Components and overlays: build the former, resolve the latter. */
static int
resolve_inputs(const struct wb_engine *eng, struct wb_build *b,
    struct wb_sha256 *h, int depth, struct wb_err *err);

static int	build_one(const struct wb_engine *, const char *, const char *,
		    char [65], char **, int, struct wb_err *);

/* A COMPONENTS word that is a path: the error names the line giving it. */
static int
bad_component(const struct wb_recipe *r, const char *word,
    struct wb_err *err)
{
	const struct wb_recipe_var *v;
	size_t i;

	for (i = 0; i < r->nvars; i++) {
		v = &r->vars[i];
		if (wb_recipe_components_var(v->name) && strstr(v->value,
		    word) != NULL)
			return (wb_err_set(err, "%s:%u: %s: '%s' is not a "
			    "recipe name (no '/', no leading '.')", r->path,
			    v->line, v->name, word));
	}
	return (wb_err_set(err, "%s: COMPONENTS: '%s' is not a recipe name",
	    r->path, word));
}

static int
resolve_inputs(const struct wb_engine *eng, struct wb_build *b,
    struct wb_sha256 *h, int depth, struct wb_err *err)
{
	char path[PATH_MAX], hash[65], *stage, *colon;
	char **comps, **ovls;
	size_t i, n;
	int rc;

	if ((comps = wb_recipe_words(b->config, "COMPONENTS", "COMPONENTS",
	    err)) == NULL)
		return (-1);
	if ((ovls = wb_recipe_words(b->config, "OVERLAYS", "OVERLAYS",
	    err)) == NULL) {
		wb_words_free(comps);
		return (-1);
	}
	for (n = 0; comps[n] != NULL; n++)
		;
	rc = 0;
	if ((b->component_stages = calloc(n + 1, sizeof(char *))) == NULL ||
	    (b->components = calloc(n + 1, sizeof(char *))) == NULL)
		rc = wb_err_setsys(err, "calloc");
	for (i = 0; rc == 0 && comps[i] != NULL; i++) {
		if (!wb_recipe_component_name_ok(comps[i])) {
			rc = bad_component(b->recipe, comps[i], err);
			break;
		}
		if ((b->components[i] = strdup(comps[i])) == NULL) {
			rc = wb_err_setsys(err, "strdup");
			break;
		}
		if ((colon = strchr(comps[i], ':')) != NULL)
			*colon++ = '\0';
		snprintf(path, sizeof(path), "%s/recipes/%s/recipe",
		    eng->topdir, comps[i]);
		if ((rc = build_one(eng, path, colon != NULL ? colon :
		    "default", hash, &stage, depth + 1, err)) == 0) {
			b->component_stages[i] = stage;
			rc = hash_str(h, comps[i], hash);
		}
	}
	for (n = 0; ovls[n] != NULL; n++)
		;
	if (rc == 0 && (b->overlays = calloc(n + 1, sizeof(char *))) == NULL)
		rc = wb_err_setsys(err, "calloc");
	for (i = 0; rc == 0 && ovls[i] != NULL; i++) {
		if (strchr(ovls[i], '/') != NULL || ovls[i][0] == '.') {
			rc = wb_err_set(err, "%s: bad overlay name '%s'",
			    b->recipe->path, ovls[i]);
			break;
		}
		snprintf(path, sizeof(path), "%s/overlays/%s", eng->topdir,
		    ovls[i]);
		if ((b->overlays[i] = strdup(path)) == NULL)
			rc = wb_err_setsys(err, "strdup");
		else if (access(path, F_OK) == -1)
			rc = wb_err_setsys(err, "%s: overlay %s",
			    b->recipe->path, path);
		else if (hash_str(h, "overlay", ovls[i]) == -1 ||
		    hash_tree(h, path, "", err) == -1)
			rc = -1;
	}
	wb_words_free(comps);
	wb_words_free(ovls);
	return (rc);
}

static int
input_hash(const struct wb_engine *eng, struct wb_build *b,
    const struct wb_build_style *st, int depth, struct wb_err *err)
{
	char path[PATH_MAX], hex[WB_SHA256_HEXSIZE];
	struct wb_sha256 *h;
	size_t i;
	int rc;

	if ((h = wb_digest_sha256_new(err)) == NULL)
		return (-1);
	rc = hash_str(h, "worldbench-recipe", "1");
	if (rc == 0)
		rc = wb_digest_sha256_update(h, b->recipe->text,
		    b->recipe->textlen, err);
	if (rc == 0)
		rc = hash_str(h, "variant", b->config->variant);
	for (i = 0; rc == 0 && i < b->recipe->noptions; i++)
		rc = hash_str(h, b->recipe->options[i],
		    b->config->on[i] ? "on" : "off");
	snprintf(path, sizeof(path), "%s/distinfo", b->recipe->dir);
	if (rc == 0)
		rc = hash_file(h, "distinfo", path, err);
	snprintf(path, sizeof(path), "%s/files", b->recipe->dir);
	if (rc == 0 && access(path, F_OK) == 0)
		rc = hash_tree(h, path, "", err);
	if (rc == 0)
		rc = resolve_inputs(eng, b, h, depth, err);
	if (rc == 0 && st->identity != NULL)
		rc = st->identity(b, hash_add, h, err);
	if (rc == 0 && wb_digest_sha256_final(h, hex, err) == 0) {
		if ((b->hash = strdup(hex)) == NULL)
			rc = wb_err_setsys(err, "strdup");
	} else
		rc = -1;
	wb_digest_sha256_free(h);
	return (rc);
}

static int
build_paths(const struct wb_engine *eng, struct wb_build *b,
    struct wb_err *err)
{
	const char *name;

	name = wb_recipe_get(b->recipe, "NAME");
	if (asprintf(&b->wrkdir, "%s/build/%s/%s-%.12s", eng->workdir, name,
	    b->config->variant, b->hash) == -1 ||
	    asprintf(&b->distdir, "%s/distfiles/%s", eng->workdir, name) ==
	    -1 ||
	    asprintf(&b->srcdir, "%s/src", b->wrkdir) == -1 ||
	    asprintf(&b->stagedir, "%s/stage", b->wrkdir) == -1 ||
	    asprintf(&b->logdir, "%s/log", b->wrkdir) == -1 ||
	    (b->builddir = strdup(b->srcdir)) == NULL)
		return (wb_err_setsys(err, "allocating paths"));
	if ((b->image = wb_label_image_of(eng->workdir, name,
	    b->config->variant, err)) == NULL)
		return (-1);
	return (wb_world_fs_mkdirs(b->logdir, 0755, err));
}

/* Keep the first lint problem as "file:line: problem". */
static void
first_problem(void *arg, const char *file, unsigned line, const char *msg)
{
	struct wb_err *e = arg;

	if (e->msg[0] == '\0')
		wb_err_set(e, "%s:%u: %s", file, line, msg);
}

/*
 * The build style of a recipe the engine may build, after its lint; NULL
 * with err set otherwise.
 */
static const struct wb_build_style *
style_checked(struct wb_recipe *r, const char *path, struct wb_err *err)
{
	const struct wb_build_style *st;
	const char *bs;
	struct wb_err lint;
	size_t nlint;

	lint.msg[0] = '\0';
	bs = wb_recipe_get(r, "BUILD_STYLE");
	/* Before the lint: this is the message such a recipe needs. */
	if ((st = wb_recipe_style_find(bs == NULL ? "" : bs)) != NULL &&
	    st->built_by != NULL) {
		wb_err_set(err, "%s: BUILD_STYLE=%s is not built by the recipe "
		    "engine: use '%s'", path, st->name, st->built_by);
		return (NULL);
	}
	if ((nlint = wb_recipe_lint(r, first_problem, &lint)) != 0) {
		if (nlint > 1)
			wb_err_set(err, "%s (and %zu more problems: run "
			    "'worldbench recipe lint %s')", lint.msg, nlint - 1,
			    path);
		else
			wb_err_set(err, "%s", lint.msg);
		return (NULL);
	}
	if ((st = wb_recipe_style_find(bs)) == NULL)
		wb_err_set(err, "%s: unknown BUILD_STYLE", path);
	return (st);
}

/* Run the phases not stamped yet (all with force); a cached image says so. */
static int
phases_run(const struct wb_engine *eng, struct wb_build *b,
    const struct wb_build_style *st, struct wb_err *err)
{
	char sp[PATH_MAX];
	int p;

	/* A deleted image is packed again from the stage. */
	if (st->package != NULL && access(b->image, F_OK) == -1) {
		stamp_path(b, WB_PHASE_PACKAGE, sp, sizeof(sp));
		(void)unlink(sp);
	}
	if (!eng->force && stamped(b, WB_PHASE_PACKAGE)) {
		progress(eng, "%-10s %-20s cached    %.12s",
		    wb_recipe_get(b->recipe, "NAME"), b->config->variant,
		    b->hash);
		return (0);
	}
	for (p = 0; p < WB_NPHASES; p++) {
		if (!eng->force && stamped(b, (enum wb_phase)p))
			continue;
		if (run_phase(eng, b, st, (enum wb_phase)p, err) == -1)
			return (-1);
	}
	return (0);
}

static int
build_one(const struct wb_engine *eng, const char *path, const char *variant,
    char hash_out[65], char **stage_out, int depth, struct wb_err *err)
{
	const struct wb_build_style *st;
	struct wb_recipe_config cfg;
	struct wb_recipe *r;
	struct wb_build b;
	int rc;

	if (depth > MAXDEPTH)
		return (wb_err_set(err, "%s: components nested too deep",
		    path));
	if ((r = wb_recipe_load(path, err)) == NULL)
		return (-1);
	memset(&b, 0, sizeof(b));
	rc = -1;
	if ((st = style_checked(r, path, err)) == NULL)
		goto out;
	if (wb_recipe_config_init(&cfg, r, variant, err) == -1)
		goto out;
	b.recipe = r;
	b.config = &cfg;
	b.timeout = eng->timeout > 0 ? eng->timeout : 3600;
	b.verbose = eng->verbose;
	if ((b.topdir = strdup(eng->topdir)) == NULL ||
	    (b.objdir = strdup(eng->objdir)) == NULL ||
	    (b.workdir = strdup(eng->workdir)) == NULL) {
		wb_err_setsys(err, "strdup");
		goto out_cfg;
	}
	if (input_hash(eng, &b, st, depth, err) == -1 ||
	    build_paths(eng, &b, err) == -1 ||
	    phases_run(eng, &b, st, err) == -1)
		goto out_cfg;
	if (hash_out != NULL)
		memcpy(hash_out, b.hash, 65);
	if (stage_out != NULL && (*stage_out = strdup(b.stagedir)) == NULL) {
		wb_err_setsys(err, "strdup");
		goto out_cfg;
	}
	rc = 0;
out_cfg:
	wb_recipe_config_fini(&cfg);
out:
	build_fini(&b);
	wb_recipe_free(r);
	return (rc);
}

int
wb_recipe_tree_digest(const char *root, char hex[65], struct wb_err *err)
{
	struct wb_sha256 *h;
	int rc;

	if ((h = wb_digest_sha256_new(err)) == NULL)
		return (-1);
	rc = hash_tree(h, root, "", err);
	if (rc == 0)
		rc = wb_digest_sha256_final(h, hex, err);
	wb_digest_sha256_free(h);
	return (rc);
}

int
wb_recipe_build(const struct wb_engine *eng, const char *path,
    const char *variant, char hash_out[65], struct wb_err *err)
{

	return (build_one(eng, path, variant, hash_out, NULL, 0, err));
}
