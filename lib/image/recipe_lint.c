/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Recipe linter: variable names, their fixed order, mandatory variables,
 * options pinned on and off, variants, hooks, distinfo, then the build
 * style's own rules (wb_build_style.lint).  Every problem is reported
 * with the file and line it is on.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "recipe.h"
#include "recipe_int.h"
#include "wb_util.h"

/* Rank of each group in the fixed order (times 1000 plus a sub-rank). */
enum {
	R_NAME, R_VERSION, R_COMMENT, R_LICENSE, R_SOURCE, R_DISTFILES,
	R_STYLE, R_STYLEVAR, R_COMPONENTS, R_OVERLAYS, R_OPTIONS,
	R_OPTIONS_DEFAULT, R_HELPER, R_VARIANTS, R_VARIANT, R_HOOK
};

static const char *const fixed_vars[] = {
	"NAME", "VERSION", "COMMENT", "LICENSE", "SOURCE", "DISTFILES",
	"BUILD_STYLE",
};
static const char *const helpers[] = {
	"CONFIGURE", "CONFIGURE_ENV", "MAKE_ARGS", "COMPONENTS", "OVERLAYS",
	NULL
};
static const char *const mandatory[] = {
	"NAME", "VERSION", "COMMENT", "LICENSE", "SOURCE", "BUILD_STYLE",
};

struct lint {
	const struct wb_recipe	*r;
	const struct wb_build_style *style;
	wb_lint_fn		*fn;
	void			*arg;
	size_t			 n;
};

static void
report(struct lint *l, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

void
wb_recipe_lint_vreport(wb_lint_fn *fn, void *arg, const char *path,
    unsigned line, const char *fmt, va_list ap)
{
	char msg[512];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (fn != NULL)
		fn(arg, path, line, msg);
}

static void
report(struct lint *l, unsigned line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	wb_recipe_lint_vreport(l->fn, l->arg, l->r->path, line, fmt, ap);
	va_end(ap);
	l->n++;
}

static int
in_words(char **w, size_t n, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strlen(w[i]) == len && memcmp(w[i], s, len) == 0)
			return ((int)i);
	return (-1);
}

/* Option helper "<OPT>_<HELPER>_ON|OFF": returns the rank, or -1. */
static long
helper_rank(struct lint *l, const char *name, int *opt, int *helper,
    int *on)
{
	const struct wb_recipe *r = l->r;
	size_t i, olen, hlen, nlen;

	nlen = strlen(name);
	for (i = 0; i < r->noptions; i++) {
		olen = strlen(r->options[i]);
		if (nlen <= olen + 1 || memcmp(name, r->options[i], olen) != 0 ||
		    name[olen] != '_')
			continue;
		for (*helper = 0; helpers[*helper] != NULL; (*helper)++) {
			hlen = strlen(helpers[*helper]);
			if (strncmp(name + olen + 1, helpers[*helper], hlen) !=
			    0)
				continue;
			if (strcmp(name + olen + 1 + hlen, "_ON") == 0)
				*on = 1;
			else if (strcmp(name + olen + 1 + hlen, "_OFF") == 0)
				*on = 0;
			else
				continue;
			*opt = (int)i;
			return (R_HELPER * 1000L + (long)i);
		}
	}
	return (-1);
}

/* The rank of a variable in the fixed order, or -1 if unknown. */
static long
var_rank(struct lint *l, const char *name)
{
	const char *const *sv;
	size_t i;
	int opt, helper, on;
	long k;

	for (i = 0; i < sizeof(fixed_vars) / sizeof(fixed_vars[0]); i++)
		if (strcmp(name, fixed_vars[i]) == 0)
			return ((long)i * 1000L);
	if (l->style != NULL && l->style->vars != NULL)
		for (sv = l->style->vars, k = 0; *sv != NULL; sv++, k++)
			if (strcmp(name, *sv) == 0)
				return (R_STYLEVAR * 1000L + k);
	if (strcmp(name, "COMPONENTS") == 0)
		return (R_COMPONENTS * 1000L);
	if (strcmp(name, "OVERLAYS") == 0)
		return (R_OVERLAYS * 1000L);
	if (strcmp(name, "OPTIONS") == 0)
		return (R_OPTIONS * 1000L);
	if (strcmp(name, "OPTIONS_DEFAULT") == 0)
		return (R_OPTIONS_DEFAULT * 1000L);
	if ((k = helper_rank(l, name, &opt, &helper, &on)) != -1)
		return (k);
	if (strcmp(name, "VARIANTS") == 0)
		return (R_VARIANTS * 1000L);
	if (strncmp(name, "VARIANT_", 8) == 0)
		return (R_VARIANT * 1000L);
	if ((k = wb_recipe_hook_slot(name, NULL, NULL)) != -1)
		return (R_HOOK * 1000L + k);
	return (-1);
}

