/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Running children in their own sessions and process groups, with no
 * controlling terminal, stdin /dev/null, and a timeout.  The
 * parent waits in poll(2) on the children's output pipes and on a pidfd
 * per child, so output is drained while waiting (no pipe deadlock) and
 * no SIGCHLD handler is needed.  A child is killed with its whole group
 * before it is reaped, so the group id cannot have been reused.
 */
#include <sys/types.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "err.h"
#include "clean_env.h"
#include "interrupt.h"
#include "spawn.h"

char *const wb_spawn_clean_env[] = { WB_CLEAN_ENV, NULL };

/* Book-keeping for one child. */
struct child {
	struct wb_spawn_result	*res;
	pid_t			 pid;
	int			 pidfd;		/* -1 once reaped */
	int			 fd[2];		/* stdout, stderr read ends */
	size_t			 len[2];
	double			 start;
};

double
wb_spawn_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec + (double)ts.tv_nsec / 1e9);
}

static void
child_fail(const char *what, const char *arg)
{
	char buf[512];
	int n;

	n = snprintf(buf, sizeof(buf), "spawn: %s %s: %s\n", what, arg,
	    strerror(errno));
	if (n > 0)
		(void)write(2, buf, (size_t)n < sizeof(buf) ? (size_t)n :
		    sizeof(buf) - 1);
}

/* The process's interrupt (lib/util/interrupt.h) or the caller's own flag. */
static int
cancelled(const struct wb_spawn *sp)
{

	return (wb_interrupt_pending() != 0 || (sp->cancel != NULL &&
	    *sp->cancel));
}

/* In the child: never returns. */
static void
child_exec(const struct wb_spawn *sp, size_t copy, int out, int errfd)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGQUIT, SIGPIPE,
	    SIGCHLD, SIGHUP, SIGALRM };
	sigset_t none;
	char dir[32];
	size_t i;
	int nul;

	/*
	 * A session of its own: no controlling terminal, so nothing run
	 * here can push input into the caller's (TIOCSTI) or be stopped by
	 * it; the process group is the session's, pid.
	 */
	if (setsid() == -1) {
		child_fail("setsid", sp->argv[0]);
		_exit(126);
	}
	sigemptyset(&none);
	(void)sigprocmask(SIG_SETMASK, &none, NULL);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		(void)signal(sigs[i], SIG_DFL);
	if ((nul = open("/dev/null", O_RDONLY)) == -1 ||
	    dup2(nul, 0) == -1 || dup2(out, 1) == -1 || dup2(errfd, 2) == -1)
		_exit(126);
	if (nul > 2)
		(void)close(nul);
	if (sp->child_setup != NULL && sp->child_setup(sp->setup_arg) == -1)
		_exit(126);
	if (sp->cwd != NULL && chdir(sp->cwd) == -1) {
		child_fail("chdir", sp->cwd);
		_exit(126);
	}
	if (sp->copy_dirs) {
		(void)snprintf(dir, sizeof(dir), "%zu", copy + 1);
		if (mkdir(dir, 0700) == -1 || chdir(dir) == -1) {
			child_fail("copy directory", dir);
			_exit(126);
		}
	}
	execve(sp->argv[0], sp->argv, sp->envp != NULL ? sp->envp :
	    wb_spawn_clean_env);
	child_fail("execve", sp->argv[0]);
	_exit(errno == ENOENT ? 127 : 126);
}

static int
start_child(const struct wb_spawn *sp, struct child *c, size_t copy,
    struct wb_err *err)
{
	int po[2], pe[2];

	po[0] = po[1] = pe[0] = pe[1] = -1;
	if (pipe2(po, O_CLOEXEC) == -1 || pipe2(pe, O_CLOEXEC) == -1) {
		wb_err_setsys(err, "pipe");
		goto fail;
	}
	c->start = wb_spawn_now();
	if ((c->pid = fork()) == -1) {
		wb_err_setsys(err, "fork");
		goto fail;
	}
	if (c->pid == 0)
		child_exec(sp, copy, po[1], pe[1]);
	/*
	 * The child makes its own session and group (setpgid here could
	 * make it a group leader first, and setsid would fail); until it
	 * has, it is alone, and the kills below also name its pid.
	 */
	close(po[1]);
	close(pe[1]);
	c->fd[0] = po[0];
	c->fd[1] = pe[0];
	(void)fcntl(po[0], F_SETFL, O_NONBLOCK);
	(void)fcntl(pe[0], F_SETFL, O_NONBLOCK);
	c->res->pid = c->pid;
	if ((c->pidfd = (int)syscall(SYS_pidfd_open, c->pid, 0)) == -1) {
		wb_err_setsys(err, "pidfd_open");
		(void)kill(-c->pid, SIGKILL);
		(void)kill(c->pid, SIGKILL);
		(void)waitpid(c->pid, NULL, 0);
		c->pid = -1;
		return (-1);
	}
	return (0);
fail:
	if (po[0] != -1) {
		close(po[0]);
		close(po[1]);
	}
	if (pe[0] != -1) {
		close(pe[0]);
		close(pe[1]);
	}
	c->pid = -1;
	return (-1);
}

