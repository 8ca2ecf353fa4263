/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Resource bounds of a confined command.  The mechanisms run in the
 * chroot runner's children (lib/sandbox/chroot.c calls them): a tmpfs of a fixed
 * size as /tmp with the pass's scratch directory bound into it, rlimits,
 * and a sampler in the namespace's init; the runner then names the bound
 * reached (wb_bounds_reason).
 */
#include <sys/types.h>
#include <sys/mount.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/time.h>

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bounds.h"
#include "chroot_env.h"
#include "chroot_int.h"
#include "wb_util.h"

#define WATCH_USEC	250000

void
wb_bounds_default(struct wb_bounds *b)
{

	b->tmp_size = WB_BOUNDS_TMP_DEFAULT;
	b->procs = WB_BOUNDS_PROCS_DEFAULT;
	b->memory = WB_BOUNDS_MEMORY_DEFAULT;
	b->seal[0] = '\0';
}

void
wb_bounds_set_limits(struct wb_bounds *dst, const struct wb_bounds *src)
{

	dst->tmp_size = src->tmp_size;
	dst->procs = src->procs;
	dst->memory = src->memory;
}

int
wb_bounds_seal_new(struct wb_bounds *b, struct wb_err *err)
{
	unsigned char r[WB_BOUNDS_SEAL_LEN / 2];
	size_t i;

	if (getrandom(r, sizeof(r), 0) != (ssize_t)sizeof(r))
		return (wb_err_setsys(err, "getrandom: the runner's seal"));
	for (i = 0; i < sizeof(r); i++)
		snprintf(b->seal + 2 * i, 3, "%02x", r[i]);
	return (0);
}

int
wb_bounds_parse_size(const char *s, uint64_t *v)
{
	unsigned long long n;
	unsigned shift;
	char *end;

	if (!isdigit((unsigned char)*s))
		return (-1);
	errno = 0;
	n = strtoull(s, &end, 10);
	if (errno != 0 || n == 0)
		return (-1);
	switch (tolower((unsigned char)*end)) {
	case '\0':
		shift = 0;
		break;
	case 'k':
		shift = 10;
		break;
	case 'm':
		shift = 20;
		break;
	case 'g':
		shift = 30;
		break;
	case 't':
		shift = 40;
		break;
	default:
		return (-1);
	}
	if (*end != '\0' && end[1] != '\0')
		return (-1);
	if (n > (UINT64_MAX >> shift))
		return (-1);
	*v = (uint64_t)n << shift;
	return (0);
}

void
wb_bounds_format(uint64_t n, char *buf, size_t len)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	size_t u;

	for (u = 0; u < 4 && n >= 1024 && n % 1024 == 0; u++)
		n /= 1024;
	snprintf(buf, len, "%llu %s", (unsigned long long)n, unit[u]);
}

int
wb_bounds_scratch_open(const char *root, const char *scratch)
{
	struct wb_err e;
	int fd;

	if ((fd = wb_chroot_root_open(root, scratch, O_PATH | O_DIRECTORY,
	    &e)) == -1)
		return (wb_chroot_fail("open scratch", scratch));
	return (fd);
}

/*
 * The flags of the mount fd is on that a bind of it must keep: a user
 * namespace may not clear those its parent set.
 */
static unsigned long
kept_flags(int fd)
{
	struct statvfs sv;
	unsigned long f;

	if (fstatvfs(fd, &sv) == -1)
		return (0);
	f = 0;
	if (sv.f_flag & ST_NOEXEC)
		f |= MS_NOEXEC;
	if (sv.f_flag & ST_NOATIME)
		f |= MS_NOATIME;
	if (sv.f_flag & ST_NODIRATIME)
		f |= MS_NODIRATIME;
	if (sv.f_flag & ST_RELATIME)
		f |= MS_RELATIME;
	return (f);
}

int
wb_bounds_tmp_mount(const char *root, const struct wb_bounds *b,
    const char *scratch, int sfd)
{
	char path[PATH_MAX], opts[64], src[64];

	snprintf(path, sizeof(path), "%s/tmp", root);
	snprintf(opts, sizeof(opts), "mode=1777,size=%llu",
	    (unsigned long long)b->tmp_size);
	if (mount("tmpfs", path, "tmpfs", MS_NOSUID | MS_NODEV, opts) == -1)
		return (wb_chroot_fail("mount tmpfs", path));
	if (sfd == -1)
		return (0);
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", root, scratch) >=
	    sizeof(path)) {
		errno = ENAMETOOLONG;
		return (wb_chroot_fail("scratch", scratch));
	}
	if (mkdir(path, 0700) == -1)
		return (wb_chroot_fail("mkdir", path));
	snprintf(src, sizeof(src), "/proc/self/fd/%d", sfd);
	if (mount(src, path, NULL, MS_BIND, NULL) == -1)
		return (wb_chroot_fail("bind scratch", path));
	if (mount(NULL, path, NULL, MS_REMOUNT | MS_BIND | MS_NOSUID |
	    MS_NODEV | kept_flags(sfd), NULL) == -1)
		return (wb_chroot_fail("remount scratch", path));
	close(sfd);
	return (0);
}

static int
lower(int res, rlim_t v, const char *name)
{
	struct rlimit rl;

	if (getrlimit(res, &rl) == -1)
		return (wb_chroot_fail("getrlimit", name));
	if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < v)
		v = rl.rlim_max;
	rl.rlim_cur = rl.rlim_max = v;
	if (setrlimit(res, &rl) == -1)
		return (wb_chroot_fail("setrlimit", name));
	return (0);
}

