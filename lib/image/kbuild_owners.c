/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which requested option brings each changed symbol (kbuild_owners.h).
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kbuild.h"
#include "kbuild_int.h"
#include "kbuild_owners.h"
#include "wb_sandbox.h"
#include "wb_util.h"

static const char *
bare(const char *key)
{

	return (strncmp(key, "CONFIG_", 7) == 0 ? key + 7 : key);
}

void
wb_kbuild_owners_init(struct wb_kbuild_owners *k)
{

	memset(k, 0, sizeof(*k));
}

void
wb_kbuild_owners_fini(struct wb_kbuild_owners *k)
{
	size_t i;

	for (i = 0; i < k->n; i++) {
		free(k->o[i].sym);
		free(k->o[i].by);
	}
	free(k->o);
	free(k->enablers);
	memset(k, 0, sizeof(*k));
}

int
wb_kbuild_owners_changed(struct wb_kbuild_owners *k,
    const struct wb_fragment *base,
    const struct wb_fragment *full, const struct wb_fragment *want,
    struct wb_err *err)
{
	const struct wb_fragment *f[2] = { full, base };
	const char *key;
	void *p;
	size_t i, j;

	for (j = 0; j < 2; j++)
		for (i = 0; i < f[j]->n; i++) {
			key = f[j]->e[i].key;
			if (wb_kbuild_same(wb_kbuild_value(base, key), wb_kbuild_value(full, key)) ||
			    wb_kbuild_owners_find(k, key) != NULL)
				continue;
			if ((p = realloc(k->o, (k->n + 1) *
			    sizeof(*k->o))) == NULL)
				return (wb_err_setsys(err, "realloc"));
			k->o = p;
			memset(&k->o[k->n], 0, sizeof(k->o[k->n]));
			if ((k->o[k->n].sym = strdup(bare(key))) == NULL)
				return (wb_err_setsys(err, "strdup"));
			k->o[k->n++].requested = wb_fragment_get(want, key) !=
			    NULL;
		}
	return (0);
}

int
wb_kbuild_owners_add(struct wb_kbuild_owners *k, const char *left_out,
    const struct wb_fragment *base, const struct wb_fragment *without,
    struct wb_err *err)
{
	struct wb_kowner *o;
	char key[256];
	void *p;
	size_t i;

	for (i = 0; i < k->n; i++) {
		o = &k->o[i];
		snprintf(key, sizeof(key), "CONFIG_%s", o->sym);
		if (!wb_kbuild_same(wb_kbuild_value(base, key), wb_kbuild_value(without, key)))
			continue;
		if ((p = realloc(o->by, (o->nby + 1) * sizeof(*o->by))) ==
		    NULL)
			return (wb_err_setsys(err, "realloc"));
		o->by = p;
		/* Borrowed from the symbol's own entry when it changed. */
		o->by[o->nby++] = (char *)left_out;
	}
	return (0);
}

/* Does s own every symbol that has an owner? */
static int
owns_all(const struct wb_kbuild_owners *k, const char *s)
{
	size_t i, j;
	int any = 0;

	for (i = 0; i < k->n; i++) {
		if (k->o[i].nby == 0)
			continue;
		for (j = 0; j < k->o[i].nby; j++)
			if (strcmp(k->o[i].by[j], s) == 0)
				break;
		if (j == k->o[i].nby)
			return (0);
		any = 1;
	}
	return (any);
}

