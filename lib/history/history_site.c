/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The release-history site from the store: every series with its
 * releases' geometric means and intervals, and its change candidates
 * with the status of their last confirmation, handed to the site writer
 * (lib/report/history_html.h).
 */
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history_store.h"
#include "wb_model.h"
#include "wb_report.h"
#include "wb_util.h"

/* Columns of wb_history_candidates' query, in order. */
enum { C_ID, C_BEFORE, C_AFTER, C_RATIO, C_LO, C_HI, C_P, C_OUTCOME,
	C_KRATIO, C_KLO, C_KHI, C_SOURCE, C_N };

struct cand_walk {
	wb_hs_cand_fn	*fn;
	void		*arg;
	long long	 last;		/* the candidate of the last row */
};

static double
num(const char *s)
{

	return (s != NULL ? strtod(s, NULL) : NAN);
}

static int
cand_row(void *arg, int ncol, const char *const *v, struct wb_err *err)
{
	struct cand_walk *w = arg;
	struct wb_hs_cand_row r;

	if (ncol < C_N || v[C_ID] == NULL || v[C_BEFORE] == NULL ||
	    v[C_AFTER] == NULL)
		return (wb_err_set(err, "candidates: a short row"));
	memset(&r, 0, sizeof(r));
	r.id = strtoll(v[C_ID], NULL, 10);
	/* Two confirmations decided in one second: the first row only. */
	if (r.id == w->last)
		return (0);
	w->last = r.id;
	r.before = v[C_BEFORE];
	r.after = v[C_AFTER];
	r.ratio = num(v[C_RATIO]);
	r.lo = num(v[C_LO]);
	r.hi = num(v[C_HI]);
	r.p = num(v[C_P]);
	r.outcome = v[C_OUTCOME] != NULL ? v[C_OUTCOME] : "";
	r.kratio = num(v[C_KRATIO]);
	r.klo = num(v[C_KLO]);
	r.khi = num(v[C_KHI]);
	r.source = v[C_SOURCE];
	return (w->fn(w->arg, &r, err));
}

int
wb_history_candidates(struct wb_hstore *s, const char *fp, const char *label,
    const char *test, wb_hs_cand_fn *fn, void *arg, struct wb_err *err)
{
	struct cand_walk w;
	const char *p[3];

	w.fn = fn;
	w.arg = arg;
	w.last = 0;
	p[0] = fp;
	p[1] = label;
	p[2] = test;
	return (wb_history_exec(s,
	    "SELECT c.id, b.name, a.name, c.ratio, c.lo, "
	    "c.hi, c.p, k.outcome, k.ratio, k.lo, k.hi, u.source "
	    "FROM candidates c "
	    "JOIN releases b ON b.id = c.before_id "
	    "JOIN releases a ON a.id = c.after_id "
	    "LEFT JOIN confirmations k ON k.candidate_id = c.id AND "
	    "k.decided = (SELECT MAX(decided) FROM confirmations "
	    "WHERE candidate_id = c.id) "
	    "LEFT JOIN runs u ON u.id = k.run_id "
	    "WHERE c.fingerprint = ? AND c.label = ? AND c.test = ? "
	    "ORDER BY a.ord, c.id, k.run_id DESC", p, 3, cand_row, &w, err));
}

/*
 * A link to target from a page of dir (both absolute and canonical):
 * "../" for each part of dir past the common prefix, then the rest of
 * target, every byte but [A-Za-z0-9._~/-] percent-encoded.
 */