static void
lint_order(struct lint *l)
{
	const struct wb_recipe_var *v, *prev;
	long rank, last;
	size_t i;

	last = -1;
	prev = NULL;
	for (i = 0; i < l->r->nvars; i++) {
		v = &l->r->vars[i];
		if ((rank = var_rank(l, v->name)) == -1) {
			report(l, v->line, "unknown variable %s%s", v->name,
			    strncmp(v->name, "OPT", 3) != 0 &&
			    strchr(v->name, '_') != NULL &&
			    (strstr(v->name, "_ON") != NULL ||
			    strstr(v->name, "_OFF") != NULL) ?
			    " (option not in OPTIONS, or unknown helper)" : "");
			continue;
		}
		if (rank < last)
			report(l, v->line, "%s must come before %s (line %u); "
			    "see worldbench-recipe(5) for the order", v->name,
			    prev->name, prev->line);
		else {
			last = rank;
			prev = v;
		}
	}
}

static void
lint_mandatory(struct lint *l)
{
	const struct wb_recipe_var *v;
	char *tmp, *base;
	size_t i;

	for (i = 0; i < sizeof(mandatory) / sizeof(mandatory[0]); i++) {
		v = wb_recipe_var(l->r, mandatory[i]);
		if (v == NULL)
			report(l, 1, "missing mandatory variable %s",
			    mandatory[i]);
		else if (v->value[0] == '\0')
			report(l, v->line, "%s is empty", mandatory[i]);
	}
	if ((v = wb_recipe_var(l->r, "NAME")) != NULL &&
	    (tmp = strdup(l->r->dir)) != NULL) {
		base = basename(tmp);
		if (strcmp(base, v->value) != 0)
			report(l, v->line, "NAME=%s does not match the recipe "
			    "directory '%s'", v->value, base);
		if (strspn(v->value, "abcdefghijklmnopqrstuvwxyz0123456789-") !=
		    strlen(v->value))
			report(l, v->line, "NAME may only use [a-z0-9-]");
		free(tmp);
	}
	if ((v = wb_recipe_var(l->r, "BUILD_STYLE")) != NULL &&
	    v->value[0] != '\0' && l->style == NULL)
		report(l, v->line, "unknown BUILD_STYLE '%s'", v->value);
}

/* A SOURCE kind that downloads: DISTFILES, checked against distinfo. */
static void
need_distfiles(struct lint *l, const struct wb_recipe_var *src,
    const struct wb_recipe_var *df, const char *kind)
{

	if (df == NULL || df->value[0] == '\0')
		report(l, src->line, "SOURCE=%s needs DISTFILES (with checksums "
		    "in distinfo)", kind);
	else
		wb_recipe_distinfo_lint(l->r, df, l->fn, l->arg, &l->n);
}

static void
lint_source(struct lint *l)
{
	const struct wb_recipe_var *src, *df;
	char **w;

	src = wb_recipe_var(l->r, "SOURCE");
	df = wb_recipe_var(l->r, "DISTFILES");
	if (src == NULL)
		return;
	if ((w = wb_words_split(src->value, NULL)) == NULL)
		return;
	if (w[0] == NULL)
		;
	else if (strcmp(w[0], "none") == 0 || strcmp(w[0], "tree") == 0) {
		if (w[1] != NULL)
			report(l, src->line, "SOURCE=%s takes no argument",
			    w[0]);
		if (df != NULL && df->value[0] != '\0')
			report(l, df->line, "DISTFILES without a download "
			    "(SOURCE=%s)", w[0]);
	} else if (strcmp(w[0], "apt-source") == 0) {
		if (w[1] == NULL || w[2] != NULL)
			report(l, src->line, "SOURCE=apt-source takes one "
			    "argument: the source package name");
		need_distfiles(l, src, df, w[0]);
	} else if (strcmp(w[0], "package") == 0) {
		/* A file an installed Debian package ships (kbuild only). */
		if (w[1] == NULL || w[2] != NULL || strspn(w[1],
		    "abcdefghijklmnopqrstuvwxyz0123456789+.-") !=
		    strlen(w[1]) || w[1][0] == '-' || w[1][0] == '.')
			report(l, src->line, "SOURCE=package takes one "
			    "argument: the Debian package name");
		if (l->style != NULL && strcmp(l->style->name, "kbuild") != 0)
			report(l, src->line, "SOURCE=package is only for "
			    "BUILD_STYLE=kbuild");
		need_distfiles(l, src, df, w[0]);
	} else
		report(l, src->line, "unknown SOURCE kind '%s' (none, tree, "
		    "apt-source, package)", w[0]);
	wb_words_free(w);
}

