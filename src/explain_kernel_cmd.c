/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench explain over a kernel recipe (explain_kernel_cmd.h).
 */
#include <err.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <time.h>

#include "atomic.h"
#include "cmd.h"
#include "cmdutil.h"
#include "design.h"
#include "exitmap.h"
#include "err.h"
#include "experiment_boot.h"
#include "explain_format.h"
#include "explain_kernel.h"
#include "explain.h"
#include "explain_kernel_cmd.h"
#include "explain_plan.h"
#include "explain_result.h"
#include "explain_search.h"
#include "explain_steps.h"
#include "kbuild.h"
#include "kvariant.h"
#include "recipe.h"
#include "spawn.h"
#include "strvis.h"

static char note_prefix[] = "worldbench explain: ";

/*
 * A search reports an interaction where options together differ from
 * their sum by more than this in ln: twice what one boot repeats within
 * under icount (0.5%).
 */
#define SEARCH_TOL	0.01

/* The target's fragments that the base's list lacks, in merge order. */
static int
extra_fragments(const struct kexplain_req *q, struct wb_kbuild_variant *b,
    struct wb_kbuild_variant *t, const char **extra, size_t *nextra,
    struct wb_err *e)
{
	size_t i, j;

	*nextra = 0;
	if (wb_kbuild_variant_init(b, q->r, q->k.overlays, q->base, e) != 0)
		return (-1);
	if (wb_kbuild_variant_init(t, q->r, q->k.overlays, q->target,
	    e) != 0) {
		wb_kbuild_variant_fini(b);
		return (-1);
	}
	for (i = 0; i < t->nfragments; i++) {
		for (j = 0; j < b->nfragments; j++)
			if (strcmp(t->fragments[i], b->fragments[j]) == 0)
				break;
		if (j == b->nfragments && *nextra < 64)
			extra[(*nextra)++] = t->fragments[i];
	}
	return (0);
}

static void
plan_show(const struct wb_kexplain *kx, const struct kexplain_req *q)
{
	const struct wb_explain_plan *p;
	char buf[1024];
	size_t i;

	p = kx->main != NULL ? kx->main : kx->steps[0];
	printf("symbols (requested by the fragments of %s that %s lacks):\n",
	    wb_vis(q->target), wb_vis(q->base));
	/* A value is a fragment's text: a string may hold anything. */
	for (i = 0; i < kx->nsyms; i++)
		printf("  CONFIG_%s=%s%s\n", wb_vis(kx->syms[i]),
		    wb_vis(kx->vals[i]),
		    (kx->enablers >> i) & 1 ? "  (enabler: on in every point "
		    "but the base)" : "");
	if (kx->main != NULL) {
		printf("factors:\n");
		for (i = 0; i < p->k; i++)
			printf("  %c  %-20s %s\n", (int)('A' + i),
			    wb_vis(p->f[i].name), wb_vis(wb_explain_plan_opts(
			    p, p->f[i].opts, buf, sizeof(buf))));
		printf("design: %zu runs over %zu factors%s\n",
		    p->design->nruns, p->k, p->design->p > 0 ?
		    " (a fraction)" : " (full factorial)");
	} else if (q->ddmin > 0) {
		printf("delta debugging to %g%% of the difference: over %zu "
		    "factors from %s, each configuration it asks for one "
		    "kernel booted against that reference:\n", 100 * q->ddmin,
		    kx->nsteps - 1, wb_vis(p->base));
		for (i = 0; i + 1 < kx->nsteps; i++)
			printf("  %2zu  %-24s %s\n", i + 1,
			    wb_vis(kx->steps[i]->f[0].name),
			    wb_vis(wb_explain_plan_opts(kx->steps[i],
			    kx->steps[i]->f[0].opts, buf, sizeof(buf))));
		printf("kernels: the reference, the target, and one per "
		    "configuration asked for (the answers decide which)\n");
		return;
	} else
		printf("%s: %zu steps from %s\n", q->screen ? "group "
		    "screening, stage one (stage two: the symbols of every "
		    "group of several that costs)" : "one at a time",
		    kx->nsteps, wb_vis(p->base));
	printf("kernels (%zu):\n", kx->npoints);
	for (i = 0; i < kx->npoints; i++)
		printf("  %2zu  %s\n", i + 1, wb_vis(kx->points[i]));
}

