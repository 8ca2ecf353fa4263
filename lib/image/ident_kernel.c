/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The identity record of a kernel image (ident.h): its configuration,
 * the settings of each of its fragments (those still readable), and
 * the match record that worldbench kernel diff --check left beside it.
 */
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "ident.h"
#include "kbuild_match.h"
#include "wb_sandbox.h"
#include "wb_util.h"

/* {SYMBOL: value} of a configuration file; unset symbols null or left out. */
static json_t *
settings(const char *path, int keep_unset, struct wb_err *err)
{
	struct wb_fragment f;
	json_t *o;
	size_t i;

	wb_fragment_init(&f);
	if (wb_fragment_merge_file(&f, path, NULL, NULL, err) == -1) {
		wb_fragment_fini(&f);
		return (NULL);
	}
	if ((o = json_object()) == NULL)
		goto oom;
	for (i = 0; i < f.n; i++) {
		if (f.e[i].value == NULL && !keep_unset)
			continue;
		if (json_object_set_new(o, f.e[i].key, f.e[i].value != NULL ?
		    json_string(f.e[i].value) : json_null()) == -1) {
			json_decref(o);
			goto oom;
		}
	}
	wb_fragment_fini(&f);
	return (o);
oom:
	wb_fragment_fini(&f);
	wb_err_set(err, "%s: not UTF-8, or out of memory", path);
	return (NULL);
}

/* {file name: settings} of the fragments kernel.json lists. */
static json_t *
fragments(json_t *meta, struct wb_err *err)
{
	char buf[PATH_MAX];
	const char *path;
	json_t *o, *f, *s;
	size_t i;

	if ((o = json_object()) == NULL)
		return (NULL);
	json_array_foreach(json_object_get(meta, "fragments"), i, f) {
		path = json_string_value(json_object_get(f, "path"));
		if (path == NULL || access(path, R_OK) != 0)
			continue;
		if ((s = settings(path, 1, err)) == NULL) {
			json_decref(o);
			return (NULL);
		}
		snprintf(buf, sizeof(buf), "%s", path);
		if (json_object_set_new(o, basename(buf), s) == -1) {
			json_decref(o);
			wb_err_set(err, "%s: out of memory", path);
			return (NULL);
		}
	}
	return (o);
}

json_t *
wb_ident_kernel(const char *imagedir, struct wb_err *err)
{
	char path[PATH_MAX];
	json_t *meta, *cfg = NULL, *frags = NULL, *match, *o = NULL;
	json_error_t je;

	snprintf(path, sizeof(path), "%s/kernel.json", imagedir);
	if ((meta = json_load_file(path, 0, &je)) == NULL) {
		wb_err_set(err, "%s:%d: %s", path, je.line, je.text);
		return (NULL);
	}
	snprintf(path, sizeof(path), "%s/config", imagedir);
	if (access(path, F_OK) != 0) {
		/* An image without its configuration: nothing to match. */
		json_decref(meta);
		return (json_null());
	}
	if ((cfg = settings(path, 0, err)) == NULL ||
	    (frags = fragments(meta, err)) == NULL)
		goto done;
	snprintf(path, sizeof(path), "%s/%s", imagedir, WB_KMATCH_RECORD);
	if ((match = json_load_file(path, 0, &je)) == NULL)
		match = json_null();
	o = json_pack("{s:s, s:O?, s:O?, s:O, s:O, s:o}", "kind", "kernel",
	    "name", json_object_get(meta, "variant"), "digest",
	    json_object_get(meta, "config_sha256"), "config", cfg,
	    "fragments", frags, "match", match);
	if (o == NULL)
		wb_err_set(err, "%s: identity: out of memory", imagedir);
done:
	json_decref(cfg);
	json_decref(frags);
	json_decref(meta);
	return (o);
}
