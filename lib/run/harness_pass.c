/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One pass: N copies of a bench program in a fresh scratch directory
 * (each copy in its own subdirectory when N > 1),
 * their COUNT lines checked against the suite table, and the pass rate.
 */
#include <sys/time.h>

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness_int.h"
#include "wb_model.h"
#include "wb_sandbox.h"
#include "wb_util.h"

#define TIMEOUT_FACTOR	3.0
#define TIMEOUT_SLACK	30.0

static int
why_set(char **why, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int
why_set(char **why, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(why, fmt, ap) == -1)
		*why = NULL;
	va_end(ap);
	return (-1);
}

/* The first line of s, at most 200 bytes, for messages. */
static int
first_len(const char *s)
{
	size_t n;

	n = strcspn(s, "\n");
	return ((int)(n > 200 ? 200 : n));
}

static int
parse_num(const char *s, size_t len, double *v)
{
	char buf[64], *end;

	if (len == 0 || len >= sizeof(buf))
		return (-1);
	memcpy(buf, s, len);
	buf[len] = '\0';
	errno = 0;
	*v = strtod(buf, &end);
	return (*end != '\0' || errno != 0 || !isfinite(*v) ? -1 : 0);
}

int
wb_harness_parse_count(const char *text, const struct wb_test_def *t,
    double *count, double *elapsed, char **why)
{
	const char *f[4], *nl;
	size_t len[4], i;
	double tb;

	*why = NULL;
	if (strncmp(text, "ERROR|", 6) == 0)
		return (why_set(why, "%.*s", first_len(text + 6), text + 6));
	if (strncmp(text, "COUNT|", 6) != 0)
		return (why_set(why, *text == '\0' ? "no COUNT line on stderr" :
		    "unexpected output on stderr: '%.*s'", first_len(text),
		    text));
	nl = strchr(text, '\n');
	if (nl != NULL && nl[1] != '\0')
		return (why_set(why, "more than one line on stderr: '%.*s'",
		    first_len(nl + 1), nl + 1));
	f[0] = text + 6;
	for (i = 0; i < 4; i++) {
		if (i > 0)
			f[i] = f[i - 1] + len[i - 1] + 1;
		len[i] = strcspn(f[i], "|\n");
		if (i < 3 && f[i][len[i]] != '|')
			return (why_set(why, "malformed COUNT line: '%.*s'",
			    first_len(text), text));
	}
	if (f[3][len[3]] == '|')
		return (why_set(why, "malformed COUNT line: '%.*s'",
		    first_len(text), text));
	if (parse_num(f[0], len[0], count) == -1 || *count < 0 ||
	    parse_num(f[1], len[1], &tb) == -1 ||
	    parse_num(f[3], len[3], elapsed) == -1 || *elapsed < 0)
		return (why_set(why, "bad number in COUNT line: '%.*s'",
		    first_len(text), text));
	if (tb != t->timebase || strlen(t->unit) != len[2] ||
	    strncmp(f[2], t->unit, len[2]) != 0)
		return (why_set(why, "COUNT line says timebase %g unit '%.*s'; "
		    "the suite table says %d '%s'", tb, (int)len[2], f[2],
		    t->timebase, t->unit));
	return (0);
}

static double
tv(const struct timeval *t)
{

	return ((double)t->tv_sec + (double)t->tv_usec / 1e6);
}

/* Fold the copies' results into the sample. */
static void
fold(const struct wb_runner *r, const struct wb_test_def *t,
    struct wb_spawn_result *res, int copies, struct wb_sample *s)
{
	double counts[256], elapsed[256];
	char *why, bound[256];
	struct wb_err e;
	int i;

	s->status = WB_SAMPLE_OK;
	for (i = 0; i < copies; i++) {
		s->utime += tv(&res[i].ru.ru_utime);
		s->stime += tv(&res[i].ru.ru_stime);
		s->minflt += res[i].ru.ru_minflt;
		s->majflt += res[i].ru.ru_majflt;
		s->nvcsw += res[i].ru.ru_nvcsw;
		s->nivcsw += res[i].ru.ru_nivcsw;
		if (res[i].wall > s->wall)
			s->wall = res[i].wall;
	}
	for (i = 0; i < copies && s->error == NULL; i++) {
		why = NULL;
		if (r->bounds != NULL && wb_bounds_reason(r->bounds, &res[i],
		    bound, sizeof(bound))) {
			s->status = WB_SAMPLE_FAILED;
			why_set(&s->error, "copy %d: %s", i + 1, bound);
		} else if (res[i].timed_out) {
			s->status = WB_SAMPLE_TIMEOUT;
			why_set(&s->error, "copy %d: killed at the timeout "
			    "(%.0f s)", i + 1, res[i].wall);
		} else if (wb_harness_parse_count(res[i].err, t, &counts[i],
		    &elapsed[i], &why) == -1) {
			s->status = WB_SAMPLE_FAILED;
			why_set(&s->error, "copy %d: %s", i + 1,
			    why != NULL ? why : "out of memory");
		} else if (res[i].status != 0) {
			s->status = WB_SAMPLE_FAILED;
			why_set(&s->error, "copy %d: exit status %d", i + 1,
			    res[i].status);
		}
		free(why);
	}
	if (s->status != WB_SAMPLE_OK)
		return;
	for (i = 0; i < copies; i++) {
		s->count += counts[i];
		s->elapsed += elapsed[i] / copies;
	}
	if (wb_score_copies(counts, elapsed, (size_t)copies, t->timebase,
	    &s->rate, &e) == -1) {
		s->status = WB_SAMPLE_FAILED;
		s->rate = 0;
		why_set(&s->error, "%s", e.msg);
	}
}

