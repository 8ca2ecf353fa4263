/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * check-release's workflow (release_drive.h): the target's checks, the
 * waivers, the performance gate; and what the checks mean.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "release.h"
#include "release_drive.h"
#include "release_drive_int.h"
#include "wb_history.h"
#include "wb_model.h"
#include "wb_util.h"

#define	SET_MAX		256

static void
free_set(struct wb_results **v, size_t n)
{

	while (n > 0)
		wb_results_free(v[--n]);
}

/* --history: the store's last confirmed-good releases as the baseline. */
static int
history_gate(const struct wb_release_drive *d, struct wb_release *r,
    struct wb_results *x, struct wb_err *e)
{
	char path[PATH_MAX];
	struct wb_hstore *s;
	int rc;

	if (d->store != NULL)
		s = wb_history_open(d->store, e);
	else {
		if ((size_t)snprintf(path, sizeof(path), "%s/history.db",
		    d->workdir) >= sizeof(path))
			return (wb_err_set(e, "%s: path too long", d->workdir));
		if (access(path, F_OK) == -1)
			return (wb_err_setsys(e, "%s (the history store; "
			    "worldbench history add fills it)", path));
		s = wb_history_open(path, e);
	}
	if (s == NULL)
		return (-1);
	rc = wb_release_gate_history(r, s, x, d->results[0],
	    (size_t)d->history, d->maxreg, d->conf, d->all_tests, e);
	wb_history_close(s);
	return (rc);
}

static int
perf(const struct wb_release_drive *d, struct wb_release *r,
    struct wb_err *e)
{
	struct wb_results *b[SET_MAX], *x[SET_MAX];
	size_t nb, nx;
	int rc;

	if (d->nbase > SET_MAX || d->nres > SET_MAX)
		return (wb_err_set(e, "more than %d results files", SET_MAX));
	rc = 0;
	for (nb = 0; rc == 0 && nb < d->nbase; nb++)
		if ((rc = wb_results_read(d->baseline[nb], &b[nb], e)) == -1)
			break;
	for (nx = 0; rc == 0 && nx < d->nres; nx++)
		if ((rc = wb_results_read(d->results[nx], &x[nx], e)) == -1)
			break;
	if (rc == 0 && d->history > 0)
		rc = history_gate(d, r, x[0], e);
	else if (rc == 0)
		rc = wb_release_gate(r, b, d->baseline, nb, x, d->results, nx,
		    d->maxreg, d->conf, d->all_tests, e);
	free_set(b, nb);
	free_set(x, nx);
	return (rc);
}

int
wb_release_drive(const struct wb_release_drive *d, struct wb_release *r,
    struct wb_err *e)
{
	struct wb_release_waivers w;
	int rc;

	wb_release_waivers_init(&w);
	if (d->waivers != NULL && wb_release_waivers_read(&w, d->waivers,
	    e) == -1) {
		wb_release_waivers_fini(&w);
		return (wb_err_class(e, WB_ERR_DATA));
	}
	if (d->target == NULL)
		rc = wb_release_drive_kernel(r, e) == -1 ||
		    wb_release_drive_world(d, r, "/", 1, e) == -1 ? -1 : 0;
	else
		rc = wb_release_drive_target(d, r, e);
	if (rc == 0)
		rc = wb_release_waive(r, &w, e);
	wb_release_waivers_fini(&w);
	if (rc == 0 && d->nres > 0)
		rc = perf(d, r, e);
	return (rc == 0 ? 0 : -1);
}

int
wb_release_drive_status(const struct wb_release *r)
{
	size_t i;
	int gate, inc;

	gate = inc = 0;
	for (i = 0; i < r->n; i++) {
		if (r->checks[i].status == WB_CHECK_INCONCLUSIVE)
			inc = 1;
		if (r->checks[i].status != WB_CHECK_FAIL)
			continue;
		if (strcmp(r->checks[i].cls, "performance") != 0 ||
		    strcmp(r->checks[i].name, "provenance") == 0)
			return (WB_RELEASE_CHECK_FAILED);
		gate = 1;
	}
	return (gate ? WB_RELEASE_GATE_FAILED : inc ?
	    WB_RELEASE_GATE_INCONCLUSIVE : 0);
}