static char *
relative_link(const char *dir, const char *target)
{
	size_t i, common, up, len;
	const char *rest;
	char *out, *o;

	common = 0;
	for (i = 0; dir[i] != '\0' && dir[i] == target[i]; i++)
		if (dir[i] == '/')
			common = i;
	if (dir[i] == '\0' && (target[i] == '/' || target[i] == '\0'))
		common = i;
	up = 0;
	for (i = common; dir[i] != '\0'; i++)
		if (dir[i] == '/')
			up++;
	rest = target + common + (target[common] == '/');
	len = 3 * up + 3 * strlen(rest) + 2;
	if ((out = malloc(len)) == NULL)
		return (NULL);
	o = out;
	for (i = 0; i < up; i++) {
		memcpy(o, "../", 3);
		o += 3;
	}
	for (; *rest != '\0'; rest++) {
		if (strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		    "0123456789._~/-", *rest) != NULL)
			*o++ = *rest;
		else
			o += sprintf(o, "%%%02X", (unsigned char)*rest);
	}
	if (o == out)
		*o++ = '.';
	*o = '\0';
	return (out);
}

/*
 * The report of a confirmation whose run was added from source: its
 * compare.html when source is a directory holding one, else source.
 * NULL (no link) when it is not on this machine.
 */
static char *
report_link(const char *absdir, const char *source)
{
	char path[PATH_MAX + 16], real[PATH_MAX];
	struct stat st;

	if (source == NULL)
		return (NULL);
	snprintf(path, sizeof(path), "%s/compare.html", source);
	if (stat(path, &st) == -1 || !S_ISREG(st.st_mode))
		snprintf(path, sizeof(path), "%s", source);
	if (realpath(path, real) == NULL)
		return (NULL);
	return (relative_link(absdir, real));
}

/* What a series page holds, and owns. */
struct page {
	struct wb_hist_series	 s;
	const char		**rel;
	double			*val, *lo, *hi;
	struct wb_hist_cp	*cps;
	size_t			 ncps;
	char			*title;
	char			**links;	/* ncps, each or NULL */
};

struct cand_fill {
	struct page			*pg;
	const struct wb_history_series	*hs;
	const char			*absdir;
};

static int
cand_add(void *arg, const struct wb_hs_cand_row *r, struct wb_err *err)
{
	struct cand_fill *f = arg;
	struct page *pg = f->pg;
	struct wb_hist_cp *c, *nc;
	char **nl;
	size_t at;

	for (at = 1; at < f->hs->np; at++)
		if (strcmp(f->hs->p[at].release, r->after) == 0)
			break;
	if (at >= f->hs->np)
		return (0);	/* its later release has no pass here */
	if ((nc = realloc(pg->cps, (pg->ncps + 1) * sizeof(*nc))) == NULL)
		return (wb_err_setsys(err, "realloc"));
	pg->cps = nc;
	if ((nl = realloc(pg->links, (pg->ncps + 1) * sizeof(*nl))) == NULL)
		return (wb_err_setsys(err, "realloc"));
	pg->links = nl;
	c = &pg->cps[pg->ncps];
	pg->links[pg->ncps] = NULL;
	pg->ncps++;
	memset(c, 0, sizeof(*c));
	c->at = at;
	if (strcmp(r->outcome, "confirmed") == 0)
		c->status = WB_HCP_CONFIRMED;
	else if (strcmp(r->outcome, "rejected") == 0)
		c->status = WB_HCP_REJECTED;
	else
		c->status = WB_HCP_CANDIDATE;	/* none yet, or inconclusive */
	/* Re-measured: the paired interval, the proof; else as found. */
	if (r->outcome[0] != '\0' && !isnan(r->kratio)) {
		c->ratio = r->kratio;
		c->lo = r->klo;
		c->hi = r->khi;
	} else {
		c->ratio = r->ratio;
		c->lo = r->lo;
		c->hi = r->hi;
	}
	if (r->outcome[0] != '\0') {
		pg->links[pg->ncps - 1] = report_link(f->absdir, r->source);
		c->report = pg->links[pg->ncps - 1];
	}
	return (0);
}

static void
page_fini(struct page *pg)
{
	size_t i;

	for (i = 0; i < pg->ncps; i++)
		free(pg->links[i]);
	free(pg->links);
	free(pg->cps);
	free(pg->rel);
	free(pg->val);
	free(pg->lo);
	free(pg->hi);
	free(pg->title);
}

