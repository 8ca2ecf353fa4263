/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The unpacker's insides, shared by image_unpack.c (the archive, the
 * temporary tree, the bounds), image_unpack_entry.c (one entry onto the
 * disk), image_unpack_node.c (the bookkeeping) and image_unpack_link.c
 * (where symbolic links lead).
 */
#ifndef WB_IMAGE_UNPACK_INT_H
#define WB_IMAGE_UNPACK_INT_H

#include <sys/types.h>

#include <time.h>

struct archive;
struct archive_entry;
struct wb_err;
struct wb_unpack_opts;

/* One path of the unpacked tree. */
struct unode {
	char		*path;		/* normalized: "a/b", no "." or "" */
	char		*name;		/* the entry's name, escaped */
	mode_t		 type;		/* S_IFREG, S_IFDIR or S_IFLNK */
	int		 implicit;	/* a directory made for a deeper entry */
	mode_t		 perm;		/* directories: the final mode */
	struct timespec	 mtime;		/* explicit directories */
};

struct unodes {
	struct unode	**v;
	size_t		  n, cap;
};

struct unpack {
	const struct wb_unpack_opts *o;
	unsigned long long	 max_bytes, max_entries;
	int			 rootfd;	/* the temporary tree */
	int			 owners;	/* running as root */
	void			*tree;		/* tsearch of unodes by path */
	struct unodes		 dirs, links;
	unsigned long long	 bytes;		/* logical bytes so far */
	long			 entries, refused;
	int			 bounded;	/* a bound was hit: stop */
};

/* A reader of every format and filter an image may come in. */
struct archive *wb_image_unpack_reader_new(struct wb_err *);
/*
 * The last check before the temporary tree is renamed into place:
 * 0 to rename it, -1 (err set) to remove it and fail.
 */
typedef int	wb_unpack_verify_fn(void *arg, struct wb_err *);
/*
 * Unpack the archive open in "in" (called aname in messages) into dir,
 * by way of a temporary tree (image.h); verify may be NULL.  Returns
 * the number of entries, or -1.
 */
long	wb_image_unpack_archive(struct archive *in, const char *aname,
	    const char *dir, const struct wb_unpack_opts *,
	    wb_unpack_verify_fn *verify, void *varg, struct wb_err *);

/* Report a refusal of the entry called name (already escaped). */
void	wb_image_unpack_refuse(struct unpack *, const char *name,
	    const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Nonzero when the caller's stop flag is set. */
int	wb_image_unpack_stopped(const struct unpack *);

/* A malloc'ed copy of s with control, non-ASCII and '\\' bytes as \ooo. */
char	*wb_image_unpack_escape(const char *s);
/* Normalize raw into out (PATH_MAX): NULL, or why it is refused. */
const char *wb_image_unpack_normalize(const char *raw, char *out);
struct unode *wb_image_unpack_node_find(struct unpack *, const char *path);
/* Record a path created on the disk; NULL (errno) when out of memory. */
struct unode *wb_image_unpack_node_add(struct unpack *, const char *path,
	    const char *name, mode_t type);
/*
 * Put one entry onto the disk: 0 done or refused (u->refused counts),
 * -1 an error (err set: the archive or the disk failed).
 */
int	wb_image_unpack_entry(struct unpack *, struct archive *,
	    struct archive_entry *, struct wb_err *);
/* After the last entry: directory modes and times. */
int	wb_image_unpack_fixup(struct unpack *, struct wb_err *);
void	wb_image_unpack_nodes_free(struct unpack *);
/* Refuse every symbolic link whose resolution climbs above the root. */
int	wb_image_unpack_check_links(struct unpack *, struct wb_err *);

#endif
