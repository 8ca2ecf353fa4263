/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Matching from identity records (ident.h): two worlds by their
 * manifests and owners, two kernels by their configurations.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "ident.h"
#include "image_diff.h"
#include "match_knob.h"
#include "wb_model.h"
#include "wb_util.h"

#define KNOBS_MAX	4096

static const char *
str(const json_t *o, const char *key)
{
	const char *s;

	s = json_string_value(json_object_get(o, key));
	return (s != NULL ? s : "?");
}

/*
 * The sources an image's owners name, each once, NULL-ended, pointing
 * into buf; NULL when owners were not recorded.
 */
static char **
sources(const json_t *owners, char *buf, size_t len, char **w, size_t nw)
{
	const char *path, *p;
	json_t *v;
	size_t n = 0, used = 0, k, l;

	if (!json_is_object(owners))
		return (NULL);
	json_object_foreach((json_t *)owners, path, v) {
		for (p = json_string_value(v); p != NULL && *p != '\0';
		    p += l) {
			while (*p == ',' || *p == ' ')
				p++;
			if ((l = strcspn(p, ",")) == 0)
				continue;
			for (k = 0; k < n; k++)
				if (strlen(w[k]) == l &&
				    strncmp(w[k], p, l) == 0)
					break;
			if (k < n || n + 1 >= nw || used + l + 1 > len)
				continue;
			w[n++] = memcpy(buf + used, p, l);
			buf[used + l] = '\0';
			used += l + 1;
		}
	}
	w[n] = NULL;
	return (w);
}

static const char *
owner(const json_t *owners, const char *path)
{

	if (!json_is_object(owners))
		return (NULL);
	return (json_string_value(json_object_get(owners, path)) != NULL ?
	    json_string_value(json_object_get(owners, path)) : "world");
}

static int
check_world(const json_t *a, const json_t *b, const char *an,
    const char *bn, const char *const what[2], char **why,
    struct wb_err *err)
{
	struct wb_image_manifest *ma = NULL, *mb = NULL;
	struct wb_image_change *ch = NULL;
	char knobs[KNOBS_MAX], kt[KNOBS_MAX], ba[8192], bb[8192];
	char *wa[256], *wb[256];
	const json_t *oa, *ob;
	const char *owa, *owb;
	size_t n = 0, j;
	int rc = -1;

	oa = json_object_get(a, "owners");
	ob = json_object_get(b, "owners");
	knobs[0] = '\0';
	if (sources(oa, ba, sizeof(ba), wa, 256) != NULL &&
	    sources(ob, bb, sizeof(bb), wb, 256) != NULL) {
		wb_match_knob_sources_minus(wa, wb, NULL, knobs, sizeof(knobs));
		wb_match_knob_sources_minus(wb, wa, NULL, knobs, sizeof(knobs));
	}
	if (wb_image_manifest_from_json(json_object_get(a, "manifest"),
	    what[0], &ma, err) == -1 || wb_image_manifest_from_json(
	    json_object_get(b, "manifest"), what[1], &mb, err) == -1 ||
	    wb_image_manifest_diff(ma, mb, &ch, &n, err) == -1)
		goto done;
	rc = WB_IDENT_MATCHED;
	for (j = 0; j < n && rc == WB_IDENT_MATCHED; j++) {
		owa = owner(oa, ch[j].path);
		owb = owner(ob, ch[j].path);
		if (wb_match_knob_allowed(owb, knobs) ||
		    wb_match_knob_allowed(owa, knobs))
			continue;
		rc = WB_IDENT_UNMATCHED;
		if (asprintf(why, "%s (image %s) differs from %s (image %s) "
		    "in %s (%c%s%s, made by %s), which none of the knob's "
		    "sources makes (%s)", bn, str(b, "name"), an,
		    str(a, "name"), ch[j].path, ch[j].kind,
		    ch[j].what[0] != '\0' ? " " : "", ch[j].what,
		    owb != NULL ? owb : owa != NULL ? owa :
		    "nothing recorded", wb_match_knob_text(knobs, kt,
		    sizeof(kt))) == -1)
			rc = wb_err_setsys(err, "asprintf");
	}
done:
	wb_image_changes_free(ch, n);
	wb_image_manifest_free(ma);
	wb_image_manifest_free(mb);
	return (rc);
}

