/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A report model as CSV (RFC 4180): each section's table, a header
 * line of its column names then its rows, sections a blank line apart.
 * A ratio is three fields: name, name_lo, name_hi; a number without a
 * value is an empty field.  Titles and notes are not part of a table.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "err.h"
#include "rmodel.h"

static void
header(FILE *fp, const struct wb_rm_col *col, int first)
{

	if (!first)
		fputc(',', fp);
	wb_rm_csv_field(fp, col->name);
	if (col->kind == WB_RM_RATIO) {
		fputc(',', fp);
		wb_rm_csv_field(fp, col->name);
		fputs("_lo,", fp);
		wb_rm_csv_field(fp, col->name);
		fputs("_hi", fp);
	}
}

/*
 * A number with its cell's digits, unless they lose some of the value's
 * ten significant ones: CSV is read by programs, so it keeps them.
 */
static void
num(FILE *fp, double v, int prec)
{
	char a[64], b[64];

	if (isnan(v))
		return;
	snprintf(a, sizeof(a), "%.*f", prec, v);
	snprintf(b, sizeof(b), "%.10g", v);
	fputs(strtod(a, NULL) == strtod(b, NULL) ? a : b, fp);
}

static void
cell(FILE *fp, const struct wb_rm_col *col, const struct wb_rm_cell *c)
{

	if (c == NULL) {
		if (col->kind == WB_RM_RATIO)
			fputs(",,", fp);
		return;
	}
	switch (c->kind) {
	case WB_RM_NUM:
		num(fp, c->v, c->prec);
		break;
	case WB_RM_RATIO:
		num(fp, c->v, c->prec);
		fputc(',', fp);
		num(fp, c->lo, c->prec);
		fputc(',', fp);
		num(fp, c->hi, c->prec);
		break;
	default:
		wb_rm_csv_field(fp, c->text);
	}
}

int
wb_rm_write_csv(FILE *fp, const struct wb_rmodel *m, struct wb_err *err)
{
	const struct wb_rm_section *s;
	size_t i, r, c, n;

	(void)err;
	for (n = i = 0; i < m->nsec; i++) {
		s = &m->sec[i];
		if (s->ncol == 0)
			continue;
		if (n++ > 0)
			fputc('\n', fp);
		for (c = 0; c < s->ncol; c++)
			header(fp, &s->col[c], c == 0);
		fputc('\n', fp);
		for (r = 0; r < wb_rm_nrow(s); r++) {
			for (c = 0; c < s->ncol; c++) {
				if (c > 0)
					fputc(',', fp);
				cell(fp, &s->col[c], wb_rm_cell(s, r, c));
			}
			fputc('\n', fp);
		}
	}
	return (0);
}
