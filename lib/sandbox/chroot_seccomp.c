/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The system calls a confined command may not make (issue 17), loaded
 * by the command's own process just before it execs, after the
 * capabilities are gone and no_new_privs is set (lib/sandbox/chroot.c).
 *
 * A deny list, not an allow list: everything the suite, /bin/sh and the
 * text tools of the shell workload use stays allowed, and every call in
 * the list below is one that no benchmark makes and that reaches state
 * shared with the host without needing a capability (keyrings), or that
 * exposes a large kernel surface for nothing (io_uring, bpf, perf,
 * userfaultfd), or that would only fail anyway but should fail before
 * the kernel looks at its arguments (modules, kexec, mounts, clocks,
 * namespaces).  The list follows the kind of calls the default profiles
 * of the common container runtimes block; it is written for this suite.
 *
 * Only ioctl(2) has argument rules (TIOCSTI, TIOCLINUX).  The kernel
 * (Linux 5.11 and later) caches, per system call number, whether a
 * filter allows the call whatever its arguments; every call here but
 * ioctl is then allowed from that cache without running the filter.
 * A filtered task still takes the slow system call entry, though:
 * bench/scripts/seccomp-cost.sh measures what that costs getpid and a
 * pipe round trip (about 11 ns a call on the machine of bench/README).
 * The request is compared on its low 32 bits:
 * the kernel takes it as an unsigned int, so TIOCSTI | 1 << 32 would
 * otherwise pass a plain 64-bit comparison and still reach the tty.
 */
#include <sys/ioctl.h>
#include <sys/syscall.h>

#include <linux/keyctl.h>

#include <errno.h>
#include <seccomp.h>
#include <string.h>
#include <unistd.h>

#include "chroot_int.h"

/* Denied with EPERM.  Names unknown to an architecture are skipped. */
static const char *const denied[] = {
	/* Keyrings: no capability needed, and shared with the host uid. */
	"add_key", "keyctl", "request_key",
	/* Kernel code and the running kernel. */
	"init_module", "finit_module", "delete_module", "create_module",
	"kexec_load", "kexec_file_load", "reboot", "bpf", "perf_event_open",
	"lookup_dcookie", "iopl", "ioperm", "syslog",
	/* Host-wide state: clocks, swap, accounting, quotas. */
	"settimeofday", "clock_settime", "clock_adjtime", "adjtimex",
	"stime", "acct", "swapon", "swapoff", "quotactl", "quotactl_fd",
	"nfsservctl", "_sysctl", "uselib", "ustat", "sysfs", "vhangup",
	/* Mounts and namespaces: the confinement itself. */
	"mount", "umount", "umount2", "pivot_root", "move_mount",
	"open_tree", "fsopen", "fsconfig", "fsmount", "fspick",
	"mount_setattr", "unshare", "setns",
	/* File handles bypass the path walk (and so the chroot). */
	"name_to_handle_at", "open_by_handle_at",
	/* Large surfaces no benchmark uses. */
	"io_uring_setup", "io_uring_enter", "io_uring_register",
	"userfaultfd", "kcmp", "process_vm_readv", "process_vm_writev",
	"fanotify_init", "vm86", "vm86old",
	/*
	 * Other processes' memory and descriptors: init, which holds the
	 * bounds, is not dumpable as well (lib/sandbox/chroot.c).
	 */
	"ptrace", "pidfd_getfd", "process_madvise",
};

/* ioctl requests denied with EPERM (low 32 bits compared). */
static const unsigned long denied_ioctl[] = {
	TIOCSTI,	/* push characters into a terminal's input */
	TIOCLINUX,	/* console selection paste and other VT controls */
};

/* Secondary ABIs of the native one: their calls are filtered too. */
static void
add_arches(scmp_filter_ctx ctx)
{
	uint32_t native = seccomp_arch_native();

	if (native == SCMP_ARCH_X86_64) {
		(void)seccomp_arch_add(ctx, SCMP_ARCH_X86);
		(void)seccomp_arch_add(ctx, SCMP_ARCH_X32);
	} else if (native == SCMP_ARCH_AARCH64)
		(void)seccomp_arch_add(ctx, SCMP_ARCH_ARM);
}

static int
fail(scmp_filter_ctx ctx, const char *what, const char *name, int rc)
{

	seccomp_release(ctx);
	errno = -rc;
	return (wb_chroot_fail(what, name));
}

int
wb_chroot_confine_keyring(void)
{

	if (syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, NULL) == -1 &&
	    errno != ENOSYS)
		return (wb_chroot_fail("keyctl", "JOIN_SESSION_KEYRING"));
	return (0);
}

int
wb_chroot_confine_syscalls(void)
{
	scmp_filter_ctx ctx;
	size_t i;
	int nr, rc;

	if ((ctx = seccomp_init(SCMP_ACT_ALLOW)) == NULL) {
		errno = ENOMEM;
		return (wb_chroot_fail("seccomp_init", "allow"));
	}
	add_arches(ctx);
	/* No speculative store bypass mitigation forced by the filter. */
	(void)seccomp_attr_set(ctx, SCMP_FLTATR_CTL_SSB, 1);
	for (i = 0; i < sizeof(denied) / sizeof(denied[0]); i++) {
		if ((nr = seccomp_syscall_resolve_name(denied[i])) ==
		    __NR_SCMP_ERROR)
			continue;
		if ((rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr,
		    0)) < 0)
			return (fail(ctx, "seccomp rule", denied[i], rc));
	}
	for (i = 0; i < sizeof(denied_ioctl) / sizeof(denied_ioctl[0]); i++)
		if ((rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM),
		    SCMP_SYS(ioctl), 1, SCMP_A1(SCMP_CMP_MASKED_EQ,
		    0xffffffffUL, denied_ioctl[i]))) < 0)
			return (fail(ctx, "seccomp rule", "ioctl", rc));
	if ((rc = seccomp_load(ctx)) < 0)
		return (fail(ctx, "seccomp_load", "deny list", rc));
	seccomp_release(ctx);
	return (0);
}
