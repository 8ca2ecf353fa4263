/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An attribution's options summed by the request that brings each
 * (attrib.h wb_attrib_by_request).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attrib.h"
#include "wb_image.h"
#include "wb_util.h"

/* The request that brings option name, into buf. */
static const char *
request_of(const struct wb_kbuild_owners *k, const char *name, char *buf,
    size_t len)
{
	const struct wb_kowner *o = wb_kbuild_owners_find(k, name);
	size_t i, n = 0;

	if (o == NULL)
		snprintf(buf, len, "unchanged: %s", name);
	else if (o->requested)
		snprintf(buf, len, "%s", name);
	else if (o->nby == 0)
		snprintf(buf, len, "shared: %s", name);
	else {
		buf[0] = '\0';
		for (i = 0; i < o->nby; i++)
			n += (size_t)snprintf(buf + n, n < len ? len - n : 0,
			    "%s%s", i ? "+" : "", o->by[i]);
	}
	return (buf);
}

static int
add_option(struct wb_attrib_reqrow *g, const char *opt, struct wb_err *err)
{
	size_t old = g->options != NULL ? strlen(g->options) : 0;
	char *p;

	if ((p = realloc(g->options, old + strlen(opt) + 2)) == NULL)
		return (wb_err_setsys(err, "realloc"));
	sprintf(p + old, "%s%s", old ? " " : "", opt);
	g->options = p;
	return (0);
}

static int
by_extra(const void *a, const void *b)
{
	const struct wb_attrib_reqrow *x = a, *y = b;

	return (x->extra < y->extra ? 1 : x->extra > y->extra ? -1 :
	    strcmp(x->name, y->name));
}

int
wb_attrib_by_request(const struct wb_attrib_testres *r,
    const struct wb_kbuild_owners *k, struct wb_attrib_reqrow **rowsp,
    size_t *np, struct wb_err *err)
{
	struct wb_attrib_reqrow *rows;
	char key[512];
	size_t i, j, n = 0, nopt;

	*rowsp = NULL;
	*np = 0;
	nopt = r->nrow > WB_ATTRIB_NFIXED ? r->nrow - WB_ATTRIB_NFIXED : 0;
	if (nopt == 0)
		return (0);
	if ((rows = calloc(nopt, sizeof(*rows))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < nopt; i++) {
		request_of(k, r->row[i].name, key, sizeof(key));
		for (j = 0; j < n; j++)
			if (strcmp(rows[j].name, key) == 0)
				break;
		if (j == n) {
			if ((rows[n].name = strdup(key)) == NULL) {
				wb_attrib_reqrows_free(rows, n);
				return (wb_err_setsys(err, "strdup"));
			}
			rows[n++].share = 0;
		}
		rows[j].extra += r->row[i].extra;
		if (!isnan(r->row[i].share))
			rows[j].share += r->row[i].share;
		if (add_option(&rows[j], r->row[i].name, err) == -1) {
			wb_attrib_reqrows_free(rows, n);
			return (-1);
		}
	}
	qsort(rows, n, sizeof(*rows), by_extra);
	*rowsp = rows;
	*np = n;
	return (0);
}

void
wb_attrib_reqrows_free(struct wb_attrib_reqrow *rows, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(rows[i].name);
		free(rows[i].options);
	}
	free(rows);
}
