/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The runner table (its lines are lib/sandbox/runner_list.h) and the one mapping
 * between a kind and its name.  Each runner's class is defined in its
 * own file: host in lib/sandbox/runner.c, chroot in lib/sandbox/runner_chroot.c, userns
 * in lib/sandbox/runner_userns.c.  The qemu boot path runs the whole suite in a
 * guest and is not a runner (lib/guest/qemu_bench.c).
 */
#include <stdio.h>
#include <string.h>

#include "runner.h"
#include "wb_util.h"

#define WB_RUNNER_ENTRY(KIND, name) \
	extern const struct wb_runner_class wb_runner_class_##name;
#include "runner_list.h"
#undef WB_RUNNER_ENTRY

static const struct wb_runner_class *const table[WB_RUNNER_NKINDS] = {
#define WB_RUNNER_ENTRY(KIND, name)	[WB_RUNNER_##KIND] = \
	&wb_runner_class_##name,
#include "runner_list.h"
#undef WB_RUNNER_ENTRY
};

#define AUTO_NAME	"auto"

void
wb_runner_opts_init(struct wb_runner_opts *o)
{

	memset(o, 0, sizeof(*o));
	o->kind = WB_RUNNER_AUTO;
	wb_bounds_default(&o->bounds);
}

const struct wb_runner_class *
wb_runner_class_of(enum wb_runner_kind k)
{

	if ((int)k < 0 || k >= WB_RUNNER_NKINDS)
		return (NULL);
	return (table[k]);
}

const char *
wb_runner_kind_name(enum wb_runner_kind k)
{

	if (k == WB_RUNNER_AUTO)
		return (AUTO_NAME);
	if ((int)k < 0 || k >= WB_RUNNER_NKINDS)
		return ("?");
	return (table[k]->name);
}

void
wb_runner_kind_list(char *buf, size_t len)
{
	size_t i, n;

	n = (size_t)snprintf(buf, len, "%s", AUTO_NAME);
	for (i = 0; i < WB_RUNNER_NKINDS && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s",
		    i + 1 == WB_RUNNER_NKINDS ? " or " : ", ", table[i]->name);
}

int
wb_runner_kind_parse(const char *name, enum wb_runner_kind *k,
    struct wb_err *err)
{
	char list[128];
	int i;

	if (strcmp(name, AUTO_NAME) == 0) {
		*k = WB_RUNNER_AUTO;
		return (0);
	}
	for (i = 0; i < WB_RUNNER_NKINDS; i++)
		if (strcmp(name, table[i]->name) == 0) {
			*k = (enum wb_runner_kind)i;
			return (0);
		}
	wb_runner_kind_list(list, sizeof(list));
	return (wb_err_set(err, "runner '%s': no such runner (expected %s)",
	    name, list));
}

struct wb_runner *
wb_runner_new(enum wb_runner_kind k, const char *root,
    const struct wb_runner_opts *o, const char *libexecdir,
    const char *datadir, struct wb_err *err)
{
	struct wb_runner_opts def;
	const struct wb_runner_class *c;

	if ((c = wb_runner_class_of(k)) == NULL) {
		wb_err_set(err, "runner '%s': not a runner (resolve it first)",
		    wb_runner_kind_name(k));
		return (NULL);
	}
	if (o == NULL) {
		wb_runner_opts_init(&def);
		o = &def;
	}
	return (c->new(root, o, libexecdir, datadir, err));
}
