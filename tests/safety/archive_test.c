/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hostile archives: a corpus written by the generator of
 * tests/helpers/archgen.c (".." and absolute names, pax path and
 * linkpath overrides, long names, symbolic links and chains leading out
 * or written through, hard links to links, directories, later or
 * missing entries and carrying data, device nodes, FIFOs, sockets,
 * setuid bits, other spellings of one path, entries replacing implicit
 * directories, huge declared sizes, sparse and compressed bombs, entry
 * bombs, escape sequences in names, truncated, corrupt and garbage
 * streams) fed to the library, to "worldbench image unpack" and to the
 * chroot runner, with a decoy tree beside the target (files, a
 * directory and a link with known modes and contents, the targets the
 * archives aim at).  Every case must leave the decoy as it was, be
 * refused with its entry named (or, for setuid bits, accepted without
 * them), and leave no target and no temporary tree behind.  A clean
 * archive is the positive twin.  The number of cases is printed.
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <atf-c.h>

#include "archgen.h"
#include "wb_image.h"
#include "wb_util.h"
#include "wbtest.h"

#define BOX	"box"		/* everything a case may touch lives here */

/* Absolute paths: into the decoy, and one in /tmp no case may create. */
static char	abs_victim[256];
static char	abs_outside[4096];
static char	abs_decoy_file[4200];
static char	abs_decoy_dir[4200];

/* A case: how to build it, and what a refusal must say (NULL: any). */
struct kase {
	const char	*name;
	void		(*build)(struct wbt_ag *);
	const char	*want;
	int		 flags;
#define K_LIB	0x1	/* needs bounds set through the library */
#define K_OK	0x2	/* accepted (with a note); target checked */
#define K_RAW	0x4	/* build writes the file itself (not an archive) */
#define K_CPIO	0x8
#define K_GZIP	0x10
	unsigned long long max_bytes, max_entries;
};

static void
k_dotdot(struct wbt_ag *a)
{

	wbt_ag_file(a, "../escape", 0644, "pwned\n");
}

static void
k_dotdot_nested(struct wbt_ag *a)
{

	wbt_ag_file(a, "etc/../../outside/victim", 0644, "pwned\n");
}

static void
k_dotdot_dir(struct wbt_ag *a)
{

	wbt_ag_dir(a, "etc/..", 0755);
	wbt_ag_file(a, "etc/../../escape", 0644, "pwned\n");
}

static void
k_absolute(struct wbt_ag *a)
{

	wbt_ag_file(a, abs_victim, 0644, "pwned\n");
}

static void
k_absolute_dir(struct wbt_ag *a)
{

	wbt_ag_dir(a, "/tmp", 0777);
}

static void
k_absolute_decoy(struct wbt_ag *a)
{

	wbt_ag_file(a, abs_decoy_file, 0644, "pwned\n");
}

static void
k_symlink_out_write(struct wbt_ag *a)
{

	wbt_ag_symlink(a, "evil", "../outside");
	wbt_ag_file(a, "evil/victim", 0644, "pwned\n");
}

static void
k_symlink_abs_write(struct wbt_ag *a)
{

	wbt_ag_symlink(a, "evil", abs_outside);
	wbt_ag_file(a, "evil/victim", 0644, "pwned\n");
}

static void
k_symlink_abs_dir_new(struct wbt_ag *a)
{

	wbt_ag_symlink(a, "evil", abs_decoy_dir);
	wbt_ag_dir(a, "evil/new", 0777);
}

static void
k_symlink_then_file(struct wbt_ag *a)
{

	wbt_ag_symlink(a, "evil", abs_decoy_file);
	wbt_ag_file(a, "evil", 04777, "pwned\n");
}

static void
k_symlink_deep_out(struct wbt_ag *a)
{

	wbt_ag_symlink(a, "etc/evil", "../../../../../../../../etc");
}

static void
k_symlink_chain(struct wbt_ag *a)
{

	wbt_ag_symlink(a, "etc/up", "..");
	wbt_ag_symlink(a, "etc/up2", "up/..");
	wbt_ag_file(a, "etc/up2/escape", 0644, "pwned\n");
}

static void
k_symlink_dot_chain(struct wbt_ag *a)
{

	wbt_ag_symlink(a, "s", ".");
	wbt_ag_symlink(a, "t", "s/..");
}

static void
k_symlink_dot_chain_write(struct wbt_ag *a)
{

	wbt_ag_symlink(a, "s", ".");
	wbt_ag_symlink(a, "t", "s/..");
	wbt_ag_file(a, "t/outside/victim", 0644, "pwned\n");
}

static void
k_symlink_abs_dotdot(struct wbt_ag *a)
{

	wbt_ag_symlink(a, "x", "/usr/../../etc");
}

static void
k_symlink_loop(struct wbt_ag *a)
{

	wbt_ag_symlink(a, "a", "b/x");
	wbt_ag_symlink(a, "b", "a/x");
}

static void
k_hardlink_out(struct wbt_ag *a)
{

	wbt_ag_hardlink(a, "etc/h", "../outside/victim");
}

static void
k_hardlink_abs(struct wbt_ag *a)
{

	wbt_ag_hardlink(a, "etc/h", abs_decoy_file);
}

static void
k_hardlink_via_symlink(struct wbt_ag *a)
{

	wbt_ag_symlink(a, "evil", "../outside");
	wbt_ag_hardlink(a, "etc/h", "evil/victim");
}

static void
k_hardlink_missing(struct wbt_ag *a)
{

	wbt_ag_hardlink(a, "etc/h", "etc/nonexistent");
}

