/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Two-level designs (design.h): the generators parsed, the runs laid
 * out, and the defining relation closed under multiplication.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "design.h"
#include "wb_util.h"

int
wb_design_order(uint32_t effect)
{

	return (__builtin_popcount(effect));
}

int
wb_design_level(const struct wb_design *d, size_t run, uint32_t effect)
{
	const signed char *x;
	size_t i;
	int s;

	x = d->x + run * d->k;
	s = 1;
	for (i = 0; i < d->k; i++)
		if (effect & (UINT32_C(1) << i))
			s *= x[i];
	return (s);
}

void
wb_design_aliases(const struct wb_design *d, uint32_t effect,
    struct wb_design_word *out)
{
	size_t i;

	for (i = 0; i < d->nwords; i++) {
		out[i].mask = effect ^ d->words[i].mask;
		out[i].sign = d->words[i].sign;
	}
}

char *
wb_design_effect_name(uint32_t effect, int sign, char *buf, size_t len)
{
	size_t i, o;

	o = 0;
	if (len == 0)
		return (buf);
	if (sign < 0 && o + 1 < len)
		buf[o++] = '-';
	if (effect == 0 && o + 1 < len)
		buf[o++] = 'I';
	for (i = 0; i < WB_DESIGN_MAXK && o + 1 < len; i++)
		if (effect & (UINT32_C(1) << i))
			buf[o++] = (char)('A' + i);
	buf[o] = '\0';
	return (buf);
}

const char *
wb_design_resolution_name(int r)
{
	static const char *const roman[] = { "full", "I", "II", "III", "IV",
	    "V", "VI", "VII", "VIII", "IX", "X" };

	if (r < 0 || (size_t)r >= sizeof(roman) / sizeof(roman[0]))
		return ("XI or more");
	return (roman[r]);
}

/* "D = -ABC" into w; the defined factor's bit in *def. */
static int
parse_gen(const char *s, size_t k, struct wb_design_word *w, uint32_t *def,
    struct wb_err *err)
{
	const char *p;
	uint32_t bit;

	p = s;
	while (isspace((unsigned char)*p))
		p++;
	if (*p < 'A' || *p >= (int)('A' + k))
		return (wb_err_set(err, "generator \"%s\": it must start with "
		    "a factor letter from A to %c", s, (char)('A' + k - 1)));
	*def = UINT32_C(1) << (*p++ - 'A');
	while (isspace((unsigned char)*p))
		p++;
	if (*p++ != '=')
		return (wb_err_set(err, "generator \"%s\": no \"=\" after "
		    "the factor it defines", s));
	while (isspace((unsigned char)*p))
		p++;
	w->sign = 1;
	if (*p == '-' || *p == '+')
		w->sign = *p++ == '-' ? -1 : 1;
	w->mask = 0;
	for (; *p != '\0' && !isspace((unsigned char)*p); p++) {
		if (*p < 'A' || *p >= (int)('A' + k))
			return (wb_err_set(err, "generator \"%s\": '%c' is not "
			    "a factor letter from A to %c", s, *p,
			    (char)('A' + k - 1)));
		bit = UINT32_C(1) << (*p - 'A');
		if (w->mask & bit)
			return (wb_err_set(err, "generator \"%s\": '%c' twice",
			    s, *p));
		w->mask |= bit;
	}
	while (isspace((unsigned char)*p))
		p++;
	if (*p != '\0')
		return (wb_err_set(err, "generator \"%s\": trailing text", s));
	if (wb_design_order(w->mask) < 2)
		return (wb_err_set(err, "generator \"%s\": a factor must be "
		    "defined from at least two others", s));
	if (w->mask & *def)
		return (wb_err_set(err, "generator \"%s\": the factor defines "
		    "itself", s));
	w->mask |= *def;
	return (0);
}

static int
parse_gens(struct wb_design *d, const char *const *gens, uint32_t *defined,
    struct wb_err *err)
{
	uint32_t def, used;
	size_t i;

	*defined = used = def = 0;
	for (i = 0; i < d->p; i++) {
		if (parse_gen(gens[i], d->k, &d->gens[i], &def, err) == -1)
			return (-1);
		if (*defined & def)
			return (wb_err_set(err, "generator \"%s\": that factor "
			    "is already defined", gens[i]));
		*defined |= def;
		d->defs[i] = def;
		used |= d->gens[i].mask & ~def;
	}
	if (used & *defined)
		return (wb_err_set(err, "a generator uses a factor that another "
		    "generator defines"));
	return (0);
}

