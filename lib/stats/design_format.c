/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A design in words (design.h): what it is, and which effects it cannot
 * tell apart.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "design.h"
#include "wb_util.h"

/* Shorter words first, then in the order of their letters. */
static int
word_cmp(const void *a, const void *b)
{
	const struct wb_design_word *x, *y;
	char bx[WB_DESIGN_MAXK + 2], by[WB_DESIGN_MAXK + 2];
	int ox, oy;

	x = a;
	y = b;
	ox = wb_design_order(x->mask);
	oy = wb_design_order(y->mask);
	if (ox != oy)
		return (ox - oy);
	return (strcmp(wb_design_effect_name(x->mask, 1, bx, sizeof(bx)),
	    wb_design_effect_name(y->mask, 1, by, sizeof(by))));
}

static void
put_head(FILE *f, const struct wb_design *d)
{
	char b[WB_DESIGN_MAXK + 2], b2[WB_DESIGN_MAXK + 2];
	size_t i;

	if (d->p == 0)
		fprintf(f, "design: 2^%zu full factorial, %zu runs\n", d->k,
		    d->nruns);
	else
		fprintf(f, "design: 2^(%zu-%zu) fractional factorial, %zu runs, "
		    "resolution %s\n", d->k, d->p, d->nruns,
		    wb_design_resolution_name(d->resolution));
	fprintf(f, "factors:");
	for (i = 0; i < d->k; i++)
		fprintf(f, "%s %c = %s", i > 0 ? "," : "", (char)('A' + i),
		    d->names[i]);
	fprintf(f, "\n");
	if (d->p > 0) {
		fprintf(f, "generators:");
		for (i = 0; i < d->p; i++)
			fprintf(f, "%s %s = %s", i > 0 ? "," : "",
			    wb_design_effect_name(d->defs[i], 1, b, sizeof(b)),
			    wb_design_effect_name(d->gens[i].mask & ~d->defs[i],
			    d->gens[i].sign, b2, sizeof(b2)));
		fprintf(f, "\ndefining relation: I");
		for (i = 0; i < d->nwords; i++)
			fprintf(f, " = %s", wb_design_effect_name(
			    d->words[i].mask, d->words[i].sign, b, sizeof(b)));
		fprintf(f, "\n");
	}
	if (d->base == WB_DESIGN_NORUN)
		fprintf(f, "base (all low): not a run of this fraction\n");
	else
		fprintf(f, "base (all low): run %zu\n", d->base + 1);
	if (d->target == WB_DESIGN_NORUN)
		fprintf(f, "target (all high): not a run of this fraction\n");
	else
		fprintf(f, "target (all high): run %zu\n", d->target + 1);
}

/* Marks the effects of order 1 and 2 that a line has named. */
static void
mark(uint8_t *seen, size_t k, uint32_t m)
{
	size_t i, j;

	for (i = 0; i < k; i++)
		for (j = i; j < k; j++)
			if (m == ((UINT32_C(1) << i) | (UINT32_C(1) << j)))
				seen[i * k + j] = 1;
}

static int
seen_of(const uint8_t *seen, size_t k, size_t i, size_t j)
{

	return (seen[i * k + j]);
}

static void
put_aliases(FILE *f, const struct wb_design *d, uint32_t e,
    struct wb_design_word *al, uint8_t *seen, int maxorder)
{
	char b[WB_DESIGN_MAXK + 2];
	size_t i, nshow, nhide, shown;
	int o;

	wb_design_aliases(d, e, al);
	qsort(al, d->nwords, sizeof(*al), word_cmp);
	nshow = nhide = 0;
	for (i = 0; i < d->nwords; i++) {
		o = wb_design_order(al[i].mask);
		if (maxorder > 0 && o > maxorder)
			nhide++;
		else
			nshow++;
		mark(seen, d->k, al[i].mask);
	}
	fprintf(f, "%s is aliased with", wb_design_effect_name(e, 1, b,
	    sizeof(b)));
	for (i = shown = 0; i < d->nwords; i++) {
		if (maxorder > 0 && wb_design_order(al[i].mask) > maxorder)
			continue;
		shown++;
		fprintf(f, "%s%s", shown == 1 ? " " : shown == nshow ?
		    " and " : ", ", wb_design_effect_name(al[i].mask,
		    al[i].sign, b, sizeof(b)));
	}
	if (nhide > 0)
		fprintf(f, "%s%zu effect%s of order %d or more",
		    nshow > 0 ? ", and with " : " ", nhide, nhide > 1 ? "s" : "",
		    maxorder + 1);
	fprintf(f, "\n");
}

static void
put_structure(FILE *f, const struct wb_design *d, struct wb_design_word *al,
    uint8_t *seen, int maxorder)
{
	size_t i, j;

	if (d->p == 0) {
		fprintf(f, "no effect is aliased with another: every main "
		    "effect and interaction is estimable\n");
		return;
	}
	for (i = 0; i < d->k; i++)
		if (!seen_of(seen, d->k, i, i)) {
			mark(seen, d->k, UINT32_C(1) << i);
			put_aliases(f, d, UINT32_C(1) << i, al, seen, maxorder);
		}
	for (i = 0; i < d->k; i++)
		for (j = i + 1; j < d->k; j++)
			if (!seen_of(seen, d->k, i, j)) {
				mark(seen, d->k, (UINT32_C(1) << i) |
				    (UINT32_C(1) << j));
				put_aliases(f, d, (UINT32_C(1) << i) |
				    (UINT32_C(1) << j), al, seen, maxorder);
			}
}

char *
wb_design_format(const struct wb_design *d, int maxorder, struct wb_err *err)
{
	struct wb_design_word *al;
	uint8_t *seen;
	char *buf;
	size_t len;
	FILE *f;
	int bad;

	al = calloc(d->nwords + 1, sizeof(*al));
	seen = calloc(d->k * d->k, 1);
	if (al == NULL || seen == NULL) {
		free(al);
		free(seen);
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	buf = NULL;
	if ((f = open_memstream(&buf, &len)) == NULL) {
		free(al);
		free(seen);
		wb_err_setsys(err, "open_memstream");
		return (NULL);
	}
	put_head(f, d);
	put_structure(f, d, al, seen, maxorder);
	free(al);
	free(seen);
	bad = ferror(f);
	if (fclose(f) == EOF || bad) {
		free(buf);
		wb_err_setsys(err, "formatting the design");
		return (NULL);
	}
	return (buf);
}
