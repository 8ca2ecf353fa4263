/*
 * worldbench check-release: prove that a kernel configuration, a kernel
 * image, a world image or the running host is a production build, and
 * optionally that results did not regress beyond a limit.  One line per
 * check; exit 0 when every check passed (or was skipped), 1 when one
 * failed, 65 for unreadable input, 64 for usage errors.
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
#include "exitmap.h"
#include "image.h"
#include "release.h"
#include "results.h"
#include "runner.h"
#include "world_fs.h"

struct ropts {
	const char	*junit;
	const char	*baseline;
	const char	*results;
	const char	*workdir;
	double		 maxreg;
	double		 conf;
	int		 host;
	int		 noprobe;
};

void
cmd_check_release_usage(FILE *fp)
{

	fprintf(fp, "usage: worldbench check-release [--no-probe] "
	    "[--junit file] [-w workdir]\n"
	    "           [--baseline results --results results "
	    "[--max-regression pct]]\n"
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

static int
perf(struct wb_release *r, const struct ropts *o, struct wb_err *e)
{
	struct wb_results *b, *x;
	int rc;

	if (wb_results_read(o->baseline, &b, e) == -1)
		return (-1);
	if (wb_results_read(o->results, &x, e) == -1) {
		wb_results_free(b);
		return (-1);
	}
	rc = wb_release_perf(r, b, x, o->maxreg, o->conf, e);
	wb_results_free(b);
	wb_results_free(x);
	return (rc);
}

static int
parse(int argc, char **argv, struct ropts *o)
{
	static const struct option longopts[] = {
		{ "baseline", required_argument, NULL, 'b' },
		{ "host", no_argument, NULL, 'H' },
		{ "junit", required_argument, NULL, 'j' },
		{ "max-regression", required_argument, NULL, 'm' },
		{ "no-probe", no_argument, NULL, 'n' },
		{ "results", required_argument, NULL, 'r' },
		{ "workdir", required_argument, NULL, 'w' },
		{ NULL, 0, NULL, 0 }
	};
	char *end;
	int ch;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "b:Hj:m:nr:w:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'b':
			o->baseline = optarg;
			break;
		case 'H':
			o->host = 1;
			break;
		case 'j':
			o->junit = optarg;
			break;
		case 'm':
			o->maxreg = strtod(optarg, &end);
			if (end == optarg || (*end != '\0' &&
			    strcmp(end, "%") != 0) ||
			    !(o->maxreg >= 0 && o->maxreg < 100)) {
				warnx("bad --max-regression '%s'", optarg);
				return (-1);
			}
			break;
		case 'n':
			o->noprobe = 1;
			break;
		case 'r':
			o->results = optarg;
			break;
		case 'w':
			o->workdir = optarg;
			break;
		default:
			return (-1);
		}
	}
	if ((o->baseline == NULL) != (o->results == NULL)) {
		warnx("--baseline and --results go together");
		return (-1);
	}
	return (optind);
}

int
cmd_check_release(int argc, char **argv)
{
	struct wb_release r;
	struct ropts o;
	struct wb_err e;
	int i, rc;

	memset(&o, 0, sizeof(o));
	o.maxreg = 5;
	o.conf = 0.95;
	o.workdir = "work";
	if ((i = parse(argc, argv, &o)) == -1)
		return (usage());
	argc -= i;
	argv += i;
	if ((o.host && argc != 0) || (!o.host && argc != 1))
		return (usage());
	wb_release_init(&r);
	rc = o.host ? host_kernel(&r, &e) == -1 ||
	    world(&r, "/", 1, o.noprobe, &e) == -1 : target(&r, argv[0], &o,
	    &e) == -1;
	if (rc == 0 && o.baseline != NULL && perf(&r, &o, &e) == -1)
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
	printf("%zu checks, %zu failed\n", r.n, r.nfail);
	rc = r.nfail > 0 ? 1 : 0;
	wb_release_fini(&r);
	return (rc);
}
