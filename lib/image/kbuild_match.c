/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The matching check of a kernel pair (see kbuild_match.h).
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "kbuild.h"
#include "kbuild_int.h"
#include "kbuild_match.h"
#include "wb_sandbox.h"
#include "wb_util.h"

const char *
wb_kbuild_value(const struct wb_fragment *f, const char *key)
{
	const struct wb_frag_entry *e;

	e = wb_fragment_get(f, key);
	return (e != NULL ? e->value : NULL);
}

int
wb_kbuild_same(const char *a, const char *b)
{

	return (a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0);
}

/* Append line and a newline to *buf. */
static int
lines_add(char **buf, const char *line, struct wb_err *err)
{
	size_t old;
	char *r;

	old = *buf != NULL ? strlen(*buf) : 0;
	if ((r = realloc(*buf, old + strlen(line) + 2)) == NULL)
		return (wb_err_setsys(err, "realloc"));
	strcpy(r + old, line);
	strcpy(r + old + strlen(line), "\n");
	*buf = r;
	return (0);
}

static int
report_add(struct wb_kbuild_match *m, const char *key, const char *why,
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

/*
 * The keys of f that neither skip nor skip2 holds (either may be NULL),
 * in f's order: with f = built, then derived skipping built, then base
 * skipping both, every key of the union is compared once.
 */
static int
compare_keys(const struct wb_fragment *f, const struct wb_fragment *skip,
    const struct wb_fragment *skip2, const struct wb_fragment *base,
    const struct wb_fragment *built, const struct wb_fragment *derived,
    const struct wb_fragment *want, struct wb_kbuild_match *m,
    struct wb_err *err)
{
	const char *b, *u, *d, *why, *key;
	size_t i;

	for (i = 0; i < f->n; i++) {
		key = f->e[i].key;
		if ((skip != NULL && wb_fragment_get(skip, key) != NULL) ||
		    (skip2 != NULL && wb_fragment_get(skip2, key) != NULL))
			continue;
		b = wb_kbuild_value(base, key);
		u = wb_kbuild_value(built, key);
		d = wb_kbuild_value(derived, key);
		if (!wb_kbuild_same(b, u)) {
			m->changed++;
			if (lines_add(&m->owned, key, err) == -1)
				return (-1);
			if (wb_fragment_get(want, key) != NULL)
				m->requested++;
			else
				m->implied++;
		}
		if (wb_kbuild_same(u, d))
			continue;
		why = wb_kbuild_same(b, u) ? "missing" : wb_kbuild_same(b, d) ? "unexpected" :
		    "different";
		if (report_add(m, key, why, b, u, d, err) == -1)
			return (-1);
	}
	return (0);
}

int
wb_kbuild_match_compare(const struct wb_fragment *base,
    const struct wb_fragment *built,
    const struct wb_fragment *derived, const struct wb_fragment *want,
    struct wb_kbuild_match *m, struct wb_err *err)
{

	memset(m, 0, sizeof(*m));
	if (compare_keys(built, NULL, NULL, base, built, derived, want, m,
	    err) == -1 || compare_keys(derived, built, NULL, base, built,
	    derived, want, m, err) == -1 || compare_keys(base, built, derived,
	    base, built, derived, want, m, err) == -1)
		return (-1);
	return (0);
}

/* 1 when path is one of the n fragments. */
int
wb_kbuild_has_fragment(char *const *frags, size_t n, const char *path)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(frags[i], path) == 0)
			return (1);
	return (0);
}

int
wb_kbuild_match_run(const struct wb_kbuild *kb, char *const *base_frags,
    size_t nbase, const char *base_config, const char *built_config,
    struct wb_kbuild_match *m, struct wb_err *err)
{
	static const char *const olddef[] = { "olddefconfig", NULL };
	struct wb_fragment base, built, derived, want;
	char dir[4096], path[4200];
	size_t i, nextra;
	int rc;

	memset(m, 0, sizeof(*m));
	if (snprintf(dir, sizeof(dir), "%s.match", kb->objdir) >=
	    (int)sizeof(dir))
		return (wb_err_set(err, "%s: path too long", kb->objdir));
	if (mkdir(dir, 0755) == -1 && errno != EEXIST)
		return (wb_err_setsys(err, "%s", dir));
	snprintf(path, sizeof(path), "%s/.config", dir);
	wb_fragment_init(&base);
	wb_fragment_init(&built);
	wb_fragment_init(&want);
	wb_fragment_init(&derived);
	rc = wb_fragment_merge_file(&base, base_config, NULL, NULL, err);
	if (rc == 0)
		rc = wb_fragment_merge_file(&built, built_config, NULL, NULL,
		    err);
	for (nextra = i = 0; rc == 0 && i < kb->nfragments; i++)
		if (!wb_kbuild_has_fragment(base_frags, nbase,
		    kb->fragments[i])) {
			rc = wb_fragment_merge_nofollow(&want, kb->fragments[i],
			    NULL, NULL, err);
			nextra++;
		}
	if (rc == 0)
		rc = wb_kbuild_write_merged(&base, &want, path, err);
	if (rc == 0)
		rc = wb_kbuild_runmake(kb, dir, olddef, NULL, err);
	if (rc == 0)
		rc = wb_fragment_merge_file(&derived, path, NULL, NULL, err);
	if (rc == 0)
		rc = wb_kbuild_match_compare(&base, &built, &derived, &want, m,
		    err);
	m->nextra = nextra;
	wb_fragment_fini(&base);
	wb_fragment_fini(&built);
	wb_fragment_fini(&derived);
	wb_fragment_fini(&want);
	return (rc);
}

void
wb_kbuild_match_fini(struct wb_kbuild_match *m)
{

	free(m->report);
	free(m->owned);
	memset(m, 0, sizeof(*m));
}

int
wb_kbuild_match_record(const struct wb_kbuild_match *m, const char *imagedir,
    const char *base, const char *base_config, struct wb_err *err)
{
	char sha[WB_SHA256_HEXSIZE], path[4096], *text, *p, *nl;
	json_t *o, *syms;
	int rc;

	if (wb_digest_sha256_file(base_config, sha, err) == -1)
		return (-1);
	if ((syms = json_array()) == NULL)
		return (wb_err_set(err, "%s: out of memory", WB_KMATCH_RECORD));
	for (p = m->owned; p != NULL && *p != '\0'; p = nl + 1) {
		nl = p + strcspn(p, "\n");
		if (json_array_append_new(syms, json_stringn(p,
		    (size_t)(nl - p))) == -1) {
			json_decref(syms);
			return (wb_err_set(err, "%s: out of memory",
			    WB_KMATCH_RECORD));
		}
		if (*nl == '\0')
			break;
	}
	if ((o = json_pack("{s:s, s:s, s:o}", "base", base,
	    "base_config_sha256", sha, "symbols", syms)) == NULL)
		return (wb_err_set(err, "%s: out of memory", WB_KMATCH_RECORD));
	text = json_dumps(o, JSON_INDENT(2) | JSON_SORT_KEYS);
	json_decref(o);
	if (text == NULL)
		return (wb_err_set(err, "%s: cannot format", WB_KMATCH_RECORD));
	snprintf(path, sizeof(path), "%s/%s", imagedir, WB_KMATCH_RECORD);
	rc = wb_atomic_write(path, text, strlen(text), 0644, err);
	free(text);
	return (rc);
}
