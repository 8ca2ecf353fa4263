/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reading an image root without following its symbolic links out of it,
 * and the environment a command gets in it (lib/sandbox/chroot_env.c):
 * what the chroot mechanism (chroot.h, which includes this) and the
 * bounds' scratch directory both need.
 */
#ifndef WB_CHROOT_ENV_H
#define WB_CHROOT_ENV_H

struct wb_err;

/*
 * Open path (relative to the image root, leading "/" allowed) with every
 * symlink resolved inside the root (openat2 RESOLVE_IN_ROOT).  Returns an
 * fd or -1 with err set (errno kept: ENOENT for a missing file).
 */
int	wb_chroot_root_open(const char *root, const char *path, int flags,
	    struct wb_err *);

/*
 * The image's declared environment, /etc/worldbench/environment: KEY=value
 * lines in the config-fragment format (see fragment.h).  Returns a
 * NULL-terminated malloc'ed "K=V" vector (empty when the file is absent),
 * or NULL with err naming the file and line.  PATH, HOME, LANG, LC_ALL and
 * TMPDIR belong to the runner and are refused.
 */
char	**wb_chroot_root_environment(const char *root, struct wb_err *);

/*
 * The clean environment (that of wb_spawn) followed by extra, as a
 * malloc'ed vector; free with wb_words_free().
 */
char	**wb_chroot_env_merge(char *const *extra, struct wb_err *);

#endif
