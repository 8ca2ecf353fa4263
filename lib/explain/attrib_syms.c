/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The kernel's text symbols from System.map (sorted by address, as
 * the kernel's build writes it), the table the qemu plugin
 * reads, and the counts it writes back.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attrib.h"
#include "wb_util.h"

static int
is_text(const char *type)
{

	return (type[1] == '\0' && strchr("tTwW", type[0]) != NULL);
}

static void
sym_fini(struct wb_attrib_sym *s)
{
	size_t i;

	free(s->name);
	for (i = 0; i < s->nalias; i++)
		free(s->alias[i]);
	free(s->alias);
}

void
wb_attrib_symtab_free(struct wb_attrib_symtab *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->n; i++)
		sym_fini(&t->sym[i]);
	free(t->sym);
	free(t);
}

static int
add_sym(struct wb_attrib_symtab *t, size_t *cap, uint64_t addr,
    const char *name, struct wb_err *err)
{
	struct wb_attrib_sym *ns;

	if (t->n == *cap) {
		*cap = *cap == 0 ? 1024 : *cap * 2;
		if ((ns = realloc(t->sym, *cap * sizeof(*ns))) == NULL)
			return (wb_err_setsys(err, "System.map"));
		t->sym = ns;
	}
	char **na;
	struct wb_attrib_sym *last;

	if (t->n > 0 && t->sym[t->n - 1].start == addr) {
		last = &t->sym[t->n - 1];
		if ((na = realloc(last->alias, (last->nalias + 1) *
		    sizeof(*na))) == NULL)
			return (wb_err_setsys(err, "System.map"));
		last->alias = na;
		if ((na[last->nalias] = strdup(name)) == NULL)
			return (wb_err_setsys(err, "System.map"));
		last->nalias++;
		return (0);
	}
	memset(&t->sym[t->n], 0, sizeof(t->sym[t->n]));
	t->sym[t->n].start = addr;
	if ((t->sym[t->n].name = strdup(name)) == NULL)
		return (wb_err_setsys(err, "System.map"));
	t->n++;
	return (0);
}

/* Each symbol ends where the next starts; the last has no end. */
static void
close_ranges(struct wb_attrib_symtab *t)
{
	size_t i;

	for (i = 0; i + 1 < t->n; i++)
		t->sym[i].end = t->sym[i + 1].start;
	if (t->n > 0)
		sym_fini(&t->sym[--t->n]);
}

struct wb_attrib_symtab *
wb_attrib_symtab_read(const char *path, struct wb_err *err)
{
	struct wb_attrib_symtab *t;
	char line[1024], type[8], name[512];
	unsigned long long addr;
	size_t cap, lineno;
	FILE *fp;

	if ((fp = fopen(path, "r")) == NULL) {
		wb_err_setsys(err, "%s", path);
		return (NULL);
	}
	if ((t = calloc(1, sizeof(*t))) == NULL) {
		wb_err_setsys(err, "%s", path);
		fclose(fp);
		return (NULL);
	}
	cap = 0;
	for (lineno = 1; fgets(line, sizeof(line), fp) != NULL; lineno++) {
		if (strchr(line, '\n') == NULL && !feof(fp)) {
			wb_err_set(err, "%s:%zu: line too long", path, lineno);
			goto fail;
		}
		if (sscanf(line, "%llx %7s %511s", &addr, type, name) != 3) {
			wb_err_set(err, "%s:%zu: not \"address type name\"",
			    path, lineno);
			goto fail;
		}
		if (!is_text(type))
			continue;
		if (t->n > 0 && addr < t->sym[t->n - 1].start) {
			wb_err_set(err, "%s:%zu: %s is not sorted by address",
			    path, lineno, name);
			goto fail;
		}
		if (add_sym(t, &cap, addr, name, err) == -1)
			goto fail;
	}
	if (ferror(fp)) {
		wb_err_setsys(err, "%s", path);
		goto fail;
	}
	fclose(fp);
	close_ranges(t);
	if (t->n == 0) {
		wb_err_set(err, "%s: no text symbols", path);
		wb_attrib_symtab_free(t);
		return (NULL);
	}
	return (t);
fail:
	fclose(fp);
	wb_attrib_symtab_free(t);
	return (NULL);
}

int
wb_attrib_symtab_write(const struct wb_attrib_symtab *t, const char *path,
    struct wb_err *err)
{
	char *buf;
	size_t len, i;
	FILE *m;
	int r;

	if ((m = open_memstream(&buf, &len)) == NULL)
		return (wb_err_setsys(err, "%s", path));
	for (i = 0; i < t->n; i++)
		fprintf(m, "%016" PRIx64 " %016" PRIx64 " %s\n",
		    t->sym[i].start, t->sym[i].end, t->sym[i].name);
	if (fclose(m) != 0) {
		free(buf);
		return (wb_err_setsys(err, "%s", path));
	}
	r = wb_atomic_write(path, buf, len, 0644, err);
	free(buf);
	return (r);
}

long
wb_attrib_symtab_find(const struct wb_attrib_symtab *t, uint64_t addr)
{
	size_t lo, hi, mid;

	lo = 0;
	hi = t->n;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (t->sym[mid].start == addr)
			return ((long)mid);
		if (t->sym[mid].start < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (-1);
}

void
wb_attrib_counts_fini(struct wb_attrib_counts *c)
{

	free(c->sym);
	c->sym = NULL;
	c->n = 0;
}

/* One line of the plugin's output into c. */
static int
count_line(const char *line, const struct wb_attrib_symtab *t,
    struct wb_attrib_counts *c, const char *path, size_t lineno,
    struct wb_err *err)
{
	char name[512];
	unsigned long long addr, n;
	long i;

	if (sscanf(line, "user %llu", &n) == 1)
		c->user = n;
	else if (sscanf(line, "kernel-other %llu", &n) == 1)
		c->other = n;
	else if (sscanf(line, "sym %llx %511s %llu", &addr, name, &n) == 3) {
		if ((i = wb_attrib_symtab_find(t, addr)) == -1 ||
		    strcmp(t->sym[i].name, name) != 0)
			return (wb_err_set(err, "%s:%zu: %s at %llx is not a "
			    "symbol of the table", path, lineno, name, addr));
		c->sym[i] = n;
	} else
		return (wb_err_set(err, "%s:%zu: not a count line", path,
		    lineno));
	return (0);
}

int
wb_attrib_counts_read(const char *path, const struct wb_attrib_symtab *t,
    struct wb_attrib_counts *c, struct wb_err *err)
{
	char line[1024];
	size_t lineno;
	FILE *fp;

	memset(c, 0, sizeof(*c));
	if ((fp = fopen(path, "r")) == NULL)
		return (wb_err_setsys(err, "%s", path));
	if ((c->sym = calloc(t->n > 0 ? t->n : 1, sizeof(*c->sym))) == NULL) {
		fclose(fp);
		return (wb_err_setsys(err, "%s", path));
	}
	c->n = t->n;
	for (lineno = 1; fgets(line, sizeof(line), fp) != NULL; lineno++) {
		if (lineno == 1) {
			if (strcmp(line, "# worldbench insncount 1\n") != 0)
				goto bad;
			continue;
		}
		if (count_line(line, t, c, path, lineno, err) == -1)
			goto fail;
	}
	if (lineno == 1)
		goto bad;
	fclose(fp);
	return (0);
bad:
	wb_err_set(err, "%s:1: not an insncount file (\"# worldbench "
	    "insncount 1\")", path);
fail:
	fclose(fp);
	wb_attrib_counts_fini(c);
	return (-1);
}
