/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Tree merging with override reports, and overlays (see overlay.h).
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "manifest.h"
#include "overlay.h"
#include "wb_sandbox.h"
#include "wb_util.h"
#include "world_fs.h"

/* path -> label of whatever put it in the root last. */
struct owner {
	char	*path;
	char	*label;
};

struct wb_overlay_owners {
	void	*tree;
};

struct merge {
	struct wb_overlay_owners	*own;
	const char		*label;
	wb_override_fn		*fn;
	void			*arg;
};

static int
cmp_owner(const void *a, const void *b)
{

	return (strcmp(((const struct owner *)a)->path,
	    ((const struct owner *)b)->path));
}

static void
free_owner(void *p)
{
	struct owner *o = p;

	free(o->path);
	free(o->label);
	free(o);
}

struct wb_overlay_owners *
wb_overlay_owners_new(struct wb_err *err)
{
	struct wb_overlay_owners *o;

	if ((o = calloc(1, sizeof(*o))) == NULL)
		wb_err_setsys(err, "calloc");
	return (o);
}

void
wb_overlay_owners_free(struct wb_overlay_owners *o)
{

	if (o == NULL)
		return;
	tdestroy(o->tree, free_owner);
	free(o);
}

/*
 * Record rel as coming from label (with append, from label as well: a
 * file that fragments of several overlays make); *was gets the previous
 * label or NULL, to free.
 */
