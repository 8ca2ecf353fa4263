/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A runner in a results file: what it records (the kind's name, then
 * whatever its class records), and the options a resume reads back.
 */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "runner.h"
#include "wb_util.h"

json_t *
wb_runner_provenance(const struct wb_runner *r)
{
	const struct wb_runner_class *c;
	json_t *o, *more;

	c = wb_runner_class_of(r->kind);
	if ((o = json_pack("{s:s}", "runner", wb_runner_kind_name(r->kind))) ==
	    NULL)
		return (NULL);
	if (c != NULL && c->provenance != NULL) {
		if ((more = c->provenance(r)) == NULL ||
		    json_object_update(o, more) == -1) {
			json_decref(more);
			json_decref(o);
			return (NULL);
		}
		json_decref(more);
	}
	return (o);
}

/* An error naming file:line of provenance.runner, the kind and why. */
static int
bad_kind(const char *file, const char *name, const char *why,
    struct wb_err *err)
{
	static const char *const path[] = { "provenance", "runner" };
	char at[32];
	int line;

	at[0] = '\0';
	if ((line = wb_json_line(file, path, 2)) > 0)
		snprintf(at, sizeof(at), ":%d", line);
	return (wb_err_set(err, "%s%s: provenance.runner: runner kind '%s' "
	    "%s", file, at, name, why));
}

int
wb_runner_resume_opts(const json_t *prov, const char *file,
    const char *root, struct wb_runner_opts *o, struct wb_err *err)
{
	const struct wb_runner_class *c;
	char why[192];
	struct wb_err e;
	json_t *k;
	const char *name;
	int host, i;

	wb_runner_opts_init(o);
	host = strcmp(root, "host") == 0;
	if ((k = json_object_get(prov, "runner")) == NULL) {
		o->kind = host ? WB_RUNNER_HOST : WB_RUNNER_CHROOT;
		return (0);
	}
	if ((name = json_string_value(k)) == NULL)
		return (wb_err_set(err, "%s: provenance.runner: not a string",
		    file));
	if (wb_runner_kind_parse(name, &o->kind, &e) == -1 ||
	    (c = wb_runner_class_of(o->kind)) == NULL) {
		snprintf(why, sizeof(why), "is not a runner of this build "
		    "(it has");
		for (i = 0; i < WB_RUNNER_NKINDS; i++)
			snprintf(why + strlen(why), sizeof(why) - strlen(why),
			    " %s", wb_runner_kind_name((enum wb_runner_kind)i));
		snprintf(why + strlen(why), sizeof(why) - strlen(why), ")");
		return (bad_kind(file, name, why, err));
	}
	if (host == c->images)
		return (bad_kind(file, name, host ? "for a variant whose root "
		    "is the host" : "for a variant whose root is an image",
		    err));
	if (c->resume != NULL && c->resume(prov, file, o, err) == -1)
		return (-1);
	return (0);
}
