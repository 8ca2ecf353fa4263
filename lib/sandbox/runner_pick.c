/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which runner can run here: each entry of the table probes itself, and
 * --runner auto takes the first entry that enters images and can start,
 * saying why the ones before it were skipped.
 */
#include <stdio.h>
#include <string.h>

#include "runner.h"
#include "wb_util.h"

void
wb_runner_probe_all(struct wb_runner_probe *out)
{
	const struct wb_runner_class *c;
	int i;

	for (i = 0; i < WB_RUNNER_NKINDS; i++) {
		c = wb_runner_class_of((enum wb_runner_kind)i);
		out[i].name = c->name;
		out[i].summary = c->summary;
		out[i].images = c->images;
		out[i].why[0] = '\0';
		out[i].usable = c->probe(out[i].why, sizeof(out[i].why)) == 0;
	}
}

/* Append "; " (unless at the start) and the formatted text to buf. */
static void
append(char *buf, size_t len, const char *sep, const char *a,
    const char *b, const char *c)
{
	size_t n;

	n = strlen(buf);
	if (n < len)
		snprintf(buf + n, len - n, "%s%s%s%s", n > 0 ? sep : "", a, b,
		    c);
}

/* The names of the entries that enter images, for messages. */
static void
image_names(const struct wb_runner_class *const *t, size_t n, char *buf,
    size_t len)
{
	size_t i;

	snprintf(buf, len, "auto");
	for (i = 0; i < n; i++)
		if (t[i]->images)
			append(buf, len, ", ", t[i]->name, "", "");
}

int
wb_runner_pick(const struct wb_runner_class *const *t, size_t n, int asked,
    int *picked, char *note, size_t len, struct wb_err *err)
{
	char why[256], skipped[768], names[128];
	size_t i;

	*note = '\0';
	if (asked >= 0) {
		if ((size_t)asked >= n)
			return (wb_err_set(err, "runner %d: out of the table",
			    asked));
		if (!t[asked]->images) {
			image_names(t, n, names, sizeof(names));
			return (wb_err_set(err, "the %s runner does not enter "
			    "images (--runner takes %s)", t[asked]->name,
			    names));
		}
		why[0] = '\0';
		if (t[asked]->probe(why, sizeof(why)) == -1) {
			wb_err_set(err, "the %s runner cannot start: %s",
			    t[asked]->name, why);
			return (wb_err_class(err, WB_ERR_NOPERM));
		}
		*picked = asked;
		return (0);
	}
	skipped[0] = '\0';
	for (i = 0; i < n; i++) {
		if (!t[i]->images)
			continue;
		why[0] = '\0';
		if (t[i]->probe(why, sizeof(why)) == 0) {
			*picked = (int)i;
			if (skipped[0] != '\0')
				snprintf(note, len, "%s; using the %s runner%s%s%s",
				    skipped, t[i]->name, why[0] != '\0' ? " (" :
				    "", why, why[0] != '\0' ? ")" : "");
			return (0);
		}
		append(skipped, sizeof(skipped), "; ", "the ", t[i]->name, "");
		append(skipped, sizeof(skipped), "", " runner cannot start: ",
		    why, "");
	}
	wb_err_set(err, "no runner can enter an image here: %s", skipped[0] !=
	    '\0' ? skipped : "the table has none");
	return (wb_err_class(err, WB_ERR_NOPERM));
}

int
wb_runner_resolve(enum wb_runner_kind asked, enum wb_runner_kind *k,
    char *note, size_t len, struct wb_err *err)
{
	const struct wb_runner_class *t[WB_RUNNER_NKINDS];
	int i, picked;

	for (i = 0; i < WB_RUNNER_NKINDS; i++)
		t[i] = wb_runner_class_of((enum wb_runner_kind)i);
	if (wb_runner_pick(t, WB_RUNNER_NKINDS, (int)asked, &picked, note,
	    len, err) == -1)
		return (-1);
	*k = (enum wb_runner_kind)picked;
	return (0);
}