static void
lay_out(struct wb_design *d, uint32_t defined)
{
	size_t r, i, j, g;
	signed char *x;
	int s;

	for (r = 0; r < d->nruns; r++) {
		x = d->x + r * d->k;
		for (i = j = 0; i < d->k; i++)
			if (!(defined & (UINT32_C(1) << i)))
				x[i] = (r >> j++) & 1 ? 1 : -1;
		for (g = 0; g < d->p; g++) {
			s = d->gens[g].sign;
			for (i = 0; i < d->k; i++)
				if (d->gens[g].mask & ~defined &
				    (UINT32_C(1) << i))
					s *= x[i];
			for (i = 0; i < d->k; i++)
				if (d->gens[g].mask & defined &
				    (UINT32_C(1) << i))
					x[i] = (signed char)s;
		}
		s = 0;
		for (i = 0; i < d->k; i++)
			s += x[i];
		if (s == -(int)d->k)
			d->base = r;
		if (s == (int)d->k)
			d->target = r;
	}
}

/* Every product of a non-empty subset of the generators' words. */
static void
close_words(struct wb_design *d)
{
	size_t set, g;
	int o;

	d->resolution = 0;
	for (set = 1; set <= d->nwords; set++) {
		d->words[set - 1].mask = 0;
		d->words[set - 1].sign = 1;
		for (g = 0; g < d->p; g++)
			if (set & ((size_t)1 << g)) {
				d->words[set - 1].mask ^= d->gens[g].mask;
				d->words[set - 1].sign *= d->gens[g].sign;
			}
		o = wb_design_order(d->words[set - 1].mask);
		if (d->resolution == 0 || o < d->resolution)
			d->resolution = o;
	}
}

static int
set_names(struct wb_design *d, const char *const *names, struct wb_err *err)
{
	char buf[2];
	size_t i;

	for (i = 0; i < d->k; i++) {
		buf[0] = (char)('A' + i);
		buf[1] = '\0';
		d->names[i] = strdup(names != NULL && names[i] != NULL ?
		    names[i] : buf);
		if (d->names[i] == NULL)
			return (wb_err_setsys(err, "strdup"));
	}
	return (0);
}

struct wb_design *
wb_design_new(size_t k, const char *const *names, const char *const *gens,
    size_t p, struct wb_err *err)
{
	struct wb_design *d;
	uint32_t defined;

	if (k < 1 || k > WB_DESIGN_MAXK || p >= k ||
	    k - p > WB_DESIGN_MAXBASIC) {
		wb_err_set(err, "a design of %zu factors and %zu generators: "
		    "need 1 to %d factors, fewer generators than factors and "
		    "at most %d basic factors", k, p, WB_DESIGN_MAXK,
		    WB_DESIGN_MAXBASIC);
		return (NULL);
	}
	if ((d = calloc(1, sizeof(*d))) == NULL) {
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	d->k = k;
	d->p = p;
	d->nruns = (size_t)1 << (k - p);
	d->nwords = ((size_t)1 << p) - 1;
	d->base = d->target = WB_DESIGN_NORUN;
	d->names = calloc(k, sizeof(*d->names));
	d->gens = calloc(p + 1, sizeof(*d->gens));
	d->defs = calloc(p + 1, sizeof(*d->defs));
	d->x = calloc(d->nruns * k, sizeof(*d->x));
	d->words = calloc(d->nwords + 1, sizeof(*d->words));
	if (d->names == NULL || d->gens == NULL || d->defs == NULL ||
	    d->x == NULL || d->words == NULL) {
		wb_err_setsys(err, "calloc");
		goto fail;
	}
	if (set_names(d, names, err) == -1 ||
	    parse_gens(d, gens, &defined, err) == -1)
		goto fail;
	lay_out(d, defined);
	close_words(d);
	return (d);
fail:
	wb_design_free(d);
	return (NULL);
}

void
wb_design_free(struct wb_design *d)
{
	size_t i;

	if (d == NULL)
		return;
	for (i = 0; i < d->k && d->names != NULL; i++)
		free(d->names[i]);
	free(d->names);
	free(d->gens);
	free(d->defs);
	free(d->x);
	free(d->words);
	free(d);
}