/* Read what is there; keep at most WB_SPAWN_OUTMAX bytes. */
static void
drain(struct child *c, int k)
{
	char buf[8192], *dst;
	size_t take;
	ssize_t n;

	dst = k == 0 ? c->res->out : c->res->err;
	for (;;) {
		n = read(c->fd[k], buf, sizeof(buf));
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 && errno == EAGAIN)
			return;
		if (n <= 0) {
			close(c->fd[k]);
			c->fd[k] = -1;
			return;
		}
		take = (size_t)n;
		if (take > WB_SPAWN_OUTMAX - c->len[k])
			take = WB_SPAWN_OUTMAX - c->len[k];
		memcpy(dst + c->len[k], buf, take);
		c->len[k] += take;
		dst[c->len[k]] = '\0';
	}
}

static void
reap(struct child *c)
{
	int status;

	/* Kill leftovers of the group while the leader is a zombie. */
	(void)kill(-c->pid, SIGKILL);
	while (wait4(c->pid, &status, 0, &c->res->ru) == -1) {
		if (errno != EINTR) {
			status = 0xff00;
			break;
		}
	}
	c->res->wall = wb_spawn_now() - c->start;
	if (WIFEXITED(status))
		c->res->status = WEXITSTATUS(status);
	else if (WIFSIGNALED(status))
		c->res->status = 128 + WTERMSIG(status);
	else
		c->res->status = 255;
	close(c->pidfd);
	c->pidfd = -1;
}

static void
kill_all(struct child *c, size_t n, int timed_out)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (c[i].pid > 0 && c[i].pidfd != -1) {
			(void)kill(-c[i].pid, SIGKILL);
			(void)kill(c[i].pid, SIGKILL);
			if (timed_out)
				c[i].res->timed_out = 1;
		}
}

/* Wait for every child and every pipe; kill all at the deadline. */
/*
 * Every child is reaped and its group killed; a process that left the
 * group may still hold a pipe.  Stop reading it a second after the last
 * child went (*gone: when that was, 0 while children live).
 */
static void
drop_strays(struct child *c, size_t n, size_t live, double *gone)
{
	size_t i, k;

	if (live == 0 && *gone == 0)
		*gone = wb_spawn_now();
	if (live > 0 || wb_spawn_now() - *gone <= 1.0)
		return;
	for (i = 0; i < n; i++)
		for (k = 0; k < 2; k++)
			if (c[i].fd[k] != -1) {
				close(c[i].fd[k]);
				c[i].fd[k] = -1;
			}
}

/* The descriptors to wait on: open pipes and live children; the count. */
static size_t
poll_set(const struct child *c, size_t n, struct pollfd *pfd)
{
	size_t i, k, np;

	np = 0;
	for (i = 0; i < n; i++) {
		for (k = 0; k < 2; k++)
			if (c[i].fd[k] != -1) {
				pfd[np].fd = c[i].fd[k];
				pfd[np++].events = POLLIN;
			}
		if (c[i].pidfd != -1) {
			pfd[np].fd = c[i].pidfd;
			pfd[np++].events = POLLIN;
		}
	}
	return (np);
}

/*
 * Kill every group once: at the deadline (as a timeout), on
 * cancellation, or when the watcher asks.  Returns the new killed flag.
 */
static int
maybe_kill(const struct wb_spawn *sp, struct child *c, size_t n,
    size_t live, double deadline, int killed)
{

	if (killed)
		return (1);
	if (deadline - wb_spawn_now() <= 0)
		kill_all(c, n, 1);
	else if (cancelled(sp))
		kill_all(c, n, 0);
	else if (live > 0 && sp->watch != NULL &&
	    sp->watch(sp->watch_arg) != 0)
		kill_all(c, n, 0);
	else
		return (0);
	return (1);
}

