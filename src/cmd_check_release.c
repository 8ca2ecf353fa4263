/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench check-release: prove that a kernel configuration, a kernel
 * image, a world image or the running host is a production build, and
 * optionally that results did not regress beyond a limit (a
 * non-inferiority gate, release_gate.c).  One line per check; exit 0 when
 * every check passed (or was skipped or waived), 1 when a production
 * check failed, else 2 when the gate failed (a regression beyond the
 * limit proven, or a test missing from the results), else 3 when the
 * gate is inconclusive; 65 for unreadable input, 64 for usage errors.
 */
#include <sys/stat.h>
#include <sys/utsname.h>

#include <err.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "cmd.h"
#include "err.h"
#include "exe_path.h"
#include "exitmap.h"
#include "history_store.h"
#include "image.h"
#include "opt.h"
#include "release.h"
#include "results.h"
#include "runner.h"
#include "world_fs.h"

#define	EXIT_CHECK_FAILED	1
#define	EXIT_GATE_FAILED	2
#define	EXIT_GATE_INCONCLUSIVE	3

#define	SET_MAX			256

struct ropts {
	const char	*junit;
	const char	*baseline[SET_MAX];
	size_t		 nbase;
	const char	*results[SET_MAX];
	size_t		 nres;
	const char	*workdir;
	const char	*waivers;
	const char	*store;		/* --history: NULL for WORKDIR's */
	long		 history;	/* releases to gate against, or 0 */
	double		 maxreg;
	double		 conf;
	int		 host;
	int		 noprobe;
	int		 all_tests;
};

void
cmd_check_release_usage(FILE *fp)
{

	fprintf(fp, "usage: worldbench check-release [--no-probe] "
	    "[--junit file] [-w workdir] [--waivers file]\n"
	    "           [--baseline results ... | --history n [--store url]]\n"
	    "           [--results results ... [--max-regression pct]\n"
	    "           [--confidence level] [--gate all | final]]\n"
	    "           kernel-config | kernel-image | world-image | "
	    "--host\n");
}

static int
usage(void)
{

	cmd_check_release_usage(stderr);
	return (EX_USAGE);
}

static int
is_file(const char *dir, const char *name, int wantdir)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (stat(path, &st) == -1)
		return (0);
	return (wantdir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode));
}

/*
 * On the host the probe is the one beside worldbench (build tree or
 * installed tree: bin/../libexec/worldbench), else WB_PROBE_PATH.
 */
static const char *
host_probe(char *buf, size_t len)
{
	struct wb_err e;

	if (wb_exe_path("libexec/worldbench/malloc-probe", buf, len,
	    &e) == -1 || access(buf, X_OK) == -1)
		return (WB_PROBE_PATH);
	return (buf);
}

static int
world(struct wb_release *r, const char *root, int host, int noprobe,
    struct wb_err *e)
{
	char buf[PATH_MAX + 64];

	if (wb_release_world_files(r, root, host, e) == -1)
		return (-1);
	if (noprobe)
		return (wb_release_add(r, WB_CHECK_SKIP, "probe",
		    "malloc-probe", e, "not run (--no-probe)"));
	return (wb_release_probe_run(r, root, host,
	    host ? host_probe(buf, sizeof(buf)) : NULL, e));
}

static void
refused(void *arg, const char *path, const char *why)
{

	(void)arg;
	warnx("image entry %s refused: %s", path, why);
}

static int
host_kernel(struct wb_release *r, struct wb_err *e)
{
	struct utsname u;
	char path[PATH_MAX];

	if (access("/proc/config.gz", R_OK) == 0)
		return (wb_release_kconfig(r, "/proc/config.gz", e));
	if (uname(&u) == -1)
		return (wb_err_setsys(e, "uname"));
	snprintf(path, sizeof(path), "/boot/config-%s", u.release);
	if (access(path, R_OK) == 0)
		return (wb_release_kconfig(r, path, e));
	return (wb_release_add(r, WB_CHECK_FAIL, "kernel", "config", e,
	    "neither /proc/config.gz nor %s: the running kernel's "
	    "configuration cannot be checked", path));
}