static void
k_hardlink_to_symlink(struct wbt_ag *a)
{

	wbt_ag_symlink(a, "s", abs_decoy_file);
	wbt_ag_hardlink(a, "h", "s");
}

/* Finding 1, exactly. */
static void
k_hardlink_data_to_symlink(struct wbt_ag *a)
{

	wbt_ag_symlink(a, "s", abs_decoy_file);
	wbt_ag_raw(a, "h", '1', 04777, "s", 6, "pwned\n", 6, "linkpath=s");
}

static void
k_hardlink_data_to_file(struct wbt_ag *a)
{

	wbt_ag_file(a, "f", 0644, "data\n");
	wbt_ag_raw(a, "h", '1', 04777, "f", 6, "pwned\n", 6, "linkpath=f");
}

static void
k_hardlink_to_dir(struct wbt_ag *a)
{

	wbt_ag_dir(a, "d", 0755);
	wbt_ag_hardlink(a, "h", "d");
}

static void
k_hardlink_later(struct wbt_ag *a)
{

	wbt_ag_hardlink(a, "h", "f");
	wbt_ag_file(a, "f", 0644, "data\n");
}

static void
k_chardev(struct wbt_ag *a)
{

	wbt_ag_node(a, "etc/null", 'c');
}

static void
k_blockdev(struct wbt_ag *a)
{

	wbt_ag_node(a, "etc/sda", 'b');
}

static void
k_fifo(struct wbt_ag *a)
{

	wbt_ag_node(a, "etc/fifo", 'p');
}

static void
k_socket(struct wbt_ag *a)
{

	wbt_ag_node(a, "etc/sock", 's');
}

static void
k_setuid(struct wbt_ag *a)
{

	wbt_ag_file(a, "bin/id", 04755, "#!/bin/sh\n");
	wbt_ag_dir(a, "var/mail", 02775);
}

static void
k_duplicate(struct wbt_ag *a)
{

	wbt_ag_file(a, "etc/passwd", 0644, "root:x:0:0::/:/bin/sh\n");
	wbt_ag_file(a, "etc/passwd", 0644, "evil::0:0::/:/bin/sh\n");
}

static void
k_duplicate_type(struct wbt_ag *a)
{

	wbt_ag_file(a, "etc/x", 0644, "file\n");
	wbt_ag_symlink(a, "etc/x", "../outside");
}

static void
k_duplicate_dotslash(struct wbt_ag *a)
{

	wbt_ag_file(a, "etc/x", 0644, "one\n");
	wbt_ag_file(a, "./etc/x", 0644, "two\n");
}

static void
k_duplicate_slashes(struct wbt_ag *a)
{

	wbt_ag_file(a, "etc/x", 0644, "one\n");
	wbt_ag_file(a, "etc//x", 0644, "two\n");
}

static void
k_duplicate_dot(struct wbt_ag *a)
{

	wbt_ag_file(a, "etc/x", 0644, "one\n");
	wbt_ag_file(a, "etc/./x", 0644, "two\n");
}

static void
k_symlink_over_implicit(struct wbt_ag *a)
{

	wbt_ag_file(a, "a/b/f", 0644, "f\n");
	wbt_ag_symlink(a, "a", abs_outside);
}

static void
k_file_over_implicit(struct wbt_ag *a)
{

	wbt_ag_file(a, "a/b/f", 0644, "f\n");
	wbt_ag_file(a, "a/b", 0777, "over\n");
}

static void
k_pax_path_dotdot(struct wbt_ag *a)
{

	wbt_ag_raw(a, "innocent", '0', 0644, NULL, 6, "pwned\n", 6,
	    "path=../escape");
}

static void
k_pax_path_absolute(struct wbt_ag *a)
{
	char kv[4300];

	snprintf(kv, sizeof(kv), "path=%s", abs_decoy_file);
	wbt_ag_raw(a, "innocent", '0', 0644, NULL, 6, "pwned\n", 6, kv);
}

static void
k_pax_linkpath(struct wbt_ag *a)
{

	wbt_ag_file(a, "ok", 0644, "ok\n");
	wbt_ag_raw(a, "h", '1', 0644, "ok", 0, NULL, 0,
	    "linkpath=../outside/victim");
}

static void
k_long_name_dotdot(struct wbt_ag *a)
{
	char name[400];
	size_t len;

	len = 0;
	while (len < 200)
		len += (size_t)snprintf(name + len, sizeof(name) - len,
		    "aaaaaaaaa/");
	snprintf(name + len, sizeof(name) - len, "../../../../../../../../"
	    "../../../../../../../../../../../../../../../escape");
	wbt_ag_file(a, name, 0644, "pwned\n");
}

static void
k_huge_declared(struct wbt_ag *a)
{

	wbt_ag_raw(a, "huge", '0', 0644, NULL, 1LL << 40, "x", 1, NULL);
}

static void
k_short_data(struct wbt_ag *a)
{

	wbt_ag_raw(a, "short", '0', 0644, NULL, 1 << 20, "x", 1, NULL);
}

static void
k_sparse_1tib(struct wbt_ag *a)
{
	static const int64_t at[] = { 0, (1LL << 40) - 4096 };

	wbt_ag_sparse(a, "sparse", 1LL << 40, at, 2);
}

static void
k_sparse_many(struct wbt_ag *a)
{
	static const int64_t at[] = { 0 };
	int i;
	char name[32];

	for (i = 0; i < 5; i++) {
		snprintf(name, sizeof(name), "sparse%d", i);
		wbt_ag_sparse(a, name, 1LL << 30, at, 1);
	}
}