static int
cmp_key(const void *x, const void *y)
{

	return (strcmp(*(const char *const *)x, *(const char *const *)y));
}

/* The keys of both objects, sorted, each once; NULL when out of memory. */
static const char **
union_keys(const json_t *x, const json_t *y, size_t *np)
{
	const char **k, *key;
	json_t *v;
	size_t n = 0, i, j;

	k = calloc(json_object_size(x) + json_object_size(y) + 1,
	    sizeof(*k));
	if (k == NULL)
		return (NULL);
	json_object_foreach((json_t *)x, key, v)
		k[n++] = key;
	json_object_foreach((json_t *)y, key, v)
		k[n++] = key;
	qsort(k, n, sizeof(*k), cmp_key);
	for (i = j = 0; i < n; i++)
		if (j == 0 || strcmp(k[j - 1], k[i]) != 0)
			k[j++] = k[i];
	*np = j;
	return (k);
}

/* Is sym set by a fragment of f that g lacks?  Names it in *frag. */
static int
requested(const json_t *f, const json_t *g, const char *sym,
    const char **frag)
{
	const char *name;
	json_t *s;

	json_object_foreach((json_t *)f, name, s)
		if (json_object_get(g, name) == NULL &&
		    json_object_get(s, sym) != NULL) {
			*frag = name;
			return (1);
		}
	return (0);
}

/* Does x's match record, made against y's configuration, list sym? */
static int
derived(const json_t *x, const json_t *y, const char *sym)
{
	const json_t *m, *s;
	size_t i;

	m = json_object_get(x, "match");
	if (!json_is_object(m) || strcmp(str(m, "base_config_sha256"),
	    str(y, "digest")) != 0)
		return (0);
	json_array_foreach(json_object_get(m, "symbols"), i, s)
		if (json_is_string(s) && strcmp(json_string_value(s), sym) == 0)
			return (1);
	return (0);
}

/* The extra fragments' names of both sides, ", "-joined, into buf. */
static const char *
extras(const json_t *fa, const json_t *fb, char *buf, size_t len)
{
	const char *name;
	json_t *s;

	buf[0] = '\0';
	json_object_foreach((json_t *)fa, name, s)
		if (json_object_get(fb, name) == NULL)
			snprintf(buf + strlen(buf), len - strlen(buf), "%s%s",
			    buf[0] != '\0' ? ", " : "", name);
	json_object_foreach((json_t *)fb, name, s)
		if (json_object_get(fa, name) == NULL)
			snprintf(buf + strlen(buf), len - strlen(buf), "%s%s",
			    buf[0] != '\0' ? ", " : "", name);
	return (buf[0] != '\0' ? buf : "none");
}

static int
check_kernel(const json_t *a, const json_t *b, const char *an,
    const char *bn, char **why, struct wb_err *err)
{
	const json_t *ca, *cb, *fa, *fb;
	const char **keys, *va, *vb, *frag;
	char ex[1024];
	size_t n, i;
	int rc = WB_IDENT_MATCHED;

	ca = json_object_get(a, "config");
	cb = json_object_get(b, "config");
	fa = json_object_get(a, "fragments");
	fb = json_object_get(b, "fragments");
	if ((keys = union_keys(ca, cb, &n)) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < n && rc == WB_IDENT_MATCHED; i++) {
		va = json_string_value(json_object_get(ca, keys[i]));
		vb = json_string_value(json_object_get(cb, keys[i]));
		if (va != NULL && vb != NULL && strcmp(va, vb) == 0)
			continue;
		if (requested(fa, fb, keys[i], &frag) ||
		    requested(fb, fa, keys[i], &frag) ||
		    derived(b, a, keys[i]) || derived(a, b, keys[i]))
			continue;
		rc = WB_IDENT_UNMATCHED;
		if (asprintf(why, "%s (kernel %s) differs from %s (kernel %s) "
		    "in %s (%s, %s), which the knob's fragments (%s) do not "
		    "set and no recorded derivation of %s from %s implies "
		    "(worldbench kernel diff --check records one)", bn,
		    str(b, "name"), an, str(a, "name"), keys[i],
		    va != NULL ? va : "not set", vb != NULL ? vb : "not set",
		    extras(fa, fb, ex, sizeof(ex)), str(b, "name"),
		    str(a, "name")) == -1)
			rc = wb_err_setsys(err, "asprintf");
	}
	free(keys);
	return (rc);
}