/* Point i's build: its fragments, the shared build directory. */
static int
point_init(struct kvariant *v, const struct wb_kexplain *kx, size_t i,
    const struct kexplain_req *q, char **fragpath, const char ***frags,
    struct wb_err *e)
{
	char *text, *dir;
	int which;
	size_t n;

	*fragpath = NULL;
	*frags = NULL;
	which = wb_kexplain_variant(kx, i);
	if (kvariant_init(v, &q->k, q->r, which == 2 ? q->target : q->base,
	    kx->points[i], q->jobs, 0, note_prefix, e) != 0)
		return (-1);
	if (which != 0)
		return (0);
	/* Another point: the base's fragments and one with its symbols. */
	if (asprintf(&dir, "%s/kbuild/explain", q->k.workdir) < 0)
		return (wb_err_setsys(e, "explain"));
	if (wb_kpaths_mkdirs(dir, e) != 0 || asprintf(fragpath,
	    "%s/%s.config", dir, kx->points[i]) < 0) {
		free(dir);
		return (*fragpath = NULL, -1);
	}
	free(dir);
	if ((text = wb_kexplain_fragment(kx, i, e)) == NULL)
		return (-1);
	n = v->kv.nfragments;
	if (wb_atomic_write(*fragpath, text, strlen(text), 0644, e) != 0 ||
	    (*frags = calloc(n + 1, sizeof(**frags))) == NULL) {
		free(text);
		return (*frags == NULL && e->msg[0] == '\0' ?
		    wb_err_setsys(e, "calloc") : -1);
	}
	free(text);
	memcpy(*frags, v->kv.fragments, n * sizeof(**frags));
	(*frags)[n] = *fragpath;
	v->kb.fragments = *frags;
	v->kb.nfragments = n + 1;
	free(v->objdir);
	if (asprintf(&dir, "explain-%s", q->recipe) < 0 ||
	    (v->objdir = wb_kpaths_objdir(&q->k, dir)) == NULL) {
		free(dir);
		return (wb_err_setsys(e, "explain"));
	}
	free(dir);
	v->kb.objdir = v->objdir;
	return (0);
}

/* Build every point; images[i] its image directory. */
static int
build_points(const struct wb_kexplain *kx, const struct kexplain_req *q,
    char **images, size_t *built)
{
	struct kvariant v;
	struct wb_err e;
	const char **frags;
	char *fragpath;
	double t0;
	size_t i;
	int b, rc = 0;

	*built = 0;
	for (i = 0; i < kx->npoints && rc == 0; i++) {
		wb_err_clear(&e);
		if (point_init(&v, kx, i, q, &fragpath, &frags, &e) != 0) {
			rc = cmd_fail(&e);
		} else {
			if (!q->quiet)
				fprintf(stderr, "%s[%zu/%zu] kernel %s\n",
				    note_prefix, i + 1, kx->npoints,
				    wb_vis(kx->points[i]));
			t0 = wb_spawn_now();
			if (wb_kbuild_run(&v.kb, 0, &b, &e) != 0)
				rc = cmd_fail(&e);
			else if ((images[i] = strdup(v.imagedir)) == NULL)
				err(EX_OSERR, "strdup");
			else if (b) {
				(*built)++;
				if (!q->quiet)
					fprintf(stderr, "%sbuilt %s in %.0f "
					    "s\n", note_prefix,
					    wb_vis(kx->points[i]),
					    wb_spawn_now() - t0);
			}
		}
		kvariant_fini(&v);
		free(frags);
		free(fragpath);
	}
	return (rc);
}