int
wb_kbuild_owners_finish(struct wb_kbuild_owners *k, struct wb_err *err)
{
	struct wb_kowner *o;
	size_t i, j, n, e;
	char *s;

	/* Each owner named once, by its symbol's own string. */
	for (i = 0; i < k->n; i++)
		for (j = 0; j < k->o[i].nby; j++)
			if ((o = (struct wb_kowner *)wb_kbuild_owners_find(k,
			    k->o[i].by[j])) != NULL)
				k->o[i].by[j] = o->sym;
	if ((k->enablers = calloc(k->n + 1, sizeof(*k->enablers))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < k->n; i++)
		if (k->o[i].requested && owns_all(k, k->o[i].sym))
			k->enablers[k->nenablers++] = k->o[i].sym;
	/* An enabler is no other symbol's owner, unless the only one. */
	for (i = 0; i < k->n; i++) {
		o = &k->o[i];
		for (j = n = 0; j < o->nby; j++) {
			s = o->by[j];
			for (e = 0; e < k->nenablers; e++)
				if (k->enablers[e] == s &&
				    strcmp(s, o->sym) != 0 && o->nby > 1)
					break;
			if (e == k->nenablers)
				o->by[n++] = s;
		}
		o->nby = n;
	}
	return (0);
}

static int
is_enabler(const struct wb_kbuild_owners *k, const char *s)
{
	size_t e;

	for (e = 0; e < k->nenablers; e++)
		if (strcmp(k->enablers[e], s) == 0)
			return (1);
	return (0);
}

void
wb_kbuild_owners_enabled(struct wb_kbuild_owners *k,
    const struct wb_fragment *base, const struct wb_fragment *enabled)
{
	struct wb_kowner *o;
	char key[256];
	size_t i, j;

	for (i = 0; i < k->n; i++) {
		o = &k->o[i];
		if (is_enabler(k, o->sym))
			continue;
		for (j = 0; j < o->nby && is_enabler(k, o->by[j]); j++)
			;
		if (j < o->nby)
			continue;
		snprintf(key, sizeof(key), "CONFIG_%s", o->sym);
		if (wb_kbuild_same(wb_kbuild_value(base, key), wb_kbuild_value(enabled, key))) {
			o->nby = 0;
			o->shared = 1;
		}
	}
}

const struct wb_kowner *
wb_kbuild_owners_find(const struct wb_kbuild_owners *k, const char *sym)
{
	size_t i;

	sym = bare(sym);
	for (i = 0; i < k->n; i++)
		if (strcmp(k->o[i].sym, sym) == 0)
			return (&k->o[i]);
	return (NULL);
}

/* olddefconfig over base with want applied, read into out. */
static int
derive(const struct wb_kbuild *kb, const char *dir,
    const struct wb_fragment *base, const struct wb_fragment *want,
    struct wb_fragment *out, struct wb_err *err)
{
	static const char *const olddef[] = { "olddefconfig", NULL };
	char path[4200];

	snprintf(path, sizeof(path), "%s/.config", dir);
	if (wb_kbuild_write_merged(base, want, path, err) != 0 ||
	    wb_kbuild_runmake(kb, dir, olddef, NULL, err) != 0)
		return (-1);
	return (wb_fragment_merge_file(out, path, NULL, NULL, err));
}

/* Set key to v in out ("# key is not set" when v is NULL). */
static int
frag_set(struct wb_fragment *out, const char *key, const char *v,
    struct wb_err *err)
{
	char *line;
	int rc;

	if ((v == NULL ? asprintf(&line, "# %s is not set\n", key) :
	    asprintf(&line, "%s=%s\n", key, v)) < 0)
		return (wb_err_setsys(err, "asprintf"));
	rc = wb_fragment_merge_buf(out, key, line, strlen(line), NULL, NULL,
	    err);
	free(line);
	return (rc);
}

/* want with key set as in base. */
static int
left_out(const struct wb_fragment *want, const struct wb_fragment *base,
    const char *key, struct wb_fragment *out, struct wb_err *err)
{
	char *text;
	int rc;

	if ((text = wb_fragment_format(want, err)) == NULL)
		return (-1);
	rc = wb_fragment_merge_buf(out, "want", text, strlen(text), NULL, NULL,
	    err);
	free(text);
	if (rc != 0)
		return (-1);
	return (frag_set(out, key, wb_kbuild_value(base, key), err));
}

/* Add the enabler sym's setting in want to out. */
static int
enabler_frag(struct wb_fragment *out, const char *sym,
    const struct wb_fragment *want, struct wb_err *err)
{
	char key[256];
	const char *v;

	snprintf(key, sizeof(key), "CONFIG_%s", sym);
	if ((v = wb_kbuild_value(want, key)) == NULL)
		return (0);
	return (frag_set(out, key, v, err));
}

int
wb_kbuild_owners_run(const struct wb_kbuild *kb, char *const *base_frags,
    size_t nbase, const char *base_config, struct wb_kbuild_owners *k,
    struct wb_err *err)
{
	struct wb_fragment base, want, full, w, d;
	char dir[4096];
	size_t i;
	int rc;

	if (snprintf(dir, sizeof(dir), "%s.owners", kb->objdir) >=
	    (int)sizeof(dir))
		return (wb_err_set(err, "%s: path too long", kb->objdir));
	if (mkdir(dir, 0755) == -1 && errno != EEXIST)
		return (wb_err_setsys(err, "%s", dir));
	wb_fragment_init(&base);
	wb_fragment_init(&want);
	wb_fragment_init(&full);
	rc = wb_fragment_merge_file(&base, base_config, NULL, NULL, err);
	for (i = 0; rc == 0 && i < kb->nfragments; i++)
		if (!wb_kbuild_has_fragment(base_frags, nbase,
		    kb->fragments[i]))
			rc = wb_fragment_merge_nofollow(&want, kb->fragments[i],
			    NULL, NULL, err);
	if (rc == 0 && want.n == 0)
		rc = wb_err_set(err, "%s: no fragment the base lacks: "
		    "nothing is requested", kb->variant);
	if (rc == 0)
		rc = derive(kb, dir, &base, &want, &full, err);
	if (rc == 0)
		rc = wb_kbuild_owners_changed(k, &base, &full, &want, err);
	for (i = 0; rc == 0 && i < want.n; i++) {
		/* A request the base already had brings nothing. */
		if (wb_kbuild_owners_find(k, want.e[i].key) == NULL)
			continue;
		wb_fragment_init(&w);
		wb_fragment_init(&d);
		rc = left_out(&want, &base, want.e[i].key, &w, err);
		if (rc == 0)
			rc = derive(kb, dir, &base, &w, &d, err);
		if (rc == 0)
			rc = wb_kbuild_owners_add(k, wb_kbuild_owners_find(k,
			    want.e[i].key)->sym, &base, &d, err);
		wb_fragment_fini(&w);
		wb_fragment_fini(&d);
	}
	if (rc == 0)
		rc = wb_kbuild_owners_finish(k, err);
	if (rc == 0 && k->nenablers > 0) {
		/* What the enablers alone bring, to tell "several" apart. */
		wb_fragment_init(&w);
		wb_fragment_init(&d);
		for (i = 0; rc == 0 && i < k->nenablers; i++)
			rc = enabler_frag(&w, k->enablers[i], &want, err);
		if (rc == 0)
			rc = derive(kb, dir, &base, &w, &d, err);
		if (rc == 0)
			wb_kbuild_owners_enabled(k, &base, &d);
		wb_fragment_fini(&w);
		wb_fragment_fini(&d);
	}
	wb_fragment_fini(&base);
	wb_fragment_fini(&want);
	wb_fragment_fini(&full);
	return (rc);
}