static int
page_init(struct wb_hstore *st, const struct wb_history_series *hs,
    const char *absdir, struct page *pg, struct wb_err *err)
{
	const struct wb_test_def *d;
	struct cand_fill f;
	size_t i, n;

	memset(pg, 0, sizeof(*pg));
	n = hs->np;
	if ((pg->rel = calloc(n, sizeof(*pg->rel))) == NULL ||
	    (pg->val = calloc(n, sizeof(double))) == NULL ||
	    (pg->lo = calloc(n, sizeof(double))) == NULL ||
	    (pg->hi = calloc(n, sizeof(double))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < n; i++) {
		pg->rel[i] = hs->p[i].release;
		pg->val[i] = hs->p[i].gmean;
		pg->lo[i] = hs->p[i].lo;
		pg->hi[i] = hs->p[i].hi;
	}
	d = wb_suite_find(hs->test);
	if ((hs->reference != NULL ? asprintf(&pg->title, "%s, %s, ratio to "
	    "reference %s, paired in each run", d != NULL ? d->name : hs->test,
	    hs->label, hs->reference) : asprintf(&pg->title, "%s, %s",
	    d != NULL ? d->name : hs->test, hs->label)) == -1) {
		pg->title = NULL;
		return (wb_err_setsys(err, "asprintf"));
	}
	f.pg = pg;
	f.hs = hs;
	f.absdir = absdir;
	if (wb_history_candidates(st, hs->fingerprint, hs->label, hs->test,
	    cand_add, &f, err) == -1)
		return (-1);
	pg->s.title = pg->title;
	pg->s.machine = hs->fingerprint;
	pg->s.variant = hs->label;
	pg->s.test = hs->test;
	if (hs->reference != NULL)
		pg->s.unit = "ratio";
	else
		pg->s.unit = d != NULL ? d->unit : NULL;
	pg->s.n = n;
	pg->s.releases = pg->rel;
	pg->s.value = pg->val;
	pg->s.lo = pg->lo;
	pg->s.hi = pg->hi;
	pg->s.ncps = pg->ncps;
	pg->s.cps = pg->cps;
	return (0);
}

int
wb_history_site_write(struct wb_hstore *st, const struct wb_hs_filter *f,
    const char *dir, const char *generator, size_t *nseries,
    struct wb_err *err)
{
	struct wb_hist_series *ser;
	struct wb_history_series *v;
	struct wb_hist_site site;
	char absdir[PATH_MAX];
	struct page *pg;
	size_t i, n, made;
	int rc;

	*nseries = 0;
	if (mkdir(dir, 0755) == -1 && errno != EEXIST) {
		wb_err_setsys(err, "%s", dir);
		return (wb_err_class(err, WB_ERR_CANTCREAT));
	}
	if (realpath(dir, absdir) == NULL)
		return (wb_err_setsys(err, "%s", dir));
	if (wb_history_series(st, f, &v, &n, err) == -1)
		return (-1);
	pg = calloc(n > 0 ? n : 1, sizeof(*pg));
	ser = calloc(n > 0 ? n : 1, sizeof(*ser));
	rc = pg == NULL || ser == NULL ? wb_err_setsys(err, "calloc") : 0;
	made = 0;
	for (i = 0; i < n && rc == 0; i++) {
		rc = page_init(st, &v[i], absdir, &pg[i], err);
		made = i + 1;
		if (rc == 0)
			ser[i] = pg[i].s;
	}
	if (rc == 0) {
		memset(&site, 0, sizeof(site));
		site.title = "worldbench release history";
		site.generator = generator;
		site.nseries = n;
		site.series = ser;
		rc = wb_history_html_write(dir, &site, err);
	}
	if (rc == 0)
		*nseries = n;
	for (i = 0; i < made; i++)
		page_fini(&pg[i]);
	free(pg);
	free(ser);
	wb_history_series_free(v, n);
	return (rc);
}