static int
boot_points(const struct kexplain_req *q, const char *const *images,
    size_t n, const char *rundir)
{
	struct wb_boot_experiment x;
	struct wb_qemu_policy_req *pol = &x.policy;
	struct wb_err e;
	int rc;

	memset(&x, 0, sizeof(x));
	x.paths = &q->k;
	x.kernels = images;
	x.nkernels = n;
	cmd_boot_root_defaults(&x.root);
	x.outdir = rundir;
	pol->tests = q->tests != NULL ? q->tests : "all";
	pol->passes = q->passes;
	pol->boots = q->boots;
	pol->seconds = q->seconds;
	pol->quick = q->seconds == 0;	/* the quick plan by default */
	pol->hang = -1;
	pol->cachedir = q->k.cachedir;
	x.say = cmd_note;
	x.note = q->quiet ? NULL : cmd_note;
	x.note_arg = note_prefix;
	x.preflight = cmd_preflight_check(0, q->quiet);
	wb_err_clear(&e);
	if ((rc = wb_boot_experiment_run(&x, &e)) != 0)
		rc = rc == -2 ? (warnx("%s", e.msg), EX_USAGE) : cmd_fail(&e);
	else if (x.boots_failed > 0) {
		warnx("%d boots failed (recorded in the results): their "
		    "rounds are left out", x.boots_failed);
		rc = 1;
	}
	wb_boot_experiment_fini(&x);
	return (rc);
}

/* The formats of the reports, in the order they are written. */
static const struct {
	const char		*ext;
	enum wb_report_fmt	 fmt;
} formats[] = {
	{ "txt", WB_REPORT_TEXT },
	{ "json", WB_REPORT_JSON },
	{ "md", WB_REPORT_MARKDOWN },
	{ "html", WB_REPORT_HTML },
};

/*
 * rundir/stem.{txt,json,md,html} (the first nfmt of them): the design's
 * x, the steps s or the search sr; then the one in q's format to stdout.
 */
static int
save_reports(const struct kexplain_req *q, const char *rundir,
    const char *stem, size_t nfmt, const struct wb_explain_result *x,
    const struct wb_explain_steps *s, const struct wb_explain_search *sr)
{
	struct wb_err e;
	char *path;
	size_t i;
	int r = 0;

	for (i = 0; i < nfmt && r == 0; i++) {
		if (asprintf(&path, "%s/%s.%s", rundir, stem,
		    formats[i].ext) < 0)
			err(EX_OSERR, "asprintf");
		r = x != NULL ? wb_explain_save(path, formats[i].fmt, x, &e) :
		    s != NULL ? wb_explain_steps_save(path, formats[i].fmt, s,
		    &e) : wb_explain_search_save(path, formats[i].fmt, sr, &e);
		free(path);
	}
	if (r == 0)
		r = x != NULL ? wb_explain_write(stdout, q->fmt, x, &e) :
		    s != NULL ? wb_explain_steps_write(stdout, q->fmt, s, &e) :
		    wb_explain_search_write(stdout, q->fmt, sr, &e);
	return (r != 0 ? cmd_fail(&e) : 0);
}

static int
report_main(const struct kexplain_req *q, const struct wb_kexplain *kx,
    const char *rundir)
{
	struct wb_explain_result *x;
	struct wb_err e;
	int maxorder, rc;

	maxorder = q->maxorder != 0 ? q->maxorder : kx->main->design->p ==
	    0 && kx->main->k <= 3 ? (int)kx->main->k : 2;
	if ((x = wb_explain_result_new(kx->main, rundir, maxorder, 0.95,
	    &e)) == NULL)
		return (cmd_fail(&e));
	if (wb_explain_family(x, &e) == -1) {
		wb_explain_result_free(x);
		return (cmd_fail(&e));
	}
	rc = save_reports(q, rundir, "explain", 4, x, NULL, NULL);
	wb_explain_result_free(x);
	return (rc);
}

