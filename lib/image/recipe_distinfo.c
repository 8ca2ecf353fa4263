/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * distinfo: the checksums of a recipe's downloaded files, ports style:
 *	SHA256 (jemalloc_5.3.0.orig.tar.gz) = <64 hex>
 *	SIZE (jemalloc_5.3.0.orig.tar.gz) = 736913
 * and, for a distfile a Debian package installs, the package version the
 * checksums belong to (mk/deps.sh installs exactly that version):
 *	PACKAGE (linux-source-6.1) = 6.1.192-3
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "recipe.h"
#include "recipe_int.h"
#include "wb_util.h"

void
wb_recipe_distinfo_free(struct wb_recipe_distinfo *d, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(d[i].file);
	free(d);
}

static struct wb_recipe_distinfo *
find(struct wb_recipe_distinfo *d, size_t n, const char *file, size_t len)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strlen(d[i].file) == len &&
		    memcmp(d[i].file, file, len) == 0)
			return (&d[i]);
	return (NULL);
}

/* A distinfo's "PACKAGE (name) = version" line; line 0 if none. */
struct wb_distinfo_pin {
	char		 name[256];
	char		 version[80];
	unsigned	 line;
};

/* "PACKAGE (name) = version": the Debian package a distfile comes from. */
static int
parse_pin(const char *s, unsigned line, const char *path,
    struct wb_distinfo_pin *pin, struct wb_err *err)
{
	const char *close, *val;
	size_t nlen;

	if (pin->line != 0)
		return (wb_err_set(err, "%s:%u: second PACKAGE line (the first "
		    "is line %u)", path, line, pin->line));
	close = strstr(s + 9, ") = ");
	val = close != NULL ? close + 4 : NULL;
	nlen = close != NULL ? (size_t)(close - (s + 9)) : 0;
	if (close == NULL || nlen == 0 || nlen >= sizeof(pin->name) ||
	    *val == '\0' || strlen(val) >= sizeof(pin->version) ||
	    strpbrk(val, " \t") != NULL)
		return (wb_err_set(err, "%s:%u: malformed PACKAGE line "
		    "(expected 'PACKAGE (name) = version')", path, line));
	memcpy(pin->name, s + 9, nlen);
	pin->name[nlen] = '\0';
	strcpy(pin->version, val);	/* checked: fits */
	pin->line = line;
	return (0);
}

static int
parse_line(char *s, unsigned line, const char *path,
    struct wb_recipe_distinfo **dp,
    size_t *np, struct wb_distinfo_pin *pin, struct wb_err *err)
{
	struct wb_recipe_distinfo *d, *nd;
	char *open, *close, *val, *end;
	int is_sha;
	size_t flen;
	long long size;

	if (strncmp(s, "SHA256 (", 8) == 0) {
		is_sha = 1;
		open = s + 7;
	} else if (strncmp(s, "SIZE (", 6) == 0) {
		is_sha = 0;
		open = s + 5;
	} else if (strncmp(s, "PACKAGE (", 9) == 0)
		return (pin != NULL ? parse_pin(s, line, path, pin, err) : 0);
	else if (strncmp(s, "TIMESTAMP = ", 12) == 0)
		return (0);
	else
		return (wb_err_set(err, "%s:%u: expected 'SHA256 (file) = "
		    "hex' or 'SIZE (file) = bytes'", path, line));
	if ((close = strstr(open, ") = ")) == NULL)
		return (wb_err_set(err, "%s:%u: expected '(file) = value'",
		    path, line));
	flen = (size_t)(close - open - 1);
	if (flen == 0 || memchr(open + 1, '/', flen) != NULL ||
	    (flen <= 2 && open[1] == '.'))
		return (wb_err_set(err, "%s:%u: bad file name", path, line));
	val = close + 4;
	if ((d = find(*dp, *np, open + 1, flen)) == NULL) {
		if ((nd = reallocarray(*dp, *np + 1, sizeof(*nd))) == NULL)
			return (wb_err_setsys(err, "%s", path));
		*dp = nd;
		d = &nd[*np];
		memset(d, 0, sizeof(*d));
		d->size = -1;
		d->line = line;
		if ((d->file = strndup(open + 1, flen)) == NULL)
			return (wb_err_setsys(err, "%s", path));
		(*np)++;
	}
	if (is_sha) {
		if (d->sha256[0] != '\0')
			return (wb_err_set(err, "%s:%u: second SHA256 for %s",
			    path, line, d->file));
		if (!wb_digest_sha256_hex_ok(val))
			return (wb_err_set(err, "%s:%u: SHA256 must be 64 "
			    "lowercase hex digits", path, line));
		memcpy(d->sha256, val, 65);
	} else {
		if (d->size != -1)
			return (wb_err_set(err, "%s:%u: second SIZE for %s",
			    path, line, d->file));
		errno = 0;
		size = strtoll(val, &end, 10);
		if (errno != 0 || *end != '\0' || end == val || size < 0)
			return (wb_err_set(err, "%s:%u: SIZE must be a byte "
			    "count", path, line));
		d->size = size;
	}
	return (0);
}