int
wb_ident_check(const json_t *a, const json_t *b, const char *an,
    const char *bn, const char *const what[2], char **why,
    struct wb_err *err)
{
	const char *ka, *kb;

	*why = NULL;
	ka = json_string_value(json_object_get(a, "kind"));
	kb = json_string_value(json_object_get(b, "kind"));
	if (ka == NULL || kb == NULL) {
		if (asprintf(why, "%s", ka == NULL ? an : bn) == -1)
			return (wb_err_setsys(err, "asprintf"));
		return (WB_IDENT_UNRECORDED);
	}
	if (strcmp(ka, kb) != 0) {
		if (asprintf(why, "%s is a %s image, %s a %s image", an, ka,
		    bn, kb) == -1)
			return (wb_err_setsys(err, "asprintf"));
		return (WB_IDENT_UNMATCHED);
	}
	if (strcmp(ka, "world") == 0)
		return (check_world(a, b, an, bn, what, why, err));
	if (strcmp(ka, "kernel") == 0)
		return (check_kernel(a, b, an, bn, why, err));
	return (wb_err_set(err, "%s: identity of kind \"%s\": expected world "
	    "or kernel", what[0], ka));
}

/* Append s to *list, sep between. */
static int
join(char **list, const char *sep, const char *s, struct wb_err *err)
{
	char *n;

	if (asprintf(&n, "%s%s%s", *list != NULL ? *list : "",
	    *list != NULL ? sep : "", s) == -1)
		return (wb_err_setsys(err, "asprintf"));
	free(*list);
	*list = n;
	return (0);
}

int
wb_ident_check_all(const json_t *const *ids, size_t n, char *const *labels,
    char *const *what, char **unmatched, char **unrecorded,
    struct wb_err *err)
{
	const char *w[2];
	char *why;
	size_t i;
	int rc = 0, r;

	*unmatched = *unrecorded = NULL;
	for (i = 1; i < n && rc == 0; i++) {
		w[0] = what != NULL && what[0] != NULL ? what[0] : labels[0];
		w[1] = what != NULL && what[i] != NULL ? what[i] : labels[i];
		r = wb_ident_check(ids[0], ids[i], labels[0], labels[i], w,
		    &why, err);
		if (r == WB_IDENT_UNMATCHED)
			rc = join(unmatched, "; ", why, err);
		else if (r == WB_IDENT_UNRECORDED && (*unrecorded == NULL ||
		    strstr(*unrecorded, why) == NULL))
			rc = join(unrecorded, ", ", why, err);
		else if (r == -1)
			rc = -1;
		free(why);
	}
	if (rc == -1) {
		free(*unmatched);
		free(*unrecorded);
		*unmatched = *unrecorded = NULL;
	}
	return (rc);
}

int
wb_ident_none(const json_t *const *ids, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (json_string_value(json_object_get(ids[i], "kind")) != NULL)
			return (0);
	return (1);
}

int
wb_ident_check_results(struct wb_results *const *v, size_t n,
    char *const *labels, char *const *paths, char **unmatched,
    char **unrecorded, int *none, struct wb_err *err)
{
	const json_t **ids;
	size_t i;
	int rc;

	if ((ids = calloc(n, sizeof(*ids))) == NULL)
		return (wb_err_setsys(err, "calloc"));
	for (i = 0; i < n; i++)
		ids[i] = json_object_get(v[i]->provenance, "identity");
	rc = wb_ident_check_all(ids, n, labels, paths, unmatched, unrecorded,
	    err);
	if (rc == 0 && none != NULL)
		*none = wb_ident_none(ids, n);
	free(ids);
	return (rc);
}
