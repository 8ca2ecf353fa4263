/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The guest init's environment (bench/init/env.c): the runner's clean
 * environment, then the world's declared variables, each reported in an
 * "env" frame that the host's console parser reads back.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "wb_guest.h"
#include "wb_util.h"
#include "wbinit.h"

static void
write_file(const char *path, const char *text)
{
	FILE *f;

	ATF_REQUIRE((f = fopen(path, "w")) != NULL);
	ATF_REQUIRE(fputs(text, f) >= 0);
	ATF_REQUIRE(fclose(f) == 0);
}

/*
 * Apply path with the frames going to a capture file, then parse the
 * capture as the host does.  Returns what wbi_env_apply returned.
 */
static int
apply(const char *path, struct wb_serial *s)
{
	struct wb_err err;
	char buf[65536];
	ssize_t len;
	int fd, saved, n;

	ATF_REQUIRE((fd = open("console", O_RDWR | O_CREAT | O_TRUNC,
	    0644)) >= 0);
	ATF_REQUIRE((saved = dup(STDOUT_FILENO)) >= 0);
	ATF_REQUIRE(dup2(fd, STDOUT_FILENO) >= 0);
	wbi_emitf("hello", "%d\t%s", WB_SERIAL_PROTO, WBINIT_VERSION);
	n = wbi_env_apply(path);
	wbi_emitf("end", "0");
	ATF_REQUIRE(dup2(saved, STDOUT_FILENO) >= 0);
	close(saved);
	ATF_REQUIRE((len = pread(fd, buf, sizeof(buf) - 1, 0)) >= 0);
	close(fd);
	buf[len] = '\0';
	wb_serial_init(s);
	wb_err_clear(&err);
	if (wb_serial_parse(s, "console", buf, (size_t)len, &err) != 0)
		atf_tc_fail("console does not parse: %s", err.msg);
	return (n);
}

ATF_TC_WITHOUT_HEAD(wbi_env_apply__world_variables);
ATF_TC_BODY(wbi_env_apply__world_variables, tc)
{
	struct wb_serial s;

	setenv("LEAKED_FROM_HOST", "1", 1);
	write_file("environment", "# glibc's debugging malloc\n\n"
	    "GLIBC_TUNABLES=glibc.malloc.check=3:glibc.malloc.perturb=165\n"
	    "SPACED=a b\tc\n");
	ATF_REQUIRE_EQ(2, apply("environment", &s));
	ATF_REQUIRE_STREQ("glibc.malloc.check=3:glibc.malloc.perturb=165",
	    getenv("GLIBC_TUNABLES"));
	ATF_REQUIRE_STREQ("a b\tc", getenv("SPACED"));
	ATF_REQUIRE_STREQ("/usr/bin:/bin:/usr/sbin:/sbin", getenv("PATH"));
	ATF_REQUIRE_STREQ("C", getenv("LC_ALL"));
	ATF_REQUIRE(getenv("LEAKED_FROM_HOST") == NULL);
	ATF_REQUIRE_EQ(2, s.nenv);
	ATF_REQUIRE_STREQ("GLIBC_TUNABLES=glibc.malloc.check=3:"
	    "glibc.malloc.perturb=165", s.env[0]);
	ATF_REQUIRE_STREQ("SPACED=a b\tc", s.env[1]);
	ATF_REQUIRE_EQ(0, s.nerrors);
	wb_serial_fini(&s);
}

ATF_TC_WITHOUT_HEAD(wbi_env_apply__runner_keys_refused);
ATF_TC_BODY(wbi_env_apply__runner_keys_refused, tc)
{
	struct wb_serial s;

	write_file("environment", "PATH=/evil\nnot a setting\nOK=1\n");
	ATF_REQUIRE_EQ(1, apply("environment", &s));
	ATF_REQUIRE_STREQ("/usr/bin:/bin:/usr/sbin:/sbin", getenv("PATH"));
	ATF_REQUIRE_STREQ("1", getenv("OK"));
	ATF_REQUIRE_EQ(1, s.nenv);
	ATF_REQUIRE_EQ(2, s.nerrors);
	ATF_REQUIRE(strstr(s.errors[0], "environment:1: PATH is set by the "
	    "runner") != NULL);
	ATF_REQUIRE(strstr(s.errors[1], "environment:2: expected KEY=value")
	    != NULL);
	wb_serial_fini(&s);
}

ATF_TC_WITHOUT_HEAD(wbi_env_apply__no_file);
ATF_TC_BODY(wbi_env_apply__no_file, tc)
{
	struct wb_serial s;

	setenv("GLIBC_TUNABLES", "from the host", 1);
	ATF_REQUIRE_EQ(0, apply("no-such-environment", &s));
	ATF_REQUIRE(getenv("GLIBC_TUNABLES") == NULL);
	ATF_REQUIRE_STREQ("/", getenv("HOME"));
	ATF_REQUIRE_EQ(0, s.nenv);
	ATF_REQUIRE_EQ(0, s.nerrors);
	wb_serial_fini(&s);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wbi_env_apply__world_variables);
	ATF_TP_ADD_TC(tp, wbi_env_apply__runner_keys_refused);
	ATF_TP_ADD_TC(tp, wbi_env_apply__no_file);
	return (atf_no_error());
}
