/* SPDX-License-Identifier: BSD-2-Clause */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "filekind.h"
#include "results.h"
#include "suite.h"
#include "ublog.h"
#include "wb_util.h"

/* The longest line of a log (its header's CPU lines are the longest). */
#define UB_LINE_MAX	65536

enum ub_kind { UB_NONE, UB_V4, UB_V5 };

struct ub {
	const char		*path;
	FILE			*fp;
	char			*line;
	size_t			 cap;
	long			 lineno;
	int			 copies;	/* from "running N parallel" */
	struct wb_err		*err;
};

/* Next line without its line break; 0 at end of file, -1 on error. */
static int
next_line(struct ub *u)
{
	ssize_t n;

	errno = 0;
	if ((n = getline(&u->line, &u->cap, u->fp)) == -1) {
		if (errno != 0)
			return (wb_err_setsys(u->err, "%s: read", u->path));
		return (0);
	}
	u->lineno++;
	if (n > UB_LINE_MAX)
		return (wb_err_set(u->err, "%s:%ld: a line of %zd bytes, "
		    "longer than the %d bytes a log line may have", u->path,
		    u->lineno, n, UB_LINE_MAX));
	while (n > 0 && (u->line[n - 1] == '\n' || u->line[n - 1] == '\r'))
		u->line[--n] = '\0';
	return (1);
}

/* Collapse runs of white space into one space and trim both ends. */
static void
collapse(const char *in, char *out, size_t size)
{
	size_t o;
	int space;

	o = 0;
	space = 0;
	while (isspace((unsigned char)*in))
		in++;
	for (; *in != '\0' && o + 1 < size; in++) {
		if (isspace((unsigned char)*in)) {
			space = 1;
			continue;
		}
		if (space && o + 2 < size)
			out[o++] = ' ';
		space = 0;
		out[o++] = *in;
	}
	out[o] = '\0';
}

static enum ub_kind
table_start(const char *c)
{

	if (strcmp(c, "INDEX VALUES") == 0)
		return (UB_V4);
	if (strcmp(c, "System Benchmarks Index Values BASELINE RESULT "
	    "INDEX") == 0 ||
	    strcmp(c, "System Benchmarks Partial Index BASELINE RESULT "
	    "INDEX") == 0)
		return (UB_V5);
	return (UB_NONE);
}

static int
parse_number(const char *s, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	if (end == s || *end != '\0' || errno != 0 || !isfinite(*v))
		return (-1);
	return (0);
}

static int
bad(struct ub *u, const char *problem, const char *text)
{

	return (wb_err_set(u->err, "%s:%ld: %s%s%.200s%s", u->path, u->lineno,
	    problem, text != NULL ? ": '" : "", text != NULL ? text : "",
	    text != NULL ? "'" : ""));
}

/* "running N parallel copies": N in 1..WB_COPIES_MAX. */
static int
parse_copies(struct ub *u, const char *s)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(s, &end, 10);
	if (end == s || *end != ' ' || errno != 0 || n < 1 ||
	    n > WB_COPIES_MAX)
		return (wb_err_set(u->err, "%s:%ld: copies: '%.*s' is not in "
		    "1..%d", u->path, u->lineno, (int)strcspn(s, " "), s,
		    WB_COPIES_MAX));
	u->copies = (int)n;
	return (0);
}

/*
 * One row "NAME BASELINE RESULT INDEX" (c is collapsed).  The index is
 * checked against result / baseline * 10, allowing for the rounding of
 * the printed result.
 */