/*
 * An image archive is checked as it is, unpacked afresh into a private
 * directory of the work directory and removed afterwards: never the cached
 * root that chroot and run use (whatever ran there, it cannot change the
 * verdict).  SIGINT, SIGTERM and SIGHUP wait until the directory is gone.
 */
static int
archive(struct wb_release *r, const char *t, const struct ropts *o,
    struct wb_err *e)
{
	char tmp[PATH_MAX], root[PATH_MAX + 8];
	sigset_t block, old;
	int rc;

	if (wb_mkdirs(o->workdir, 0755, e) == -1)
		return (-1);
	if ((size_t)snprintf(tmp, sizeof(tmp), "%s/check-release.XXXXXX",
	    o->workdir) >= sizeof(tmp))
		return (wb_err_set(e, "%s: path too long", o->workdir));
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	(void)sigprocmask(SIG_BLOCK, &block, &old);
	if (mkdtemp(tmp) == NULL) {
		(void)sigprocmask(SIG_SETMASK, &old, NULL);
		return (wb_err_setsys(e, "%s", tmp));
	}
	snprintf(root, sizeof(root), "%s/root", tmp);
	rc = wb_image_unpack(t, root, refused, NULL, e) == -1 ? -1 :
	    world(r, root, 0, o->noprobe, e);
	if (wb_rmtree(tmp, o->workdir, rc == -1 ? NULL : e) == -1)
		rc = -1;
	(void)sigprocmask(SIG_SETMASK, &old, NULL);
	return (rc);
}

static int
target(struct wb_release *r, const char *t, const struct ropts *o,
    struct wb_err *e)
{
	char path[PATH_MAX];
	struct stat st;

	if (stat(t, &st) == -1)
		return (wb_err_setsys(e, "%s", t));
	if (S_ISDIR(st.st_mode)) {
		if (is_file(t, "config", 0) && !is_file(t, "etc", 1)) {
			snprintf(path, sizeof(path), "%s/config", t);
			return (wb_release_kconfig(r, path, e));
		}
		if (is_file(t, ".config", 0)) {
			snprintf(path, sizeof(path), "%s/.config", t);
			return (wb_release_kconfig(r, path, e));
		}
		if (is_file(t, "etc", 1))
			return (world(r, t, 0, o->noprobe, e));
		return (wb_err_set(e, "%s: neither a kernel image (config) "
		    "nor a world root (etc/)", t));
	}
	/* A file: a .config (maybe gzipped), else an image archive. */
	if (wb_release_kconfig(r, t, e) == 0)
		return (0);
	if (strstr(e->msg, "not a kernel .config") == NULL &&
	    strstr(e->msg, "binary data") == NULL)
		return (-1);
	return (archive(r, t, o, e));
}

static void
free_set(struct wb_results **v, size_t n)
{

	while (n > 0)
		wb_results_free(v[--n]);
}

/* --history: the store's last confirmed-good releases as the baseline. */
static int
history_gate(struct wb_release *r, const struct ropts *o,
    struct wb_results *x, struct wb_err *e)
{
	char path[PATH_MAX];
	struct wb_hstore *s;
	int rc;

	if (o->store != NULL)
		s = wb_hs_open(o->store, e);
	else {
		if ((size_t)snprintf(path, sizeof(path), "%s/history.db",
		    o->workdir) >= sizeof(path))
			return (wb_err_set(e, "%s: path too long", o->workdir));
		if (access(path, F_OK) == -1)
			return (wb_err_setsys(e, "%s (the history store; "
			    "worldbench history add fills it)", path));
		s = wb_hs_open(path, e);
	}
	if (s == NULL)
		return (-1);
	rc = wb_release_gate_history(r, s, x, o->results[0],
	    (size_t)o->history, o->maxreg, o->conf, o->all_tests, e);
	wb_hs_close(s);
	return (rc);
}

