/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The plan of an explanation (explain_plan.h): factors from two
 * variants of one recipe, the design, and the design points' labels.
 */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain_plan.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_stats.h"
#include "wb_util.h"

/*
 * 16-run fractions of resolution IV for 5 to 8 factors: every word has
 * even length and a positive sign, so the all-low and all-high runs are
 * both in the design.
 */
static const char *const default_gens[][4] = {
	{ "E=ABC" },				/* 2^(5-1), I=ABCE */
	{ "E=ABC", "F=BCD" },			/* 2^(6-2) */
	{ "E=ABC", "F=BCD", "G=ACD" },		/* 2^(7-3) */
	{ "E=ABC", "F=BCD", "G=ACD", "H=ABD" },	/* 2^(8-4) */
};

/* The options a variant turns on, as a bit set. */
static int
variant_set(const struct wb_recipe *r, const char *variant, uint64_t *set,
    struct wb_err *err)
{
	struct wb_recipe_config c;
	size_t i;

	if (wb_recipe_config_init(&c, r, variant, err) == -1)
		return (-1);
	*set = 0;
	for (i = 0; i < r->noptions; i++)
		if (c.on[i])
			*set |= (uint64_t)1 << i;
	wb_recipe_config_fini(&c);
	return (0);
}

/* "name=OPT,OPT" into a factor; its options must all differ. */
static int
parse_group(const struct wb_recipe *r, const char *g, uint64_t diff,
    uint64_t taken, struct wb_explain_factor *f, struct wb_err *err)
{
	const char *eq, *p;
	size_t len;
	int i;

	if ((eq = strchr(g, '=')) == NULL || eq == g || eq[1] == '\0' ||
	    !wb_label_ok(g, (size_t)(eq - g)))
		return (wb_err_set(err, "group '%s': expected name=OPTION,"
		    "OPTION", g));
	f->opts = 0;
	for (p = eq + 1; *p != '\0'; p += len + (p[len] == ',')) {
		len = strcspn(p, ",");
		if ((i = wb_recipe_option_find(r, p, len)) == -1)
			return (wb_err_set(err, "group '%s': %s has no option "
			    "'%.*s'", g, r->path, (int)len, p));
		if (!(diff & ((uint64_t)1 << i)))
			return (wb_err_set(err, "group '%s': option %s is the "
			    "same in the base and the target", g,
			    r->options[i]));
		if ((taken | f->opts) & ((uint64_t)1 << i))
			return (wb_err_set(err, "group '%s': option %s is in "
			    "another group", g, r->options[i]));
		f->opts |= (uint64_t)1 << i;
	}
	if ((f->name = strndup(g, (size_t)(eq - g))) == NULL)
		return (wb_err_setsys(err, "strndup"));
	return (0);
}

static int
make_factors(struct wb_explain_plan *p, const struct wb_recipe *r,
    uint64_t diff, const char *const *groups, size_t ngroups,
    struct wb_err *err)
{
	char low[128];
	uint64_t taken = 0;
	size_t i, n;

	n = ngroups;
	for (i = 0; i < r->noptions; i++)
		n += (diff >> i) & 1;
	if ((p->f = calloc(n + 1, sizeof(*p->f))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < ngroups; i++) {
		if (parse_group(r, groups[i], diff, taken, &p->f[p->k],
		    err) == -1)
			return (-1);
		taken |= p->f[p->k++].opts;
	}
	for (i = 0; i < r->noptions; i++) {
		if (!(diff & ((uint64_t)1 << i)) || (taken & ((uint64_t)1 <<
		    i)))
			continue;
		p->f[p->k].opts = (uint64_t)1 << i;
		if ((p->f[p->k++].name = strdup(wb_recipe_option_word(
		    r->options[i], low, sizeof(low)))) == NULL)
			return (wb_err_setsys(err, "strdup"));
	}
	if (p->k == 0)
		return (wb_err_set(err, "%s: variants %s and %s turn on the "
		    "same options: nothing to explain", r->path, p->base,
		    p->target));
	return (0);
}

/* The names of the set bits of set, joined with sep; "-" for none. */
static char *
join(const char *const *names, size_t n, uint64_t set, const char *sep,
    int lowered, char *buf, size_t len)
{
	char low[128];
	size_t i, k = 0;

	buf[0] = '\0';
	for (i = 0; i < n; i++)
		if (set & ((uint64_t)1 << i))
			k += (size_t)snprintf(buf + (k < len ? k : len),
			    k < len ? len - k : 0, "%s%s", k > 0 ? sep : "",
			    lowered ? wb_recipe_option_word(names[i], low,
			    sizeof(low)) : names[i]);
	if (k == 0)
		snprintf(buf, len, "-");
	return (buf);
}

char *
wb_explain_plan_opts(const struct wb_explain_plan *p, uint64_t set,
    char *buf, size_t len)
{

	return (join((const char *const *)p->options, p->noptions, set, "+",
	    1, buf, len));
}

char *
wb_explain_plan_effect(const struct wb_explain_plan *p, uint32_t mask,
    char *buf, size_t len)
{
	const char *names[64];
	size_t i;

	for (i = 0; i < p->k && i < 64; i++)
		names[i] = p->f[i].name;
	return (join(names, i, mask, " x ", 0, buf, len));
}

/* Is word's option set inside set and larger than *bestn options? */
static int
better(const struct wb_recipe *r, const char *word, uint64_t set,
    uint64_t *best, int *bestn, struct wb_err *err)
{
	uint64_t s;

	if (variant_set(r, word, &s, err) == -1)
		return (-1);
	if ((s & ~set) != 0 || __builtin_popcountll(s) <= *bestn)
		return (0);
	*best = s;
	*bestn = __builtin_popcountll(s);
	return (1);
}

/*
 * The label of the point with the options set on: the variant word with
 * the most of set's options and no other (the base's word first, then
 * "default", then VARIANTS in order; a later one only when it has more),
 * then "+option" for each of the rest.
 */
static char *
point_label(const struct wb_explain_plan *p, const struct wb_recipe *r,
    uint64_t set, struct wb_err *err)
{
	char buf[4 * 128], label[2 * 128 + 8], word[128];
	uint64_t best = 0;
	size_t i;
	int bestn = -1, b;

	snprintf(word, sizeof(word), "%.*s", (int)strcspn(p->base, "+"),
	    p->base);
	if (better(r, word, set, &best, &bestn, err) == -1 ||
	    (b = better(r, "default", set, &best, &bestn, err)) == -1)
		return (NULL);
	if (b == 1)
		snprintf(word, sizeof(word), "default");
	for (i = 0; i < r->nvariants; i++) {
		if ((b = better(r, r->variants[i], set, &best, &bestn, err)) ==
		    -1)
			return (NULL);
		if (b == 1)
			snprintf(word, sizeof(word), "%s", r->variants[i]);
	}
	if (bestn < 0)
		return (wb_err_set(err, "%s: no variant is a subset of the "
		    "point %s", r->path, wb_explain_plan_opts(p, set, buf,
		    sizeof(buf))), NULL);
	if ((set & ~best) == 0)
		snprintf(label, sizeof(label), "%s-%s", p->recipe, word);
	else
		snprintf(label, sizeof(label), "%s-%s+%s", p->recipe, word,
		    wb_explain_plan_opts(p, set & ~best, buf, sizeof(buf)));
	if (wb_label_check(label, err) == -1)
		return (NULL);
	return (strdup(label));
}

static int
make_points(struct wb_explain_plan *p, const struct wb_recipe *r,
    struct wb_err *err)
{
	const struct wb_design *d = p->design;
	size_t run, j;

