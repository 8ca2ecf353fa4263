/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What every report format shares: numbers, escapes and the sentences
 * that explain a comparison.  Formats call these; nothing here calls a
 * format (lib/report/report.c picks one).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_format.h"
#include "wb_model.h"
#include "wb_stats.h"
#include "wb_util.h"

const char *
wb_report_estimator_text(const struct wb_compare *c)
{

	if (c->est == WB_EST_UNIXBENCH)
		return ("unixbench (drop the lowest third of the passes, "
		    "geometric mean of the rest)");
	return ("all (geometric mean of every pass)");
}

int
wb_report_has_resources(const struct wb_compare *c, size_t v)
{
	size_t i;

	for (i = 0; i < c->nrows; i++)
		if (!isnan(c->rows[i].cells[v].faults_ratio) ||
		    !isnan(c->rows[i].cells[v].cpu_ratio))
			return (1);
	return (0);
}

const char *
wb_report_num(char *buf, size_t len, const char *fmt, double v)
{

	if (isnan(v) || isinf(v))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, fmt, v);
	return (buf);
}

/*
 * Write s with <, >, & and " as entities.  A control character is
 * written as its escape (lib/util/strvis.h), visible text, which XML 1.0,
 * unable to carry most of them, accepts as well.
 */
void
wb_report_escape(FILE *fp, const char *s)
{
	const char *e;
	char esc[WB_VIS_ESCLEN];
	size_t n;

	for (; *s != '\0'; s += n) {
		n = 1;
		switch (*s) {
		case '<':
			fputs("&lt;", fp);
			break;
		case '>':
			fputs("&gt;", fp);
			break;
		case '&':
			fputs("&amp;", fp);
			break;
		case '"':
			fputs("&quot;", fp);
			break;
		default:
			if ((e = wb_strvis_char(s, WB_VIS_WHITE, &n,
			    esc)) != NULL)
				fputs(e, fp);
			else
				fwrite(s, 1, n, fp);
		}
	}
}

int
wb_report_pre(FILE *fp, int (*fn)(FILE *, const void *, struct wb_err *),
    const void *arg, struct wb_err *err)
{
	char *text;

	if ((text = wb_atomic_render_mem(fn, arg, "report", NULL, err)) == NULL)
		return (-1);
	fputs("<pre>\n", fp);
	wb_report_escape(fp, text);
	fputs("</pre>\n", fp);
	free(text);
	return (0);
}

const char *
wb_report_ratio_text(void)
{

	return ("Ratios are other / base rates (above 1 is faster): the "
	    "geometric-mean ratio of the passes, or exp of the mean log "
	    "ratio where passes are paired, the estimate that the interval "
	    "and the verdict belong to. The score ratio beside it is the "
	    "ratio of the estimator's scores, as UnixBench would report "
	    "it.");
}

const char *
wb_report_adjust_text(const struct wb_compare *c, char *buf, size_t len)
{
	char pct[16];

	wb_compare_conf_format(c->conf, pct, sizeof(pct));
	snprintf(buf, len, "p values are adjusted across the %zu "
	    "comparisons of the family (each test and the final score of "
	    "every variant against the base, at %s%% overall) %s.",
	    c->family, pct, wb_stats_adjust_how(c->adjust));
	return (buf);
}

const char *
wb_report_adaptive_text(const struct wb_compare *c, char *buf, size_t len)
{
	char m[128], conf[16];
	double hw;
	size_t v;

	if (!c->adaptive)
		return (NULL);
	if (c->stage1 > 0) {
		wb_compare_conf_format(c->conf, conf, sizeof(conf));
		hw = 0;
		for (v = 1; v < c->nvar; v++)
			if (c->final[v].ntests > 0)
				hw = fmax(hw, c->final[v].halfwidth);
		snprintf(buf, len, "Passes were added adaptively "
		    "(--target-ci %g%%) in two stages: the first %zu pairs "
		    "of each test alone fixed how many pairs every test got, "
		    "and every interval uses all pairs (the final score's "
		    "with Satterthwaite's degrees of freedom). The target "
		    "sizes the final score's interval at %s%%, unadjusted: "
		    "here +-%.2f%%; the tables print it at its family's "
		    "level, and the tests' own intervals are not sized by "
		    "it.", c->target, c->stage1, conf, hw);
		return (buf);
	}
	if (c->min_pairs > 0)
		snprintf(m, sizeof(m), ", at least %d passes of each test "
		    "per variant before stopping", c->min_pairs);
	else
		snprintf(m, sizeof(m), ", by a rule that recorded no "
		    "minimum of passes");
	snprintf(buf, len, "Passes were added adaptively (--target-ci "
	    "%g%%%s): the run stopped once the final-score interval was "
	    "within the target.", c->target, m);
	return (buf);
}

