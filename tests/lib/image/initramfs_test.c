/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The initramfs writer: newc headers checked byte by byte in memory,
 * sorted entries, fixed mtime and owner, reproducible gzip.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "initramfs.h"
#include "wb_util.h"
#include "wbtest.h"

#define HDRLEN	110

struct newc {
	char		name[256];
	unsigned long	ino, mode, uid, gid, nlink, mtime, size;
	unsigned long	rmajor, rminor, namesize;
	const char	*data;
};

static unsigned long
field(const char *h, int i)
{
	char buf[9];

	memcpy(buf, h + 6 + 8 * i, 8);
	buf[8] = '\0';
	return (strtoul(buf, NULL, 16));
}

/* Parse the entry at *off, advance *off; 0 at the trailer. */
static int
next(const char *buf, size_t len, size_t *off, struct newc *e)
{
	const char *h;

	ATF_REQUIRE_MSG(*off + HDRLEN <= len, "header past the end");
	h = buf + *off;
	ATF_REQUIRE_MSG(memcmp(h, "070701", 6) == 0, "bad magic at %zu",
	    *off);
	e->ino = field(h, 0);
	e->mode = field(h, 1);
	e->uid = field(h, 2);
	e->gid = field(h, 3);
	e->nlink = field(h, 4);
	e->mtime = field(h, 5);
	e->size = field(h, 6);
	e->rmajor = field(h, 9);
	e->rminor = field(h, 10);
	e->namesize = field(h, 11);
	ATF_REQUIRE(e->namesize < sizeof(e->name));
	memcpy(e->name, h + HDRLEN, e->namesize);
	ATF_REQUIRE_EQ('\0', e->name[e->namesize - 1]);
	*off += (HDRLEN + e->namesize + 3) & ~(size_t)3;
	e->data = buf + *off;
	*off += (e->size + 3) & ~(size_t)3;
	return (strcmp(e->name, "TRAILER!!!") != 0);
}

static struct wb_initramfs *
sample(time_t mtime)
{
	struct wb_initramfs *ir;
	struct wb_err e;

	ATF_REQUIRE((ir = wb_initramfs_new(mtime, &e)) != NULL);
	/* Added out of order on purpose. */
	ATF_REQUIRE_EQ(0, wb_initramfs_add_data(ir, "/usr/bin/zz", 0755,
	    "hello", 5, &e));
	ATF_REQUIRE_EQ(0, wb_initramfs_add_data(ir, "init", 0700, "#!", 2,
	    &e));
	ATF_REQUIRE_EQ(0, wb_initramfs_add_symlink(ir, "bin/sh", "busybox",
	    &e));
	ATF_REQUIRE_EQ(0, wb_initramfs_add_chardev(ir, "dev/console", 0600,
	    5, 1, &e));
	ATF_REQUIRE_EQ(0, wb_initramfs_add_dir(ir, "./tmp", 01777, &e));
	return (ir);
}

