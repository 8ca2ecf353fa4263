/*
 * worldbench submit: run the paired experiment on many machines through
 * Slurm (worldbench-submit(1)).  The engine distributes; worldbench only
 * writes the job-array script, submits it, and reads back the task
 * directories: status, resubmission of failed or missing tasks, the
 * results files of complete tasks, and the across-node spread.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>

#include "atomic.h"
#include "cmd.h"
#include "err.h"
#include "results.h"
#include "score.h"
#include "slurm.h"
#include "spawn.h"

#define ENGINE_TIMEOUT	120.0		/* seconds for sbatch/squeue/sacct */

extern char **environ;

struct sopts {
	const char	*engine;
	const char	*partition;
	const char	*shared;
	const char	*workdir;
	const char	*srcdir;
	const char	*variant;
	const char	*status;
	const char	*resubmit;
	const char	*collect;
	char		*images[64];
	size_t		 nimages;
	int		 ntasks;
	int		 dry_run;
	int		 spread;
	double		 timeout;
};

static int
usage(void)
{

	fprintf(stderr, "usage: worldbench submit --engine slurm [-n] "
	    "[-N tasks] [--partition name]\n"
	    "           [--image name ... -w workdir --srcdir dir] "
	    "[--time seconds]\n"
	    "           --shared dir -- run-arguments ...\n"
	    "       worldbench submit --status dir\n"
	    "       worldbench submit --resubmit dir\n"
	    "       worldbench submit --collect dir [--spread | --variant "
	    "label]\n");
	return (EX_USAGE);
}

static int
parse_args(int argc, char **argv, struct sopts *o)
{
	static const struct option longopts[] = {
		{ "collect", required_argument, NULL, 'C' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "engine", required_argument, NULL, 'e' },
		{ "image", required_argument, NULL, 'I' },
		{ "partition", required_argument, NULL, 'p' },
		{ "resubmit", required_argument, NULL, 'R' },
		{ "shared", required_argument, NULL, 's' },
		{ "spread", no_argument, NULL, 'S' },
		{ "srcdir", required_argument, NULL, 'D' },
		{ "status", required_argument, NULL, 'Z' },
		{ "time", required_argument, NULL, 't' },
		{ "variant", required_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	char *end;
	long n;
	int ch;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "+N:nw:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'C':
			o->collect = optarg;
			break;
		case 'D':
			o->srcdir = optarg;
			break;
		case 'e':
			o->engine = optarg;
			break;
		case 'I':
			if (o->nimages == 64) {
				warnx("--image: at most 64");
				return (-1);
			}
			o->images[o->nimages++] = optarg;
			break;
		case 'N':
			n = strtol(optarg, &end, 10);
			if (*optarg == '\0' || *end != '\0' || n < 1 ||
			    n > WB_SLURM_MAXTASKS) {
				warnx("-N: '%s' is not a task count in 1..%d",
				    optarg, WB_SLURM_MAXTASKS);
				return (-1);
			}
			o->ntasks = (int)n;
			break;
		case 'n':
			o->dry_run = 1;
			break;
		case 'p':
			o->partition = optarg;
			break;
		case 'R':
			o->resubmit = optarg;
			break;
		case 's':
			o->shared = optarg;
			break;
		case 'S':
			o->spread = 1;
			break;
		case 't':
			o->timeout = strtod(optarg, &end);
			if (*optarg == '\0' || *end != '\0' ||
			    !(o->timeout > 0)) {
				warnx("--time: '%s' is not a positive number "
				    "of seconds", optarg);
				return (-1);
			}
			break;
		case 'V':
			o->variant = optarg;
			break;
		case 'w':
			o->workdir = optarg;
			break;
		case 'Z':
			o->status = optarg;
			break;
		default:
			return (-1);
		}
	}
	return (0);
}

/* The engine program: $env if set, else name found in PATH. */
static char *
engine_prog(const char *env, const char *name)
{
	const char *v, *path, *p, *colon;
	char *cand;

	if ((v = getenv(env)) != NULL && *v != '\0') {
		if ((cand = strdup(v)) == NULL)
			err(EX_OSERR, "strdup");
		return (cand);
	}
	if ((path = getenv("PATH")) == NULL)
		path = "/usr/bin:/bin";
	for (p = path; *p != '\0'; p = *colon != '\0' ? colon + 1 : colon) {
		colon = strchrnul(p, ':');
		if (asprintf(&cand, "%.*s/%s", (int)(colon - p), p, name) == -1)
			err(EX_OSERR, "asprintf");
		if (cand[0] == '/' && access(cand, X_OK) == 0)
			return (cand);
		free(cand);
	}
	return (NULL);
}

