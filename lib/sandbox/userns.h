/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The user namespace of the rootless runner (lib/sandbox/userns.c): the command
 * is uid and gid 0 inside a new user namespace that maps them to one
 * unprivileged host id, so that it owns no host file and no host
 * keyring.  An ordinary user maps its own ids; root maps a dedicated
 * high id (WB_USERNS_ID_DEFAULT, or the start of root's range in
 * /etc/subuid and /etc/subgid, or the one given).
 */
#ifndef WB_USERNS_H
#define WB_USERNS_H

#include <sys/types.h>

#include <stddef.h>

#define WB_USERNS_ID_DEFAULT	2000000000U

/* The sysctls that disable user namespaces, for messages. */
#define WB_USERNS_SYSCTLS	"kernel.unprivileged_userns_clone and " \
	"user.max_user_namespaces"

/*
 * Can this process make a user namespace?  0, or -1 with a one-line
 * reason in why (naming WB_USERNS_SYSCTLS).  Forks a short-lived child.
 */
int	wb_userns_probe(char *why, size_t len);
/* The host ids the namespace's 0 maps to by default (see above). */
void	wb_userns_default_ids(uid_t *, gid_t *);

/*
 * In the child: unshare(CLONE_NEWUSER | flags), have a helper still in
 * the parent namespace write uid_map and gid_map ("0 uid 1"; setgroups
 * denied when not root).  -1 after writing why on fd 2.
 */
int	wb_userns_unshare(int flags, uid_t, gid_t);
/*
 * The mapped id may not traverse the directories above the root (like
 * WORKDIR/roots, mode 0700), nor may host root inside the namespace
 * traverse another user's: make the mount namespace private and attach
 * rootfd, a detached copy of the root made before the unshare
 * (open_tree OPEN_TREE_CLONE; -1 for an ordinary user, who binds
 * root by its path), at WB_USERNS_STAGE, where the rest of the set-up finds it.  Closes
 * rootfd.  -1 after a message.
 */
#define WB_USERNS_STAGE	"/tmp"
int	wb_userns_stage(int rootfd, const char *root);
/* Become 0:0 inside (the mapped ids) and die with the parent again. */
int	wb_userns_become(void);

#endif
