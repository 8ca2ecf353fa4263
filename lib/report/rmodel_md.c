/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A report model as Markdown: "# title", the notes as paragraphs, the
 * metadata as a list, "## section" and a pipe table per section (a
 * number right-aligned), the footnotes last.  A "|" in a cell is "\|".
 */
#include <stdio.h>

#include "err.h"
#include "rmodel.h"
#include "strvis.h"

static void
esc(FILE *fp, const char *s)
{

	for (s = wb_strvis_slot(s); *s != '\0'; s++) {
		if (*s == '|' || *s == '\\')
			fputc('\\', fp);
		fputc(*s, fp);
	}
}

static void
paras(FILE *fp, char *const *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		wb_strvis_fputs(v[i], WB_VIS_WHITE, fp);
		fputs("\n\n", fp);
	}
}

static void
table(FILE *fp, const struct wb_rm_section *s)
{
	const struct wb_rm_cell *x;
	char buf[WB_VIS_SIZE];
	size_t r, c;

	if (s->ncol == 0)
		return;
	for (c = 0; c < s->ncol; c++) {
		fputs("| ", fp);
		esc(fp, s->col[c].name);
		fputc(' ', fp);
	}
	fputs("|\n", fp);
	for (c = 0; c < s->ncol; c++)
		fputs(s->col[c].align == WB_RM_RIGHT ? "|---:" : "|:---", fp);
	fputs("|\n", fp);
	for (r = 0; r < wb_rm_nrow(s); r++) {
		for (c = 0; c < s->ncol; c++) {
			fputs("| ", fp);
			if ((x = wb_rm_cell(s, r, c)) != NULL)
				esc(fp, wb_rm_cell_str(x, buf, sizeof(buf)));
			fputc(' ', fp);
		}
		fputs("|\n", fp);
	}
	fputc('\n', fp);
}

int
wb_rm_write_md(FILE *fp, const struct wb_rmodel *m, struct wb_err *err)
{
	const struct wb_rm_section *s;
	size_t i;

	(void)err;
	if (m->title != NULL)
		fprintf(fp, "# %s\n\n", wb_strvis_slot(m->title));
	paras(fp, m->note, m->nnote);
	for (i = 0; i < m->nmeta; i++) {
		fputs("- ", fp);
		esc(fp, m->meta[i].key);
		fputs(": ", fp);
		esc(fp, m->meta[i].value);
		fputc('\n', fp);
	}
	if (m->nmeta > 0)
		fputc('\n', fp);
	for (i = 0; i < m->nsec; i++) {
		s = &m->sec[i];
		if (s->title != NULL)
			fprintf(fp, "## %s\n\n", wb_strvis_slot(s->title));
		paras(fp, s->note, s->nnote);
		table(fp, s);
	}
	paras(fp, m->foot, m->nfoot);
	return (0);
}
