/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The rootless runner's user namespace.  The maps are written from
 * outside: a process inside a new namespace has no capability in its
 * parent, so root could not map another id from there.  A helper forked
 * before the unshare waits for it on a pipe, writes the maps and exits.
 */
#include <sys/types.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chroot_int.h"
#include "userns.h"

int
wb_userns_probe(char *why, size_t len)
{
	pid_t pid;
	int st;

	if ((pid = fork()) == -1) {
		snprintf(why, len, "fork: %s", strerror(errno));
		return (-1);
	}
	if (pid == 0)
		_exit(unshare(CLONE_NEWUSER) == -1 ? (errno == ENOSPC ? 2 :
		    errno == EPERM ? 3 : 4) : 0);
	while (waitpid(pid, &st, 0) == -1)
		if (errno != EINTR) {
			snprintf(why, len, "waitpid: %s", strerror(errno));
			return (-1);
		}
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return (0);
	snprintf(why, len, "user namespaces are not available here (%s): "
	    "check the sysctls %s",
	    WIFEXITED(st) && WEXITSTATUS(st) == 2 ? "ENOSPC" :
	    WIFEXITED(st) && WEXITSTATUS(st) == 3 ? "EPERM" : "unshare failed",
	    WB_USERNS_SYSCTLS);
	return (-1);
}

/* The first id of name's range in file (/etc/subuid), or -1. */
static long
subid_start(const char *file, const char *name)
{
	char line[256], *colon, *end;
	size_t n;
	long v;
	FILE *fp;

	if ((fp = fopen(file, "re")) == NULL)
		return (-1);
	v = -1;
	n = strlen(name);
	while (v == -1 && fgets(line, sizeof(line), fp) != NULL) {
		if (strncmp(line, name, n) != 0 || line[n] != ':')
			continue;
		colon = line + n + 1;
		errno = 0;
		v = strtol(colon, &end, 10);
		if (errno != 0 || end == colon || *end != ':' || v <= 0)
			v = -1;
	}
	fclose(fp);
	return (v);
}

void
wb_userns_default_ids(uid_t *uid, gid_t *gid)
{
	long u, g;

	if (geteuid() != 0) {
		*uid = geteuid();
		*gid = getegid();
		return;
	}
	u = subid_start("/etc/subuid", "root");
	g = subid_start("/etc/subgid", "root");
	*uid = u > 0 ? (uid_t)u : WB_USERNS_ID_DEFAULT;
	*gid = g > 0 ? (gid_t)g : WB_USERNS_ID_DEFAULT;
}

static int
write_file(pid_t pid, const char *name, const char *text)
{
	char path[64];
	size_t len;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, name);
	if ((fd = open(path, O_WRONLY | O_CLOEXEC)) == -1)
		return (wb_chroot_fail("open", path));
	len = strlen(text);
	if (write(fd, text, len) != (ssize_t)len) {
		close(fd);
		return (wb_chroot_fail("write", path));
	}
	close(fd);
	return (0);
}

/* Whether the caller was root (inside, geteuid() no longer says). */
static int was_root;

/* The helper: wait for the unshare, write the maps, exit. */
static void
helper(pid_t target, int go, uid_t uid, gid_t gid, int priv)
{
	char map[64];
	char c;

	(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (read(go, &c, 1) != 1)
		_exit(1);
	if (!priv && write_file(target, "setgroups", "deny") == -1)
		_exit(1);
	snprintf(map, sizeof(map), "0 %u 1\n", (unsigned)uid);
	if (write_file(target, "uid_map", map) == -1)
		_exit(1);
	snprintf(map, sizeof(map), "0 %u 1\n", (unsigned)gid);
	if (write_file(target, "gid_map", map) == -1)
		_exit(1);
	_exit(0);
}

int
wb_userns_unshare(int flags, uid_t uid, gid_t gid)
{
	pid_t self, pid;
	int p[2], st, priv, saved;

	self = getpid();
	priv = was_root = geteuid() == 0;
	if (pipe2(p, O_CLOEXEC) == -1)
		return (wb_chroot_fail("pipe", "userns"));
	if ((pid = fork()) == -1)
		return (wb_chroot_fail("fork", "userns helper"));
	if (pid == 0) {
		close(p[1]);
		helper(self, p[0], uid, gid, priv);
	}
	close(p[0]);
	if (unshare(CLONE_NEWUSER | flags) == -1) {
		saved = errno;
		close(p[1]);
		(void)waitpid(pid, &st, 0);
		errno = saved;
		return (wb_chroot_fail("unshare", "CLONE_NEWUSER (check the "
		    "sysctls " WB_USERNS_SYSCTLS ")"));
	}
	(void)write(p[1], "x", 1);
	close(p[1]);
	while (waitpid(pid, &st, 0) == -1)
		if (errno != EINTR)
			return (wb_chroot_fail("waitpid", "userns helper"));
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		errno = EPERM;
		return (wb_chroot_fail("map ids", "uid_map/gid_map"));
	}
	return (0);
}

int
wb_userns_stage(int rootfd, const char *root)
{

	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == -1)
		return (wb_chroot_fail("make private", "/"));
	/* An ordinary user could not clone the tree: its own path, then. */
	if (rootfd == -1) {
		if (mount(root, WB_USERNS_STAGE, NULL, MS_BIND | MS_REC,
		    NULL) == -1)
			return (wb_chroot_fail("bind at " WB_USERNS_STAGE,
			    root));
		return (0);
	}
	/* A detached copy of the root's mount, made before the unshare. */
	if (move_mount(rootfd, "", AT_FDCWD, WB_USERNS_STAGE,
	    MOVE_MOUNT_F_EMPTY_PATH) == -1)
		return (wb_chroot_fail("attach at " WB_USERNS_STAGE, root));
	close(rootfd);
	return (0);
}

/*
 * A change of credentials clears PR_SET_PDEATHSIG; setgroups is only
 * allowed to root (an ordinary user's namespace has it denied).
 */
int
wb_userns_become(void)
{

	if (setresgid(0, 0, 0) == -1)
		return (wb_chroot_fail("setresgid", "0"));
	if (was_root && setgroups(0, NULL) == -1)
		return (wb_chroot_fail("setgroups", "(none)"));
	if (setresuid(0, 0, 0) == -1)
		return (wb_chroot_fail("setresuid", "0"));
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) == -1)
		return (wb_chroot_fail("prctl", "PR_SET_PDEATHSIG"));
	return (0);
}
