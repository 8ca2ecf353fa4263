/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Checks shared by the bench program tests: run a program from the
 * build tree, parse its "COUNT|count|timebase|unit|elapsed" line and
 * check the usage error.  Included by each test program in tests/bench; the
 * parser returns an error string so that its own negative tests can
 * show it rejects malformed lines.
 */
#ifndef PROGCHECK_H
#define PROGCHECK_H

#include <sys/types.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "wbtest.h"

/* Not every test program uses every helper. */
#define	PC_FN	static __attribute__((__unused__))

#define	PC_DYNAMIC	"libexec/worldbench"
#define	PC_STATIC	"libexec/worldbench-static"

struct pc_count {
	double	count;
	int	timebase;
	char	unit[16];
	double	elapsed;
};

/* A decimal number: digits, then optionally '.' and ndec digits. */
PC_FN int
pc_decimal(const char *s, size_t len, int integer, int ndec, double *v)
{
	size_t i, dot;
	char buf[64];

	if (len == 0 || len >= sizeof(buf))
		return (-1);
	dot = len;
	for (i = 0; i < len; i++) {
		if (s[i] == '.' && dot == len && i > 0)
			dot = i;
		else if (s[i] < '0' || s[i] > '9')
			return (-1);
	}
	if (integer && dot != len)
		return (-1);
	if (ndec > 0 && (dot == len || len - dot - 1 != (size_t)ndec))
		return (-1);
	if (dot != len && dot == len - 1)
		return (-1);
	memcpy(buf, s, len);
	buf[len] = '\0';
	*v = strtod(buf, NULL);
	return (0);
}

/*
 * Parse stderr that must hold exactly one COUNT line and nothing else.
 * Returns NULL or a description of what is wrong.
 */
PC_FN const char *
pc_parse(const char *err, struct pc_count *c)
{
	const char *f[5], *p, *nl;
	size_t len[5];
	double tb;
	int i;

	if (strncmp(err, "COUNT|", 6) != 0)
		return ("stderr does not start with COUNT|");
	if ((nl = strchr(err, '\n')) == NULL || nl[1] != '\0')
		return ("stderr is not exactly one line");
	p = err;
	for (i = 0; i < 5; i++) {
		f[i] = p;
		while (p < nl && *p != '|')
			p++;
		len[i] = (size_t)(p - f[i]);
		if (i < 4 && *p != '|')
			return ("fewer than five fields");
		p++;
	}
	if (p - 1 != nl)
		return ("more than five fields");
	if (pc_decimal(f[2], len[2], 1, 0, &tb) == -1 ||
	    (tb != 0 && tb != 1 && tb != 60))
		return ("timebase is not 0, 1 or 60");
	c->timebase = (int)tb;
	if (pc_decimal(f[1], len[1], c->timebase != 0, 0, &c->count) == -1)
		return ("count is not a decimal number (an integer unless "
		    "the timebase is 0)");
	if (len[3] == 0 || len[3] >= sizeof(c->unit))
		return ("bad unit field");
	memcpy(c->unit, f[3], len[3]);
	c->unit[len[3]] = '\0';
	if (strcmp(c->unit, "lps") != 0 && strcmp(c->unit, "lpm") != 0 &&
	    strcmp(c->unit, "KBps") != 0 && strcmp(c->unit, "MWIPS") != 0)
		return ("unit is not lps, lpm, KBps or MWIPS");
	if (pc_decimal(f[4], len[4], 0, 6, &c->elapsed) == -1)
		return ("elapsed is not a number with 6 decimals");
	return (NULL);
}

/* Fail unless the working directory is empty. */
PC_FN void
pc_require_clean(void)
{
	struct dirent *de;
	DIR *d;

	if ((d = opendir(".")) == NULL)
		atf_tc_fail("opendir .: %s", strerror(errno));
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") != 0 &&
		    strcmp(de->d_name, "..") != 0)
			atf_tc_fail("the program left '%s' behind", de->d_name);
	}
	(void)closedir(d);
}

