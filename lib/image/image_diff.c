/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Compare two image archives (see image_diff.h): read each into a list
 * of entries (path, type, mode, owner, link target, size, content
 * hash), sort both by path and walk them side by side.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <archive.h>
#include <archive_entry.h>

#include "image_diff.h"
#include "image_diff_int.h"
#include "wb_util.h"

void
wb_image_entries_free(struct entries *es)
{
	size_t i;

	for (i = 0; i < es->n; i++) {
		free(es->v[i].path);
		free(es->v[i].link);
	}
	free(es->v);
	memset(es, 0, sizeof(*es));
}

/* "./etc/x" and "etc/x" are one path; a directory's "/" is dropped. */
static char *
clean_path(const char *p)
{
	char *c;
	size_t n;

	while (p[0] == '.' && p[1] == '/')
		p += 2;
	if ((c = strdup(p)) == NULL)
		return (NULL);
	n = strlen(c);
	while (n > 1 && c[n - 1] == '/')
		c[--n] = '\0';
	return (c);
}

static int
hash_data(struct archive *ar, const char *file, struct entry *e,
    struct wb_err *err)
{
	struct wb_sha256 *h;
	char buf[65536];
	la_ssize_t n;

	if ((h = wb_digest_sha256_new(err)) == NULL)
		return (-1);
	while ((n = archive_read_data(ar, buf, sizeof(buf))) > 0)
		if (wb_digest_sha256_update(h, buf, (size_t)n, err) == -1)
			break;
	if (n < 0) {
		wb_err_set(err, "%s: %s: %s", file, e->path,
		    archive_error_string(ar));
		wb_digest_sha256_free(h);
		return (-1);
	}
	if (n > 0) {
		wb_digest_sha256_free(h);
		return (-1);
	}
	if (wb_digest_sha256_final(h, e->sha, err) == -1) {
		wb_digest_sha256_free(h);
		return (-1);
	}
	wb_digest_sha256_free(h);
	return (0);
}

/* A new zeroed entry at the end of es; NULL with err set. */
struct entry *
wb_image_entries_add(struct entries *es, const char *file, struct wb_err *err)
{
	struct entry *v;

	if (es->n == WB_IMAGE_DIFF_MAXENTRIES) {
		wb_err_set(err, "%s: more than %d entries", file,
		    WB_IMAGE_DIFF_MAXENTRIES);
		return (NULL);
	}
	if (es->n == es->cap) {
		es->cap = es->cap == 0 ? 256 : es->cap * 2;
		if ((v = reallocarray(es->v, es->cap, sizeof(*v))) == NULL) {
			wb_err_setsys(err, "realloc");
			return (NULL);
		}
		es->v = v;
	}
	memset(&es->v[es->n], 0, sizeof(es->v[0]));
	return (&es->v[es->n++]);
}

