/* SPDX-License-Identifier: BSD-2-Clause */
#include <err.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "compare_names.h"
#include "wb_model.h"
#include "wb_util.h"

int
compare_names_add(struct compare_names *c, const char *arg)
{
	const char *eq;
	char *b;

	if ((eq = strchr(arg, '=')) == NULL || eq == arg || eq[1] == '\0' ||
	    strlen(arg) >= sizeof(c->buf[0])) {
		warnx("--name %s: expected LABEL=NAME", wb_strvis_slot(arg));
		return (-1);
	}
	if (strlen(eq + 1) > WB_LABEL_MAX) {
		warnx("--name %s: NAME longer than %d characters",
		    wb_strvis_slot(arg), WB_LABEL_MAX);
		return (-1);
	}
	if (c->n == COMPARE_NAMES_MAX) {
		warnx("--name: at most %d", COMPARE_NAMES_MAX);
		return (-1);
	}
	b = c->buf[c->n];
	snprintf(b, sizeof(c->buf[0]), "%s", arg);
	b[eq - arg] = '\0';
	c->from[c->n] = b;
	c->to[c->n] = b + (eq - arg) + 1;
	c->n++;
	return (0);
}

static const char *
label_of(const struct wb_results *r)
{
	const char *s;

	s = json_string_value(json_object_get(r->provenance, "label"));
	return (s != NULL ? s : "");
}

int
compare_names_apply(const struct compare_names *c,
    struct wb_results *const *v, int n)
{
	char have[1024];
	size_t o;
	int i, k, hit;

	for (k = 0; k < c->n; k++) {
		hit = 0;
		for (i = 0; i < n; i++)
			if (strcmp(label_of(v[i]), c->from[k]) == 0)
				hit = 1;
		if (hit)
			continue;
		o = 0;
		have[0] = '\0';
		for (i = 0; i < n && o < sizeof(have); i++)
			o += (size_t)snprintf(have + o, sizeof(have) - o,
			    "%s%s", i > 0 ? ", " : "", label_of(v[i]));
		warnx("--name %s=%s: no results file is labelled '%s' "
		    "(the labels: %s)", wb_strvis_slot(c->from[k]),
		    wb_strvis_slot(c->to[k]),
		    wb_strvis_slot(c->from[k]), wb_strvis_slot(have));
		return (-1);
	}
	/* All matches first, then the renames: A=B B=A swaps. */
	for (i = 0; i < n; i++)
		for (k = 0; k < c->n; k++)
			if (strcmp(label_of(v[i]), c->from[k]) == 0) {
				if (json_object_set_new(v[i]->provenance,
				    "label", json_string(c->to[k])) == -1)
					errx(1, "out of memory");
				break;
			}
	return (0);
}
