/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A report model as CSV (RFC 4180): each section for programs, a header
 * line of its column names then its rows, sections a blank line apart.
 * A ratio is three fields: name, name_lo, name_hi; a number without a
 * value is an empty field.  Titles and notes are not part of a table.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rmodel.h"
#include "wb_util.h"

/*
 * A CSV field (RFC 4180), quoted when it holds a comma or a quote;
 * control characters as wb_strvis shows them (so no line break is
 * ever raw), whatever the field's length.
 */
static int
csv_field(FILE *fp, const char *s)
{
	char esc[WB_VIS_ESCLEN];
	const char *e;
	size_t n;
	int q;

	q = strpbrk(s, ",\"") != NULL;
	if (q && fputc('"', fp) == EOF)
		return (-1);
	for (; *s != '\0'; s += n) {
		if (*s == '"' && fputc('"', fp) == EOF)
			return (-1);
		if ((e = wb_strvis_char(s, 0, &n, esc)) != NULL) {
			if (fputs(e, fp) == EOF)
				return (-1);
		} else if (fwrite(s, 1, n, fp) != n)
			return (-1);
	}
	return (q && fputc('"', fp) == EOF ? -1 : 0);
}

static void
header(FILE *fp, const struct wb_rm_col *col, int first)
{

	if (!first)
		fputc(',', fp);
	csv_field(fp, col->name);
	if (col->kind == WB_RM_RATIO) {
		fputc(',', fp);
		csv_field(fp, col->name);
		fputs("_lo,", fp);
		csv_field(fp, col->name);
		fputs("_hi", fp);
	}
}

/*
 * A number with its cell's digits, unless they lose some of the value's
 * ten significant ones: CSV is read by programs, so it keeps them.  A
 * number given to sig significant digits is printed with those.
 */
static void
num(FILE *fp, double v, int prec, int sig)
{
	char a[64], b[64];

	if (isnan(v))
		return;
	if (sig > 0) {
		fprintf(fp, "%.*g", sig, v);
		return;
	}
	snprintf(a, sizeof(a), "%.*f", prec, v);
	snprintf(b, sizeof(b), "%.10g", v);
	fputs(strtod(a, NULL) == strtod(b, NULL) ? a : b, fp);
}

static void
cell(FILE *fp, const struct wb_rm_col *col, const struct wb_rmodel_cell *c)
{

	if (c == NULL) {
		if (col->kind == WB_RM_RATIO)
			fputs(",,", fp);
		return;
	}
	switch (c->kind) {
	case WB_RM_NUM:
		num(fp, c->v, c->prec, c->sig);
		break;
	case WB_RM_RATIO:
		num(fp, c->v, c->prec, 0);
		fputc(',', fp);
		num(fp, c->lo, c->prec, 0);
		fputc(',', fp);
		num(fp, c->hi, c->prec, 0);
		break;
	default:
		csv_field(fp, c->text);
	}
}

int
wb_rmodel_write_csv(FILE *fp, const struct wb_rmodel *m, struct wb_err *err)
{
	const struct wb_rm_section *s;
	size_t i, r, c, n;

	(void)err;
	for (n = i = 0; i < m->nsec; i++) {
		s = &m->sec[i];
		if (s->ncol == 0 || !wb_rmodel_shown(s, 0))
			continue;
		if (n++ > 0)
			fputc('\n', fp);
		for (c = 0; c < s->ncol; c++)
			header(fp, &s->col[c], c == 0);
		fputc('\n', fp);
		for (r = 0; r < wb_rmodel_nrow(s); r++) {
			for (c = 0; c < s->ncol; c++) {
				if (c > 0)
					fputc(',', fp);
				cell(fp, &s->col[c], wb_rmodel_cell(s, r, c));
			}
			fputc('\n', fp);
		}
	}
	return (0);
}
