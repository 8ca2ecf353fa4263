/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Table-driven option parsing (see opt.h): getopt_long's short string
 * and long array are made from a command's table, and each option's
 * value is stored, range-checked or handed to its function as its entry
 * says.
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opt.h"

#define OPT_MAX		128
#define OPT_LONGBASE	0x100

static int
parses(const struct opt *o)
{

	return (o->kind != OPT_TEXT);
}

/* The short string and long array of tab; -1 when tab is too long. */
static int
opt_getopt(const struct opt *tab, char *shorts, size_t ns,
    struct option *longs)
{
	size_t i, k, s;

	k = s = 0;
	for (i = 0; tab[i].kind != OPT_END; i++)
		if (tab[i].flags & OPT_PLUS) {
			shorts[s++] = '+';
			break;
		}
	for (i = 0; tab[i].kind != OPT_END; i++) {
		if (i >= OPT_MAX || s + 4 > ns)
			return (-1);
		if (!parses(&tab[i]))
			continue;
		if (tab[i].ch != 0) {
			shorts[s++] = (char)tab[i].ch;
			if (tab[i].arg != NULL)
				shorts[s++] = ':';
			if (tab[i].arg != NULL && (tab[i].flags & OPT_OPTARG))
				shorts[s++] = ':';
		}
		if (tab[i].name != NULL) {
			longs[k].name = tab[i].name;
			longs[k].has_arg = tab[i].arg == NULL ? no_argument :
			    (tab[i].flags & OPT_OPTARG) ? optional_argument :
			    required_argument;
			longs[k].flag = NULL;
			longs[k].val = OPT_LONGBASE + (int)i;
			k++;
		}
	}
	shorts[s] = '\0';
	memset(&longs[k], 0, sizeof(longs[k]));
	return (0);
}

const char *
opt_label(const struct opt *o, char *buf, size_t n)
{

	if (o->name != NULL)
		snprintf(buf, n, "--%s", o->name);
	else
		snprintf(buf, n, "-%c", o->ch);
	return (buf);
}

static int
store_int(const struct opt *o, void *ctx, const char *arg)
{
	char *end, label[48];
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (*arg == '\0' || *end != '\0' || errno != 0 || v < o->min ||
	    v > o->max) {
		warnx("%s: '%s' is not %s in %ld..%ld",
		    opt_label(o, label, sizeof(label)), arg,
		    o->what != NULL ? o->what : "an integer", o->min, o->max);
		return (-1);
	}
	*(int *)(void *)((char *)ctx + o->off) = (int)v;
	return (0);
}

static int
store_pos(const struct opt *o, void *ctx, const char *arg)
{
	char *end, label[48];
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (*arg == '\0' || *end != '\0' || errno != 0 || !isfinite(v) ||
	    v <= 0) {
		warnx("%s: '%s' is not %s", opt_label(o, label, sizeof(label)),
		    arg, o->what != NULL ? o->what : "a positive number");
		return (-1);
	}
	*(double *)(void *)((char *)ctx + o->off) = v;
	return (0);
}

static int
store_list(const struct opt *o, void *ctx, const char *arg)
{
	const char **v;
	size_t *n;
	char label[48];

	v = (const char **)(void *)((char *)ctx + o->off);
	n = (size_t *)(void *)((char *)ctx + o->cnt);
	if (*n >= (size_t)o->max) {
		warnx("%s: at most %ld", opt_label(o, label, sizeof(label)),
		    o->max);
		return (-1);
	}
	v[(*n)++] = arg;
	return (0);
}

/* One option's value into ctx as its entry says; 0 or -1 (said). */
static int
store(const struct opt *o, void *ctx, char *arg)
{
	char *p;

	p = (char *)ctx + o->off;
	switch (o->kind) {
	case OPT_FLAG:
		*(int *)(void *)p = 1;
		break;
	case OPT_STR:
		*(const char **)(void *)p = arg;
		break;
	case OPT_INT:
		if (store_int(o, ctx, arg) == -1)
			return (-1);
		break;
	case OPT_POS:
		if (store_pos(o, ctx, arg) == -1)
			return (-1);
		break;
	case OPT_LIST:
		if (store_list(o, ctx, arg) == -1)
			return (-1);
		break;
	case OPT_FN:
		if (o->fn(p, arg) == -1)
			return (-1);
		break;
	default:
		return (-1);
	}
	if (o->given != 0)
		*(int *)(void *)((char *)ctx + o->given - 1) = 1;
	return (0);
}

int
opt_parse(const struct opt *tab, void *ctx, int argc, char **argv)
{
	struct option longs[OPT_MAX + 1];
	char shorts[3 * OPT_MAX + 2];
	size_t i;
	int ch;

	if (opt_getopt(tab, shorts, sizeof(shorts), longs) == -1) {
		warnx("internal error: option table too long");
		return (-1);
	}
	optind = 1;
	while ((ch = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
		if (ch >= OPT_LONGBASE)
			i = (size_t)(ch - OPT_LONGBASE);
		else
			for (i = 0; tab[i].kind != OPT_END &&
			    (!parses(&tab[i]) || tab[i].ch != ch); i++)
				;
		if (tab[i].kind == OPT_END)
			return (-1);
		if (store(&tab[i], ctx, optarg) == -1)
			return (-1);
	}
	return (optind);
}

const char *
opt_row(const struct opt *o, char *buf, size_t n)
{
	const char *a;
	char pre[8];

	if (o->kind == OPT_END || (o->flags & (OPT_NOROW | OPT_HIDDEN)))
		return (NULL);
	if (o->syn != NULL)
		return (o->syn);
	a = o->arg != NULL ? o->arg : "";
	if (o->name == NULL) {
		snprintf(buf, n, "-%c%s%s", o->ch, *a != '\0' ? " " : "", a);
		return (buf);
	}
	if (o->ch != 0)
		snprintf(pre, sizeof(pre), "-%c, ", o->ch);
	else
		pre[0] = '\0';
	if (o->flags & OPT_OPTARG)
		snprintf(buf, n, "%s--%s[=%s]", pre, o->name, a);
	else
		snprintf(buf, n, "%s--%s%s%s", pre, o->name,
		    *a == '\0' ? "" : (o->flags & OPT_EQ) ? "=" : " ", a);
	return (buf);
}
