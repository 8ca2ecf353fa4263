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

#include "fragment.h"
#include "wb_util.h"

#define FRAG_MAXSIZE	(16 * 1024 * 1024)
/* Lines merged between two polls of the interrupt. */
#define FRAG_POLL	4096
#define ROTL(x, b)	(((x) << (b)) | ((x) >> (64 - (b))))

void
wb_fragment_init(struct wb_fragment *f)
{

	f->e = NULL;
	f->n = 0;
	f->cap = 0;
	f->slot = NULL;
	f->nslot = 0;
	f->seed[0] = f->seed[1] = 0;
}

static void
entry_fini(struct wb_frag_entry *e)
{

	free(e->key);
	free(e->value);
	free(e->file);
}

void
wb_fragment_fini(struct wb_fragment *f)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		entry_fini(&f->e[i]);
	free(f->e);
	free(f->slot);
	wb_fragment_init(f);
}

static void
sipround(uint64_t v[4])
{

	v[0] += v[1];
	v[1] = ROTL(v[1], 13) ^ v[0];
	v[0] = ROTL(v[0], 32);
	v[2] += v[3];
	v[3] = ROTL(v[3], 16) ^ v[2];
	v[0] += v[3];
	v[3] = ROTL(v[3], 21) ^ v[0];
	v[2] += v[1];
	v[1] = ROTL(v[1], 17) ^ v[2];
	v[2] = ROTL(v[2], 32);
}

/*
 * SipHash-1-3 of the len bytes of s under the key k: a keyed hash, so
 * that whoever writes a fragment cannot choose keys that collide.
 */
static uint64_t
key_hash(const uint64_t k[2], const char *s, size_t len)
{
	uint64_t v[4], m;
	size_t i, j;

	v[0] = k[0] ^ 0x736f6d6570736575ULL;
	v[1] = k[1] ^ 0x646f72616e646f6dULL;
	v[2] = k[0] ^ 0x6c7967656e657261ULL;
	v[3] = k[1] ^ 0x7465646279746573ULL;
	for (i = 0; i + 8 <= len; i += 8) {
		for (m = 0, j = 0; j < 8; j++)
			m |= (uint64_t)(unsigned char)s[i + j] << (8 * j);
		v[3] ^= m;
		sipround(v);
		v[0] ^= m;
	}
	for (m = (uint64_t)len << 56, j = 0; i + j < len; j++)
		m |= (uint64_t)(unsigned char)s[i + j] << (8 * j);
	v[3] ^= m;
	sipround(v);
	v[0] ^= m;
	v[2] ^= 0xff;
	sipround(v);
	sipround(v);
	sipround(v);
	return (v[0] ^ v[1] ^ v[2] ^ v[3]);
}

/*
 * The slot of key (len bytes, no NUL) in f's index: the one holding its
 * entry, else the empty one where it goes.  f->nslot must be non-zero.
 */
static size_t *
find_slot(const struct wb_fragment *f, const char *key, size_t len)
{
	const char *k;
	size_t i, mask;

	mask = f->nslot - 1;
	for (i = (size_t)key_hash(f->seed, key, len) & mask;
	    f->slot[i] != 0; i = (i + 1) & mask) {
		k = f->e[f->slot[i] - 1].key;
		if (strncmp(k, key, len) == 0 && k[len] == '\0')
			break;
	}
	return (&f->slot[i]);
}

/*
 * Make room in the index for one more entry: it stays at most half
 * full, so that a probe ends soon.  The first call draws the hash key.
 */
static int
index_reserve(struct wb_fragment *f, const char *name, unsigned line,
    struct wb_err *err)
{
	size_t *old, i, n;

	if (f->nslot != 0 && (f->n + 1) * 2 <= f->nslot)
		return (0);
	if (f->nslot == 0 && getentropy(f->seed, sizeof(f->seed)) == -1)
		return (wb_err_setsys(err, "%s:%u: getentropy", name, line));
	n = f->nslot == 0 ? 128 : f->nslot * 2;
	old = f->slot;
	if ((f->slot = calloc(n, sizeof(*f->slot))) == NULL) {
		f->slot = old;
		return (wb_err_setsys(err, "%s:%u", name, line));
	}
	f->nslot = n;
	for (i = 0; i < f->n; i++)
		*find_slot(f, f->e[i].key, strlen(f->e[i].key)) = i + 1;
	free(old);
	return (0);
}