static void
k_zstd_bomb(struct wbt_ag *a)
{

	wbt_ag_zeros(a, "bomb", 256LL << 20);
}

static void
k_entry_bomb(struct wbt_ag *a)
{
	char name[32];
	int i;

	for (i = 0; i < 200; i++) {
		snprintf(name, sizeof(name), "e%03d", i);
		wbt_ag_dir(a, name, 0755);
	}
}

static void
k_parent_file(struct wbt_ag *a)
{

	wbt_ag_file(a, "f", 0644, "f\n");
	wbt_ag_file(a, "f/x", 0644, "x\n");
}

static void
k_through_inside_link(struct wbt_ag *a)
{

	wbt_ag_dir(a, "sub", 0755);
	wbt_ag_symlink(a, "in", "sub");
	wbt_ag_file(a, "in/x", 0644, "x\n");
}

static void
k_root_replaced(struct wbt_ag *a)
{

	wbt_ag_symlink(a, "./", abs_outside);
}

static void
k_escape_name(struct wbt_ag *a)
{

	wbt_ag_raw(a, "/\033]0;owned\007\033[2J", '0', 0644, NULL, 0, NULL,
	    0, NULL);
}

static void
k_cpio_dotdot(struct wbt_ag *a)
{

	wbt_ag_file(a, "../escape", 0644, "pwned\n");
}

static void
k_cpio_symlink_write(struct wbt_ag *a)
{

	wbt_ag_symlink(a, "evil", "../outside");
	wbt_ag_file(a, "evil/victim", 0644, "pwned\n");
}

static void
k_cpio_setuid_abs(struct wbt_ag *a)
{

	wbt_ag_file(a, abs_decoy_file, 04777, "pwned\n");
}