static int
add_entry(struct entries *es, struct archive *ar, struct archive_entry *ae,
    const char *file, struct wb_err *err)
{
	struct entry *e;
	const char *l;

	if ((e = wb_image_entries_add(es, file, err)) == NULL)
		return (-1);
	if ((e->path = clean_path(archive_entry_pathname(ae) != NULL ?
	    archive_entry_pathname(ae) : "")) == NULL)
		return (wb_err_setsys(err, "strdup"));
	e->type = archive_entry_filetype(ae);
	e->perm = archive_entry_perm(ae);
	e->uid = (long long)archive_entry_uid(ae);
	e->gid = (long long)archive_entry_gid(ae);
	e->size = (long long)archive_entry_size(ae);
	l = archive_entry_hardlink(ae) != NULL ? archive_entry_hardlink(ae) :
	    archive_entry_symlink(ae);
	if (l != NULL && (e->link = strdup(l)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	if (e->type == AE_IFREG && archive_entry_hardlink(ae) == NULL)
		return (hash_data(ar, file, e, err));
	return (0);
}

static int
by_path(const void *a, const void *b)
{

	return (strcmp(((const struct entry *)a)->path,
	    ((const struct entry *)b)->path));
}

int
wb_image_entries_sort(struct entries *es, const char *file,
    struct wb_err *err)
{
	size_t i;

	qsort(es->v, es->n, sizeof(*es->v), by_path);
	for (i = 1; i < es->n; i++)
		if (strcmp(es->v[i - 1].path, es->v[i].path) == 0)
			return (wb_err_set(err, "%s: %s: two entries", file,
			    es->v[i].path));
	return (0);
}

int
wb_image_entries_read(const char *file, struct entries *es, struct wb_err *err)
{
	struct archive_entry *ae;
	struct archive *ar;
	int r, rc;

	if ((ar = archive_read_new()) == NULL)
		return (wb_err_set(err, "archive_read_new: out of memory"));
	archive_read_support_filter_all(ar);
	archive_read_support_format_all(ar);
	rc = -1;
	if (archive_read_open_filename(ar, file, 65536) != ARCHIVE_OK) {
		wb_err_set(err, "%s: %s", file, archive_error_string(ar));
		/* A file missing or unreadable; else not an archive (data). */
		if (archive_errno(ar) == ENOENT || archive_errno(ar) == EACCES)
			wb_err_class(err, WB_ERR_NOINPUT);
		goto out;
	}
	while ((r = archive_read_next_header(ar, &ae)) == ARCHIVE_OK ||
	    r == ARCHIVE_WARN)
		if (add_entry(es, ar, ae, file, err) == -1)
			goto out;
	if (r != ARCHIVE_EOF) {
		wb_err_set(err, "%s: %s", file, archive_error_string(ar));
		goto out;
	}
	rc = wb_image_entries_sort(es, file, err);
out:
	archive_read_free(ar);
	return (rc);
}

/* What differs between two entries of one path, or "" when nothing. */
static void
what_differs(const struct entry *a, const struct entry *b, char *buf,
    size_t len)
{

	buf[0] = '\0';
	if (a->type != b->type)
		snprintf(buf, len, "type");
	else if ((a->link != NULL) != (b->link != NULL) ||
	    (a->link != NULL && strcmp(a->link, b->link) != 0))
		snprintf(buf, len, "link target");
	else if (a->type == AE_IFREG && a->link == NULL &&
	    strcmp(a->sha, b->sha) != 0)
		snprintf(buf, len, "content");
	else if (a->perm != b->perm)
		snprintf(buf, len, "mode %04o %04o", (unsigned)a->perm,
		    (unsigned)b->perm);
	else if (a->uid != b->uid || a->gid != b->gid)
		snprintf(buf, len, "owner %lld:%lld %lld:%lld", a->uid,
		    a->gid, b->uid, b->gid);
}

static int
add_change(struct wb_image_change **out, size_t *n, const char *path,
    int kind, const char *what, struct wb_err *err)
{
	struct wb_image_change *v;

	if ((v = reallocarray(*out, *n + 1, sizeof(*v))) == NULL)
		return (wb_err_setsys(err, "realloc"));
	*out = v;
	v = &v[*n];
	memset(v, 0, sizeof(*v));
	if ((v->path = strdup(path)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	v->kind = kind;
	snprintf(v->what, sizeof(v->what), "%s", what);
	(*n)++;
	return (0);
}

int
wb_image_entries_diff(const struct entries *a, const struct entries *b,
    struct wb_image_change **out, size_t *n, struct wb_err *err)
{
	char what[64];
	size_t i, j;
	int c;

	for (i = j = 0; i < a->n || j < b->n;) {
		c = i == a->n ? 1 : j == b->n ? -1 :
		    strcmp(a->v[i].path, b->v[j].path);
		if (c < 0) {
			if (add_change(out, n, a->v[i++].path, WB_IMAGE_ONLY_A,
			    "", err) == -1)
				return (-1);
		} else if (c > 0) {
			if (add_change(out, n, b->v[j++].path, WB_IMAGE_ONLY_B,
			    "", err) == -1)
				return (-1);
		} else {
			what_differs(&a->v[i], &b->v[j], what, sizeof(what));
			if (what[0] != '\0' && add_change(out, n, a->v[i].path,
			    WB_IMAGE_CHANGED, what, err) == -1)
				return (-1);
			i++;
			j++;
		}
	}
	return (0);
}

int
wb_image_diff(const char *a, const char *b, struct wb_image_change **out,
    size_t *n, struct wb_err *err)
{
	struct entries ea, eb;
	int rc;

	*out = NULL;
	*n = 0;
	memset(&ea, 0, sizeof(ea));
	memset(&eb, 0, sizeof(eb));
	rc = -1;
	if (wb_image_entries_read(a, &ea, err) == 0 &&
	    wb_image_entries_read(b, &eb, err) == 0)
		rc = wb_image_entries_diff(&ea, &eb, out, n, err);
	wb_image_entries_free(&ea);
	wb_image_entries_free(&eb);
	if (rc == -1) {
		wb_image_changes_free(*out, *n);
		*out = NULL;
		*n = 0;
	}
	return (rc);
}

void
wb_image_changes_free(struct wb_image_change *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i].path);
	free(v);
}