static int
perf(struct wb_release *r, const struct ropts *o, struct wb_err *e)
{
	struct wb_results *b[SET_MAX], *x[SET_MAX];
	size_t nb, nx;
	int rc;

	rc = 0;
	for (nb = 0; rc == 0 && nb < o->nbase; nb++)
		if ((rc = wb_results_read(o->baseline[nb], &b[nb], e)) == -1)
			break;
	for (nx = 0; rc == 0 && nx < o->nres; nx++)
		if ((rc = wb_results_read(o->results[nx], &x[nx], e)) == -1)
			break;
	if (rc == 0 && o->history > 0)
		rc = history_gate(r, o, x[0], e);
	else if (rc == 0)
		rc = wb_release_gate(r, b, o->baseline, nb, x, o->results, nx,
		    o->maxreg, o->conf, o->all_tests, e);
	free_set(b, nb);
	free_set(x, nx);
	return (rc);
}

/* 1: a production check failed; 2: the gate failed; 3: inconclusive. */
static int
status(const struct wb_release *r)
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
			return (EXIT_CHECK_FAILED);
		gate = 1;
	}
	return (gate ? EXIT_GATE_FAILED : inc ? EXIT_GATE_INCONCLUSIVE : 0);
}

static int
opt_baseline(void *ctx, char *arg)
{
	struct ropts *o = ctx;

	if (o->nbase == SET_MAX) {
		warnx("more than %d --baseline files", SET_MAX);
		return (-1);
	}
	o->baseline[o->nbase++] = arg;
	return (0);
}

static int
opt_results(void *ctx, char *arg)
{
	struct ropts *o = ctx;

	if (o->nres == SET_MAX) {
		warnx("more than %d --results files", SET_MAX);
		return (-1);
	}
	o->results[o->nres++] = arg;
	return (0);
}

static int
opt_conf(void *ctx, char *arg)
{
	struct ropts *o = ctx;
	char *end;

	o->conf = strtod(arg, &end) / 100;
	if (end == arg || (*end != '\0' && strcmp(end, "%") != 0) ||
	    !(o->conf >= 0.5 && o->conf < 1)) {
		warnx("bad --confidence '%s' (a percentage from 50 to below "
		    "100)", arg);
		return (-1);
	}
	return (0);
}

static int
opt_gate(void *ctx, char *arg)
{
	struct ropts *o = ctx;

	if (strcmp(arg, "all") == 0)
		o->all_tests = 1;
	else if (strcmp(arg, "final") == 0)
		o->all_tests = 0;
	else {
		warnx("bad --gate '%s' (all or final)", arg);
		return (-1);
	}
	return (0);
}

static int
opt_maxreg(void *ctx, char *arg)
{
	struct ropts *o = ctx;
	char *end;

	o->maxreg = strtod(arg, &end);
	if (end == arg || (*end != '\0' && strcmp(end, "%") != 0) ||
	    !(o->maxreg >= 0 && o->maxreg < 100)) {
		warnx("bad --max-regression '%s'", arg);
		return (-1);
	}
	return (0);
}

static int
opt_history(void *ctx, char *arg)
{
	struct ropts *o = ctx;
	char *end;

	o->history = strtol(arg, &end, 10);
	if (end == arg || *end != '\0' || o->history < 1 ||
	    o->history > 64) {
		warnx("bad --history '%s' (1 to 64 releases)", arg);
		return (-1);
	}
	return (0);
}