static const struct kase corpus[] = {
	{ "dotdot", k_dotdot, "../escape: '..' component", 0, 0, 0 },
	{ "dotdot-nested", k_dotdot_nested, "etc/../../outside/victim: '..'",
	    0, 0, 0 },
	{ "dotdot-dir", k_dotdot_dir, "etc/../: '..' component", 0, 0, 0 },
	{ "absolute", k_absolute, ": absolute path", 0, 0, 0 },
	{ "absolute-dir", k_absolute_dir, "/tmp/: absolute path", 0, 0, 0 },
	{ "absolute-decoy", k_absolute_decoy, "/box/outside/victim: absolute",
	    0, 0, 0 },
	{ "symlink-out-write", k_symlink_out_write, "evil/victim: 'evil' is "
	    "a symbolic link", 0, 0, 0 },
	{ "symlink-abs-write", k_symlink_abs_write, "evil/victim: 'evil' is "
	    "a symbolic link", 0, 0, 0 },
	{ "symlink-abs-dir-new", k_symlink_abs_dir_new, "evil/new/: 'evil' "
	    "is a symbolic link", 0, 0, 0 },
	{ "symlink-then-file", k_symlink_then_file, "evil: the same path as "
	    "the earlier entry 'evil'", 0, 0, 0 },
	{ "symlink-deep-out", k_symlink_deep_out, "etc/evil: symbolic link to "
	    "'../../../../../../../../etc' resolves above", 0, 0, 0 },
	{ "symlink-chain", k_symlink_chain, "etc/up2/escape: 'etc/up2' is a "
	    "symbolic link", 0, 0, 0 },
	{ "symlink-dot-chain", k_symlink_dot_chain, "t: symbolic link to "
	    "'s/..' resolves above the image root", 0, 0, 0 },
	{ "symlink-dot-chain-write", k_symlink_dot_chain_write,
	    "t/outside/victim: 't/outside' is a symbolic link", 0, 0, 0 },
	{ "symlink-abs-dotdot", k_symlink_abs_dotdot, "x: symbolic link to "
	    "'/usr/../../etc' resolves above", 0, 0, 0 },
	{ "symlink-loop", k_symlink_loop, "a: symbolic link to 'b/x' meets "
	    "more than 40 links", 0, 0, 0 },
	{ "hardlink-out", k_hardlink_out, "etc/h: hard link to "
	    "'../outside/victim': '..' component", 0, 0, 0 },
	{ "hardlink-abs", k_hardlink_abs, "etc/h: hard link to", 0, 0, 0 },
	{ "hardlink-via-symlink", k_hardlink_via_symlink, "etc/h: hard link "
	    "to 'evil/victim', which is not an earlier regular file", 0, 0,
	    0 },
	{ "hardlink-missing", k_hardlink_missing, "etc/h: hard link to "
	    "'etc/nonexistent', which is not", 0, 0, 0 },
	{ "hardlink-to-symlink", k_hardlink_to_symlink, "h: hard link to 's', "
	    "which is not an earlier regular file", 0, 0, 0 },
	{ "hardlink-data-to-symlink", k_hardlink_data_to_symlink, "h: hard "
	    "link to 's', which is not an earlier regular file", 0, 0, 0 },
	{ "hardlink-data-to-file", k_hardlink_data_to_file, "h: hard link to "
	    "'f' carrying 6 bytes of data", 0, 0, 0 },
	{ "hardlink-to-dir", k_hardlink_to_dir, "h: hard link to 'd', which "
	    "is not", 0, 0, 0 },
	{ "hardlink-later", k_hardlink_later, "h: hard link to 'f', which is "
	    "not", 0, 0, 0 },
	{ "chardev", k_chardev, "etc/null: character device", 0, 0, 0 },
	{ "blockdev", k_blockdev, "etc/sda: block device", 0, 0, 0 },
	{ "fifo", k_fifo, "etc/fifo: FIFO", 0, 0, 0 },
	{ "socket", k_socket, "etc/sock: socket", K_CPIO, 0, 0 },
	{ "setuid", k_setuid, "bin/id: setuid/setgid bits dropped", K_OK, 0,
	    0 },
	{ "duplicate", k_duplicate, "etc/passwd: the same path as the earlier "
	    "entry 'etc/passwd'", 0, 0, 0 },
	{ "duplicate-type", k_duplicate_type, "etc/x: the same path", 0, 0,
	    0 },
	{ "duplicate-dotslash", k_duplicate_dotslash, "./etc/x: the same path "
	    "as the earlier entry 'etc/x'", 0, 0, 0 },
	{ "duplicate-slashes", k_duplicate_slashes, "etc//x: the same path as "
	    "the earlier entry 'etc/x'", 0, 0, 0 },
	{ "duplicate-dot", k_duplicate_dot, "etc/./x: the same path as the "
	    "earlier entry 'etc/x'", 0, 0, 0 },
	{ "symlink-over-implicit", k_symlink_over_implicit, "a: would replace "
	    "the directory made for the earlier entry 'a/b/f'", 0, 0, 0 },
	{ "file-over-implicit", k_file_over_implicit, "a/b: would replace the "
	    "directory made for the earlier entry 'a/b/f'", 0, 0, 0 },
	{ "pax-path-dotdot", k_pax_path_dotdot, "../escape: '..' component",
	    0, 0, 0 },
	{ "pax-path-absolute", k_pax_path_absolute, "/box/outside/victim: "
	    "absolute path", 0, 0, 0 },
	{ "pax-linkpath", k_pax_linkpath, "h: hard link to "
	    "'../outside/victim': '..' component", 0, 0, 0 },
	{ "long-name-dotdot", k_long_name_dotdot, "/../../escape: '..' "
	    "component", 0, 0, 0 },
	{ "huge-declared", k_huge_declared, "huge: its 1099511627776 bytes "
	    "would take the unpacked size past the bound", 0, 0, 0 },
	{ "short-data", k_short_data, "short: ", 0, 0, 0 },
	{ "sparse-1tib", k_sparse_1tib, "sparse: its 1099511627776 bytes "
	    "would take the unpacked size past the bound of 4294967296", 0, 0,
	    0 },
	{ "sparse-many", k_sparse_many, "sparse4: its 1073741824 bytes would "
	    "take the unpacked size past the bound of 4294967296", 0, 0, 0 },
	{ "zstd-bomb", k_zstd_bomb, "bomb: its 268435456 bytes would take the "
	    "unpacked size past the bound of 16777216", K_LIB, 16 << 20, 0 },
	{ "entry-bomb", k_entry_bomb, "e099/: more than 100 entries", K_LIB, 0,
	    100 },
	{ "parent-file", k_parent_file, "f/x: 'f' is not a directory", 0, 0,
	    0 },
	{ "through-inside-link", k_through_inside_link, "in/x: 'in' is a "
	    "symbolic link", 0, 0, 0 },
	{ "root-replaced", k_root_replaced, "./: replaces the root directory",
	    0, 0, 0 },
	{ "escape-name", k_escape_name, "/\\033]0;owned\\007\\033[2J: "
	    "absolute path", 0, 0, 0 },
	{ "cpio-dotdot", k_cpio_dotdot, "../escape: '..' component", K_CPIO,
	    0, 0 },
	{ "cpio-symlink-write", k_cpio_symlink_write, "evil/victim: 'evil' is "
	    "a symbolic link", K_CPIO, 0, 0 },
	{ "cpio-setuid-abs", k_cpio_setuid_abs, "/box/outside/victim: "
	    "absolute path", K_CPIO, 0, 0 },
	{ "truncated", NULL, "truncated or corrupt", K_RAW, 0, 0 },
	{ "truncated-gzip", NULL, "truncated", K_RAW, 0, 0 },
	{ "corrupt-gzip", NULL, "", K_RAW, 0, 0 },
	{ "garbage", NULL, "Unrecognized archive format", K_RAW, 0, 0 },
};
#define NCASES	(sizeof(corpus) / sizeof(corpus[0]))

/* A clean image: the positive twin, and the base of the broken ones. */
static void
build_clean(const char *path, int gzip)
{
	struct wbt_ag *a;
	char big[8192];

	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	a = wbt_ag_new(path, 'p', gzip ? 'g' : 0);
	wbt_ag_dir(a, "bin", 0755);
	wbt_ag_file(a, "bin/true", 0755, "#!/bin/sh\nexit 0\n");
	wbt_ag_symlink(a, "bin/sh", "/bin/busybox");
	wbt_ag_dir(a, "etc", 0755);
	wbt_ag_file(a, "etc/big", 0644, big);
	wbt_ag_symlink(a, "etc/rel", "../bin/true");
	wbt_ag_hardlink(a, "etc/hard", "bin/true");
	wbt_ag_close(a);
}

static void
build_raw(const char *name, const char *path)
{
	char buf[4096];
	struct stat st;
	off_t off;
	int fd, i;

	if (strcmp(name, "garbage") == 0) {
		wbt_write_file(path, "this is not an archive\n\x01\x02\x03");
		return;
	}
	build_clean(path, strcmp(name, "truncated") != 0);
	ATF_REQUIRE(stat(path, &st) == 0);
	if (strcmp(name, "corrupt-gzip") == 0) {
		/* Flip bytes in the middle of the deflate stream. */
		ATF_REQUIRE((fd = open(path, O_RDWR)) != -1);
		off = st.st_size / 2;
		ATF_REQUIRE(pread(fd, buf, 16, off) == 16);
		for (i = 0; i < 16; i++)
			buf[i] = (char)~buf[i];
		ATF_REQUIRE(pwrite(fd, buf, 16, off) == 16);
		ATF_REQUIRE(close(fd) == 0);
	} else
		ATF_REQUIRE(truncate(path, st.st_size / 2) == 0);
}

