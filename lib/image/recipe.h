/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Recipes: declarative, ports-style build descriptions, one directory per
 * component (recipes/<name>/{recipe,distinfo,pkg-descr,files/}).  The file
 * format is documented in worldbench-recipe(5); in short, one
 * "VAR=value" a line, "\" continues a line, "#" starts a comment, and the
 * variables come in this fixed order (* = mandatory):
 *
 *	NAME* VERSION* COMMENT* LICENSE*
 *	SOURCE* DISTFILES
 *	BUILD_STYLE*  <the style's own variables, see struct wb_build_style>
 *	COMPONENTS OVERLAYS
 *	OPTIONS OPTIONS_DEFAULT
 *	<OPT>_<HELPER>_ON <OPT>_<HELPER>_OFF ...	(both, for every use)
 *	VARIANTS VARIANT_<variant> ...
 *	PRE_<PHASE> DO_<PHASE> POST_<PHASE> ...	(phase order)
 *
 * There are no conditionals and no loops: an option's effects are data
 * (helpers CONFIGURE, CONFIGURE_ENV, MAKE_ARGS, COMPONENTS, OVERLAYS), a
 * variant names the options it turns on (all others are off), and a hook
 * is one command (words, no shell) with ${WRKDIR} ${SRCDIR} ${BUILDDIR}
 * ${STAGEDIR} ${RECIPEDIR} substituted.
 *
 * The engine (lib/image/recipe_engine.c) runs the phases of one (recipe,
 * variant) in WORKDIR/build/<name>/<variant>-<hash>/ and leaves a stamp
 * per phase; see wb_build_run().
 */
#ifndef WB_RECIPE_H
#define WB_RECIPE_H

#include <stddef.h>

#include "wb_util.h"

struct wb_err;

/* Phases, in order. */
enum wb_phase {
	WB_PHASE_FETCH,
	WB_PHASE_CHECKSUM,
	WB_PHASE_EXTRACT,
	WB_PHASE_PATCH,
	WB_PHASE_CONFIGURE,
	WB_PHASE_BUILD,
	WB_PHASE_STAGE,
	WB_PHASE_PACKAGE,
	WB_NPHASES
};
const char	*wb_recipe_phase_name(enum wb_phase);	/* "fetch", ... */

struct wb_recipe_var {
	char		*name;
	char		*value;		/* continuation lines joined by ' ' */
	unsigned	 line;
};

struct wb_recipe {
	char			*path;	/* .../recipes/<name>/recipe */
	char			*dir;	/* .../recipes/<name> */
	char			*text;	/* the file, hashed by the engine */
	size_t			 textlen;
	struct wb_recipe_var	*vars;	/* file order */
	size_t			 nvars;
	/* Word lists parsed from OPTIONS and VARIANTS. */
	char			**options;
	size_t			 noptions;
	char			**variants;
	size_t			 nvariants;
};

/*
 * Parse a recipe file.  Syntax errors (bad line, duplicate variable) fail
 * with "file:line: problem".  Semantics are wb_recipe_lint()'s job.
 */
struct wb_recipe	*wb_recipe_load(const char *path, struct wb_err *);
void			 wb_recipe_free(struct wb_recipe *);
/* The variable's value, or NULL when the recipe does not set it. */
const char		*wb_recipe_get(const struct wb_recipe *, const char *);
const struct wb_recipe_var *wb_recipe_var(const struct wb_recipe *,
			    const char *);

/* Lint: every problem is reported as (file, line, message). */
typedef void	wb_lint_fn(void *arg, const char *file, unsigned line,
		    const char *msg);
/* Returns the number of problems found (0: clean). */
size_t	wb_recipe_lint(const struct wb_recipe *, wb_lint_fn *, void *);
/*
 * A COMPONENTS word, "name" or "name:variant": 1 when name is a recipe
 * directory name (not empty, no '/', not starting with '.').
 */
int	wb_recipe_component_name_ok(const char *);
/* 1 for COMPONENTS, <OPT>_COMPONENTS_ON and <OPT>_COMPONENTS_OFF. */
int	wb_recipe_components_var(const char *name);

/*
 * A variant resolved to option settings.  on[i] is 1 when options[i] is
 * on.  The variant "default" always exists and means OPTIONS_DEFAULT.
 * A variant may add options to a word of VARIANTS (or "default"):
 *
 *	variant = word { "+" option }
 *	option	= an OPTIONS name in lower case, "-" for "_"
 *
 * so "glibc-production+glibc-check" is VARIANT_glibc-production with
 * GLIBC_CHECK on as well: the design points of "worldbench explain".
 * An option named twice, or on in the word already, is an error.
 */
struct wb_recipe_config {
	const struct wb_recipe	*recipe;
	char			*variant;
	int			*on;
};
/* An option's word in a variant: lower case, "-" for "_", into buf. */
char	*wb_recipe_option_word(const char *opt, char *buf, size_t len);
/*
 * The index of the option the len bytes at s name, as OPTIONS spells it
 * or as its word; -1 when none does.
 */
int	wb_recipe_option_find(const struct wb_recipe *, const char *s,
	    size_t len);
int	wb_recipe_config_init(struct wb_recipe_config *,
	    const struct wb_recipe *, const char *variant, struct wb_err *);
void	wb_recipe_config_fini(struct wb_recipe_config *);
/*
 * The words of VAR (e.g. "CONFIGURE_ARGS") followed by the words of every
 * option's <OPT>_<helper>_ON or _OFF, in OPTIONS order.  Returns a
 * NULL-terminated malloc'ed vector (free with wb_words_free), never NULL
 * except on allocation failure.  var may be NULL for option effects only.
 */