/*
 * Run <builddir>/<dir>/<id> SECONDS [extra] in the test's scratch
 * directory and check its result line: exit 0, nothing else on stderr,
 * the expected unit and timebase, count > 0, a sane elapsed time, and
 * no files left behind.  Returns the parsed line.
 */
PC_FN struct pc_count
pc_run_ok(const atf_tc_t *tc, const char *dir, const char *id,
    const char *secs, const char *extra, const char *unit, int timebase)
{
	struct wbt_out out;
	struct pc_count c;
	char *path, *rel, *argv[4];
	const char *why;
	double want;

	if (asprintf(&rel, "%s/%s", dir, id) == -1)
		atf_tc_fail("asprintf");
	path = wbt_buildpath(tc, rel);
	argv[0] = path;
	argv[1] = (char *)secs;
	argv[2] = (char *)extra;
	argv[3] = NULL;
	wbt_run(&out, argv);
	if (out.status != 0)
		atf_tc_fail("%s %s: exit status %d, stderr: %s", rel, secs,
		    out.status, out.err);
	if ((why = pc_parse(out.err, &c)) != NULL)
		atf_tc_fail("%s: %s: '%s'", rel, why, out.err);
	ATF_CHECK_STREQ_MSG(c.unit, unit, "%s: unit", rel);
	ATF_CHECK_EQ_MSG(c.timebase, timebase, "%s: timebase", rel);
	ATF_CHECK_MSG(c.count > 0, "%s: count %g is not > 0", rel, c.count);
	want = strtod(secs, NULL);
	ATF_CHECK_MSG(c.elapsed >= want * 0.5 && c.elapsed < want + 60.0,
	    "%s: elapsed %f for a %s s run", rel, c.elapsed, secs);
	pc_require_clean();
	wbt_out_fini(&out);
	free(rel);
	return (c);
}

/*
 * A bad command line must give exit status 64, a usage line naming
 * SECONDS on stderr and no COUNT line.
 */
PC_FN void
pc_run_usage(const atf_tc_t *tc, const char *dir, const char *id,
    const char *a1, const char *a2, const char *a3)
{
	struct wbt_out out;
	char *path, *rel, *argv[5];

	if (asprintf(&rel, "%s/%s", dir, id) == -1)
		atf_tc_fail("asprintf");
	path = wbt_buildpath(tc, rel);
	argv[0] = path;
	argv[1] = (char *)a1;
	argv[2] = a1 != NULL ? (char *)a2 : NULL;
	argv[3] = a1 != NULL && a2 != NULL ? (char *)a3 : NULL;
	argv[4] = NULL;
	wbt_run(&out, argv);
	ATF_CHECK_EQ_MSG(out.status, 64, "%s '%s': exit status %d", rel,
	    a1 != NULL ? a1 : "(none)", out.status);
	ATF_CHECK_MSG(strncmp(out.err, "usage: ", 7) == 0 &&
	    strstr(out.err, "SECONDS") != NULL,
	    "%s '%s': no usage message: '%s'", rel,
	    a1 != NULL ? a1 : "(none)", out.err);
	ATF_CHECK_MSG(strstr(out.err, "COUNT|") == NULL,
	    "%s: a usage error printed a COUNT line", rel);
	pc_require_clean();
	wbt_out_fini(&out);
	free(rel);
}

/* The bad durations every program must refuse, with extra as $2. */
PC_FN void
pc_bad_durations(const atf_tc_t *tc, const char *dir, const char *id,
    const char *extra)
{
	static const char *const bad[] = {
		"-1", "0", "abc", "1x", "", "0x10", "inf", "nan", "-0.5", "1e3",
	};
	size_t i;

	pc_run_usage(tc, dir, id, NULL, NULL, NULL);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		pc_run_usage(tc, dir, id, bad[i], extra, NULL);
	/* A good duration with a missing or an extra argument. */
	if (extra != NULL)
		pc_run_usage(tc, dir, id, "1", NULL, NULL);
	pc_run_usage(tc, dir, id, "1", extra != NULL ? extra : "extra",
	    extra != NULL ? "extra" : NULL);
}

#endif