/* Write case k to path. */
static void
build_case(const struct kase *k, const char *path)
{
	struct wbt_ag *a;

	if (k->flags & K_RAW) {
		build_raw(k->name, path);
		return;
	}
	a = wbt_ag_new(path, (k->flags & K_CPIO) ? 'c' : 'p',
	    strcmp(k->name, "zstd-bomb") == 0 ? 'z' : 0);
	if (!(k->flags & K_CPIO))
		wbt_ag_dir(a, "etc", 0755);
	k->build(a);
	wbt_ag_close(a);
}

/* Set up BOX: the outside world a hostile archive would like to reach. */
static void
make_box(void)
{
	char cwd[2048];

	ATF_REQUIRE(mkdir(BOX, 0755) == 0);
	ATF_REQUIRE(mkdir(BOX "/outside", 0755) == 0);
	ATF_REQUIRE(mkdir(BOX "/outside/dir", 0750) == 0);
	ATF_REQUIRE(mkdir(BOX "/t", 0755) == 0);
	wbt_write_file(BOX "/outside/victim", "original\n");
	ATF_REQUIRE(chmod(BOX "/outside/victim", 0644) == 0);
	wbt_write_file(BOX "/outside/dir/secret", "secret\n");
	ATF_REQUIRE(chmod(BOX "/outside/dir/secret", 0600) == 0);
	ATF_REQUIRE(symlink("victim", BOX "/outside/link") == 0);
	ATF_REQUIRE(getcwd(cwd, sizeof(cwd)) != NULL);
	snprintf(abs_outside, sizeof(abs_outside), "%s/" BOX "/outside", cwd);
	snprintf(abs_decoy_file, sizeof(abs_decoy_file), "%s/victim",
	    abs_outside);
	snprintf(abs_decoy_dir, sizeof(abs_decoy_dir), "%s/dir", abs_outside);
	snprintf(abs_victim, sizeof(abs_victim), "/tmp/wb-safety-abs-%ld",
	    (long)getpid());
	(void)unlink(abs_victim);
}

/* Did case name leave the world as it was?  Complaints go to stderr. */
static int
untouched(const char *name, const char *before, const char *skip)
{
	char *after, *victim;
	int ok;

	ok = 1;
	after = wbt_snapshot(BOX, skip);
	if (strcmp(before, after) != 0) {
		fprintf(stderr, "%s: the box changed outside the target:\n"
		    "before:\n%safter:\n%s", name, before, after);
		ok = 0;
	}
	free(after);
	victim = wbt_read_file(BOX "/outside/victim", NULL);
	if (strcmp(victim, "original\n") != 0) {
		fprintf(stderr, "%s: outside/victim was overwritten\n", name);
		ok = 0;
	}
	free(victim);
	if (access(abs_victim, F_OK) == 0) {
		fprintf(stderr, "%s: %s was created\n", name, abs_victim);
		(void)unlink(abs_victim);
		ok = 0;
	}
	return (ok);
}

/* An accepted case: the modes it must have been given. */
static int
accepted_right(const char *target)
{
	char path[4200];
	struct stat st;

	snprintf(path, sizeof(path), "%s/bin/id", target);
	if (stat(path, &st) == -1 || (st.st_mode & 07777) != 0755)
		return (0);
	snprintf(path, sizeof(path), "%s/var/mail", target);
	return (stat(path, &st) == 0 && (st.st_mode & 07777) == 0775);
}

/*
 * The verdict on one case, given how the unpack went: the world is
 * untouched, a refused case said want and left nothing in BOX/t, an
 * accepted one has the right modes (and is removed).
 */
static int
judge(const struct kase *k, int failed, const char *said,
    const char *before, const char *target)
{
	struct wb_err e;
	int fd, ok;

	(void)target;
	ok = untouched(k->name, before, BOX "/t");
	if (k->want != NULL && strstr(said, k->want) == NULL) {
		fprintf(stderr, "%s: expected '%s' in:\n%s", k->name, k->want,
		    said);
		ok = 0;
	}
	if (k->flags & K_OK) {
		if (failed || !accepted_right(target)) {
			fprintf(stderr, "%s: not accepted as it should be\n",
			    k->name);
			ok = 0;
		}
		ATF_REQUIRE((fd = open(BOX "/t", O_RDONLY | O_DIRECTORY)) !=
		    -1);
		ATF_REQUIRE_MSG(wb_fs_rmtree_at(fd, k->name, &e) == 0, "%s",
		    e.msg);
		close(fd);
	} else if (!failed) {
		fprintf(stderr, "%s: not refused\n", k->name);
		ok = 0;
	}
	if (wbt_count_named(BOX "/t", "") != 0) {
		fprintf(stderr, "%s: something left in " BOX "/t\n", k->name);
		ok = 0;
	}
	return (ok);
}

struct said {
	char	text[65536];
};

static void
collect(void *arg, const char *path, const char *why)
{
	struct said *s = arg;
	size_t len;

	len = strlen(s->text);
	snprintf(s->text + len, sizeof(s->text) - len, "%s: %s\n", path, why);
}