	if ((p->labels = calloc(d->nruns + 1, sizeof(*p->labels))) == NULL ||
	    (p->sets = calloc(d->nruns, sizeof(*p->sets))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (run = 0; run < d->nruns; run++) {
		p->sets[run] = p->base_on;
		for (j = 0; j < p->k; j++)
			if (d->x[run * d->k + j] > 0)
				p->sets[run] ^= p->f[j].opts;
		if ((p->labels[run] = point_label(p, r, p->sets[run], err)) ==
		    NULL)
			return (-1);
	}
	return (0);
}

int
wb_explain_plan_design(struct wb_explain_plan *p, const char *const *gens,
    size_t ngens, struct wb_err *err)
{
	const char **names;
	size_t i;

	if (ngens == 0 && p->k > 4) {
		if (p->k > 8)
			return (wb_err_set(err, "%zu factors: at most 8 without "
			    "generators; group options (--group)", p->k));
		gens = default_gens[p->k - 5];
		ngens = p->k - 4;
	}
	if ((names = calloc(p->k, sizeof(*names))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < p->k; i++)
		names[i] = p->f[i].name;
	p->design = wb_design_new(p->k, names, gens, ngens, err);
	free(names);
	if (p->design == NULL)
		return (-1);
	if (p->design->base == WB_DESIGN_NORUN ||
	    p->design->target == WB_DESIGN_NORUN)
		return (wb_err_set(err, "the generators leave the base or the "
		    "target out of the design: every word must be positive "
		    "and of even length"));
	if (p->design->nruns > WB_EXPLAIN_MAXRUNS)
		return (wb_err_set(err, "%zu design points: at most %d images "
		    "run in one interleaved run; group factors (--group) or "
		    "give generators", p->design->nruns, WB_EXPLAIN_MAXRUNS));
	return (0);
}

struct wb_explain_plan *
wb_explain_plan_new(const struct wb_recipe *r, const char *base,
    const char *target, const char *const *groups, size_t ngroups,
    const char *const *gens, size_t ngens, struct wb_err *err)
{
	struct wb_explain_plan *p;
	uint64_t target_on;
	char *dir = NULL;

	if (r->noptions > 64) {
		wb_err_set(err, "%s: more than 64 options", r->path);
		return (NULL);
	}
	if ((p = calloc(1, sizeof(*p))) == NULL ||
	    (dir = strdup(r->dir)) == NULL ||
	    (p->recipe = strdup(basename(dir))) == NULL ||
	    (p->base = strdup(base)) == NULL ||
	    (p->target = strdup(target)) == NULL) {
		wb_err_setsys(err, "explain plan");
		goto fail;
	}
	p->options = r->options;
	p->noptions = r->noptions;
	if (variant_set(r, base, &p->base_on, err) == -1 ||
	    variant_set(r, target, &target_on, err) == -1 ||
	    make_factors(p, r, p->base_on ^ target_on, groups, ngroups,
	    err) == -1)
		goto fail;
	if (wb_explain_plan_design(p, gens, ngens, err) == -1)
		goto fail;
	if (make_points(p, r, err) == -1)
		goto fail;
	free(dir);
	return (p);
fail:
	free(dir);
	wb_explain_plan_free(p);
	return (NULL);
}

void
wb_explain_plan_free(struct wb_explain_plan *p)
{
	size_t i;

	if (p == NULL)
		return;
	for (i = 0; p->f != NULL && i < p->k; i++)
		free(p->f[i].name);
	for (i = 0; p->labels != NULL && p->labels[i] != NULL; i++)
		free(p->labels[i]);
	free(p->labels);
	free(p->sets);
	free(p->f);
	wb_design_free(p->design);
	free(p->recipe);
	free(p->base);
	free(p->target);
	free(p);
}
