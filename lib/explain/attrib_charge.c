/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Charging each kernel text symbol to a category: the option that
 * brought its object into the debug kernel, or one of the fixed buckets
 * (lib/explain/attrib.h), and the per-category totals of a boot's counts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attrib.h"
#include "explain.h"
#include "wb_util.h"

#define MAXOBJS		8	/* objects of one name looked at */
#define MAXCHAIN	8	/* options of one object's chain */

const char *const wb_attrib_fixed_names[WB_ATTRIB_NFIXED] = {
	"user space",
	"kernel, outside every symbol",
	"unmapped (linker or assembler symbols)",
	"ambiguous static names",
	"objects no Makefile rule builds",
	"residual: inlined checks and unconditional code",
};

static int
str_cmp(const void *a, const void *b)
{

	return (strcmp(*(char *const *)a, *(char *const *)b));
}

void
wb_attrib_config_fini(struct wb_attrib_config *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		free(c->opt[i]);
	free(c->opt);
	c->opt = NULL;
	c->n = 0;
}

int
wb_attrib_config_read(const char *path, struct wb_attrib_config *c,
    struct wb_err *err)
{
	char line[1024], *eq, **nv;
	size_t cap;
	FILE *fp;

	memset(c, 0, sizeof(*c));
	if ((fp = fopen(path, "r")) == NULL)
		return (wb_err_setsys(err, "%s", path));
	cap = 0;
	while (fgets(line, sizeof(line), fp) != NULL) {
		if (strncmp(line, "CONFIG_", 7) != 0 ||
		    (eq = strchr(line, '=')) == NULL ||
		    strcmp(eq, "=y\n") != 0)
			continue;
		*eq = '\0';
		if (c->n == cap) {
			cap = cap == 0 ? 256 : cap * 2;
			if ((nv = realloc(c->opt, cap * sizeof(*nv))) == NULL)
				goto nomem;
			c->opt = nv;
		}
		if ((c->opt[c->n] = strdup(line + 7)) == NULL)
			goto nomem;
		c->n++;
	}
	fclose(fp);
	if (c->n > 1)
		qsort(c->opt, c->n, sizeof(*c->opt), str_cmp);
	return (0);
nomem:
	fclose(fp);
	wb_attrib_config_fini(c);
	return (wb_err_setsys(err, "%s", path));
}

int
wb_attrib_config_has(const struct wb_attrib_config *c, const char *opt)
{

	return (c->n > 0 && bsearch(&opt, c->opt, c->n, sizeof(*c->opt),
	    str_cmp) != NULL);
}

void
wb_attrib_cats_init(struct wb_attrib_cats *c)
{

	memset(c, 0, sizeof(*c));
}

void
wb_attrib_cats_fini(struct wb_attrib_cats *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		free(c->name[i]);
	for (i = 0; i < c->nambiguous; i++)
		free(c->ambiguous[i]);
	free(c->name);
	free(c->ambiguous);
	memset(c, 0, sizeof(*c));
}

static int
push(char ***v, size_t *n, const char *s)
{
	char **nv;

	if ((nv = realloc(*v, (*n + 1) * sizeof(*nv))) == NULL)
		return (-1);
	*v = nv;
	if ((nv[*n] = strdup(s)) == NULL)
		return (-1);
	(*n)++;
	return (0);
}

long
wb_attrib_cats_add(struct wb_attrib_cats *c, const char *name)
{
	size_t i;

	if (c->n == 0)
		for (i = 0; i < WB_ATTRIB_NFIXED; i++)
			if (push(&c->name, &c->n, wb_attrib_fixed_names[i]) ==
			    -1)
				return (-1);
	for (i = 0; i < c->n; i++)
		if (strcmp(c->name[i], name) == 0)
			return ((long)i);
	if (push(&c->name, &c->n, name) == -1)
		return (-1);
	return ((long)c->n - 1);
}

/*
 * The charge of one object: the innermost option of its chain that is
 * on in the debug kernel and off in the base, else the residual.
 */
