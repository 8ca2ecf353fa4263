/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Build style "kbuild": a Linux kernel configured from KBUILD_START plus
 * the fragments of OVERLAYS and <OPT>_OVERLAYS_ON/_OFF, and built with
 * "make KBUILD_TARGET".  The recipe engine does not build it: "worldbench
 * kernel build" does (lib/image/kbuild.c, lib/image/kbuild_recipe.c).  What lives
 * here is the style's entry in the table and its lint rules.
 */
#include <sys/stat.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "kbuild.h"
#include "recipe.h"
#include "recipe_int.h"
#include "recipe_style_int.h"

static const char *const kbuild_vars[] = {
	"KBUILD_START", "KBUILD_TARGET", NULL
};

/* Option helpers that only the engine's styles use. */
static const char *const unused_helpers[] = {
	"CONFIGURE", "CONFIGURE_ENV", "MAKE_ARGS", "COMPONENTS", NULL
};

struct klint {
	const struct wb_recipe	*r;
	wb_lint_fn		*fn;
	void			*arg;
	size_t			*n;
	char			 overlays[4096];	/* "" when absent */
};

static void	report(struct klint *, unsigned, const char *, ...)
		    __attribute__((format(printf, 3, 4)));

static void
report(struct klint *k, unsigned line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	wb_recipe_lint_vreport(k->fn, k->arg, k->r->path, line, fmt, ap);
	va_end(ap);
	(*k->n)++;
}

/* The entries of a fragment list: well formed, and present if we can see. */
static void
lint_fragments(struct klint *k, const char *name)
{
	const struct wb_recipe_var *v;
	struct stat st;
	char path[8192];
	char **w;
	size_t i;

	if ((v = wb_recipe_var(k->r, name)) == NULL ||
	    (w = wb_words_split(v->value, NULL)) == NULL)
		return;
	for (i = 0; w[i] != NULL; i++) {
		if (!wb_kbuild_fragment_name_ok(w[i])) {
			report(k, v->line, "%s: bad fragment '%s' (a path "
			    "relative to the overlays directory, without '.' "
			    "or '..')", name, w[i]);
			continue;
		}
		if (k->overlays[0] == '\0')
			continue;
		snprintf(path, sizeof(path), "%s/%s", k->overlays, w[i]);
		if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
			report(k, v->line, "%s: no fragment file %s", name,
			    path);
	}
	wb_words_free(w);
}

static void
lint_target(struct klint *k, const char *name)
{
	const struct wb_recipe_var *v;

	if ((v = wb_recipe_var(k->r, name)) != NULL &&
	    !wb_kbuild_target_ok(v->value))
		report(k, v->line, "%s=%s: expected one make target "
		    "([A-Za-z0-9_.-], not starting with '-')", name, v->value);
}

static void
kbuild_lint(const struct wb_recipe *r, wb_lint_fn *fn, void *arg,
    size_t *n)
{
	const struct wb_recipe_var *v;
	struct klint k;
	struct stat st;
	char name[256];
	size_t i, j;
	int on;

	k.r = r;
	k.fn = fn;
	k.arg = arg;
	k.n = n;
	/* The tree's overlays: <top>/overlays for <top>/recipes/<name>. */
	if ((size_t)snprintf(k.overlays, sizeof(k.overlays),
	    "%s/../../overlays", r->dir) >= sizeof(k.overlays) ||
	    stat(k.overlays, &st) != 0 || !S_ISDIR(st.st_mode))
		k.overlays[0] = '\0';
	if ((v = wb_recipe_var(r, "SOURCE")) != NULL &&
	    (strncmp(v->value, "package", 7) != 0 ||
	    (v->value[7] != '\0' && v->value[7] != ' ' &&
	    v->value[7] != '\t')))
		report(&k, v->line, "BUILD_STYLE=kbuild needs SOURCE=package "
		    "(the kernel source tarball of a Debian package)");
	lint_target(&k, "KBUILD_START");
	lint_target(&k, "KBUILD_TARGET");
	if ((v = wb_recipe_var(r, "COMPONENTS")) != NULL)
		report(&k, v->line, "COMPONENTS: a kbuild recipe has no "
		    "components");
	lint_fragments(&k, "OVERLAYS");
	for (i = 0; i < r->noptions; i++) {
		for (on = 1; on >= 0; on--) {
			snprintf(name, sizeof(name), "%s_OVERLAYS_%s",
			    r->options[i], on ? "ON" : "OFF");
			lint_fragments(&k, name);
			for (j = 0; unused_helpers[j] != NULL; j++) {
				snprintf(name, sizeof(name), "%s_%s_%s",
				    r->options[i], unused_helpers[j],
				    on ? "ON" : "OFF");
				if ((v = wb_recipe_var(r, name)) != NULL)
					report(&k, v->line, "%s: kbuild "
					    "options only take OVERLAYS "
					    "(fragments)", name);
			}
		}
	}
	for (i = 0; i < r->nvars; i++)
		if (wb_recipe_hook_slot(r->vars[i].name, NULL, NULL) != -1)
			report(&k, r->vars[i].line, "%s: kbuild recipes run "
			    "no hooks", r->vars[i].name);
}

const struct wb_build_style wb_style_kbuild = {
	.name = "kbuild",
	.vars = kbuild_vars,
	.lint = kbuild_lint,
	.built_by = "worldbench kernel build",
};
