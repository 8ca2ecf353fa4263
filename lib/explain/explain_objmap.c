/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which CONFIG_ options build a kernel object file (explain.h): the
 * kbuild Makefiles read from the top of the tree down through the
 * directories they name.  Each object or directory named is an entry
 * with its option (or none) and its parent: the directory whose
 * Makefile names it, or the composite object it is part of.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "wb_util.h"

#define DEPTH_MAX	32

struct objent {
	char	*path;		/* "lib/list_debug.o", "kernel/locking/" */
	char	*cond;		/* "DEBUG_LIST", or NULL */
	char	*parent;	/* "lib/", "lib/foo.o", or "" for the top */
};

struct wb_explain_objmap {
	char		*root;
	struct objent	*e;
	size_t		 n, cap;
};

/*
 * Make variables as an x86_64 build sets them (arch/x86/Makefile: BITS
 * := 64, "libs-y += arch/x86/lib/", the top Makefile's SRCARCH); kernels
 * here are x86_64 only.  Any other $(...) word is not followed.
 */
static const char *const vars[][2] = {
	{ "$(SRCARCH)", "x86" },
	{ "$(BITS)", "64" },
	{ "$(ARCH_LIB)", "arch/x86/lib/" },
};

/* w with the variables of vars expanded, into buf. */
static const char *
expand(const char *w, char *buf, size_t len)
{
	const char *p;
	size_t i, o, vl;

	for (o = 0, p = w; *p != '\0' && o + 1 < len; ) {
		for (i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
			vl = strlen(vars[i][0]);
			if (strncmp(p, vars[i][0], vl) == 0)
				break;
		}
		if (i < sizeof(vars) / sizeof(vars[0])) {
			o += (size_t)snprintf(buf + o, len - o, "%s",
			    vars[i][1]);
			if (o >= len)
				o = len - 1;
			p += vl;
		} else
			buf[o++] = *p++;
	}
	buf[o] = '\0';
	return (buf);
}

/* Assignments that name no object. */
static const char *const not_objects[] = { "ccflags", "asflags", "ldflags",
    "subdir-ccflags", "subdir-asflags", "hostprogs", "always", "targets",
    "clean-files", "userprogs", NULL };

static const struct objent *
find(const struct wb_explain_objmap *m, const char *path)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (strcmp(m->e[i].path, path) == 0)
			return (&m->e[i]);
	return (NULL);
}

static int
add(struct wb_explain_objmap *m, const char *path, const char *cond,
    const char *parent, struct wb_err *err)
{
	struct objent *p, *x;

	if (m->n == m->cap) {
		m->cap = m->cap == 0 ? 64 : 2 * m->cap;
		if ((p = realloc(m->e, m->cap * sizeof(*p))) == NULL)
			return (wb_err_setsys(err, "realloc"));
		m->e = p;
	}
	x = &m->e[m->n];
	x->path = strdup(path);
	x->cond = cond != NULL ? strdup(cond) : NULL;
	x->parent = strdup(parent);
	if (x->path == NULL || x->parent == NULL ||
	    (cond != NULL && x->cond == NULL)) {
		free(x->path);
		free(x->cond);
		free(x->parent);
		return (wb_err_setsys(err, "strdup"));
	}
	m->n++;
	return (0);
}

/*
 * "obj-$(CONFIG_X)" into prefix "obj" and cond "X"; "foo-y", "foo-objs"
 * into "foo" and no cond.  0 when lhs is no object list.
 */
static int
split_lhs(char *lhs, char **prefix, char **cond)
{
	char *p, *q;
	size_t i;

	*cond = NULL;
	if ((p = strstr(lhs, "-$(")) != NULL) {
		if ((q = strstr(p, "CONFIG_")) == NULL)
			return (0);
		*cond = q + strlen("CONFIG_");
		for (q = *cond; isalnum((unsigned char)*q) || *q == '_'; q++)
			;
		*q = '\0';
	} else if ((p = strrchr(lhs, '-')) == NULL ||
	    (strcmp(p, "-y") != 0 && strcmp(p, "-m") != 0 &&
	    strcmp(p, "-objs") != 0))
		return (0);
	*p = '\0';
	*prefix = lhs;
	for (i = 0; not_objects[i] != NULL; i++)
		if (strcmp(lhs, not_objects[i]) == 0)
			return (0);
	return (**prefix != '\0');
}

static int parse_dir(struct wb_explain_objmap *, const char *, int,
    struct wb_err *);

static int
parse_line(struct wb_explain_objmap *m, const char *dir, char *line, int depth,
    struct wb_err *err)
{
	char *op, *lhs, *prefix, *cond, *w, *save, path[PATH_MAX],
	    parent[PATH_MAX], wbuf[PATH_MAX];
	size_t len;

