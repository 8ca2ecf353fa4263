/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A fresh start for a measured command (see fresh.h).
 */
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fresh.h"

static int
fail(const char *what)
{
	char buf[160];
	int n;

	n = snprintf(buf, sizeof(buf), "fresh start: %s: %s\n", what,
	    strerror(errno));
	if (n > 0)
		(void)write(2, buf, (size_t)n < sizeof(buf) ? (size_t)n :
		    sizeof(buf) - 1);
	return (-1);
}

int
wb_fresh_close(void)
{
	long max, fd;

	if (close_range(3, ~0U, 0) == 0)
		return (0);
	if (errno != ENOSYS)
		return (fail("close_range 3..~0"));
	if ((max = sysconf(_SC_OPEN_MAX)) == -1 || max > 1048576)
		max = 1048576;
	for (fd = 3; fd < max; fd++)
		(void)close((int)fd);
	return (0);
}

void
wb_fresh_exit_as(int st)
{
	struct rlimit nocore = { 0, 0 };
	sigset_t set;
	int sig;

	if (!WIFSIGNALED(st))
		_exit(WIFEXITED(st) ? WEXITSTATUS(st) : 126);
	sig = WTERMSIG(st);
	(void)setrlimit(RLIMIT_CORE, &nocore);
	(void)signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	(void)sigprocmask(SIG_UNBLOCK, &set, NULL);
	(void)raise(sig);
	_exit(128 + sig);
}

int
wb_fresh_fork(void)
{
	pid_t parent, pid;
	int st;

	parent = getpid();
	if ((pid = fork()) == -1)
		return (fail("fork"));
	if (pid > 0) {
		while (waitpid(pid, &st, 0) == -1)
			if (errno != EINTR)
				_exit(126);
		wb_fresh_exit_as(st);
	}
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) == -1)
		return (fail("prctl PR_SET_PDEATHSIG"));
	if (getppid() != parent) {
		errno = ESRCH;
		return (fail("parent exited"));
	}
	return (0);
}

int
wb_fresh_setup(void *unused)
{

	(void)unused;
	if (wb_fresh_close() == -1 || wb_fresh_fork() == -1)
		return (-1);
	return (0);
}
