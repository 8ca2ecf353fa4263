/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The reports of a finished run (see experiment.h): each variant's table
 * in the seed's format, the comparison as text, JSON and HTML, and the
 * short summary; each file written whole (lib/util/atomic.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiment.h"
#include "wb_model.h"
#include "wb_report.h"
#include "wb_stats.h"
#include "wb_util.h"

/* "==> label" and the seed-format table of each variant, in order. */
static int
tables(const struct wb_experiment *x, struct wb_results *const *v,
    char *const *paths, struct wb_err *err)
{
	struct wb_table *t;
	char *buf, *out;
	size_t len, i;
	FILE *fp;
	int rc;

	buf = NULL;
	len = 0;
	if ((fp = open_memstream(&buf, &len)) == NULL)
		return (wb_err_setsys(err, "open_memstream"));
	rc = 0;
	for (i = 0; rc == 0 && i < x->nlabels; i++) {
		fprintf(fp, "==> %s\n", wb_strvis_slot(x->labels[i]));
		if ((t = wb_table_new(fp, "seed", WB_EST_UNIXBENCH, 0,
		    err)) == NULL) {
			rc = -1;
			break;
		}
		rc = wb_table_add(t, paths[i], v[i], err);
		if (rc == 0)
			rc = wb_table_finish(t, err);
		wb_table_free(t);
		fprintf(fp, "\n");
	}
	if (fclose(fp) == EOF && rc == 0)
		rc = wb_err_setsys(err, "tables");
	if (rc == 0 && (out = wb_experiment_path(x, "tables.txt", err)) !=
	    NULL) {
		rc = wb_atomic_write(out, buf, len, 0644, err);
		free(out);
	} else if (rc == 0)
		rc = -1;
	free(buf);
	return (rc);
}

static const struct {
	const char	*name;
	const char	*format;
} reports[] = {
	{ "compare.txt",	"text" },
	{ "compare.json",	"json" },
	{ "report.html",	"html" },
	{ "summary.txt",	"summary" },
};

static int
comparison(const struct wb_experiment *x, struct wb_results *const *v,
    char *const *paths, struct wb_err *err)
{
	struct wb_report rep;
	struct wb_compare c;
	char gen[128], *out;
	size_t i;
	int rc;

	if (wb_compare_build(v, x->nlabels, NULL, (const char *const *)paths,
	    0.95, WB_EST_UNIXBENCH, WB_ADJ_HOLM, &c, err) == -1)
		return (-1);
	if (x->have_negligible && wb_compare_set_negligible(&c,
	    x->negligible, WB_NEGL_OPTION, err) == -1) {
		wb_compare_fini(&c);
		return (-1);
	}
	if (c.nfatal > 0) {
		wb_err_set(err, "%s: the variants of one run differ in %s (%s)",
		    x->rundir, c.problems[0].what, c.problems[0].detail);
		wb_compare_fini(&c);
		return (-1);
	}
	memset(&rep, 0, sizeof(rep));
	rep.cmp = &c;
	rep.results = v;
	snprintf(gen, sizeof(gen), "worldbench %s (%s)", wb_version(),
	    wb_version_gitrev());
	rep.generator = gen;
	rc = 0;
	for (i = 0; rc == 0 && i < sizeof(reports) / sizeof(reports[0]);
	    i++) {
		if ((out = wb_experiment_path(x, reports[i].name, err)) ==
		    NULL)
			rc = -1;
		else
			rc = wb_report_save(out, reports[i].format, &rep, err);
		free(out);
	}
	wb_compare_fini(&c);
	return (rc);
}

int
wb_experiment_report(struct wb_experiment *x, struct wb_err *err)
{
	struct wb_results *v[WB_EXPERIMENT_MAXLABELS];
	char *paths[WB_EXPERIMENT_MAXLABELS], *fin;
	size_t i, n;
	int rc;

	memset(v, 0, sizeof(v));
	memset(paths, 0, sizeof(paths));
	rc = -1;
	if ((fin = wb_experiment_path(x, "finished", err)) == NULL ||
	    wb_atomic_write(fin, "", 0, 0644, err) == -1)
		goto out;
	for (n = 0; n < x->nlabels; n++)
		if ((paths[n] = wb_label_results_path(x->rundir, x->labels[n],
		    err)) == NULL ||
		    wb_results_read(paths[n], &v[n], err) == -1)
			goto out;
	/* One variant has nothing to compare with: its table only. */
	if (tables(x, v, paths, err) == 0 && (x->nlabels < 2 ||
	    comparison(x, v, paths, err) == 0))
		rc = 0;
out:
	for (i = 0; i < x->nlabels; i++) {
		wb_results_free(v[i]);
		free(paths[i]);
	}
	free(fin);
	return (rc);
}
