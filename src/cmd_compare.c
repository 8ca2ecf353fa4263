/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench compare: compare results files against the first (the
 * base) and report per-test ratios with confidence intervals, the
 * final-score ratio and, for four variants, the 2x2 factorial view.
 *
 * Exit status: 0 when the report was written; 1 when provenance
 * invalidates the comparison (mixed node fingerprints, different image
 * hashes under one label, ...) and --force was not given, or when the
 * images differ in more than the knob (lib/image/ident.h) and --unmatched was
 * not given (--stratify:
 * in some stratum); 65 (EX_DATAERR)
 * for an unreadable or invalid results file; 73/74 when the report
 * cannot be written; 64 for usage errors.
 */
#include <err.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include "cmd.h"
#include "cmdutil.h"
#include "compare_names.h"
#include "exitmap.h"
#include "opt.h"
#include "wb_model.h"
#include "wb_report.h"
#include "wb_stats.h"
#include "wb_util.h"

struct copts {
	double			 conf;
	enum wb_estimator	 est;
	enum wb_adjust		 adjust;
	const char		*fmt;
	int			 plot;
	int			 force;
	int			 stratify;
	int			 unmatched;
	const char		*out;
	int			 factorial;
	char			*knobs[2];
	struct compare_names	 names;
	double			 negligible;	/* percent; NaN: default */
};

void
cmd_compare_usage(FILE *fp)
{

	fprintf(fp, "usage: worldbench compare [-fp] [-a %s] "
	    "[--confidence level]\n"
	    "                          [-e unixbench|all] "
	    "[-F format] [-o file]\n"
	    "                          [--factorial[=knobA,knobB]] "
	    "[--stratify] [--unmatched] [--name label=name ...]\n"
	    "                          [--negligible percent] base other ...\n",
	    &wb_stats_adjust_choices[1]);
}

static int
usage(void)
{

	cmd_compare_usage(stderr);
	return (EX_USAGE);
}

/* 95, 99.5, or 0.95: a level strictly between 0 and 100 percent. */
static int
parse_conf(const char *s, double *conf)
{
	char *end;
	double v;

	v = strtod(s, &end);
	if (end == s || *end != '\0' || !(v > 0))
		return (-1);
	if (v >= 1)
		v /= 100;
	if (!(v > 0 && v < 1))
		return (-1);
	*conf = v;
	return (0);
}

static int
parse_knobs(const char *s, struct copts *o)
{
	const char *comma;

	if ((comma = strchr(s, ',')) == NULL || comma == s ||
	    comma[1] == '\0' || strchr(comma + 1, ',') != NULL)
		return (-1);
	if ((o->knobs[0] = strndup(s, comma - s)) == NULL ||
	    (o->knobs[1] = strdup(comma + 1)) == NULL)
		err(EX_OSERR, "strdup");
	return (0);
}

static int
opt_adjust(void *ctx, char *arg)
{
	struct copts *o = ctx;

	if (wb_stats_adjust_parse(arg, &o->adjust) == -1) {
		warnx("unknown adjustment '%s' (expected one of %s)", arg,
		    &wb_stats_adjust_choices[1]);
		return (-1);
	}
	return (0);
}

static int
opt_conf(void *ctx, char *arg)
{
	struct copts *o = ctx;

	if (parse_conf(arg, &o->conf) == -1) {
		warnx("bad confidence level '%s'", arg);
		return (-1);
	}
	return (0);
}

static int
opt_format(void *ctx, char *arg)
{
	struct copts *o = ctx;

	if (wb_report_format_find(arg) == -1) {
		warnx("unknown format '%s' (%s)", arg,
		    wb_report_format_names());
		return (-1);
	}
	o->fmt = strcmp(arg, "md") == 0 ? "markdown" : arg;
	return (0);
}

static int
opt_factorial(void *ctx, char *arg)
{
	struct copts *o = ctx;

	o->factorial = 1;
	if (arg != NULL && parse_knobs(arg, o) == -1) {
		warnx("--factorial wants two knob names: --factorial=A,B");
		return (-1);
	}
	return (0);
}

static int
opt_negligible(void *ctx, char *arg)
{
	struct copts *o = ctx;

	return (cmd_parse_negligible(arg, &o->negligible));
}

static int
opt_name(void *ctx, char *arg)
{
	struct copts *o = ctx;

	return (compare_names_add(&o->names, arg));
}

