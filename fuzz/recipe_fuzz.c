/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer harness: the recipe parser (wb_recipe_load), the linter and
 * variant resolution, on one recipe file per input.
 */
#include <stddef.h>
#include <stdint.h>

#include "wb_image.h"
#include "wb_util.h"
#include "fuzz_file.h"

static const char *path;

static void
lint_cb(void *arg, const char *file, unsigned line, const char *msg)
{

	(void)arg;
	(void)file;
	(void)line;
	(void)msg;
}

static void
resolve(const struct wb_recipe *r, const char *variant)
{
	struct wb_recipe_config c;
	struct wb_err err;
	char **w;

	wb_err_clear(&err);
	if (wb_recipe_config_init(&c, r, variant, &err) == -1)
		return;
	if ((w = wb_recipe_words(&c, "CONFIGURE_ARGS", "CONFIGURE",
	    &err)) != NULL)
		wb_words_free(w);
	if ((w = wb_recipe_words(&c, NULL, "MAKE_ARGS", &err)) != NULL)
		wb_words_free(w);
	wb_recipe_config_fini(&c);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wb_recipe *r;
	struct wb_err err;
	size_t i;

	if (path == NULL)
		path = wbf_setup("recipes/fuzz/recipe");
	wbf_write(data, size);
	wb_err_clear(&err);
	if ((r = wb_recipe_load(path, &err)) == NULL)
		return (0);
	(void)wb_recipe_lint(r, lint_cb, NULL);
	resolve(r, "default");
	for (i = 0; i < r->nvariants && i < 8; i++)
		resolve(r, r->variants[i]);
	wb_recipe_free(r);
	return (0);
}