/* Option i's helpers come in ON/OFF pairs; 1 when it has any. */
static int
lint_option_helpers(struct lint *l, size_t i)
{
	const struct wb_recipe *r = l->r;
	const struct wb_recipe_var *on, *off;
	const char *o = r->options[i];
	char name[256];
	size_t j;
	int used;

	used = 0;
	for (j = 0; helpers[j] != NULL; j++) {
		snprintf(name, sizeof(name), "%s_%s_ON", o, helpers[j]);
		on = wb_recipe_var(r, name);
		snprintf(name, sizeof(name), "%s_%s_OFF", o, helpers[j]);
		off = wb_recipe_var(r, name);
		if (on != NULL && off == NULL)
			report(l, on->line, "%s_%s_ON without %s_%s_OFF:"
			    " pin the option both ways (an empty value "
			    "is fine)", o, helpers[j], o, helpers[j]);
		if (off != NULL && on == NULL)
			report(l, off->line, "%s_%s_OFF without %s_%s_ON",
			    o, helpers[j], o, helpers[j]);
		used |= on != NULL || off != NULL;
	}
	return (used);
}

/* Every word of v's value is one of the OPTIONS. */
static void
lint_option_words(struct lint *l, const struct wb_recipe_var *v,
    const char *what)
{
	const struct wb_recipe *r = l->r;
	char **w;
	size_t j;

	w = wb_words_split(v->value, NULL);
	for (j = 0; w != NULL && w[j] != NULL; j++)
		if (in_words(r->options, r->noptions, w[j],
		    strlen(w[j])) == -1)
			report(l, v->line, "%s unknown option %s", what, w[j]);
	wb_words_free(w);
}

/* VARIANTS: good names, each once, each with its VARIANT_ line. */
static void
lint_variants(struct lint *l)
{
	const struct wb_recipe *r = l->r;
	const struct wb_recipe_var *v;
	char name[256], what[300];
	size_t i;

	for (i = 0; i < r->nvariants; i++) {
		v = wb_recipe_var(r, "VARIANTS");
		if (strspn(r->variants[i],
		    "abcdefghijklmnopqrstuvwxyz0123456789+-") !=
		    strlen(r->variants[i]) || strcmp(r->variants[i],
		    "default") == 0)
			report(l, v->line, "bad variant name '%s' ([a-z0-9+-], "
			    "not 'default')", r->variants[i]);
		if (in_words(r->variants, i, r->variants[i],
		    strlen(r->variants[i])) != -1)
			report(l, v->line, "variant %s listed twice",
			    r->variants[i]);
		snprintf(name, sizeof(name), "VARIANT_%s", r->variants[i]);
		if (wb_recipe_var(r, name) == NULL)
			report(l, v->line, "variant %s has no %s line",
			    r->variants[i], name);
	}
	for (i = 0; i < r->nvars; i++) {
		v = &r->vars[i];
		if (strncmp(v->name, "VARIANT_", 8) != 0)
			continue;
		if (in_words(r->variants, r->nvariants, v->name + 8,
		    strlen(v->name + 8)) == -1)
			report(l, v->line, "%s: %s is not in VARIANTS",
			    v->name, v->name + 8);
		snprintf(what, sizeof(what), "%s names", v->name);
		lint_option_words(l, v, what);
	}
}

