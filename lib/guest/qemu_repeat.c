/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The repeatability of a kernel's boots: measured from a results file,
 * kept per kernel and plan in <cachedir>/repeat/<key>.json
 * (lib/guest/qemu_policy.h).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "qemu_repeat.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_util.h"

#define REPEAT_FORMAT	"worldbench-repeat"

/* Per boot of one test: the sum of log rates, of squares, the count. */
struct boot_acc {
	int	boot;
	double	lsum;
	double	sum, sumsq;
	size_t	n;
};

static struct boot_acc *
acc_find(struct boot_acc *a, size_t *na, int boot)
{
	size_t i;

	for (i = 0; i < *na; i++)
		if (a[i].boot == boot)
			return (&a[i]);
	memset(&a[*na], 0, sizeof(a[*na]));
	a[*na].boot = boot;
	return (&a[(*na)++]);
}

/*
 * One test: between = (max - min) / geometric mean of the boots'
 * geometric means (NaN with fewer than two boots); within = the mean
 * over boots of the passes' coefficient of variation (NaN without a
 * boot of two passes).
 */
static void
test_spread(const struct wb_result_test *t, double *between, double *within)
{
	struct boot_acc *a, *b;
	const struct wb_sample *s;
	double g, lo, hi, lmean, cvsum, m, v;
	size_t i, na, ncv;

	*between = *within = NAN;
	if ((a = calloc(t->nsamples + 1, sizeof(*a))) == NULL)
		return;
	na = 0;
	for (i = 0; i < t->nsamples; i++) {
		s = &t->samples[i];
		if (s->status != WB_SAMPLE_OK || !(s->rate > 0))
			continue;
		b = acc_find(a, &na, s->boot);
		b->lsum += log(s->rate);
		b->sum += s->rate;
		b->sumsq += s->rate * s->rate;
		b->n++;
	}
	lo = INFINITY;
	hi = -INFINITY;
	lmean = cvsum = 0;
	ncv = 0;
	for (i = 0; i < na; i++) {
		g = a[i].lsum / (double)a[i].n;
		lmean += g / (double)na;
		lo = fmin(lo, g);
		hi = fmax(hi, g);
		if (a[i].n >= 2) {
			m = a[i].sum / (double)a[i].n;
			v = (a[i].sumsq - a[i].n * m * m) / (double)(a[i].n - 1);
			cvsum += sqrt(v > 0 ? v : 0) / m;
			ncv++;
		}
	}
	if (na >= 2)
		*between = (exp(hi) - exp(lo)) / exp(lmean);
	if (ncv > 0)
		*within = cvsum / (double)ncv;
	free(a);
}

static json_t *
num_or_null(double x)
{

	return (isnan(x) ? json_null() : json_real(x));
}

json_t *
wb_qemu_repeat_measure(const struct wb_results *r)
{
	json_t *out, *tests, *boots;
	double between, within, worst;
	size_t i;
	int any, all;

	boots = json_object_get(r->provenance, "boots");
	out = json_pack("{s:I}", "boots", (json_int_t)(json_is_array(boots) ?
	    json_array_size(boots) : 0));
	if (out == NULL || (tests = json_object()) == NULL) {
		json_decref(out);
		return (NULL);
	}
	json_object_set_new(out, "tests", tests);
	worst = 0;
	any = 0;
	all = r->ntests > 0;
	for (i = 0; i < r->ntests; i++) {
		test_spread(r->tests[i], &between, &within);
		if (json_object_set_new(tests, r->tests[i]->id,
		    json_pack("{s:o, s:o}", "between_boots",
		    num_or_null(between), "within_boot",
		    num_or_null(within))) != 0) {
			json_decref(out);
			return (NULL);
		}
		if (isnan(between))
			all = 0;
		else {
			any = 1;
			worst = fmax(worst, between);
		}
	}
	/* A kernel is measured when every test's boots were. */
	json_object_set_new(out, "max_between_boots", any && all ?
	    json_real(worst) : json_null());
	return (out);
}

int
wb_qemu_repeat_key(const char *kernel, const char *qver, const char *cmdline,
    const char *suite_hash, char key[WB_SHA256_HEXSIZE], struct wb_err *err)
{
	char khash[WB_SHA256_HEXSIZE], *s;
	int n, rc;

	if (wb_digest_sha256_file(kernel, khash, err) != 0)
		return (-1);
	n = asprintf(&s, "%s 1\nkernel %s\nqemu %s\ncmdline %s\nsuite %s\n",
	    REPEAT_FORMAT, khash, qver != NULL ? qver : "",
	    cmdline != NULL ? cmdline : "", suite_hash != NULL ?
	    suite_hash : "");
	if (n < 0)
		return (wb_err_setsys(err, "repeatability key"));
	rc = wb_digest_sha256_buf(s, (size_t)n, key, err);
	free(s);
	return (rc);
}

static int
record_path(const char *cachedir, const char *key, char *buf, size_t len,
    struct wb_err *err)
{

	if ((size_t)snprintf(buf, len, "%s/repeat/%s.json", cachedir, key) >=
	    len)
		return (wb_err_set(err, "%s/repeat: path too long", cachedir));
	return (0);
}

int
wb_qemu_repeat_load(const char *cachedir, const char *key, json_t **rec,
    struct wb_err *err)
{
	char path[4096];
	json_error_t je;
	json_t *j, *f;

	*rec = NULL;
	if (cachedir == NULL)
		return (0);
	if (record_path(cachedir, key, path, sizeof(path), err) != 0)
		return (-1);
	if (access(path, F_OK) == -1)
		return (0);
	/* An unreadable record is as good as none: this run measures. */
	if ((j = json_load_file(path, 0, &je)) == NULL)
		return (0);
	f = json_object_get(j, "format");
	if (!json_is_string(f) || strcmp(json_string_value(f),
	    REPEAT_FORMAT) != 0 || !json_is_object(json_object_get(j,
	    "measured"))) {
		json_decref(j);
		return (0);
	}
	*rec = j;
	return (1);
}

int
wb_qemu_repeat_save(const char *cachedir, const char *key, json_t *measured,
    struct wb_err *err)
{
	char path[4096], dir[4096];
	json_t *j;
	char *s;
	int rc;

	if (record_path(cachedir, key, path, sizeof(path), err) != 0)
		return (-1);
	snprintf(dir, sizeof(dir), "%s/repeat", cachedir);
	if (wb_world_fs_mkdirs(dir, 0755, err) != 0)
		return (-1);
	j = json_pack("{s:s, s:i, s:o, s:O}", "format", REPEAT_FORMAT,
	    "version", 1, "date", wb_provenance_date(), "measured", measured);
	if (j == NULL || (s = json_dumps(j, JSON_INDENT(1) |
	    JSON_SORT_KEYS)) == NULL) {
		json_decref(j);
		return (wb_err_set(err, "%s: out of memory", path));
	}
	json_decref(j);
	rc = wb_atomic_write(path, s, strlen(s), 0644, err);
	free(s);
	return (rc);
}
