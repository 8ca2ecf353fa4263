/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The unpacker's bookkeeping: entry names (normalized, escaped), the
 * paths already on the disk, and the directories' final modes and times.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <search.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "image.h"
#include "image_unpack_int.h"
#include "wb_util.h"

/* Count a refusal and hand it to the caller's callback. */
void
wb_image_unpack_refuse(struct unpack *u, const char *name, const char *fmt, ...)
{
	char why[1024];
	va_list ap;

	u->refused++;
	if (u->o->refuse == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	u->o->refuse(u->o->arg, name, why);
}

int
wb_image_unpack_stopped(const struct unpack *u)
{

	return (wb_interrupt_pending() != 0 ||
	    (u->o->stop != NULL && *u->o->stop != 0));
}

char *
wb_image_unpack_escape(const char *s)
{
	unsigned char c;
	char *out, *o;

	if ((out = malloc(strlen(s) * 4 + 1)) == NULL)
		return (NULL);
	for (o = out; (c = (unsigned char)*s) != '\0'; s++)
		if (c < 0x20 || c >= 0x7f || c == '\\')
			o += sprintf(o, "\\%03o", c);
		else
			*o++ = (char)c;
	*o = '\0';
	return (out);
}

const char *
wb_image_unpack_normalize(const char *raw, char *out)
{
	const char *p;
	size_t len, o;

	if (raw[0] == '/')
		return ("absolute path");
	o = 0;
	for (p = raw; *p != '\0'; p += len + (p[len] == '/')) {
		len = strcspn(p, "/");
		if (len == 0 || (len == 1 && p[0] == '.'))
			continue;
		if (len == 2 && p[0] == '.' && p[1] == '.')
			return ("'..' component");
		if (len > NAME_MAX)
			return ("a component longer than NAME_MAX");
		if (o + len + 2 > PATH_MAX)
			return ("path longer than PATH_MAX");
		if (o > 0)
			out[o++] = '/';
		memcpy(out + o, p, len);
		o += len;
	}
	out[o] = '\0';
	return (NULL);
}

static int
node_cmp(const void *a, const void *b)
{

	return (strcmp(((const struct unode *)a)->path,
	    ((const struct unode *)b)->path));
}

struct unode *
wb_image_unpack_node_find(struct unpack *u, const char *path)
{
	struct unode key, **f;

	key.path = (char *)(uintptr_t)path;
	f = tfind(&key, &u->tree, node_cmp);
	return (f != NULL ? *f : NULL);
}

static void
node_free(void *p)
{
	struct unode *n = p;

	free(n->path);
	free(n->name);
	free(n);
}

static int
nodes_push(struct unodes *ns, struct unode *n)
{
	struct unode **nv;
	size_t cap;

	if (ns->n == ns->cap) {
		cap = ns->cap != 0 ? ns->cap * 2 : 64;
		if ((nv = reallocarray(ns->v, cap, sizeof(*nv))) == NULL)
			return (-1);
		ns->v = nv;
		ns->cap = cap;
	}
	ns->v[ns->n++] = n;
	return (0);
}

struct unode *
wb_image_unpack_node_add(struct unpack *u, const char *path, const char *name,
    mode_t type)
{
	struct unode *n, **f;

	if ((n = calloc(1, sizeof(*n))) == NULL)
		return (NULL);
	if ((n->path = strdup(path)) == NULL ||
	    (n->name = strdup(name)) == NULL ||
	    (f = tsearch(n, &u->tree, node_cmp)) == NULL) {
		node_free(n);
		return (NULL);
	}
	n->type = type;
	if ((type == S_IFDIR && nodes_push(&u->dirs, n) == -1) ||
	    (type == S_IFLNK && nodes_push(&u->links, n) == -1)) {
		tdelete(n, &u->tree, node_cmp);
		node_free(n);
		return (NULL);
	}
	return (n);
}

void
wb_image_unpack_nodes_free(struct unpack *u)
{

	tdestroy(u->tree, node_free);
	u->tree = NULL;
	free(u->dirs.v);
	free(u->links.v);
	memset(&u->dirs, 0, sizeof(u->dirs));
	memset(&u->links, 0, sizeof(u->links));
}

static int
cmp_desc(const void *a, const void *b)
{

	return (strcmp((*(struct unode *const *)b)->path,
	    (*(struct unode *const *)a)->path));
}

int
wb_image_unpack_fixup(struct unpack *u, struct wb_err *err)
{
	struct timespec ts[2];
	struct unode *n;
	size_t i;
	int fd;

	/* Deepest first: a parent's mode never stops its children's. */
	if (u->dirs.n > 0)
		qsort(u->dirs.v, u->dirs.n, sizeof(*u->dirs.v), cmp_desc);
	for (i = 0; i < u->dirs.n; i++) {
		n = u->dirs.v[i];
		if ((fd = wb_fs_open_beneath(u->rootfd, n->path, O_RDONLY |
		    O_DIRECTORY | O_NOFOLLOW)) == -1)
			return (wb_err_setsys(err, "%s", n->name));
		ts[0] = ts[1] = n->mtime;
		if (fchmod(fd, n->perm) == -1 ||
		    (!n->implicit && futimens(fd, ts) == -1)) {
			wb_err_setsys(err, "%s", n->name);
			close(fd);
			return (-1);
		}
		close(fd);
	}
	return (0);
}
