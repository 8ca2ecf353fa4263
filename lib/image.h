/*
 * World images: a root directory packed with libarchive as pax tar,
 * compressed with zstd or gzip, entries sorted bytewise by path, every
 * mtime fixed, owners and modes from a manifest (default uid 0, gid 0,
 * modes normalized: directories 0755, files 0755 if the owner may
 * execute them else 0644) so an image depends on neither the building
 * user nor the umask.  The unpacker treats every archive as hostile.
 *
 * Implemented in lib/image_pack.c and lib/image_unpack.c.
 */
#ifndef WB_IMAGE_H
#define WB_IMAGE_H

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

/*
 * Unpack the archive file (or buffer) into dir, which must not exist:
 * the entries go to a temporary sibling directory that is renamed to
 * dir only when everything was extracted.  Refused: absolute paths, ".."
 * components, device nodes, FIFOs and sockets, duplicates, hard links to
 * anything but an earlier entry, relative symlinks climbing out of the
 * root, truncated or corrupt streams.  Each refusal is reported through
 * fn; any refusal makes the call fail and leaves nothing behind.
 * Extraction uses ARCHIVE_EXTRACT_SECURE_SYMLINKS |
 * ARCHIVE_EXTRACT_SECURE_NODOTDOT | ARCHIVE_EXTRACT_SECURE_NOABSOLUTEPATHS.
 * Absolute symlink targets are kept: inside the image root they resolve
 * within the root.  Returns the number of entries, or -1.
 */
long	wb_image_unpack(const char *archive, const char *dir, wb_refuse_fn *,
	    void *, struct wb_err *);
long	wb_image_unpack_mem(const void *buf, size_t len, const char *dir,
	    wb_refuse_fn *, void *, struct wb_err *);

#endif