int
wb_bounds_rlimits(const struct wb_bounds *b)
{

	if (lower(RLIMIT_NPROC, (rlim_t)b->procs, "RLIMIT_NPROC") == -1 ||
	    lower(RLIMIT_AS, (rlim_t)b->memory, "RLIMIT_AS") == -1)
		return (-1);
	return (0);
}

/* The sampler, in init. */
static const struct wb_bounds *watched;
static volatile sig_atomic_t due;

static void
on_alarm(int sig)
{

	(void)sig;
	due = 1;
}

void
wb_bounds_watch_start(const struct wb_bounds *b)
{
	struct itimerval it;
	struct sigaction sa;

	watched = b;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;	/* no SA_RESTART: wait(2) returns */
	sigemptyset(&sa.sa_mask);
	(void)sigaction(SIGALRM, &sa, NULL);
	memset(&it, 0, sizeof(it));
	it.it_interval.tv_usec = it.it_value.tv_usec = WATCH_USEC;
	(void)setitimer(ITIMER_REAL, &it, NULL);
}

void
wb_bounds_report(const struct wb_bounds *b, const char *what)
{
	char buf[512];
	int n;

	n = snprintf(buf, sizeof(buf), "%s%s %s\n", WB_BOUNDS_TAG, b->seal,
	    what);
	if (n > 0)
		(void)write(2, buf, (size_t)n < sizeof(buf) ? (size_t)n :
		    sizeof(buf) - 1);
}

/* Resident bytes of pid, from /proc/<pid>/statm; 0 if gone. */
static uint64_t
resident(const char *pid)
{
	char path[300], buf[128];
	unsigned long size, res;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%s/statm", pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return (0);
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return (0);
	buf[n] = '\0';
	if (sscanf(buf, "%lu %lu", &size, &res) != 2)
		return (0);
	return ((uint64_t)res * (uint64_t)sysconf(_SC_PAGESIZE));
}

int
wb_bounds_watch_check(char *what, size_t len)
{
	char a[32], b[32];
	struct statvfs sv;
	struct dirent *d;
	uint64_t rss;
	long n;
	DIR *dir;

	if (watched == NULL || !due)
		return (0);
	due = 0;
	/*
	 * Counting first, reading nothing per process: a fork bomb leaves
	 * init a tiny share of the CPU.  A process bound held by
	 * RLIMIT_NPROC stays near full, so sampling sees it.
	 */
	n = 0;
	if ((dir = opendir("/proc")) == NULL)
		return (0);
	while ((d = readdir(dir)) != NULL)
		n += isdigit((unsigned char)d->d_name[0]) != 0;
	if (n >= watched->procs - watched->procs / 8) {
		closedir(dir);
		snprintf(what, len, "process bound %ld reached (%ld "
		    "processes)", watched->procs, n);
		return (WB_BOUND_PROCS);
	}
	rss = 0;
	rewinddir(dir);
	while ((d = readdir(dir)) != NULL)
		if (isdigit((unsigned char)d->d_name[0]))
			rss += resident(d->d_name);
	closedir(dir);
	if (rss >= watched->memory - watched->memory / 8) {
		wb_bounds_format(watched->memory, a, sizeof(a));
		snprintf(what, len, "memory bound %s reached (%llu "
		    "MiB resident)", a, (unsigned long long)(rss >> 20));
		return (WB_BOUND_MEMORY);
	}
	if (statvfs("/tmp", &sv) == 0 && sv.f_bavail == 0) {
		wb_bounds_format(watched->tmp_size, b, sizeof(b));
		snprintf(what, len, "/tmp full (size %s)", b);
		return (WB_BOUND_TMP);
	}
	return (0);
}

/*
 * The relay's sealed line in err, or NULL.  A line is sealed when the
 * seal follows the tag: a command that never saw the seal cannot write
 * one.
 */
static char *
sealed_line(const struct wb_bounds *b, char *err)
{
	size_t tl = strlen(WB_BOUNDS_TAG), sl = strlen(b->seal);
	char *line, *p;

	if (sl == 0)
		return (NULL);
	for (line = err; line != NULL && *line != '\0'; line = p + 1) {
		if (strncmp(line, WB_BOUNDS_TAG, tl) == 0 &&
		    strncmp(line + tl, b->seal, sl) == 0 &&
		    line[tl + sl] == ' ')
			return (line);
		if ((p = strchr(line, '\n')) == NULL)
			break;
	}
	return (NULL);
}

int
wb_bounds_reason(const struct wb_bounds *b, struct wb_spawn_result *res,
    char *buf, size_t len)
{
	char a[32], *line, *end;
	uint64_t rss;
	size_t n;

	if (b == NULL)
		return (0);
	if (res->err != NULL && (line = sealed_line(b, res->err)) != NULL) {
		n = strlen(WB_BOUNDS_TAG) + strlen(b->seal) + 1;
		end = line + n + strcspn(line + n, "\n");
		snprintf(buf, len, "%.*s", (int)(end - line - n), line + n);
		/* The seal is the runner's: the caller prints the rest. */
		if (*end == '\n')
			end++;
		memmove(line, end, strlen(end) + 1);
		return (1);
	}
	rss = (uint64_t)res->ru.ru_maxrss * 1024;
	if (rss >= b->memory - b->memory / 8) {
		wb_bounds_format(b->memory, a, sizeof(a));
		snprintf(buf, len, "memory bound %s reached (a process held "
		    "%llu MiB)", a, (unsigned long long)(rss >> 20));
		return (1);
	}
	return (0);
}