/*
 * Run an engine program; its stdout (malloc'ed) or NULL when it is not
 * installed or failed (then a warning unless quiet_fail).
 */
static char *
engine_run(const char *env, const char *name, char **args, int quiet_fail)
{
	struct wb_spawn_result r;
	struct wb_spawn s;
	struct wb_err e;
	char *argv[16], *out;
	size_t i;

	if ((argv[0] = engine_prog(env, name)) == NULL) {
		if (!quiet_fail)
			warnx("%s: not found (install slurm-client, or set "
			    "%s)", name, env);
		return (NULL);
	}
	for (i = 0; args[i] != NULL && i < 14; i++)
		argv[i + 1] = args[i];
	argv[i + 1] = NULL;
	memset(&s, 0, sizeof(s));
	s.argv = argv;
	s.envp = environ;
	s.timeout = ENGINE_TIMEOUT;
	if (wb_spawn_run(&s, 1, &r, &e) == -1) {
		warnx("%s: %s", argv[0], e.msg);
		free(argv[0]);
		return (NULL);
	}
	out = NULL;
	if (r.timed_out)
		warnx("%s: killed after %.0f seconds", argv[0], ENGINE_TIMEOUT);
	else if (r.status != 0) {
		if (!quiet_fail)
			warnx("%s failed (status %d): %s", argv[0], r.status,
			    r.err != NULL ? r.err : "");
	} else {
		out = r.out;
		r.out = NULL;
	}
	wb_spawn_result_fini(&r);
	free(argv[0]);
	return (out);
}

/* sbatch --parsable prints "jobid" or "jobid;cluster". */
static char *
submit_array(const char *shared, const char *array)
{
	char *args[5], *out, *spec, *script, *id;
	size_t n;

	if (asprintf(&script, "%s/%s", shared, WB_SLURM_SCRIPT) == -1 ||
	    asprintf(&spec, "--array=%s", array) == -1)
		err(EX_OSERR, "asprintf");
	args[0] = "--parsable";
	args[1] = spec;
	args[2] = script;
	args[3] = NULL;
	out = engine_run("WB_SBATCH", "sbatch", args, 0);
	free(spec);
	free(script);
	if (out == NULL)
		return (NULL);
	n = strcspn(out, ";\n");
	if (n == 0 || n > 32 || strspn(out, "0123456789") != n) {
		warnx("sbatch printed no job id: '%s'", out);
		free(out);
		return (NULL);
	}
	if ((id = strndup(out, n)) == NULL)
		err(EX_OSERR, "strndup");
	free(out);
	return (id);
}

static char *
abs_dir(const char *dir, int create)
{
	char *p;

	if (create && mkdir(dir, 0755) == -1 && errno != EEXIST)
		err(1, "%s", dir);
	if ((p = realpath(dir, NULL)) == NULL)
		err(1, "%s", dir);
	return (p);
}

