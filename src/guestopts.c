/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The shared options of a qemu guest run (guestopts.h).
 */
#include <err.h>
#include <stdlib.h>

#include "guestopts.h"

int
guestopts_num(const char *opt, const char *s, double max, double *v)
{
	char *end;

	*v = strtod(s, &end);
	if (end == s || *end != '\0' || !(*v > 0) || *v > max) {
		warnx("%s: bad number '%s'", opt, s);
		return (-1);
	}
	return (0);
}

int
guestopts_opt(struct guestopts *o, int ch, const char *arg)
{
	double v;

	switch (ch) {
	case 'D':
		o->data = arg;
		return (1);
	case 'd':
		return (guestopts_num("-d", arg, 1e7, &o->seconds) == 0 ? 1 :
		    -1);
	case 'I':
		o->init = arg;
		return (1);
	case 'm':
		if (guestopts_num("-m", arg, 65536, &v) != 0 || v < 64)
			return (-1);
		o->memory = (int)v;
		return (1);
	case 'o':
		o->outdir = arg;
		return (1);
	case 'Q':
		o->qemu = arg;
		return (1);
	case 'q':
		o->quiet = 1;
		return (1);
	case 'S':
		o->suite = arg;
		return (1);
	case 'T':
		o->tests = arg;
		return (1);
	case 't':
		return (guestopts_num("-t", arg, 1e7, &o->timeout) == 0 ? 1 :
		    -1);
	case 'w':
		o->k.workdir = arg;
		return (1);
	case 'Y':
		o->busybox = arg;
		return (1);
	}
	return (0);
}

int
guestopts_seconds(void *g, char *arg)
{

	return (guestopts_opt(g, 'd', arg) == 1 ? 0 : -1);
}

int
guestopts_memory(void *g, char *arg)
{

	return (guestopts_opt(g, 'm', arg) == 1 ? 0 : -1);
}

int
guestopts_timeout(void *g, char *arg)
{

	return (guestopts_opt(g, 't', arg) == 1 ? 0 : -1);
}
