/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Recipe parser: lines of VAR=value into an ordered variable list, and the
 * resolution of a variant into option settings and word lists.  Checking
 * what the variables mean is recipe_lint.c's job.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "recipe.h"
#include "wb_util.h"

#define RECIPE_MAXSIZE	(256 * 1024)

static const char *const phase_names[WB_NPHASES] = {
	"fetch", "checksum", "extract", "patch", "configure", "build",
	"stage", "package",
};

const char *
wb_recipe_phase_name(enum wb_phase p)
{

	if ((unsigned)p >= WB_NPHASES)
		return ("?");
	return (phase_names[p]);
}

static size_t
words_count(char **w)
{
	size_t n;

	for (n = 0; w[n] != NULL; n++)
		;
	return (n);
}

void
wb_recipe_free(struct wb_recipe *r)
{
	size_t i;

	if (r == NULL)
		return;
	for (i = 0; i < r->nvars; i++) {
		free(r->vars[i].name);
		free(r->vars[i].value);
	}
	free(r->vars);
	wb_words_free(r->options);
	wb_words_free(r->variants);
	free(r->path);
	free(r->dir);
	free(r->text);
	free(r);
}

const struct wb_recipe_var *
wb_recipe_var(const struct wb_recipe *r, const char *name)
{
	size_t i;

	for (i = 0; i < r->nvars; i++)
		if (strcmp(r->vars[i].name, name) == 0)
			return (&r->vars[i]);
	return (NULL);
}

const char *
wb_recipe_get(const struct wb_recipe *r, const char *name)
{
	const struct wb_recipe_var *v;

	return ((v = wb_recipe_var(r, name)) == NULL ? NULL : v->value);
}

/* Lower case, '-' and '+' come from variant names (VARIANT_a+b). */
static int
is_varname(const char *s, size_t len)
{
	size_t i;

	if (len == 0 || !((s[0] >= 'A' && s[0] <= 'Z') || s[0] == '_'))
		return (0);
	for (i = 0; i < len; i++)
		if (!((s[i] >= 'A' && s[i] <= 'Z') ||
		    (s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= '0' && s[i] <= '9') || s[i] == '_' ||
		    s[i] == '-' || s[i] == '+'))
			return (0);
	return (1);
}

int
wb_recipe_component_name_ok(const char *w)
{
	size_t len;

	len = strcspn(w, ":");
	return (len > 0 && w[0] != '.' && memchr(w, '/', len) == NULL);
}

int
wb_recipe_components_var(const char *name)
{
	size_t len;

	len = strlen(name);
	return (strcmp(name, "COMPONENTS") == 0 ||
	    (len > 14 && strcmp(name + len - 14, "_COMPONENTS_ON") == 0) ||
	    (len > 15 && strcmp(name + len - 15, "_COMPONENTS_OFF") == 0));
}

static char *
read_all(const char *path, size_t *lenp, struct wb_err *err)
{
	struct stat st;
	char *buf;
	size_t off;
	ssize_t n;
	int fd;

	/* O_NONBLOCK: a FIFO is refused below, not waited on. */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) == -1) {
		wb_err_setsys(err, "%s", path);
		return (NULL);
	}
	if (fstat(fd, &st) == -1) {
		wb_err_setsys(err, "%s", path);
		close(fd);
		return (NULL);
	}
	if (!S_ISREG(st.st_mode) || st.st_size > RECIPE_MAXSIZE) {
		wb_err_set(err, "%s: not a regular file of at most %d bytes",
		    path, RECIPE_MAXSIZE);
		close(fd);
		return (NULL);
	}
	if ((buf = malloc((size_t)st.st_size + 1)) == NULL) {
		wb_err_setsys(err, "%s", path);
		close(fd);
		return (NULL);
	}
	for (off = 0; off < (size_t)st.st_size; off += (size_t)n) {
		if ((n = read(fd, buf + off, (size_t)st.st_size - off)) <= 0) {
			if (n == -1 && errno == EINTR) {
				n = 0;
				continue;
			}
			if (n == 0)
				errno = EIO;
			wb_err_setsys(err, "read %s", path);
			free(buf);
			close(fd);
			return (NULL);
		}
	}
	close(fd);
	buf[off] = '\0';
	*lenp = off;
	return (buf);
}

