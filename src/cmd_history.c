/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench history: the release history store (worldbench-history(1),
 * worldbench-history(5)).  add, list and series here; confirm in
 * cmd_history_confirm.c, changes in cmd_history_changes.c, html in
 * cmd_history_html.c, serve in cmd_history_serve.c.
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#include "cmd.h"
#include "cmdutil.h"
#include "exitmap.h"
#include "history_cmd.h"
#include "opt.h"
#include "wb_history.h"
#include "wb_image.h"
#include "wb_util.h"

static int
usage(void)
{

	cmd_history_usage(stderr);
	return (EX_USAGE);
}

static int
opt_alpha(void *ctx, char *arg)
{
	struct history_opts *o = ctx;
	char *end;

	o->alpha = strtod(arg, &end);
	if (end == arg || *end != '\0' ||
	    !(o->alpha >= 0.0001 && o->alpha <= 0.5)) {
		warnx("bad --alpha '%s' (0.0001 to 0.5)", arg);
		return (-1);
	}
	return (0);
}

static int
opt_tail(void *ctx, char *arg)
{
	struct history_opts *o = ctx;
	char *end;

	o->tail = strtol(arg, &end, 10);
	if (end == arg || *end != '\0' || o->tail < 0 || o->tail > 10) {
		warnx("bad --tail '%s' (0 to 10; 0: no tail test)", arg);
		return (-1);
	}
	return (0);
}

static int
opt_tail_alpha(void *ctx, char *arg)
{
	struct history_opts *o = ctx;
	char *end;

	o->tail_alpha = strtod(arg, &end);
	if (end == arg || *end != '\0' ||
	    !(o->tail_alpha >= 0.0001 && o->tail_alpha <= 0.5)) {
		warnx("bad --tail-alpha '%s' (0.0001 to 0.5)", arg);
		return (-1);
	}
	return (0);
}

static int
opt_confirm_alpha(void *ctx, char *arg)
{
	struct history_opts *o = ctx;
	char *end;

	o->confirm_alpha = strtod(arg, &end);
	if (end == arg || *end != '\0' ||
	    !(o->confirm_alpha >= 0.0001 && o->confirm_alpha <= 0.25)) {
		warnx("bad --confirm-alpha '%s' (0.0001 to 0.25)", arg);
		return (-1);
	}
	return (0);
}

static int
opt_port(void *ctx, char *arg)
{
	struct history_opts *o = ctx;
	char *end;
	long v;

	v = strtol(arg, &end, 10);
	if (end == arg || *end != '\0' || v < 0 || v > 65535) {
		warnx("bad --port '%s' (0 to 65535; 0 picks a free one)", arg);
		return (-1);
	}
	o->port = v;
	return (0);
}

static int
opt_duration(void *ctx, char *arg)
{
	struct history_opts *o = ctx;
	char *end;

	o->duration = strtod(arg, &end);
	if (end == arg || *end != '\0' ||
	    !(o->duration > 0 && o->duration <= 3600)) {
		warnx("bad --duration '%s' (seconds, up to 3600)", arg);
		return (-1);
	}
	return (0);
}

static int
opt_passes(void *ctx, char *arg)
{
	struct history_opts *o = ctx;
	char *end;

	o->passes = strtol(arg, &end, 10);
	if (end == arg || *end != '\0' || o->passes < 2 || o->passes > 1000) {
		warnx("bad --passes '%s' (2 to 1000)", arg);
		return (-1);
	}
	return (0);
}

static int
opt_release(void *ctx, char *arg)
{
	struct history_opts *o = ctx;
	struct wb_err e;

	if (wb_history_release_parse(arg, &o->rel, &e) == -1) {
		warnx("--release: %s", e.msg);
		return (-1);
	}
	return (0);
}

static int
opt_seed(void *ctx, char *arg)
{
	struct history_opts *o = ctx;
	char *end;

	errno = 0;
	o->seed = strtoull(arg, &end, 10);
	if (end == arg || *end != '\0' || errno != 0 || arg[0] == '-') {
		warnx("bad --seed '%s' (a number)", arg);
		return (-1);
	}
	return (0);
}