ATF_TC_WITHOUT_HEAD(wb_initramfs_write_mem__newc_headers);
ATF_TC_BODY(wb_initramfs_write_mem__newc_headers, tc)
{
	static const char *const want[] = { "bin", "bin/sh", "dev",
	    "dev/console", "init", "tmp", "usr", "usr/bin", "usr/bin/zz" };
	struct wb_initramfs *ir;
	struct wb_err e;
	struct newc n;
	size_t len, off, i;
	void *buf;

	ir = sample(1234567);
	ATF_REQUIRE_EQ_MSG(0, wb_initramfs_write_mem(ir, 0, &buf, &len, &e),
	    "%s", e.msg);
	off = 0;
	for (i = 0; next(buf, len, &off, &n); i++) {
		ATF_REQUIRE_MSG(i < sizeof(want) / sizeof(want[0]),
		    "extra entry %s", n.name);
		ATF_REQUIRE_STREQ(want[i], n.name);
		ATF_REQUIRE_EQ(1234567, n.mtime);
		ATF_REQUIRE_EQ(0, n.uid);
		ATF_REQUIRE_EQ(0, n.gid);
		ATF_REQUIRE_EQ(i + 1, n.ino);
		if (strcmp(n.name, "usr/bin/zz") == 0) {
			ATF_REQUIRE_EQ(0100755, n.mode);
			ATF_REQUIRE_EQ(5, n.size);
			ATF_REQUIRE(memcmp(n.data, "hello", 5) == 0);
		} else if (strcmp(n.name, "bin/sh") == 0) {
			ATF_REQUIRE_EQ(0120777, n.mode);
			ATF_REQUIRE(memcmp(n.data, "busybox", 7) == 0);
		} else if (strcmp(n.name, "dev/console") == 0) {
			ATF_REQUIRE_EQ(0020600, n.mode);
			ATF_REQUIRE_EQ(5, n.rmajor);
			ATF_REQUIRE_EQ(1, n.rminor);
		} else if (strcmp(n.name, "tmp") == 0)
			ATF_REQUIRE_EQ(0041777, n.mode);
		else if (strcmp(n.name, "usr") == 0)
			/* Implied parent directory. */
			ATF_REQUIRE_EQ(0040755, n.mode);
	}
	ATF_REQUIRE_EQ(sizeof(want) / sizeof(want[0]), i);
	ATF_REQUIRE_EQ(len, off);
	free(buf);
	wb_initramfs_free(ir);
}

ATF_TC_WITHOUT_HEAD(wb_initramfs_write_mem__gzip_reproducible);
ATF_TC_BODY(wb_initramfs_write_mem__gzip_reproducible, tc)
{
	struct wb_initramfs *a, *b;
	struct wb_err e;
	unsigned char *ba, *bb;
	size_t la, lb;

	a = sample(0);
	b = sample(0);
	ATF_REQUIRE_EQ_MSG(0, wb_initramfs_write_mem(a, 1, (void **)&ba, &la,
	    &e), "%s", e.msg);
	ATF_REQUIRE_EQ_MSG(0, wb_initramfs_write_mem(b, 1, (void **)&bb, &lb,
	    &e), "%s", e.msg);
	ATF_REQUIRE(la > 18 && ba[0] == 0x1f && ba[1] == 0x8b);
	/* No timestamp in the gzip header (bytes 4-7). */
	ATF_REQUIRE(ba[4] == 0 && ba[5] == 0 && ba[6] == 0 && ba[7] == 0);
	ATF_REQUIRE_EQ(la, lb);
	ATF_REQUIRE(memcmp(ba, bb, la) == 0);
	free(ba);
	free(bb);
	wb_initramfs_free(a);
	wb_initramfs_free(b);
}

ATF_TC_WITHOUT_HEAD(wb_initramfs_write_mem__mtime_differs);
ATF_TC_BODY(wb_initramfs_write_mem__mtime_differs, tc)
{
	struct wb_initramfs *a, *b;
	struct wb_err e;
	void *ba, *bb;
	size_t la, lb;

	/* Negative twin: the mtime really is what goes into the headers. */
	a = sample(0);
	b = sample(1);
	ATF_REQUIRE_EQ_MSG(0, wb_initramfs_write_mem(a, 0, &ba, &la, &e),
	    "%s", e.msg);
	ATF_REQUIRE_EQ_MSG(0, wb_initramfs_write_mem(b, 0, &bb, &lb, &e),
	    "%s", e.msg);
	ATF_REQUIRE_EQ(la, lb);
	ATF_REQUIRE(memcmp(ba, bb, la) != 0);
	free(ba);
	free(bb);
	wb_initramfs_free(a);
	wb_initramfs_free(b);
}

