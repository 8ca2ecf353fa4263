/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/types.h>
#include <sys/inotify.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "wb_sandbox.h"
#include "wb_util.h"
#include "wbtest.h"

static const char *
config_path(const atf_tc_t *tc, const char *var)
{

	if (!atf_tc_has_config_var(tc, var))
		atf_tc_fail("kyua variable '%s' is not set; run the tests "
		    "through 'make check'", var);
	return (atf_tc_get_config_var(tc, var));
}

const char *
wbt_srcdir(const atf_tc_t *tc)
{

	return (config_path(tc, "top_srcdir"));
}

const char *
wbt_builddir(const atf_tc_t *tc)
{

	return (config_path(tc, "builddir"));
}

static char *
join(const char *dir, const char *rel)
{
	char *p;

	if (asprintf(&p, "%s/%s", dir, rel) == -1)
		atf_tc_fail("asprintf: %s", strerror(errno));
	return (p);
}

char *
wbt_srcpath(const atf_tc_t *tc, const char *rel)
{

	return (join(wbt_srcdir(tc), rel));
}

char *
wbt_buildpath(const atf_tc_t *tc, const char *rel)
{

	return (join(wbt_builddir(tc), rel));
}

char *
wbt_abspath(const char *rel)
{
	char cwd[PATH_MAX], *p;

	ATF_REQUIRE(getcwd(cwd, sizeof(cwd)) != NULL);
	ATF_REQUIRE(asprintf(&p, "%s/%s", cwd, rel) != -1);
	return (p);
}

char *
wbt_datapath(const atf_tc_t *tc, const char *rel)
{
	char *dir, *p;

	dir = join(config_path(tc, "srcdir"), "data");
	p = join(dir, rel);
	free(dir);
	if (access(p, F_OK) == 0)
		return (p);
	/* A module's tests (tests/lib/<module>/) share tests/lib/data. */
	free(p);
	dir = join(config_path(tc, "srcdir"), "../data");
	p = join(dir, rel);
	free(dir);
	return (p);
}

static char *
slurp_fd(int fd)
{
	char *buf, *nbuf;
	size_t len, cap;
	ssize_t n;

	cap = 4096;
	len = 0;
	if ((buf = malloc(cap)) == NULL)
		atf_tc_fail("malloc: %s", strerror(errno));
	for (;;) {
		if (len + 1 >= cap) {
			cap *= 2;
			if ((nbuf = realloc(buf, cap)) == NULL)
				atf_tc_fail("realloc: %s", strerror(errno));
			buf = nbuf;
		}
		n = read(fd, buf + len, cap - len - 1);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			atf_tc_fail("read: %s", strerror(errno));
		if (n == 0)
			break;
		len += (size_t)n;
	}
	buf[len] = '\0';
	return (buf);
}

/*
 * stdout and stderr go to unlinked temporary files rather than pipes, so
 * a chatty child can never deadlock against us.
 */
static int
tmpfd(void)
{
	char path[] = "wbt-out.XXXXXX";
	int fd;

	if ((fd = mkstemp(path)) == -1)
		atf_tc_fail("mkstemp: %s", strerror(errno));
	if (unlink(path) == -1)
		atf_tc_fail("unlink: %s", strerror(errno));
	return (fd);
}

void
wbt_run(struct wbt_out *o, char *const argv[])
{
	pid_t pid;
	int ofd, efd, nullfd, st;

	ofd = tmpfd();
	efd = tmpfd();
	if ((pid = fork()) == -1)
		atf_tc_fail("fork: %s", strerror(errno));
	if (pid == 0) {
		nullfd = open("/dev/null", O_RDONLY);
		if (nullfd == -1 || dup2(nullfd, 0) == -1 ||
		    dup2(ofd, 1) == -1 || dup2(efd, 2) == -1)
			_exit(125);
		execv(argv[0], argv);
		_exit(127);
	}
	while (waitpid(pid, &st, 0) == -1)
		if (errno != EINTR)
			atf_tc_fail("waitpid: %s", strerror(errno));
	o->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	if (lseek(ofd, 0, SEEK_SET) == -1 || lseek(efd, 0, SEEK_SET) == -1)
		atf_tc_fail("lseek: %s", strerror(errno));
	o->out = slurp_fd(ofd);
	o->err = slurp_fd(efd);
	close(ofd);
	close(efd);
}

void
wbt_run_wb(const atf_tc_t *tc, struct wbt_out *o, const char *const *args,
    size_t max)
{
	char *argv[32];
	size_t i;

	ATF_REQUIRE(max <= 30);
	argv[0] = wbt_buildpath(tc, "bin/worldbench");
	for (i = 0; i < max && args[i] != NULL; i++)
		argv[i + 1] = (char *)args[i];
	argv[i + 1] = NULL;
	wbt_run(o, argv);
	free(argv[0]);
}

void
wbt_out_fini(struct wbt_out *o)
{

	free(o->out);
	free(o->err);
	o->out = o->err = NULL;
}

char *
wbt_read_file(const char *path, size_t *lenp)
{
	char *buf;
	int fd;

	if ((fd = open(path, O_RDONLY)) == -1)
		atf_tc_fail("open %s: %s", path, strerror(errno));
	buf = slurp_fd(fd);
	close(fd);
	if (lenp != NULL)
		*lenp = strlen(buf);
	return (buf);
}

void
wbt_write_file(const char *path, const char *text)
{
	FILE *f;

	if ((f = fopen(path, "w")) == NULL)
		atf_tc_fail("fopen %s: %s", path, strerror(errno));
	if (fputs(text, f) == EOF || fclose(f) == EOF)
		atf_tc_fail("write %s: %s", path, strerror(errno));
}

void
wbt_check_golden(const atf_tc_t *tc, const char *path, const char *expected)
{
	char *want, *got, *exp;

	exp = wbt_datapath(tc, expected);
	want = wbt_read_file(exp, NULL);
	got = wbt_read_file(path, NULL);
	ATF_CHECK_MSG(strcmp(want, got) == 0, "%s differs from %s; got\n%s",
	    path, exp, got);
	free(want);
	free(got);
	free(exp);
}

void
wbt_frag(struct wb_fragment *f, const char *text)
{
	struct wb_err e;

	wb_fragment_init(f);
	ATF_REQUIRE_MSG(wb_fragment_merge_buf(f, "t", text, strlen(text), NULL,
	    NULL, &e) == 0, "%s", e.msg);
}

int
wbt_watch_reads(const char *path)
{
	int fd;

	ATF_REQUIRE((fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) != -1);
	ATF_REQUIRE_MSG(inotify_add_watch(fd, path, IN_OPEN | IN_ACCESS) !=
	    -1, "watch %s: %s", path, strerror(errno));
	return (fd);
}

void
wbt_unread(int watch, const char *path)
{
	char buf[4096];
	ssize_t n;

	n = read(watch, buf, sizeof(buf));
	ATF_CHECK_MSG(n == -1 && errno == EAGAIN, "%s was opened or read",
	    path);
	close(watch);
}

void
wbt_lines_add(void *arg, const char *line)
{
	struct wbt_lines *l = arg;
	size_t at;

	at = strlen(l->text);
	snprintf(l->text + at, sizeof(l->text) - at, "%s\n", line);
}
