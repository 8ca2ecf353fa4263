/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where the symbolic links of an unpacked tree lead.  Once every entry
 * is on the disk, each link is resolved the way the kernel resolves it
 * inside the image root: component by component, looking at what is
 * really there (wb_fs_open_beneath(), never following anything itself),
 * splicing in the target of every link met on the way, absolute targets
 * from the image root.  Where a component does not exist the rest is
 * taken lexically, as it could be made later.  A link whose resolution
 * would go above the root is refused, so "s -> ." plus "t -> s/.." is
 * caught where a check of each target's text alone is not.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "image_unpack_int.h"
#include "wb_util.h"

#define MAX_HOPS	40	/* the kernel's limit of links in one lookup */

enum { STAYS, CLIMBS, LOOPS, TOOLONG };

struct walk {
	char	cur[PATH_MAX];	/* where the walk stands; "" is the root */
	size_t	len;
	int	virtual;	/* cur goes through something missing */
	int	hops;
};

static int
push(struct walk *w, const char *c, size_t n)
{

	if (w->len + n + 2 > sizeof(w->cur))
		return (-1);
	if (w->len > 0)
		w->cur[w->len++] = '/';
	memcpy(w->cur + w->len, c, n);
	w->len += n;
	w->cur[w->len] = '\0';
	return (0);
}

static void
pop(struct walk *w)
{
	char *s;

	s = memrchr(w->cur, '/', w->len);
	w->len = s != NULL ? (size_t)(s - w->cur) : 0;
	w->cur[w->len] = '\0';
}

static void
to_root(struct walk *w)
{

	w->len = 0;
	w->cur[0] = '\0';
}

/* target + "/" + rest, malloc'ed. */
static char *
join_rest(const char *target, const char *rest)
{
	char *s;

	if (asprintf(&s, "%s/%s", target, rest) == -1)
		return (NULL);
	return (s);
}

/* The target of the link fd (an O_PATH descriptor), into buf. */
static int
read_target(int fd, char *buf, size_t cap)
{
	ssize_t n;

	if ((n = readlinkat(fd, "", buf, cap - 1)) == -1)
		return (-1);
	if ((size_t)n >= cap - 1) {
		errno = ENAMETOOLONG;
		return (-1);
	}
	buf[n] = '\0';
	return (0);
}

/*
 * Look at w->cur, just extended by one component: 0 a directory (or
 * missing: w->virtual set), 1 a link (its target in t), 2 anything else,
 * -1 an error.
 */
static int
look(int rootfd, struct walk *w, char *t, size_t cap, struct wb_err *err)
{
	struct stat st;
	int fd, r;

	if ((fd = wb_fs_open_beneath(rootfd, w->cur, O_PATH | O_NOFOLLOW)) ==
	    -1) {
		/* Missing (or a name no file system can hold). */
		if (errno == ENOENT || errno == ENAMETOOLONG) {
			w->virtual = 1;
			return (0);
		}
		if (errno == ENOSYS)
			return (wb_err_set(err, "%s", WB_OPENAT2_ENOSYS));
		return (wb_err_setsys(err, "open"));
	}
	r = 2;
	if (fstat(fd, &st) == -1)
		r = wb_err_setsys(err, "stat");
	else if (S_ISDIR(st.st_mode))
		r = 0;
	else if (S_ISLNK(st.st_mode))
		r = read_target(fd, t, cap) == -1 ?
		    wb_err_setsys(err, "readlink") : 1;
	close(fd);
	return (r);
}

/* Resolve the link at path (whose target is text): STAYS, CLIMBS, ... */
static int
resolve(int rootfd, const char *path, const char *text, struct wb_err *err)
{
	char t[PATH_MAX], *rest, *next;
	const char *p;
	struct walk *w;
	size_t n;
	int r, k;

	if ((w = calloc(1, sizeof(*w))) == NULL || (rest = strdup(text)) ==
	    NULL) {
		free(w);
		return (wb_err_setsys(err, "resolve"));
	}
	if ((p = strrchr(path, '/')) != NULL)
		push(w, path, (size_t)(p - path));
	if (rest[0] == '/')
		to_root(w);
	r = STAYS;
	for (p = rest; r == STAYS; p += n) {
		while (*p == '/')
			p++;
		if ((n = strcspn(p, "/")) == 0)
			break;
		if (n == 1 && p[0] == '.')
			continue;
		if (n == 2 && p[0] == '.' && p[1] == '.') {
			if (w->len == 0)
				r = CLIMBS;
			pop(w);
			continue;
		}
		if (push(w, p, n) == -1) {
			r = TOOLONG;
			break;
		}
		if (w->virtual)
			continue;
		if ((k = look(rootfd, w, t, sizeof(t), err)) == -1) {
			r = -1;
			break;
		}
		if (k == 2)		/* a file: the lookup ends here */
			break;
		if (k == 0)
			continue;
		if (++w->hops > MAX_HOPS) {
			r = LOOPS;
			break;
		}
		pop(w);
		if (t[0] == '/')
			to_root(w);
		if ((next = join_rest(t, p + n)) == NULL) {
			r = wb_err_setsys(err, "resolve");
			break;
		}
		free(rest);
		rest = next;
		p = rest;
		n = 0;
	}
	free(rest);
	free(w);
	return (r);
}

int
wb_image_unpack_check_links(struct unpack *u, struct wb_err *err)
{
	char t[PATH_MAX], *et;
	struct unode *l;
	size_t i;
	int fd, r;

	for (i = 0; i < u->links.n; i++) {
		l = u->links.v[i];
		if ((fd = wb_fs_open_beneath(u->rootfd, l->path, O_PATH |
		    O_NOFOLLOW)) == -1)
			return (wb_err_setsys(err, "%s", l->name));
		r = read_target(fd, t, sizeof(t));
		close(fd);
		if (r == -1)
			return (wb_err_setsys(err, "%s: readlink", l->name));
		if ((r = resolve(u->rootfd, l->path, t, err)) == -1) {
			char msg[sizeof(err->msg)];

			snprintf(msg, sizeof(msg), "%s", err->msg);
			return (wb_err_set(err, "%s: %s", l->name, msg));
		}
		if (r == STAYS)
			continue;
		if ((et = wb_image_unpack_escape(t)) == NULL)
			return (wb_err_setsys(err, "%s", l->name));
		if (r == CLIMBS)
			wb_image_unpack_refuse(u, l->name,
			    "symbolic link to '%s' "
			    "resolves above the image root", et);
		else if (r == LOOPS)
			wb_image_unpack_refuse(u, l->name,
			    "symbolic link to '%s' "
			    "meets more than %d links on the way", et,
			    MAX_HOPS);
		else
			wb_image_unpack_refuse(u, l->name,
			    "symbolic link to '%s' "
			    "resolves to a path longer than PATH_MAX", et);
		free(et);
	}
	return (0);
}