char	**wb_recipe_words(const struct wb_recipe_config *, const char *var,
	    const char *helper, struct wb_err *);

/*
 * One build of one (recipe, variant): paths and the phase log.  Build
 * style drivers receive this.
 */
struct wb_build {
	const struct wb_recipe		*recipe;
	const struct wb_recipe_config	*config;
	char		*hash;		/* input hash, 64 hex */
	char		*topdir;	/* the worldbench source tree */
	char		*objdir;	/* the worldbench build tree (O=) */
	char		*workdir;	/* WORKDIR (images, builds, logs) */
	char		*wrkdir;	/* WORKDIR/build/<name>/<variant>-<hash12> */
	char		*distdir;	/* WORKDIR/distfiles/<name> */
	char		*srcdir;	/* extracted sources (wrkdir/src) */
	char		*builddir;	/* out-of-tree build (wrkdir/build) */
	char		*stagedir;	/* the component's files (wrkdir/stage) */
	char		*logdir;	/* wrkdir/log */
	char		*logpath;	/* current phase's log */
	double		 timeout;	/* per command, seconds */
	int		 verbose;
	/* Stage dirs of COMPONENTS, for world styles (NULL-terminated). */
	char		**component_stages;
	char		**components;	/* their COMPONENTS words, in step */
	char		**overlays;	/* overlay dirs, in order */
	char		*image;		/* package output (world styles) */
};

/*
 * Run one command for the current phase: through wb_spawn_run (own
 * process group, build->timeout, whole group killed), stdout and stderr
 * appended to build->logpath.  env: extra "K=V" words added to the clean
 * environment (may be NULL).  A non-zero exit is an error naming argv[0],
 * the status and the log.
 */
int	wb_recipe_build_cmd(struct wb_build *, char *const argv[],
	    char *const env[], const char *cwd, struct wb_err *);
/* Append a line to the current phase's log. */
void	wb_recipe_build_log(struct wb_build *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));

/*
 * A build style: what configure, build and stage do (any may be NULL:
 * nothing to do).  package is for styles whose product is an image
 * (world styles); NULL means the stage directory is the product.
 * vars lists the style's own recipe variables (NULL-terminated), which
 * go right after BUILD_STYLE in the order given here.
 *
 * Styles live in their own files (lib/recipe_style_<name>.c).  Built-in
 * ones are in the table in lib/image/recipe_style.c; others are added at run
 * time with wb_recipe_style_register() before building.
 */
struct wb_build_style {
	const char	 *name;
	const char *const *vars;
	int		(*configure)(struct wb_build *, struct wb_err *);
	int		(*build)(struct wb_build *, struct wb_err *);
	int		(*stage)(struct wb_build *, struct wb_err *);
	int		(*package)(struct wb_build *, struct wb_err *);
	/*
	 * Extra input for the build's identity (e.g. the host binaries a
	 * world copies, the toolchain's version): feed it to the hash with
	 * add(ctx, buf, len).  Called before the build's paths exist: only
	 * recipe, config, topdir, objdir and workdir are set.  May be NULL.
	 */
	int		(*identity)(const struct wb_build *,
			    int (*add)(void *, const void *, size_t), void *,
			    struct wb_err *);
	/*
	 * The style's own lint rules, run by wb_recipe_lint() after the
	 * common ones: report each problem with fn and add it to *n.  May
	 * be NULL.
	 */
	void		(*lint)(const struct wb_recipe *, wb_lint_fn *fn,
			    void *arg, size_t *n);
	/*
	 * Non-NULL for a style the engine does not build: the command that
	 * does (e.g. "worldbench kernel build" for kbuild), named when
	 * wb_recipe_build() refuses such a recipe.
	 */
	const char	*built_by;
};
int	wb_recipe_style_register(const struct wb_build_style *,
	    struct wb_err *);
const struct wb_build_style	*wb_recipe_style_find(const char *);

/* Engine options for wb_recipe_build(). */
struct wb_engine {
	char		*topdir;	/* source tree (recipes/, overlays/) */
	char		*objdir;	/* build tree: suite programs */
	char		*workdir;	/* absolute */
	double		 timeout;	/* per command; 0: 3600 s */
	int		 verbose;	/* echo logs while running */
	int		 force;		/* ignore stamps */
	/* Progress: one line per phase (and "cached" lines). */
	void		(*progress)(void *, const char *line);
	void		*progress_arg;
};

/*
 * Build (recipe, variant) and, for a world style, its components and
 * image.  Every phase runs unless its stamp exists for the same input
 * hash; a failed phase leaves no stamp, and its output directory is
 * removed.  On failure err names the phase and the log; the caller shows
 * the log's tail (wb_recipe_build_log_tail).  hash_out (may be NULL) receives
 * the input hash.
 */
int	wb_recipe_build(const struct wb_engine *, const char *recipe_path,
	    const char *variant, char hash_out[65], struct wb_err *);
/* SHA-256 over a directory tree: sorted paths, modes, contents, targets. */
int	wb_recipe_tree_digest(const char *root, char hex[65], struct wb_err *);
/*
 * Check a distfile's SHA-256 (lowercase hex) against a distinfo file.
 * Returns 1 when it matches, 0 when distinfo does not list the file's
 * basename, -1 with err set on a mismatch (naming the distinfo line and
 * the PACKAGE line that pins the file's version, if any) or when the
 * distinfo cannot be read or is malformed (file:line).
 */
int	wb_recipe_distinfo_check(const char *distinfo, const char *distfile,
	    const char *sha256, struct wb_err *);
/* The last n lines of a log file, malloc'ed. */
char	*wb_recipe_build_log_tail(const char *path, int n, struct wb_err *);

#endif
