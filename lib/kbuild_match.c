/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The matching check of a kernel pair (see kbuild_match.h).
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "fragment.h"
#include "kbuild.h"
#include "kbuild_int.h"
#include "kbuild_match.h"

/* A key's value, NULL for absent or "is not set". */
static const char *
value_of(const struct wb_frag *f, const char *key)
{
	const struct wb_frag_entry *e;

	e = wb_frag_get(f, key);
	return (e != NULL ? e->value : NULL);
}

static int
same(const char *a, const char *b)
{

	return (a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0);
}

static int
report_add(struct wb_kmatch *m, const char *key, const char *why,
    const char *base, const char *built, const char *derived,
    struct wb_err *err)
{
	char *line, *r;
	size_t old;

	if (asprintf(&line, "%s %s: base %s, built %s, derived %s\n", why, key,
	    base != NULL ? base : "n", built != NULL ? built : "n",
	    derived != NULL ? derived : "n") == -1)
		return (wb_err_setsys(err, "asprintf"));
	old = m->report != NULL ? strlen(m->report) : 0;
	if ((r = realloc(m->report, old + strlen(line) + 1)) == NULL) {
		free(line);
		return (wb_err_setsys(err, "realloc"));
	}
	strcpy(r + old, line);
	m->report = r;
	free(line);
	m->mismatched++;
	return (0);
}

/* Every key of f that the union has not seen yet, in f's order. */
static int
compare_keys(const struct wb_frag *f, const struct wb_frag *base,
    const struct wb_frag *built, const struct wb_frag *derived,
    const struct wb_frag *want, struct wb_frag *seen, struct wb_kmatch *m,
    struct wb_err *err)
{
	const char *b, *u, *d, *why;
	char line[1024];
	size_t i;

	for (i = 0; i < f->n; i++) {
		if (wb_frag_get(seen, f->e[i].key) != NULL)
			continue;
		snprintf(line, sizeof(line), "%s=y\n", f->e[i].key);
		if (wb_frag_merge_buf(seen, "seen", line, strlen(line), NULL,
		    NULL, err) == -1)
			return (-1);
		b = value_of(base, f->e[i].key);
		u = value_of(built, f->e[i].key);
		d = value_of(derived, f->e[i].key);
		if (!same(b, u)) {
			m->changed++;
			if (wb_frag_get(want, f->e[i].key) != NULL)
				m->requested++;
			else
				m->implied++;
		}
		if (same(u, d))
			continue;
		why = same(b, u) ? "missing" : same(b, d) ? "unexpected" :
		    "different";
		if (report_add(m, f->e[i].key, why, b, u, d, err) == -1)
			return (-1);
	}
	return (0);
}

int
wb_kmatch_compare(const struct wb_frag *base, const struct wb_frag *built,
    const struct wb_frag *derived, const struct wb_frag *want,
    struct wb_kmatch *m, struct wb_err *err)
{
	struct wb_frag seen;
	int rc;

	memset(m, 0, sizeof(*m));
	wb_frag_init(&seen);
	rc = 0;
	if (compare_keys(built, base, built, derived, want, &seen, m,
	    err) == -1 || compare_keys(derived, base, built, derived, want,
	    &seen, m, err) == -1 || compare_keys(base, base, built, derived,
	    want, &seen, m, err) == -1)
		rc = -1;
	wb_frag_fini(&seen);
	return (rc);
}

int
wb_kmatch_run(const struct wb_kbuild *kb, const char *base_config,
    const char *built_config, const char *const *extra, size_t nextra,
    struct wb_kmatch *m, struct wb_err *err)
{
	static const char *const olddef[] = { "olddefconfig", NULL };
	struct wb_frag base, built, derived, want;
	char dir[4096], path[4200];
	size_t i;
	int rc;

	memset(m, 0, sizeof(*m));
	if (snprintf(dir, sizeof(dir), "%s.match", kb->objdir) >=
	    (int)sizeof(dir))
		return (wb_err_set(err, "%s: path too long", kb->objdir));
	if (mkdir(dir, 0755) == -1 && errno != EEXIST)
		return (wb_err_setsys(err, "%s", dir));
	snprintf(path, sizeof(path), "%s/.config", dir);
	wb_frag_init(&base);
	wb_frag_init(&built);
	wb_frag_init(&want);
	wb_frag_init(&derived);
	rc = wb_frag_merge_file(&base, base_config, NULL, NULL, err);
	if (rc == 0)
		rc = wb_frag_merge_file(&built, built_config, NULL, NULL, err);
	for (i = 0; rc == 0 && i < nextra; i++)
		rc = wb_frag_merge_file(&want, extra[i], NULL, NULL, err);
	if (rc == 0)
		rc = wb_kbuild_write_merged(&base, &want, path, err);
	if (rc == 0)
		rc = wb_kbuild_runmake(kb, dir, olddef, NULL, err);
	if (rc == 0)
		rc = wb_frag_merge_file(&derived, path, NULL, NULL, err);
	if (rc == 0)
		rc = wb_kmatch_compare(&base, &built, &derived, &want, m, err);
	wb_frag_fini(&base);
	wb_frag_fini(&built);
	wb_frag_fini(&derived);
	wb_frag_fini(&want);
	return (rc);
}

void
wb_kmatch_fini(struct wb_kmatch *m)
{

	free(m->report);
	memset(m, 0, sizeof(*m));
}
