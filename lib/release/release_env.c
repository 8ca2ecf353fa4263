/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The places a system sets environment variables for its processes, read
 * as their own programs read them (release.h):
 *
 *	/etc/environment	pam_env: KEY=VALUE lines, "export " allowed,
 *				VALUE bare or in '' or "", no expansion
 *	/etc/profile.d/NAME.sh	sourced by the login shell: exported
 *				assignments (below)
 *	systemd system.conf	DefaultEnvironment= in [Manager]: words
 *	and its drop-ins	KEY=VALUE, quoted or not; an empty value
 *				resets the list
 *	/etc/worldbench/environment	the image's declared environment
 *					(fragment.h)
 *
 * This file: the set, pam_env's and systemd's formats; the shell's is in
 * release_env_sh.c, the reading of the places in release_env_read.c.
 *
 * Shell forms recognised: "export K=V", "export K" of an earlier "K=V",
 * "declare -x" / "typeset -x" K=V, assignments after "set -a" (or "set
 * -o allexport") until "set +a", "unset K" and "export -n K".  Quotes and
 * backslashes are removed as the shell does; a value holding $, ` or $(
 * is kept verbatim and marked unevaluated.  Every command is taken as
 * run: an export inside "if" counts.  "K=V cmd" sets K for cmd only and
 * is not kept; files sourced by a script are not followed.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "release.h"
#include "release_env_int.h"
#include "wb_util.h"

void
wb_release_envset_init(struct wb_release_envset *s)
{

	memset(s, 0, sizeof(*s));
}

static void
var_free(struct wb_envvar *v)
{

	free(v->key);
	free(v->value);
	free(v->where);
}

void
wb_release_envset_fini(struct wb_release_envset *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		var_free(&s->v[i]);
	for (i = 0; i < s->nsources; i++)
		free(s->sources[i]);
	for (i = 0; i < s->nproblems; i++)
		free(s->problems[i]);
	free(s->v);
	free(s->sources);
	free(s->problems);
	memset(s, 0, sizeof(*s));
}

/* Drop the current place's entries of key (all of them when key NULL). */
void
wb_release_env_drop(struct wb_release_envset *s, const char *key)
{
	size_t i, j;

	for (i = j = s->mark; i < s->n; i++) {
		if (key == NULL || strcmp(s->v[i].key, key) == 0)
			var_free(&s->v[i]);
		else
			s->v[j++] = s->v[i];
	}
	s->n = j;
}

int
wb_release_env_add_var(struct wb_release_envset *s, const char *key, size_t klen, const char *val,
    const char *name, unsigned line, int uneval, struct wb_err *err)
{
	struct wb_envvar *v, nv;

	memset(&nv, 0, sizeof(nv));
	if ((nv.key = strndup(key, klen)) == NULL ||
	    (nv.value = strdup(val)) == NULL ||
	    asprintf(&nv.where, "%s:%u", name, line) == -1) {
		nv.where = NULL;
		var_free(&nv);
		return (wb_err_setsys(err, "environment"));
	}
	nv.unevaluated = uneval;
	wb_release_env_drop(s, nv.key);
	if ((v = reallocarray(s->v, s->n + 1, sizeof(*v))) == NULL) {
		var_free(&nv);
		return (wb_err_setsys(err, "realloc"));
	}
	s->v = v;
	s->v[s->n++] = nv;
	return (0);
}

static int
add_strv(char ***a, size_t *n, struct wb_err *err, const char *fmt,
    va_list ap)
{
	char **na, *p;

	if (vasprintf(&p, fmt, ap) == -1)
		return (wb_err_setsys(err, "vasprintf"));
	if ((na = reallocarray(*a, *n + 1, sizeof(char *))) == NULL) {
		free(p);
		return (wb_err_setsys(err, "realloc"));
	}
	*a = na;
	na[(*n)++] = p;
	return (0);
}

int
wb_release_env_add(struct wb_release_envset *s, const char *key, size_t klen,
    const char *val, const char *name, unsigned line, struct wb_err *err)
{

	return (wb_release_env_add_var(s, key, klen, val, name, line, 0, err));
}

int
wb_release_env_source(struct wb_release_envset *s, const char *name,
    struct wb_err *err)
{

	return (wb_release_env_source_add(s, err, "%s", name));
}

int
wb_release_env_source_add(struct wb_release_envset *s, struct wb_err *err,
    const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = add_strv(&s->sources, &s->nsources, err, fmt, ap);
	va_end(ap);
	return (rc);
}

int
wb_release_env_problem(struct wb_release_envset *s, struct wb_err *err,
    const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = add_strv(&s->problems, &s->nproblems, err, fmt, ap);
	va_end(ap);
	return (rc);
}

size_t
wb_release_env_name_len(const char *p)
{
	size_t n;

	if (!(isalpha((unsigned char)*p) || *p == '_'))
		return (0);
	for (n = 1; isalnum((unsigned char)p[n]) || p[n] == '_'; n++)
		;
	return (n);
}

/* pam_env's /etc/environment. */
int
wb_release_env_parse_pam(struct wb_release_envset *s, const char *name,
    const char *buf, struct wb_err *err)
{
	const char *p, *nl, *v;
	char val[4096];
	size_t klen, vlen;
	unsigned line;

	for (p = buf, line = 1; *p != '\0'; p = nl, line++) {
		nl = p + strcspn(p, "\n");
		vlen = nl - p;
		if (*nl == '\n')
			nl++;
		while (vlen > 0 && isspace((unsigned char)p[vlen - 1]))
			vlen--;
		while (vlen > 0 && (*p == ' ' || *p == '\t')) {
			p++;
			vlen--;
		}
		if (vlen == 0 || *p == '#')
			continue;
		if (vlen > 7 && strncmp(p, "export", 6) == 0 &&
		    (p[6] == ' ' || p[6] == '\t')) {
			p += 7;
			vlen -= 7;
			for (; vlen > 0 && (*p == ' ' || *p == '\t'); vlen--)
				p++;
		}
		if ((klen = wb_release_env_name_len(p)) == 0 || klen >= vlen ||
		    p[klen] != '=') {
			if (wb_release_env_problem(s, err, "%s:%u: not a KEY=VALUE line", name,
			    line) == -1)
				return (-1);
			continue;
		}
		v = p + klen + 1;
		vlen -= klen + 1;
		if (vlen > 0 && (*v == '"' || *v == '\'')) {
			if (vlen < 2 || v[vlen - 1] != *v ||
			    memchr(v + 1, *v, vlen - 2) != NULL) {
				if (wb_release_env_problem(s, err, "%s:%u: unterminated or "
				    "stray %c quote", name, line, *v) == -1)
					return (-1);
				continue;
			}
			v++;
			vlen -= 2;
		}
		if (vlen >= sizeof(val))
			vlen = sizeof(val) - 1;
		memcpy(val, v, vlen);
		val[vlen] = '\0';
		if (wb_release_env_add_var(s, p, klen, val, name, line, 0,
		    err) == -1)
			return (-1);
	}
	return (0);
}

/* One DefaultEnvironment= value: words, quoted or not. */
static int
systemd_words(struct wb_release_envset *s, const char *name, unsigned line,
    const char *p, struct wb_err *err)
{
	char word[4096];
	size_t n, k;
	char q;

	for (;;) {
		while (isspace((unsigned char)*p))
			p++;
		if (*p == '\0')
			return (0);
		for (n = 0; *p != '\0' && !isspace((unsigned char)*p); ) {
			if (*p == '"' || *p == '\'') {
				q = *p++;
				while (*p != '\0' && *p != q) {
					if (*p == '\\' && p[1] != '\0')
						p++;
					if (n < sizeof(word) - 1)
						word[n++] = *p;
					p++;
				}
				if (*p == '\0')
					return (wb_release_env_problem(s, err,
					    "%s:%u: "
					    "unterminated %c quote", name, line,
					    q));
				p++;
			} else {
				if (*p == '\\' && p[1] != '\0')
					p++;
				if (n < sizeof(word) - 1)
					word[n++] = *p;
				p++;
			}
		}
		word[n] = '\0';
		if ((k = wb_release_env_name_len(word)) == 0 ||
		    word[k] != '=') {
			if (wb_release_env_problem(s, err, "%s:%u: DefaultEnvironment word "
			    "\"%s\" is not KEY=VALUE", name, line, word) == -1)
				return (-1);
			continue;
		}
		if (wb_release_env_add_var(s, word, k, word + k + 1, name, line, 0, err) == -1)
			return (-1);
	}
}

int
wb_release_env_parse_systemd(struct wb_release_envset *s, const char *name,
    const char *buf, struct wb_err *err)
{
	char *copy, *p, *nl, *e, *v;
	unsigned line, next;
	int manager, rc;

	if ((copy = strdup(buf)) == NULL)
		return (wb_err_setsys(err, "strdup"));
	manager = 0;
	rc = 0;
	for (p = copy, next = 1; rc == 0 && *p != '\0'; p = nl) {
		line = next;
		/* A line ending in a backslash goes on on the next one. */
		for (nl = p; *nl != '\0' && *nl != '\n'; nl++)
			if (*nl == '\\' && nl[1] == '\n') {
				nl[0] = nl[1] = ' ';
				next++;
			}
		if (*nl == '\n')
			*nl++ = '\0';
		next++;
		while (isspace((unsigned char)*p))
			p++;
		for (e = p + strlen(p); e > p && isspace((unsigned char)e[-1]);)
			*--e = '\0';
		if (*p == '\0' || *p == '#' || *p == ';')
			continue;
		if (*p == '[') {
			if (e[-1] != ']')
				rc = wb_release_env_problem(s, err, "%s:%u: bad section line",
				    name, line);
			manager = strcmp(p, "[Manager]") == 0;
			continue;
		}
		if ((v = strchr(p, '=')) == NULL) {
			rc = wb_release_env_problem(s, err, "%s:%u: not a KEY=VALUE line",
			    name, line);
			continue;
		}
		for (e = v; e > p && isspace((unsigned char)e[-1]); )
			e--;
		if (!manager || (size_t)(e - p) != 18 ||
		    strncmp(p, "DefaultEnvironment", 18) != 0)
			continue;
		for (v++; isspace((unsigned char)*v); v++)
			;
		if (*v == '\0')
			wb_release_env_drop(s, NULL);
		else
			rc = systemd_words(s, name, line, v, err);
	}
	free(copy);
	return (rc);
}