ATF_TC(unpack__corpus_library);
ATF_TC_HEAD(unpack__corpus_library, tc)
{

	atf_tc_set_md_var(tc, "descr", "wb_image_unpack_opts refuses every "
	    "hostile archive of the corpus by name and changes nothing "
	    "outside the target");
}
ATF_TC_BODY(unpack__corpus_library, tc)
{
	struct wb_unpack_opts o;
	struct wb_err e;
	struct said *s;
	char archive[256], target[256], *before;
	size_t i;
	int nbad;
	long n;

	(void)tc;
	make_box();
	ATF_REQUIRE((s = malloc(sizeof(*s))) != NULL);
	nbad = 0;
	for (i = 0; i < NCASES; i++) {
		snprintf(archive, sizeof(archive), "%s.a", corpus[i].name);
		build_case(&corpus[i], archive);
		snprintf(target, sizeof(target), BOX "/t/%s", corpus[i].name);
		before = wbt_snapshot(BOX, BOX "/t");
		s->text[0] = '\0';
		memset(&o, 0, sizeof(o));
		o.refuse = o.note = collect;
		o.arg = s;
		o.max_bytes = corpus[i].max_bytes;
		o.max_entries = corpus[i].max_entries;
		if ((n = wb_image_unpack_opts(archive, target, &o, &e)) == -1)
			collect(s, "error", e.msg);
		printf("%s: %ld\n%s", corpus[i].name, n, s->text);
		if (!judge(&corpus[i], n == -1, s->text, before, target))
			nbad++;
		free(before);
	}
	free(s);
	printf("safety: library: %d of %zu corpus cases handled right\n",
	    (int)NCASES - nbad, NCASES);
	if (nbad > 0)
		atf_tc_fail("%d of %zu corpus cases wrong (see stderr)", nbad,
		    NCASES);
}

ATF_TC(unpack__corpus_command);
ATF_TC_HEAD(unpack__corpus_command, tc)
{

	atf_tc_set_md_var(tc, "descr", "worldbench image unpack refuses every "
	    "hostile archive of the corpus by name and changes nothing "
	    "outside the target");
}
ATF_TC_BODY(unpack__corpus_command, tc)
{
	struct wbt_out o;
	char archive[256], target[256], *before, *argv[6];
	size_t i, nrun;
	int nbad;

	make_box();
	nbad = 0;
	nrun = 0;
	for (i = 0; i < NCASES; i++) {
		if (corpus[i].flags & K_LIB)
			continue;
		nrun++;
		snprintf(archive, sizeof(archive), "%s.a", corpus[i].name);
		build_case(&corpus[i], archive);
		snprintf(target, sizeof(target), BOX "/t/%s", corpus[i].name);
		before = wbt_snapshot(BOX, BOX "/t");
		argv[0] = wbt_buildpath(tc, "bin/worldbench");
		argv[1] = "image";
		argv[2] = "unpack";
		argv[3] = archive;
		argv[4] = target;
		argv[5] = NULL;
		wbt_run(&o, argv);
		printf("%s: exit %d: %s", corpus[i].name, o.status, o.err);
		if (!judge(&corpus[i], o.status != 0, o.err, before, target))
			nbad++;
		/* A refused archive is bad data: EX_DATAERR (src/exitmap.c). */
		else if (o.status != 0 && o.status != 65) {
			fprintf(stderr, "%s: exit %d\n", corpus[i].name,
			    o.status);
			nbad++;
		} else if (strchr(o.err, '\033') != NULL) {
			fprintf(stderr, "%s: a raw escape on stderr\n",
			    corpus[i].name);
			nbad++;
		}
		free(before);
		wbt_out_fini(&o);
	}
	printf("safety: image unpack: %zu of %zu corpus cases handled right\n",
	    nrun - (size_t)nbad, nrun);
	if (nbad > 0)
		atf_tc_fail("%d of %zu corpus cases wrong (see stderr)", nbad,
		    nrun);
}

ATF_TC(unpack__clean);
ATF_TC_HEAD(unpack__clean, tc)
{

	atf_tc_set_md_var(tc, "descr", "The positive twin: a clean archive "
	    "unpacks completely");
}
ATF_TC_BODY(unpack__clean, tc)
{
	struct wbt_out o;
	struct stat st, st2;
	char *argv[6], *s, lnk[256];
	ssize_t n;

	make_box();
	build_clean("clean.tar.gz", 1);
	argv[0] = wbt_buildpath(tc, "bin/worldbench");
	argv[1] = "image";
	argv[2] = "unpack";
	argv[3] = "clean.tar.gz";
	argv[4] = BOX "/t/clean";
	argv[5] = NULL;
	wbt_run(&o, argv);
	ATF_REQUIRE_MSG(o.status == 0, "exit %d: %s", o.status, o.err);
	s = wbt_read_file(BOX "/t/clean/bin/true", NULL);
	ATF_REQUIRE_STREQ(s, "#!/bin/sh\nexit 0\n");
	free(s);
	ATF_REQUIRE((n = readlink(BOX "/t/clean/bin/sh", lnk,
	    sizeof(lnk) - 1)) > 0);
	lnk[n] = '\0';
	ATF_REQUIRE_STREQ(lnk, "/bin/busybox");
	ATF_REQUIRE(stat(BOX "/t/clean/etc/hard", &st) == 0);
	ATF_REQUIRE(stat(BOX "/t/clean/bin/true", &st2) == 0);
	ATF_REQUIRE_EQ(st.st_ino, st2.st_ino);
	ATF_REQUIRE(stat(BOX "/t/clean/etc/big", &st) == 0);
	ATF_REQUIRE_EQ(st.st_size, 8191);
	wbt_out_fini(&o);
}

