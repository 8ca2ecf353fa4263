/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Comparison reports: every format of the model's table (text, json,
 * csv, markdown, html, ...) and the summary.  Every writer takes the
 * same struct wb_report and writes to a stdio stream; wb_report_save()
 * renders into memory and replaces the file atomically.  The summary is
 * a small model of its own (wb_report_summary_model) and every other
 * format is compare's report model (wb_report_rows_model), each written
 * by the model's writer.
 */
#ifndef WB_REPORT_FORMAT_H
#define WB_REPORT_FORMAT_H

#include <stddef.h>
#include <stdio.h>

struct wb_compare;
struct wb_err;
struct wb_factorial;
struct wb_results;
struct wb_rmodel;
struct wb_welch;

#define WB_COMPARE_FORMAT	"worldbench-compare"
#define WB_COMPARE_VERSION	1

struct wb_report {
	const struct wb_compare		*cmp;
	struct wb_results *const	*results;	/* cmp->nvar, or NULL */
	const struct wb_factorial	*fact;		/* NULL: no factorial */
	int				 plot;		/* ASCII plots in the view */
	const char			*generator;	/* "worldbench 1.0 (rev)" */
};

/*
 * Compare's formats, by name: "summary" (the final score and the
 * proven tests, wb_report_summary_model as text), and every format of
 * the model's table (rmodel_formats.h) writing wb_report_rows_model;
 * "md" is "markdown".  0 if compare writes format, else -1.
 */
int		 wb_report_format_find(const char *format);
/* The names, comma-separated, for a usage message. */
const char	*wb_report_format_names(void);

int	wb_report_write(FILE *, const char *format, const struct wb_report *,
	    struct wb_err *);
/* Atomic: path is replaced only by the complete report. */
int	wb_report_save(const char *path, const char *format,
	    const struct wb_report *, struct wb_err *);

/*
 * An extended run (cmp->sequential): the blocks added, why it stopped,
 * and each headline row's look and spent share, for variant v; nothing
 * otherwise.  results may be NULL (no blocks then).
 */
void	wb_report_extend(FILE *, const struct wb_compare *,
	    struct wb_results *const *results, size_t v);
/* The same as a preformatted block of m's last section (none if not extended). */
int	wb_report_extend_pre(struct wb_rmodel *m, const struct wb_compare *,
	    struct wb_results *const *results, size_t v, struct wb_err *);
/*
 * Compare's report as a model (rmodel.h): its rows (one per test and
 * variant, the final scores, the problems), which "csv" writes, and its
 * record, the "worldbench-compare" document, which "json" writes; and
 * its view for readers, which "text", "markdown" and "html" write.
 */
struct wb_rmodel	*wb_report_rows_model(const struct wb_report *,
			    struct wb_err *);
/* Adds compare's record (worldbench-compare(5)) to m. */
int	wb_report_record(struct wb_rmodel *m, const struct wb_report *,
	    struct wb_err *);
/*
 * Adds compare's sections for readers ("text", "markdown" and "html"
 * write them) to m.
 */
int	wb_report_view(struct wb_rmodel *m, const struct wb_report *,
	    struct wb_err *);
/* Pieces of the view (report_view_tests.c, report_view_final.c). */
const char	*wb_report_view_title(const struct wb_compare *, char *buf,
		    size_t len);
/* "[lo, hi]", or "unavailable" without an interval. */
const char	*wb_report_view_interval(const struct wb_welch *, char *buf,
		    size_t len);
void	wb_report_view_variants(struct wb_rmodel *, const struct wb_compare *);
int	wb_report_view_tests(struct wb_rmodel *, const struct wb_report *,
	    struct wb_err *);
/* Below variant v's table: its final line, extension, target, spread. */
int	wb_report_view_final(struct wb_rmodel *, const struct wb_report *,
	    size_t v, struct wb_err *);
/*
 * The parts of the view from the results files (report_view_page.c):
 * the run line (a note of the section last added), variant v's chart
 * (its figure), the System section and the Scores section.  Without
 * results files (rep->results NULL) there is none but the chart.
 */
