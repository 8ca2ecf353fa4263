/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A report model as tab-separated values: each section for programs,
 * its column names
 * then its rows, a cell as wb_rmodel_cell_str writes it, tabs and line
 * breaks in text shown as wb_strvis shows them; sections a blank line
 * apart.
 */
#include <stdio.h>

#include "rmodel.h"
#include "wb_util.h"

int
wb_rmodel_write_tsv(FILE *fp, const struct wb_rmodel *m, struct wb_err *err)
{
	const struct wb_rm_section *s;
	const struct wb_rmodel_cell *x;
	char buf[WB_VIS_SIZE];
	size_t i, r, c, n;

	(void)err;
	for (n = i = 0; i < m->nsec; i++) {
		s = &m->sec[i];
		if (!wb_rmodel_shown(s, 0))
			continue;
		if (n++ > 0)
			fputc('\n', fp);
		for (c = 0; c < s->ncol; c++)
			fprintf(fp, "%s%s", c > 0 ? "\t" : "",
			    wb_strvis_slot(s->col[c].name));
		fputc('\n', fp);
		for (r = 0; r < wb_rmodel_nrow(s); r++) {
			for (c = 0; c < s->ncol; c++) {
				x = wb_rmodel_cell(s, r, c);
				fprintf(fp, "%s%s", c > 0 ? "\t" : "", x ==
				    NULL ? "" : wb_strvis_slot(wb_rmodel_cell_str(x,
				    buf, sizeof(buf))));
			}
			fputc('\n', fp);
		}
	}
	return (0);
}