/* Add (name, value) read at line; duplicates are syntax errors. */
static int
add_var(struct wb_recipe *r, const char *name, size_t namelen,
    const char *value, size_t vlen, unsigned line, struct wb_err *err)
{
	struct wb_recipe_var *nv;
	size_t i;

	for (i = 0; i < r->nvars; i++)
		if (strlen(r->vars[i].name) == namelen &&
		    memcmp(r->vars[i].name, name, namelen) == 0)
			return (wb_err_set(err, "%s:%u: %.*s already set at "
			    "line %u", r->path, line, (int)namelen, name,
			    r->vars[i].line));
	if ((nv = reallocarray(r->vars, r->nvars + 1, sizeof(*nv))) == NULL)
		return (wb_err_setsys(err, "%s", r->path));
	r->vars = nv;
	nv = &r->vars[r->nvars];
	nv->line = line;
	nv->name = strndup(name, namelen);
	nv->value = strndup(value, vlen);
	if (nv->name == NULL || nv->value == NULL) {
		free(nv->name);
		free(nv->value);
		return (wb_err_setsys(err, "%s", r->path));
	}
	r->nvars++;
	return (0);
}

/*
 * Parse the text.  A logical line is a physical line plus continuation
 * lines (a trailing backslash); the value's pieces are joined by one
 * space and trimmed.
 */
/* Append one trimmed piece of a value, joined by a space. */
static int
value_add(struct wb_recipe *r, char **val, size_t *vlen, const char *w,
    size_t len, struct wb_err *err)
{
	char *nv;

	while (len > 0 && (*w == ' ' || *w == '\t')) {
		w++;
		len--;
	}
	while (len > 0 && (w[len - 1] == ' ' || w[len - 1] == '\t'))
		len--;
	if (len == 0)
		return (0);
	if ((nv = realloc(*val, *vlen + len + 2)) == NULL)
		return (wb_err_setsys(err, "%s", r->path));
	*val = nv;
	if (*vlen > 0)
		nv[(*vlen)++] = ' ';
	memcpy(nv + *vlen, w, len);
	*vlen += len;
	nv[*vlen] = '\0';
	return (0);
}

/*
 * The value that starts at w, through its continuation lines: *nl is the
 * end of the current physical line (NULL at the end of the text) and
 * *line its number; both move on over continuation lines.  The value
 * (NULL when empty) is malloc'ed into *val.
 */
static int
value_read(struct wb_recipe *r, char *w, char **nl, unsigned *line,
    char **val, size_t *vlen, struct wb_err *err)
{
	size_t len;
	int cont;

	for (;;) {
		len = strlen(w);
		if ((cont = len > 0 && w[len - 1] == '\\'))
			len--;
		if (value_add(r, val, vlen, w, len, err) == -1)
			return (-1);
		if (!cont)
			return (0);
		if (*nl == NULL || *(w = *nl + 1) == '\0')
			return (wb_err_set(err, "%s:%u: backslash at end of "
			    "file", r->path, *line));
		++*line;
		if ((*nl = strchr(w, '\n')) != NULL)
			**nl = '\0';
		if (w[0] == '#')
			return (wb_err_set(err, "%s:%u: comment inside a "
			    "continued line", r->path, *line));
	}
}

/* The problem of a physical line that is not VAR=value; NULL if none. */
static const char *
line_problem(const char *p, const char **eq)
{

	if (p[0] == ' ' || p[0] == '\t')
		return ("line starts with a blank (continuation without a "
		    "backslash?)");
	if ((*eq = strchr(p, '=')) == NULL ||
	    !is_varname(p, (size_t)(*eq - p)))
		return ("expected VAR=value");
	return (NULL);
}

/*
 * Parse the text.  A logical line is a physical line plus continuation
 * lines (a trailing backslash); the value's pieces are joined by one
 * space and trimmed.
 */