const char *
wb_report_dropped_text(const struct wb_compare *c, size_t v, size_t i,
    size_t *wp, char *buf, size_t len)
{
	const struct wb_cmp_cell *b, *o, *x;

	b = &c->rows[i].cells[0];
	o = &c->rows[i].cells[v];
	if (!b->present || !o->present)
		return (NULL);
	if (b->n == 0 && b->nbad > 0 && o->n > 0)
		*wp = 0;
	else if (o->n == 0 && o->nbad > 0 && b->n > 0)
		*wp = v;
	else
		return (NULL);
	x = &c->rows[i].cells[*wp];
	snprintf(buf, len, "%s failed in every pass of %s (%zu of %zu): left "
	    "out of the final score of %s against %s, which is over %zu "
	    "tests; if %s caused the failures, that final is biased in its "
	    "favour", c->rows[i].id, c->labels[*wp], x->nbad, x->nbad,
	    c->labels[v], c->labels[0], c->final[v].ntests, c->labels[*wp]);
	return (buf);
}

/* "slower by 0.0002%", "faster by 1.5%", "no change". */
static const char *
change_text(double ratio, char *buf, size_t len)
{

	if (ratio > 1)
		snprintf(buf, len, "faster by %.3g%%", 100 * (ratio - 1));
	else if (ratio < 1)
		snprintf(buf, len, "slower by %.3g%%", 100 * (1 - ratio));
	else
		snprintf(buf, len, "no change");
	return (buf);
}

const char *
wb_report_verdict(const struct wb_compare *c, int v,
    const struct wb_welch *w, char *buf, size_t len)
{

	return (wb_report_verdict_at(c->conf, v, w, buf, len));
}

const char *
wb_report_verdict_at(double conf, int v, const struct wb_welch *w,
    char *buf, size_t len)
{
	char pct[16];
	char ch[48], pw[80];
	double d;

	pw[0] = '\0';
	if (v == WB_V_INCONCLUSIVE && w != NULL &&
	    isfinite(d = wb_stats_detectable_ratio(w, WB_DETECT_POWER)))
		snprintf(pw, sizeof(pw), "%.0f%% power: <%.2f or >%.2f; ",
		    100 * WB_DETECT_POWER, 1 / d, d);
	if (v == WB_V_INCONCLUSIVE && w != NULL && !(w->df > WB_FEW_DF))
		snprintf(buf, len, "inconclusive: %s (%s%.3g df)",
		    wb_compare_inconclusive_why(w), pw, w->df);
	else if (v == WB_V_INCONCLUSIVE && w != NULL)
		snprintf(buf, len, "inconclusive: %s (%sreaches %s %.2f)",
		    wb_compare_inconclusive_why(w), pw, w->lo < WB_LARGE_LO ?
		    "below" : "above", w->lo < WB_LARGE_LO ? WB_LARGE_LO :
		    WB_LARGE_HI);
	else if (v == WB_V_NEGLIGIBLE && w != NULL)
		snprintf(buf, len, "%s: negligible%s",
		    change_text(w->ratio, ch, sizeof(ch)), w->novar ?
		    " (no spread: the interval is the point)" : "");
	else if (v == WB_V_SMALL && w != NULL)
		snprintf(buf, len, "%s: proven, but below the threshold",
		    change_text(w->ratio, ch, sizeof(ch)));
	else if ((v == WB_V_FASTER || v == WB_V_SLOWER) && w != NULL &&
	    w->novar)
		snprintf(buf, len, "%s (no spread: deterministic)",
		    change_text(w->ratio, ch, sizeof(ch)));
	else if (v == WB_V_SAME) {
		wb_compare_conf_format(conf, pct, sizeof(pct));
		snprintf(buf, len, "No difference proven at %s%% confidence",
		    pct);
	} else
		snprintf(buf, len, "%s", wb_compare_verdict_text(v));
	return (buf);
}

