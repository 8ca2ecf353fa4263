/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Ordered configuration-fragment merge (see fragment.h).
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "atomic.h"
#include "err.h"
#include "fragment.h"

#define FRAG_MAXSIZE	(16 * 1024 * 1024)

void
wb_frag_init(struct wb_frag *f)
{

	f->e = NULL;
	f->n = 0;
	f->cap = 0;
}

static void
entry_fini(struct wb_frag_entry *e)
{

	free(e->key);
	free(e->value);
	free(e->file);
}

void
wb_frag_fini(struct wb_frag *f)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		entry_fini(&f->e[i]);
	free(f->e);
	wb_frag_init(f);
}

const struct wb_frag_entry *
wb_frag_get(const struct wb_frag *f, const char *key)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		if (strcmp(f->e[i].key, key) == 0)
			return (&f->e[i]);
	return (NULL);
}

static int
valid_key(const char *s, size_t len)
{
	size_t i;

	if (len == 0 || !((s[0] >= 'A' && s[0] <= 'Z') ||
	    (s[0] >= 'a' && s[0] <= 'z') || s[0] == '_'))
		return (0);
	for (i = 1; i < len; i++)
		if (!((s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
			return (0);
	return (1);
}

/*
 * Parse one line into key/value ("KEY+=value" sets *append).  Returns 1
 * for a setting, 0 for a comment or blank line, -1 for a malformed line.
 */
static int
parse_line(const char *s, size_t len, const char **key, size_t *keylen,
    const char **val, size_t *vallen, int *unset, int *append)
{
	const char *eq;
	static const char notset[] = " is not set";
	size_t nl;

	*unset = *append = 0;
	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t' ||
	    s[len - 1] == '\r'))
		len--;
	if (len == 0)
		return (0);
	if (s[0] == '#') {
		nl = sizeof(notset) - 1;
		if (len > 2 + nl && s[1] == ' ' &&
		    memcmp(s + len - nl, notset, nl) == 0 &&
		    valid_key(s + 2, len - 2 - nl)) {
			*key = s + 2;
			*keylen = len - 2 - nl;
			*val = NULL;
			*vallen = 0;
			*unset = 1;
			return (1);
		}
		return (0);
	}
	if ((eq = memchr(s, '=', len)) == NULL)
		return (-1);
	*keylen = (size_t)(eq - s);
	if (*keylen > 0 && s[*keylen - 1] == '+') {
		*append = 1;
		(*keylen)--;
	}
	if (!valid_key(s, *keylen))
		return (-1);
	*key = s;
	*val = eq + 1;
	*vallen = len - (size_t)(eq - s) - 1;
	return (1);
}

/* "KEY+=value": e's value becomes "old:value"; ne is used up. */
static int
frag_append(struct wb_frag_entry *e, struct wb_frag_entry *ne,
    const char *name, unsigned line, struct wb_err *err)
{
	char *v;

	if (asprintf(&v, "%s:%s", e->value, ne->value) == -1) {
		entry_fini(ne);
		return (wb_err_setsys(err, "%s:%u", name, line));
	}
	free(e->value);
	e->value = v;
	entry_fini(ne);
	return (0);
}

static int
frag_add(struct wb_frag *f, const char *name, unsigned line, const char *key,
    size_t keylen, const char *val, size_t vallen, int unset, int append,
    wb_frag_override_fn *fn, void *arg, struct wb_err *err)
{
	struct wb_frag_entry ne, *e, *ne_arr;
	size_t i;
	int same;

	memset(&ne, 0, sizeof(ne));
	ne.line = line;
	if ((ne.key = strndup(key, keylen)) == NULL ||
	    (ne.file = strdup(name)) == NULL ||
	    (!unset && (ne.value = strndup(val, vallen)) == NULL)) {
		entry_fini(&ne);
		return (wb_err_setsys(err, "%s:%u", name, line));
	}
	for (i = 0; i < f->n; i++) {
		e = &f->e[i];
		if (strcmp(e->key, ne.key) != 0)
			continue;
		if (strcmp(e->file, ne.file) == 0) {
			wb_err_set(err, "%s:%u: %s already set at line %u",
			    name, line, ne.key, e->line);
			entry_fini(&ne);
			return (-1);
		}
		if (append && e->value != NULL)
			return (frag_append(e, &ne, name, line, err));
		same = (e->value == NULL && ne.value == NULL) ||
		    (e->value != NULL && ne.value != NULL &&
		    strcmp(e->value, ne.value) == 0);
		if (fn != NULL)
			fn(arg, e, &ne, same);
		entry_fini(e);
		*e = ne;
		return (0);
	}
	if (f->n == f->cap) {
		f->cap = f->cap == 0 ? 64 : f->cap * 2;
		if ((ne_arr = reallocarray(f->e, f->cap, sizeof(*f->e))) ==
		    NULL) {
			entry_fini(&ne);
			return (wb_err_setsys(err, "%s:%u", name, line));
		}
		f->e = ne_arr;
	}
	f->e[f->n++] = ne;
	return (0);
}

int
wb_frag_merge_buf(struct wb_frag *f, const char *name, const char *buf,
    size_t len, wb_frag_override_fn *fn, void *arg, struct wb_err *err)
{
	const char *p, *end, *nl, *key, *val;
	size_t keylen, vallen;
	unsigned line;
	int append, r, unset;

	if (memchr(buf, '\0', len) != NULL)
		return (wb_err_set(err, "%s: contains a NUL byte", name));
	p = buf;
	end = buf + len;
	for (line = 1; p < end; line++) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		r = parse_line(p, (size_t)(nl - p), &key, &keylen, &val,
		    &vallen, &unset, &append);
		if (r == -1)
			return (wb_err_set(err, "%s:%u: expected KEY=value or "
			    "'# KEY is not set'", name, line));
		if (r == 1 && frag_add(f, name, line, key, keylen, val,
		    vallen, unset, append, fn, arg, err) == -1)
			return (-1);
		p = nl + 1;
	}
	return (0);
}

