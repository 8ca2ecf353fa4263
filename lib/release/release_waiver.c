/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Waivers of kernel debug options (worldbench-waivers(5)): "OPTION
 * reason" lines.  A waived option that is set is reported WAIVED with
 * its reason instead of failing.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "release.h"
#include "wb_util.h"

#define WAIVERS_MAX	(64 * 1024)

void
wb_release_waivers_init(struct wb_release_waivers *w)
{

	memset(w, 0, sizeof(*w));
}

void
wb_release_waivers_fini(struct wb_release_waivers *w)
{
	size_t i;

	for (i = 0; i < w->n; i++) {
		free(w->w[i].option);
		free(w->w[i].reason);
		free(w->w[i].where);
	}
	free(w->w);
	memset(w, 0, sizeof(*w));
}

static int
known(const char *opt, size_t len)
{
	const struct wb_kdebug *k;
	size_t i;

	for (i = 0; i < wb_release_kdebug_count(); i++) {
		k = wb_release_kdebug_at(i);
		if (strlen(k->option) == len &&
		    strncmp(k->option, opt, len) == 0)
			return (1);
	}
	return (0);
}

static int
add(struct wb_release_waivers *w, const char *name, unsigned line,
    const char *opt,
    size_t olen, const char *reason, size_t rlen, struct wb_err *err)
{
	struct wb_waiver *nw, x;
	size_t i;

	for (i = 0; i < w->n; i++)
		if (strlen(w->w[i].option) == olen &&
		    strncmp(w->w[i].option, opt, olen) == 0)
			return (wb_err_set(err, "%s:%u: %s is already waived "
			    "at %s", name, line, w->w[i].option,
			    w->w[i].where));
	memset(&x, 0, sizeof(x));
	if ((x.option = strndup(opt, olen)) == NULL ||
	    (x.reason = strndup(reason, rlen)) == NULL ||
	    asprintf(&x.where, "%s:%u", name, line) == -1) {
		free(x.option);
		free(x.reason);
		return (wb_err_setsys(err, "waiver"));
	}
	if ((nw = reallocarray(w->w, w->n + 1, sizeof(*nw))) == NULL) {
		free(x.option);
		free(x.reason);
		free(x.where);
		return (wb_err_setsys(err, "realloc"));
	}
	w->w = nw;
	w->w[w->n++] = x;
	return (0);
}

int
wb_release_waivers_parse(struct wb_release_waivers *w, const char *name,
    const char *buf, struct wb_err *err)
{
	const char *p, *nl, *o, *rs;
	size_t len, olen;
	unsigned line;

	for (p = buf, line = 1; *p != '\0'; p = nl, line++) {
		nl = p + strcspn(p, "\n");
		len = nl - p;
		if (*nl == '\n')
			nl++;
		while (len > 0 && isspace((unsigned char)p[len - 1]))
			len--;
		while (len > 0 && (*p == ' ' || *p == '\t')) {
			p++;
			len--;
		}
		if (len == 0 || *p == '#')
			continue;
		if (memchr(p, '\0', len) != NULL)
			return (wb_err_set(err, "%s:%u: binary data", name,
			    line));
		o = p;
		if (len > 7 && strncmp(o, "CONFIG_", 7) == 0)
			o += 7;
		for (olen = 0; o + olen < p + len &&
		    (isupper((unsigned char)o[olen]) ||
		    isdigit((unsigned char)o[olen]) || o[olen] == '_'); olen++)
			;
		rs = o + olen;
		if (olen == 0 || (rs < p + len && *rs != ' ' && *rs != '\t'))
			return (wb_err_set(err, "%s:%u: \"%.*s\" is not a kernel "
			    "option name (upper case letters, digits and _)",
			    name, line, (int)strcspn(p, " \t\n"), p));
		if (!known(o, olen))
			return (wb_err_set(err, "%s:%u: %.*s is not a debug "
			    "option check-release tests: nothing to waive",
			    name, line, (int)olen, o));
		while (rs < p + len && (*rs == ' ' || *rs == '\t'))
			rs++;
		if (rs == p + len)
			return (wb_err_set(err, "%s:%u: %.*s has no reason: "
			    "say why it is on", name, line, (int)olen, o));
		if (add(w, name, line, o, olen, rs, (size_t)(p + len - rs),
		    err) == -1)
			return (-1);
	}
	return (0);
}

int
wb_release_waivers_read(struct wb_release_waivers *w, const char *path,
    struct wb_err *err)
{
	char *buf;
	size_t len;
	int fd, rc;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return (wb_err_setsys(err, "%s", path));
	buf = wb_beneath_slurp(fd, WAIVERS_MAX, &len, path, err);
	close(fd);
	if (buf == NULL)
		return (-1);
	if (strlen(buf) != len) {
		free(buf);
		return (wb_err_set(err, "%s: binary data", path));
	}
	rc = wb_release_waivers_parse(w, path, buf, err);
	free(buf);
	return (rc);
}

int
wb_release_waive(struct wb_release *r, struct wb_release_waivers *w,
    struct wb_err *err)
{
	struct wb_check *c;
	size_t i, j;

	for (i = 0; i < r->n; i++) {
		c = &r->checks[i];
		if (strcmp(c->cls, "kernel") != 0)
			continue;
		for (j = 0; j < w->n; j++)
			if (strcmp(w->w[j].option, c->name) == 0)
				break;
		if (j == w->n)
			continue;
		w->w[j].used = 1;
		if (c->status != WB_CHECK_FAIL)
			continue;
		if (asprintf(&c->reason, "%s: %s", w->w[j].where,
		    w->w[j].reason) == -1) {
			c->reason = NULL;
			return (wb_err_setsys(err, "asprintf"));
		}
		c->status = WB_CHECK_WAIVED;
		r->nfail--;
		r->nwaived++;
	}
	return (0);
}
