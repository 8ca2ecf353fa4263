/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * LAVA's job log (lib/farm/lava_int.h).  lava-run prints one record a line, a
 * YAML flow mapping with sorted keys and double-quoted scalars,
 *
 *	{"dt": "...", "lvl": "results", "msg": {"case": "pipe", ...}}
 *
 * and lava-server keeps the same lines as list items ("- {...}") in a
 * job's output.yaml.  The "results" records are the test cases; a record
 * of another level (the console, the dispatcher's own messages) is not
 * read past its "lvl".  Only the flow subset PyYAML writes is read:
 * mappings, sequences, quoted and plain scalars, tags (skipped).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "lava_int.h"
#include "wb_util.h"

#define MAX_DEPTH	32

struct lp {
	const char	*s;	/* the line */
	const char	*p;	/* where the parser is */
	const char	*path;
	long		 line;
	struct wb_err	*err;
};

struct sbuf {
	char	*s;
	size_t	 len, cap;
};

static json_t	*node(struct lp *, int);

static json_t *
fail(struct lp *l, const char *what)
{

	wb_err_set(l->err, "%s:%ld:%ld: %s", l->path, l->line,
	    (long)(l->p - l->s) + 1, what);
	return (NULL);
}

static void
skip_ws(struct lp *l)
{

	while (*l->p == ' ' || *l->p == '\t')
		l->p++;
}

static int
sb_add(struct sbuf *b, const char *s, size_t n)
{
	char *ns;
	size_t cap;

	if (b->len + n + 1 > b->cap) {
		cap = b->cap == 0 ? 64 : b->cap;
		while (b->len + n + 1 > cap)
			cap *= 2;
		if ((ns = realloc(b->s, cap)) == NULL)
			return (-1);
		b->s = ns;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
	return (0);
}

/* Code point c as UTF-8 (the JSON string check rejects what is not). */
static int
sb_utf8(struct sbuf *b, uint32_t c)
{
	char u[4];
	size_t n;

	if (c < 0x80) {
		u[0] = (char)c;
		n = 1;
	} else if (c < 0x800) {
		u[0] = (char)(0xc0 | c >> 6);
		u[1] = (char)(0x80 | (c & 0x3f));
		n = 2;
	} else if (c < 0x10000) {
		u[0] = (char)(0xe0 | c >> 12);
		u[1] = (char)(0x80 | (c >> 6 & 0x3f));
		u[2] = (char)(0x80 | (c & 0x3f));
		n = 3;
	} else {
		u[0] = (char)(0xf0 | c >> 18);
		u[1] = (char)(0x80 | (c >> 12 & 0x3f));
		u[2] = (char)(0x80 | (c >> 6 & 0x3f));
		u[3] = (char)(0x80 | (c & 0x3f));
		n = 4;
	}
	return (sb_add(b, u, n));
}

static int
hex(const char *p, int n, uint32_t *c)
{
	int i, d;

	*c = 0;
	for (i = 0; i < n; i++) {
		if (p[i] >= '0' && p[i] <= '9')
			d = p[i] - '0';
		else if (p[i] >= 'a' && p[i] <= 'f')
			d = p[i] - 'a' + 10;
		else if (p[i] >= 'A' && p[i] <= 'F')
			d = p[i] - 'A' + 10;
		else
			return (-1);
		*c = *c << 4 | (uint32_t)d;
	}
	return (*c > 0x10ffff ? -1 : 0);
}

/* One escape after the backslash: YAML's double-quoted set. */
static int
escape(struct lp *l, struct sbuf *b)
{
	static const char simple[] = "0\0a\ab\bt\tn\nv\vf\fr\re\033 \040"
	    "\"\"//\\\\\t\t";
	const char *q;
	uint32_t c;
	int n;

	for (q = simple; q < simple + sizeof(simple) - 1; q += 2)
		if (*l->p == q[0]) {
			l->p++;
			return (sb_add(b, q + 1, 1));
		}
	switch (*l->p) {
	case 'N':
		c = 0x85;
		n = 0;
		break;
	case '_':
		c = 0xa0;
		n = 0;
		break;
	case 'L':
		c = 0x2028;
		n = 0;
		break;
	case 'P':
		c = 0x2029;
		n = 0;
		break;
	case 'x':
		n = 2;
		break;
	case 'u':
		n = 4;
		break;
	case 'U':
		n = 8;
		break;
	default:
		fail(l, "unknown escape in a double-quoted scalar");
		return (-2);
	}
	if (n > 0 && (strnlen(l->p + 1, n) < (size_t)n ||
	    hex(l->p + 1, n, &c) == -1)) {
		fail(l, "bad hexadecimal escape");
		return (-2);
	}
	l->p += 1 + n;
	return (sb_utf8(b, c));
}

static json_t *
scalar(struct lp *l, struct sbuf *b)
{
	json_t *v;

	if ((v = json_stringn(b->s != NULL ? b->s : "", b->len)) == NULL)
		fail(l, "a scalar that is not UTF-8");
	free(b->s);
	return (v);
}

/*
 * A quoted scalar, at its opening quote q: '"' (backslash escapes) or
 * '\'' (a doubled quote stands for one).
 */
static json_t *
quoted(struct lp *l, char q)
{
	struct sbuf b;
	const char *run;
	int rc;

	memset(&b, 0, sizeof(b));
	l->p++;
	for (;;) {
		run = l->p;
		l->p += strcspn(l->p, q == '"' ? "\"\\" : "'");
		if (sb_add(&b, run, l->p - run) == -1)
			goto nomem;
		if (*l->p == '\0') {
			free(b.s);
			return (fail(l, q == '"' ? "unterminated double-quoted "
			    "scalar" : "unterminated single-quoted scalar"));
		}
		if (*l->p++ == q && (q == '"' || *l->p != '\''))
			break;
		if (q == '\'') {
			/* A doubled single quote. */
			if (sb_add(&b, "'", 1) == -1)
				goto nomem;
			l->p++;
		} else if ((rc = escape(l, &b)) == -1)
			goto nomem;
		else if (rc == -2) {
			free(b.s);
			return (NULL);
		}
	}
	return (scalar(l, &b));
nomem:
	free(b.s);
	wb_err_setsys(l->err, "%s:%ld", l->path, l->line);
	return (NULL);
}

/* A plain scalar ends at a flow indicator or at ": ". */
static json_t *
plain(struct lp *l)
{
	struct sbuf b;
	const char *start, *end;

	start = l->p;
	while (*l->p != '\0' && strchr(",[]{}", *l->p) == NULL &&
	    !(l->p[0] == ':' && (l->p[1] == ' ' || l->p[1] == '\0')))
		l->p++;
	for (end = l->p; end > start && end[-1] == ' '; end--)
		continue;
	if (end == start)
		return (fail(l, "expected a value"));
	memset(&b, 0, sizeof(b));
	if (sb_add(&b, start, end - start) == -1) {
		wb_err_setsys(l->err, "%s:%ld", l->path, l->line);
		return (NULL);
	}
	return (scalar(l, &b));
}

/* After a value in a flow collection: ',' or the closing bracket. */
static int
next(struct lp *l, char close)
{

	skip_ws(l);
	if (*l->p == ',') {
		l->p++;
		skip_ws(l);
		return (1);
	}
	if (*l->p == close) {
		l->p++;
		return (0);
	}
	fail(l, close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
	return (-1);
}

/* One "key: value" pair of a flow mapping into *k and *v. */
static int
pair(struct lp *l, int depth, json_t **k, json_t **v)
{

	*v = NULL;
	if ((*k = node(l, depth)) == NULL)
		return (-1);
	if (!json_is_string(*k)) {
		json_decref(*k);
		fail(l, "a mapping key that is not a scalar");
		return (-1);
	}
	skip_ws(l);
	if (*l->p != ':') {
		json_decref(*k);
		fail(l, "expected ':' after a key");
		return (-1);
	}
	l->p++;
	if ((*v = node(l, depth)) == NULL) {
		json_decref(*k);
		return (-1);
	}
	return (0);
}

static json_t *
mapping(struct lp *l, int depth)
{
	json_t *m, *k, *v;
	int more;

	if ((m = json_object()) == NULL)
		return (fail(l, "out of memory"));
	l->p++;
	skip_ws(l);
	if (*l->p == '}') {
		l->p++;
		return (m);
	}
	do {
		if (pair(l, depth + 1, &k, &v) == -1)
			goto bad;
		if (json_object_set_new(m, json_string_value(k), v) == -1) {
			json_decref(k);
			fail(l, "a bad mapping key");
			goto bad;
		}
		json_decref(k);
	} while ((more = next(l, '}')) == 1);
	if (more == -1)
		goto bad;
	return (m);
bad:
	json_decref(m);
	return (NULL);
}

static json_t *
sequence(struct lp *l, int depth)
{
	json_t *a, *v;
	int more;

	if ((a = json_array()) == NULL)
		return (fail(l, "out of memory"));
	l->p++;
	skip_ws(l);
	if (*l->p == ']') {
		l->p++;
		return (a);
	}
	do {
		if ((v = node(l, depth + 1)) == NULL ||
		    json_array_append_new(a, v) == -1)
			goto bad;
	} while ((more = next(l, ']')) == 1);
	if (more == -1)
		goto bad;
	return (a);
bad:
	json_decref(a);
	return (NULL);
}

static json_t *
node(struct lp *l, int depth)
{

	if (depth > MAX_DEPTH)
		return (fail(l, "nested too deep"));
	skip_ws(l);
	if (*l->p == '!') {
		l->p += strcspn(l->p, " ");
		skip_ws(l);
	}
	switch (*l->p) {
	case '{':
		return (mapping(l, depth));
	case '[':
		return (sequence(l, depth));
	case '"':
		return (quoted(l, '"'));
	case '\'':
		return (quoted(l, '\''));
	default:
		return (plain(l));
	}
}

int
wb_lava_log_line(const char *line)
{

	line += strspn(line, " ");
	if (strncmp(line, "- ", 2) == 0)
		line += 2 + strspn(line + 2, " ");
	return (strncmp(line, "{\"dt\":", 6) == 0);
}

/* A results record's msg as a test case. */
static int
add_case(json_t *list, json_t *msg)
{
	const char *key;
	json_t *c, *v;

	if ((c = json_object()) == NULL)
		return (-1);
	json_object_foreach(msg, key, v) {
		if (json_is_string(v) &&
		    json_object_set(c, key, v) == -1)
			goto fail;
	}
	if ((v = json_object_get(msg, "definition")) != NULL &&
	    json_is_string(v) && json_object_set(c, "suite", v) == -1)
		goto fail;
	if ((v = json_object_get(msg, "case")) != NULL &&
	    json_is_string(v) && json_object_set(c, "name", v) == -1)
		goto fail;
	return (json_array_append_new(list, c));
fail:
	json_decref(c);
	return (-1);
}

/*
 * One record: a flow mapping read pair by pair, left as soon as its
 * "lvl" is another than "results".
 */
static int
record(struct lp *l, json_t *list)
{
	json_t *k, *v, *msg;
	const char *lvl;
	int more, rc;

	skip_ws(l);
	if (strncmp(l->p, "- ", 2) == 0)
		l->p += 2;
	skip_ws(l);
	if (*l->p != '{') {
		fail(l, "expected a LAVA log record ('{\"dt\": ...}')");
		return (-1);
	}
	l->p++;
	skip_ws(l);
	lvl = NULL;
	msg = NULL;
	rc = -1;
	do {
		if (pair(l, 1, &k, &v) == -1)
			goto out;
		if (strcmp(json_string_value(k), "lvl") == 0 &&
		    json_is_string(v)) {
			if (strcmp(json_string_value(v), "results") != 0) {
				json_decref(k);
				json_decref(v);
				rc = 0;
				goto out;
			}
			lvl = "results";
		}
		if (strcmp(json_string_value(k), "msg") == 0) {
			json_decref(msg);
			msg = json_incref(v);
		}
		json_decref(k);
		json_decref(v);
	} while ((more = next(l, '}')) == 1);
	if (more == -1)
		goto out;
	skip_ws(l);
	if (*l->p != '\0') {
		fail(l, "text after the record");
		goto out;
	}
	rc = 0;
	if (lvl != NULL && json_is_object(msg) && add_case(list, msg) == -1) {
		fail(l, "out of memory");
		rc = -1;
	}
out:
	json_decref(msg);
	return (rc);
}

json_t *
wb_lava_log_load(FILE *fp, const char *path, struct wb_err *err)
{
	struct lp l;
	json_t *list;
	char *line;
	size_t cap;
	ssize_t len;

	if ((list = json_array()) == NULL) {
		wb_err_setsys(err, "json");
		return (NULL);
	}
	memset(&l, 0, sizeof(l));
	l.path = path;
	l.err = err;
	line = NULL;
	cap = 0;
	while ((len = getline(&line, &cap, fp)) != -1) {
		l.line++;
		while (len > 0 && (line[len - 1] == '\n' ||
		    line[len - 1] == '\r'))
			line[--len] = '\0';
		if (strlen(line) != (size_t)len) {
			wb_err_set(err, "%s:%ld: a NUL byte", path, l.line);
			goto fail;
		}
		if (line[strspn(line, " ")] == '\0')
			continue;
		l.s = l.p = line;
		if (record(&l, list) == -1)
			goto fail;
	}
	if (ferror(fp)) {
		wb_err_setsys(err, "%s", path);
		goto fail;
	}
	free(line);
	return (list);
fail:
	free(line);
	json_decref(list);
	return (NULL);
}
