/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The design of a comparison's inputs (compare_int.h): one file per
 * variant, or several runs each holding every variant once.
 */
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "compare_int.h"
#include "compare_prov.h"
#include "wb_model.h"
#include "wb_util.h"

void
wb_compare_design_fini(struct wb_cmp_design *d)
{
	size_t i;

	for (i = 0; i < d->nlab && d->labels != NULL; i++)
		free(d->labels[i]);
	for (i = 0; i < d->nruns && d->ids != NULL; i++)
		free(d->ids[i]);
	free(d->labels);
	free(d->ids);
	free(d->idx);
	memset(d, 0, sizeof(*d));
}

static size_t
find_str(char *const *a, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(a[i], s) == 0)
			return (i);
	return (n);
}

/* Adds s to a (n entries, room for one more) unless it is there. */
static int
add_str(char **a, size_t *n, const char *s, struct wb_err *err)
{

	if (find_str(a, *n, s) < *n)
		return (0);
	if ((a[*n] = strdup(s)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	(*n)++;
	return (0);
}

static const char *
name_of(const char *const *paths, char *const *lab, size_t i)
{

	return (paths != NULL && paths[i] != NULL ? paths[i] : lab[i]);
}

/* Places every input in its run and variant; refuses gaps and repeats. */
static int
place(struct wb_results *const *v, size_t nv, const char *const *paths,
    char *const *lab, struct wb_cmp_design *d, struct wb_err *err)
{
	char tag[WB_RUN_TAG];
	size_t i, r, l, k, nslot;

	nslot = d->nruns * d->nlab;
	if ((d->idx = malloc((nslot + 1) * sizeof(size_t))) == NULL)
		return (wb_err_setsys(err, "malloc"));
	for (k = 0; k < nslot; k++)
		d->idx[k] = nv;
	for (i = 0; i < nv; i++) {
		r = find_str(d->ids, d->nruns, wb_compare_run_id(v[i]));
		l = find_str(d->labels, d->nlab, lab[i]);
		k = r * d->nlab + l;
		if (d->idx[k] != nv)
			return (wb_err_set(err, "%s and %s: both are %s of run "
			    "%s", name_of(paths, lab, d->idx[k]),
			    name_of(paths, lab, i), lab[i],
			    wb_compare_run_tag(d->ids[r], tag)));
		d->idx[k] = i;
	}
	for (r = 0; r < d->nruns; r++)
		for (l = 0; l < d->nlab; l++) {
			if (d->idx[r * d->nlab + l] != nv)
				continue;
			for (k = 0; d->idx[r * d->nlab + k] == nv; k++)
				;
			return (wb_err_set(err, "%s: its run %s has no %s "
			    "results, so the runs cannot be compared run by "
			    "run (give only runs that hold every variant)",
			    name_of(paths, lab, d->idx[r * d->nlab + k]),
			    wb_compare_run_tag(d->ids[r], tag), d->labels[l]));
		}
	return (0);
}

static int
design(struct wb_results *const *v, size_t nv, const char *const *paths,
    char *const *lab, struct wb_cmp_design *d, struct wb_err *err)
{
	const char *id;
	size_t i;

	if ((d->labels = calloc(nv, sizeof(char *))) == NULL ||
	    (d->ids = calloc(nv, sizeof(char *))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < nv; i++)
		if (add_str(d->labels, &d->nlab, lab[i], err) == -1)
			return (-1);
	/* Every file its own variant, or all one variant: as they are. */
	if (d->nlab == nv || d->nlab < 2)
		return (0);
	for (i = 0; i < nv; i++) {
		if ((id = wb_compare_run_id(v[i])) == NULL)
			return (wb_err_set(err, "%s: no run id, but %s is "
			    "in several files: without the runs they came "
			    "from they cannot be compared run by run",
			    name_of(paths, lab, i), lab[i]));
		if (add_str(d->ids, &d->nruns, id, err) == -1)
			return (-1);
	}
	return (place(v, nv, paths, lab, d, err));
}

int
wb_compare_design(struct wb_results *const *v, size_t nv,
    const char *const *labels, const char *const *paths,
    struct wb_cmp_design *d, struct wb_err *err)
{
	char **lab;
	size_t i;
	int rc;

	memset(d, 0, sizeof(*d));
	if ((lab = calloc(nv + 1, sizeof(char *))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	rc = 0;
	for (i = 0; i < nv && rc == 0; i++) {
		if (labels != NULL && labels[i] != NULL)
			lab[i] = strdup(labels[i]);
		else
			lab[i] = wb_compare_label(v[i],
			    paths != NULL ? paths[i] : NULL, i);
		if (lab[i] == NULL)
			rc = wb_err_setsys(err, "label");
	}
	if (rc == 0)
		rc = design(v, nv, paths, lab, d, err);
	if (rc == 0 && d->nruns == 0) {
		/* Not blocked: nothing more to tell the caller. */
		wb_compare_design_fini(d);
	}
	for (i = 0; i < nv; i++)
		free(lab[i]);
	free(lab);
	if (rc == -1)
		wb_compare_design_fini(d);
	return (rc);
}

/*
 * The design decides the builder: files compared as they are, or runs as
 * units (compare_blocked.c).
 */
int
wb_compare_build(struct wb_results *const *v, size_t nv,
    const char *const *labels, const char *const *paths, double conf,
    enum wb_estimator est, enum wb_adjust adjust, struct wb_compare *c,
    struct wb_err *err)
{
	struct wb_cmp_design d;
	int rc;

	memset(c, 0, sizeof(*c));
	if (wb_compare_design(v, nv, labels, paths, &d, err) == -1)
		return (-1);
	if (d.nruns == 0)
		rc = wb_compare_build_one(v, nv, labels, paths, conf, est,
		    adjust, 1, c, err);
	else
		rc = wb_compare_build_blocked(v, &d, paths, conf, est, adjust,
		    c, err);
	wb_compare_design_fini(&d);
	if (rc == 0 && ((rc = wb_compare_emulation(c, v, nv, err)) != 0 ||
	    (rc = wb_compare_matching(c, v, err)) != 0))
		wb_compare_fini(c);
	return (rc);
}