/* The final score's effect of a one-step result, NULL if none. */
static const struct wb_welch *
final_effect(const struct wb_explain_result *x)
{
	const struct wb_explain_row *f = &x->rows[x->nrows - 1];

	return (f->ef != NULL && f->ef->neff > 0 ? &f->ef->eff[0].w : NULL);
}

/* A step whose final-score interval excludes 1. */
static int
step_active(const struct wb_explain_result *x)
{
	const struct wb_welch *w = final_effect(x);

	return (w != NULL && w->have_ci && (w->hi < 1 || w->lo > 1));
}

/*
 * The steps' report; active[i] (if not NULL) for each step; partial: the
 * steps cover some factors only (screening's stage two).
 */
static int
report_steps(const struct kexplain_req *q, const struct wb_kexplain *kx,
    const char *rundir, int *active, int partial)
{
	struct wb_explain_result *xs[WB_KEXPLAIN_MAXPOINTS + 1], *en = NULL;
	struct wb_explain_steps s;
	struct wb_err e;
	size_t i, n = 0;
	int rc = 0;

	if (kx->enable != NULL && (en = wb_explain_result_new(kx->enable,
	    rundir, 1, 0.95, &e)) == NULL)
		return (cmd_fail(&e));
	for (i = 0; i < kx->nsteps && rc == 0; i++)
		if ((xs[n] = wb_explain_result_new(kx->steps[i], rundir, 1,
		    0.95, &e)) == NULL)
			rc = cmd_fail(&e);
		else
			n++;
	for (i = 0; active != NULL && i < n; i++)
		active[i] = step_active(xs[i]);
	if (rc == 0) {
		s.enable = en;
		s.steps = (const struct wb_explain_result *const *)xs;
		s.nsteps = n;
		s.kernels = kx->npoints;
		s.partial = partial;
		rc = save_reports(q, rundir, "steps", 4, NULL, &s, NULL);
	}
	for (i = 0; i < n; i++)
		wb_explain_result_free(xs[i]);
	wb_explain_result_free(en);
	return (rc);
}

/* resultsdir/<recipe>-<UTC time>: made once the kernels are built. */
static char *
rundir_new(const struct kexplain_req *q)
{
	char stamp[32], *d;
	time_t now = time(NULL);

	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", gmtime(&now));
	if (asprintf(&d, "%s/%s-%s", q->resultsdir, q->recipe, stamp) < 0)
		err(EX_OSERR, "asprintf");
	return (d);
}

/*
 * Build kx's points and boot them into dir: 0, 1 or an exit status;
 * *built (if not NULL) the kernels built now.
 */
static int
measure(const struct wb_kexplain *kx, const struct kexplain_req *q,
    const char *dir, size_t *nbuilt)
{
	char *images[WB_KEXPLAIN_MAXPOINTS] = { NULL };
	struct wb_err e;
	size_t i, built;
	int rc;

	if ((rc = build_points(kx, q, images, &built)) == 0 &&
	    wb_kpaths_mkdirs(dir, &e) != 0)
		rc = cmd_fail(&e);
	if (rc == 0) {
		fprintf(stderr, "%s%zu kernels, %zu built now; booting them "
		    "into %s\n", note_prefix, kx->npoints, built, dir);
		rc = boot_points(q, (const char *const *)images, kx->npoints,
		    dir);
	}
	for (i = 0; i < kx->npoints; i++)
		free(images[i]);
	if (nbuilt != NULL)
		*nbuilt = built;
	return (rc);
}

static size_t
new_points(const struct wb_kexplain *a, const struct wb_kexplain *b)
{
	size_t i, j, n = 0;

	for (i = 0; i < b->npoints; i++) {
		for (j = 0; j < a->npoints; j++)
			if (a->psets[j] == b->psets[i])
				break;
		n += j == a->npoints;
	}
	return (n);
}