ATF_TC_WITHOUT_HEAD(wb_initramfs_add__bad_paths);
ATF_TC_BODY(wb_initramfs_add__bad_paths, tc)
{
	static const char *const bad[] = { "", "/", "a/../b", "..", "a//b",
	    "a/./b", "a/" };
	struct wb_initramfs *ir;
	struct wb_err e;
	size_t i;

	ATF_REQUIRE((ir = wb_initramfs_new(0, &e)) != NULL);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ATF_REQUIRE_EQ_MSG(-1, wb_initramfs_add_dir(ir, bad[i], 0755,
		    &e), "path '%s' accepted", bad[i]);
		ATF_REQUIRE_MATCH("initramfs: (bad|empty) path", e.msg);
	}
	ATF_REQUIRE_EQ(0, wb_initramfs_count(ir));
	ATF_REQUIRE_EQ(0, wb_initramfs_add_data(ir, "a/b", 0644, "x", 1, &e));
	ATF_REQUIRE_EQ(-1, wb_initramfs_add_data(ir, "a/b", 0644, "y", 1, &e));
	ATF_REQUIRE_MATCH("'a/b' added twice", e.msg);
	ATF_REQUIRE_EQ(-1, wb_initramfs_add_data(ir, "a/b/c", 0644, "y", 1,
	    &e));
	ATF_REQUIRE_MATCH("not a directory", e.msg);
	/* A directory over a directory is fine. */
	ATF_REQUIRE_EQ(0, wb_initramfs_add_dir(ir, "a", 0755, &e));
	wb_initramfs_free(ir);
}

ATF_TC_WITHOUT_HEAD(wb_initramfs_add_tree__skips_and_links);
ATF_TC_BODY(wb_initramfs_add_tree__skips_and_links, tc)
{
	static const char *const skip[] = { "var/cache", NULL };
	struct wb_initramfs *ir;
	struct wb_err e;
	struct newc n;
	size_t len, off;
	void *buf;
	char names[1024];

	ATF_REQUIRE(system("mkdir -p root/etc root/var/cache/apt root/var/lib "
	    "&& echo x > root/etc/f && echo y > root/var/cache/apt/big && "
	    "ln -s ../etc/f root/var/lib/l") == 0);
	ATF_REQUIRE((ir = wb_initramfs_new(0, &e)) != NULL);
	ATF_REQUIRE_EQ_MSG(0, wb_initramfs_add_tree(ir, "", "root", skip, &e),
	    "%s", e.msg);
	ATF_REQUIRE_EQ_MSG(0, wb_initramfs_write_mem(ir, 0, &buf, &len, &e),
	    "%s", e.msg);
	names[0] = '\0';
	for (off = 0; next(buf, len, &off, &n);) {
		strcat(names, n.name);
		strcat(names, " ");
	}
	ATF_REQUIRE_STREQ("etc etc/f var var/lib var/lib/l ", names);
	free(buf);
	wb_initramfs_free(ir);
}

ATF_TC_WITHOUT_HEAD(wb_initramfs_write_file__missing_host_file);
ATF_TC_BODY(wb_initramfs_write_file__missing_host_file, tc)
{
	struct wb_initramfs *ir;
	struct wb_err e;

	ATF_REQUIRE((ir = wb_initramfs_new(0, &e)) != NULL);
	ATF_REQUIRE_EQ(0, wb_initramfs_add_file(ir, "init", 0755,
	    "no-such-file", &e));
	ATF_REQUIRE_EQ(-1, wb_initramfs_write_file(ir, 1, "out.cpio.gz", &e));
	ATF_REQUIRE_MATCH("no-such-file", e.msg);
	/* Nothing half-written is left under the final name. */
	ATF_REQUIRE(access("out.cpio.gz", F_OK) != 0);
	wb_initramfs_free(ir);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_initramfs_write_mem__newc_headers);
	ATF_TP_ADD_TC(tp, wb_initramfs_write_mem__gzip_reproducible);
	ATF_TP_ADD_TC(tp, wb_initramfs_write_mem__mtime_differs);
	ATF_TP_ADD_TC(tp, wb_initramfs_add__bad_paths);
	ATF_TP_ADD_TC(tp, wb_initramfs_add_tree__skips_and_links);
	ATF_TP_ADD_TC(tp, wb_initramfs_write_file__missing_host_file);
	return (atf_no_error());
}
