/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The parts of compare's view for readers (report_view.c) that come
 * from the results files rather than the comparison: the run line, the
 * chart of each variant (a figure, which only HTML draws), where each
 * variant ran (System) and each variant's seed-format score tables
 * (Scores, preformatted as the seed prints them).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "report_format.h"
#include "rmodel.h"
#include "table.h"
#include "wb_model.h"
#include "wb_stats.h"
#include "wb_util.h"

/* A string of a result's provenance, or NULL. */
static const char *
prov_str(const struct wb_results *r, const char *key)
{

	return (json_string_value(json_object_get(r->provenance, key)));
}

/* Whether variant i's run id is one of an earlier variant's. */
static int
seen_id(const struct wb_report *rep, size_t i, const char *id)
{
	const char *o;
	size_t j;

	for (j = 0; j < i; j++)
		if ((o = wb_compare_run_id(rep->results[j])) != NULL &&
		    strcmp(o, id) == 0)
			return (1);
	return (0);
}

/*
 * "Run ID; ran START to END" (every run id, when the files come from
 * several runs; the earliest start and the latest end), or "Run id not
 * recorded; date not recorded", from the results' provenance.
 */
int
wb_report_view_run(struct wb_rmodel *m, const struct wb_report *rep,
    struct wb_err *err)
{
	const struct wb_compare *c = rep->cmp;
	const char *id, *start, *end, *d;
	char *buf;
	size_t i, len, nid;
	FILE *fp;

	if (rep->results == NULL)
		return (0);
	buf = NULL;
	if ((fp = open_memstream(&buf, &len)) == NULL)
		return (wb_err_setsys(err, "run line"));
	start = end = NULL;
	for (nid = 0, i = 0; i < c->nvar; i++) {
		if ((d = prov_str(rep->results[i], "date_start")) != NULL &&
		    (start == NULL || strcmp(d, start) < 0))
			start = d;
		if ((d = prov_str(rep->results[i], "date_end")) != NULL &&
		    (end == NULL || strcmp(d, end) > 0))
			end = d;
		if ((id = wb_compare_run_id(rep->results[i])) != NULL &&
		    !seen_id(rep, i, id))
			fprintf(fp, "%s%s", nid++ == 0 ? "Run " : ", ", id);
	}
	fputs(nid == 0 ? "Run id not recorded" : "", fp);
	if (start != NULL)
		fprintf(fp, "; ran %s%s%s", start, end != NULL ? " to " : "",
		    end != NULL ? end : "");
	else
		fputs("; date not recorded", fp);
	if (fclose(fp) != 0) {
		free(buf);
		return (wb_err_setsys(err, "run line"));
	}
	wb_rmodel_section_run(m, buf);
	free(buf);
	return (0);
}

/*
 * Variant v's chart, the figure of the section last added; a chart that
 * could not be made marks the model failed, as a builder's call does.
 */
void
wb_report_view_chart(struct wb_rmodel *m, const struct wb_compare *c,
    size_t v)
{
	char *svg;

	if ((svg = wb_report_chart(c, v)) == NULL) {
		m->failed = 1;
		return;
	}
	wb_rmodel_section_figure(m, svg);
	free(svg);
}

/* One provenance string (key, or key.sub), or "-". */
static void
prov_cell(struct wb_rmodel *m, const json_t *prov, const char *key,
    const char *sub)
{
	const json_t *j;

	j = json_object_get(prov, key);
	if (sub != NULL)
		j = json_object_get(j, sub);
	wb_rmodel_text(m, json_is_string(j) ? json_string_value(j) : "-");
}

/* The 1-minute load average, before and after the run. */
static void
load_cell(struct wb_rmodel *m, const json_t *prov)
{
	const json_t *a, *b;
	char t[64];

	a = json_array_get(json_object_get(prov, "load_before"), 0);
	b = json_array_get(json_object_get(prov, "load_after"), 0);
	if (json_is_number(a) && json_is_number(b)) {
		snprintf(t, sizeof(t), "%.2f → %.2f", json_number_value(a),
		    json_number_value(b));
		wb_rmodel_text(m, t);
	} else
		wb_rmodel_text(m, "-");
}

/* Where and how each variant ran, from its results file. */
void
wb_report_view_system(struct wb_rmodel *m, const struct wb_report *rep)
{
	const struct wb_compare *c = rep->cmp;
	const json_t *prov, *n;
	size_t v;

	if (rep->results == NULL)
		return;
	wb_rmodel_section(m, "System");
	wb_rmodel_section_use(m, WB_RM_READERS);
	wb_rmodel_column(m, "Variant", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_column(m, "CPU", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_column(m, "CPUs", WB_RM_RIGHT, WB_RM_NUM);
	wb_rmodel_column(m, "Kernel", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_column(m, "Load (1 min, start → end)", WB_RM_PLAIN,
	    WB_RM_TEXT);
	wb_rmodel_column(m, "Timing", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_column(m, "Runner", WB_RM_PLAIN, WB_RM_TEXT);
	wb_rmodel_column(m, "Scratch", WB_RM_PLAIN, WB_RM_TEXT);
	for (v = 0; v < c->nvar; v++) {
		prov = rep->results[v]->provenance;
		wb_rmodel_text(m, c->labels[v]);
		prov_cell(m, prov, "host", "cpu_model");
		n = json_object_get(json_object_get(prov, "host"), "nproc");
		wb_rmodel_num(m, json_is_integer(n) ?
		    (double)json_integer_value(n) : NAN, 0);
		prov_cell(m, prov, "host", "uname");
		load_cell(m, prov);
		prov_cell(m, prov, "timing", NULL);
		prov_cell(m, prov, "runner", NULL);
		prov_cell(m, prov, "scratch_fs", NULL);
	}
}

/* Variant v's score tables as the seed prints them, in *buf. */
static int
seed_text(const struct wb_report *rep, size_t v, char **buf,
    struct wb_err *err)
{
	const struct wb_compare *c = rep->cmp;
	struct wb_table *t;
	FILE *mem;
	size_t len;
	int rc;

	*buf = NULL;
	if ((mem = open_memstream(buf, &len)) == NULL)
		return (wb_err_setsys(err, "open_memstream"));
	rc = -1;
	if ((t = wb_table_new(mem, "seed", c->est, 0, err)) != NULL) {
		if (wb_table_add(t, c->labels[v], rep->results[v], err) == 0 &&
		    wb_table_finish(t, err) == 0)
			rc = 0;
		wb_table_free(t);
	}
	if (fclose(mem) != 0 && rc == 0)
		rc = wb_err_setsys(err, "seed tables");
	if (rc == -1) {
		free(*buf);
		*buf = NULL;
	}
	return (rc);
}

/* Scores: each variant's seed-format tables, under its label. */
int
wb_report_view_seed(struct wb_rmodel *m, const struct wb_report *rep,
    struct wb_err *err)
{
	const struct wb_compare *c = rep->cmp;
	char *buf;
	size_t v;

	if (rep->results == NULL)
		return (0);
	wb_rmodel_section(m, "Scores");
	wb_rmodel_section_use(m, WB_RM_READERS);
	for (v = 0; v < c->nvar; v++) {
		if (seed_text(rep, v, &buf, err) == -1)
			return (-1);
		wb_rmodel_subsection(m, c->labels[v]);
		wb_rmodel_section_use(m, WB_RM_READERS);
		wb_rmodel_section_pre(m, buf);
		free(buf);
	}
	return (0);
}
