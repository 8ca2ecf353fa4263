/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A report model as text: "# key: value" metadata, the title and notes,
 * then each section for readers: its title, its blocks (an item as
 * "- lead: text", a paragraph wrapped at 78 columns, preformatted lines
 * as they are) and table (columns padded to their widest cell, two
 * spaces apart, a line ending at its last non-empty cell; a signed
 * verdict marked "*", as Markdown makes it bold), then the footnotes.
 * Text from files is shown as wb_strvis shows it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rmodel.h"
#include "wb_util.h"

static const char *
cell(const struct wb_rm_section *s, size_t r, size_t c, char *buf,
    size_t len)
{
	const struct wb_rmodel_cell *x;
	char raw[WB_VIS_SIZE];

	if ((x = wb_rmodel_cell(s, r, c)) == NULL)
		return ("");
	if (x->kind == WB_RM_VERDICT && x->sign != 0 && len > 1) {
		buf[0] = '*';
		wb_strvis(buf + 1, len - 1, wb_rmodel_cell_str(x, raw,
		    sizeof(raw)));
		return (buf);
	}
	return (wb_strvis(buf, len, wb_rmodel_cell_str(x, raw, sizeof(raw))));
}

static void
put(FILE *fp, const char *s, size_t w, enum wb_rm_align a, int last)
{

	if (a == WB_RM_RIGHT)
		fprintf(fp, "%*s", (int)w, s);
	else if (last)
		fputs(s, fp);
	else
		fprintf(fp, "%-*s", (int)w, s);
}

/*
 * Row r (the header when r is (size_t)-1) up to its last non-empty
 * cell, so that no line ends in blanks.
 */
static void
row(FILE *fp, const struct wb_rm_section *s, size_t r, const size_t *w)
{
	char buf[WB_VIS_SIZE];
	const char *v;
	size_t c, n;

	for (n = s->ncol; n > 0; n--) {
		v = r == (size_t)-1 ? s->col[n - 1].name :
		    cell(s, r, n - 1, buf, sizeof(buf));
		if (*v != '\0')
			break;
	}
	for (c = 0; c < n; c++) {
		v = r == (size_t)-1 ? wb_strvis_slot(s->col[c].name) :
		    cell(s, r, c, buf, sizeof(buf));
		fputs(c > 0 ? "  " : "", fp);
		put(fp, v, w[c], s->col[c].align, c + 1 == n);
	}
	fputc('\n', fp);
}

static int
table(FILE *fp, const struct wb_rm_section *s, struct wb_err *err)
{
	char buf[WB_VIS_SIZE];
	size_t *w, r, c, n;

	if (s->ncol == 0)
		return (0);
	if ((w = calloc(s->ncol, sizeof(*w))) == NULL)
		return (wb_err_setsys(err, "text report"));
	for (c = 0; c < s->ncol; c++)
		w[c] = strlen(wb_strvis_slot(s->col[c].name));
	for (r = 0; r < wb_rmodel_nrow(s); r++)
		for (c = 0; c < s->ncol; c++)
			if ((n = strlen(cell(s, r, c, buf, sizeof(buf)))) >
			    w[c])
				w[c] = n;
	row(fp, s, (size_t)-1, w);
	for (r = 0; r < wb_rmodel_nrow(s); r++)
		row(fp, s, r, w);
	free(w);
	return (0);
}

static void
lines(FILE *fp, char *const *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		wb_strvis_fputs(v[i], WB_VIS_WHITE, fp);
		fputc('\n', fp);
	}
}

/*
 * A paragraph wrapped on spaces at 78 columns, so that a long one reads
 * in a terminal and diffs by line; a word longer than that is a line.
 */
static void
para(FILE *fp, const char *text)
{
	char buf[4 * WB_VIS_SIZE];
	const char *s, *sp;
	size_t col, w;

	col = 0;
	for (s = wb_strvis(buf, sizeof(buf), text); *s != '\0';) {
		if ((sp = strchr(s, ' ')) == NULL)
			sp = s + strlen(s);
		w = (size_t)(sp - s);
		if (col > 0 && col + 1 + w > 78) {
			fputc('\n', fp);
			col = 0;
		} else if (col > 0) {
			fputc(' ', fp);
			col++;
		}
		fwrite(s, 1, w, fp);
		col += w;
		s = *sp == ' ' ? sp + 1 : sp;
	}
	fputc('\n', fp);
}

/* A section's blocks: an item as "- lead: text", a paragraph wrapped. */
static void
notes(FILE *fp, const struct wb_rm_note *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (v[i].kind == WB_RM_PARA || v[i].kind == WB_RM_WARN) {
			para(fp, v[i].text);
			continue;
		}
		if (v[i].kind == WB_RM_ITEM || v[i].kind == WB_RM_ITEM_WARN) {
			fputs("- ", fp);
			if (v[i].lead != NULL)
				fprintf(fp, "%s: ", wb_strvis_slot(v[i].lead));
		}
		wb_strvis_fputs(v[i].text, WB_VIS_WHITE, fp);
		fputc('\n', fp);
	}
}

int
wb_rmodel_write_text(FILE *fp, const struct wb_rmodel *m, struct wb_err *err)
{
	const struct wb_rm_section *s;
	size_t i;
	int any;

	any = m->nmeta > 0 || m->title != NULL || m->nnote > 0;
	for (i = 0; i < m->nmeta; i++)
		fprintf(fp, "# %s: %s\n", wb_strvis_slot(m->meta[i].key),
		    wb_strvis_slot(m->meta[i].value));
	if (m->title != NULL)
		fprintf(fp, "%s\n", wb_strvis_slot(m->title));
	lines(fp, m->note, m->nnote);
	for (i = 0; i < m->nsec; i++) {
		s = &m->sec[i];
		if (!wb_rmodel_shown(s, 1))
			continue;
		/* Sections a blank line apart, none before the first line. */
		if (any++)
			fputc('\n', fp);
		if (s->title != NULL)
			fprintf(fp, "%s\n", wb_strvis_slot(s->title));
		notes(fp, s->note, s->nnote);
		if (table(fp, s, err) == -1)
			return (-1);
	}
	if (m->nfoot > 0)
		fputc('\n', fp);
	lines(fp, m->foot, m->nfoot);
	return (0);
}