/*
 * In the child: no descriptor of the caller reaches a pass, whatever the
 * runner (lib/util/fresh.h), then the runner's own setup.
 */
static int
pass_setup(void *p)
{
	const struct wb_runner *r = p;

	if (wb_fresh_close() == -1)
		return (-1);
	return (r->child_setup != NULL ? r->child_setup(r->setup_arg) : 0);
}

/*
 * The clean environment of lib/util/spawn.h with the run's locale, plus what
 * the runner's image declares.
 */
static char **
child_env(const struct wb_runner *r, char *lc_all, char *lang,
    struct wb_err *err)
{
	char *base[] = { "PATH=/usr/bin:/bin:/usr/sbin:/sbin", lc_all, lang,
	    "HOME=/", "TMPDIR=/tmp" };
	size_t i, n, nb;
	char **env;

	for (n = 0; r->env != NULL && r->env[n] != NULL; n++)
		continue;
	nb = sizeof(base) / sizeof(base[0]);
	if ((env = calloc(nb + n + 1, sizeof(*env))) == NULL) {
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	for (i = 0; i < nb; i++)
		env[i] = base[i];
	for (i = 0; i < n; i++)
		env[nb + i] = r->env[i];
	return (env);
}

int
wb_harness_pass(const struct wb_runner *r, const struct wb_test_def *t,
    double duration, int copies, const char *locale,
    volatile sig_atomic_t *stop, struct wb_sample *s, struct wb_err *err)
{
	struct wb_spawn_result res[256];
	struct wb_spawn sp;
	char *host, *inner, *argv[4], secs[32], lc_all[80], lang[80];
	int i, rc;

	memset(s, 0, sizeof(*s));
	s->copies = copies;
	if (copies < 1 || copies > 256)
		return (wb_err_set(err, "copies: %d is not in 1..256", copies));
	if (wb_harness_scratch_make(r, t->id, &host, &inner, err) == -1)
		return (-1);
	snprintf(secs, sizeof(secs), "%g", duration);
	if (asprintf(&argv[0], "%s/%s", r->libexecdir, t->id) == -1) {
		free(host);
		free(inner);
		return (wb_err_setsys(err, "asprintf"));
	}
	argv[1] = secs;
	argv[2] = t->needs_data ? r->datadir : NULL;
	argv[3] = NULL;
	memset(&sp, 0, sizeof(sp));
	snprintf(lc_all, sizeof(lc_all), "LC_ALL=%s", locale);
	snprintf(lang, sizeof(lang), "LANG=%s", locale);
	sp.envp = child_env(r, lc_all, lang, err);
	if (sp.envp == NULL) {
		free(argv[0]);
		(void)wb_harness_scratch_remove(r, host, NULL);
		free(host);
		free(inner);
		return (-1);
	}
	sp.argv = argv;
	sp.cwd = inner;
	/* Copies run in their own subdirectories: file names are fixed. */
	sp.copy_dirs = copies > 1;
	sp.timeout = duration * TIMEOUT_FACTOR + TIMEOUT_SLACK;
	sp.child_setup = pass_setup;
	sp.setup_arg = (void *)r;
	sp.cancel = stop;
	if (r->set_scratch != NULL)
		r->set_scratch(r->setup_arg, inner);
	rc = wb_spawn_run(&sp, (size_t)copies, res, err);
	if (r->set_scratch != NULL)
		r->set_scratch(r->setup_arg, NULL);
	free(argv[0]);
	free((void *)sp.envp);
	if (rc == 0) {
		/* A pass the interrupt killed is dropped, never a failure. */
		if (wb_interrupt_pending() != 0 || (stop != NULL && *stop))
			rc = 1;
		else
			fold(r, t, res, copies, s);
		for (i = 0; i < copies; i++)
			wb_spawn_result_fini(&res[i]);
	}
	if (wb_harness_scratch_remove(r, host, rc == -1 ? NULL : err) == -1 &&
	    rc != -1) {
		free(s->error);
		s->error = NULL;
		rc = -1;
	}
	free(host);
	free(inner);
	return (rc);
}