	if ((op = strchr(line, '#')) != NULL)
		*op = '\0';
	if ((op = strchr(line, '=')) == NULL)
		return (0);
	*op = '\0';
	if (op > line && strchr("+:?", op[-1]) != NULL)
		op[-1] = '\0';
	for (lhs = line; isspace((unsigned char)*lhs); lhs++)
		;
	for (w = lhs + strlen(lhs); w > lhs && isspace((unsigned char)w[-1]);)
		*--w = '\0';
	if (strpbrk(lhs, " \t") != NULL || !split_lhs(lhs, &prefix, &cond))
		return (0);
	if (strcmp(prefix, "obj") == 0 || strcmp(prefix, "lib") == 0 ||
	    strcmp(prefix, "extra") == 0 || strcmp(prefix, "head") == 0)
		snprintf(parent, sizeof(parent), "%s", dir);
	else
		snprintf(parent, sizeof(parent), "%s%s.o", dir, prefix);
	for (w = strtok_r(op + 1, " \t", &save); w != NULL;
	    w = strtok_r(NULL, " \t", &save)) {
		w = (char *)expand(w, wbuf, sizeof(wbuf));
		len = strlen(w);
		if (len < 2 || (w[len - 1] != '/' &&
		    strcmp(w + len - 2, ".o") != 0))
			continue;
		if (snprintf(path, sizeof(path), "%s%s", dir, w) >=
		    (int)sizeof(path))
			return (wb_err_set(err, "%s%s: path too long", dir, w));
		if (w[len - 1] == '/') {
			if (find(m, path) != NULL)
				continue;
			if (add(m, path, cond, dir, err) == -1 ||
			    parse_dir(m, path, depth + 1, err) == -1)
				return (-1);
		} else if (add(m, path, cond, parent, err) == -1)
			return (-1);
	}
	return (0);
}

static FILE *
open_makefile(const struct wb_explain_objmap *m, const char *dir, char *path,
    size_t len)
{
	FILE *f;

	snprintf(path, len, "%s/%sKbuild", m->root, dir);
	if ((f = fopen(path, "r")) != NULL || errno != ENOENT)
		return (f);
	snprintf(path, len, "%s/%sMakefile", m->root, dir);
	return (fopen(path, "r"));
}

/* dir is "" for the top or ends with "/". */
static int
parse_dir(struct wb_explain_objmap *m, const char *dir, int depth,
    struct wb_err *err)
{
	char path[PATH_MAX], *line, *all, *p;
	size_t cap, len, alen;
	ssize_t n;
	FILE *f;
	int rc;

	if (depth > DEPTH_MAX)
		return (wb_err_set(err, "%s: directories nested deeper than "
		    "%d", dir, DEPTH_MAX));
	if ((f = open_makefile(m, dir, path, sizeof(path))) == NULL) {
		if (errno == ENOENT && *dir != '\0')
			return (0);
		return (wb_err_setsys(err, "%s", path));
	}
	line = all = NULL;
	cap = alen = 0;
	rc = 0;
	while (rc == 0 && (n = getline(&line, &cap, f)) != -1) {
		len = (size_t)n;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if ((p = realloc(all, alen + len + 2)) == NULL) {
			rc = wb_err_setsys(err, "realloc");
			break;
		}
		all = p;
		memcpy(all + alen, line, len + 1);
		alen += len;
		if (alen > 0 && all[alen - 1] == '\\') {
			all[alen - 1] = ' ';
			continue;
		}
		rc = parse_line(m, dir, all, depth, err);
		alen = 0;
	}
	if (rc == 0 && ferror(f))
		rc = wb_err_setsys(err, "%s", path);
	if (rc == 0 && alen > 0)
		rc = parse_line(m, dir, all, depth, err);
	free(line);
	free(all);
	fclose(f);
	return (rc);
}

struct wb_explain_objmap *
wb_explain_objmap_new(const char *srctree, struct wb_err *err)
{
	struct wb_explain_objmap *m;

	if ((m = calloc(1, sizeof(*m))) == NULL ||
	    (m->root = strdup(srctree)) == NULL) {
		wb_err_setsys(err, "calloc");
		free(m);
		return (NULL);
	}
	/* lib/ is the top Makefile's "libs-y := lib/", not the Kbuild's. */
	if (parse_dir(m, "", 0, err) == -1 || (find(m, "lib/") == NULL &&
	    (add(m, "lib/", NULL, "", err) == -1 ||
	    parse_dir(m, "lib/", 1, err) == -1))) {
		wb_explain_objmap_free(m);
		return (NULL);
	}
	return (m);
}

void
wb_explain_objmap_free(struct wb_explain_objmap *m)
{
	size_t i;

	if (m == NULL)
		return;
	for (i = 0; i < m->n; i++) {
		free(m->e[i].path);
		free(m->e[i].cond);
		free(m->e[i].parent);
	}
	free(m->e);
	free(m->root);
	free(m);
}

int
wb_explain_objmap_lookup(const struct wb_explain_objmap *m, const char *obj,
    const char **opts, size_t max, struct wb_err *err)
{
	const struct objent *e;
	size_t n, steps;

	if ((e = find(m, obj)) == NULL)
		return (wb_err_set(err, "%s: no Makefile under %s builds it",
		    obj, m->root));
	n = steps = 0;
	for (;;) {
		if (e->cond != NULL) {
			if (n < max)
				opts[n] = e->cond;
			n++;
		}
		if (*e->parent == '\0')
			break;
		if ((e = find(m, e->parent)) == NULL || ++steps > m->n)
			return (wb_err_set(err, "%s: no Makefile under %s "
			    "builds the object or directory it is part of",
			    obj, m->root));
	}
	return ((int)n);
}