static int
parse_row(struct ub *u, char *c, struct wb_results *r)
{
	const struct wb_test_def *d;
	struct wb_result_test *t;
	struct wb_sample s;
	double v[3], tol, want;
	char *p[3];
	int i;

	for (i = 2; i >= 0; i--) {
		if ((p[i] = strrchr(c, ' ')) == NULL)
			return (bad(u, "expected 'NAME BASELINE RESULT INDEX'",
			    c));
		*p[i]++ = '\0';
		if (parse_number(p[i], &v[i]) == -1)
			return (bad(u, "not a number", p[i]));
	}
	if ((d = wb_suite_find_name(c)) == NULL)
		return (bad(u, "unknown test name", c));
	if (fabs(v[0] - d->baseline) > 1e-9 * d->baseline)
		return (wb_err_set(u->err, "%s:%ld: %s: baseline %.1f differs "
		    "from the index's %.1f", u->path, u->lineno, d->name,
		    v[0], d->baseline));
	if (!(v[2] >= 0))
		return (wb_err_set(u->err, "%s:%ld: %s: index %g is negative",
		    u->path, u->lineno, d->name, v[2]));
	if (!(v[1] > 0))
		return (wb_err_set(u->err, "%s:%ld: %s: result %g is not "
		    "positive", u->path, u->lineno, d->name, v[1]));
	want = v[1] / v[0] * 10.0;
	tol = 0.051 + 0.05 / v[0] * 10.0 + 1e-9 * want;
	if (fabs(v[2] - want) > tol)
		return (wb_err_set(u->err, "%s:%ld: %s: index %.1f does not "
		    "match result / baseline * 10 = %.2f", u->path, u->lineno,
		    d->name, v[2], want));
	if (wb_results_find_test(r, d->id) != NULL)
		return (bad(u, "test listed twice", d->name));
	if ((t = wb_results_add_test(r, d->id, d->name, d->unit,
	    d->timebase, d->baseline, 1, 0, u->err)) == NULL)
		return (-1);
	memset(&s, 0, sizeof(s));
	s.pass = 1;
	s.status = WB_SAMPLE_OK;
	s.count = v[1];
	s.rate = v[1];
	s.copies = u->copies;
	return (wb_results_add_sample(t, &s, u->err));
}

/* The line after the rows: "FINAL SCORE x" or "System Benchmarks ...". */
static int
parse_final(struct ub *u, enum ub_kind kind, const char *c, double *final)
{
	const char *num;

	num = NULL;
	if (kind == UB_V4 && strncmp(c, "FINAL SCORE ", 12) == 0)
		num = c + 12;
	else if (kind == UB_V5 &&
	    strncmp(c, "System Benchmarks Index Score ", 30) == 0) {
		num = c + 30;
		if (strncmp(num, "(Partial Only) ", 15) == 0)
			num += 15;
	}
	if (num == NULL)
		return (bad(u, kind == UB_V4 ? "expected 'FINAL SCORE x'" :
		    "expected 'System Benchmarks Index Score x'", c));
	if (parse_number(num, final) == -1)
		return (bad(u, "not a number", num));
	if (*final < 0)
		return (bad(u, "final score: negative", num));
	return (0);
}

static int
parse_table(struct ub *u, enum ub_kind kind, struct wb_results *r,
    double *final)
{
	char c[512];
	int rc, header;

	header = kind == UB_V5;
	while ((rc = next_line(u)) == 1) {
		collapse(u->line, c, sizeof(c));
		if (*c == '\0')
			continue;
		if (!header) {
			if (strcmp(c, "TEST BASELINE RESULT INDEX") != 0)
				return (bad(u, "expected 'TEST BASELINE "
				    "RESULT INDEX'", c));
			header = 1;
			continue;
		}
		if (strspn(c, "=") == strlen(c))
			break;
		if (parse_row(u, c, r) == -1)
			return (-1);
	}
	if (rc == -1)
		return (-1);
	if (rc == 0)
		return (bad(u, "end of file inside the index table", NULL));
	if (r->ntests == 0)
		return (bad(u, "index table without rows", NULL));
	do {
		if ((rc = next_line(u)) != 1)
			return (rc == -1 ? -1 : bad(u, "end of file before "
			    "the final score", NULL));
		collapse(u->line, c, sizeof(c));
	} while (*c == '\0');
	return (parse_final(u, kind, c, final));
}

