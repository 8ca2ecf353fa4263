/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * World images: a root directory packed with libarchive as pax tar,
 * compressed with zstd or gzip, entries sorted bytewise by path, every
 * mtime fixed, owners and modes from a manifest (default uid 0, gid 0,
 * modes normalized: directories 0755, files 0755 if the owner may
 * execute them else 0644) so an image depends on neither the building
 * user nor the umask.  The unpacker treats every archive as hostile.
 *
 * Implemented in lib/image/image_pack.c and lib/image/image_unpack.c.
 */
#ifndef WB_IMAGE_H
#define WB_IMAGE_H

#include <signal.h>
#include <stddef.h>
#include <time.h>

struct wb_err;
struct wb_manifest;

enum wb_compress {
	WB_COMPRESS_NONE,
	WB_COMPRESS_GZIP,
	WB_COMPRESS_ZSTD
};

struct wb_pack_opts {
	enum wb_compress	 compress;
	time_t			 mtime;		/* every entry's mtime */
	struct wb_manifest	*manifest;	/* may be NULL */
	/*
	 * Keep the owners and modes on disk instead of the defaults (for
	 * roots whose modes were set explicitly, e.g. by dpkg); the
	 * manifest still overrides them.
	 */
	int			 keep_owners;
};

/*
 * Pack root into the file out, atomically (a temporary file renamed into
 * place); sha256 (may be NULL) receives the archive's digest.  A manifest
 * entry that names no path in root is an error (file:line).
 */
int	wb_image_pack(const char *root, const char *out,
	    const struct wb_pack_opts *, char sha256[65], struct wb_err *);
/* Pack root into buf (for tests); *used receives the archive size. */
int	wb_image_pack_mem(const char *root, void *buf, size_t cap,
	    size_t *used, const struct wb_pack_opts *, struct wb_err *);

/* Called once per refused entry, with the entry's path and the reason. */
typedef void	wb_refuse_fn(void *arg, const char *path, const char *why);

/* The default bounds of an unpack. */
#define WB_UNPACK_MAX_BYTES	(4ULL << 30)	/* 4 GiB */
#define WB_UNPACK_MAX_ENTRIES	1000000ULL

struct wb_unpack_opts {
	/*
	 * Bounds: the sum of the logical sizes of the regular files (a
	 * sparse file counts its full size), and the number of entries.
	 * 0: the defaults above.
	 */
	unsigned long long	 max_bytes;
	unsigned long long	 max_entries;
	wb_refuse_fn		*refuse;	/* each refusal; may be NULL */
	/*
	 * Each entry accepted with a change (setuid bit dropped); and for
	 * wb_world_root_opts(), a cached root unpacked again.
	 */
	wb_refuse_fn		*note;		/* may be NULL */
	void			*arg;		/* for all three */
	/*
	 * When non-NULL and set (by a signal handler), the unpack stops at
	 * the next entry or data block, removes its temporary tree and fails
	 * ("interrupted").
	 */
	volatile sig_atomic_t	*stop;
	/*
	 * wb_world_root_opts() only, for the tests that replace the archive
	 * at the worst moment: called with the archive's path and digest
	 * once the archive was hashed, before its cached root is looked up
	 * or it is unpacked.  NULL in every command.
	 */
	void			(*hashed)(void *arg, const char *archive,
				    const char *sha256);
};

/*
 * Unpack the archive file (or buffer) into dir, which must not exist.
 * The entries go to a temporary sibling directory, dir.unpack.XXXXXX,
 * held with flock(2) while it is written and renamed to dir only when
 * everything was accepted; otherwise it is removed, and a tree of an
 * unpack that died is removed by the next unpack to dir (see
 * wb_image_sweep()).
 *
 * Nothing is resolved lexically: every entry is created with *at()
 * calls in a parent directory opened with openat2(2) beneath the root,
 * passing through no symbolic link (so nothing is ever written through
 * one), and files with O_CREAT | O_EXCL | O_NOFOLLOW.  Refused, each
 * reported through opts->refuse with the entry's name (escaped:
 * control and non-ASCII bytes as \ooo): absolute paths, ".."
 * components, an entry whose parent is a symbolic link or not a
 * directory, the same path spelled twice ("etc//x", "etc/./x" and
 * "etc/x" are one path), an entry replacing a directory made implicitly
 * for an earlier entry, hard links to anything but an earlier regular
 * file of the archive and hard links carrying data, device nodes, FIFOs
 * and sockets (the manifest is not in the archive, so nothing can
 * declare them), symbolic links whose resolution in the unpacked tree
 * (absolute targets from its root) climbs above the root, a total size
 * or entry count over the bounds (the unpack stops there), and
 * truncated or corrupt streams.  Any refusal makes the call fail and
 * leaves nothing behind.
 *
 * Modes: the archive's permission bits without setuid and setgid (each
 * drop reported through opts->note), and without the sticky bit except
 * on directories; directories made implicitly get 0755.  Owners are
 * the archive's when running as root.  libarchive only reads: it never
 * writes to the disk.  Returns the number of entries, or -1.
 */
long	wb_image_unpack_opts(const char *archive, const char *dir,
	    const struct wb_unpack_opts *, struct wb_err *);
long	wb_image_unpack_mem_opts(const void *buf, size_t len, const char *dir,
	    const struct wb_unpack_opts *, struct wb_err *);
/*
 * The same from the descriptor fd, read from its offset to its end
 * (aname names it in messages), keeping the tree only when the bytes
 * read, the ones libarchive unpacked and whatever follows the last
 * entry, have the digest sha256 (lowercase hex).  Otherwise the tree is
 * removed and the error names the archive and both digests: hash a
 * file through the descriptor it is then unpacked from, and a file
 * rewritten in between is refused rather than unpacked under the old
 * digest.
 */
long	wb_image_unpack_fd_opts(int fd, const char *aname,
	    const char *sha256, const char *dir, const struct wb_unpack_opts *,
	    struct wb_err *);
/* The same with the default bounds, refusals to fn, notes dropped. */
long	wb_image_unpack(const char *archive, const char *dir, wb_refuse_fn *,
	    void *, struct wb_err *);
long	wb_image_unpack_mem(const void *buf, size_t len, const char *dir,
	    wb_refuse_fn *, void *, struct wb_err *);

/*
 * Remove the temporary trees of unpacks that died (kill -9, power loss)
 * from the directory parent: those named name.unpack.XXXXXX, or with
 * name NULL every *.unpack.* directory, that no live process holds
 * (flock).  The removal stays inside each tree and follows no link.
 * *removed (may be NULL) receives the number of trees removed.
 */
int	wb_image_sweep(const char *parent, const char *name, long *removed,
	    struct wb_err *);

#endif