#define R(m)	OPT_AT(struct ropts, m)
const struct opt cmd_check_release_opts[] = {
	{ .kind = OPT_FN, .name = "history", .arg = "n", .fn = opt_history,
	  .desc = "gate --results against the last n confirmed-good releases "
	  "of its series in the history store" },
	{ .kind = OPT_STR, .name = "store", .arg = "url", .off = R(store),
	  .desc = "with --history: the store (default WORKDIR/history.db)" },
	{ .kind = OPT_FN, .ch = 'b', .name = "baseline", .arg = "results",
	  .fn = opt_baseline, .desc = "the production baseline of the gate" },
	{ .kind = OPT_FN, .ch = 'r', .name = "results", .arg = "results",
	  .fn = opt_results,
	  .desc = "the results gated against the baseline" },
	{ .kind = OPT_FN, .ch = 'm', .name = "max-regression",
	  .arg = "percent", .fn = opt_maxreg,
	  .desc = "the largest slowdown the gate allows" },
	{ .kind = OPT_FLAG, .ch = 'H', .name = "host", .off = R(host),
	  .desc = "check the running host's kernel and world" },
	{ .kind = OPT_STR, .ch = 'j', .name = "junit", .arg = "file",
	  .off = R(junit), .desc = "also write a JUnit XML report" },
	{ .kind = OPT_FLAG, .ch = 'n', .name = "no-probe", .off = R(noprobe),
	  .desc = "do not run the malloc probe in the world" },
	{ .kind = OPT_STR, .ch = 'w', .name = "workdir", .arg = "dir",
	  .off = R(workdir), .desc = "where an image archive is unpacked" },
	{ .kind = OPT_FN, .name = "confidence", .arg = "level", .fn = opt_conf,
	  .desc = "the gate's level: 1 - alpha (default 95)" },
	{ .kind = OPT_FN, .name = "gate", .arg = "all|final", .fn = opt_gate,
	  .desc = "gate every test or the final score only" },
	{ .kind = OPT_STR, .name = "waivers", .arg = "file", .off = R(waivers),
	  .desc = "kernel options waived, with a reason each" },
	{ .kind = OPT_END }
};
#undef R

/* The options that go together: --history, --baseline and --results. */
static int
check_sets(const struct ropts *o)
{

	if (o->history > 0) {
		if (o->nbase > 0 || o->nres != 1) {
			warnx("--history takes one --results file and no "
			    "--baseline");
			return (-1);
		}
	} else if (o->store != NULL) {
		warnx("--store goes with --history");
		return (-1);
	} else if ((o->nbase == 0) != (o->nres == 0)) {
		warnx("--baseline and --results go together");
		return (-1);
	}
	return (0);
}

static int
parse(int argc, char **argv, struct ropts *o)
{
	int n;

	if ((n = opt_parse(cmd_check_release_opts, o, argc, argv)) == -1 ||
	    check_sets(o) == -1)
		return (-1);
	return (n);
}

int
cmd_check_release(int argc, char **argv)
{
	struct wb_waivers w;
	struct wb_release r;
	struct ropts o;
	struct wb_err e;
	int i, rc;

	memset(&o, 0, sizeof(o));
	o.maxreg = 5;
	o.conf = 0.95;
	o.all_tests = 1;
	o.workdir = "work";
	if ((i = parse(argc, argv, &o)) == -1)
		return (usage());
	argc -= i;
	argv += i;
	if ((o.host && argc != 0) || (!o.host && argc != 1))
		return (usage());
	wb_waivers_init(&w);
	if (o.waivers != NULL && wb_waivers_read(&w, o.waivers, &e) == -1) {
		warnx("%s", e.msg);
		wb_waivers_fini(&w);
		return (EX_DATAERR);
	}
	wb_release_init(&r);
	rc = o.host ? host_kernel(&r, &e) == -1 ||
	    world(&r, "/", 1, o.noprobe, &e) == -1 : target(&r, argv[0], &o,
	    &e) == -1;
	if (rc == 0 && wb_release_waive(&r, &w, &e) == -1)
		rc = 1;
	wb_waivers_fini(&w);
	if (rc == 0 && o.nres > 0 && perf(&r, &o, &e) == -1)
		rc = 1;
	if (rc != 0) {
		warnx("%s", e.msg);
		wb_release_fini(&r);
		return (cmd_exit_status(&e));
	}
	if (wb_release_print(stdout, &r) == -1 || fflush(stdout) == EOF)
		err(EX_IOERR, "stdout");
	if (o.junit != NULL && wb_release_junit(o.junit, "worldbench "
	    "check-release", &r, &e) == -1) {
		warnx("%s", e.msg);
		wb_release_fini(&r);
		return (cmd_exit_status(&e));
	}
	printf("%zu checks, %zu failed", r.n, r.nfail);
	if (r.ninconclusive > 0)
		printf(", %zu inconclusive", r.ninconclusive);
	if (r.nwaived > 0)
		printf(", %zu waived", r.nwaived);
	putchar('\n');
	rc = status(&r);
	wb_release_fini(&r);
	return (rc);
}
