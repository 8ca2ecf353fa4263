/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The confinement of the chroot runner, done inside its private mount
 * namespace (lib/sandbox/chroot.c calls these from the child): the image root
 * bound read-only, nosuid and nodev, with one writable /tmp; /proc/sys and
 * the other kernel knobs of /proc read-only, /proc/keys and timer_list
 * masked; no_new_privs and every capability dropped.  None of it is
 * needed by the suite, and none of it reaches the host's mount table.
 */
#include <sys/types.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include <linux/capability.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "chroot_int.h"

/* Kernel knobs under /proc, bound read-only over themselves. */
static const char *const proc_ro[] = {
	"sys", "sysrq-trigger", "irq", "bus", "fs",
};

/*
 * Host information under /proc that nothing in the suite reads, hidden
 * under a read-only bind of /dev/null: the descriptions of the keys the
 * uid can view, and the host's timers (with the pids and functions that
 * armed them).
 */
static const char *const proc_masked[] = {
	"keys", "key-users", "timer_list", "sched_debug",
};

/* Bind path over itself and remount the bind with flags (MS_RDONLY...). */
static int
rebind(const char *path, unsigned long flags)
{

	if (mount(path, path, NULL, MS_BIND, NULL) == -1)
		return (wb_chroot_fail("bind", path));
	if (mount(NULL, path, NULL, MS_REMOUNT | MS_BIND | flags, NULL) == -1)
		return (wb_chroot_fail("remount", path));
	return (0);
}

int
wb_chroot_confine_root(const char *root, int private_tmp)
{
	char path[PATH_MAX];

	if (rebind(root, MS_RDONLY | MS_NOSUID | MS_NODEV) == -1)
		return (-1);
	/* wb_chroot_mountpoint() has already refused a symlinked tmp. */
	snprintf(path, sizeof(path), "%s/tmp", root);
	/* A private /tmp is lib/sandbox/bounds.c's (a tmpfs of a bounded size). */
	if (private_tmp)
		return (0);
	return (rebind(path, MS_NOSUID | MS_NODEV));
}

int
wb_chroot_confine_proc(const char *root)
{
	char path[PATH_MAX];
	struct stat st;
	size_t i;

	for (i = 0; i < sizeof(proc_ro) / sizeof(proc_ro[0]); i++) {
		snprintf(path, sizeof(path), "%s/proc/%s", root, proc_ro[i]);
		if (lstat(path, &st) == -1 && errno == ENOENT)
			continue;
		if (rebind(path, MS_RDONLY | MS_NOSUID | MS_NODEV |
		    MS_NOEXEC) == -1)
			return (-1);
	}
	for (i = 0; i < sizeof(proc_masked) / sizeof(proc_masked[0]); i++) {
		snprintf(path, sizeof(path), "%s/proc/%s", root,
		    proc_masked[i]);
		if (lstat(path, &st) == -1 && errno == ENOENT)
			continue;
		if (mount("/dev/null", path, NULL, MS_BIND, NULL) == -1)
			return (wb_chroot_fail("mask", path));
		/* Not nodev: the mask must open (and read as empty). */
		if (mount(NULL, path, NULL, MS_BIND | MS_REMOUNT | MS_RDONLY |
		    MS_NOSUID | MS_NOEXEC, NULL) == -1)
			return (wb_chroot_fail("remount", path));
	}
	return (0);
}

int
wb_chroot_confine_caps(void)
{
	struct __user_cap_header_struct hdr;
	struct __user_cap_data_struct data[2];
	int cap;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1)
		return (wb_chroot_fail("prctl", "PR_SET_NO_NEW_PRIVS"));
	/* Empty bounding set: even a uid 0 execve gains nothing. */
	for (cap = 0; cap <= 63; cap++)
		if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) == -1 &&
		    errno != EINVAL)
			return (wb_chroot_fail("prctl", "PR_CAPBSET_DROP"));
	if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) == -1 &&
	    errno != EINVAL)
		return (wb_chroot_fail("prctl", "PR_CAP_AMBIENT_CLEAR_ALL"));
	memset(&hdr, 0, sizeof(hdr));
	memset(data, 0, sizeof(data));
	hdr.version = _LINUX_CAPABILITY_VERSION_3;
	if (syscall(SYS_capset, &hdr, data) == -1)
		return (wb_chroot_fail("capset", "(empty)"));
	return (0);
}
