/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The list of checks, its printing and JUnit XML.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "release.h"
#include "wb_report.h"
#include "wb_util.h"

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
		free(r->checks[i].reason);
	}
	free(r->checks);
	memset(r, 0, sizeof(*r));
}

const char *
wb_release_check_status_name(enum wb_check_status s)
{

	switch (s) {
	case WB_CHECK_PASS:
		return ("PASS");
	case WB_CHECK_FAIL:
		return ("FAIL");
	case WB_CHECK_INCONCLUSIVE:
		return ("INCONCLUSIVE");
	case WB_CHECK_WAIVED:
		return ("WAIVED");
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
	r->ninconclusive += st == WB_CHECK_INCONCLUSIVE;
	r->nwaived += st == WB_CHECK_WAIVED;
	return (0);
}

int
wb_release_print(FILE *fp, const struct wb_release *r)
{
	size_t i;

	for (i = 0; i < r->n; i++) {
		fprintf(fp, "%s %s.%s: %s",
		    wb_release_check_status_name(r->checks[i].status),
		    wb_strvis_slot(r->checks[i].cls),
		    wb_strvis_slot(r->checks[i].name),
		    wb_strvis_slot(r->checks[i].detail));
		if (r->checks[i].reason != NULL)
			fprintf(fp, "; waived (%s)",
			    wb_strvis_slot(r->checks[i].reason));
		fputc('\n', fp);
	}
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
		nskip += r->checks[i].status == WB_CHECK_SKIP ||
		    r->checks[i].status == WB_CHECK_WAIVED;
	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<testsuites>\n<testsuite name=\"");
	wb_report_escape(fp, suite);
	fprintf(fp, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" "
	    "skipped=\"%zu\">\n", r->n, r->nfail + r->ninconclusive, nskip);
	for (i = 0; i < r->n; i++) {
		c = &r->checks[i];
		fputs("  <testcase classname=\"", fp);
		wb_report_escape(fp, c->cls);
		fputs("\" name=\"", fp);
		wb_report_escape(fp, c->name);
		fputs("\">", fp);
		if (c->status == WB_CHECK_WAIVED) {
			fputs("<skipped message=\"waived (", fp);
			wb_report_escape(fp, c->reason);
			fputs("): ", fp);
			wb_report_escape(fp, c->detail);
			fputs("\"/>", fp);
		} else if (c->status != WB_CHECK_PASS) {
			fputs(c->status == WB_CHECK_FAIL ?
			    "<failure message=\"" : c->status ==
			    WB_CHECK_INCONCLUSIVE ? "<failure type=\""
			    "inconclusive\" message=\"" : "<skipped message=\"",
			    fp);
			wb_report_escape(fp, c->detail);
			fputs("\"/>", fp);
		} else {
			fputs("<system-out>", fp);
			wb_report_escape(fp, c->detail);
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
