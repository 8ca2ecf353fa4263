/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The runs of an experiment's results directory: choosing the run
 * directory (resume the interrupted latest run, or start a new one) and
 * listing the runs (see experiment.h).
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "experiment.h"
#include "wb_image.h"
#include "wb_model.h"
#include "wb_util.h"

/* The whole of a small text file without its last newline, or NULL. */
static char *
slurp(const char *dir, const char *name)
{
	char path[PATH_MAX], buf[4096];
	size_t n;
	FILE *fp;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    sizeof(path) || (fp = fopen(path, "re")) == NULL)
		return (NULL);
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	fclose(fp);
	buf[n] = '\0';
	if (n > 0 && buf[n - 1] == '\n')
		buf[n - 1] = '\0';
	return (strdup(buf));
}

static int
exists(const char *dir, const char *name)
{
	char path[PATH_MAX];

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    sizeof(path))
		return (0);
	return (access(path, F_OK) == 0);
}

/* Any results file in dir (a run that wrote its plan). */
static int
has_results(const char *dir)
{
	struct dirent *d;
	size_t n;
	DIR *dp;
	int found;

	if ((dp = opendir(dir)) == NULL)
		return (0);
	found = 0;
	while (!found && (d = readdir(dp)) != NULL) {
		n = strlen(d->d_name);
		found = n > 5 && strcmp(d->d_name + n - 5, ".json") == 0 &&
		    strcmp(d->d_name, "compare.json") != 0;
	}
	closedir(dp);
	return (found);
}

static char *
settings_of(const struct wb_experiment *x)
{
	char buf[2048], passes[32];
	size_t i, n;

	/* "passes=" only when set: older runs' settings read the same. */
	passes[0] = '\0';
	if (x->passes > 0)
		snprintf(passes, sizeof(passes), "passes=%d ", x->passes);
	n = (size_t)snprintf(buf, sizeof(buf), "design=%s %stests=%s images=",
	    wb_suite_design_name(x->design), passes, x->tests != NULL ?
	    x->tests : "all");
	for (i = 0; i < x->nlabels && n < sizeof(buf); i++)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s",
		    i > 0 ? "," : "", x->labels[i]);
	return (strdup(buf));
}

/* Point RESULTS/latest at name, atomically (a new link renamed over). */
static int
set_latest(const char *results, const char *name, struct wb_err *err)
{
	char tmp[PATH_MAX], latest[PATH_MAX];

	snprintf(tmp, sizeof(tmp), "%s/.latest.%ld", results, (long)getpid());
	snprintf(latest, sizeof(latest), "%s/latest", results);
	(void)unlink(tmp);
	if (symlink(name, tmp) == -1)
		return (wb_err_setsys(err, "%s", tmp));
	if (rename(tmp, latest) == -1) {
		(void)unlink(tmp);
		return (wb_err_setsys(err, "%s", latest));
	}
	return (0);
}

/* RUNDIR/settings: the settings line, written whole. */
static int
write_settings(const struct wb_experiment *x, struct wb_err *err)
{
	char path[PATH_MAX], *line;
	int rc;

	if ((size_t)snprintf(path, sizeof(path), "%s/settings", x->rundir) >=
	    sizeof(path))
		return (wb_err_set(err, "%s: path too long", x->rundir));
	if (asprintf(&line, "%s\n", x->settings) == -1)
		return (wb_err_setsys(err, "asprintf"));
	rc = wb_atomic_write(path, line, strlen(line), 0644, err);
	free(line);
	return (rc);
}

