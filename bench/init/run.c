/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One pass of one suite program: fork, exec in a fresh scratch directory
 * with stderr on a pipe, kill the program's process group when its
 * timeout expires, and relay the outcome as a "pass" frame.
 */
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "wbinit.h"

#define ERRMAX	4096

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec + (double)ts.tv_nsec / 1e9);
}

static int
rm_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{

	(void)st;
	(void)ftw;
	if (type == FTW_DP)
		return (rmdir(path) == 0 ? 0 : -1);
	return (unlink(path) == 0 ? 0 : -1);
}

static void
child(const struct wbi_conf *c, const struct wbi_test *t, const char *dir,
    int errfd)
{
	char prog[512], secs[32];
	char *argv[4];
	int fd;

	setpgid(0, 0);
	if (chdir(dir) != 0)
		_exit(126);
	if ((fd = open("/dev/null", O_RDWR)) < 0 ||
	    dup2(fd, STDIN_FILENO) < 0 || dup2(fd, STDOUT_FILENO) < 0 ||
	    dup2(errfd, STDERR_FILENO) < 0)
		_exit(126);
	snprintf(prog, sizeof(prog), "%s/%s", c->bindir, t->id);
	snprintf(secs, sizeof(secs), "%g", t->seconds);
	argv[0] = prog;
	argv[1] = secs;
	argv[2] = strncmp(t->id, "shell", 5) == 0 ? (char *)c->datadir : NULL;
	argv[3] = NULL;
	execv(prog, argv);
	dprintf(STDERR_FILENO, "ERROR|exec %s: %s\n", prog, strerror(errno));
	_exit(127);
}

/* The program's result line: its COUNT line, else its last line. */
static void
result_line(char *errbuf, char *line, size_t len, int *have_count)
{
	char *p, *nl, *last;

	*have_count = 0;
	last = NULL;
	line[0] = '\0';
	for (p = errbuf; *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		if (nl != NULL)
			*nl = '\0';
		if (strncmp(p, "COUNT|", 6) == 0 && !*have_count) {
			snprintf(line, len, "%s", p);
			*have_count = 1;
		}
		if (*p != '\0')
			last = p;
		if (nl == NULL)
			break;
	}
	if (!*have_count && last != NULL)
		snprintf(line, len, "%s", last);
	for (p = line; *p != '\0'; p++)
		if (*p == '\t')
			*p = ' ';
}

void
wbi_run_pass(const struct wbi_conf *c, const struct wbi_test *t, int pass,
    long *npasses)
{
	char dir[128], errbuf[ERRMAX], line[ERRMAX], reason[ERRMAX + 64];
	struct pollfd pfd;
	struct rusage ru;
	const char *status;
	double start, deadline, wall, left, beat, t_now;
	size_t elen;
	ssize_t n;
	pid_t pid;
	int p[2], st, timed_out, have_count, eof;

	snprintf(dir, sizeof(dir), "/tmp/wb.%s.%d", t->id, pass);
	if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
		wbi_error("mkdir %s: %s", dir, strerror(errno));
		return;
	}
	if (pipe2(p, O_CLOEXEC) != 0) {
		wbi_error("pipe: %s", strerror(errno));
		return;
	}
	start = now();
	if ((pid = fork()) < 0) {
		wbi_error("fork: %s", strerror(errno));
		close(p[0]);
		close(p[1]);
		return;
	}
	if (pid == 0)
		child(c, t, dir, p[1]);
	setpgid(pid, pid);
	close(p[1]);
	deadline = start + t->seconds * 2 + c->slack;
	beat = start + WBI_ALIVE_SECS;
	elen = 0;
	timed_out = eof = 0;
	while (!eof) {
		t_now = now();
		left = deadline - t_now;
		if (left <= 0) {
			timed_out = 1;
			break;
		}
		/* The host declares a silent console hung: say we live. */
		if (t_now >= beat) {
			wbi_emitf("alive", "%s\t%d\t%.0f", t->id, pass,
			    t_now - start);
			beat = t_now + WBI_ALIVE_SECS;
		}
		if (left > beat - t_now)
			left = beat - t_now;
		pfd.fd = p[0];
		pfd.events = POLLIN;
		if (poll(&pfd, 1, (int)(left * 1000) + 1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (pfd.revents == 0)
			continue;
		if (elen < sizeof(errbuf) - 1)
			n = read(p[0], errbuf + elen, sizeof(errbuf) - 1 - elen);
		else {
			char sink[512];

			n = read(p[0], sink, sizeof(sink));
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			eof = 1;
		else if (elen < sizeof(errbuf) - 1)
			elen += (size_t)n;
	}
	if (timed_out)
		kill(-pid, SIGKILL);
	close(p[0]);
	while (wait4(pid, &st, 0, &ru) < 0 && errno == EINTR)
		;
	/* Descendants left behind in the group die with it. */
	kill(-pid, SIGKILL);
	wall = now() - start;
	errbuf[elen] = '\0';
	result_line(errbuf, line, sizeof(line), &have_count);
	if (timed_out) {
		status = "timeout";
		snprintf(reason, sizeof(reason), "killed after %.0f s",
		    wall);
	} else if (WIFSIGNALED(st)) {
		status = "failed";
		snprintf(reason, sizeof(reason), "signal %d: %s",
		    WTERMSIG(st), line);
	} else if (WEXITSTATUS(st) != 0 || !have_count) {
		status = "failed";
		snprintf(reason, sizeof(reason), "exit %d: %s",
		    WEXITSTATUS(st), line[0] != '\0' ? line : "no COUNT line");
	} else {
		status = "ok";
		snprintf(reason, sizeof(reason), "%s", line);
	}
	wbi_emitf("pass", "%s\t%d\t%s\t%.6f\t%.6f\t%.6f\t%ld\t%ld\t%ld\t%ld\t%s",
	    t->id, pass, status, wall,
	    (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6,
	    (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6,
	    ru.ru_minflt, ru.ru_majflt, ru.ru_nvcsw, ru.ru_nivcsw, reason);
	(*npasses)++;
	if (nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS) != 0)
		wbi_error("removing %s: %s", dir, strerror(errno));
}