int
wb_frag_merge_file(struct wb_frag *f, const char *path,
    wb_frag_override_fn *fn, void *arg, struct wb_err *err)
{
	int fd, r;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) == -1)
		return (wb_err_setsys(err, "%s", path));
	r = wb_frag_merge_fd(f, fd, path, fn, arg, err);
	close(fd);
	return (r);
}

int
wb_frag_merge_fd(struct wb_frag *f, int fd, const char *path,
    wb_frag_override_fn *fn, void *arg, struct wb_err *err)
{
	struct stat st;
	char *buf;
	size_t off;
	ssize_t n;
	int r;

	if (fstat(fd, &st) == -1)
		return (wb_err_setsys(err, "%s", path));
	if (!S_ISREG(st.st_mode) || st.st_size > FRAG_MAXSIZE)
		return (wb_err_set(err, "%s: not a regular file of at most "
		    "%d bytes", path, FRAG_MAXSIZE));
	if ((buf = malloc((size_t)st.st_size + 1)) == NULL)
		return (wb_err_setsys(err, "%s", path));
	for (off = 0; off < (size_t)st.st_size; off += (size_t)n) {
		n = read(fd, buf + off, (size_t)st.st_size - off);
		if (n == -1 && errno == EINTR) {
			n = 0;
			continue;
		}
		if (n <= 0) {
			if (n == 0)
				errno = EIO;
			wb_err_setsys(err, "read %s", path);
			free(buf);
			return (-1);
		}
	}
	r = wb_frag_merge_buf(f, path, buf, off, fn, arg, err);
	free(buf);
	return (r);
}

char *
wb_frag_format(const struct wb_frag *f, struct wb_err *err)
{
	char *buf;
	size_t len;
	FILE *fp;
	size_t i;

	if ((fp = open_memstream(&buf, &len)) == NULL) {
		wb_err_setsys(err, "open_memstream");
		return (NULL);
	}
	for (i = 0; i < f->n; i++) {
		if (f->e[i].value == NULL)
			fprintf(fp, "# %s is not set\n", f->e[i].key);
		else
			fprintf(fp, "%s=%s\n", f->e[i].key, f->e[i].value);
	}
	if (ferror(fp) || fclose(fp) == EOF) {
		wb_err_setsys(err, "formatting fragment");
		return (NULL);
	}
	return (buf);
}

int
wb_frag_write(const struct wb_frag *f, const char *path, struct wb_err *err)
{
	char *buf;
	int r;

	if ((buf = wb_frag_format(f, err)) == NULL)
		return (-1);
	r = wb_atomic_write(path, buf, strlen(buf), 0644, err);
	free(buf);
	return (r);
}

size_t
wb_frag_verify(const struct wb_frag *want, const struct wb_frag *have,
    wb_frag_missing_fn *fn, void *arg)
{
	const struct wb_frag_entry *w, *h;
	size_t i, bad;

	bad = 0;
	for (i = 0; i < want->n; i++) {
		w = &want->e[i];
		h = wb_frag_get(have, w->key);
		if (w->value == NULL) {
			if (h == NULL || h->value == NULL)
				continue;
		} else if (h != NULL && h->value != NULL &&
		    strcmp(h->value, w->value) == 0)
			continue;
		bad++;
		if (fn != NULL)
			fn(arg, w, h);
	}
	return (bad);
}