static int
do_submit(struct sopts *o, char **rargs, size_t nrargs)
{
	struct wb_slurm_record rec;
	struct wb_slurm_job j;
	struct wb_err e;
	const char **labels;
	char *script, *path, self[PATH_MAX], *bin, *id, *spec, *srcdir;
	int nl, *ind, i, rc;
	ssize_t len;

	memset(&j, 0, sizeof(j));
	if ((len = readlink("/proc/self/exe", self, sizeof(self) - 1)) == -1)
		err(1, "/proc/self/exe");
	self[len] = '\0';
	j.worldbench = self;
	j.shared = abs_dir(o->shared, 1);
	j.partition = o->partition;
	j.ntasks = o->ntasks;
	j.timeout = o->timeout;
	j.images = o->images;
	j.nimages = o->nimages;
	j.run_args = rargs;
	j.nrun_args = nrargs;
	bin = srcdir = NULL;
	if (o->nimages > 0) {
		if (o->workdir == NULL || o->srcdir == NULL) {
			warnx("--image needs -w workdir (absolute, node-local) "
			    "and --srcdir (the source tree, on every node)");
			return (usage());
		}
		j.workdir = o->workdir;
		j.srcdir = srcdir = abs_dir(o->srcdir, 0);
		/* The build directory: worldbench is <O>/bin/worldbench. */
		if ((bin = strdup(self)) == NULL)
			err(EX_OSERR, "strdup");
		*strrchr(bin, '/') = '\0';
		if (strrchr(bin, '/') != NULL && strrchr(bin, '/') != bin)
			*strrchr(bin, '/') = '\0';
		j.builddir = bin;
	}
	if ((nl = wb_slurm_labels(rargs, nrargs, o->images, o->nimages,
	    &labels, &e)) == -1)
		errx(EX_USAGE, "%s", e.msg);
	if ((script = wb_slurm_script(&j, &e)) == NULL)
		errx(EX_USAGE, "%s", e.msg);
	if (asprintf(&path, "%s/%s", j.shared, WB_SLURM_RECORD) == -1)
		err(EX_OSERR, "asprintf");
	if (access(path, F_OK) == 0)
		errx(1, "%s exists: %s holds an experiment already; give a new "
		    "--shared directory (or --resubmit it)", path, j.shared);
	free(path);
	if (asprintf(&path, "%s/%s", j.shared, WB_SLURM_SCRIPT) == -1)
		err(EX_OSERR, "asprintf");
	if (wb_atomic_write(path, script, strlen(script), 0755, &e) == -1)
		errx(1, "%s", e.msg);
	memset(&rec, 0, sizeof(rec));
	rec.ntasks = o->ntasks;
	if ((rec.labels = calloc(nl, sizeof(char *))) == NULL)
		err(EX_OSERR, "calloc");
	for (i = 0; i < nl; i++)
		if ((rec.labels[rec.nlabels++] = strndup(labels[i],
		    strcspn(labels[i], "="))) == NULL)
			err(EX_OSERR, "strdup");
	free(labels);
	if (wb_slurm_record_write(j.shared, &rec, &e) == -1)
		errx(1, "%s", e.msg);
	rc = 0;
	if (o->dry_run) {
		fputs(script, stdout);
		fprintf(stderr, "worldbench: wrote %s (not submitted)\n", path);
		goto out;
	}
	if ((ind = calloc(o->ntasks, sizeof(int))) == NULL)
		err(EX_OSERR, "calloc");
	for (i = 0; i < o->ntasks; i++)
		ind[i] = i;
	if ((spec = wb_slurm_array_spec(ind, o->ntasks, &e)) == NULL)
		errx(1, "%s", e.msg);
	if ((id = submit_array(j.shared, spec)) == NULL)
		rc = 1;
	else if (wb_slurm_record_add(&rec, id, ind, o->ntasks, &e) == -1 ||
	    wb_slurm_record_write(j.shared, &rec, &e) == -1)
		errx(1, "job %s submitted but not recorded: %s", id, e.msg);
	else
		printf("submitted job %s: %d tasks (array %s), results in "
		    "%s\n", id, o->ntasks, spec, j.shared);
	free(id);
	free(spec);
	free(ind);
out:
	wb_slurm_record_fini(&rec);
	free(script);
	free(path);
	free(bin);
	free(srcdir);
	free((char *)j.shared);
	return (rc);
}

/* What became of each array index. */
enum tstate { T_DONE, T_ACTIVE, T_FAILED, T_MISSING };

static const char *const tstate_names[] = { "done", "running", "failed",
    "missing" };

struct task {
	enum tstate	 state;
	char		*dir;		/* the counted directory, or NULL */
	char		*why;
};

struct scan {
	char			*shared;
	struct wb_slurm_record	 rec;
	struct task		*t;
	char			*squeue;
	int			 quiet;
};

static int
has_done(const char *shared, const char *name)
{
	char *p;
	int rc;

	if (asprintf(&p, "%s/%s/%s", shared, name, WB_SLURM_DONE) == -1)
		err(EX_OSERR, "asprintf");
	rc = access(p, F_OK) == 0;
	free(p);
	return (rc);
}

static void
set_why(struct task *t, const char *fmt, const char *a)
{

	free(t->why);
	if (asprintf(&t->why, fmt, a) == -1)
		err(EX_OSERR, "asprintf");
}

