/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The file system a path lives on, by statfs(2) f_type: "tmpfs", "ext4"
 * (ext2/3/4 share one magic number), "xfs", "btrfs", "overlay"...
 * Recorded in a run's provenance because the file-copy tests measure
 * the page cache on tmpfs and a disk elsewhere.
 */
#ifndef WB_FSTYPE_H
#define WB_FSTYPE_H

#include <stddef.h>

struct wb_err;

/* The name of a statfs f_type, or NULL when unknown. */
const char	*wb_fstype_name(unsigned long magic);
/*
 * The name of path's file system into buf ("0x1234abcd" when unknown);
 * -1 with err set when statfs fails.
 */
int		 wb_fstype(const char *path, char *buf, size_t len,
		    struct wb_err *);

#endif
