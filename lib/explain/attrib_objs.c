/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which object file defines each kernel text symbol: nm(1) over the
 * objects of the thin archives the kernel's link reads, vmlinux.a and
 * the lib-y archives lib/lib.a and arch/<arch>/lib/lib.a (from which the
 * linker takes the members it needs).
 * A static name may be defined by several objects; all are kept, and
 * wb_attrib_charge() decides whether that matters.
 */
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attrib.h"
#include "wb_util.h"

#define NM_TIMEOUT	300.0	/* seconds for ar and nm, all archives */

struct pair {
	char	*name;
	char	*obj;		/* shared among a file's pairs */
};

struct wb_attrib_objs {
	struct pair	*p;
	size_t		 n, cap;
	char		**objs;	/* owned object names */
	size_t		 nobjs, objcap;
};

void
wb_attrib_objs_free(struct wb_attrib_objs *o)
{
	size_t i;

	if (o == NULL)
		return;
	for (i = 0; i < o->n; i++)
		free(o->p[i].name);
	for (i = 0; i < o->nobjs; i++)
		free(o->objs[i]);
	free(o->p);
	free(o->objs);
	free(o);
}

static int
pair_cmp(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;
	int c;

	if ((c = strcmp(x->name, y->name)) != 0)
		return (c);
	return (strcmp(x->obj, y->obj));
}

/* The owned copy of obj (the last one when it repeats). */
static char *
intern(struct wb_attrib_objs *o, const char *obj)
{
	char **nv;

	if (o->nobjs > 0 && strcmp(o->objs[o->nobjs - 1], obj) == 0)
		return (o->objs[o->nobjs - 1]);
	if (o->nobjs == o->objcap) {
		o->objcap = o->objcap == 0 ? 256 : o->objcap * 2;
		if ((nv = realloc(o->objs, o->objcap * sizeof(*nv))) == NULL)
			return (NULL);
		o->objs = nv;
	}
	if ((o->objs[o->nobjs] = strdup(obj)) == NULL)
		return (NULL);
	return (o->objs[o->nobjs++]);
}

static int
add_pair(struct wb_attrib_objs *o, const char *obj, const char *name)
{
	struct pair *np;

	if (o->n == o->cap) {
		o->cap = o->cap == 0 ? 4096 : o->cap * 2;
		if ((np = realloc(o->p, o->cap * sizeof(*np))) == NULL)
			return (-1);
		o->p = np;
	}
	if ((o->p[o->n].obj = intern(o, obj)) == NULL ||
	    (o->p[o->n].name = strdup(name)) == NULL)
		return (-1);
	o->n++;
	return (0);
}

/* "path:value type name"; 0 skipped, 1 taken, -1 malformed. */
static int
parse_line(char *line, const char *prefix, const char **obj,
    const char **name)
{
	char *colon, *f[3], *save;
	size_t i, plen;

	line[strcspn(line, "\n")] = '\0';
	if (line[0] == '\0')
		return (0);
	/* nm names the file it reads before its symbols without -A. */
	if (line[strlen(line) - 1] == ':')
		return (0);
	if ((colon = strchr(line, ':')) == NULL)
		return (-1);
	*colon = '\0';
	save = NULL;
	f[0] = strtok_r(colon + 1, " \t", &save);
	for (i = 1; i < 3 && f[i - 1] != NULL; i++)
		f[i] = strtok_r(NULL, " \t", &save);
	if (f[0] == NULL || f[1] == NULL || f[2] == NULL ||
	    strlen(f[1]) != 1)
		return (-1);
	if (strchr("tTW", f[1][0]) == NULL)
		return (0);
	*obj = line;
	plen = prefix != NULL ? strlen(prefix) : 0;
	if (plen > 0 && strncmp(line, prefix, plen) == 0 && line[plen] == '/')
		*obj = line + plen + 1;
	*name = f[2];
	return (1);
}