static int
own_label(struct wb_overlay_owners *own, const char *rel, const char *m_label,
    int append, char **was, struct wb_err *err)
{
	struct owner key, *o, **found;
	char *label;

	*was = NULL;
	key.path = (char *)rel;
	found = tfind(&key, &own->tree, cmp_owner);
	if (found != NULL && append) {
		if (asprintf(&label, "%s, %s", (*found)->label, m_label) == -1)
			return (wb_err_setsys(err, "asprintf"));
	} else if ((label = strdup(m_label)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	if (found != NULL) {
		*was = (*found)->label;
		(*found)->label = label;
		return (0);
	}
	if ((o = calloc(1, sizeof(*o))) == NULL ||
	    (o->path = strdup(rel)) == NULL) {
		free(o);
		free(label);
		return (wb_err_setsys(err, "calloc"));
	}
	o->label = label;
	if (tsearch(o, &own->tree, cmp_owner) == NULL) {
		free_owner(o);
		return (wb_err_setsys(err, "tsearch"));
	}
	return (0);
}

static int
own(struct merge *m, const char *rel, char **was, struct wb_err *err)
{

	return (own_label(m->own, rel, m->label, 0, was, err));
}

/* Writing the owners: an in-order walk of the tree into arg, a FILE. */
static void
owner_line(const void *node, VISIT v, void *arg)
{
	const struct owner *o = *(const struct owner *const *)node;

	if (v == postorder || v == leaf)
		fprintf(arg, "%s\t%s\n", o->path, o->label);
}

int
wb_overlay_owners_write(const struct wb_overlay_owners *own, const char *path,
    struct wb_err *err)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;
	int rc;

	if ((fp = open_memstream(&buf, &len)) == NULL)
		return (wb_err_setsys(err, "open_memstream"));
	twalk_r(own->tree, owner_line, fp);
	if (fclose(fp) != 0) {
		free(buf);
		return (wb_err_setsys(err, "%s", path));
	}
	rc = wb_atomic_write(path, buf, len, 0644, err);
	free(buf);
	return (rc);
}

static int
skipped(const char *name)
{
	size_t len = strlen(name);

	return (strcmp(name, ".git") == 0 || strcmp(name, ".svn") == 0 ||
	    strcmp(name, ".hg") == 0 || (len > 0 && name[len - 1] == '~'));
}

static int
merge_dir(struct merge *m, const char *src, const char *dst, const char *rel,
    struct wb_err *err)
{
	char s[PATH_MAX], d[PATH_MAX], r[PATH_MAX], *was;
	struct stat ss, ds;
	struct dirent *de;
	DIR *dir;
	int rc;

	if ((dir = opendir(src)) == NULL)
		return (wb_err_setsys(err, "opendir %s", src));
	rc = 0;
	while (rc == 0 && (errno = 0, de = readdir(dir)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0 || skipped(de->d_name))
			continue;
		if ((size_t)snprintf(s, sizeof(s), "%s/%s", src, de->d_name) >=
		    sizeof(s) || (size_t)snprintf(d, sizeof(d), "%s/%s", dst,
		    de->d_name) >= sizeof(d) || (size_t)snprintf(r, sizeof(r),
		    "%s%s%s", rel, *rel == '\0' ? "" : "/", de->d_name) >=
		    sizeof(r)) {
			rc = wb_err_set(err, "%s/%s: path too long", src,
			    de->d_name);
			break;
		}
		if (lstat(s, &ss) == -1) {
			rc = wb_err_setsys(err, "stat %s", s);
			break;
		}
		if (lstat(d, &ds) == 0) {
			if (S_ISDIR(ss.st_mode) && S_ISDIR(ds.st_mode)) {
				rc = merge_dir(m, s, d, r, err);
				continue;
			}
			if (S_ISDIR(ds.st_mode) || S_ISDIR(ss.st_mode)) {
				rc = wb_err_set(err, "%s: %s replaces a %s with "
				    "a %s", r, m->label, S_ISDIR(ds.st_mode) ?
				    "directory" : "non-directory",
				    S_ISDIR(ss.st_mode) ? "directory" :
				    "non-directory");
				break;
			}
			if (unlink(d) == -1) {
				rc = wb_err_setsys(err, "unlink %s", d);
				break;
			}
			if ((rc = own(m, r, &was, err)) == -1)
				break;
			if (m->fn != NULL)
				m->fn(m->arg, r, was != NULL ? was : "(root)",
				    m->label);
			free(was);
		} else if (errno != ENOENT) {
			rc = wb_err_setsys(err, "stat %s", d);
			break;
		} else if ((rc = own(m, r, &was, err)) == -1)
			break;
		else
			free(was);
		if ((rc = wb_world_fs_copy_entry(s, d, err)) == -1)
			break;
		if (S_ISDIR(ss.st_mode))
			rc = merge_dir(m, s, d, r, err);
	}
	if (rc == 0 && errno != 0)
		rc = wb_err_setsys(err, "readdir %s", src);
	closedir(dir);
	return (rc);
}

int
wb_overlay_tree_merge(const char *src, const char *dst, const char *label,
    struct wb_overlay_owners *own, wb_override_fn *fn, void *arg,
    struct wb_err *err)
{
	struct merge m;

	m.own = own;
	m.label = label;
	m.fn = fn;
	m.arg = arg;
	if (wb_world_fs_mkdirs(dst, 0755, err) == -1)
		return (-1);
	return (merge_dir(&m, src, dst, "", err));
}

struct frag_report {
	wb_override_fn	*fn;
	void		*arg;
	const char	*rel;
};

static void
frag_override(void *arg, const struct wb_frag_entry *old,
    const struct wb_frag_entry *new, int same)
{
	struct frag_report *fr = arg;
	char path[PATH_MAX], was[PATH_MAX + 64], now[PATH_MAX + 64];

	if (fr->fn == NULL)
		return;
	snprintf(path, sizeof(path), "%s:%s", fr->rel, new->key);
	snprintf(was, sizeof(was), "%s:%u (%s)", old->file, old->line,
	    old->value == NULL ? "not set" : old->value);
	snprintf(now, sizeof(now), "%s:%u (%s)%s", new->file, new->line,
	    new->value == NULL ? "not set" : new->value,
	    same ? " same value" : "");
	fr->fn(fr->arg, path, was, now);
}

/*
 * Merge the fragment s into the file name of the directory dfd (shown as
 * d): the existing file is read and the result written through dfd, never
 * through a symbolic link of the root.
 */
static int
merge_fragment(int dfd, const char *name, const char *s, const char *d,
    struct frag_report *fr, struct wb_err *err)
{
	struct wb_fragment f;
	struct stat st;
	char *buf;
	int fd, rc;

	wb_fragment_init(&f);
	rc = 0;
	if ((fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC)) != -1) {
		if (fstat(fd, &st) == -1)
			rc = wb_err_setsys(err, "%s", d);
		else if (!S_ISREG(st.st_mode))
			rc = wb_err_set(err, "%s: fragment target is not a "
			    "regular file", d);
		else
			rc = wb_fragment_merge_fd(&f, fd, d, NULL, NULL, err);
		close(fd);
	} else if (errno == ELOOP)
		rc = wb_err_set(err, "%s: fragment target is a symbolic link, "
		    "not followed", d);
	else if (errno != ENOENT)
		rc = wb_err_setsys(err, "%s", d);
	if (rc == 0)
		rc = wb_fragment_merge_nofollow(&f, s, frag_override, fr, err);
	if (rc == 0 && (buf = wb_fragment_format(&f, err)) == NULL)
		rc = -1;
	if (rc == 0) {
		rc = wb_beneath_write(dfd, name, buf, strlen(buf), 0644, d,
		    err);
		free(buf);
	}
	wb_fragment_fini(&f);
	return (rc);
}