const char *
wb_report_negligible_text(const struct wb_compare *c, char *buf,
    size_t len)
{

	snprintf(buf, len, "Negligible: a ratio within %g%% of 1 (%.4f to "
	    "%.4f), %s. A row is faster or slower when its difference is "
	    "proven and its ratio lies beyond that; negligible when its "
	    "1 - 2 alpha interval lies within it (two one-sided tests at the "
	    "row's own level), proven different or not; small, not flagged, "
	    "when proven different with a ratio within it but not proven "
	    "negligible.", 100 * c->negligible, 1 / (1 + c->negligible),
	    1 + c->negligible, wb_compare_negl_src_text(c->negl_src));
	return (buf);
}

const char *
wb_report_units_text(const struct wb_compare *c, char *buf, size_t len)
{
	char pct[16], two[160];

	if (c->blocked) {
		wb_compare_conf_format(c->conf, pct, sizeof(pct));
		two[0] = '\0';
		if (c->nruns == 2)
			snprintf(two, sizeof(two), " With two runs the "
			    "intervals have one degree of freedom (t = %.1f at "
			    "%s%% before the adjustment): honest, and wide; "
			    "every further run narrows them.",
			    wb_stats_t_quantile(1 - (1 - c->conf) / 2, 1), pct);
		if (c->nunits < c->nruns) {
			snprintf(buf, len, "The files come from %zu runs on "
			    "%zu nodes, each run holding every variant: the "
			    "node is the unit of replication (the runs of one "
			    "node, same hostname and fingerprint, are one "
			    "block, their mean log ratio its unit), N counts "
			    "the passes of all runs, and each ratio's spread "
			    "across the nodes is listed.", c->nruns,
			    c->nunits);
			return (buf);
		}
		snprintf(buf, len, "The files come from %zu runs (e.g. the "
		    "node runs of a Slurm array), each holding every variant: "
		    "the run is the unit of replication, N counts the passes "
		    "of all runs, and each ratio's spread across the runs is "
		    "listed.%s", c->nruns, two);
		return (buf);
	}
	if (c->emulated) {
		snprintf(buf, len, "%sKernels booted under qemu (%s timing): "
		    "the uncertainty comes from %s.  %s", c->by_boot ?
		    "Passes come from several boots: the intervals are over "
		    "each boot's geometric mean (the boot is the unit of "
		    "replication), N counts passes.  " : "", c->timing != NULL ?
		    c->timing : "unrecorded", c->uncertainty,
		    wb_report_emulated_text(c));
		return (buf);
	}
	return (c->by_boot ? "Passes come from several boots: the intervals "
	    "are over each boot's geometric mean (the boot is the unit of "
	    "replication), N counts passes." : NULL);
}

const char *
wb_report_emulated_text(const struct wb_compare *c)
{

	if (c->timing != NULL && strcmp(c->timing, "icount") == 0)
		return ("icount ratios are emulated ratios, not hardware "
		    "ratios: guest time counts instructions, not cache misses "
		    "or lock contention on a real CPU.");
	return ("Emulated or virtual-machine ratios are not hardware "
	    "ratios.");
}

const char *
wb_report_final_text(const struct wb_compare *c)
{

	return (c->blocked ? "The final-score ratio is the geometric mean of "
	    "the per-test ratios within each run; its interval is Student's "
	    "t over the runs' final-score ratios." : NULL);
}

const char *
wb_report_method_text(const struct wb_compare *c)
{

	if (c->blocked)
		return ("Student's t over the runs on each run's log ratio, "
		    "runs - 1 degrees of freedom (within a run the variants "
		    "ran interleaved and are paired by round, so drift common "
		    "to both cancels; what differs between runs, a node or its "
		    "load, widens the interval instead of passing for a "
		    "difference between the variants)");
	return (c->same_run ? "a paired t on the log ratios of the passes "
	    "that ran in the same round (the variants ran interleaved in one "
	    "run, so drift common to both cancels; Welch's t where fewer than "
	    "two rounds pair up)" : "Welch's t on log rates (the files come "
	    "from separate runs: their passes are treated as independent)");
}
