/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which paths a knob owns (match_knob.h).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match_knob.h"
#include "wb_util.h"

int
wb_match_knob_allowed(const char *owners, const char *knobs)
{
	const char *p, *k;
	size_t len, klen;

	for (p = owners; p != NULL && *p != '\0'; p += len) {
		while (*p == ',' || *p == ' ')
			p++;
		len = strcspn(p, ",");
		for (k = knobs; *k != '\0'; k += klen + (k[klen] == ';')) {
			klen = strcspn(k, ";");
			if (klen == len && strncmp(k, p, len) == 0)
				return (1);
		}
	}
	return (0);
}

void
wb_match_knob_sources_minus(char *const *a, char *const *b, const char *kind,
    char *out, size_t len)
{
	size_t i, j;

	for (i = 0; a[i] != NULL; i++) {
		for (j = 0; b[j] != NULL; j++)
			if (strcmp(a[i], b[j]) == 0)
				break;
		if (b[j] == NULL)
			snprintf(out + strlen(out), len - strlen(out),
			    "%s%s%s;", kind != NULL ? kind : "",
			    kind != NULL ? " " : "", a[i]);
	}
}

const char *
wb_match_knob_text(const char *knobs, char *buf, size_t len)
{
	size_t i, n = 0;

	for (i = 0; knobs[i] != '\0' && n + 3 < len; i++) {
		if (knobs[i] != ';')
			buf[n++] = knobs[i];
		else if (knobs[i + 1] != '\0') {
			buf[n++] = ',';
			buf[n++] = ' ';
		}
	}
	buf[n] = '\0';
	return (n > 0 ? buf : "none");
}

#define	OWNERS_MAX	(256 * 1024 * 1024)

void
wb_match_knob_owners_fini(struct wb_match_knob_owners *o)
{

	free(o->text);
	free(o->path);
	free(o->label);
	memset(o, 0, sizeof(*o));
}

int
wb_match_knob_owners_read(struct wb_match_knob_owners *o, const char *workdir,
    const char *label, struct wb_err *err)
{
	char path[4096], *p, *nl, *tab;
	size_t cap = 0, line = 0;
	int fd;

	memset(o, 0, sizeof(*o));
	snprintf(path, sizeof(path), "%s/images/%s.owners", workdir, label);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return (wb_err_setsys(err, "%s: no record of where its files "
		    "came from (an image built by an older worldbench: build "
		    "it again with worldbench recipe build --force)", path));
	o->text = wb_beneath_slurp(fd, OWNERS_MAX, NULL, path, err);
	close(fd);
	if (o->text == NULL)
		return (-1);
	for (p = o->text; *p != '\0'; p = nl + 1) {
		line++;
		if ((nl = strchr(p, '\n')) == NULL ||
		    (tab = memchr(p, '\t', (size_t)(nl - p))) == NULL)
			return (wb_err_set(err, "%s:%zu: expected path<TAB>"
			    "owner", path, line));
		*tab = *nl = '\0';
		if (o->n == cap) {
			cap = cap == 0 ? 256 : cap * 2;
			if ((o->path = reallocarray(o->path, cap,
			    sizeof(char *))) == NULL ||
			    (o->label = reallocarray(o->label, cap,
			    sizeof(char *))) == NULL)
				return (wb_err_setsys(err, "%s", path));
		}
		o->path[o->n] = p;
		o->label[o->n++] = tab + 1;
	}
	return (0);
}

const char *
wb_match_knob_owner_of(const struct wb_match_knob_owners *o, const char *path)
{
	size_t lo = 0, hi = o->n, mid;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((c = strcmp(path, o->path[mid])) == 0)
			return (o->label[mid]);
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return (NULL);
}