/*
 * Group screening's second stage: the symbols of the active groups one
 * at a time, measured into rundir/stage2.
 */
static int
screen(const struct kexplain_req *q, const struct wb_kexplain *kx,
    const int *active, const char *rundir)
{
	struct wb_kexplain *kx2;
	struct wb_err e;
	char *dir;
	int none, rc, rc2;

	if ((kx2 = wb_kexplain_refine(kx, active, q->recipe, &none,
	    &e)) == NULL) {
		if (!none)
			return (cmd_fail(&e));
		printf("\nScreening: no group of several symbols costs "
		    "anything proven; stage two needs no kernel.  Kernels: "
		    "%zu.\n", kx->npoints);
		return (0);
	}
	if (asprintf(&dir, "%s/stage2", rundir) < 0)
		err(EX_OSERR, "asprintf");
	printf("\nStage two: the symbols of the groups that cost, each "
	    "after the ones before it (%zu kernels, %zu not in stage one)"
	    "\n\n", kx2->npoints,
	    new_points(kx, kx2));
	fflush(stdout);
	rc = measure(kx2, q, dir, NULL);
	if ((rc == 0 || rc == 1) && (rc2 = report_steps(q, kx2, dir,
	    NULL, 1)) != 0)
		rc = rc2;
	if (rc == 0)
		printf("\nScreening: %zu kernels (stage one %zu, stage two "
		    "%zu new)\n", kx->npoints + new_points(kx, kx2),
		    kx->npoints, new_points(kx, kx2));
	free(dir);
	wb_kexplain_free(kx2);
	return (rc);
}

struct search_arg {
	const struct kexplain_req	*q;
	const struct wb_kexplain	*kx;
	const char			*rundir;
	struct wb_explain_query		 queries[64 * 64];
	size_t				 nq, built;
};

/* The search's cost: the point of set built and booted against the reference. */
static int
search_cost(void *arg, uint64_t set, double *v, struct wb_err *e)
{
	struct search_arg *s = arg;
	struct wb_explain_query *qr;
	struct wb_explain_result *x = NULL;
	struct wb_kexplain *p;
	const struct wb_welch *w;
	char *dir = NULL;
	size_t built;
	int rc = -1, m;

	if (s->nq == sizeof(s->queries) / sizeof(s->queries[0]))
		return (wb_err_set(e, "the search asked for more than %zu "
		    "configurations", s->nq));
	if ((p = wb_kexplain_pair(s->kx, set, s->q->recipe, e)) == NULL)
		return (-1);
	if (asprintf(&dir, "%s/search/%02zu", s->rundir, s->nq + 1) < 0) {
		dir = NULL;
		wb_err_setsys(e, "asprintf");
		goto out;
	}
	fprintf(stderr, "%sconfiguration %zu: %s\n", note_prefix, s->nq + 1,
	    wb_vis(p->steps[0]->target));
	if ((m = measure(p, s->q, dir, &built)) != 0 && m != 1) {
		wb_err_set(e, "configuration %s: not measured (above)",
		    p->steps[0]->target);
		goto out;
	}
	s->built += built;
	if ((x = wb_explain_result_new(p->steps[0], dir, 1, 0.95, e)) ==
	    NULL)
		goto out;
	if ((w = final_effect(x)) == NULL) {
		wb_err_set(e, "configuration %s: no final score in %s",
		    p->steps[0]->target, dir);
		goto out;
	}
	qr = &s->queries[s->nq];
	if ((qr->label = strdup(p->steps[0]->target)) == NULL) {
		wb_err_setsys(e, "strdup");
		goto out;
	}
	qr->set = set;
	qr->logdiff = *v = w->diff;
	qr->lo = w->have_ci ? w->lo : NAN;
	qr->hi = w->have_ci ? w->hi : NAN;
	s->nq++;
	fprintf(stderr, "%sconfiguration %zu: %.4f against %s\n",
	    note_prefix, s->nq, w->ratio, wb_vis(p->steps[0]->base));
	rc = 0;
out:
	wb_explain_result_free(x);
	wb_kexplain_free(p);
	free(dir);
	return (rc);
}