const struct wb_frag_entry *
wb_fragment_get(const struct wb_fragment *f, const char *key)
{
	size_t *slot;

	if (f->nslot == 0)
		return (NULL);
	slot = find_slot(f, key, strlen(key));
	return (*slot != 0 ? &f->e[*slot - 1] : NULL);
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
frag_add(struct wb_fragment *f, const char *name, unsigned line,
    const char *key,
    size_t keylen, const char *val, size_t vallen, int unset, int append,
    wb_frag_override_fn *fn, void *arg, struct wb_err *err)
{
	struct wb_frag_entry ne, *e, *ne_arr;
	size_t *slot;
	int same;

	if (index_reserve(f, name, line, err) == -1)
		return (-1);
	memset(&ne, 0, sizeof(ne));
	ne.line = line;
	if ((ne.key = strndup(key, keylen)) == NULL ||
	    (ne.file = strdup(name)) == NULL ||
	    (!unset && (ne.value = strndup(val, vallen)) == NULL)) {
		entry_fini(&ne);
		return (wb_err_setsys(err, "%s:%u", name, line));
	}
	slot = find_slot(f, key, keylen);
	if (*slot != 0) {
		e = &f->e[*slot - 1];
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
	*slot = f->n;
	return (0);
}

int
wb_fragment_merge_buf(struct wb_fragment *f, const char *name, const char *buf,
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
		if (line % FRAG_POLL == 0 && wb_interrupt_pending() != 0)
			return (wb_err_set(err, "%s:%u: interrupted by signal "
			    "%d", name, line, wb_interrupt_pending()));
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

static int
merge_path(struct wb_fragment *f, const char *path, int oflags,
    wb_frag_override_fn *fn, void *arg, struct wb_err *err)
{
	int fd, r;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | oflags)) ==
	    -1) {
		if (errno == ELOOP && (oflags & O_NOFOLLOW) != 0)
			return (wb_err_set(err, "%s: fragment is a symbolic "
			    "link, not followed", path));
		return (wb_err_setsys(err, "%s", path));
	}
	r = wb_fragment_merge_fd(f, fd, path, fn, arg, err);
	close(fd);
	return (r);
}

int
wb_fragment_merge_file(struct wb_fragment *f, const char *path,
    wb_frag_override_fn *fn, void *arg, struct wb_err *err)
{

	return (merge_path(f, path, 0, fn, arg, err));
}

int
wb_fragment_merge_nofollow(struct wb_fragment *f, const char *path,
    wb_frag_override_fn *fn, void *arg, struct wb_err *err)
{

	return (merge_path(f, path, O_NOFOLLOW, fn, arg, err));
}

int
wb_fragment_merge_fd(struct wb_fragment *f, int fd, const char *path,
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
	r = wb_fragment_merge_buf(f, path, buf, off, fn, arg, err);
	free(buf);
	return (r);
}

char *
wb_fragment_format(const struct wb_fragment *f, struct wb_err *err)
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
wb_fragment_write(const struct wb_fragment *f, const char *path,
    struct wb_err *err)
{
	char *buf;
	int r;

	if ((buf = wb_fragment_format(f, err)) == NULL)
		return (-1);
	r = wb_atomic_write(path, buf, strlen(buf), 0644, err);
	free(buf);
	return (r);
}

size_t
wb_fragment_verify(const struct wb_fragment *want,
    const struct wb_fragment *have, wb_frag_missing_fn *fn, void *arg)
{
	const struct wb_frag_entry *w, *h;
	size_t i, bad;

	bad = 0;
	for (i = 0; i < want->n; i++) {
		w = &want->e[i];
		h = wb_fragment_get(have, w->key);
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