/*
 * The runner: "worldbench chroot" unpacks an image archive into
 * WORKDIR/roots/ before chrooting.  It must refuse the same corpus, run
 * nothing, and leave no root behind.
 */
ATF_TC(chroot__hostile);
ATF_TC_HEAD(chroot__hostile, tc)
{

	atf_tc_set_md_var(tc, "descr", "worldbench chroot refuses every "
	    "hostile image and runs nothing");
	atf_tc_set_md_var(tc, "require.user", "root");
}
ATF_TC_BODY(chroot__hostile, tc)
{
	struct wbt_out o;
	char archive[256], *before, *argv[10];
	size_t i, nrun;
	int nbad;

	make_box();
	ATF_REQUIRE(mkdir(BOX "/t/work", 0755) == 0);
	nbad = 0;
	nrun = 0;
	for (i = 0; i < NCASES; i++) {
		if (corpus[i].flags & (K_LIB | K_OK))
			continue;
		nrun++;
		snprintf(archive, sizeof(archive), "%s.a", corpus[i].name);
		build_case(&corpus[i], archive);
		before = wbt_snapshot(BOX, BOX "/t");
		argv[0] = wbt_buildpath(tc, "bin/worldbench");
		argv[1] = "chroot";
		argv[2] = "-t";
		argv[3] = "60";
		argv[4] = "-w";
		argv[5] = BOX "/t/work";
		argv[6] = archive;
		argv[7] = "--";
		argv[8] = "/bin/true";
		argv[9] = NULL;
		wbt_run(&o, argv);
		printf("%s: exit %d: %s", corpus[i].name, o.status, o.err);
		if (!untouched(corpus[i].name, before, BOX "/t") ||
		    o.status == 0 || strstr(o.err, corpus[i].want) == NULL) {
			fprintf(stderr, "%s: not refused cleanly (exit %d)\n",
			    corpus[i].name, o.status);
			nbad++;
		} else if (wbt_count_named(BOX "/t/work/roots", "") != 0) {
			fprintf(stderr, "%s: a root was left in work/roots\n",
			    corpus[i].name);
			nbad++;
		}
		free(before);
		wbt_out_fini(&o);
	}
	printf("safety: chroot runner: %zu of %zu hostile images refused "
	    "cleanly\n", nrun - (size_t)nbad, nrun);
	if (nbad > 0)
		atf_tc_fail("%d of %zu hostile images not refused cleanly "
		    "(see stderr)", nbad, nrun);
}

/*
 * An unpack that stops half-way: "worldbench image unpack" reads the
 * archive from a FIFO fed its first 8 KiB (a directory, a small file and
 * the start of a 4 MiB one), so it is known to be inside the unpack,
 * its temporary tree made, when the test strikes.  Returns the pid; the
 * write end of the FIFO is *wfd; the temporary tree's name goes to tmp.
 */
static pid_t
start_fed_unpack(const atf_tc_t *tc, const char *parent, const char *base,
    int ignore_hup, int *wfd, char *tmp, size_t cap)
{
	struct wbt_ag *a;
	struct dirent *de;
	struct timespec ts;
	char target[512], buf[8192], probe[1024];
	ssize_t n;
	pid_t pid;
	DIR *d;
	int fd, i;

	a = wbt_ag_new("feed.tar", 'p', 0);
	wbt_ag_dir(a, "etc", 0755);
	wbt_ag_file(a, "etc/a", 0644, "first\n");
	wbt_ag_zeros(a, "etc/big", 4 << 20);
	wbt_ag_close(a);
	ATF_REQUIRE(mkfifo("feed.fifo", 0600) == 0);
	snprintf(target, sizeof(target), "%s/%s", parent, base);
	ATF_REQUIRE((pid = fork()) != -1);
	if (pid == 0) {
		if ((fd = open("child.err", O_WRONLY | O_CREAT | O_TRUNC,
		    0644)) == -1 || dup2(fd, 2) == -1 || dup2(fd, 1) == -1)
			_exit(125);
		if (ignore_hup)
			signal(SIGHUP, SIG_IGN);
		execl(wbt_buildpath(tc, "bin/worldbench"), "worldbench",
		    "image", "unpack", "feed.fifo", target, (char *)NULL);
		_exit(127);
	}
	ATF_REQUIRE((*wfd = open("feed.fifo", O_WRONLY)) != -1);
	ATF_REQUIRE((fd = open("feed.tar", O_RDONLY)) != -1);
	ATF_REQUIRE((n = read(fd, buf, sizeof(buf))) == (ssize_t)sizeof(buf));
	close(fd);
	ATF_REQUIRE(write(*wfd, buf, sizeof(buf)) == (ssize_t)sizeof(buf));
	/* Wait (at most a minute) for etc/a in the temporary tree. */
	tmp[0] = '\0';
	for (i = 0; i < 6000 && tmp[0] == '\0'; i++) {
		ATF_REQUIRE((d = opendir(parent)) != NULL);
		while ((de = readdir(d)) != NULL) {
			snprintf(probe, sizeof(probe), "%s/%s/etc/a", parent,
			    de->d_name);
			if (strncmp(de->d_name, base, strlen(base)) == 0 &&
			    strstr(de->d_name, ".unpack.") != NULL &&
			    access(probe, F_OK) == 0)
				snprintf(tmp, cap, "%s", de->d_name);
		}
		closedir(d);
		ts.tv_sec = 0;
		ts.tv_nsec = 10000000;
		nanosleep(&ts, NULL);
	}
	ATF_REQUIRE_MSG(tmp[0] != '\0', "the unpack never started: %s",
	    wbt_read_file("child.err", NULL));
	return (pid);
}

