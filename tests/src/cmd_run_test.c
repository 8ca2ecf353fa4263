#include <sys/stat.h>
#include <sys/wait.h>

#include <errno.h>
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

	fake("pipe", "#!/bin/sh\necho 'ERROR|no pipes today' >&2\nexit 1\n");
	wbt_run(&o, (char *[]){ wb(tc), "run", "--tests", "pipe", "--passes",
	    "1", "--duration", "0.5", "--libexec", "libexec", "--datadir",
	    "share", "-o", "r.json", NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_REQUIRE(strstr(o.err, "pipe pass 1/1 ... FAILED: copy 1: no "
	    "pipes today") != NULL);
	ATF_REQUIRE(strstr(o.err, "1 passes failed") != NULL);
	wbt_out_fini(&o);
	wbt_run(&o, (char *[]){ wb(tc), "table", "r.json", NULL });
	ATF_REQUIRE(strstr(o.out, "FAILED") != NULL);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(run__missing_suite);
ATF_TC_BODY(run__missing_suite, tc)
{
	struct wbt_out o;

	fake("pipe", OK);
	wbt_run(&o, (char *[]){ wb(tc), "run", "--tests", "pipe,syscall",
	    "--libexec", "libexec", "--datadir", "share", "-o", "r.json",
	    NULL });
	ATF_REQUIRE_EQ(1, o.status);
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

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, run__fake_quiet);
	ATF_TP_ADD_TC(tp, run__progress_and_failure);
	ATF_TP_ADD_TC(tp, run__missing_suite);
	ATF_TP_ADD_TC(tp, run__sigterm_then_resume);
	ATF_TP_ADD_TC(tp, run__usage);
	return (atf_no_error());
}
