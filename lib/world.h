/*
 * World images in the work directory.
 */
#ifndef WB_WORLD_H
#define WB_WORLD_H

struct wb_err;

/*
 * The root directory for IMAGE: an unpacked root directory as it is, or
 * an image archive unpacked once into WORKDIR/roots/<sha256>/ (verified
 * by its digest; reused when present, since it is only renamed into place
 * complete).  Returns a malloc'ed absolute path.  Refusals of the
 * unpacker are reported through refuse (may be NULL).
 */
char	*wb_world_root(const char *image, const char *workdir,
	    void (*refuse)(void *, const char *, const char *), void *,
	    struct wb_err *);

#endif