static int
parse(struct wb_recipe *r, struct wb_err *err)
{
	const char *eq, *why;
	char *p, *nl, *val;
	size_t vlen, len;
	unsigned line, start;
	int rc;

	p = r->text;
	for (line = 1; *p != '\0'; line++) {
		start = line;
		if ((nl = strchr(p, '\n')) != NULL)
			*nl = '\0';
		else if (r->textlen > 0)
			return (wb_err_set(err, "%s:%u: no newline at end of "
			    "file", r->path, line));
		len = strlen(p);
		if (len > 0 && p[len - 1] == '\r')
			return (wb_err_set(err, "%s:%u: carriage return",
			    r->path, line));
		if (len == 0 || p[0] == '#') {
			p = nl + 1;
			continue;
		}
		if ((why = line_problem(p, &eq)) != NULL)
			return (wb_err_set(err, "%s:%u: %s", r->path, line,
			    why));
		val = NULL;
		vlen = 0;
		rc = value_read(r, (char *)eq + 1, &nl, &line, &val, &vlen,
		    err);
		if (rc == 0)
			rc = add_var(r, p, (size_t)(eq - p),
			    val == NULL ? "" : val, vlen, start, err);
		/* No value outlives its line: early returns cannot leak. */
		free(val);
		if (rc == -1)
			return (-1);
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return (0);
}

struct wb_recipe *
wb_recipe_load(const char *path, struct wb_err *err)
{
	struct wb_recipe *r;
	char *tmp;

	if ((r = calloc(1, sizeof(*r))) == NULL) {
		wb_err_setsys(err, "%s", path);
		return (NULL);
	}
	if ((r->path = strdup(path)) == NULL ||
	    (tmp = strdup(path)) == NULL) {
		wb_err_setsys(err, "%s", path);
		wb_recipe_free(r);
		return (NULL);
	}
	r->dir = strdup(dirname(tmp));
	free(tmp);
	if (r->dir == NULL) {
		wb_err_setsys(err, "%s", path);
		wb_recipe_free(r);
		return (NULL);
	}
	if ((r->text = read_all(path, &r->textlen, err)) == NULL)
		goto fail;
	if ((tmp = memchr(r->text, '\0', r->textlen)) != NULL) {
		unsigned line = 1;
		char *c;

		for (c = r->text; c < tmp; c++)
			line += *c == '\n';
		wb_err_set(err, "%s:%u: contains a NUL byte", path, line);
		goto fail;
	}
	/* Parse a copy: parse() cuts lines in place. */
	if ((tmp = strdup(r->text)) == NULL) {
		wb_err_setsys(err, "%s", path);
		goto fail;
	}
	{
		char *orig = r->text;

		r->text = tmp;
		if (parse(r, err) == -1) {
			r->text = orig;
			free(tmp);
			goto fail;
		}
		r->text = orig;
		free(tmp);
	}
	if ((r->options = wb_words_split(wb_recipe_get(r, "OPTIONS"),
	    err)) == NULL ||
	    (r->variants = wb_words_split(wb_recipe_get(r, "VARIANTS"),
	    err)) == NULL)
		goto fail;
	r->noptions = words_count(r->options);
	r->nvariants = words_count(r->variants);
	return (r);
fail:
	wb_recipe_free(r);
	return (NULL);
}

void
wb_recipe_config_fini(struct wb_recipe_config *c)
{

	free(c->variant);
	free(c->on);
	c->variant = NULL;
	c->on = NULL;
}

static int
option_index(const struct wb_recipe *r, const char *opt, size_t len)
{
	size_t i;

	for (i = 0; i < r->noptions; i++)
		if (strlen(r->options[i]) == len &&
		    memcmp(r->options[i], opt, len) == 0)
			return ((int)i);
	return (-1);
}

static int
set_on(struct wb_recipe_config *c, const char *list, const char *what,
    unsigned line, struct wb_err *err)
{
	const struct wb_recipe *r = c->recipe;
	size_t len;
	int i;

	while (list != NULL && *list != '\0') {
		while (*list == ' ' || *list == '\t')
			list++;
		if (*list == '\0')
			break;
		len = strcspn(list, " \t");
		if ((i = option_index(r, list, len)) == -1)
			return (wb_err_set(err, "%s:%u: %s names unknown "
			    "option %.*s", r->path, line, what, (int)len,
			    list));
		c->on[i] = 1;
		list += len;
	}
	return (0);
}

char *
wb_recipe_option_word(const char *opt, char *buf, size_t len)
{
	size_t i;

	for (i = 0; opt[i] != '\0' && i + 1 < len; i++)
		buf[i] = opt[i] == '_' ? '-' : (char)tolower((unsigned char)
		    opt[i]);
	buf[i] = '\0';
	return (buf);
}

/* The option whose word (wb_recipe_option_word) is the len bytes at w. */
static int
option_of_word(const struct wb_recipe *r, const char *w, size_t len)
{
	char low[128];
	size_t i;

	for (i = 0; i < r->noptions; i++)
		if (strlen(wb_recipe_option_word(r->options[i], low,
		    sizeof(low))) == len && strncmp(low, w, len) == 0)
			return ((int)i);
	return (-1);
}

int
wb_recipe_option_find(const struct wb_recipe *r, const char *s, size_t len)
{
	int i;

	if ((i = option_index(r, s, len)) != -1)
		return (i);
	return (option_of_word(r, s, len));
}

/* The "+opt+opt" after a variant's word: each option turned on too. */
static int
set_plus(struct wb_recipe_config *c, const char *plus, struct wb_err *err)
{
	const struct wb_recipe *r = c->recipe;
	size_t len;
	int i;

	while (*plus == '+') {
		plus++;
		len = strcspn(plus, "+");
		if ((i = option_of_word(r, plus, len)) == -1)
			return (wb_err_set(err, "%s: variant '%s': no option "
			    "'%.*s' (OPTIONS=%s, written in lower case with "
			    "'-' for '_')", r->path, c->variant, (int)len, plus,
			    wb_recipe_get(r, "OPTIONS") == NULL ? "" :
			    wb_recipe_get(r, "OPTIONS")));
		if (c->on[i])
			return (wb_err_set(err, "%s: variant '%s': option %s "
			    "is on already", r->path, c->variant,
			    r->options[i]));
		c->on[i] = 1;
		plus += len;
	}
	return (0);
}

/*
 * The length of the variant word that variant starts with: all of it
 * when it is a word (a word may hold "+", as "witness+invariants"), else
 * the longest word followed by "+" (at least up to the first "+").
 */
static size_t
word_len(const struct wb_recipe *r, const char *variant)
{
	size_t i, len, best;

	best = strcspn(variant, "+");
	if (strcmp(variant, "default") == 0)
		return (strlen(variant));
	for (i = 0; i < r->nvariants; i++) {
		len = strlen(r->variants[i]);
		if (strcmp(r->variants[i], variant) == 0)
			return (len);
		if (len > best && strncmp(r->variants[i], variant, len) == 0 &&
		    variant[len] == '+')
			best = len;
	}
	return (best);
}

int
wb_recipe_config_init(struct wb_recipe_config *c, const struct wb_recipe *r,
    const char *variant, struct wb_err *err)
{
	const struct wb_recipe_var *v;
	const char *plus;
	char name[128];
	size_t i, wlen;

	memset(c, 0, sizeof(*c));
	c->recipe = r;
	if ((c->variant = strdup(variant)) == NULL ||
	    (c->on = calloc(r->noptions + 1, sizeof(int))) == NULL) {
		wb_recipe_config_fini(c);
		return (wb_err_setsys(err, "%s", r->path));
	}
	wlen = word_len(r, variant);
	plus = variant + wlen;
	if (wlen == strlen("default") &&
	    strncmp(variant, "default", wlen) == 0) {
		v = wb_recipe_var(r, "OPTIONS_DEFAULT");
		if (v != NULL && set_on(c, v->value, "OPTIONS_DEFAULT",
		    v->line, err) == -1)
			goto fail;
		if (set_plus(c, plus, err) == -1)
			goto fail;
		return (0);
	}
	for (i = 0; i < r->nvariants; i++)
		if (strlen(r->variants[i]) == wlen &&
		    strncmp(r->variants[i], variant, wlen) == 0)
			break;
	if (i == r->nvariants) {
		wb_err_set(err, "%s: no variant '%.*s' (VARIANTS=%s)", r->path,
		    (int)wlen, variant, wb_recipe_get(r, "VARIANTS") == NULL ?
		    "" : wb_recipe_get(r, "VARIANTS"));
		goto fail;
	}
	if ((size_t)snprintf(name, sizeof(name), "VARIANT_%.*s", (int)wlen,
	    variant) >= sizeof(name) || (v = wb_recipe_var(r, name)) == NULL) {
		wb_err_set(err, "%s: variant '%.*s' has no %s line",
		    r->path, (int)wlen, variant, name);
		goto fail;
	}
	if (set_on(c, v->value, name, v->line, err) == -1 ||
	    set_plus(c, plus, err) == -1)
		goto fail;
	return (0);
fail:
	wb_recipe_config_fini(c);
	return (-1);
}

char **
wb_recipe_words(const struct wb_recipe_config *c, const char *var,
    const char *helper, struct wb_err *err)
{
	const struct wb_recipe *r = c->recipe;
	char name[256];
	char **w;
	size_t i, n;

	if ((w = wb_words_split(var == NULL ? NULL : wb_recipe_get(r, var),
	    err)) == NULL)
		return (NULL);
	n = words_count(w);
	for (i = 0; helper != NULL && i < r->noptions; i++) {
		if ((size_t)snprintf(name, sizeof(name), "%s_%s_%s",
		    r->options[i], helper, c->on[i] ? "ON" : "OFF") >=
		    sizeof(name)) {
			wb_err_set(err, "%s: option name too long", r->path);
			wb_words_free(w);
			return (NULL);
		}
		if (wb_words_append(&w, &n, wb_recipe_get(r, name), err) == -1) {
			wb_words_free(w);
			return (NULL);
		}
	}
	return (w);
}

long
wb_recipe_hook_slot(const char *name, enum wb_phase *phasep, int *whenp)
{
	static const char *const whens[] = { "PRE_", "DO_", "POST_" };
	const char *p;
	char up[32];
	size_t i, j, w;

	for (w = 0; w < 3; w++) {
		if (strncmp(name, whens[w], strlen(whens[w])) != 0)
			continue;
		p = name + strlen(whens[w]);
		for (i = 0; i < WB_NPHASES; i++) {
			for (j = 0; phase_names[i][j] != '\0' &&
			    j < sizeof(up) - 1; j++)
				up[j] = (char)(phase_names[i][j] - 'a' + 'A');
			up[j] = '\0';
			if (strcmp(p, up) != 0)
				continue;
			if (phasep != NULL)
				*phasep = (enum wb_phase)i;
			if (whenp != NULL)
				*whenp = (int)w;
			return ((long)(i * 3 + w));
		}
	}
	return (-1);
}