/*
 * How long to poll, in ms: at most 250 ms while children run, no later
 * than the deadline, and no later than the next progress tick (which is
 * called here when it is due; *next moves on).
 */
static int
poll_ms(const struct wb_spawn *sp, int killed, size_t live, double deadline,
    double start, double *next)
{
	double left;
	int ms;

	if (killed || live == 0)
		return (live == 0 ? 100 : 1000);
	left = deadline - wb_spawn_now();
	ms = left > 3600 ? 3600000 : (int)ceil(left * 1000);
	if (ms > 250)
		ms = 250;
	if (sp->tick != NULL && sp->tick_every > 0) {
		left = *next - wb_spawn_now();
		if (left <= 0) {
			sp->tick(sp->tick_arg, wb_spawn_now() - start);
			*next += sp->tick_every;
			left = *next - wb_spawn_now();
		}
		if (left > 0 && ms > (int)ceil(left * 1000))
			ms = (int)ceil(left * 1000);
	}
	return (ms);
}

/* Read what the pipes hold and reap the children that exited. */
static void
service(struct child *c, size_t n)
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		for (k = 0; k < 2; k++)
			if (c[i].fd[k] != -1)
				drain(&c[i], (int)k);
		if (c[i].pidfd != -1 &&
		    poll(&(struct pollfd){ .fd = c[i].pidfd,
		    .events = POLLIN }, 1, 0) == 1)
			reap(&c[i]);
	}
}

static void
wait_all(const struct wb_spawn *sp, struct child *c, size_t n,
    struct pollfd *pfd)
{
	double deadline, gone, start, next;
	size_t i, np, live;
	int killed, ms;

	start = wb_spawn_now();
	deadline = start + sp->timeout;
	next = start + sp->tick_every;
	killed = 0;
	gone = 0;
	for (;;) {
		live = 0;
		for (i = 0; i < n; i++)
			live += c[i].pidfd != -1;
		drop_strays(c, n, live, &gone);
		if ((np = poll_set(c, n, pfd)) == 0)
			return;
		killed = maybe_kill(sp, c, n, live, deadline, killed);
		ms = poll_ms(sp, killed, live, deadline, start, &next);
		if (poll(pfd, np, ms) == -1 && errno != EINTR)
			(void)usleep(10000);
		service(c, n);
	}
}

int
wb_spawn_run(const struct wb_spawn *sp, size_t n,
    struct wb_spawn_result *res, struct wb_err *err)
{
	struct pollfd *pfd;
	struct child *c;
	size_t i, started;
	int rc;

	if (n == 0 || sp->argv == NULL || sp->argv[0] == NULL ||
	    !(sp->timeout > 0))
		return (wb_err_set(err, "spawn: bad arguments"));
	if (wb_interrupt_pending() != 0)
		return (wb_err_set(err, "%s: not started: interrupted by "
		    "signal %d", sp->argv[0], wb_interrupt_pending()));
	memset(res, 0, n * sizeof(*res));
	c = calloc(n, sizeof(*c));
	pfd = calloc(3 * n, sizeof(*pfd));
	if (c == NULL || pfd == NULL) {
		free(c);
		free(pfd);
		return (wb_err_setsys(err, "calloc"));
	}
	rc = 0;
	for (i = 0; i < n; i++) {
		c[i].res = &res[i];
		c[i].pid = -1;
		c[i].pidfd = c[i].fd[0] = c[i].fd[1] = -1;
		res[i].out = malloc(WB_SPAWN_OUTMAX + 1);
		res[i].err = malloc(WB_SPAWN_OUTMAX + 1);
		if (res[i].out == NULL || res[i].err == NULL) {
			rc = wb_err_setsys(err, "malloc");
			break;
		}
		res[i].out[0] = res[i].err[0] = '\0';
	}
	started = 0;
	while (rc == 0 && started < n) {
		if (start_child(sp, &c[started], started, err) == -1)
			rc = -1;
		else
			started++;
	}
	if (rc == -1)
		kill_all(c, started, 0);
	wait_all(sp, c, started, pfd);
	free(c);
	free(pfd);
	if (rc == -1) {
		for (i = 0; i < n; i++)
			wb_spawn_result_fini(&res[i]);
		return (-1);
	}
	return (0);
}

void
wb_spawn_result_fini(struct wb_spawn_result *r)
{

	free(r->out);
	free(r->err);
	r->out = NULL;
	r->err = NULL;
}
