/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Parsing the runner options shared by worldbench chroot and run.
 */
#include <err.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runopts.h"
#include "wb_sandbox.h"
#include "wb_util.h"

/* Which option a value is for (parse()). */
enum {
	RUNOPT_RUNNER,
	RUNOPT_TMP_SIZE,
	RUNOPT_MAX_PROCS,
	RUNOPT_MAX_MEMORY,
	RUNOPT_MAP_ID,
};

static int
parse_id(const char *s, unsigned long *v, char **end)
{

	if (*s < '0' || *s > '9')
		return (-1);
	errno = 0;
	*v = strtoul(s, end, 10);
	return (errno != 0 || *v > 0xfffffffeUL ? -1 : 0);
}

/* 1 when ch was one of ours (parsed), 0 when not, -1 on a bad value. */
static int
parse(struct wb_runner_opts *o, int ch, const char *arg)
{
	unsigned long u, g;
	uint64_t v;
	char *end;
	struct wb_err e;
	long n;

	switch (ch) {
	case RUNOPT_RUNNER:
		if (wb_runner_kind_parse(arg, &o->kind, &e) == -1) {
			warnx("--runner: %s", e.msg);
			return (-1);
		}
		return (1);
	case RUNOPT_TMP_SIZE:
	case RUNOPT_MAX_MEMORY:
		if (wb_bounds_parse_size(arg, &v) == -1 || v < 1024 * 1024) {
			warnx("--%s %s: expected a size of at least 1m "
			    "(digits with k, m, g or t)", ch == RUNOPT_TMP_SIZE ?
			    "tmp-size" : "max-memory", arg);
			return (-1);
		}
		if (ch == RUNOPT_TMP_SIZE)
			o->bounds.tmp_size = v;
		else
			o->bounds.memory = v;
		return (1);
	case RUNOPT_MAX_PROCS:
		errno = 0;
		n = strtol(arg, &end, 10);
		if (errno != 0 || *arg == '\0' || *end != '\0' || n < 16 ||
		    n > 4194304) {
			warnx("--max-procs %s: expected an integer in "
			    "16..4194304", arg);
			return (-1);
		}
		o->bounds.procs = n;
		return (1);
	case RUNOPT_MAP_ID:
		if (parse_id(arg, &u, &end) == -1 || *end != ':' ||
		    parse_id(end + 1, &g, &end) == -1 || *end != '\0') {
			warnx("--map-id %s: expected uid:gid", arg);
			return (-1);
		}
		o->map_set = 1;
		o->map_uid = (uid_t)u;
		o->map_gid = (gid_t)g;
		return (1);
	}
	return (0);
}

int
runopts_resolve(struct wb_runner_opts *o)
{
	char note[1024];
	struct wb_err e;

	if (wb_runner_resolve(o->kind, &o->kind, note, sizeof(note),
	    &e) == -1) {
		warnx("%s", e.msg);
		return (-1);
	}
	if (*note != '\0')
		warnx("%s", note);
	return (0);
}

static int
take(void *ro, int ch, const char *arg)
{

	return (parse(ro, ch, arg) == -1 ? -1 : 0);
}

int
runopts_runner(void *ro, char *arg)
{

	return (take(ro, RUNOPT_RUNNER, arg));
}

int
runopts_tmp_size(void *ro, char *arg)
{

	return (take(ro, RUNOPT_TMP_SIZE, arg));
}

int
runopts_max_procs(void *ro, char *arg)
{

	return (take(ro, RUNOPT_MAX_PROCS, arg));
}

int
runopts_max_memory(void *ro, char *arg)
{

	return (take(ro, RUNOPT_MAX_MEMORY, arg));
}

int
runopts_map_id(void *ro, char *arg)
{

	return (take(ro, RUNOPT_MAP_ID, arg));
}
