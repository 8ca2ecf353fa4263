/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Helpers shared by the ATF-C test programs.  They abort the test case
 * (atf_tc_fail) on setup errors, so a test never passes by accident.
 */
#ifndef WB_TEST_H
#define WB_TEST_H

#include <stddef.h>

#include <atf-c.h>

struct wbt_out {
	int	status;		/* exit status, or 128+signal */
	char	*out;		/* captured stdout, NUL-terminated */
	char	*err;		/* captured stderr, NUL-terminated */
};

/*
 * Paths from the kyua variables top_srcdir and builddir (absolute).  ATF
 * itself defines "srcdir" as the test program's own directory.
 */
const char	*wbt_srcdir(const atf_tc_t *);
const char	*wbt_builddir(const atf_tc_t *);
/* "<srcdir>/<rel>" or "<builddir>/<rel>" in a static buffer per call site. */
char		*wbt_srcpath(const atf_tc_t *, const char *);
char		*wbt_buildpath(const atf_tc_t *, const char *);
/* "<current directory>/<rel>", allocated. */
char		*wbt_abspath(const char *);
/*
 * "<dir of this test program>/data/<rel>": the fixtures of tests/<dir>/data,
 * which mk/testdata.mk copies beside the test programs; for the tests of
 * a library module (tests/lib/<module>/), the shared tests/lib/data.
 */
char		*wbt_datapath(const atf_tc_t *, const char *);

/* Run argv (NULL-terminated) with stdin from /dev/null and capture output. */
void		 wbt_run(struct wbt_out *, char *const []);
void		 wbt_out_fini(struct wbt_out *);
/*
 * Run <builddir>/bin/worldbench with args: up to the first NULL or the
 * first max of them, whichever comes first (max at most 30).
 */
void		 wbt_run_wb(const atf_tc_t *, struct wbt_out *,
		    const char *const *args, size_t max);

/* Read a whole file, NUL-terminated; fails the test case on error. */
char		*wbt_read_file(const char *, size_t *);
void		 wbt_write_file(const char *, const char *);
/* The file at path against data/<expected>; fails the case on a diff. */
void		 wbt_check_golden(const atf_tc_t *, const char *path,
		    const char *expected);

/*
 * The lines a library hook (wb_note_fn) was given, each ended by "\n":
 * wbt_lines_add(&lines, line); memset it to zero first.
 */
struct wbt_lines {
	char	text[8192];
};
void		 wbt_lines_add(void *lines, const char *line);

struct wb_fragment;
/* A configuration from fragment text (init'ed; the caller fini's it). */
void		 wbt_frag(struct wb_fragment *, const char *text);

/*
 * Watch path for being opened or read (inotify); wbt_unread() then fails
 * the case if it was since the watch began, and closes the watch.
 */
int		 wbt_watch_reads(const char *path);
void		 wbt_unread(int watch, const char *path);

#endif