int	wb_report_view_run(struct wb_rmodel *m, const struct wb_report *,
	    struct wb_err *);
void	wb_report_view_chart(struct wb_rmodel *m, const struct wb_compare *,
	    size_t v);
void	wb_report_view_system(struct wb_rmodel *m, const struct wb_report *);
int	wb_report_view_seed(struct wb_rmodel *m, const struct wb_report *,
	    struct wb_err *);
/*
 * Variant v's chart of ratios against the base, an SVG (report_chart.c),
 * or NULL when out of memory; the caller frees it.
 */
char	*wb_report_chart(const struct wb_compare *, size_t v);
/*
 * Compare's "summary": per variant the final score's ratio, interval and
 * verdict and each test proven different, a model the text writer shows.
 */
struct wb_rmodel	*wb_report_summary_model(const struct wb_report *,
			    struct wb_err *);

/* Shared wording, so that every format states its method the same way. */
const char	*wb_report_estimator_text(const struct wb_compare *);
/*
 * The sentence saying that intervals are over boots, or over runs
 * (blocked), or NULL.
 */
const char	*wb_report_units_text(const struct wb_compare *, char *buf,
		    size_t len);
/* What a ratio of emulated kernels is not (compare.h c->emulated). */
const char	*wb_report_emulated_text(const struct wb_compare *);
/* Blocked: how the final score's interval is made; NULL otherwise. */
const char	*wb_report_final_text(const struct wb_compare *);
/* Where the intervals come from: Welch's t, paired by round, or runs. */
const char	*wb_report_method_text(const struct wb_compare *);
/* What the printed ratio is, and the score ratio beside it. */
const char	*wb_report_ratio_text(void);
/* The family, the adjustment and the level of the intervals. */
const char	*wb_report_adjust_text(const struct wb_compare *, char *buf,
		    size_t len);
/* The sentence saying that passes were added adaptively, or NULL. */
const char	*wb_report_adaptive_text(const struct wb_compare *, char *buf,
		    size_t len);
/* Whether variant v has a faults or CPU ratio for any test. */
int		 wb_report_has_resources(const struct wb_compare *, size_t v);
/* "-" for NaN, else printf(fmt, v). */
const char	*wb_report_num(char *buf, size_t len, const char *fmt, double);
/*
 * HTML/XML text and attribute values: <, >, & and " as entities, and
 * control characters but newline and tab as wb_strvis shows them
 * ("\x1b"): neither a browser nor a terminal showing the file sees one.
 */
void		 wb_report_escape(FILE *, const char *);
/* What fn writes (a text report), escaped, inside <pre>...</pre>. */
int		 wb_report_pre(FILE *, int (*fn)(FILE *, const void *,
		    struct wb_err *), const void *arg, struct wb_err *);
/*
 * A test that failed in every pass of variant w (0 the base) while the
 * other side of the ratio against the base scored: it drops out of
 * variant v's final score (v >= 1; w is v or 0).  The sentence says so,
 * with the failed passes and the tests left in the final; NULL when
 * row i of v is not such a test.  *wp gets the failing variant.
 */
const char	*wb_report_dropped_text(const struct wb_compare *, size_t v,
		    size_t i, size_t *wp, char *buf, size_t len);
/*
 * The threshold of negligible effects, where it came from, and the
 * order of the verdicts against it.
 */
const char	*wb_report_negligible_text(const struct wb_compare *,
		    char *buf, size_t len);
/*
 * "No difference proven at 95% confidence", "slower", "slower by
 * 0.0002%: negligible", "inconclusive: interval too wide (...)", ...
 */
const char	*wb_report_verdict(const struct wb_compare *, int verdict,
		    const struct wb_welch *, char *buf, size_t len);
/*
 * The same words for a verdict judged at level conf outside a
 * comparison (worldbench explain's effects): one wording for both.
 */
const char	*wb_report_verdict_at(double conf, int verdict,
		    const struct wb_welch *, char *buf, size_t len);

#endif
