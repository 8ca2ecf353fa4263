/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * check-release --history N: the performance gate (release_gate.c, the
 * same rule) of a new release's results against the last N
 * confirmed-good releases of the same series in the history store:
 * same machine fingerprint, same variant label, releases ordered before
 * the new one (every stored release when the results are not stored
 * yet) that no confirmed change candidate names as its later side.
 * Their stored passes are pooled into one baseline.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "release.h"
#include "wb_history.h"
#include "wb_model.h"
#include "wb_util.h"

#define HISTORY_MAX	64

/* The order of the release holding this file, or none (LLONG_MAX). */
static int
stored_order(struct wb_hstore *s, const char *path, long long *order,
    struct wb_err *err)
{
	char hex[65], *got;
	const char *p[1];

	if (wb_digest_sha256_file(path, hex, err) == -1)
		return (-1);
	p[0] = hex;
	if (wb_history_exec1(s, "SELECT r.ord FROM variants v JOIN runs u ON "
	    "u.id = v.run_id JOIN releases r ON r.id = u.release_id WHERE "
	    "v.file_sha256 = ?", p, 1, &got, err) == -1)
		return (-1);
	*order = got != NULL ? strtoll(got, NULL, 10) : 0x7fffffffffffffffLL;
	free(got);
	return (0);
}

static int
names(struct wb_hstore *s, const long long *ids, size_t n, char *buf,
    size_t len, struct wb_err *err)
{
	const char *p[1];
	char id[32], *got;
	size_t i, k;

	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		snprintf(id, sizeof(id), "%lld", ids[i]);
		p[0] = id;
		if (wb_history_exec1(s,
		    "SELECT name FROM releases WHERE id = ?", p,
		    1, &got, err) == -1)
			return (-1);
		k = strlen(buf);
		snprintf(buf + k, len - k, "%s%s", i > 0 ? ", " : "",
		    got != NULL ? got : "?");
		free(got);
	}
	return (0);
}

int
wb_release_gate_history(struct wb_release *r, struct wb_hstore *s,
    struct wb_results *res, const char *respath, size_t n,
    double maxreg, double conf, int all_tests, struct wb_err *err)
{
	char fp[65], which[1024], bname[1200];
	long long ids[HISTORY_MAX], order;
	struct wb_results *base;
	const char *label, *bp[1], *rp[1];
	size_t nids;
	int rc;

	if (n < 1 || n > HISTORY_MAX)
		return (wb_err_set(err, "--history %zu: from 1 to %d releases",
		    n, HISTORY_MAX));
	if ((label = json_string_value(json_object_get(res->provenance,
	    "label"))) == NULL)
		return (wb_err_set(err, "%s: no label in the provenance: no "
		    "series to compare with", respath));
	if (wb_history_fingerprint(res, fp, err) == -1 ||
	    stored_order(s, respath, &order, err) == -1 ||
	    wb_history_good_releases(s, fp, label, order, n, ids, &nids,
	    err) == -1)
		return (-1);
	if (nids == 0)
		return (wb_release_add(r, WB_CHECK_SKIP, "performance",
		    "history", err, "no confirmed-good release of %s on "
		    "machine %.12s before this one in the history: nothing to "
		    "gate against", label, fp));
	if (names(s, ids, nids, which, sizeof(which), err) == -1)
		return (-1);
	if (wb_release_add(r, WB_CHECK_PASS, "performance", "history", err,
	    "baseline: %s on machine %.12s, the passes of release%s %s",
	    label, fp, nids == 1 ? "" : "s", which) == -1)
		return (-1);
	if ((base = wb_history_release_results(s, fp, label, ids, nids,
	    err)) == NULL)
		return (-1);
	snprintf(bname, sizeof(bname), "history:%s", which);
	bp[0] = bname;
	rp[0] = respath;
	rc = wb_release_gate(r, &base, bp, 1, &res, rp, 1, maxreg, conf,
	    all_tests, err);
	wb_results_free(base);
	return (rc);
}