static void
lint_options(struct lint *l)
{
	const struct wb_recipe *r = l->r;
	const struct wb_recipe_var *v, *ov;
	size_t i;

	ov = wb_recipe_var(r, "OPTIONS");
	for (i = 0; i < r->noptions; i++) {
		if (strspn(r->options[i], "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
		    != strlen(r->options[i]))
			report(l, ov->line, "option name '%s' may only use "
			    "[A-Z0-9_]", r->options[i]);
		if (in_words(r->options, i, r->options[i],
		    strlen(r->options[i])) != -1)
			report(l, ov->line, "option %s listed twice",
			    r->options[i]);
		if (!lint_option_helpers(l, i))
			report(l, ov->line, "option %s has no effect: declare "
			    "%s_<HELPER>_ON and _OFF", r->options[i],
			    r->options[i]);
	}
	if ((v = wb_recipe_var(r, "OPTIONS_DEFAULT")) != NULL)
		lint_option_words(l, v, "OPTIONS_DEFAULT names");
	lint_variants(l);
}

/* Hooks are single commands: no shell syntax, known ${VARS} only. */
static void
lint_hooks(struct lint *l)
{
	static const char *const known[] = { "WRKDIR", "SRCDIR", "BUILDDIR",
	    "STAGEDIR", "RECIPEDIR", "DISTDIR", "OBJDIR", "TOPDIR", NULL };
	const struct wb_recipe_var *v;
	const char *p, *e;
	size_t i, j;

	for (i = 0; i < l->r->nvars; i++) {
		v = &l->r->vars[i];
		if (wb_recipe_hook_slot(v->name, NULL, NULL) == -1)
			continue;
		if (v->value[0] == '\0')
			report(l, v->line, "%s is empty", v->name);
		if ((p = strpbrk(v->value, ";|&<>`'\"*?()[]!~")) != NULL)
			report(l, v->line, "%s: '%c': hooks are one command "
			    "without shell syntax", v->name, *p);
		for (p = v->value; (p = strchr(p, '$')) != NULL; p++) {
			if (p[1] != '{' || (e = strchr(p, '}')) == NULL) {
				report(l, v->line, "%s: '$' must start ${VAR}",
				    v->name);
				break;
			}
			for (j = 0; known[j] != NULL; j++)
				if (strlen(known[j]) == (size_t)(e - p - 2) &&
				    strncmp(p + 2, known[j], e - p - 2) == 0)
					break;
			if (known[j] == NULL)
				report(l, v->line, "%s: unknown variable "
				    "%.*s", v->name, (int)(e - p + 1), p);
		}
	}
}

/*
 * COMPONENTS (and <OPT>_COMPONENTS_ON/_OFF) name recipe directories under
 * recipes/: "name" or "name:variant", never a path ("../x", "/x").
 */
static void
lint_components(struct lint *l)
{
	const struct wb_recipe_var *v;
	char **w;
	size_t i, j;

	for (i = 0; i < l->r->nvars; i++) {
		v = &l->r->vars[i];
		if (!wb_recipe_components_var(v->name))
			continue;
		w = wb_words_split(v->value, NULL);
		for (j = 0; w != NULL && w[j] != NULL; j++)
			if (!wb_recipe_component_name_ok(w[j]))
				report(l, v->line, "%s: '%s' is not a recipe "
				    "name (no '/', no leading '.')", v->name,
				    w[j]);
		wb_words_free(w);
	}
}

static void
lint_files(struct lint *l)
{
	struct stat st;
	char path[4096];

	if ((size_t)snprintf(path, sizeof(path), "%s/pkg-descr", l->r->dir) <
	    sizeof(path) && stat(path, &st) == -1)
		report(l, 1, "missing %s", path);
}

size_t
wb_recipe_lint(const struct wb_recipe *r, wb_lint_fn *fn, void *arg)
{
	struct lint l;
	const char *style;

	l.r = r;
	l.fn = fn;
	l.arg = arg;
	l.n = 0;
	style = wb_recipe_get(r, "BUILD_STYLE");
	l.style = style == NULL ? NULL : wb_recipe_style_find(style);
	lint_mandatory(&l);
	lint_order(&l);
	lint_source(&l);
	lint_options(&l);
	lint_hooks(&l);
	lint_components(&l);
	lint_files(&l);
	if (l.style != NULL && l.style->lint != NULL)
		l.style->lint(r, fn, arg, &l.n);
	return (l.n);
}
