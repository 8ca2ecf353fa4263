/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An image's entries as a results file records them (image_diff.h):
 * read from the archive once, written as one JSON string per path, read
 * back and diffed by the walk that compares two archives.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <archive_entry.h>
#include <jansson.h>

#include "image_diff.h"
#include "image_diff_int.h"
#include "wb_util.h"

struct wb_image_manifest {
	struct entries	es;
};

static const struct {
	char	letter;
	mode_t	type;
} types[] = {
	{ 'f', AE_IFREG }, { 'd', AE_IFDIR }, { 'l', AE_IFLNK },
	{ 'c', AE_IFCHR }, { 'b', AE_IFBLK }, { 'p', AE_IFIFO },
	{ 's', AE_IFSOCK },
};

static char
type_letter(mode_t t)
{
	size_t i;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (types[i].type == t)
			return (types[i].letter);
	return ('?');
}

static mode_t
letter_type(char c)
{
	size_t i;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (types[i].letter == c)
			return (types[i].type);
	return (0);
}

int
wb_image_manifest_read(const char *archive, struct wb_image_manifest **out,
    struct wb_err *err)
{
	struct wb_image_manifest *m;

	*out = NULL;
	if ((m = calloc(1, sizeof(*m))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	if (wb_image_entries_read(archive, &m->es, err) == -1) {
		wb_image_manifest_free(m);
		return (-1);
	}
	*out = m;
	return (0);
}

/* One entry as its manifest string; NULL when out of memory. */
static char *
entry_text(const struct entry *e)
{
	char *s;

	if (asprintf(&s, "%c %04o %lld:%lld %s%s%s", type_letter(e->type),
	    (unsigned)e->perm, e->uid, e->gid, e->sha[0] != '\0' ? e->sha :
	    "-", e->link != NULL ? " " : "", e->link != NULL ? e->link :
	    "") == -1)
		return (NULL);
	return (s);
}

json_t *
wb_image_manifest_json(const struct wb_image_manifest *m, struct wb_err *err)
{
	json_t *o;
	char *s;
	size_t i;

	if ((o = json_object()) == NULL)
		goto oom;
	for (i = 0; i < m->es.n; i++) {
		if ((s = entry_text(&m->es.v[i])) == NULL ||
		    json_object_set_new(o, m->es.v[i].path,
		    json_string(s)) == -1) {
			free(s);
			json_decref(o);
			goto oom;
		}
		free(s);
	}
	return (o);
oom:
	wb_err_set(err, "image manifest: out of memory (or a path not "
	    "UTF-8)");
	return (NULL);
}

/* "T PERM UID:GID SHA [LINK]" into e; -1 when malformed. */
static int
entry_parse(const char *s, struct entry *e)
{
	unsigned perm;
	int n = 0;

	if (s[0] == '\0' || s[1] != ' ' || ((e->type = letter_type(s[0])) ==
	    0 && s[0] != '?'))
		return (-1);
	if (sscanf(s + 2, "%o %lld:%lld %64s%n", &perm, &e->uid, &e->gid,
	    e->sha, &n) != 4 || perm > 07777)
		return (-1);
	e->perm = (mode_t)perm;
	if (strcmp(e->sha, "-") == 0)
		e->sha[0] = '\0';
	else if (!wb_digest_sha256_hex_ok(e->sha))
		return (-1);
	s += 2 + n;
	if (*s == ' ' && s[1] != '\0' && (e->link = strdup(s + 1)) == NULL)
		return (-1);
	return (*s == '\0' || *s == ' ' ? 0 : -1);
}

int
wb_image_manifest_from_json(const json_t *o, const char *what,
    struct wb_image_manifest **out, struct wb_err *err)
{
	struct wb_image_manifest *m;
	const char *path;
	struct entry *e;
	json_t *v;

	*out = NULL;
	if (!json_is_object(o))
		return (wb_err_set(err, "%s: the image manifest is not an "
		    "object", what));
	if ((m = calloc(1, sizeof(*m))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	json_object_foreach((json_t *)o, path, v) {
		if ((e = wb_image_entries_add(&m->es, what, err)) == NULL)
			goto fail;
		if ((e->path = strdup(path)) == NULL) {
			wb_err_setsys(err, "strdup");
			goto fail;
		}
		if (!json_is_string(v) || entry_parse(json_string_value(v),
		    e) == -1) {
			wb_err_set(err, "%s: image manifest: %s: expected "
			    "\"T PERM UID:GID SHA256 [LINK]\"", what, path);
			goto fail;
		}
	}
	if (wb_image_entries_sort(&m->es, what, err) == -1)
		goto fail;
	*out = m;
	return (0);
fail:
	wb_image_manifest_free(m);
	return (-1);
}

int
wb_image_manifest_digest(const struct wb_image_manifest *m, char hex[65],
    struct wb_err *err)
{
	struct wb_sha256 *h;
	size_t i;
	char *s;
	int rc = 0;

	if ((h = wb_digest_sha256_new(err)) == NULL)
		return (-1);
	for (i = 0; rc == 0 && i < m->es.n; i++) {
		if ((s = entry_text(&m->es.v[i])) == NULL) {
			rc = wb_err_setsys(err, "image manifest");
			break;
		}
		if (wb_digest_sha256_update(h, m->es.v[i].path,
		    strlen(m->es.v[i].path), err) == -1 ||
		    wb_digest_sha256_update(h, "\t", 1, err) == -1 ||
		    wb_digest_sha256_update(h, s, strlen(s), err) == -1 ||
		    wb_digest_sha256_update(h, "\n", 1, err) == -1)
			rc = -1;
		free(s);
	}
	if (rc == 0)
		rc = wb_digest_sha256_final(h, hex, err);
	wb_digest_sha256_free(h);
	return (rc);
}

size_t
wb_image_manifest_size(const struct wb_image_manifest *m)
{

	return (m->es.n);
}

int
wb_image_manifest_diff(const struct wb_image_manifest *a,
    const struct wb_image_manifest *b, struct wb_image_change **out,
    size_t *n, struct wb_err *err)
{

	*out = NULL;
	*n = 0;
	if (wb_image_entries_diff(&a->es, &b->es, out, n, err) == -1) {
		wb_image_changes_free(*out, *n);
		*out = NULL;
		*n = 0;
		return (-1);
	}
	return (0);
}

void
wb_image_manifest_free(struct wb_image_manifest *m)
{

	if (m == NULL)
		return;
	wb_image_entries_free(&m->es);
	free(m);
}
