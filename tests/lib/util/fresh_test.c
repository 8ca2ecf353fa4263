/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "fresh.h"

/* This process's descriptor table size, from /proc/self/status. */
static int
fdsize(void)
{
	char line[256];
	FILE *fp;
	int n = -1;

	if ((fp = fopen("/proc/self/status", "re")) == NULL)
		return (-1);
	while (fgets(line, sizeof(line), fp) != NULL)
		if (sscanf(line, "FDSize: %d", &n) == 1)
			break;
	fclose(fp);
	return (n);
}

/*
 * In a child with descriptor 200 open (a 256-entry table): with fresh
 * set, wb_fresh_setup() first.  Exit 10 + (table is 64) + 2 * (200 is
 * closed); the test decodes.
 */
static int
child_status(int fresh)
{
	int st;
	pid_t pid;

	ATF_REQUIRE((pid = fork()) != -1);
	if (pid == 0) {
		if (dup2(2, 200) != 200)
			_exit(1);
		if (fresh && wb_fresh_setup(NULL) == -1)
			_exit(2);
		_exit(10 + (fdsize() == 64) + 2 * (fcntl(200, F_GETFD) ==
		    -1 && errno == EBADF));
	}
	ATF_REQUIRE(waitpid(pid, &st, 0) == pid);
	ATF_REQUIRE(WIFEXITED(st));
	return (WEXITSTATUS(st));
}

ATF_TC_WITHOUT_HEAD(wb_fresh_setup__default_table);
ATF_TC_BODY(wb_fresh_setup__default_table, tc)
{

	/* The detector first: without it the table stays grown. */
	ATF_CHECK_EQ(10, child_status(0));
	ATF_CHECK_EQ(13, child_status(1));
}

/* The relay ends as the command did: by its signal, or its status. */
ATF_TC_WITHOUT_HEAD(wb_fresh_fork__mirrors_the_end);
ATF_TC_BODY(wb_fresh_fork__mirrors_the_end, tc)
{
	int st, how;
	pid_t pid, relay;

	for (how = 0; how < 2; how++) {
		ATF_REQUIRE((pid = fork()) != -1);
		if (pid == 0) {
			relay = getpid();
			if (wb_fresh_fork() == -1)
				_exit(2);
			if (getpid() == relay || getppid() != relay)
				_exit(3);
			if (how == 0)
				raise(SIGTERM);
			_exit(42);
		}
		ATF_REQUIRE(waitpid(pid, &st, 0) == pid);
		if (how == 0) {
			ATF_CHECK(WIFSIGNALED(st));
			ATF_CHECK_EQ(SIGTERM, WTERMSIG(st));
		} else {
			ATF_CHECK(WIFEXITED(st));
			ATF_CHECK_EQ(42, WEXITSTATUS(st));
		}
	}
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_fresh_setup__default_table);
	ATF_TP_ADD_TC(tp, wb_fresh_fork__mirrors_the_end);
	return (atf_no_error());
}
