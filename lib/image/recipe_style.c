/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The table of build styles.  Built-in styles are listed here; each lives
 * in its own lib/recipe_style_<name>.c.  Other areas add theirs at run
 * time with wb_recipe_style_register().
 */
#include <stddef.h>
#include <string.h>

#include "recipe.h"
#include "recipe_style_int.h"
#include "wb_util.h"

#define MAXSTYLES	16

static const struct wb_build_style *const builtin[] = {
	&wb_style_none,
	&wb_style_tree,
	&wb_style_gnu_configure,
	&wb_style_host_world,
	&wb_style_debootstrap,
	&wb_style_kbuild,
};

static const struct wb_build_style *registered[MAXSTYLES];
static size_t nregistered;

const struct wb_build_style *
wb_recipe_style_find(const char *name)
{
	size_t i;

	for (i = 0; i < nregistered; i++)
		if (strcmp(registered[i]->name, name) == 0)
			return (registered[i]);
	for (i = 0; i < sizeof(builtin) / sizeof(builtin[0]); i++)
		if (strcmp(builtin[i]->name, name) == 0)
			return (builtin[i]);
	return (NULL);
}

int
wb_recipe_style_register(const struct wb_build_style *s, struct wb_err *err)
{

	if (wb_recipe_style_find(s->name) != NULL)
		return (wb_err_set(err, "build style '%s' already exists",
		    s->name));
	if (nregistered == MAXSTYLES)
		return (wb_err_set(err, "too many build styles"));
	registered[nregistered++] = s;
	return (0);
}