static int
new_run(struct wb_experiment *x, struct wb_err *err)
{
	char name[64], path[PATH_MAX], *p;
	struct tm tm;
	time_t now;
	int k;

	now = time(NULL);
	localtime_r(&now, &tm);
	strftime(name, sizeof(name), "%Y%m%d-%H%M%S", &tm);
	for (k = 1;; k++) {
		if (k > 1)
			snprintf(name + 15, sizeof(name) - 15, "-%d", k);
		snprintf(path, sizeof(path), "%s/%s", x->resultsdir, name);
		if (mkdir(path, 0755) == 0)
			break;
		if (errno != EEXIST || k > 1000)
			return (wb_err_setsys(err, "%s", path));
	}
	if ((p = strdup(path)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	x->rundir = p;
	if (write_settings(x, err) == -1)
		return (-1);
	return (set_latest(x->resultsdir, name, err));
}

/* The fixed run directory of a scheduler's task. */
static int
fixed_run(struct wb_experiment *x, struct wb_err *err)
{
	char *prev;
	int rc;

	if (wb_world_fs_mkdirs(x->fixed_rundir, 0755, err) == -1)
		return (-1);
	if ((x->rundir = strdup(x->fixed_rundir)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	if (exists(x->rundir, "finished"))
		return (wb_err_set(err, "%s: the run is finished already",
		    x->rundir));
	prev = slurp(x->rundir, "settings");
	if (prev != NULL && has_results(x->rundir)) {
		rc = strcmp(prev, x->settings);
		free(prev);
		if (rc != 0)
			return (wb_err_set(err, "%s: an interrupted run with "
			    "other settings", x->rundir));
		x->resumed = 1;
		return (0);
	}
	free(prev);
	return (write_settings(x, err));
}

int
wb_experiment_rundir(struct wb_experiment *x, struct wb_err *err)
{
	char latest[PATH_MAX], target[NAME_MAX + 1], *prev;
	ssize_t n;

	free(x->rundir);
	x->rundir = NULL;
	x->resumed = 0;
	if (x->settings == NULL && (x->settings = settings_of(x)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	if (x->fixed_rundir != NULL)
		return (fixed_run(x, err));
	if (wb_world_fs_mkdirs(x->resultsdir, 0755, err) == -1)
		return (-1);
	snprintf(latest, sizeof(latest), "%s/latest", x->resultsdir);
	n = readlink(latest, target, sizeof(target) - 1);
	if (n > 0 && memchr(target, '/', (size_t)n) == NULL) {
		target[n] = '\0';
		if (!exists(latest, "finished") && has_results(latest)) {
			prev = slurp(latest, "settings");
			if (prev != NULL && strcmp(prev, x->settings) == 0) {
				free(prev);
				if (asprintf(&x->rundir, "%s/%s",
				    x->resultsdir, target) == -1)
					return (wb_err_setsys(err, "asprintf"));
				x->resumed = 1;
				return (0);
			}
			if (x->note != NULL) {
				char line[PATH_MAX + 128];

				snprintf(line, sizeof(line), "the interrupted "
				    "run %s/%s had other settings (%s); it is "
				    "kept ('worldbench run --resume' continues "
				    "it)", x->resultsdir, target,
				    prev != NULL ? prev : "unreadable");
				x->note(x->note_arg, line);
			}
			free(prev);
		}
	}
	return (new_run(x, err));
}

static int
by_name(const void *a, const void *b)
{
	const struct wb_experiment_run *x = a, *y = b;

	return (strcmp(x->name, y->name));
}

/* The "Final score" line of a summary.txt, without leading blanks. */
static char *
final_of(const char *dir)
{
	char *s, *p, *e, *r;

	if ((s = slurp(dir, "summary.txt")) == NULL)
		return (NULL);
	r = NULL;
	if ((p = strstr(s, "Final score")) != NULL) {
		if ((e = strchr(p, '\n')) != NULL)
			*e = '\0';
		r = strdup(p);
	}
	free(s);
	return (r);
}

int
wb_experiment_runs(const char *results, struct wb_experiment_run **out,
    size_t *nout, struct wb_err *err)
{
	struct wb_experiment_run *v, *nv, *r;
	char path[PATH_MAX];
	struct dirent *d;
	struct stat st;
	size_t n;
	DIR *dp;

	*out = NULL;
	*nout = 0;
	if ((dp = opendir(results)) == NULL)
		return (errno == ENOENT ? 0 : wb_err_setsys(err, "%s",
		    results));
	v = NULL;
	n = 0;
	while ((d = readdir(dp)) != NULL) {
		if (d->d_name[0] == '.' || strcmp(d->d_name, "latest") == 0)
			continue;
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", results,
		    d->d_name) >= sizeof(path))
			continue;
		if (lstat(path, &st) == -1 || !S_ISDIR(st.st_mode) ||
		    !exists(path, "settings"))
			continue;
		if ((nv = reallocarray(v, n + 1, sizeof(*v))) == NULL) {
			closedir(dp);
			wb_experiment_runs_free(v, n);
			return (wb_err_setsys(err, "reallocarray"));
		}
		v = nv;
		r = &v[n++];
		r->name = strdup(d->d_name);
		r->finished = exists(path, "finished");
		r->settings = slurp(path, "settings");
		r->final = final_of(path);
	}
	closedir(dp);
	if (n > 0)
		qsort(v, n, sizeof(*v), by_name);
	*out = v;
	*nout = n;
	return (0);
}

void
wb_experiment_runs_free(struct wb_experiment_run *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].settings);
		free(v[i].final);
	}
	free(v);
}