#define C(m)	OPT_AT(struct copts, m)
const struct opt cmd_compare_opts[] = {
	{ .kind = OPT_FN, .ch = 'a', .name = "adjust",
	  .arg = &wb_stats_adjust_choices[1],
	  .fn = opt_adjust,
	  .desc = "the multiple-comparison adjustment (default holm)" },
	{ .kind = OPT_FN, .ch = 'c', .name = "confidence", .arg = "level",
	  .fn = opt_conf, .syn = "--confidence level",
	  .desc = "the confidence level, 95 or 0.95 (default 95)" },
	{ .kind = OPT_FN, .ch = 'e', .name = "estimator",
	  .arg = "unixbench|all", .off = C(est), .fn = cmd_opt_estimator,
	  .desc = "how passes are combined into a score" },
	{ .kind = OPT_FN, .ch = 'F', .name = "format", .arg = "fmt",
	  .fn = opt_format,
	  .desc = "text, html, summary, or any format of the report "
	  "model (json, csv, markdown, tsv, ...)" },
	{ .kind = OPT_FLAG, .ch = 'f', .name = "force", .off = C(force),
	  .desc = "compare even when the provenance differs" },
	{ .kind = OPT_STR, .ch = 'o', .name = "output", .arg = "file",
	  .off = C(out), .desc = "write the report to file (atomically)" },
	{ .kind = OPT_FLAG, .ch = 'p', .name = "plot", .off = C(plot),
	  .desc = "a chart of the ratios under the text table" },
	{ .kind = OPT_FN, .name = "factorial", .arg = "knobA,knobB",
	  .flags = OPT_OPTARG, .fn = opt_factorial,
	  .desc = "a 2x2 factorial of four results of one run" },
	{ .kind = OPT_FN, .name = "negligible", .arg = "percent",
	  .fn = opt_negligible, .desc = "ratios within this of 1 are "
	  "negligible (default: recorded, else by timing)" },
	{ .kind = OPT_FLAG, .name = "stratify", .off = C(stratify),
	  .desc = "one report per node type (fingerprint)" },
	{ .kind = OPT_FN, .name = "name", .arg = "label=name", .fn = opt_name,
	  .desc = "show the variant labelled label as name; repeat" },
	{ .kind = OPT_FLAG, .name = "unmatched", .off = C(unmatched),
	  .desc = "compare images that differ in more than the knob "
	  "(noted)" },
	{ .kind = OPT_END }
};
#undef C

static int
parse_args(int argc, char **argv, struct copts *o)
{

	return (opt_parse(cmd_compare_opts, o, argc, argv));
}

static void
print_problems(const struct wb_compare *c)
{
	size_t i;

	for (i = 0; i < c->nproblems; i++)
		if (c->problems[i].fatal)
			warnx("%s: different %s (%s)", wb_strvis_slot(c->labels[
			    c->problems[i].var]),
			    wb_strvis_slot(c->problems[i].what),
			    wb_strvis_slot(c->problems[i].detail));
}

/*
 * Images that differ in more than the knob: refused unless --unmatched
 * (then the report carries the note); files without identity records
 * are compared with a note.  Non-zero: refused (said).
 */
static int
matching(const struct copts *o, const struct wb_compare *c)
{

	if (c->match_unrecorded != NULL && !c->match_none)
		warnx("matching not recorded for %s (results from before "
		    "worldbench recorded image identities, or a root that is "
		    "not an image): not checked",
		    wb_strvis_slot(c->match_unrecorded));
	if (c->unmatched == NULL)
		return (0);
	warnx("%s", wb_strvis_slot(c->unmatched));
	if (!o->unmatched) {
		warnx("refusing to compare: the images differ in more than "
		    "the knob (--unmatched to compare anyway, noted in the "
		    "report)");
		return (1);
	}
	warnx("WARNING: --unmatched: the report says UNMATCHED images");
	return (0);
}

/* The formats --stratify writes one after another on standard output. */
static int
stratum_format(const char *fmt)
{

	return (strcmp(fmt, "text") == 0 || strcmp(fmt, "markdown") == 0 ||
	    strcmp(fmt, "csv") == 0 || strcmp(fmt, "summary") == 0);
}

static int
emit(const struct copts *o, const struct wb_report *rep)
{
	struct wb_err e;

	if (o->out != NULL) {
		if (wb_report_save(o->out, o->fmt, rep, &e) == -1) {
			return (cmd_fail(&e));
		}
		return (0);
	}
	if (wb_report_write(stdout, o->fmt, rep, &e) == -1 ||
	    fflush(stdout) == EOF) {
		return (cmd_fail(&e));
	}
	return (0);
}