/* The engine's word on a task that has not written DONE. */
static enum wb_slurm_state
engine_state(struct scan *s, const char *jobid, int index)
{
	enum wb_slurm_state st;
	char *args[10], *out, *j;

	st = WB_SLURM_UNKNOWN;
	if (s->squeue != NULL)
		st = wb_slurm_state_of(s->squeue, jobid, index);
	if (st != WB_SLURM_UNKNOWN)
		return (st);
	if ((j = strdup(jobid)) == NULL)
		err(EX_OSERR, "strdup");
	args[0] = "-n";
	args[1] = "-P";
	args[2] = "-X";
	args[3] = "-j";
	args[4] = j;
	args[5] = "-o";
	args[6] = "JobID,State";
	args[7] = NULL;
	if ((out = engine_run("WB_SACCT", "sacct", args, 1)) != NULL)
		st = wb_slurm_state_of(out, jobid, index);
	free(out);
	free(j);
	return (st);
}

static void
scan_dirs(struct scan *s)
{
	const struct wb_slurm_sub *own;
	struct dirent **names;
	char *node, *jobid;
	int n, i, task;

	if ((n = scandir(s->shared, &names, NULL, alphasort)) == -1)
		err(1, "%s", s->shared);
	for (i = 0; i < n; i++) {
		if (wb_slurm_taskdir_parse(names[i]->d_name, &node, &jobid,
		    &task) == -1) {
			free(names[i]);
			continue;
		}
		own = task < s->rec.ntasks ? wb_slurm_record_owner(&s->rec,
		    task) : NULL;
		if (own == NULL || strcmp(own->jobid, jobid) != 0) {
			if (!s->quiet)
				warnx("%s: superseded or not ours, ignored",
				    names[i]->d_name);
		} else if (has_done(s->shared, names[i]->d_name)) {
			if (s->t[task].state == T_DONE) {
				if (!s->quiet)
					warnx("%s: task %d is done in %s "
					    "already, ignored",
					    names[i]->d_name, task,
					    s->t[task].dir);
			} else {
				free(s->t[task].dir);
				s->t[task].dir = strdup(names[i]->d_name);
				s->t[task].state = T_DONE;
			}
		} else if (s->t[task].state != T_DONE) {
			s->t[task].state = T_FAILED;
			free(s->t[task].dir);
			s->t[task].dir = strdup(names[i]->d_name);
			set_why(&s->t[task], "%s has no DONE",
			    names[i]->d_name);
		}
		free(node);
		free(jobid);
		free(names[i]);
	}
	free(names);
}

static void
scan_engine(struct scan *s)
{
	const struct wb_slurm_sub *own;
	enum wb_slurm_state st;
	char *args[6];
	int i;

	args[0] = "-h";
	args[1] = "-r";
	args[2] = "-o";
	args[3] = "%i|%T";
	args[4] = NULL;
	s->squeue = engine_run("WB_SQUEUE", "squeue", args, 1);
	for (i = 0; i < s->rec.ntasks; i++) {
		if (s->t[i].state == T_DONE)
			continue;
		if ((own = wb_slurm_record_owner(&s->rec, i)) == NULL) {
			set_why(&s->t[i], "never submitted%s", "");
			continue;
		}
		st = engine_state(s, own->jobid, i);
		if (st == WB_SLURM_ACTIVE) {
			s->t[i].state = T_ACTIVE;
			set_why(&s->t[i], "job %s, pending or running",
			    own->jobid);
		} else if (s->t[i].state == T_MISSING && st != WB_SLURM_UNKNOWN) {
			s->t[i].state = T_FAILED;
			set_why(&s->t[i], "job %s ended without a task "
			    "directory", own->jobid);
		} else if (s->t[i].state == T_MISSING)
			set_why(&s->t[i], "no directory of job %s",
			    own->jobid);
	}
}

static void
scan_load(struct scan *s, const char *dir, int quiet, int engine)
{
	struct wb_err e;
	int i;

	memset(s, 0, sizeof(*s));
	s->quiet = quiet;
	s->shared = abs_dir(dir, 0);
	if (wb_slurm_record_read(s->shared, &s->rec, &e) == -1)
		errx(EX_DATAERR, "%s", e.msg);
	if ((s->t = calloc(s->rec.ntasks, sizeof(*s->t))) == NULL)
		err(EX_OSERR, "calloc");
	for (i = 0; i < s->rec.ntasks; i++)
		s->t[i].state = T_MISSING;
	scan_dirs(s);
	if (engine)
		scan_engine(s);
}

static void
scan_free(struct scan *s)
{
	int i;

	for (i = 0; i < s->rec.ntasks; i++) {
		free(s->t[i].dir);
		free(s->t[i].why);
	}
	free(s->t);
	free(s->squeue);
	free(s->shared);
	wb_slurm_record_fini(&s->rec);
}

