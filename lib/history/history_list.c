/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * history list: the runs of the store in the order they were added,
 * each with its release and its variants' labels.  Two plain queries
 * merged here, so that the SQL stays the same for both backends (no
 * group_concat or string_agg).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history_store.h"
#include "wb_util.h"

struct lrun {
	long long	 id;
	char		*col[8];	/* kind added started release ord fp sha source */
	char		*labels;
};

struct lset {
	struct lrun	*r;
	size_t		 n, cap;
};

static int
run_row(void *arg, int ncol, const char *const *v, struct wb_err *err)
{
	struct lset *l = arg;
	struct lrun *nr, *r;
	int i;

	if (ncol < 9 || v[0] == NULL)
		return (wb_err_set(err, "list: a row with a missing column"));
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 64;
		if ((nr = realloc(l->r, l->cap * sizeof(*nr))) == NULL)
			return (wb_err_setsys(err, "realloc"));
		l->r = nr;
	}
	r = &l->r[l->n++];
	memset(r, 0, sizeof(*r));
	r->id = strtoll(v[0], NULL, 10);
	for (i = 0; i < 8; i++)
		if ((r->col[i] = strdup(v[i + 1] != NULL ? v[i + 1] : "")) ==
		    NULL)
			return (wb_err_setsys(err, "strdup"));
	return (0);
}

static struct lrun *
find(struct lset *l, long long id)
{
	size_t lo, hi, mid;

	lo = 0;
	hi = l->n;
	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (l->r[mid].id == id)
			return (&l->r[mid]);
		if (l->r[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (NULL);
}

static int
label_row(void *arg, int ncol, const char *const *v, struct wb_err *err)
{
	struct lset *l = arg;
	struct lrun *r;
	size_t n;
	char *s;

	if (ncol < 2 || v[0] == NULL || v[1] == NULL)
		return (wb_err_set(err, "list: a row with a missing column"));
	if ((r = find(l, strtoll(v[0], NULL, 10))) == NULL)
		return (0);
	n = (r->labels != NULL ? strlen(r->labels) + 1 : 0) + strlen(v[1]) +
	    1;
	if ((s = realloc(r->labels, n)) == NULL)
		return (wb_err_setsys(err, "realloc"));
	if (r->labels == NULL)
		s[0] = '\0';
	else
		strcat(s, ",");
	strcat(s, v[1]);
	r->labels = s;
	return (0);
}

int
wb_history_list(struct wb_hstore *s, wb_hs_run_fn *fn, void *arg,
    struct wb_err *err)
{
	struct wb_hs_run out;
	struct lset l;
	size_t i;
	int rc, k;

	memset(&l, 0, sizeof(l));
	rc = wb_history_exec(s,
	    "SELECT u.id, u.kind, u.added, u.started, r.name, "
	    "r.ord, u.fingerprint, u.sha256, u.source FROM runs u "
	    "JOIN releases r ON r.id = u.release_id ORDER BY u.id", NULL, 0,
	    run_row, &l, err);
	if (rc == 0)
		rc = wb_history_exec(s, "SELECT run_id, label FROM variants "
		    "ORDER BY run_id, id", NULL, 0, label_row, &l, err);
	for (i = 0; rc == 0 && i < l.n; i++) {
		memset(&out, 0, sizeof(out));
		out.id = l.r[i].id;
		out.kind = l.r[i].col[0];
		out.added = l.r[i].col[1];
		out.started = l.r[i].col[2];
		out.release = l.r[i].col[3];
		out.order = strtoll(l.r[i].col[4], NULL, 10);
		out.fingerprint = l.r[i].col[5];
		out.sha256 = l.r[i].col[6];
		out.source = l.r[i].col[7];
		out.labels = l.r[i].labels != NULL ? l.r[i].labels : "";
		rc = fn(arg, &out, err);
	}
	for (i = 0; i < l.n; i++) {
		for (k = 0; k < 8; k++)
			free(l.r[i].col[k]);
		free(l.r[i].labels);
	}
	free(l.r);
	return (rc);
}
