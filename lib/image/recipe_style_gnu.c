/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Build style "gnu-configure": ./configure, make, make DESTDIR=stage
 * STAGE_TARGET, in the extracted source tree.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "recipe.h"
#include "recipe_style_int.h"
#include "wb_util.h"

static const char *const gnu_vars[] = {
	"CONFIGURE_ARGS", "CONFIGURE_ENV", "MAKE_ARGS", "STAGE_TARGET", NULL
};

/* Concatenate two NULL-terminated vectors (ownership moves to the result). */
static char **
join(char **a, char **b, struct wb_err *err)
{
	size_t na, nb;
	char **v;

	for (na = 0; a[na] != NULL; na++)
		;
	for (nb = 0; b[nb] != NULL; nb++)
		;
	if ((v = calloc(na + nb + 1, sizeof(char *))) == NULL) {
		wb_err_setsys(err, "calloc");
		wb_words_free(a);
		wb_words_free(b);
		return (NULL);
	}
	memcpy(v, a, na * sizeof(char *));
	memcpy(v + na, b, nb * sizeof(char *));
	free(a);
	free(b);
	return (v);
}

static char **
env_words(struct wb_build *b, struct wb_err *err)
{

	return (wb_recipe_words(b->config, "CONFIGURE_ENV", "CONFIGURE_ENV",
	    err));
}

static int
run(struct wb_build *b, char **head, const char *var, const char *helper,
    struct wb_err *err)
{
	char **argv, **env;
	int rc;

	if ((argv = wb_recipe_words(b->config, var, helper, err)) == NULL) {
		wb_words_free(head);
		return (-1);
	}
	if ((argv = join(head, argv, err)) == NULL)
		return (-1);
	if ((env = env_words(b, err)) == NULL) {
		wb_words_free(argv);
		return (-1);
	}
	rc = wb_recipe_build_cmd(b, argv, env, b->srcdir, err);
	wb_words_free(argv);
	wb_words_free(env);
	return (rc);
}

static int
gnu_configure(struct wb_build *b, struct wb_err *err)
{
	char cmd[PATH_MAX + 16];
	char **head;

	snprintf(cmd, sizeof(cmd), "%s/configure", b->srcdir);
	if ((head = wb_words_split(cmd, err)) == NULL)
		return (-1);
	return (run(b, head, "CONFIGURE_ARGS", "CONFIGURE", err));
}

static int
gnu_build(struct wb_build *b, struct wb_err *err)
{
	char **head;

	if ((head = wb_words_split("/usr/bin/make -j2", err)) == NULL)
		return (-1);
	return (run(b, head, "MAKE_ARGS", "MAKE_ARGS", err));
}

static int
gnu_stage(struct wb_build *b, struct wb_err *err)
{
	char cmd[PATH_MAX + 128];
	const char *target;
	char **head;

	target = wb_recipe_get(b->recipe, "STAGE_TARGET");
	snprintf(cmd, sizeof(cmd), "/usr/bin/make DESTDIR=%s %s", b->stagedir,
	    target != NULL ? target : "install");
	if ((head = wb_words_split(cmd, err)) == NULL)
		return (-1);
	return (run(b, head, "MAKE_ARGS", "MAKE_ARGS", err));
}

/* The toolchain's identity: the compiler's version banner. */
static int
gnu_identity(const struct wb_build *b, int (*add)(void *, const void *,
    size_t), void *ctx, struct wb_err *err)
{
	char *argv[] = { "/usr/bin/cc", "--version", NULL };
	struct wb_spawn_result res;
	struct wb_spawn sp;
	int rc;

	(void)b;
	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.timeout = 60;
	memset(&res, 0, sizeof(res));
	if (wb_spawn_run(&sp, 1, &res, err) == -1)
		return (-1);
	if (res.status != 0)
		rc = wb_err_set(err, "/usr/bin/cc --version: status %d",
		    res.status);
	else
		rc = add(ctx, res.out, strlen(res.out));
	wb_spawn_result_fini(&res);
	return (rc);
}

const struct wb_build_style wb_style_gnu_configure = {
	.name = "gnu-configure",
	.vars = gnu_vars,
	.configure = gnu_configure,
	.build = gnu_build,
	.stage = gnu_stage,
	.identity = gnu_identity,
};