static int
do_status(const char *dir)
{
	struct scan s;
	int i, count[4];

	scan_load(&s, dir, 0, 1);
	memset(count, 0, sizeof(count));
	for (i = 0; i < s.rec.ntasks; i++) {
		count[s.t[i].state]++;
		printf("task %d: %s", i, tstate_names[s.t[i].state]);
		if (s.t[i].state == T_DONE)
			printf(" %s\n", s.t[i].dir);
		else
			printf(" (%s)\n", s.t[i].why != NULL ? s.t[i].why :
			    "?");
	}
	printf("%d tasks: %d done, %d running, %d failed, %d missing\n",
	    s.rec.ntasks, count[T_DONE], count[T_ACTIVE], count[T_FAILED],
	    count[T_MISSING]);
	scan_free(&s);
	return (0);
}

static int
do_resubmit(const char *dir)
{
	struct scan s;
	struct wb_err e;
	char *spec, *id;
	int *ind, i, n, rc;

	scan_load(&s, dir, 0, 1);
	if ((ind = calloc(s.rec.ntasks, sizeof(int))) == NULL)
		err(EX_OSERR, "calloc");
	for (i = n = 0; i < s.rec.ntasks; i++)
		if (s.t[i].state == T_FAILED || s.t[i].state == T_MISSING)
			ind[n++] = i;
	rc = 0;
	if (n == 0) {
		printf("nothing to resubmit\n");
		goto out;
	}
	if ((spec = wb_slurm_array_spec(ind, n, &e)) == NULL)
		errx(1, "%s", e.msg);
	if ((id = submit_array(s.shared, spec)) == NULL)
		rc = 1;
	else if (wb_slurm_record_add(&s.rec, id, ind, n, &e) == -1 ||
	    wb_slurm_record_write(s.shared, &s.rec, &e) == -1)
		errx(1, "job %s submitted but not recorded: %s", id, e.msg);
	else
		printf("resubmitted tasks %s as job %s\n", spec, id);
	free(id);
	free(spec);
out:
	free(ind);
	scan_free(&s);
	return (rc);
}

/* The results file of label in a done task, checked complete. */
static char *
task_file(struct scan *s, int i, const char *label)
{
	struct wb_results *r;
	struct wb_err e;
	char *p;

	if (asprintf(&p, "%s/%s/%s.json", s->shared, s->t[i].dir, label) ==
	    -1)
		err(EX_OSERR, "asprintf");
	if (wb_results_read(p, &r, &e) == -1)
		errx(EX_DATAERR, "%s", e.msg);
	if (r->status != WB_RESULTS_COMPLETE)
		errx(EX_DATAERR, "%s: status %s though the task wrote DONE", p,
		    wb_results_status_name(r->status));
	wb_results_free(r);
	return (p);
}

static double
final_of(const char *path)
{
	struct wb_results *r;
	struct wb_score sc;
	struct wb_err e;
	double v;

	if (wb_results_read(path, &r, &e) == -1)
		errx(EX_DATAERR, "%s", e.msg);
	if (wb_score_results(r, WB_EST_UNIXBENCH, &sc, &e) == -1)
		errx(1, "%s", e.msg);
	if (!sc.have_final)
		errx(EX_DATAERR, "%s: no test has a score", path);
	v = sc.final;
	wb_score_fini(&sc);
	wb_results_free(r);
	return (v);
}

static int
dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return ((x > y) - (x < y));
}

static void
print_summary(const char *name, double *v, size_t n, size_t ncol)
{
	size_t c, i;
	double *col;

	if ((col = calloc(n, sizeof(double))) == NULL)
		err(EX_OSERR, "calloc");
	printf("%-28s", name);
	for (c = 0; c < ncol; c++) {
		for (i = 0; i < n; i++)
			col[i] = v[i * ncol + c];
		qsort(col, n, sizeof(double), dbl_cmp);
		if (strcmp(name, "min") == 0)
			printf(" %12.4g", col[0]);
		else if (strcmp(name, "max") == 0)
			printf(" %12.4g", col[n - 1]);
		else
			printf(" %12.4g", n % 2 ? col[n / 2] :
			    (col[n / 2 - 1] + col[n / 2]) / 2);
	}
	printf("\n");
	free(col);
}

/*
 * Per done task: each variant's final score and each variant's ratio to
 * the first (the base), paired within the node; then min/median/max.
 */
