/*
 * The list of checks, its printing, JUnit XML and the performance gate.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic.h"
#include "compare.h"
#include "err.h"
#include "release.h"
#include "report_format.h"
#include "results.h"
#include "score.h"
#include "stats.h"

void
wb_release_init(struct wb_release *r)
{

	memset(r, 0, sizeof(*r));
}

void
wb_release_fini(struct wb_release *r)
{
	size_t i;

	for (i = 0; i < r->n; i++) {
		free(r->checks[i].cls);
		free(r->checks[i].name);
		free(r->checks[i].detail);
	}
	free(r->checks);
	memset(r, 0, sizeof(*r));
}

const char *
wb_check_status_name(enum wb_check_status s)
{

	switch (s) {
	case WB_CHECK_PASS:
		return ("PASS");
	case WB_CHECK_FAIL:
		return ("FAIL");
	default:
		return ("SKIP");
	}
}

int
wb_release_add(struct wb_release *r, enum wb_check_status st,
    const char *cls, const char *name, struct wb_err *err,
    const char *fmt, ...)
{
	struct wb_check *c;
	va_list ap;
	int rc;

	if ((c = reallocarray(r->checks, r->n + 1, sizeof(*c))) == NULL)
		return (wb_err_setsys(err, "realloc"));
	r->checks = c;
	c = &c[r->n];
	memset(c, 0, sizeof(*c));
	c->status = st;
	va_start(ap, fmt);
	rc = vasprintf(&c->detail, fmt, ap);
	va_end(ap);
	if (rc == -1) {
		c->detail = NULL;
		return (wb_err_setsys(err, "vasprintf"));
	}
	if ((c->cls = strdup(cls)) == NULL ||
	    (c->name = strdup(name)) == NULL) {
		free(c->cls);
		free(c->detail);
		return (wb_err_setsys(err, "strdup"));
	}
	r->n++;
	r->nfail += st == WB_CHECK_FAIL;
	return (0);
}

int
wb_release_print(FILE *fp, const struct wb_release *r)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		fprintf(fp, "%s %s.%s: %s\n",
		    wb_check_status_name(r->checks[i].status),
		    r->checks[i].cls, r->checks[i].name, r->checks[i].detail);
	return (ferror(fp) ? -1 : 0);
}

int
wb_release_junit(const char *path, const char *suite,
    const struct wb_release *r, struct wb_err *err)
{
	const struct wb_check *c;
	FILE *fp;
	char *buf;
	size_t len, i, nskip;
	int rc;

	buf = NULL;
	if ((fp = open_memstream(&buf, &len)) == NULL)
		return (wb_err_setsys(err, "open_memstream"));
	for (i = nskip = 0; i < r->n; i++)
		nskip += r->checks[i].status == WB_CHECK_SKIP;
	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<testsuites>\n<testsuite name=\"");
	wb_report_escape(fp, suite, WB_ESC_XML);
	fprintf(fp, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" "
	    "skipped=\"%zu\">\n", r->n, r->nfail, nskip);
	for (i = 0; i < r->n; i++) {
		c = &r->checks[i];
		fputs("  <testcase classname=\"", fp);
		wb_report_escape(fp, c->cls, WB_ESC_XML);
		fputs("\" name=\"", fp);
		wb_report_escape(fp, c->name, WB_ESC_XML);
		fputs("\">", fp);
		if (c->status != WB_CHECK_PASS) {
			fputs(c->status == WB_CHECK_FAIL ?
			    "<failure message=\"" : "<skipped message=\"", fp);
			wb_report_escape(fp, c->detail, WB_ESC_XML);
			fputs("\"/>", fp);
		} else {
			fputs("<system-out>", fp);
			wb_report_escape(fp, c->detail, WB_ESC_XML);
			fputs("</system-out>", fp);
		}
		fputs("</testcase>\n", fp);
	}
	fputs("</testsuite>\n</testsuites>\n", fp);
	if (fclose(fp) == EOF) {
		free(buf);
		return (wb_err_setsys(err, "%s", path));
	}
	rc = wb_atomic_write(path, buf, len, 0644, err);
	free(buf);
	return (rc);
}

int
wb_release_perf(struct wb_release *r, struct wb_results *base,
    struct wb_results *res, double maxreg, double conf, struct wb_err *err)
{
	struct wb_results *v[2];
	struct wb_compare c;
	const struct wb_cmp_final *f;
	double limit;
	size_t i;
	int rc;

	if (!(maxreg >= 0 && maxreg < 100))
		return (wb_err_set(err, "max regression %g%% is not in "
		    "[0, 100)", maxreg));
	v[0] = base;
	v[1] = res;
	if (wb_compare_build(v, 2, NULL, NULL, conf, WB_EST_UNIXBENCH,
	    WB_ADJ_HOLM, &c, err) == -1)
		return (-1);
	rc = 0;
	for (i = 0; rc == 0 && i < c.nproblems; i++)
		if (c.problems[i].fatal)
			rc = wb_release_add(r, WB_CHECK_FAIL, "performance",
			    "provenance", err, "different %s (%s): the "
			    "results are not comparable", c.problems[i].what,
			    c.problems[i].detail);
	f = &c.final[1];
	limit = 1 - maxreg / 100;
	if (rc == -1)
		;
	else if (f->ntests == 0)
		rc = wb_release_add(r, WB_CHECK_FAIL, "performance",
		    "final-score", err, "no test scored in both results");
	else if (!f->w.have_ci)
		rc = wb_release_add(r, WB_CHECK_SKIP, "performance",
		    "final-score", err, "ratio %.4f over %zu tests, no "
		    "confidence interval (one sample per test): no "
		    "regression can be proven either way", f->ratio,
		    f->ntests);
	else
		rc = wb_release_add(r, f->w.hi < limit ? WB_CHECK_FAIL :
		    WB_CHECK_PASS, "performance", "final-score", err,
		    "ratio %.4f [%.4f, %.4f] at %.0f%% over %zu tests; limit "
		    "%.4f (-%g%%): %s", f->ratio, f->w.lo, f->w.hi, conf * 100,
		    f->ntests, limit, maxreg, f->w.hi < limit ?
		    "regression beyond the limit is significant" :
		    f->w.lo < limit ? "possible regression beyond the limit, "
		    "not significant" : "within the limit");
	wb_compare_fini(&c);
	return (rc);
}