/* fopen for reading, refusing at once what is not a regular file. */
static FILE *
open_regular(const char *path, struct wb_err *err)
{
	struct stat st;
	FILE *fp;
	int fd;

	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) == -1) {
		wb_err_setsys(err, "%s", path);
		return (NULL);
	}
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode)) {
		wb_err_set(err, "%s: not a regular file", path);
		close(fd);
		return (NULL);
	}
	if ((fp = fdopen(fd, "r")) == NULL) {
		wb_err_setsys(err, "%s", path);
		close(fd);
	}
	return (fp);
}

static int
load(const char *path, struct wb_recipe_distinfo **dp, size_t *np,
    struct wb_distinfo_pin *pin, struct wb_err *err)
{
	FILE *fp;
	char *buf;
	size_t cap, i;
	ssize_t len;
	unsigned line;

	*dp = NULL;
	*np = 0;
	if (pin != NULL)
		memset(pin, 0, sizeof(*pin));
	if ((fp = open_regular(path, err)) == NULL)
		return (-1);
	buf = NULL;
	cap = 0;
	for (line = 1; (len = getline(&buf, &cap, fp)) != -1; line++) {
		if (len > 0 && buf[len - 1] == '\n')
			buf[--len] = '\0';
		if (len == 0 || buf[0] == '#')
			continue;
		if (parse_line(buf, line, path, dp, np, pin, err) == -1)
			goto fail;
	}
	if (ferror(fp)) {
		wb_err_setsys(err, "read %s", path);
		goto fail;
	}
	for (i = 0; i < *np; i++)
		if ((*dp)[i].sha256[0] == '\0' || (*dp)[i].size == -1) {
			wb_err_set(err, "%s:%u: %s needs both SHA256 and SIZE",
			    path, (*dp)[i].line, (*dp)[i].file);
			goto fail;
		}
	free(buf);
	fclose(fp);
	return (0);
fail:
	free(buf);
	fclose(fp);
	wb_recipe_distinfo_free(*dp, *np);
	*dp = NULL;
	*np = 0;
	return (-1);
}

int
wb_recipe_distinfo_load(const char *path, struct wb_recipe_distinfo **dp,
    size_t *np, struct wb_err *err)
{

	return (load(path, dp, np, NULL, err));
}

int
wb_recipe_distinfo_check(const char *path, const char *distfile,
    const char *sha256, struct wb_err *err)
{
	struct wb_distinfo_pin pin;
	struct wb_recipe_distinfo *d, *e;
	const char *base;
	size_t n;

	if (load(path, &d, &n, &pin, err) == -1)
		return (-1);
	base = strrchr(distfile, '/');
	base = base != NULL ? base + 1 : distfile;
	if ((e = find(d, n, base, strlen(base))) == NULL) {
		wb_recipe_distinfo_free(d, n);
		return (0);
	}
	if (strcmp(e->sha256, sha256) == 0) {
		wb_recipe_distinfo_free(d, n);
		return (1);
	}
	if (pin.line != 0)
		wb_err_set(err, "%s: SHA-256 %s does not match %s:%u, which "
		    "pins package %s %s (line %u): 'make deps' installs the "
		    "pinned version; to move to another, update its PACKAGE, "
		    "SHA256 and SIZE lines (dpkg-query -W, sha256sum, stat -c "
		    "%%s)", distfile, sha256, path, e->line, pin.name,
		    pin.version, pin.line);
	else
		wb_err_set(err, "%s: SHA-256 %s does not match %s:%u; update "
		    "distinfo for a new package version", distfile, sha256,
		    path, e->line);
	wb_recipe_distinfo_free(d, n);
	return (-1);
}

void
wb_recipe_distinfo_lint(const struct wb_recipe *r,
    const struct wb_recipe_var *df, wb_lint_fn *fn, void *arg, size_t *n)
{
	struct wb_recipe_distinfo *d;
	struct wb_err err;
	char path[4096], msg[4200];
	char **w;
	size_t nd, i;

	snprintf(path, sizeof(path), "%s/distinfo", r->dir);
	if (wb_recipe_distinfo_load(path, &d, &nd, &err) == -1) {
		(*n)++;
		if (fn != NULL)
			fn(arg, r->path, df->line, err.msg);
		return;
	}
	if ((w = wb_words_split(df->value, &err)) != NULL) {
		for (i = 0; w[i] != NULL; i++) {
			if (find(d, nd, w[i], strlen(w[i])) != NULL)
				continue;
			(*n)++;
			snprintf(msg, sizeof(msg), "distfile %s has no "
			    "checksum in %s", w[i], path);
			if (fn != NULL)
				fn(arg, r->path, df->line, msg);
		}
		wb_words_free(w);
	}
	wb_recipe_distinfo_free(d, nd);
}