static int
compare(const struct copts *o, struct wb_results **v, int nv,
    char **paths)
{
	static const size_t cells[4] = { 0, 1, 2, 3 };
	struct wb_factorial fact;
	struct wb_compare c;
	struct wb_report rep;
	struct wb_results **rv;
	struct wb_err e;
	char gen[128];
	size_t i;
	int rc;

	if (wb_compare_build(v, nv, NULL, (const char *const *)paths,
	    o->conf, o->est, o->adjust, &c, &e) == -1) {
		return (cmd_fail(&e));
	}
	if (!isnan(o->negligible) && wb_compare_set_negligible(&c,
	    o->negligible, WB_NEGL_OPTION, &e) == -1) {
		wb_compare_fini(&c);
		return (cmd_fail(&e));
	}
	if (o->factorial && c.blocked) {
		warnx("--factorial needs four results of one run, not "
		    "several runs");
		wb_compare_fini(&c);
		return (EX_USAGE);
	}
	if (matching(o, &c) != 0) {
		wb_compare_fini(&c);
		return (1);
	}
	if (c.nfatal > 0) {
		print_problems(&c);
		if (!o->force) {
			warnx("refusing to compare: the provenance differs "
			    "(--force to compare anyway, flagged)");
			wb_compare_fini(&c);
			return (1);
		}
		warnx("WARNING: --force: the comparison is flagged invalid");
		c.forced = 1;
	}
	memset(&rep, 0, sizeof(rep));
	rep.cmp = &c;
	/* Blocked by run: each variant's file of the first run. */
	if ((rv = calloc(c.nvar, sizeof(*rv))) == NULL)
		err(EX_OSERR, "calloc");
	for (i = 0; i < c.nvar; i++)
		rv[i] = c.blocked ? v[c.runs[0].files[i]] : v[i];
	rep.results = rv;
	rep.plot = o->plot;
	snprintf(gen, sizeof(gen), "worldbench %s (%s)", wb_version(),
	    wb_version_gitrev());
	rep.generator = gen;
	if (o->factorial) {
		if (wb_factorial_build(&c, cells, o->knobs[0], o->knobs[1],
		    &fact, &e) == -1) {
			rc = cmd_failp("factorial", &e);
			wb_compare_fini(&c);
			free(rv);
			return (rc);
		}
		rep.fact = &fact;
	}
	rc = emit(o, &rep);
	if (o->factorial)
		wb_factorial_fini(&fact);
	wb_compare_fini(&c);
	free(rv);
	return (rc);
}

/*
 * --stratify: one comparison per node type (the fingerprint but the
 * hostname), each under a line naming the stratum and its nodes.
 */
static int
stratified(const struct copts *o, struct wb_results **v, int nv,
    char **paths)
{
	struct wb_cmp_stratum *s;
	struct wb_results **sv;
	struct wb_err e;
	size_t ns, k, i;
	char **sp;
	int rc, worst;

	if (wb_compare_strata(v, (size_t)nv, &s, &ns, &e) == -1)
		return (cmd_fail(&e));
	worst = 0;
	for (k = 0; k < ns; k++) {
		printf("%sstratum %zu of %zu: %s; nodes %s; %zu files\n",
		    strcmp(o->fmt, "markdown") == 0 ? "## " :
		    strcmp(o->fmt, "csv") == 0 ? "# " : "", k + 1, ns,
		    s[k].desc, s[k].nodes != NULL ? s[k].nodes : "unrecorded",
		    s[k].nfiles);
		if (fflush(stdout) == EOF)
			err(EX_IOERR, "stdout");
		sv = calloc(s[k].nfiles, sizeof(*sv));
		sp = calloc(s[k].nfiles, sizeof(*sp));
		if (sv == NULL || sp == NULL)
			err(EX_OSERR, "calloc");
		for (i = 0; i < s[k].nfiles; i++) {
			sv[i] = v[s[k].files[i]];
			sp[i] = paths[s[k].files[i]];
		}
		if (s[k].nfiles < 2) {
			warnx("stratum %zu: one file, nothing to compare", k + 1);
			rc = 0;
		} else
			rc = compare(o, sv, (int)s[k].nfiles, sp);
		free(sv);
		free(sp);
		if (rc > worst)
			worst = rc;
		if (k + 1 < ns)
			putchar('\n');
	}
	wb_compare_strata_free(s, ns);
	return (worst);
}

int
cmd_compare(int argc, char **argv)
{
	struct wb_results **v;
	struct copts o;
	struct wb_err e;
	int i, n, rc;

	memset(&o, 0, sizeof(o));
	o.conf = 0.95;
	o.est = WB_EST_UNIXBENCH;
	o.adjust = WB_ADJ_HOLM;
	o.fmt = "text";
	o.negligible = NAN;
	if ((i = parse_args(argc, argv, &o)) == -1)
		return (usage());
	argc -= i;
	argv += i;
	if (argc < 2)
		return (usage());
	if (o.stratify && (o.factorial || o.out != NULL ||
	    !stratum_format(o.fmt))) {
		warnx("--stratify writes one report per stratum to standard "
		    "output: text, markdown or csv, without --factorial or -o");
		return (usage());
	}
	if (o.factorial && argc != 4) {
		warnx("--factorial needs exactly four results: A0B0 A1B0 "
		    "A0B1 A1B1");
		return (usage());
	}
	if ((v = calloc(argc, sizeof(*v))) == NULL)
		err(EX_OSERR, "calloc");
	rc = 0;
	for (n = 0; n < argc; n++)
		if (wb_results_read(argv[n], &v[n], &e) == -1) {
			rc = cmd_fail(&e);
			break;
		}
	if (rc == 0 && compare_names_apply(&o.names, v, argc) == -1)
		rc = EX_USAGE;
	if (rc == 0 && o.stratify)
		rc = stratified(&o, v, argc, argv);
	else if (rc == 0)
		rc = compare(&o, v, argc, argv);
	for (i = 0; i < n; i++)
		wb_results_free(v[i]);
	free(v);
	free(o.knobs[0]);
	free(o.knobs[1]);
	return (rc);
}
