/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * history-ingest: how the history store scales (bench/scripts/
 * history-ingest.sh).  Writes n synthetic results files (the suite's 12
 * tests, p passes each, one of 3 machines and 4 variants, 10 runs a
 * release), adds each to a new SQLite store as worldbench history add
 * does (wb_history_add: read, hash, one locked transaction), then times the
 * series query of one (machine, variant, test) r times.  Prints every
 * timing; nothing is asserted here.
 *
 * usage: history-ingest [-f filesdir] [-n runs] [-p passes] [-r repeats]
 *     [-s seed] dir
 * The store is dir/history.db; the results files are written to filesdir
 * (default dir) and removed once added.
 */
#include <err.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "wb_history.h"
#include "wb_model.h"
#include "wb_util.h"

#define MACHINES	3
#define VARIANTS	4

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec + (double)ts.tv_nsec / 1e9);
}


static void
mkrun(const char *path, int i, int passes, uint64_t *st)
{
	static const char *const labels[VARIANTS] = { "prod", "debug",
	    "jemalloc-prod", "jemalloc-debug" };
	const struct wb_test_def *d;
	struct wb_result_test *t;
	struct wb_results *r;
	struct wb_sample x;
	struct wb_err e;
	char cpu[32];
	size_t k;
	int j;

	if ((r = wb_results_new(&e)) == NULL)
		errx(1, "%s", e.msg);
	r->status = WB_RESULTS_COMPLETE;
	snprintf(cpu, sizeof(cpu), "cpu model %d", i % MACHINES);
	if (wb_results_set_provenance(r, "label", json_string(labels[(i /
	    MACHINES) % VARIANTS]), &e) == -1 ||
	    wb_results_set_provenance(r, "host", json_pack("{s:{s:s, s:s, "
	    "s:i}}", "fingerprint", "hostname", "node", "cpu_model", cpu,
	    "cores", 2), &e) == -1 ||
	    wb_results_set_provenance(r, "date_start",
	    json_string("2026-12-06T00:00:00Z"), &e) == -1)
		errx(1, "%s", e.msg);
	for (k = 0; (d = wb_suite_at(k)) != NULL && k < 12; k++) {
		if ((t = wb_results_add_test(r, d->id, d->name, d->unit,
		    d->timebase, d->baseline, passes, 1, &e)) == NULL)
			errx(1, "%s", e.msg);
		for (j = 0; j < passes; j++) {
			memset(&x, 0, sizeof(x));
			x.pass = j + 1;
			x.seq = j + 1;
			x.status = WB_SAMPLE_OK;
			x.rate = d->baseline * 10 * exp(0.03 * (wb_splitmix_uniform(st) - 0.5));
			x.count = x.rate;
			x.elapsed = 1;
			x.copies = 1;
			x.wall = 1;
			x.utime = 0.9;
			x.minflt = 100;
			if (wb_results_add_sample(t, &x, &e) == -1)
				errx(1, "%s", e.msg);
		}
	}
	if (wb_results_write(r, path, &e) == -1)
		errx(1, "%s", e.msg);
	wb_results_free(r);
}

static int
cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x < y ? -1 : x > y);
}

int
main(int argc, char **argv)
{
	struct wb_hs_filter f = { NULL, "prod", "dhry2reg" };
	struct wb_history_series *v;
	struct wb_hs_release rel;
	struct wb_hs_added a;
	struct wb_hstore *s;
	struct wb_err e;
	char path[4096], db[4096], fp[16];
	double t0, tw, ta, *q;
	const char *files;
	long n, p, reps, i;
	uint64_t st;
	size_t nv, npts, nx, k;
	int ch;

	n = 10000;
	p = 5;
	reps = 20;
	st = 20261206;
	files = NULL;
	while ((ch = getopt(argc, argv, "f:n:p:r:s:")) != -1) {
		switch (ch) {
		case 'f': files = optarg; break;
		case 'n': n = atol(optarg); break;
		case 'p': p = atol(optarg); break;
		case 'r': reps = atol(optarg); break;
		case 's': st = strtoull(optarg, NULL, 10); break;
		default:
			fprintf(stderr, "usage: history-ingest [-f filesdir] "
			    "[-n runs] [-p passes] [-r repeats] [-s seed] dir\n");
			return (64);
		}
	}
	if (optind + 1 != argc || n < 1 || p < 1 || reps < 1)
		errx(64, "usage: history-ingest [-f filesdir] [-n runs] "
		    "[-p passes] [-r repeats] [-s seed] dir");
	snprintf(db, sizeof(db), "%s/history.db", argv[optind]);
	if (files == NULL)
		files = argv[optind];
	if ((s = wb_history_open(db, &e)) == NULL)
		errx(1, "%s", e.msg);
	tw = ta = 0;
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/run%05ld.json", files, i);
		t0 = now();
		mkrun(path, (int)i, (int)p, &st);
		tw += now() - t0;
		memset(&rel, 0, sizeof(rel));
		snprintf(rel.name, sizeof(rel.name), "r%04ld", i / 10);
		rel.order = i / 10;
		rel.have_order = 1;
		t0 = now();
		if (wb_history_add(s, path, &rel, &a, &e) == -1)
			errx(1, "%s", e.msg);
		ta += now() - t0;
		if (a.duplicate)
			errx(1, "%s: a duplicate", path);
		unlink(path);
		if (i == 0)
			snprintf(fp, sizeof(fp), "%.12s", a.fingerprint);
	}
	printf("runs %ld, %ld passes x 12 tests each (%ld samples), "
	    "3 machines, 4 variants, %ld releases\n", n, p, n * p * 12,
	    (n + 9) / 10);
	printf("write results files: %.1f s; history add: %.1f s in all, "
	    "%.2f ms a run, %.0f samples/s\n", tw, ta, ta / (double)n * 1e3,
	    (double)(n * p * 12) / ta);
	if ((q = calloc((size_t)reps, sizeof(*q))) == NULL)
		err(1, "calloc");
	f.machine = fp;
	npts = nx = 0;
	for (i = 0; i < reps; i++) {
		t0 = now();
		if (wb_history_series(s, &f, &v, &nv, &e) == -1)
			errx(1, "%s", e.msg);
		q[i] = now() - t0;
		if (nv != 1)
			errx(1, "series query: %zu series, not 1", nv);
		npts = v[0].np;
		for (nx = 0, k = 0; k < v[0].np; k++)
			nx += v[0].p[k].n;
		wb_history_series_free(v, nv);
	}
	qsort(q, (size_t)reps, sizeof(*q), cmpd);
	printf("series query (machine %s, prod, dhry2reg: %zu releases, "
	    "%zu passes), %ld times: min %.1f ms, median %.1f ms, max %.1f "
	    "ms\n", fp, npts, nx, reps, q[0] * 1e3, q[reps / 2] * 1e3,
	    q[reps - 1] * 1e3);
	printf("goal (median < 100 ms): %s\n", q[reps / 2] < 0.1 ? "met" :
	    "missed");
	free(q);
	wb_history_close(s);
	return (0);
}
