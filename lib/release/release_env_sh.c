/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The shell scripts of /etc/profile.d as the login shell runs them:
 * which variables they export (the forms are listed in release_env.c).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "release.h"
#include "release_env_int.h"
#include "wb_util.h"

/*
 * The shell: a word of the input with quotes and backslashes removed, or
 * an operator; line is where the word starts.
 */
struct word {
	char		 buf[4096];
	size_t		 len;
	unsigned	 line;
	int		 op;		/* ';', '&', '|', '(', ')', '\n', 0 */
	int		 expand;	/* an unquoted or "" $ or ` */
	int		 eof;
};

struct lexer {
	const char	*p;
	unsigned	 line;
	int		 bad;		/* unterminated quote */
};

static void
put(struct word *w, char c)
{

	if (w->len < sizeof(w->buf) - 1)
		w->buf[w->len++] = c;
}

static void
lex(struct lexer *l, struct word *w)
{
	char q;

	memset(w, 0, sizeof(*w));
	for (;;) {
		while (*l->p == ' ' || *l->p == '\t' ||
		    (*l->p == '\\' && l->p[1] == '\n')) {
			if (*l->p == '\\') {
				l->p++;
				l->line++;
			}
			l->p++;
		}
		if (*l->p != '#')
			break;
		while (*l->p != '\0' && *l->p != '\n')
			l->p++;
	}
	w->line = l->line;
	if (*l->p == '\0') {
		w->eof = 1;
		w->op = '\n';
		return;
	}
	if (strchr(";&|()\n", *l->p) != NULL) {
		w->op = *l->p++;
		if (w->op == '\n')
			l->line++;
		return;
	}
	while (*l->p != '\0' && strchr(" \t;&|()\n", *l->p) == NULL) {
		if (*l->p == '\\' && l->p[1] != '\0') {
			if (l->p[1] == '\n')
				l->line++;
			else
				put(w, l->p[1]);
			l->p += 2;
		} else if (*l->p == '\'' || *l->p == '"') {
			q = *l->p++;
			while (*l->p != '\0' && *l->p != q) {
				if (*l->p == '\n')
					l->line++;
				if (q == '"' && (*l->p == '$' || *l->p == '`'))
					w->expand = 1;
				if (q == '"' && *l->p == '\\' &&
				    strchr("$`\"\\\n", l->p[1]) != NULL)
					l->p++;
				put(w, *l->p++);
			}
			if (*l->p == '\0')
				l->bad = 1;
			else
				l->p++;
		} else {
			if (*l->p == '$' || *l->p == '`')
				w->expand = 1;
			put(w, *l->p++);
		}
	}
	w->buf[w->len] = '\0';
}

/* A shell variable assigned but not (yet) exported. */
struct shvar {
	char		 key[256];
	char		 val[4096];
	unsigned	 line;
	int		 expand;
};

struct shell {
	struct wb_release_envset	*s;
	const char		*name;
	struct shvar		*vars;
	size_t			 nvars;
	int			 allexport;
};

static struct shvar *
shvar_get(struct shell *sh, const char *key, size_t klen)
{
	size_t i;

	for (i = 0; i < sh->nvars; i++)
		if (strlen(sh->vars[i].key) == klen &&
		    strncmp(sh->vars[i].key, key, klen) == 0)
			return (&sh->vars[i]);
	return (NULL);
}

static int
shvar_set(struct shell *sh, const struct word *w, size_t klen,
    struct wb_err *err)
{
	struct shvar *v;

	if ((v = shvar_get(sh, w->buf, klen)) == NULL) {
		v = reallocarray(sh->vars, sh->nvars + 1, sizeof(*v));
		if (v == NULL)
			return (wb_err_setsys(err, "realloc"));
		sh->vars = v;
		v = &v[sh->nvars++];
	}
	snprintf(v->key, sizeof(v->key), "%.*s", (int)klen, w->buf);
	snprintf(v->val, sizeof(v->val), "%s", w->buf + klen + 1);
	v->line = w->line;
	v->expand = w->expand;
	return (0);
}