/*
 * Delta debugging over kx's factors (its one-at-a-time steps): each
 * configuration asked for is a kernel booted against the reference in
 * rundir/search/NN; the report is search.txt and search.json.
 */
static int
search(const struct kexplain_req *q, const struct wb_kexplain *kx,
    const char *rundir)
{
	struct search_arg *s;
	struct wb_explain_search r;
	struct wb_explain_ddmin *dd;
	const char *names[64];
	struct wb_err e;
	size_t i, nf = kx->nsteps - 1;
	int rc;

	if ((s = calloc(1, sizeof(*s))) == NULL)
		err(EX_OSERR, "calloc");
	s->q = q;
	s->kx = kx;
	s->rundir = rundir;
	wb_err_clear(&e);
	if ((dd = wb_explain_ddmin(nf, search_cost, s, q->ddmin, SEARCH_TOL,
	    &e)) == NULL)
		rc = cmd_fail(&e);
	else {
		for (i = 0; i < nf; i++)
			names[i] = kx->steps[i]->f[0].name;
		memset(&r, 0, sizeof(r));
		r.dd = dd;
		r.names = names;
		r.n = nf;
		r.reference = kx->steps[0]->base;
		r.target = kx->target;
		r.frac = q->ddmin;
		r.tol = SEARCH_TOL;
		r.conf = 0.95;
		r.queries = s->queries;
		r.nqueries = s->nq;
		r.kernels = s->nq + 1;
		r.built = s->built;
		rc = save_reports(q, rundir, "search", 2, NULL, NULL, &r);
	}
	wb_explain_ddmin_free(dd);
	for (i = 0; i < s->nq; i++)
		free((char *)s->queries[i].label);
	free(s);
	return (rc);
}

int
explain_kernel(const struct kexplain_req *q)
{
	struct wb_kbuild_variant b, t;
	struct wb_kexplain *kx;
	struct wb_err e;
	const char *extra[64];
	char *rundir = NULL;
	int active[WB_KEXPLAIN_MAXPOINTS + 1];
	size_t nextra;
	int rc, rc2;

	wb_err_clear(&e);
	if (extra_fragments(q, &b, &t, extra, &nextra, &e) != 0)
		return (cmd_fail(&e));
	kx = wb_kexplain_new(q->recipe, q->base, q->target, extra, nextra,
	    q->groups, q->ngroups, q->gens, q->ngens, q->one_at_a_time ||
	    q->screen || q->ddmin > 0, &e);
	wb_kbuild_variant_fini(&b);
	wb_kbuild_variant_fini(&t);
	if (kx == NULL)
		return (cmd_fail(&e));
	if (q->plan_only) {
		plan_show(kx, q);
		wb_kexplain_free(kx);
		return (0);
	}
	rundir = rundir_new(q);
	if (q->ddmin > 0)
		rc = rc2 = search(q, kx, rundir);
	else if ((rc = measure(kx, q, rundir, NULL)) == 0 || rc == 1) {
		rc2 = kx->main != NULL ? report_main(q, kx, rundir) :
		    report_steps(q, kx, rundir, active, 0);
		if (rc2 == 0 && q->screen)
			rc2 = screen(q, kx, active, rundir);
	} else
		rc2 = rc;
	if (rc2 != 0)
		rc = rc2;
	else if (q->fmt == WB_REPORT_TEXT)
		printf("\nReports: %s\n", rundir);
	free(rundir);
	wb_kexplain_free(kx);
	return (rc);
}