#define H(m)	OPT_AT(struct history_opts, m)
const struct opt cmd_history_opts[] = {
	{ .kind = OPT_STR, .ch = 's', .name = "store", .arg = "url",
	  .off = H(store), .syn = "--store url", .desc = "postgresql://... "
	  "or a SQLite file (default WORKDIR/history.db)" },
	{ .kind = OPT_STR, .ch = 'w', .name = "workdir", .arg = "dir",
	  .off = H(workdir),
	  .desc = "the work directory (default $WORKDIR, else work)" },
	{ .kind = OPT_FN, .ch = 'r', .name = "release", .arg = "name[:order]",
	  .fn = opt_release, .given = OPT_GIVEN(struct history_opts,
	  have_rel), .syn = "--release name[:order]",
	  .desc = "add: the release of the runs (default: recipe-VERSION of "
	  "the image)" },
	{ .kind = OPT_STR, .name = "reference", .arg = "label",
	  .off = H(reference), .desc = "add: the variant of each run the "
	  "others are paired with (their series become ratios to it)" },
	{ .kind = OPT_STR, .name = "machine", .arg = "fp", .off = H(f.machine),
	  .desc = "series, changes, html: a machine fingerprint or its "
	  "prefix" },
	{ .kind = OPT_STR, .name = "variant", .arg = "label",
	  .off = H(f.variant), .desc = "series, changes, html: one variant" },
	{ .kind = OPT_STR, .ch = 'T', .name = "test", .arg = "id",
	  .off = H(f.test), .syn = "--test id",
	  .desc = "series, changes, html: one test" },
	{ .kind = OPT_FN, .name = "alpha", .arg = "a", .fn = opt_alpha,
	  .desc = "changes: each split's level (default 0.05: candidates, "
	  "each to confirm; 0.003: the detector alone)" },
	{ .kind = OPT_FN, .name = "seed", .arg = "n", .fn = opt_seed,
	  .given = OPT_GIVEN(struct history_opts, have_seed),
	  .desc = "changes: the permutations' seed (default 0)" },
	{ .kind = OPT_FN, .name = "tail", .arg = "k", .fn = opt_tail,
	  .given = OPT_GIVEN(struct history_opts, have_tail),
	  .desc = "changes: the tail test's looks at the last 1..k releases "
	  "(default 3; 0: e-divisive alone)" },
	{ .kind = OPT_FN, .name = "tail-alpha", .arg = "a",
	  .fn = opt_tail_alpha,
	  .desc = "changes: the tail test's one-sided level (default 0.3: "
	  "candidates, each to confirm)" },
	{ .kind = OPT_FLAG, .name = "json", .off = H(json),
	  .desc = "changes: print the candidates as one JSON document" },
	{ .kind = OPT_STR, .ch = 'o', .name = "output", .arg = "dir",
	  .off = H(output), .desc = "html: the directory of the static site" },
	{ .kind = OPT_FN, .ch = 'i', .name = "passes", .arg = "n",
	  .fn = opt_passes, .syn = "--passes n",
	  .desc = "confirm: passes of each release, the pairs (default 40)" },
	{ .kind = OPT_FN, .name = "confirm-alpha", .arg = "a",
	  .fn = opt_confirm_alpha,
	  .desc = "confirm: the one-sided level on the candidate's side "
	  "(default 0.001: the paired 99.8% interval)" },
	{ .kind = OPT_FN, .name = "duration", .arg = "s",
	  .fn = opt_duration,
	  .desc = "confirm: seconds a pass (default 1)" },
	{ .kind = OPT_STR, .ch = 'd', .name = "dir", .arg = "dir",
	  .off = H(site), .desc = "serve: the site to serve (default: "
	  "history html writes WORKDIR/history-site)" },
	{ .kind = OPT_FN, .name = "port", .arg = "n", .fn = opt_port,
	  .given = OPT_GIVEN(struct history_opts, have_port),
	  .desc = "serve: the TCP port (default 8000; 0 picks a free one)" },
	{ .kind = OPT_STR, .name = "bind", .arg = "address", .off = H(bind),
	  .desc = "serve: the numeric address listened on (default "
	  "127.0.0.1)" },
	{ .kind = OPT_END }
};
#undef H