/* Skip to the start of table number `table'; 0 when there is none. */
static int
find_table(struct ub *u, int table, enum ub_kind *kind)
{
	const char *p;
	char c[512];
	int rc, seen;

	seen = 0;
	while ((rc = next_line(u)) == 1) {
		collapse(u->line, c, sizeof(c));
		if ((p = strstr(c, "running ")) != NULL &&
		    strstr(p, " parallel cop") != NULL &&
		    parse_copies(u, p + 8) == -1)
			return (-1);
		if ((*kind = table_start(c)) != UB_NONE && ++seen == table)
			return (1);
	}
	if (rc == -1)
		return (-1);
	if (seen == 0)
		return (bad(u, "no UnixBench index table ('INDEX VALUES' or "
		    "'System Benchmarks Index Values') in the file", NULL));
	return (wb_err_set(u->err, "%s: table %d asked for, but the file has "
	    "%d", u->path, table, seen));
}

static int
set_provenance(struct ub *u, struct wb_results *r, enum ub_kind kind,
    int table, double final)
{
	char hex[WB_SHA256_HEXSIZE];
	const char *index;
	json_t *tests;
	size_t i;

	if (wb_digest_sha256_file(u->path, hex, u->err) == -1)
		return (-1);
	index = kind == UB_V4 ? WB_INDEX_UNIXBENCH4 : WB_INDEX_UNIXBENCH5;
	if (wb_results_set_provenance(r, "imported_from",
	    json_string(u->path), u->err) == -1 ||
	    wb_results_set_provenance(r, "log_sha256", json_string(hex),
	    u->err) == -1 ||
	    wb_results_set_provenance(r, "log_format", json_string(kind ==
	    UB_V4 ? "unixbench-4.1" : "unixbench-5"), u->err) == -1 ||
	    wb_results_set_provenance(r, "log_table", json_integer(table),
	    u->err) == -1 ||
	    wb_results_set_provenance(r, "log_final_score", json_real(final),
	    u->err) == -1 ||
	    wb_results_set_plan(r, "index", json_string(index), u->err) == -1 ||
	    wb_results_set_plan(r, "copies", json_integer(u->copies),
	    u->err) == -1)
		return (-1);
	if ((tests = json_array()) == NULL)
		return (wb_err_set(u->err, "out of memory"));
	for (i = 0; i < r->ntests; i++)
		if (json_array_append_new(tests,
		    json_string(r->tests[i]->id)) == -1) {
			json_decref(tests);
			return (wb_err_set(u->err, "out of memory"));
		}
	return (wb_results_set_plan(r, "tests", tests, u->err));
}

int
wb_ublog_import(const char *path, int table, struct wb_results **out,
    struct wb_err *err)
{
	struct wb_results *r;
	enum ub_kind kind;
	struct ub u;
	double final;
	int rc;

	*out = NULL;
	if (table < 1)
		return (wb_err_set(err, "table number %d: must be 1 or more",
		    table));
	memset(&u, 0, sizeof(u));
	u.path = path;
	u.err = err;
	u.copies = 1;
	if ((u.fp = fopen(path, "r")) == NULL)
		return (wb_err_setsys(err, "%s", path));
	if ((r = wb_results_new(err)) == NULL) {
		fclose(u.fp);
		return (-1);
	}
	r->status = WB_RESULTS_IMPORTED;
	kind = UB_NONE;
	final = 0;
	rc = find_table(&u, table, &kind);
	if (rc == 1)
		rc = parse_table(&u, kind, r, &final);
	if (rc == 0)
		rc = set_provenance(&u, r, kind, table, final);
	free(u.line);
	fclose(u.fp);
	if (rc == -1) {
		wb_results_free(r);
		return (wb_filekind_hint(err, path, WB_FILE_UBLOG));
	}
	*out = r;
	return (0);
}
