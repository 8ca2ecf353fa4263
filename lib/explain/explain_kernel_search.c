/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Delta debugging over the kernels of a kernel explanation
 * (explain_kernel_int.h): each configuration the search asks for is
 * built and booted against the reference, its final score the answer.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "explain_format.h"
#include "explain_kernel.h"
#include "explain_kernel_int.h"
#include "explain_kernel_opts.h"
#include "explain_plan.h"
#include "explain_result.h"
#include "explain_search.h"
#include "wb_report.h"
#include "wb_util.h"

/*
 * A search reports an interaction where options together differ from
 * their sum by more than this in ln: twice what one boot repeats within
 * under icount (0.5%).
 */
#define SEARCH_TOL	0.01

struct search_arg {
	const struct wb_explain_kernel_drive	*w;
	const struct wb_explain_kernel		*kx;
	const char				*rundir;
	struct wb_explain_query			 queries[64 * 64];
	size_t					 nq, built;
};

/* Configuration p measured into dir; the error names it. */
static int
measure(struct search_arg *s, const struct wb_explain_kernel *p,
    const char *dir, struct wb_err *e)
{
	char why[sizeof(e->msg)];
	size_t built;
	int failed, rc;

	wb_note_printf(s->w->note, s->w->arg, "configuration %zu: %s",
	    s->nq + 1, p->steps[0]->target);
	if ((rc = wb_explain_kernel_measure(s->w, p, dir, &built, &failed,
	    e)) != 0) {
		rc = e->class;
		snprintf(why, sizeof(why), "%s", e->msg);
		wb_err_set(e, "configuration %s: not measured: %s",
		    p->steps[0]->target, why);
		return (wb_err_class(e, rc));
	}
	s->built += built;
	return (0);
}

/* The answer of configuration p, measured into dir, recorded. */
static int
answer(struct search_arg *s, const struct wb_explain_kernel *p, uint64_t set,
    const char *dir, double *v, struct wb_err *e)
{
	struct wb_explain_query *qr;
	struct wb_explain_result *x;
	const struct wb_welch *w;
	int rc = -1;

	if ((x = wb_explain_result_new(p->steps[0], dir, 1, 0.95, e)) == NULL)
		return (-1);
	qr = &s->queries[s->nq];
	if ((w = wb_explain_result_final(x)) == NULL)
		wb_err_set(e, "configuration %s: no final score in %s",
		    p->steps[0]->target, dir);
	else if ((qr->label = strdup(p->steps[0]->target)) == NULL)
		wb_err_setsys(e, "strdup");
	else {
		qr->set = set;
		qr->logdiff = *v = w->diff;
		qr->lo = w->have_ci ? w->lo : NAN;
		qr->hi = w->have_ci ? w->hi : NAN;
		s->nq++;
		wb_note_printf(s->w->note, s->w->arg, "configuration %zu: %.4f "
		    "against %s", s->nq, w->ratio, p->steps[0]->base);
		rc = 0;
	}
	wb_explain_result_free(x);
	return (rc);
}

/* The search's cost: set's point built, booted against the reference. */
static int
search_cost(void *arg, uint64_t set, double *v, struct wb_err *e)
{
	struct search_arg *s = arg;
	struct wb_explain_kernel *p;
	char *dir;
	int rc;

	if (s->nq == sizeof(s->queries) / sizeof(s->queries[0]))
		return (wb_err_set(e, "the search asked for more than %zu "
		    "configurations", s->nq));
	if ((p = wb_explain_kernel_pair(s->kx, set, s->w->recipe, e)) == NULL)
		return (-1);
	if (asprintf(&dir, "%s/search/%02zu", s->rundir, s->nq + 1) < 0) {
		wb_explain_kernel_free(p);
		return (wb_err_setsys(e, "asprintf"));
	}
	rc = measure(s, p, dir, e) == 0 ? answer(s, p, set, dir, v, e) : -1;
	wb_explain_kernel_free(p);
	free(dir);
	return (rc);
}

/* The search's report of dd over s's queries. */
static int
report(const struct search_arg *s, const struct wb_explain_ddmin *dd,
    struct wb_err *e)
{
	struct wb_explain_kernel_show sh = { NULL, NULL, NULL, NULL };
	struct wb_explain_search r;
	const struct wb_explain_kernel *kx = s->kx;
	const char *names[64];
	char *path;
	size_t i, nf = kx->nsteps - 1;
	int rc = 0;

	for (i = 0; i < nf; i++)
		names[i] = kx->steps[i]->f[0].name;
	memset(&r, 0, sizeof(r));
	r.dd = dd;
	r.names = names;
	r.n = nf;
	r.reference = kx->steps[0]->base;
	r.target = kx->target;
	r.frac = s->w->ddmin;
	r.tol = SEARCH_TOL;
	r.conf = 0.95;
	r.queries = s->queries;
	r.nqueries = s->nq;
	r.kernels = s->nq + 1;
	r.built = s->built;
	for (i = 0; i < 2 && rc == 0; i++) {
		if (asprintf(&path, "%s/search.%s", s->rundir,
		    i == 0 ? "txt" : "json") < 0)
			return (wb_err_setsys(e, "asprintf"));
		rc = wb_explain_search_save(path, i == 0 ? "text" :
		    "json", &r, e);
		free(path);
	}
	sh.sr = &r;
	if (rc == 0 && s->w->show != NULL)
		rc = s->w->show(s->w->arg, &sh, e);
	return (rc);
}

int
wb_explain_kernel_search(const struct wb_explain_kernel_drive *w,
    const struct wb_explain_kernel *kx, const char *rundir, struct wb_err *e)
{
	struct search_arg *s;
	struct wb_explain_ddmin *dd;
	size_t i;
	int rc;

	if ((s = calloc(1, sizeof(*s))) == NULL)
		return (wb_err_setsys(e, "calloc"));
	s->w = w;
	s->kx = kx;
	s->rundir = rundir;
	if ((dd = wb_explain_ddmin(kx->nsteps - 1, search_cost, s, w->ddmin,
	    SEARCH_TOL, e)) == NULL)
		rc = -1;
	else
		rc = report(s, dd, e);
	wb_explain_ddmin_free(dd);
	for (i = 0; i < s->nq; i++)
		free((char *)s->queries[i].label);
	free(s);
	return (rc);
}