int
history_parse(int argc, char **argv, struct history_opts *o)
{

	return (opt_parse(cmd_history_opts, o, argc, argv));
}

static void
short_fp(char *buf, size_t len, const char *fp)
{

	snprintf(buf, len, "%.12s", fp);
}

static int
add(struct history_opts *o, int argc, char **argv)
{
	struct wb_hs_added a;
	struct wb_hstore *s;
	struct wb_err e;
	char fp[16];
	int i, rc;

	if (argc == 0)
		return (usage());
	if ((s = history_open(o, &e)) == NULL) {
		warnx("%s", e.msg);
		return (cmd_exit_status(&e));
	}
	rc = 0;
	for (i = 0; i < argc; i++) {
		if (wb_history_add_ref(s, argv[i], o->have_rel ? &o->rel : NULL,
		    o->reference, &a, &e) == -1) {
			warnx("%s", e.msg);
			rc = cmd_exit_status(&e);
			break;
		}
		if (a.duplicate) {
			printf("%s: already stored as run %lld: nothing "
			    "added\n", wb_strvis_slot(argv[i]), a.run);
			continue;
		}
		short_fp(fp, sizeof(fp), a.fingerprint);
		printf("run %lld added: %s, release %s (order %lld), machine "
		    "%s, %zu variant%s, %zu passes, %zu verdicts (%s)\n", a.run,
		    a.kind, wb_strvis_slot(a.release), a.order, fp, a.nvariants,
		    a.nvariants == 1 ? "" : "s", a.nsamples, a.nverdicts,
		    wb_strvis_slot(argv[i]));
		if (o->reference != NULL)
			printf("run %lld: %zu ratio%s to reference %s, paired "
			    "by pass\n", a.run, a.nratios, a.nratios == 1 ?
			    "" : "s", wb_strvis_slot(o->reference));
	}
	wb_history_close(s);
	if (fflush(stdout) == EOF)
		err(EX_IOERR, "stdout");
	return (rc);
}

static int
list_one(void *arg, const struct wb_hs_run *r, struct wb_err *e)
{
	char fp[16];

	(void)arg;
	(void)e;
	short_fp(fp, sizeof(fp), r->fingerprint);
	printf("%-5lld %-8s %-20s %-14lld %-12s %-20s %s  %s\n", r->id,
	    r->kind, wb_strvis_slot(r->release), r->order, fp, r->started[0] != '\0' ?
	    r->started : "-", wb_strvis_slot(r->labels), wb_strvis_slot(r->source));
	return (0);
}

static int
list(struct history_opts *o, int argc)
{
	struct wb_hstore *s;
	struct wb_err e;
	int rc;

	if (argc != 0)
		return (usage());
	if ((s = history_open(o, &e)) == NULL) {
		warnx("%s", e.msg);
		return (cmd_exit_status(&e));
	}
	printf("%-5s %-8s %-20s %-14s %-12s %-20s %s  %s\n", "RUN", "KIND",
	    "RELEASE", "ORDER", "MACHINE", "STARTED", "VARIANTS", "SOURCE");
	rc = wb_history_list(s, list_one, NULL, &e);
	wb_history_close(s);
	if (rc == -1) {
		warnx("%s", e.msg);
		return (cmd_exit_status(&e));
	}
	if (fflush(stdout) == EOF)
		err(EX_IOERR, "stdout");
	return (0);
}

