/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/vfs.h>

#include <stdio.h>

#include "err.h"
#include "fstype.h"

static const struct {
	unsigned long	 magic;
	const char	*name;
} fstypes[] = {
	{ 0x01021994UL, "tmpfs" },
	{ 0x858458f6UL, "ramfs" },
	{ 0x0000ef53UL, "ext4" },
	{ 0x58465342UL, "xfs" },
	{ 0x9123683eUL, "btrfs" },
	{ 0x794c7630UL, "overlay" },
	{ 0xf2f52010UL, "f2fs" },
	{ 0x2fc12fc1UL, "zfs" },
	{ 0x00006969UL, "nfs" },
	{ 0xff534d42UL, "cifs" },
	{ 0x65735546UL, "fuse" },
	{ 0x01021997UL, "9p" },
	{ 0x73717368UL, "squashfs" },
	{ 0x4d44UL, "vfat" },
	{ 0x5346544eUL, "ntfs" },
	{ 0xca451a4eUL, "bcachefs" },
};

const char *
wb_fstype_name(unsigned long magic)
{
	size_t i;

	for (i = 0; i < sizeof(fstypes) / sizeof(fstypes[0]); i++)
		if (fstypes[i].magic == (magic & 0xffffffffUL))
			return (fstypes[i].name);
	return (NULL);
}

int
wb_fstype(const char *path, char *buf, size_t len, struct wb_err *err)
{
	struct statfs st;
	const char *name;

	if (statfs(path, &st) == -1)
		return (wb_err_setsys(err, "statfs %s", path));
	if ((name = wb_fstype_name((unsigned long)st.f_type)) != NULL)
		snprintf(buf, len, "%s", name);
	else
		snprintf(buf, len, "0x%08lx",
		    (unsigned long)st.f_type & 0xffffffffUL);
	return (0);
}