/* K=V (klen > 0) or K in an export-like command. */
static int
do_export(struct shell *sh, const struct word *w, struct wb_err *err)
{
	const struct shvar *v;
	size_t klen;

	if ((klen = wb_release_env_name_len(w->buf)) == 0)
		return (0);
	if (w->buf[klen] == '=')
		return (wb_release_env_add_var(sh->s, w->buf, klen,
		    w->buf + klen + 1, sh->name, w->line, w->expand, err));
	if (w->buf[klen] != '\0' || (v = shvar_get(sh, w->buf, klen)) == NULL)
		return (0);
	return (wb_release_env_add_var(sh->s, v->key, strlen(v->key), v->val,
	    sh->name, v->line, v->expand, err));
}

static int
is_assignment(const struct word *w)
{
	size_t k;

	return (w->op == 0 && (k = wb_release_env_name_len(w->buf)) > 0 && w->buf[k] == '=');
}

static const char *const keywords[] = { "if", "then", "else", "elif", "fi",
	"do", "done", "while", "until", "!", "{", "}", NULL };

static int
is_keyword(const char *s)
{
	size_t i;

	for (i = 0; keywords[i] != NULL; i++)
		if (strcmp(s, keywords[i]) == 0)
			return (1);
	return (0);
}

/* One simple command: w is its first word; reads up to its end. */
static int
command(struct shell *sh, struct lexer *l, struct word *w,
    struct wb_err *err)
{
	struct word a[16];
	size_t na, i;
	int exp, unexp, xflag;

	/* Leading assignments: kept only when no command follows. */
	for (na = 0; is_assignment(w); lex(l, w))
		if (na < sizeof(a) / sizeof(a[0]))
			a[na++] = *w;
	if (w->op != 0) {
		for (i = 0; i < na; i++)
			if ((sh->allexport ? do_export(sh, &a[i], err) :
			    shvar_set(sh, &a[i],
			    wb_release_env_name_len(a[i].buf), err)) == -1)
				return (-1);
		return (0);
	}
	exp = strcmp(w->buf, "export") == 0;
	xflag = 0;
	unexp = 0;
	if (strcmp(w->buf, "set") == 0) {
		for (lex(l, w); w->op == 0; lex(l, w))
			if (strcmp(w->buf, "-a") == 0 ||
			    strcmp(w->buf, "allexport") == 0)
				sh->allexport = 1;
			else if (strcmp(w->buf, "+a") == 0)
				sh->allexport = 0;
		return (0);
	}
	if (strcmp(w->buf, "unset") == 0) {
		for (lex(l, w); w->op == 0; lex(l, w))
			if (w->buf[0] != '-')
				wb_release_env_drop(sh->s, w->buf);
		return (0);
	}
	if (exp || strcmp(w->buf, "declare") == 0 ||
	    strcmp(w->buf, "typeset") == 0) {
		for (lex(l, w); w->op == 0; lex(l, w)) {
			if (w->buf[0] == '-') {
				xflag |= strchr(w->buf, 'x') != NULL;
				unexp |= exp && strchr(w->buf, 'n') != NULL;
				continue;
			}
			if (unexp) {
				wb_release_env_drop(sh->s, w->buf);
				continue;
			}
			if (exp || xflag) {
				if (do_export(sh, w, err) == -1)
					return (-1);
			} else if (is_assignment(w) &&
			    shvar_set(sh, w, wb_release_env_name_len(w->buf), err) == -1)
				return (-1);
		}
		return (0);
	}
	while (w->op == 0)
		lex(l, w);
	return (0);
}

int
wb_release_env_parse_sh(struct wb_release_envset *s, const char *name,
    const char *buf, struct wb_err *err)
{
	struct shell sh;
	struct lexer l;
	struct word *w;
	int rc;

	if ((w = malloc(sizeof(*w))) == NULL)
		return (wb_err_setsys(err, "malloc"));
	memset(&sh, 0, sizeof(sh));
	sh.s = s;
	sh.name = name;
	l.p = buf;
	l.line = 1;
	l.bad = 0;
	rc = 0;
	for (lex(&l, w); rc == 0 && !w->eof; ) {
		if (w->op != 0 || is_keyword(w->buf)) {
			lex(&l, w);
			continue;
		}
		rc = command(&sh, &l, w, err);
	}
	if (rc == 0 && l.bad)
		rc = wb_release_env_problem(s, err, "%s:%u: unterminated quote",
		    name, l.line);
	free(sh.vars);
	free(w);
	return (rc);
}
