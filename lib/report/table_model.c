/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The score table as a report model: one section, a row per test of
 * every file and a FINAL row per file, the notes under each file's text
 * table as footnotes (naming the file when there are several).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rmodel.h"
#include "table_int.h"
#include "wb_model.h"
#include "wb_util.h"

void
wb_table_model_init(struct wb_table *t)
{
	static const struct {
		const char		*name;
		enum wb_rm_align	 align;
		enum wb_rm_kind		 kind;
	} cols[] = {
		{ "file", WB_RM_LEFT, WB_RM_TEXT },
		{ "label", WB_RM_LEFT, WB_RM_TEXT },
		{ "id", WB_RM_LEFT, WB_RM_TEXT },
		{ "name", WB_RM_LEFT, WB_RM_TEXT },
		{ "unit", WB_RM_LEFT, WB_RM_TEXT },
		{ "baseline", WB_RM_RIGHT, WB_RM_NUM },
		{ "result", WB_RM_RIGHT, WB_RM_NUM },
		{ "index", WB_RM_RIGHT, WB_RM_NUM },
		{ "valid_passes", WB_RM_RIGHT, WB_RM_NUM },
		{ "passes", WB_RM_RIGHT, WB_RM_NUM },
		{ "status", WB_RM_LEFT, WB_RM_TEXT },
	};
	size_t i;

	wb_rmodel_meta(t->m, "estimator",
	    wb_score_estimator_name(t->estimator));
	wb_rmodel_section(t->m, NULL);
	for (i = 0; i < sizeof(cols) / sizeof(cols[0]); i++)
		wb_rmodel_column(t->m, cols[i].name, cols[i].align,
		    cols[i].kind);
}

static void
test_row(struct wb_rmodel *m, const struct wb_table_file *tf,
    const struct wb_test_score *ts)
{

	wb_rmodel_text(m, tf->file);
	wb_rmodel_text(m, tf->label);
	wb_rmodel_text(m, ts->test->id);
	wb_rmodel_text(m, ts->test->name);
	wb_rmodel_text(m, ts->test->unit);
	wb_rmodel_num(m, ts->test->baseline, 1);
	wb_rmodel_num(m, ts->ok ? ts->score : NAN, 3);
	wb_rmodel_num(m, ts->ok && ts->in_index ? ts->index :
	    NAN, 3);
	wb_rmodel_num(m, (double)ts->nvalid, 0);
	wb_rmodel_num(m, (double)ts->test->nsamples, 0);
	wb_rmodel_text(m, ts->ok ? "ok" : "failed");
}

static void
final_row(struct wb_rmodel *m, const struct wb_table_file *tf)
{
	const struct wb_score *sc = tf->score;

	wb_rmodel_text(m, tf->file);
	wb_rmodel_text(m, tf->label);
	wb_rmodel_text(m, "FINAL");
	wb_rmodel_text(m, sc->have_final && sc->partial ?
	    "Partial index score" : "Index score");
	wb_rmodel_text(m, "");
	wb_rmodel_num(m, NAN, 1);
	wb_rmodel_num(m, NAN, 3);
	wb_rmodel_num(m, sc->have_final ? sc->final : NAN, 3);
	wb_rmodel_num(m, NAN, 0);
	wb_rmodel_num(m, NAN, 0);
	wb_rmodel_text(m, !sc->have_final ? "failed" : sc->partial ?
	    "partial" : "ok");
}

struct notes {
	const struct wb_table		*t;
	const struct wb_table_file	*tf;
};

/* The text table's notes, printed to a stream of their own. */
static int
notes_fn(FILE *fp, const void *arg, struct wb_err *err)
{
	const struct notes *n = arg;
	struct wb_table t;

	(void)err;
	t = *n->t;
	t.fp = fp;
	return (wb_table_text_notes(&t, n->tf, ""));
}

int
wb_table_model_add(struct wb_table *t, const struct wb_table_file *tf,
    struct wb_err *err)
{
	struct notes n = { t, tf };
	char *text, *line, *next, buf[1024];
	size_t i;

	for (i = 0; i < tf->score->ntests; i++)
		test_row(t->m, tf, &tf->score->tests[i]);
	final_row(t->m, tf);
	if ((text = wb_atomic_render_mem(notes_fn, &n, "table notes", NULL,
	    err)) == NULL)
		return (-1);
	for (line = text; *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		else
			next = line + strlen(line);
		snprintf(buf, sizeof(buf), "%s%s%s", t->headers ? tf->file :
		    "", t->headers ? ": " : "", line);
		wb_rmodel_footnote(t->m, buf);
	}
	free(text);
	return (0);
}
