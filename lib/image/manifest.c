/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Manifest parser (see manifest.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manifest.h"
#include "wb_util.h"

void
wb_manifest_init(struct wb_manifest *m)
{

	m->e = NULL;
	m->n = 0;
}

void
wb_manifest_fini(struct wb_manifest *m)
{
	size_t i;

	for (i = 0; i < m->n; i++) {
		free(m->e[i].path);
		free(m->e[i].file);
	}
	free(m->e);
	wb_manifest_init(m);
}

struct wb_manifest_entry *
wb_manifest_find(const struct wb_manifest *m, const char *rel)
{
	size_t i;

	while (*rel == '/')
		rel++;
	for (i = 0; i < m->n; i++)
		if (strcmp(m->e[i].path, rel) == 0)
			return (&m->e[i]);
	return (NULL);
}

static int
valid_path(const char *p)
{
	const char *c;
	size_t len;

	if (*p == '\0')
		return (0);
	for (c = p; *c != '\0'; c += len + (c[len] == '/')) {
		len = strcspn(c, "/");
		if (len == 0 || (len == 1 && c[0] == '.') ||
		    (len == 2 && c[0] == '.' && c[1] == '.'))
			return (0);
	}
	return (1);
}

static int
parse_num(const char *s, int base, long max, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, base);
	if (errno != 0 || end == s || *end != '\0' || v < 0 || v > max)
		return (-1);
	*out = v;
	return (0);
}

static int
parse_line(struct wb_manifest *m, const char *name, unsigned line, char *s,
    struct wb_err *err)
{
	struct wb_manifest_entry *e, *ne;
	char *path, *w, *save;
	long uid, gid, mode;

	uid = gid = mode = -1;
	if ((path = strtok_r(s, " \t", &save)) == NULL)
		return (0);
	while (*path == '/')
		path++;
	if (!valid_path(path))
		return (wb_err_set(err, "%s:%u: bad path '%s' (relative, no "
		    "'.' or '..' components)", name, line, path));
	while ((w = strtok_r(NULL, " \t", &save)) != NULL) {
		if (strncmp(w, "uid=", 4) == 0) {
			if (parse_num(w + 4, 10, 65535, &uid) == -1)
				return (wb_err_set(err, "%s:%u: bad uid '%s'",
				    name, line, w + 4));
		} else if (strncmp(w, "gid=", 4) == 0) {
			if (parse_num(w + 4, 10, 65535, &gid) == -1)
				return (wb_err_set(err, "%s:%u: bad gid '%s'",
				    name, line, w + 4));
		} else if (strncmp(w, "mode=", 5) == 0) {
			if (parse_num(w + 5, 8, 07777, &mode) == -1)
				return (wb_err_set(err, "%s:%u: bad mode '%s' "
				    "(octal, at most 7777)", name, line,
				    w + 5));
		} else
			return (wb_err_set(err, "%s:%u: unknown keyword '%s' "
			    "(uid=, gid=, mode=)", name, line, w));
	}
	if (uid == -1 && gid == -1 && mode == -1)
		return (wb_err_set(err, "%s:%u: %s: no uid=, gid= or mode=",
		    name, line, path));
	if ((e = wb_manifest_find(m, path)) == NULL) {
		if ((ne = reallocarray(m->e, m->n + 1, sizeof(*ne))) == NULL)
			return (wb_err_setsys(err, "%s", name));
		m->e = ne;
		e = &ne[m->n];
		memset(e, 0, sizeof(*e));
		e->uid = e->gid = e->mode = -1;
		if ((e->path = strdup(path)) == NULL)
			return (wb_err_setsys(err, "%s", name));
		m->n++;
	}
	free(e->file);
	if ((e->file = strdup(name)) == NULL)
		return (wb_err_setsys(err, "%s", name));
	e->line = line;
	if (uid != -1)
		e->uid = uid;
	if (gid != -1)
		e->gid = gid;
	if (mode != -1)
		e->mode = mode;
	return (0);
}

int
wb_manifest_load_buf(struct wb_manifest *m, const char *name,
    const char *buf, size_t len, struct wb_err *err)
{
	const char *p, *end, *nl;
	char *line;
	unsigned n;
	int r;

	if (memchr(buf, '\0', len) != NULL)
		return (wb_err_set(err, "%s: contains a NUL byte", name));
	end = buf + len;
	for (p = buf, n = 1; p < end; p = nl + 1, n++) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if (nl == p || *p == '#')
			continue;
		if ((line = strndup(p, (size_t)(nl - p))) == NULL)
			return (wb_err_setsys(err, "%s", name));
		r = parse_line(m, name, n, line, err);
		free(line);
		if (r == -1)
			return (-1);
	}
	return (0);
}

int
wb_manifest_load(struct wb_manifest *m, const char *path, struct wb_err *err)
{
	char *buf;
	size_t cap, len;
	FILE *fp;
	int r;

	if ((fp = fopen(path, "re")) == NULL)
		return (wb_err_setsys(err, "%s", path));
	buf = NULL;
	cap = len = 0;
	{
		char chunk[4096];
		size_t n;

		while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0) {
			char *nb;

			if (len + n > 1024 * 1024) {
				free(buf);
				fclose(fp);
				return (wb_err_set(err, "%s: too large",
				    path));
			}
			if (len + n > cap) {
				cap = (len + n) * 2;
				if ((nb = realloc(buf, cap)) == NULL) {
					free(buf);
					fclose(fp);
					return (wb_err_setsys(err, "%s", path));
				}
				buf = nb;
			}
			memcpy(buf + len, chunk, n);
			len += n;
		}
	}
	if (ferror(fp)) {
		free(buf);
		fclose(fp);
		return (wb_err_setsys(err, "read %s", path));
	}
	fclose(fp);
	r = wb_manifest_load_buf(m, path, buf == NULL ? "" : buf, len, err);
	free(buf);
	return (r);
}
