/* SPDX-License-Identifier: BSD-2-Clause */
/* The steps of check-release's driver (release_drive.c), private. */
#ifndef WB_RELEASE_DRIVE_INT_H
#define WB_RELEASE_DRIVE_INT_H

struct wb_err;
struct wb_release;
struct wb_release_drive;

/* The world's files of root, then the malloc probe (unless noprobe). */
int	wb_release_drive_world(const struct wb_release_drive *,
	    struct wb_release *, const char *root, int host, struct wb_err *);
/* The running kernel's configuration. */
int	wb_release_drive_kernel(struct wb_release *, struct wb_err *);
/* The target: a configuration, a kernel image, a root or an archive. */
int	wb_release_drive_target(const struct wb_release_drive *,
	    struct wb_release *, struct wb_err *);

#endif