/*
 * Merge every file under fragdir/rel into root/rel, dfd being the open
 * directory root/rel; directories are created and entered without
 * following links.
 */
static int
merge_fragments(const char *fragdir, const char *rel, const char *root,
    int dfd, struct merge *m, wb_override_fn *fn, void *arg,
    struct wb_err *err)
{
	char s[PATH_MAX], d[PATH_MAX], r[PATH_MAX], *was;
	struct frag_report fr;
	struct wb_err sube;
	struct stat st;
	struct dirent *de;
	DIR *dir;
	int rc, sub;

	snprintf(s, sizeof(s), "%s%s%s", fragdir, *rel == '\0' ? "" : "/",
	    rel);
	if ((dir = opendir(s)) == NULL)
		return (wb_err_setsys(err, "opendir %s", s));
	rc = 0;
	while (rc == 0 && (errno = 0, de = readdir(dir)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0 || skipped(de->d_name))
			continue;
		if ((size_t)snprintf(r, sizeof(r), "%s%s%s", rel,
		    *rel == '\0' ? "" : "/", de->d_name) >= sizeof(r) ||
		    (size_t)snprintf(s, sizeof(s), "%s/%s", fragdir, r) >=
		    sizeof(s) || (size_t)snprintf(d, sizeof(d), "%s/%s", root,
		    r) >= sizeof(d)) {
			rc = wb_err_set(err, "%s: path too long", r);
			break;
		}
		if (lstat(s, &st) == -1) {
			rc = wb_err_setsys(err, "stat %s", s);
			break;
		}
		if (S_ISLNK(st.st_mode)) {
			rc = wb_err_set(err, "%s: fragment is a symbolic link, "
			    "not followed", s);
			break;
		}
		if (S_ISDIR(st.st_mode)) {
			if ((sub = wb_beneath_mkdirs(dfd, de->d_name, 0755,
			    &sube)) == -1) {
				rc = wb_err_set(err, "%s: %s", d, sube.msg);
				break;
			}
			rc = merge_fragments(fragdir, r, root, sub, m, fn,
			    arg, err);
			close(sub);
			continue;
		}
		fr.fn = fn;
		fr.arg = arg;
		fr.rel = r;
		rc = merge_fragment(dfd, de->d_name, s, d, &fr, err);
		if (rc == 0 && m->own != NULL) {
			rc = own_label(m->own, r, m->label, 1, &was, err);
			free(was);
		}
	}
	if (rc == 0 && errno != 0)
		rc = wb_err_setsys(err, "readdir %s", s);
	closedir(dir);
	return (rc);
}

/* Open root (created when missing) and merge the fragments into it. */
static int
apply_fragments(const char *fragdir, const char *root, struct merge *m,
    wb_override_fn *fn, void *arg, struct wb_err *err)
{
	int fd, rc;

	if (wb_world_fs_mkdirs(root, 0755, err) == -1)
		return (-1);
	if ((fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return (wb_err_setsys(err, "%s", root));
	rc = merge_fragments(fragdir, "", root, fd, m, fn, arg, err);
	close(fd);
	return (rc);
}

int
wb_overlay_apply(const char *overlay, const char *root,
    struct wb_overlay_owners *own,
    struct wb_manifest *man, wb_override_fn *fn, void *arg,
    struct wb_err *err)
{
	char path[PATH_MAX], label[PATH_MAX];
	struct merge m;
	struct stat st;
	const char *name;

	memset(&m, 0, sizeof(m));
	name = strrchr(overlay, '/') != NULL ? strrchr(overlay, '/') + 1 :
	    overlay;
	if (stat(overlay, &st) == -1 || !S_ISDIR(st.st_mode))
		return (wb_err_set(err, "overlay %s: no such directory",
		    overlay));
	snprintf(label, sizeof(label), "overlay %s", name);
	snprintf(path, sizeof(path), "%s/rootfs", overlay);
	if (stat(path, &st) == 0 &&
	    wb_overlay_tree_merge(path, root, label, own, fn, arg, err) == -1)
		return (-1);
	snprintf(path, sizeof(path), "%s/fragments", overlay);
	m.own = own;
	m.label = label;
	if (stat(path, &st) == 0 &&
	    apply_fragments(path, root, &m, fn, arg, err) == -1)
		return (-1);
	snprintf(path, sizeof(path), "%s/manifest", overlay);
	if (stat(path, &st) == 0 && wb_manifest_load(man, path, err) == -1)
		return (-1);
	return (0);
}