static int
obj_charge(const struct wb_attrib_chargeenv *env, const char *obj,
    const char **opt, struct wb_err *err)
{
	const char *chain[MAXCHAIN];
	int n, i;

	if ((n = wb_explain_objmap_lookup(env->map, obj, chain, MAXCHAIN,
	    err)) == -1)
		return (-1);
	*opt = NULL;
	for (i = 0; i < n && i < MAXCHAIN; i++)
		if (wb_attrib_config_has(env->debug, chain[i]) &&
		    !wb_attrib_config_has(env->base, chain[i])) {
			*opt = chain[i];
			break;
		}
	return (0);
}

/* "label name: obj (CHARGE), ..." into the ambiguous list. */
static int
note_ambiguous(struct wb_attrib_cats *c, const char *label,
    const char *name, const char **objs, const char **opt, size_t n)
{
	char *s;
	size_t len, i;
	FILE *m;

	if ((m = open_memstream(&s, &len)) == NULL)
		return (-1);
	fprintf(m, "%s %s:", label, name);
	for (i = 0; i < n; i++)
		fprintf(m, "%s %s (%s)", i > 0 ? "," : "", objs[i],
		    opt[i] != NULL ? opt[i] : "residual");
	if (fclose(m) != 0)
		return (-1);
	for (i = 0; i < c->nambiguous; i++)
		if (strcmp(c->ambiguous[i], s) == 0) {
			free(s);
			return (0);
		}
	i = c->nambiguous;
	if (push(&c->ambiguous, &c->nambiguous, s) == -1)
		i = (size_t)-1;
	free(s);
	return (i == (size_t)-1 ? -1 : 0);
}

/* The category of one symbol name. */
static long
sym_charge(const struct wb_attrib_objs *o,
    const struct wb_attrib_chargeenv *env, const char *label,
    const char *name, struct wb_attrib_cats *c, struct wb_err *err)
{
	const char *objs[MAXOBJS], *opt[MAXOBJS];
	size_t n, i;
	long k;

	if ((n = wb_attrib_objs_lookup(o, name, objs, MAXOBJS)) == 0)
		return (WB_ATTRIB_UNMAPPED);
	if (n > MAXOBJS)
		n = MAXOBJS;
	for (i = 0; i < n; i++)
		if (obj_charge(env, objs[i], &opt[i], err) == -1)
			return (WB_ATTRIB_NOMAKE);
	for (i = 1; i < n; i++)
		if ((opt[i] == NULL) != (opt[0] == NULL) ||
		    (opt[i] != NULL && strcmp(opt[i], opt[0]) != 0))
			break;
	if (i < n) {
		if (note_ambiguous(c, label, name, objs, opt, n) == -1)
			return (wb_err_setsys(err, "attribution"));
		return (WB_ATTRIB_AMBIGUOUS);
	}
	if (opt[0] == NULL)
		return (WB_ATTRIB_RESIDUAL);
	if ((k = wb_attrib_cats_add(c, opt[0])) == -1)
		return (wb_err_setsys(err, "attribution"));
	return (k);
}

int
wb_attrib_charge(const struct wb_attrib_symtab *t,
    const struct wb_attrib_objs *o, const struct wb_attrib_chargeenv *env,
    const char *label, struct wb_attrib_cats *c, long *cat,
    struct wb_err *err)
{
	const struct wb_attrib_sym *s;
	size_t i, j;

	if (wb_attrib_cats_add(c, wb_attrib_fixed_names[0]) == -1)
		return (wb_err_setsys(err, "attribution"));
	for (i = 0; i < t->n; i++) {
		s = &t->sym[i];
		cat[i] = sym_charge(o, env, label, s->name, c, err);
		for (j = 0; cat[i] == WB_ATTRIB_UNMAPPED && j < s->nalias; j++)
			cat[i] = sym_charge(o, env, label, s->alias[j], c,
			    err);
		if (cat[i] == -1)
			return (-1);
	}
	return (0);
}

void
wb_attrib_tally(const struct wb_attrib_counts *cnt, const long *cat,
    size_t ncats, uint64_t *tot)
{
	size_t i;

	memset(tot, 0, ncats * sizeof(*tot));
	tot[WB_ATTRIB_USER] = cnt->user;
	tot[WB_ATTRIB_OTHER] = cnt->other;
	for (i = 0; i < cnt->n; i++)
		if (cat[i] >= 0 && (size_t)cat[i] < ncats)
			tot[cat[i]] += cnt->sym[i];
}