ATF_TC(unpack__sigterm_removes_tree);
ATF_TC_HEAD(unpack__sigterm_removes_tree, tc)
{

	atf_tc_set_md_var(tc, "descr", "SIGTERM in the middle of image unpack: "
	    "the temporary tree is removed, then the process exits with the "
	    "signal's status, 128 + 15 (lib/util/interrupt.h)");
}
ATF_TC_BODY(unpack__sigterm_removes_tree, tc)
{
	char tmp[256];
	pid_t pid;
	int wfd, st;

	make_box();
	pid = start_fed_unpack(tc, BOX "/t", "x", 0, &wfd, tmp, sizeof(tmp));
	printf("temporary tree: %s\n", tmp);
	ATF_REQUIRE(kill(pid, SIGTERM) == 0);
	close(wfd);
	ATF_REQUIRE(waitpid(pid, &st, 0) == pid);
	printf("%s", wbt_read_file("child.err", NULL));
	ATF_CHECK_MSG(WIFEXITED(st) && WEXITSTATUS(st) == 128 + SIGTERM,
	    "status %#x", st);
	ATF_CHECK_EQ(wbt_count_named(BOX "/t", ""), 0);
}

ATF_TC(unpack__killed_tree_swept);
ATF_TC_HEAD(unpack__killed_tree_swept, tc)
{

	atf_tc_set_md_var(tc, "descr", "An unpack into WORKDIR/roots killed "
	    "with SIGKILL leaves its temporary tree; the next images --root "
	    "removes it");
}
ATF_TC_BODY(unpack__killed_tree_swept, tc)
{
	struct wbt_out o;
	char tmp[256], *argv[7];
	pid_t pid;
	int wfd, st;

	make_box();
	ATF_REQUIRE(mkdir(BOX "/t/work", 0755) == 0);
	ATF_REQUIRE(mkdir(BOX "/t/work/images", 0755) == 0);
	ATF_REQUIRE(mkdir(BOX "/t/work/roots", 0755) == 0);
	build_clean(BOX "/t/work/images/img.tar.zst", 1);
	pid = start_fed_unpack(tc, BOX "/t/work/roots", "dead", 0, &wfd, tmp,
	    sizeof(tmp));
	ATF_REQUIRE(kill(pid, SIGKILL) == 0);
	close(wfd);
	ATF_REQUIRE(waitpid(pid, &st, 0) == pid);
	ATF_REQUIRE(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	ATF_REQUIRE_EQ_MSG(wbt_count_named(BOX "/t/work/roots", ".unpack."),
	    1, "no orphan to sweep");
	argv[0] = wbt_buildpath(tc, "bin/worldbench");
	argv[1] = "images";
	argv[2] = "-w";
	argv[3] = BOX "/t/work";
	argv[4] = "--root";
	argv[5] = "img";
	argv[6] = NULL;
	wbt_run(&o, argv);
	ATF_REQUIRE_MSG(o.status == 0, "exit %d: %s", o.status, o.err);
	ATF_CHECK_EQ(wbt_count_named(BOX "/t/work/roots", ".unpack."), 0);
	/* The root and the record of the digest it was unpacked from. */
	ATF_CHECK_EQ(wbt_count_named(BOX "/t/work/roots", ".digest"), 1);
	ATF_CHECK_EQ(wbt_count_named(BOX "/t/work/roots", ""), 2);
	wbt_out_fini(&o);
}

ATF_TC(unpack__sighup_ignored_goes_on);
ATF_TC_HEAD(unpack__sighup_ignored_goes_on, tc)
{

	atf_tc_set_md_var(tc, "descr", "Under nohup (SIGHUP ignored), SIGHUP "
	    "does not stop image unpack");
}
ATF_TC_BODY(unpack__sighup_ignored_goes_on, tc)
{
	char tmp[256], buf[65536];
	ssize_t n;
	pid_t pid;
	int fd, wfd, st;

	make_box();
	pid = start_fed_unpack(tc, BOX "/t", "x", 1, &wfd, tmp, sizeof(tmp));
	ATF_REQUIRE(kill(pid, SIGHUP) == 0);
	ATF_REQUIRE((fd = open("feed.tar", O_RDONLY)) != -1);
	ATF_REQUIRE(lseek(fd, 8192, SEEK_SET) == 8192);
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		ATF_REQUIRE(write(wfd, buf, (size_t)n) == n);
	close(fd);
	close(wfd);
	ATF_REQUIRE(waitpid(pid, &st, 0) == pid);
	ATF_CHECK_MSG(WIFEXITED(st) && WEXITSTATUS(st) == 0, "status %#x: %s",
	    st, wbt_read_file("child.err", NULL));
	ATF_CHECK(access(BOX "/t/x/etc/big", F_OK) == 0);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, unpack__corpus_library);
	ATF_TP_ADD_TC(tp, unpack__corpus_command);
	ATF_TP_ADD_TC(tp, unpack__clean);
	ATF_TP_ADD_TC(tp, chroot__hostile);
	ATF_TP_ADD_TC(tp, unpack__sigterm_removes_tree);
	ATF_TP_ADD_TC(tp, unpack__killed_tree_swept);
	ATF_TP_ADD_TC(tp, unpack__sighup_ignored_goes_on);
	return (atf_no_error());
}