/* Sort and drop repeated (name, object) pairs. */
static void
finish(struct wb_attrib_objs *o)
{
	size_t i, j;

	if (o->n > 1)
		qsort(o->p, o->n, sizeof(*o->p), pair_cmp);
	for (i = j = 0; i < o->n; i++) {
		if (j > 0 && pair_cmp(&o->p[j - 1], &o->p[i]) == 0) {
			free(o->p[i].name);
			continue;
		}
		o->p[j++] = o->p[i];
	}
	o->n = j;
}

struct wb_attrib_objs *
wb_attrib_objs_parse(FILE *fp, const char *fname, const char *prefix,
    struct wb_err *err)
{
	struct wb_attrib_objs *o;
	const char *obj, *name;
	char *line;
	size_t cap, lineno;
	ssize_t len;
	int r;

	if ((o = calloc(1, sizeof(*o))) == NULL) {
		wb_err_setsys(err, "%s", fname);
		return (NULL);
	}
	line = NULL;
	cap = 0;
	for (lineno = 1; (len = getline(&line, &cap, fp)) != -1; lineno++) {
		if ((r = parse_line(line, prefix, &obj, &name)) == -1) {
			wb_err_set(err, "%s:%zu: not \"object: value type "
			    "name\"", fname, lineno);
			goto fail;
		}
		if (r == 1 && add_pair(o, obj, name) == -1) {
			wb_err_setsys(err, "%s", fname);
			goto fail;
		}
	}
	if (ferror(fp)) {
		wb_err_setsys(err, "%s", fname);
		goto fail;
	}
	free(line);
	finish(o);
	return (o);
fail:
	free(line);
	wb_attrib_objs_free(o);
	return (NULL);
}

static int
run_nm(const char *objdir, const char *tmpfile, struct wb_err *err)
{
	static char script[] = "cd \"$1\" && { ar t vmlinux.a && "
	    "for a in lib/lib.a arch/*/lib/lib.a; do "
	    "if [ -f \"$a\" ]; then ar t \"$a\" || exit 1; fi; done; } | "
	    "xargs -r nm -A --defined-only >\"$2\"";
	char *argv[] = { "/bin/sh", "-c", script, "sh", (char *)objdir,
	    (char *)tmpfile, NULL };
	struct wb_spawn sp;
	struct wb_spawn_result res;
	int r;

	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.timeout = NM_TIMEOUT;
	if (wb_spawn_run(&sp, 1, &res, err) == -1)
		return (-1);
	r = 0;
	if (res.timed_out || res.status != 0)
		r = wb_err_set(err, "%s/vmlinux.a: ar t | nm failed (%s%d): "
		    "%.200s", objdir, res.timed_out ? "timed out, " :
		    "status ", res.status, res.err != NULL ? res.err : "");
	wb_spawn_result_fini(&res);
	return (r);
}

struct wb_attrib_objs *
wb_attrib_objs_load(const char *objdir, const char *tmpfile,
    struct wb_err *err)
{
	struct wb_attrib_objs *o;
	char real[PATH_MAX];
	FILE *fp;

	if (realpath(objdir, real) == NULL) {
		wb_err_setsys(err, "%s", objdir);
		return (NULL);
	}
	if (run_nm(real, tmpfile, err) == -1)
		return (NULL);
	if ((fp = fopen(tmpfile, "r")) == NULL) {
		wb_err_setsys(err, "%s", tmpfile);
		return (NULL);
	}
	o = wb_attrib_objs_parse(fp, tmpfile, real, err);
	fclose(fp);
	if (o != NULL && o->n == 0) {
		wb_err_set(err, "%s/vmlinux.a: its objects define no text "
		    "symbol", objdir);
		wb_attrib_objs_free(o);
		return (NULL);
	}
	return (o);
}

size_t
wb_attrib_objs_lookup(const struct wb_attrib_objs *o, const char *name,
    const char **objs, size_t max)
{
	size_t lo, hi, mid, n;

	lo = 0;
	hi = o->n;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strcmp(o->p[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (n = 0; lo < o->n && strcmp(o->p[lo].name, name) == 0; lo++, n++)
		if (n < max)
			objs[n] = o->p[lo].obj;
	return (n);
}
