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
 * Shell forms recognised: "export K=V", "export K" of an earlier "K=V",
 * "declare -x" / "typeset -x" K=V, assignments after "set -a" (or "set
 * -o allexport") until "set +a", "unset K" and "export -n K".  Quotes and
 * backslashes are removed as the shell does; a value holding $, ` or $(
 * is kept verbatim and marked unevaluated.  Every command is taken as
 * run: an export inside "if" counts.  "K=V cmd" sets K for cmd only and
 * is not kept; files sourced by a script are not followed.
 */
#include <sys/stat.h>

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "beneath.h"
#include "err.h"
#include "fragment.h"
#include "release.h"

#define ENV_FILE_MAX	(256 * 1024)
#define DROPIN_MAX	256

void
wb_envset_init(struct wb_envset *s)
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
wb_envset_fini(struct wb_envset *s)
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
static void
drop(struct wb_envset *s, const char *key)
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

static int
add_var(struct wb_envset *s, const char *key, size_t klen, const char *val,
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
	drop(s, nv.key);
	if ((v = reallocarray(s->v, s->n + 1, sizeof(*v))) == NULL) {
		var_free(&nv);
		return (wb_err_setsys(err, "realloc"));
	}
	s->v = v;
	s->v[s->n++] = nv;
	return (0);
}

static int
add_str(char ***a, size_t *n, struct wb_err *err, const char *fmt, ...)
{
	va_list ap;
	char **na, *p;
	int rc;

	va_start(ap, fmt);
	rc = vasprintf(&p, fmt, ap);
	va_end(ap);
	if (rc == -1)
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
wb_env_add(struct wb_envset *s, const char *key, size_t klen,
    const char *val, const char *name, unsigned line, struct wb_err *err)
{

	return (add_var(s, key, klen, val, name, line, 0, err));
}

int
wb_env_source(struct wb_envset *s, const char *name, struct wb_err *err)
{

	return (add_str(&s->sources, &s->nsources, err, "%s", name));
}

#define problem(s, err, ...) \
	add_str(&(s)->problems, &(s)->nproblems, err, __VA_ARGS__)

static size_t
name_len(const char *p)
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
wb_env_parse_pam(struct wb_envset *s, const char *name, const char *buf,
    struct wb_err *err)
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
		if ((klen = name_len(p)) == 0 || klen >= vlen ||
		    p[klen] != '=') {
			if (problem(s, err, "%s:%u: not a KEY=VALUE line", name,
			    line) == -1)
				return (-1);
			continue;
		}
		v = p + klen + 1;
		vlen -= klen + 1;
		if (vlen > 0 && (*v == '"' || *v == '\'')) {
			if (vlen < 2 || v[vlen - 1] != *v ||
			    memchr(v + 1, *v, vlen - 2) != NULL) {
				if (problem(s, err, "%s:%u: unterminated or "
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
		if (add_var(s, p, klen, val, name, line, 0, err) == -1)
			return (-1);
	}
	return (0);
}

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
	struct wb_envset	*s;
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

	if ((klen = name_len(w->buf)) == 0)
		return (0);
	if (w->buf[klen] == '=')
		return (add_var(sh->s, w->buf, klen, w->buf + klen + 1,
		    sh->name, w->line, w->expand, err));
	if (w->buf[klen] != '\0' || (v = shvar_get(sh, w->buf, klen)) == NULL)
		return (0);
	return (add_var(sh->s, v->key, strlen(v->key), v->val, sh->name,
	    v->line, v->expand, err));
}

static int
is_assignment(const struct word *w)
{
	size_t k;

	return (w->op == 0 && (k = name_len(w->buf)) > 0 && w->buf[k] == '=');
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
			    shvar_set(sh, &a[i], name_len(a[i].buf),
			    err)) == -1)
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
				drop(sh->s, w->buf);
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
				drop(sh->s, w->buf);
				continue;
			}
			if (exp || xflag) {
				if (do_export(sh, w, err) == -1)
					return (-1);
			} else if (is_assignment(w) &&
			    shvar_set(sh, w, name_len(w->buf), err) == -1)
				return (-1);
		}
		return (0);
	}
	while (w->op == 0)
		lex(l, w);
	return (0);
}

int
wb_env_parse_sh(struct wb_envset *s, const char *name, const char *buf,
    struct wb_err *err)
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
		rc = problem(s, err, "%s:%u: unterminated quote", name,
		    l.line);
	free(sh.vars);
	free(w);
	return (rc);
}

/* One DefaultEnvironment= value: words, quoted or not. */
static int
systemd_words(struct wb_envset *s, const char *name, unsigned line,
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
					return (problem(s, err, "%s:%u: "
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
		if ((k = name_len(word)) == 0 || word[k] != '=') {
			if (problem(s, err, "%s:%u: DefaultEnvironment word "
			    "\"%s\" is not KEY=VALUE", name, line, word) == -1)
				return (-1);
			continue;
		}
		if (add_var(s, word, k, word + k + 1, name, line, 0, err) == -1)
			return (-1);
	}
}

int
wb_env_parse_systemd(struct wb_envset *s, const char *name, const char *buf,
    struct wb_err *err)
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
				rc = problem(s, err, "%s:%u: bad section line",
				    name, line);
			manager = strcmp(p, "[Manager]") == 0;
			continue;
		}
		if ((v = strchr(p, '=')) == NULL) {
			rc = problem(s, err, "%s:%u: not a KEY=VALUE line",
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
			drop(s, NULL);
		else
			rc = systemd_words(s, name, line, v, err);
	}
	free(copy);
	return (rc);
}

/*
 * Read path under root.  On the host, links are followed (the files are
 * the host's own); in an image never (beneath.h): a link is reported.
 */
int
wb_release_read(const char *root, const char *path, int host, char **buf,
    int *islink, struct wb_err *err)
{
	char what[4096];
	size_t len;
	int fd;

	*buf = NULL;
	*islink = 0;
	snprintf(what, sizeof(what), "%s%s", host ? "" : root, path);
	if (host)
		fd = open(what, O_RDONLY | O_CLOEXEC);
	else
		fd = wb_beneath_open(root, path, O_RDONLY, err);
	if (fd == -1) {
		if (errno == ENOENT || errno == ENOTDIR)
			return (0);
		if (!host && errno == ELOOP) {
			*islink = 1;
			return (0);
		}
		return (wb_err_setsys(err, "%s", what));
	}
	*buf = wb_fd_slurp(fd, ENV_FILE_MAX, &len, what, err);
	close(fd);
	return (*buf == NULL ? -1 : 0);
}

typedef int	parse_fn(struct wb_envset *, const char *, const char *,
		    struct wb_err *);

/* One file of a place; a link in an image is a problem, not followed. */
static int
read_one(struct wb_envset *s, const char *root, int host, const char *path,
    parse_fn *fn, struct wb_err *err)
{
	char *buf;
	int islink, rc;

	if (wb_release_read(root, path, host, &buf, &islink, err) == -1)
		return (-1);
	if (islink)
		return (problem(s, err, "%s: a symbolic link (or one on its "
		    "way) in the image, not followed: its settings cannot be "
		    "verified", path));
	if (buf == NULL)
		return (0);
	rc = add_str(&s->sources, &s->nsources, err, "%s", path);
	if (rc == 0)
		rc = fn(s, path, buf, err);
	free(buf);
	return (rc);
}

static int
cmp_str(const void *a, const void *b)
{

	return (strcmp(*(char *const *)a, *(char *const *)b));
}

/*
 * The names ending in suffix in dir under root, sorted; *n 0 when the
 * directory is absent.  A link in the way in an image is a problem.
 */
static int
list_dir(struct wb_envset *s, const char *root, int host, const char *dir,
    const char *suffix, char **names, size_t *n, struct wb_err *err)
{
	char path[4096];
	struct dirent *de;
	size_t sl, nl;
	DIR *d;
	int fd;

	*n = 0;
	snprintf(path, sizeof(path), "%s%s", host ? "" : root, dir);
	if (host)
		fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	else
		fd = wb_beneath_open(root, dir, O_RDONLY | O_DIRECTORY, err);
	if (fd == -1) {
		if (errno == ENOENT || errno == ENOTDIR)
			return (0);
		if (!host && errno == ELOOP)
			return (problem(s, err, "%s: a symbolic link (or one "
			    "on its way) in the image, not followed: its "
			    "files cannot be verified", dir));
		return (wb_err_setsys(err, "%s", path));
	}
	if ((d = fdopendir(fd)) == NULL) {
		close(fd);
		return (wb_err_setsys(err, "%s", path));
	}
	sl = strlen(suffix);
	while ((de = readdir(d)) != NULL) {
		nl = strlen(de->d_name);
		if (nl <= sl || de->d_name[0] == '.' ||
		    strcmp(de->d_name + nl - sl, suffix) != 0)
			continue;
		if (*n == DROPIN_MAX) {
			closedir(d);
			return (wb_err_set(err, "%s: more than %d files", path,
			    DROPIN_MAX));
		}
		if ((names[*n] = strdup(de->d_name)) == NULL) {
			closedir(d);
			return (wb_err_setsys(err, "strdup"));
		}
		(*n)++;
	}
	closedir(d);
	qsort(names, *n, sizeof(char *), cmp_str);
	return (0);
}

static void
names_free(char **names, size_t n)
{

	while (n > 0)
		free(names[--n]);
}

static int
read_dir(struct wb_envset *s, const char *root, int host, const char *dir,
    const char *suffix, parse_fn *fn, struct wb_err *err)
{
	char *names[DROPIN_MAX], path[4096];
	size_t n, i;
	int rc;

	if (list_dir(s, root, host, dir, suffix, names, &n, err) == -1)
		return (-1);
	for (i = 0, rc = 0; rc == 0 && i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		rc = read_one(s, root, host, path, fn, err);
	}
	names_free(names, n);
	return (rc);
}

/*
 * systemd's drop-ins: the union of /usr/lib's and /etc's, in name order,
 * /etc's file replacing /usr/lib's of the same name.
 */
static int
read_dropins(struct wb_envset *s, const char *root, int host,
    struct wb_err *err)
{
	static const char etc[] = "/etc/systemd/system.conf.d";
	static const char lib[] = "/usr/lib/systemd/system.conf.d";
	char *e[DROPIN_MAX], *u[DROPIN_MAX], path[4096];
	size_t ne, nu, i, j;
	int rc, c;

	if (list_dir(s, root, host, etc, ".conf", e, &ne, err) == -1)
		return (-1);
	if (list_dir(s, root, host, lib, ".conf", u, &nu, err) == -1) {
		names_free(e, ne);
		return (-1);
	}
	for (i = j = 0, rc = 0; rc == 0 && (i < ne || j < nu); ) {
		c = i == ne ? 1 : j == nu ? -1 : strcmp(e[i], u[j]);
		if (c <= 0)
			snprintf(path, sizeof(path), "%s/%s", etc, e[i]);
		else
			snprintf(path, sizeof(path), "%s/%s", lib, u[j]);
		i += c <= 0;
		j += c >= 0;
		rc = read_one(s, root, host, path, wb_env_parse_systemd, err);
	}
	names_free(e, ne);
	names_free(u, nu);
	return (rc);
}

/* The image's declared environment, in the fragment format. */
static int
parse_frag(struct wb_envset *s, const char *name, const char *buf,
    struct wb_err *err)
{
	struct wb_frag f;
	size_t i;
	int rc;

	wb_frag_init(&f);
	rc = 0;
	if (wb_frag_merge_buf(&f, name, buf, strlen(buf), NULL, NULL,
	    err) == -1)
		rc = problem(s, err, "%s", err->msg);
	for (i = 0; rc == 0 && i < f.n; i++)
		if (f.e[i].value != NULL)
			rc = add_var(s, f.e[i].key, strlen(f.e[i].key),
			    f.e[i].value, name, f.e[i].line, 0, err);
	wb_frag_fini(&f);
	return (rc);
}

int
wb_env_read_root(struct wb_envset *s, const char *root, int host,
    struct wb_err *err)
{

	s->mark = s->n;
	if (read_one(s, root, host, "/etc/environment", wb_env_parse_pam,
	    err) == -1)
		return (-1);
	s->mark = s->n;
	if (read_dir(s, root, host, "/etc/profile.d", ".sh", wb_env_parse_sh,
	    err) == -1)
		return (-1);
	s->mark = s->n;
	if (read_one(s, root, host, "/etc/systemd/system.conf",
	    wb_env_parse_systemd, err) == -1 ||
	    read_dropins(s, root, host, err) == -1)
		return (-1);
	s->mark = s->n;
	if (read_one(s, root, host, "/etc/worldbench/environment", parse_frag,
	    err) == -1)
		return (-1);
	s->mark = s->n;
	return (0);
}