static void
print_series(const struct wb_history_series *s)
{
	const struct wb_hs_point *p;
	char fp[16], ci[64];
	size_t i, len;
	int w;

	short_fp(fp, sizeof(fp), s->fingerprint);
	printf("machine %s  variant %s  test %s\n", fp, wb_strvis_slot(s->label),
	    wb_strvis_slot(s->test));
	if (s->reference != NULL)
		printf("  ratio to reference %s (image %.12s), paired in each "
		    "run\n", wb_strvis_slot(s->reference), s->reference_sha256 != NULL ?
		    s->reference_sha256 : "none");
	/* The release column is as wide as the longest name, 20 at least. */
	w = 20;
	for (i = 0; i < s->np; i++)
		if ((len = strlen(wb_strvis_slot(s->p[i].release))) > (size_t)w)
			w = (int)len;
	printf("  %-*s %14s %5s %5s %14s  %-31s %8s\n", w, "RELEASE", "ORDER",
	    "RUNS", "N", "GEOMEAN", "95% INTERVAL", "SD(LOG)");
	for (i = 0; i < s->np; i++) {
		p = &s->p[i];
		if (isnan(p->lo))
			snprintf(ci, sizeof(ci), "none (n < 2)");
		else if (s->reference != NULL)
			snprintf(ci, sizeof(ci), "[%.4f, %.4f]", p->lo, p->hi);
		else
			snprintf(ci, sizeof(ci), "[%.2f, %.2f]", p->lo, p->hi);
		printf("  %-*s %14lld %5zu %5zu %14.*f  %-31s ", w,
		    wb_strvis_slot(p->release), p->order, p->nruns, p->n,
		    s->reference != NULL ? 4 : 2, p->gmean, ci);
		if (isnan(p->sdlog))
			printf("%8s\n", "-");
		else
			printf("%8.4f\n", p->sdlog);
	}
}

static int
series(struct history_opts *o, int argc)
{
	struct wb_history_series *v;
	struct wb_hstore *s;
	struct wb_err e;
	size_t i, n;
	int rc;

	if (argc != 0)
		return (usage());
	if ((s = history_open(o, &e)) == NULL) {
		warnx("%s", e.msg);
		return (cmd_exit_status(&e));
	}
	rc = wb_history_series(s, &o->f, &v, &n, &e);
	wb_history_close(s);
	if (rc == -1) {
		warnx("%s", e.msg);
		return (cmd_exit_status(&e));
	}
	for (i = 0; i < n; i++) {
		if (i > 0)
			putchar('\n');
		print_series(&v[i]);
	}
	wb_history_series_free(v, n);
	if (n == 0)
		warnx("no series matches");
	if (fflush(stdout) == EOF)
		err(EX_IOERR, "stdout");
	return (n == 0 ? EX_NOINPUT : 0);
}

int
cmd_history(int argc, char **argv)
{
	struct history_opts o;
	const char *sub;
	int i;

	if (argc < 2)
		return (usage());
	sub = argv[1];
	memset(&o, 0, sizeof(o));
	o.workdir = cmd_workdir();
	o.passes = WB_HS_CONFIRM_PASSES;
	o.confirm_alpha = WB_HS_CONFIRM_ALPHA;
	o.duration = 1;
	if ((i = history_parse(argc - 1, argv + 1, &o)) == -1)
		return (usage());
	argc -= i + 1;
	argv += i + 1;
	if (strcmp(sub, "add") == 0)
		return (add(&o, argc, argv));
	if (o.have_rel) {
		warnx("--release goes with add only");
		return (usage());
	}
	if ((o.alpha != 0 || o.have_seed || o.have_tail ||
	    o.tail_alpha != 0) && strcmp(sub, "changes") != 0) {
		warnx("--alpha, --seed, --tail and --tail-alpha go with "
		    "changes only");
		return (usage());
	}
	if (o.output != NULL && strcmp(sub, "html") != 0) {
		warnx("-o goes with html only");
		return (usage());
	}
	if ((o.site != NULL || o.bind != NULL || o.have_port) &&
	    strcmp(sub, "serve") != 0) {
		warnx("-d, --port and --bind go with serve only");
		return (usage());
	}
	if (strcmp(sub, "list") == 0)
		return (list(&o, argc));
	if (strcmp(sub, "series") == 0)
		return (series(&o, argc));
	if (strcmp(sub, "confirm") == 0)
		return (history_confirm(&o, argc, argv));
	if (strcmp(sub, "changes") == 0)
		return (history_changes(&o, argc));
	if (strcmp(sub, "html") == 0)
		return (history_html(&o, argc));
	if (strcmp(sub, "serve") == 0)
		return (history_serve(&o, argc));
	warnx("unknown history subcommand '%s'", wb_strvis_slot(sub));
	return (usage());
}
