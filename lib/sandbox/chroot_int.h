/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Between lib/sandbox/chroot.c (namespaces, mounts, the chroot) and
 * lib/sandbox/chroot_confine.c (what the command may not do).  All of these run
 * in the child and say why they failed on fd 2.
 */
#ifndef WB_CHROOT_INT_H
#define WB_CHROOT_INT_H

#include <stddef.h>

/* Write "chroot: what path: strerror(errno)" on fd 2; returns -1. */
int	wb_chroot_fail(const char *what, const char *path);

/*
 * rel under root must be a real directory (made if missing): mount(2)
 * follows symlinks, and an image could point "proc" at a host path.
 * The path goes to buf.
 */
int	wb_chroot_mountpoint(const char *root, const char *rel, char *buf,
	    size_t len);

/* root bound read-only, nosuid, nodev; root/tmp writable (or a tmpfs). */
int	wb_chroot_confine_root(const char *root, int private_tmp);
/* root/proc/sys and the other knobs of the mounted /proc read-only. */
int	wb_chroot_confine_proc(const char *root);
/* no_new_privs; empty bounding, ambient, effective, permitted sets. */
int	wb_chroot_confine_caps(void);
/*
 * A fresh anonymous session keyring: the caller's session keyring, and
 * every key linked from it, is no longer possessed (lib/sandbox/chroot_seccomp.c).
 */
int	wb_chroot_confine_keyring(void);

#endif
