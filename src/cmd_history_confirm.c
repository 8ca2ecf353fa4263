/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench history confirm CANDIDATE: measure the two releases of a
 * change candidate again, from their stored images, in one interleaved
 * and paired run on this machine (worldbench run --variant
 * before=ROOT --variant after=ROOT), store that run (kind "confirm")
 * and record the outcome: confirmed when the paired interval (at
 * 1 - 2 --confirm-alpha, by default 99.8%: one-sided 0.001 on the
 * candidate's side) proves a change in the candidate's direction,
 * rejected when no difference is proven, inconclusive otherwise.
 */
#include <sys/wait.h>

#include <err.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "cmdutil.h"
#include "exitmap.h"
#include "history_cmd.h"
#include "wb_history.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_report.h"
#include "wb_stats.h"
#include "wb_util.h"

/* This machine's fingerprint as the store computes it. */
static int
here(char fp[65], struct wb_err *e)
{
	struct wb_results *r;
	json_t *f;
	int rc;

	if ((f = wb_provenance_fingerprint(e)) == NULL)
		return (-1);
	if ((r = wb_results_new(e)) == NULL) {
		json_decref(f);
		return (-1);
	}
	rc = wb_results_set_provenance(r, "host", json_pack("{s:o}",
	    "fingerprint", f), e);
	if (rc == 0)
		rc = wb_history_fingerprint(r, fp, e);
	wb_results_free(r);
	return (rc);
}

/* worldbench run, this very binary, in the foreground. */
static int
measure(const struct history_opts *o, const struct wb_hs_candidate *c,
    const char *before, const char *after, const char *dir,
    struct wb_err *e)
{
	char passes[32], dur[32], vb[PATH_MAX + 16], va[PATH_MAX + 16];
	const struct wb_test_def *d;
	char *argv[16];
	int status;
	pid_t pid;

	/* run -i N gives a slow test (N + 1) / 3 passes, as UnixBench. */
	d = wb_suite_find(c->test);
	snprintf(passes, sizeof(passes), "%ld", d != NULL && d->slow ?
	    3 * o->passes - 1 : o->passes);
	snprintf(dur, sizeof(dur), "%g", o->duration);
	snprintf(vb, sizeof(vb), "before=%s", before);
	snprintf(va, sizeof(va), "after=%s", after);
	argv[0] = "worldbench";
	argv[1] = "run";
	argv[2] = "-T";
	argv[3] = (char *)c->test;
	argv[4] = "-i";
	argv[5] = passes;
	argv[6] = "-d";
	argv[7] = dur;
	argv[8] = "--variant";
	argv[9] = vb;
	argv[10] = "--variant";
	argv[11] = va;
	argv[12] = "-o";
	argv[13] = (char *)dir;
	argv[14] = NULL;
	fflush(NULL);
	if ((pid = fork()) == -1)
		return (wb_err_setsys(e, "fork"));
	if (pid == 0) {
		execv("/proc/self/exe", argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) == -1)
		continue;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return (wb_err_set(e, "worldbench run into %s: %s %d", dir,
		    WIFEXITED(status) ? "exit status" : "signal",
		    WIFEXITED(status) ? WEXITSTATUS(status) :
		    WTERMSIG(status)));
	return (0);
}

struct outcome {
	const char	*what;
	double		 ratio, lo, hi;
	const char	*verdict;
	size_t		 pairs;		/* 0: not paired */
};

static int
judge(const struct history_opts *o, const struct wb_hs_candidate *c,
    const char *dir, struct outcome *out, struct wb_err *e)
{
	char pb[PATH_MAX + 16], pa[PATH_MAX + 16], pr[PATH_MAX + 16];
	char gen[128];
	struct wb_report rep;
	const char *paths[2], *labels[2] = { "before", "after" };
	struct wb_results *v[2] = { NULL, NULL };
	const struct wb_cmp_cell *k;
	struct wb_compare cmp;
	size_t i;
	int rc, dir_ok;

	snprintf(pb, sizeof(pb), "%s/before.json", dir);
	snprintf(pa, sizeof(pa), "%s/after.json", dir);
	paths[0] = pb;
	paths[1] = pa;
	if (wb_results_read(pb, &v[0], e) == -1 ||
	    wb_results_read(pa, &v[1], e) == -1) {
		wb_results_free(v[0]);
		return (-1);
	}
	/* One-sided alpha on the candidate's side: the 1 - 2 alpha interval. */
	rc = wb_compare_build(v, 2, labels, paths, 1 - 2 * o->confirm_alpha,
	    WB_EST_UNIXBENCH, WB_ADJ_NONE, &cmp, e);
	if (rc == 0) {
		/* The report the history site links to. */
		memset(&rep, 0, sizeof(rep));
		rep.cmp = &cmp;
		rep.results = v;
		snprintf(gen, sizeof(gen), "worldbench %s", wb_version());
		rep.generator = gen;
		snprintf(pr, sizeof(pr), "%s/compare.html", dir);
		if ((rc = wb_report_save(pr, "html", &rep, e)) == -1)
			wb_compare_fini(&cmp);
	}
	wb_results_free(v[0]);
	wb_results_free(v[1]);
	if (rc == -1)
		return (-1);
	rc = wb_err_set(e, "%s: no row for test %s", dir, c->test);
	for (i = 0; i < cmp.nrows; i++) {
		if (strcmp(cmp.rows[i].id, c->test) != 0)
			continue;
		k = &cmp.rows[i].cells[1];
		out->ratio = k->w.ratio;
		out->lo = k->w.have_ci ? k->w.lo : NAN;
		out->hi = k->w.have_ci ? k->w.hi : NAN;
		out->verdict = wb_compare_verdict_text(k->verdict);
		out->pairs = k->paired ? k->npairs : 0;
		/* The direction found: slower below 1, faster above. */
		dir_ok = isnan(c->ratio) ? (k->verdict == WB_V_SLOWER ||
		    k->verdict == WB_V_FASTER) : c->ratio < 1 ?
		    k->verdict == WB_V_SLOWER : k->verdict == WB_V_FASTER;
		out->what = dir_ok ? "confirmed" : k->verdict == WB_V_SAME ?
		    "rejected" : "inconclusive";
		rc = 0;
	}
	wb_compare_fini(&cmp);
	return (rc);
}

static int
run(const struct history_opts *o, struct wb_hstore *s, long long id,
    struct wb_err *e)
{
	char fp[65], ab[PATH_MAX], aa[PATH_MAX], dir[PATH_MAX], stamp[32];
	char abs[PATH_MAX];
	struct wb_hs_candidate c;
	struct wb_hs_release rel;
	struct wb_hs_added a;
	struct outcome out;
	char *rb, *ra;
	struct tm tm;
	time_t t;
	int rc;

	if (wb_history_candidate_get(s, id, &c, e) == -1 || here(fp, e) == -1)
		return (-1);
	if (strcmp(fp, c.fingerprint) != 0) {
		wb_err_set(e, "candidate %lld is of machine %.12s, this is "
		    "%.12s: confirm it there", id, c.fingerprint, fp);
		return (wb_err_class(e, WB_ERR_CONFIG));
	}
	if (c.before_image[0] == '\0' || c.after_image[0] == '\0') {
		wb_err_set(e, "candidate %lld: release %s has no stored image "
		    "for %s (its runs name none)", id, c.before_image[0] ==
		    '\0' ? c.before : c.after, c.label);
		return (wb_err_class(e, WB_ERR_NOINPUT));
	}
	if (wb_history_image_find(o->workdir, c.before_image, ab, sizeof(ab),
	    e) == -1 || wb_history_image_find(o->workdir, c.after_image, aa,
	    sizeof(aa), e) == -1)
		return (-1);
	if ((rb = cmd_world_root(ab, o->workdir, e)) == NULL)
		return (-1);
	if ((ra = cmd_world_root(aa, o->workdir, e)) == NULL) {
		free(rb);
		return (-1);
	}
	t = time(NULL);
	gmtime_r(&t, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	snprintf(dir, sizeof(dir), "%s/history/confirm-%lld-%s", o->workdir,
	    id, stamp);
	fprintf(stderr, "worldbench history: candidate %lld: %s %s, %s "
	    "against %s, into %s\n", id, wb_strvis_slot(c.label),
	    wb_strvis_slot(c.test),
	    wb_strvis_slot(c.after), wb_strvis_slot(c.before),
	    wb_strvis_slot(dir));
	/* Stored by its absolute path: the history site links to it. */
	rc = wb_world_fs_mkdirs(dir, 0755, e) == -1 ? -1 : realpath(dir,
	    abs) == NULL ? wb_err_setsys(e, "%s", dir) : 0;
	if (rc == 0) {
		snprintf(dir, sizeof(dir), "%s", abs);
		rc = measure(o, &c, rb, ra, dir, e);
	}
	free(rb);
	free(ra);
	memset(&out, 0, sizeof(out));
	if (rc == -1 || judge(o, &c, dir, &out, e) == -1)
		return (-1);
	memset(&rel, 0, sizeof(rel));
	snprintf(rel.name, sizeof(rel.name), "%s", c.after);
	if (wb_history_add_kind(s, dir, &rel, "confirm", &a, e) == -1 ||
	    wb_history_confirmation_add(s, id, a.run, out.what, out.ratio,
	    out.lo, out.hi, e) == -1)
		return (-1);
	printf("candidate %lld %s: %s %s on %.12s, %s against %s: ratio "
	    "%.4f", id, out.what, wb_strvis_slot(c.label),
	    wb_strvis_slot(c.test), fp,
	    wb_strvis_slot(c.after), wb_strvis_slot(c.before), out.ratio);
	if (!isnan(out.lo))
		printf(", %g%% interval [%.4f, %.4f]",
		    100 * (1 - 2 * o->confirm_alpha), out.lo, out.hi);
	if (out.pairs > 0)
		printf(", %zu pairs", out.pairs);
	printf(" (%s; run %lld)\n", out.verdict, a.run);
	return (0);
}

int
history_confirm(struct history_opts *o, int argc, char **argv)
{
	struct wb_hstore *s;
	struct wb_err e;
	long long id;
	char *end;
	int rc;

	if (argc != 1) {
		cmd_history_usage(stderr);
		return (EX_USAGE);
	}
	id = strtoll(argv[0], &end, 10);
	if (end == argv[0] || *end != '\0' || id <= 0) {
		warnx("candidate '%s': not a candidate number",
		    wb_strvis_slot(argv[0]));
		return (EX_USAGE);
	}
	if ((s = history_open(o, &e)) == NULL) {
		warnx("%s", e.msg);
		return (cmd_exit_status(&e));
	}
	rc = run(o, s, id, &e);
	wb_history_close(s);
	if (rc == -1) {
		warnx("%s", e.msg);
		return (cmd_exit_status(&e));
	}
	if (fflush(stdout) == EOF)
		err(EX_IOERR, "stdout");
	return (0);
}
