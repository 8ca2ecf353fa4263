/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/wait.h>

#include <errno.h>
#include <grp.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "wbtest.h"

static char *
wb(const atf_tc_t *tc)
{

	return (wbt_buildpath(tc, "bin/worldbench"));
}

/* Fake bench programs in ./libexec, an empty ./share, TMPDIR=./tmp. */
static void
fake(const char *id, const char *body)
{
	char path[PATH_MAX], *tmp;

	(void)mkdir("libexec", 0755);
	(void)mkdir("share", 0755);
	tmp = wbt_abspath("tmp");
	(void)mkdir(tmp, 0755);
	ATF_REQUIRE(setenv("TMPDIR", tmp, 1) == 0);
	free(tmp);
	snprintf(path, sizeof(path), "libexec/%s", id);
	wbt_write_file(path, body);
	ATF_REQUIRE(chmod(path, 0755) == 0);
	wbt_write_file("share/BUILDINFO", "cc: fake\n");
}

#define OK	"#!/bin/sh\necho 'COUNT|500|1|lps|0.5' >&2\n"

ATF_TC_WITHOUT_HEAD(run__fake_quiet);
ATF_TC_BODY(run__fake_quiet, tc)
{
	struct wbt_out o;
	char *s;

	fake("pipe", OK);
	wbt_run(&o, (char *[]){ wb(tc), "run", "-q", "--tests", "pipe",
	    "--passes", "2", "--duration", "0.5", "--libexec", "libexec",
	    "--datadir", "share", "--seed", "3", "-o", "r.json", NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_REQUIRE_STREQ("", o.err);
	wbt_out_fini(&o);
	s = wbt_read_file("r.json", NULL);
	ATF_REQUIRE(strstr(s, "\"status\": \"complete\"") != NULL);
	ATF_REQUIRE(strstr(s, "\"rate\": 1000.0") != NULL);
	ATF_REQUIRE(strstr(s, "\"seed\": 3") != NULL);
	free(s);
	wbt_run(&o, (char *[]){ wb(tc), "table", "r.json", NULL });
	ATF_REQUIRE_EQ(0, o.status);
	ATF_REQUIRE(strstr(o.out, "FINAL SCORE (partial index)") != NULL);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(run__progress_and_failure);
ATF_TC_BODY(run__progress_and_failure, tc)
{
	struct wbt_out o;
	char *s;

	fake("pipe", "#!/bin/sh\necho 'ERROR|no pipes today' >&2\nexit 1\n");
	wbt_run(&o, (char *[]){ wb(tc), "run", "--tests", "pipe", "--passes",
	    "1", "--duration", "0.5", "--libexec", "libexec", "--datadir",
	    "share", "-o", "r.json", NULL });
	/* A run with a failed pass says so and does not exit 0. */
	ATF_REQUIRE_EQ_MSG(1, o.status, "%s", o.err);
	/* Without --progress (stderr is not a tty), failures still show. */
	ATF_REQUIRE_MSG(strstr(o.err, "[1/1] pipe pass 1/1: FAILED: copy 1: no "
	    "pipes today\n") != NULL, "%s", o.err);
	ATF_REQUIRE_MSG(strstr(o.err, "worldbench: pipe: 1 failed pass\n") !=
	    NULL, "%s", o.err);
	ATF_REQUIRE(strstr(o.err, "1 passes failed") != NULL);
	wbt_out_fini(&o);
	s = wbt_read_file("r.json", NULL);
	ATF_REQUIRE_MSG(strstr(s, "\"status\": \"complete-with-failures\"") !=
	    NULL, "%s", s);
	free(s);
	wbt_run(&o, (char *[]){ wb(tc), "table", "r.json", NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_REQUIRE(strstr(o.out, "FAILED") != NULL);
	wbt_out_fini(&o);
}

/*
 * A failing pass whose stderr holds an OSC 52 clipboard write and a CSI
 * sequence: its progress line shows them escaped, and nothing run prints
 * carries a raw ESC or BEL.
 */
ATF_TC_WITHOUT_HEAD(run__failure_escaped);
ATF_TC_BODY(run__failure_escaped, tc)
{
	struct wbt_out o;

	fake("pipe", "#!/bin/sh\nprintf 'osc \\033]52;c;aGk=\\007 csi "
	    "\\033[2J end\\n' >&2\nexit 1\n");
	wbt_run(&o, (char *[]){ wb(tc), "run", "--progress", "--tests",
	    "pipe", "--passes", "1", "--duration", "0.5", "--libexec",
	    "libexec", "--datadir", "share", "-o", "r.json", NULL });
	ATF_REQUIRE_EQ_MSG(1, o.status, "%s", o.err);
	ATF_CHECK_MSG(strpbrk(o.err, "\033\007") == NULL &&
	    strpbrk(o.out, "\033\007") == NULL, "a raw escape: %s", o.err);
	ATF_CHECK_MSG(strstr(o.err, "FAILED: copy 1: unexpected output on "
	    "stderr: 'osc \\x1b]52;c;aGk=\\x07 csi \\x1b[2J end'\n") != NULL,
	    "%s", o.err);
	wbt_out_fini(&o);
}

/*
 * Without root a chroot runner cannot enter the image: every pass fails,
 * and the run must not exit 0 nor mark its file complete.
 */
ATF_TC(run__chroot_as_nobody);
ATF_TC_HEAD(run__chroot_as_nobody, tc)
{

	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(run__chroot_as_nobody, tc)
{
	char dir[] = "/tmp/wbnobody.XXXXXX", p[PATH_MAX], *s;
	static const char *const mk[] = { "img", "img/bin", "img/tmp",
	    "img/usr", "img/usr/libexec", "img/usr/libexec/worldbench",
	    "img/usr/share", "img/usr/share/worldbench", "out" };
	struct wbt_out o;
	size_t i;
	pid_t pid;
	int st, fd;

	ATF_REQUIRE(mkdtemp(dir) != NULL);
	ATF_REQUIRE(chmod(dir, 0755) == 0);
	for (i = 0; i < sizeof(mk) / sizeof(mk[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", dir, mk[i]);
		ATF_REQUIRE(mkdir(p, 0755) == 0);
	}
	snprintf(p, sizeof(p), "%s/img/tmp", dir);
	ATF_REQUIRE(chmod(p, 01777) == 0);
	snprintf(p, sizeof(p), "%s/out", dir);
	ATF_REQUIRE(chmod(p, 0777) == 0);
	snprintf(p, sizeof(p), "%s/img/usr/libexec/worldbench/pipe", dir);
	wbt_write_file(p, OK);
	ATF_REQUIRE(chmod(p, 0755) == 0);
	snprintf(p, sizeof(p), "%s/img/usr/share/worldbench/BUILDINFO", dir);
	wbt_write_file(p, "cc: fake\n");
	if ((pid = fork()) == 0) {
		if (chdir(dir) == -1 || setgroups(0, NULL) == -1 ||
		    setgid(65534) == -1 || setuid(65534) == -1)
			_exit(125);
		fd = open("out/err", O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd == -1 || dup2(fd, 2) == -1)
			_exit(125);
		execl(wb(tc), "worldbench", "run", "-q", "--no-preflight",
		    "--tests", "pipe", "--passes", "1", "--duration", "0.5",
		    "--variant", "img=img", "-o", "out/", (char *)NULL);
		_exit(127);
	}
	ATF_REQUIRE(pid > 0);
	ATF_REQUIRE(waitpid(pid, &st, 0) == pid);
	snprintf(p, sizeof(p), "%s/out/err", dir);
	s = wbt_read_file(p, NULL);
	ATF_REQUIRE_MSG(WIFEXITED(st) && WEXITSTATUS(st) == 1,
	    "status 0x%x: %s", st, s);
	ATF_REQUIRE_MSG(strstr(s, "pipe: 1 failed pass") != NULL, "%s", s);
	free(s);
	snprintf(p, sizeof(p), "%s/out/img.json", dir);
	s = wbt_read_file(p, NULL);
	ATF_REQUIRE(strstr(s, "\"status\": \"complete\"") == NULL);
	ATF_REQUIRE(strstr(s, "\"status\": \"complete-with-failures\"") !=
	    NULL);
	free(s);
	wbt_run(&o, (char *[]){ "rm", "-rf", dir, NULL });
	wbt_out_fini(&o);
}

/*
 * A program that keeps a fixed file name in its working directory, as
 * fstime and the shell workload do: two copies must not collide.
 */
ATF_TC_WITHOUT_HEAD(run__copies_own_dirs);
ATF_TC_BODY(run__copies_own_dirs, tc)
{
	struct wbt_out o;
	char *s;

	fake("fstime", "#!/bin/sh\nset -C\n"
	    ": > fixed || { echo 'ERROR|collision' >&2; exit 1; }\n"
	    "sleep 1\nrm fixed\necho 'COUNT|500|0|KBps|0.5' >&2\n");
	wbt_run(&o, (char *[]){ wb(tc), "run", "-q", "-c", "2", "--tests",
	    "fstime", "--passes", "1", "--duration", "0.5", "--libexec",
	    "libexec", "--datadir", "share", "--no-preflight", "-o", "r.json",
	    NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	wbt_out_fini(&o);
	s = wbt_read_file("r.json", NULL);
	ATF_REQUIRE_MSG(strstr(s, "\"status\": \"complete\"") != NULL,
	    "%s", s);
	ATF_REQUIRE_MSG(strstr(s, "\"failed\"") == NULL, "%s", s);
	free(s);
}

/* The real suite with two copies scores the tests that use scratch. */
ATF_TC(run__copies_real_suite);
ATF_TC_HEAD(run__copies_real_suite, tc)
{

	atf_tc_set_md_var(tc, "timeout", "120");
}
ATF_TC_BODY(run__copies_real_suite, tc)
{
	struct wbt_out o;
	char *s, *tmp;

	tmp = wbt_abspath("tmp");
	ATF_REQUIRE(mkdir(tmp, 0755) == 0);
	ATF_REQUIRE(setenv("TMPDIR", tmp, 1) == 0);
	free(tmp);
	wbt_run(&o, (char *[]){ wb(tc), "run", "-q", "-c", "2", "--quick",
	    "--tests", "fstime,fsbuffer,fsdisk,shell1,shell8,spawn",
	    "--passes", "1", "--duration", "1", "--no-preflight", "-o",
	    "r.json", NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	wbt_out_fini(&o);
	s = wbt_read_file("r.json", NULL);
	ATF_REQUIRE_MSG(strstr(s, "\"status\": \"complete\"") != NULL,
	    "%s", s);
	ATF_REQUIRE(strstr(s, "\"failed\"") == NULL);
	ATF_REQUIRE(strstr(s, "\"timeout\"") == NULL);
	free(s);
	wbt_run(&o, (char *[]){ wb(tc), "table", "r.json", NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_REQUIRE(strstr(o.out, "FAILED") == NULL);
	ATF_REQUIRE(strstr(o.out, "Shell Scripts (8 concurrent)") != NULL);
	wbt_out_fini(&o);
}

/* Per-pass lines with elapsed time and estimate, only when asked. */
ATF_TC_WITHOUT_HEAD(run__progress);
ATF_TC_BODY(run__progress, tc)
{
	struct wbt_out o;

	fake("pipe", OK);
	fake("syscall", OK);
	wbt_run(&o, (char *[]){ wb(tc), "run", "--progress", "-T",
	    "pipe,syscall", "-i", "2", "-d", "0.5", "--libexec", "libexec",
	    "--datadir", "share", "--no-preflight", "-o", "a.json", NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	/* First the estimate: 4 passes of 0.5 s and their overhead. */
	ATF_REQUIRE_MSG(strncmp(o.err, "worldbench: 4 passes to run, about "
	    "3s\n[1/4] ", 44) == 0, "%s", o.err);
	/* The shape of the line, not how fast this machine got there. */
	ATF_REQUIRE_MATCH(" pass 1/2 elapsed [0-9]+s eta \\? \\.\\.\\. "
	    "1000\\.0 lps", o.err);
	ATF_REQUIRE_MSG(strstr(o.err, "[4/4] ") != NULL &&
	    strstr(o.err, " pass 2/2 elapsed ") != NULL, "%s", o.err);
	ATF_REQUIRE_MSG(strstr(o.err, " eta ?") == strstr(o.err, " eta "),
	    "%s", o.err);
	wbt_out_fini(&o);
	/*
	 * Adaptive: the lines say how far the plan may grow, and the
	 * estimate is a lower bound.
	 */
	wbt_run(&o, (char *[]){ wb(tc), "run", "--progress", "-T", "pipe",
	    "--target-ci", "50", "--max-passes", "12", "-d", "0.1",
	    "--libexec", "libexec", "--datadir", "share", "--no-preflight",
	    "--variant", "a=host", "--variant", "b=host", "-o", "c/", NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_REQUIRE_MSG(strstr(o.err, " pipe pass 10/10 (of at most 12) "
	    "elapsed ") != NULL && strstr(o.err, " or more ... ") != NULL,
	    "%s", o.err);
	wbt_out_fini(&o);
	/* Not a tty and no --progress: nothing; -q wins over --progress. */
	wbt_run(&o, (char *[]){ wb(tc), "run", "-T", "pipe", "-i", "1",
	    "-d", "0.5", "--libexec", "libexec", "--datadir", "share",
	    "--no-preflight", "-o", "b.json", NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_REQUIRE_STREQ("", o.err);
	wbt_out_fini(&o);
	wbt_run(&o, (char *[]){ wb(tc), "run", "-q", "--progress", "-T",
	    "pipe", "-i", "1", "-d", "0.5", "--libexec", "libexec",
	    "--datadir", "share", "--no-preflight", "-o", "c.json", NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_REQUIRE_STREQ("", o.err);
	wbt_out_fini(&o);
}

/* A fake pipe that fails unless LC_ALL and LANG are want. */
static void
fake_locale(const char *want)
{
	char body[512];

	snprintf(body, sizeof(body), "#!/bin/sh\n"
	    "[ \"$LC_ALL\" = %s ] && [ \"$LANG\" = %s ] || "
	    "{ echo \"ERROR|LC_ALL=$LC_ALL LANG=$LANG\" >&2; exit 1; }\n"
	    "echo 'COUNT|500|1|lps|0.5' >&2\n", want, want);
	fake("pipe", body);
}

/* --locale reaches the children, the plan and the provenance. */
ATF_TC_WITHOUT_HEAD(run__locale);
ATF_TC_BODY(run__locale, tc)
{
	struct wbt_out o;
	char *s, *p;

	fake_locale("C");
	wbt_run(&o, (char *[]){ wb(tc), "run", "-q", "-T", "pipe", "-i", "1",
	    "-d", "0.5", "--libexec", "libexec", "--datadir", "share",
	    "--no-preflight", "-o", "c.json", NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	wbt_out_fini(&o);
	s = wbt_read_file("c.json", NULL);
	ATF_REQUIRE(strstr(s, "\"locale\": \"C\"") != NULL);
	free(s);
	fake_locale("C.UTF-8");
	wbt_run(&o, (char *[]){ wb(tc), "run", "-q", "-T", "pipe", "-i", "1",
	    "-d", "0.5", "--locale", "C.UTF-8", "--libexec", "libexec",
	    "--datadir", "share", "--no-preflight", "-o", "u.json", NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	wbt_out_fini(&o);
	s = wbt_read_file("u.json", NULL);
	/* Recorded twice: in the provenance and in the plan. */
	ATF_REQUIRE_MSG((p = strstr(s, "\"locale\": \"C.UTF-8\"")) != NULL,
	    "provenance: %s", s);
	ATF_REQUIRE_MSG(strstr(p + 1, "\"locale\": \"C.UTF-8\"") != NULL,
	    "plan: %s", s);
	free(s);
	wbt_run(&o, (char *[]){ wb(tc), "run", "--locale", "x y", "-o",
	    "x.json", NULL });
	ATF_REQUIRE_EQ(64, o.status);
	ATF_REQUIRE(strstr(o.err, "not a locale name") != NULL);
	wbt_out_fini(&o);
}

/*
 * The scratch file system is recorded, and tmpfs is warned about: the
 * file copy tests would measure memory.
 */
ATF_TC_WITHOUT_HEAD(run__scratch_tmpfs);
ATF_TC_BODY(run__scratch_tmpfs, tc)
{
	struct statfs st;
	struct wbt_out o;
	char *s;

	fake("pipe", OK);
	if (statfs("/dev/shm", &st) == -1 || st.f_type != 0x01021994)
		atf_tc_skip("/dev/shm is not tmpfs here");
	ATF_REQUIRE(setenv("TMPDIR", "/dev/shm", 1) == 0);
	wbt_run(&o, (char *[]){ wb(tc), "run", "-T", "pipe", "-i", "1", "-d",
	    "0.5", "--libexec", "libexec", "--datadir", "share",
	    "--no-preflight", "-o", "t.json", NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_REQUIRE_MSG(strstr(o.err, "host: the scratch directory is on "
	    "tmpfs") != NULL, "%s", o.err);
	wbt_out_fini(&o);
	s = wbt_read_file("t.json", NULL);
	ATF_REQUIRE(strstr(s, "\"scratch_fs\": \"tmpfs\"") != NULL);
	free(s);
}

ATF_TC_WITHOUT_HEAD(run__missing_suite);
ATF_TC_BODY(run__missing_suite, tc)
{
	struct wbt_out o;

	fake("pipe", OK);
	wbt_run(&o, (char *[]){ wb(tc), "run", "--tests", "pipe,syscall",
	    "--libexec", "libexec", "--datadir", "share", "-o", "r.json",
	    NULL });
	/* A missing input: EX_NOINPUT, as in every command. */
	ATF_REQUIRE_EQ(66, o.status);
	ATF_REQUIRE(strstr(o.err, "libexec/syscall") != NULL);
	wbt_out_fini(&o);
}

static int
wait_for(const char *path)
{
	int i;

	for (i = 0; i < 3000; i++) {
		if (access(path, F_OK) == 0)
			return (1);
		usleep(10000);
	}
	return (0);
}

ATF_TC_WITHOUT_HEAD(run__sigterm_then_resume);
ATF_TC_BODY(run__sigterm_then_resume, tc)
{
	char body[512], *mark, *s;
	struct wbt_out o;
	pid_t pid;
	int st, fd;

	mark = wbt_abspath("started");
	snprintf(body, sizeof(body), "#!/bin/sh\n"
	    "if [ ! -e %s ]; then touch %s; sleep 30; fi\n"
	    "echo 'COUNT|500|1|lps|0.5' >&2\n", mark, mark);
	fake("pipe", OK);
	fake("syscall", body);
	if ((pid = fork()) == 0) {
		fd = open("/dev/null", O_RDWR);
		dup2(fd, 1);
		dup2(fd, 2);
		execl(wb(tc), "worldbench", "run", "--tests", "pipe,syscall",
		    "--passes", "2", "--duration", "0.5", "--libexec",
		    "libexec", "--datadir", "share", "-o", "r.json",
		    (char *)NULL);
		_exit(127);
	}
	ATF_REQUIRE(pid > 0);
	ATF_REQUIRE(wait_for(mark));
	ATF_REQUIRE(kill(pid, SIGTERM) == 0);
	ATF_REQUIRE(waitpid(pid, &st, 0) == pid);
	ATF_REQUIRE(WIFEXITED(st));
	ATF_REQUIRE_EQ(143, WEXITSTATUS(st));
	s = wbt_read_file("r.json", NULL);
	ATF_REQUIRE(strstr(s, "\"status\": \"incomplete\"") != NULL);
	free(s);
	/*
	 * The suite location the file records is not used: without
	 * --libexec the resume takes the installed suite, whose hash is not
	 * the recorded one.
	 */
	wbt_run(&o, (char *[]){ wb(tc), "run", "-q", "--resume", "r.json",
	    NULL });
	ATF_REQUIRE(o.status != 0);
	ATF_REQUIRE_MSG(strstr(o.err, "suite changed") != NULL, "%s", o.err);
	wbt_out_fini(&o);
	wbt_run(&o, (char *[]){ wb(tc), "run", "-q", "--libexec", "libexec",
	    "--datadir", "share", "--resume", "r.json", NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	wbt_out_fini(&o);
	s = wbt_read_file("r.json", NULL);
	ATF_REQUIRE(strstr(s, "\"status\": \"complete\"") != NULL);
	ATF_REQUIRE(strstr(s, "\"resumed\"") != NULL);
	free(s);
	/* A second run over an incomplete file is refused. */
	free(mark);
}

/*
 * --negligible is recorded in the plan of every variant's file, and
 * compare then uses it ("recorded by the run"); a bad value is a usage
 * error.
 */
ATF_TC_WITHOUT_HEAD(run__negligible_recorded);
ATF_TC_BODY(run__negligible_recorded, tc)
{
	struct wbt_out o;
	char *s;

	fake("pipe", OK);
	wbt_run(&o, (char *[]){ wb(tc), "run", "-q", "-T", "pipe", "-i", "2",
	    "-d", "0.5", "--libexec", "libexec", "--datadir", "share",
	    "--negligible", "1.5", "--variant", "a=host", "--variant",
	    "b=host", "-o", "out/", NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	wbt_out_fini(&o);
	s = wbt_read_file("out/b.json", NULL);
	ATF_CHECK(strstr(s, "\"negligible\": 1.5") != NULL);
	free(s);
	wbt_run(&o, (char *[]){ wb(tc), "compare", "out/a.json", "out/b.json",
	    NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_CHECK_MSG(strstr(o.out, "Negligible: a ratio within 1.5% of 1 "
	    "(0.9852 to 1.0150), recorded by the run") != NULL, "%s", o.out);
	wbt_out_fini(&o);
	wbt_run(&o, (char *[]){ wb(tc), "run", "-T", "pipe", "--negligible",
	    "-2", "-o", "x.json", NULL });
	ATF_CHECK_EQ(64, o.status);
	ATF_CHECK(strstr(o.err, "--negligible: '-2'") != NULL);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(run__usage);
ATF_TC_BODY(run__usage, tc)
{
	static const char *cases[][6] = {
		{ "run", NULL },
		{ "run", "--passes", "0", "-o", "x", NULL },
		{ "run", "--tests", "nosuch", "-o", "x", NULL },
		{ "run", "--resume", "x", "-o", "y", NULL },
		{ "run", "--label", "a", "--variant", "b=host", NULL },
		{ "run", "-o", "x", "extra", NULL },
		{ "run", "--max-passes", "5", "-o", "x", NULL },
		{ "run", "--target-ci-test", "5", "-o", "x", NULL },
		{ "run", "--index", "unixbench6", "-o", "x", NULL },
		{ "run", "--variant", "nolabel", "-o", "x", NULL },
		{ "run", "-c", "0", "-o", "x", NULL },
		{ "run", "--duration", "-1", "-o", "x", NULL },
		{ "run", "--resume", "x", "--seed", "4", NULL },
	};
	struct wbt_out o;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		wbt_run_wb(tc, &o, cases[i], 6);
		ATF_REQUIRE_EQ_MSG(64, o.status, "case %zu: %s", i, o.err);
		ATF_REQUIRE(strstr(o.err, "usage: worldbench run") != NULL);
		wbt_out_fini(&o);
	}
}

ATF_TC_WITHOUT_HEAD(run__unknown_test_lists_ids);
ATF_TC_BODY(run__unknown_test_lists_ids, tc)
{
	const char *args[] = { "run", "-T", "shell9", "-o", "x.json", NULL };
	struct wbt_out o;

	wbt_run_wb(tc, &o, args, 5);
	ATF_CHECK_EQ(64, o.status);
	ATF_CHECK_MSG(strstr(o.err, "unknown test 'shell9'; valid ids: "
	    "dhry2reg, ") != NULL, "%s", o.err);
	ATF_CHECK_MSG(strstr(o.err, "shell1, shell8") != NULL, "%s", o.err);
	ATF_CHECK(access("x.json", F_OK) == -1);
	wbt_out_fini(&o);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, run__fake_quiet);
	ATF_TP_ADD_TC(tp, run__negligible_recorded);
	ATF_TP_ADD_TC(tp, run__failure_escaped);
	ATF_TP_ADD_TC(tp, run__progress_and_failure);
	ATF_TP_ADD_TC(tp, run__chroot_as_nobody);
	ATF_TP_ADD_TC(tp, run__copies_own_dirs);
	ATF_TP_ADD_TC(tp, run__copies_real_suite);
	ATF_TP_ADD_TC(tp, run__progress);
	ATF_TP_ADD_TC(tp, run__locale);
	ATF_TP_ADD_TC(tp, run__scratch_tmpfs);
	ATF_TP_ADD_TC(tp, run__missing_suite);
	ATF_TP_ADD_TC(tp, run__sigterm_then_resume);
	ATF_TP_ADD_TC(tp, run__usage);
	ATF_TP_ADD_TC(tp, run__unknown_test_lists_ids);
	return (atf_no_error());
}