static void
print_spread(struct scan *s, size_t ndone)
{
	size_t nl, ncol, row, k;
	double *v, base;
	char *p, hdr[64];
	int i;

	nl = s->rec.nlabels;
	ncol = nl + nl - 1;
	if ((v = calloc(ndone * ncol, sizeof(double))) == NULL)
		err(EX_OSERR, "calloc");
	printf("%-28s", "task (node-job-task)");
	for (k = 0; k < nl; k++)
		printf(" %12.12s", s->rec.labels[k]);
	for (k = 1; k < nl; k++) {
		snprintf(hdr, sizeof(hdr), "ratio%zu/0", k);
		printf(" %12s", hdr);
	}
	printf("\n");
	row = 0;
	for (i = 0; i < s->rec.ntasks; i++) {
		if (s->t[i].state != T_DONE)
			continue;
		printf("%-28s", s->t[i].dir);
		for (k = 0; k < nl; k++) {
			p = task_file(s, i, s->rec.labels[k]);
			v[row * ncol + k] = final_of(p);
			free(p);
			printf(" %12.4g", v[row * ncol + k]);
		}
		base = v[row * ncol];
		for (k = 1; k < nl; k++) {
			v[row * ncol + nl + k - 1] = v[row * ncol + k] / base;
			printf(" %12.4f", v[row * ncol + nl + k - 1]);
		}
		printf("\n");
		row++;
	}
	print_summary("min", v, ndone, ncol);
	print_summary("median", v, ndone, ncol);
	print_summary("max", v, ndone, ncol);
	for (k = 1; k < nl; k++)
		printf("ratio%zu/0 = %s / %s, paired within each node\n", k,
		    s->rec.labels[k], s->rec.labels[0]);
	free(v);
}

static int
do_collect(const char *dir, const char *variant, int spread)
{
	struct scan s;
	size_t k, ndone;
	char *p;
	int i, found;

	scan_load(&s, dir, 0, 0);
	ndone = 0;
	for (i = 0; i < s.rec.ntasks; i++) {
		if (s.t[i].state == T_DONE)
			ndone++;
		else
			warnx("task %d: not complete (%s), not collected", i,
			    s.t[i].why != NULL ? s.t[i].why : "no directory");
	}
	if (ndone == 0)
		errx(1, "%s: no complete task", s.shared);
	found = variant == NULL;
	for (k = 0; k < s.rec.nlabels; k++)
		if (variant != NULL && strcmp(variant, s.rec.labels[k]) == 0)
			found = 1;
	if (!found)
		errx(EX_USAGE, "--variant %s: not a variant of %s", variant,
		    s.shared);
	if (spread) {
		print_spread(&s, ndone);
		scan_free(&s);
		return (0);
	}
	for (k = 0; k < s.rec.nlabels; k++) {
		if (variant != NULL && strcmp(variant, s.rec.labels[k]) != 0)
			continue;
		for (i = 0; i < s.rec.ntasks; i++) {
			if (s.t[i].state != T_DONE)
				continue;
			p = task_file(&s, i, s.rec.labels[k]);
			printf("%s\n", p);
			free(p);
		}
	}
	scan_free(&s);
	return (0);
}

int
cmd_submit(int argc, char **argv)
{
	struct sopts o;
	int modes;

	memset(&o, 0, sizeof(o));
	o.ntasks = 2;
	if (parse_args(argc, argv, &o) == -1)
		return (usage());
	modes = (o.status != NULL) + (o.resubmit != NULL) +
	    (o.collect != NULL) + (o.engine != NULL);
	if (modes != 1) {
		warnx("give one of --engine, --status, --resubmit, --collect");
		return (usage());
	}
	if ((o.spread || o.variant != NULL) && o.collect == NULL) {
		warnx("--spread and --variant go with --collect");
		return (usage());
	}
	if (o.engine == NULL && optind != argc) {
		warnx("unexpected argument '%s'", argv[optind]);
		return (usage());
	}
	if (o.status != NULL)
		return (do_status(o.status));
	if (o.resubmit != NULL)
		return (do_resubmit(o.resubmit));
	if (o.collect != NULL)
		return (do_collect(o.collect, o.variant, o.spread));
	if (strcmp(o.engine, "slurm") != 0) {
		warnx("--engine %s: only slurm is supported", o.engine);
		return (usage());
	}
	if (o.shared == NULL) {
		warnx("--shared dir is required");
		return (usage());
	}
	return (do_submit(&o, argv + optind, argc - optind));
}
