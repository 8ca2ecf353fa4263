/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Helpers shared by the subcommands.
 */
#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmdutil.h"
#include "err.h"
#include "exe_path.h"
#include "exitmap.h"
#include "interrupt.h"
#include "lock.h"
#include "preflight.h"
#include "runner.h"
#include "strvis.h"
#include "world.h"
#include "world_fs.h"

int
cmd_parse_negligible(const char *arg, double *pct)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (end == arg || *end != '\0' || errno != 0 || !(v >= 0 && v < 100)) {
		warnx("--negligible: '%s' is not a percentage from 0 to below "
		    "100", arg);
		return (-1);
	}
	*pct = v;
	return (0);
}

const char *
cmd_workdir(void)
{

	return (getenv("WORKDIR") != NULL ? getenv("WORKDIR") : "work");
}

json_t *
cmd_preflight_check(int strict, int quiet)
{
	struct wb_preflight_src src;
	struct wb_preflight pf;
	struct wb_err e;
	json_t *j;
	size_t i;

	memset(&src, 0, sizeof(src));
	src.window = 0.5;
	src.self = getpid();
	if (wb_preflight_run(&src, &pf, &e) == -1)
		exit(cmd_failp("preflight", &e));
	if (!quiet || (strict && pf.busy))
		for (i = 0; i < pf.nwarnings; i++)
			warnx("preflight: %s", wb_vis(pf.warnings[i]));
	if (strict && pf.busy)
		errx(1, "--strict: the host is busy (load %.2f on %ld CPUs); "
		    "not starting", pf.load[0], pf.ncpu);
	if ((j = wb_preflight_json(&pf)) == NULL)
		errx(1, "preflight: out of memory");
	wb_preflight_fini(&pf);
	return (j);
}

static void
refusal(void *arg, const char *path, const char *why)
{

	(void)arg;
	warnx("refused: %s: %s", wb_vis(path), wb_vis(why));
}

static void
unpack_note(void *arg, const char *path, const char *why)
{

	(void)arg;
	warnx("%s: %s", wb_vis(path), wb_vis(why));
}

void
cmd_unpack_begin(struct cmd_unpack *cu)
{

	memset(&cu->o, 0, sizeof(cu->o));
	cu->o.refuse = refusal;
	cu->o.note = unpack_note;
	cu->o.stop = wb_interrupt_flag();
}

void
cmd_unpack_end(struct cmd_unpack *cu)
{

	/* The temporary tree is gone; main exits 128 + the signal. */
	(void)cu;
}

char *
cmd_image_archive(const char *arg, const char *workdir, struct wb_err *err)
{
	struct stat st;
	char *p;

	/*
	 * A bare name that is no file here is an image of the work
	 * directory, as "worldbench images" lists them.
	 */
	if (strchr(arg, '/') != NULL || arg[0] == '.' || arg[0] == '\0' ||
	    lstat(arg, &st) == 0 || errno != ENOENT) {
		if ((p = strdup(arg)) == NULL)
			wb_err_setsys(err, "strdup");
		return (p);
	}
	if (asprintf(&p, "%s/images/%s.tar.zst", workdir, arg) == -1) {
		wb_err_setsys(err, "asprintf");
		return (NULL);
	}
	if (access(p, F_OK) == -1) {
		wb_err_setsys(err, "%s: neither a file nor an image of %s (%s; "
		    "see worldbench images)", arg, workdir, p);
		free(p);
		return (NULL);
	}
	return (p);
}

char *
cmd_world_root(const char *image, const char *workdir, struct wb_err *err)
{
	struct cmd_unpack cu;
	struct stat st;
	char *root, *archive;
	int lock;

	if ((archive = cmd_image_archive(image, workdir, err)) == NULL)
		return (NULL);
	lock = -1;
	if (stat(archive, &st) == 0 && !S_ISDIR(st.st_mode) &&
	    (wb_mkdirs(workdir, 0755, err) == -1 ||
	    (lock = wb_lock_workdir(workdir, 600, err)) == -1)) {
		free(archive);
		return (NULL);
	}
	cmd_unpack_begin(&cu);
	root = wb_world_root_opts(archive, workdir, &cu.o, err);
	wb_unlock_workdir(lock);
	cmd_unpack_end(&cu);
	free(archive);
	return (root);
}

void
cmd_note(void *prefix, const char *line)
{

	/* A note may quote a file, a build's output, a label. */
	fputs((const char *)prefix, stderr);
	wb_vis_fputs(line, 0, stderr);
	fputc('\n', stderr);
}

/*
 * Defaults of --objdir and --topdir: in a source tree ("recipes/" here)
 * the tree and its build/; otherwise the tree of the running binary (a
 * build directory or an installation: bin/, libexec/, share/), whose
 * share/worldbench holds the recipes and overlays make install copies.
 */
void
cmd_tree_defaults(const char **objdir, const char **topdir, char *objbuf,
    char *topbuf)
{
	struct wb_err e;
	struct stat st;
	int tree;

	tree = stat("recipes", &st) == 0 && S_ISDIR(st.st_mode);
	if (*topdir == NULL)
		*topdir = tree || wb_exe_path("share/worldbench", topbuf,
		    PATH_MAX, &e) == -1 ? "." : topbuf;
	if (*objdir == NULL)
		*objdir = tree || wb_exe_path(".", objbuf, PATH_MAX,
		    &e) == -1 ? "build" : objbuf;
}

void
cmd_matching_say(const char *unmatched, const char *unrecorded, int quiet)
{

	if (unmatched != NULL)
		warnx("WARNING: --unmatched: UNMATCHED images: %s",
		    wb_vis(unmatched));
	if (unrecorded != NULL && !quiet)
		warnx("matching not recorded for %s (not an image with an "
		    "identity record): not checked", wb_vis(unrecorded));
}
