/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Text tables: the UnixBench 4.1 "INDEX VALUES" layout (the seed's) and
 * the UnixBench 5 "System Benchmarks Index" layout.
 */
#include <stdio.h>

#include "table_int.h"
#include "wb_model.h"
#include "wb_util.h"

/*
 * Print a file's title; fmt takes the file name, " (", the label and ")",
 * the parentheses empty when there is no label.
 */
static int
title(struct wb_table *t, const struct wb_table_file *tf, const char *fmt)
{

	if (fprintf(t->fp, fmt, wb_strvis_slot(tf->file), *tf->label != '\0' ?
	    " (" :
	    "", wb_strvis_slot(tf->label), *tf->label != '\0' ? ")" : "") < 0)
		return (-1);
	return (0);
}

static int
header(struct wb_table *t, const struct wb_table_file *tf)
{

	if (!t->headers)
		return (0);
	if (t->nfiles > 0 && fputc('\n', t->fp) == EOF)
		return (-1);
	return (title(t, tf, "==> %s%s%s%s <==\n"));
}

/*
 * Print one row per test: okfmt takes the name, baseline, result and index;
 * failfmt takes the name, baseline, "FAILED" and "-", or the result as a
 * string and "-" for a test in no index (its index means nothing).
 */
static int
rows(struct wb_table *t, const struct wb_score *sc, const char *okfmt,
    const char *failfmt)
{
	const struct wb_test_score *ts;
	char res[32];
	size_t i;
	int rc;

	for (i = 0; i < sc->ntests; i++) {
		ts = &sc->tests[i];
		if (ts->ok && !ts->in_index) {
			snprintf(res, sizeof(res), "%.1f", ts->score);
			rc = fprintf(t->fp, failfmt,
			    wb_strvis_slot(ts->test->name),
			    ts->test->baseline, res, "-");
		} else if (ts->ok)
			rc = fprintf(t->fp, okfmt,
			    wb_strvis_slot(ts->test->name),
			    ts->test->baseline, ts->score, ts->index);
		else
			rc = fprintf(t->fp, failfmt,
			    wb_strvis_slot(ts->test->name),
			    ts->test->baseline, "FAILED", "-");
		if (rc < 0)
			return (-1);
	}
	return (0);
}

int
wb_table_text_notes(struct wb_table *t, const struct wb_table_file *tf,
    const char *prefix)
{
	const struct wb_score *sc;
	const struct wb_results *r;
	size_t i;

	sc = tf->score;
	r = tf->results;
	if (r->status == WB_RESULTS_INCOMPLETE &&
	    fprintf(t->fp, "%sincomplete results: the run was interrupted "
	    "or is still going\n", prefix) < 0)
		return (-1);
	for (i = 0; i < sc->ntests; i++)
		if (!sc->tests[i].ok && fprintf(t->fp, "%s%s: no score: %s\n",
		    prefix, wb_strvis_slot(sc->tests[i].test->name),
		    wb_strvis_slot(sc->tests[i].reason)) < 0)
			return (-1);
	if (sc->partial && sc->nfailed > 0 && fprintf(t->fp, "%spartial "
	    "index: %zu of %zu tests have no score\n", prefix, sc->nfailed,
	    sc->ntests) < 0)
		return (-1);
	if (sc->partial && sc->nfailed == 0 && fprintf(t->fp, "%spartial "
	    "index: the tests are not a whole unixbench5 or unixbench4 "
	    "index\n", prefix) < 0)
		return (-1);
	return (0);
}

int
wb_table_text_seed(struct wb_table *t, const struct wb_table_file *tf)
{
	const struct wb_score *sc;
	int rc;

	sc = tf->score;
	if (header(t, tf) == -1)
		return (-1);
	if (fprintf(t->fp, "%21sINDEX VALUES\n", "") < 0 ||
	    fprintf(t->fp, "%-40s%12s%13s%11s\n", "TEST", "BASELINE",
	    "RESULT", "INDEX") < 0)
		return (-1);
	if (rows(t, sc, "%-40s%12.1f%13.1f%11.1f\n",
	    "%-40s%12.1f%13s%11s\n") == -1)
		return (-1);
	if (fprintf(t->fp, "%76s\n", "=========") < 0)
		return (-1);
	if (!sc->have_final)
		rc = fprintf(t->fp, "     %-60s%11s\n", "FINAL SCORE", "-");
	else
		rc = fprintf(t->fp, "     %-60s%11.1f\n", sc->partial ?
		    "FINAL SCORE (partial index)" : "FINAL SCORE", sc->final);
	if (rc < 0)
		return (-1);
	return (wb_table_text_notes(t, tf, ""));
}

int
wb_table_text_ub5(struct wb_table *t, const struct wb_table_file *tf)
{
	const struct wb_score *sc;
	int rc;

	sc = tf->score;
	if (header(t, tf) == -1)
		return (-1);
	if (fprintf(t->fp, "%-40s %12s %12s %8s\n",
	    "System Benchmarks Index Values", "BASELINE", "RESULT",
	    "INDEX") < 0)
		return (-1);
	if (rows(t, sc, "%-40s %12.1f %12.1f %8.1f\n",
	    "%-40s %12.1f %12s %8s\n") == -1)
		return (-1);
	if (fprintf(t->fp, "%-40s %12s %12s %8s\n", "", "", "",
	    "========") < 0)
		return (-1);
	if (!sc->have_final)
		rc = fprintf(t->fp, "%-66s %8s\n",
		    "System Benchmarks Index Score", "-");
	else
		rc = fprintf(t->fp, "%-66s %8.1f\n", sc->partial ?
		    "System Benchmarks Index Score (Partial Only)" :
		    "System Benchmarks Index Score", sc->final);
	if (rc < 0)
		return (-1);
	return (wb_table_text_notes(t, tf, ""));
}
