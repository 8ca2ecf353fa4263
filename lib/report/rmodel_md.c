/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A report model as Markdown: "# title", the notes as paragraphs, the
 * metadata as a list, "## section" ("###" below one), its paragraphs
 * and lists and a pipe table (a number right-aligned), the footnotes
 * last; blocks a blank line apart.  A strong paragraph, a strong lead
 * and a signed verdict are **bold**; preformatted lines are a code block.  In a heading, an item and a cell,
 * text is shown as wb_strvis shows it, a "|" is "\|" and a backslash
 * before punctuation is doubled.
 */
#include <ctype.h>
#include <stdio.h>

#include "rmodel.h"
#include "wb_util.h"

static void
esc(FILE *fp, const char *s)
{

	for (s = wb_strvis_slot(s); *s != '\0'; s++) {
		if (*s == '|' || (*s == '\\' && ispunct((unsigned char)s[1])))
			fputc('\\', fp);
		fputc(*s, fp);
	}
}

/* Before every block but the first: the blank line between them. */
static void
sep(FILE *fp, int *n)
{

	if ((*n)++ > 0)
		fputc('\n', fp);
}

static void
paras(FILE *fp, char *const *v, size_t n, int *nb)
{
	size_t i;

	for (i = 0; i < n; i++) {
		sep(fp, nb);
		wb_strvis_fputs(v[i], WB_VIS_WHITE, fp);
		fputc('\n', fp);
	}
}

/* A section's blocks: paragraphs, and consecutive items as a list. */
static void
notes(FILE *fp, const struct wb_rm_note *v, size_t n, int *nb)
{
	size_t i;
	int item, initem;

	for (initem = 0, i = 0; i < n; i++) {
		item = v[i].kind == WB_RM_ITEM || v[i].kind == WB_RM_ITEM_WARN;
		if (!item || !initem || v[i].newlist)
			sep(fp, nb);
		initem = item;
		if (v[i].kind == WB_RM_PRE) {
			fputs("```\n", fp);
			wb_strvis_fputs(v[i].text, WB_VIS_WHITE, fp);
			fputs("```\n", fp);
			continue;
		}
		if (!item) {
			fputs(v[i].kind == WB_RM_WARN ? "**" : "", fp);
			wb_strvis_fputs(v[i].text, WB_VIS_WHITE, fp);
			fputs(v[i].kind == WB_RM_WARN ? "**\n" : "\n", fp);
			continue;
		}
		fputs("- ", fp);
		if (v[i].lead != NULL) {
			fputs(v[i].kind == WB_RM_ITEM_WARN ? "**" : "", fp);
			esc(fp, v[i].lead);
			fputs(v[i].kind == WB_RM_ITEM_WARN ? "**: " : ": ", fp);
		}
		esc(fp, v[i].text);
		fputc('\n', fp);
	}
}

static void
cell(FILE *fp, const struct wb_rmodel_cell *x)
{
	char buf[WB_VIS_SIZE];
	int strong;

	strong = x->strong || (x->kind == WB_RM_VERDICT && x->sign != 0);
	fputs(strong ? "**" : "", fp);
	esc(fp, wb_rmodel_cell_str(x, buf, sizeof(buf)));
	fputs(strong ? "**" : "", fp);
}

static void
table(FILE *fp, const struct wb_rm_section *s, int *nb)
{
	static const char *const rule[] = {
		[WB_RM_LEFT] = "|:---",
		[WB_RM_RIGHT] = "|---:",
		[WB_RM_PLAIN] = "|---",
	};
	const struct wb_rmodel_cell *x;
	size_t r, c;

	if (s->ncol == 0)
		return;
	sep(fp, nb);
	for (c = 0; c < s->ncol; c++) {
		fputs("| ", fp);
		esc(fp, s->col[c].name);
		fputc(' ', fp);
	}
	fputs("|\n", fp);
	for (c = 0; c < s->ncol; c++)
		fputs(rule[s->col[c].align], fp);
	fputs("|\n", fp);
	for (r = 0; r < wb_rmodel_nrow(s); r++) {
		for (c = 0; c < s->ncol; c++) {
			fputs("| ", fp);
			if ((x = wb_rmodel_cell(s, r, c)) != NULL)
				cell(fp, x);
			fputc(' ', fp);
		}
		fputs("|\n", fp);
	}
}

int
wb_rmodel_write_md(FILE *fp, const struct wb_rmodel *m, struct wb_err *err)
{
	const struct wb_rm_section *s;
	size_t i;
	int nb;

	(void)err;
	nb = 0;
	if (m->title != NULL) {
		sep(fp, &nb);
		fputs("# ", fp);
		esc(fp, m->title);
		fputc('\n', fp);
	}
	paras(fp, m->note, m->nnote, &nb);
	for (i = 0; i < m->nmeta; i++) {
		if (i == 0)
			sep(fp, &nb);
		fputs("- ", fp);
		esc(fp, m->meta[i].key);
		fputs(": ", fp);
		esc(fp, m->meta[i].value);
		fputc('\n', fp);
	}
	for (i = 0; i < m->nsec; i++) {
		s = &m->sec[i];
		if (!wb_rmodel_shown(s, 1))
			continue;
		if (s->title != NULL) {
			sep(fp, &nb);
			fprintf(fp, "%s ", s->depth > 1 ? "###" : "##");
			esc(fp, s->title);
			fputc('\n', fp);
		}
		notes(fp, s->note, s->nnote, &nb);
		table(fp, s, &nb);
	}
	paras(fp, m->foot, m->nfoot, &nb);
	return (0);
}
