/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Strict parser for a serial console capture (lib/guest/serial.h).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serial.h"
#include "wb_util.h"

#define SPLAT_MAXLINES	80

struct frame {
	unsigned long	 seq;
	char		*kind;
	char		*f[WB_SERIAL_MAXFIELDS];
	size_t		 nf;
};

void
wb_serial_init(struct wb_serial *s)
{

	memset(s, 0, sizeof(*s));
	s->boot_to_init = -1;
}

static void
free_strv(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void
wb_serial_fini(struct wb_serial *s)
{
	size_t i;

	free(s->init_version);
	free(s->uname);
	free(s->release);
	free(s->version);
	free(s->clocksource);
	for (i = 0; i < s->npasses; i++) {
		free(s->passes[i].id);
		free(s->passes[i].text);
	}
	free(s->passes);
	free_strv(s->kmsg, s->nkmsg);
	free_strv(s->env, s->nenv);
	free_strv(s->console, s->nconsole);
	free_strv(s->errors, s->nerrors);
	for (i = 0; i < s->nsplats; i++) {
		free(s->splats[i].kind);
		free(s->splats[i].title);
		free(s->splats[i].text);
	}
	free(s->splats);
	wb_serial_init(s);
}

const char *
wb_serial_pass_status_name(enum wb_pass_status st)
{

	switch (st) {
	case WB_PASS_OK:
		return ("ok");
	case WB_PASS_FAILED:
		return ("failed");
	case WB_PASS_TIMEOUT:
		return ("timeout");
	}
	return ("?");
}

/*
 * Append a copy of s to the vector v of n strings, growing it by
 * doubling (at every power of two), so that a console of millions of
 * lines costs linear time.  At most keep strings are kept; the rest are
 * counted in *dropped, so memory stays near the size of the input.
 */
static int
push_str(char ***v, size_t *n, size_t keep, size_t *dropped, const char *s,
    struct wb_err *err)
{
	char **nv, *c;

	if (*n >= keep) {
		(*dropped)++;
		return (0);
	}
	if ((c = strdup(s)) == NULL)
		return (wb_err_setsys(err, "serial"));
	if (*n == 0 || (*n & (*n - 1)) == 0) {
		if ((nv = reallocarray(*v, *n == 0 ? 1 : 2 * *n,
		    sizeof(**v))) == NULL) {
			free(c);
			return (wb_err_setsys(err, "serial"));
		}
		*v = nv;
	}
	(*v)[(*n)++] = c;
	return (0);
}

/*
 * Remove escape sequences (CSI, OSC, two- and three-byte ESC forms),
 * carriage returns and other control bytes except tab, in place.
 */
static void
clean_line(char *l)
{
	unsigned char *r, *w;

	for (r = w = (unsigned char *)l; *r != '\0';) {
		if (*r == 0x1b) {
			r++;
			if (*r == '[') {
				for (r++; *r != '\0' && (*r < 0x40 || *r > 0x7e);
				    r++)
					;
				if (*r != '\0')
					r++;
			} else if (*r == ']') {
				for (r++; *r != '\0' && *r != 0x07 &&
				    !(r[0] == 0x1b && r[1] == '\\'); r++)
					;
				if (*r == 0x07)
					r++;
				else if (*r != '\0')
					r += 2;
			} else if (*r != '\0' && strchr("()*+#%", *r) != NULL) {
				r++;
				if (*r != '\0')
					r++;
			} else if (*r != '\0')
				r++;
			continue;
		}
		if ((*r < 0x20 && *r != '\t') || *r == 0x7f) {
			r++;
			continue;
		}
		*w++ = *r++;
	}
	*w = '\0';
}

static int
hexval(int c)
{

	if (c >= '0' && c <= '9')
		return (c - '0');
	if (c >= 'a' && c <= 'f')
		return (c - 'a' + 10);
	if (c >= 'A' && c <= 'F')
		return (c - 'A' + 10);
	return (-1);
}

/* Undo the \xNN escapes in place; -1 on a malformed escape. */
static int
unescape(char *s)
{
	char *r, *w;
	int hi, lo;

	for (r = w = s; *r != '\0';) {
		if (*r != '\\') {
			*w++ = *r++;
			continue;
		}
		if (r[1] != 'x' || (hi = hexval(r[2])) < 0 ||
		    (lo = hexval(r[3])) < 0)
			return (-1);
		*w++ = (char)(hi << 4 | lo);
		r += 4;
	}
	*w = '\0';
	return (0);
}

/* Split and check one frame line (modified in place). */
static int
parse_frame(char *l, struct frame *fr, const char *name, unsigned ln,
    struct wb_err *err)
{
	char *bar, *p, *end, *next;
	unsigned long crc;
	size_t i;

	memset(fr, 0, sizeof(*fr));
	if ((bar = strrchr(l, '|')) == NULL || strlen(bar + 1) != 8 ||
	    bar - l < 4)
		return (wb_err_set(err, "%s:%u: frame without a checksum",
		    name, ln));
	for (p = bar + 1; *p != '\0'; p++)
		if (hexval(*p) < 0 || (*p >= 'A' && *p <= 'F'))
			return (wb_err_set(err, "%s:%u: bad frame checksum "
			    "'%s'", name, ln, bar + 1));
	crc = strtoul(bar + 1, NULL, 16);
	if (crc != wb_serial_crc32(l, (size_t)(bar - l)))
		return (wb_err_set(err, "%s:%u: frame checksum mismatch "
		    "(corrupt or interleaved line)", name, ln));
	*bar = '\0';
	p = l + 3;
	if (*p < '0' || *p > '9')
		return (wb_err_set(err, "%s:%u: bad frame sequence number",
		    name, ln));
	errno = 0;
	fr->seq = strtoul(p, &end, 10);
	if (errno != 0 || *end != '|')
		return (wb_err_set(err, "%s:%u: bad frame sequence number",
		    name, ln));
	fr->kind = end + 1;
	if ((next = strchr(fr->kind, '|')) != NULL)
		*next++ = '\0';
	while (next != NULL) {
		if (fr->nf == WB_SERIAL_MAXFIELDS)
			return (wb_err_set(err, "%s:%u: too many fields",
			    name, ln));
		fr->f[fr->nf++] = next;
		if ((next = strchr(next, '|')) != NULL)
			*next++ = '\0';
	}
	for (i = 0; i < fr->nf; i++)
		if (unescape(fr->f[i]) != 0)
			return (wb_err_set(err, "%s:%u: bad escape in field "
			    "%zu", name, ln, i + 1));
	return (0);
}

static int
num(const char *s, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	return (errno != 0 || end == s || *end != '\0' ? -1 : 0);
}

static int
lnum(const char *s, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 10);
	return (errno != 0 || end == s || *end != '\0' ? -1 : 0);
}

static int
set_str(char **dst, const char *v, struct wb_err *err)
{

	free(*dst);
	if ((*dst = strdup(v)) == NULL)
		return (wb_err_setsys(err, "serial"));
	return (0);
}

static int
add_pass(struct wb_serial *s, const struct frame *fr, const char *name,
    unsigned ln, struct wb_err *err)
{
	struct wb_serial_pass *np, p;
	double v;
	size_t i;
	long n;

	memset(&p, 0, sizeof(p));
	p.line = ln;
	if (lnum(fr->f[1], &n) != 0 || n < 1 || n > 100000)
		return (wb_err_set(err, "%s:%u: pass: bad pass number '%s'",
		    name, ln, fr->f[1]));
	p.pass = (int)n;
	for (i = 0; i < s->npasses; i++)
		if (s->passes[i].pass == p.pass &&
		    strcmp(s->passes[i].id, fr->f[0]) == 0)
			return (wb_err_set(err, "%s:%u: pass: a second pass %d "
			    "of %s (the first at line %u)", name, ln, p.pass,
			    wb_strvis_slot(fr->f[0]), s->passes[i].line));
	if (strcmp(fr->f[2], "ok") == 0)
		p.status = WB_PASS_OK;
	else if (strcmp(fr->f[2], "failed") == 0)
		p.status = WB_PASS_FAILED;
	else if (strcmp(fr->f[2], "timeout") == 0)
		p.status = WB_PASS_TIMEOUT;
	else
		return (wb_err_set(err, "%s:%u: pass: bad status '%s'", name,
		    ln, fr->f[2]));
	if (num(fr->f[3], &p.wall) != 0 || num(fr->f[4], &p.utime) != 0 ||
	    num(fr->f[5], &p.stime) != 0 || lnum(fr->f[6], &p.minflt) != 0 ||
	    lnum(fr->f[7], &p.majflt) != 0 || lnum(fr->f[8], &p.nvcsw) != 0 ||
	    lnum(fr->f[9], &p.nivcsw) != 0 || p.wall < 0 || p.utime < 0 ||
	    p.stime < 0)
		return (wb_err_set(err, "%s:%u: pass: bad number", name, ln));
	if (p.status == WB_PASS_OK && wb_serial_count(fr->f[10], &v, NULL,
	    NULL, 0, NULL, err) != 0) {
		char msg[sizeof(err->msg)];

		snprintf(msg, sizeof(msg), "%s", err->msg);
		return (wb_err_set(err, "%s:%u: pass: %s", name, ln, msg));
	}
	if ((p.id = strdup(fr->f[0])) == NULL ||
	    (p.text = strdup(fr->f[10])) == NULL) {
		free(p.id);
		return (wb_err_setsys(err, "serial"));
	}
	if ((np = reallocarray(s->passes, s->npasses + 1, sizeof(*np))) ==
	    NULL) {
		free(p.id);
		free(p.text);
		return (wb_err_setsys(err, "serial"));
	}
	np[s->npasses++] = p;
	s->passes = np;
	return (0);
}

/* One frame kind's handler: fields checked for count, name:ln for errors. */
typedef int frame_fn(struct wb_serial *, struct frame *, const char *,
    unsigned, struct wb_err *);

static int
on_hello(struct wb_serial *s, struct frame *fr, const char *name,
    unsigned ln, struct wb_err *err)
{
	long n;

	if (lnum(fr->f[0], &n) != 0 || n != WB_SERIAL_PROTO)
		return (wb_err_set(err, "%s:%u: protocol version '%s', "
		    "expected %d", name, ln, fr->f[0], WB_SERIAL_PROTO));
	s->hello = (int)n;
	return (set_str(&s->init_version, fr->f[1], err));
}

static int
on_uname(struct wb_serial *s, struct frame *fr, const char *name,
    unsigned ln, struct wb_err *err)
{
	char buf[1280];

	(void)name;
	(void)ln;
	snprintf(buf, sizeof(buf), "%s %s %s %s %s", fr->f[0], fr->f[1],
	    fr->f[2], fr->f[3], fr->f[4]);
	if (set_str(&s->uname, buf, err) != 0 ||
	    set_str(&s->release, fr->f[2], err) != 0)
		return (-1);
	return (set_str(&s->version, fr->f[3], err));
}

static int
on_boot(struct wb_serial *s, struct frame *fr, const char *name,
    unsigned ln, struct wb_err *err)
{
	double v;

	if (num(fr->f[0], &v) != 0 || v < 0)
		return (wb_err_set(err, "%s:%u: boot: bad time '%s'", name,
		    ln, fr->f[0]));
	s->boot_to_init = v / 1e9;
	return (0);
}

static int
on_clock(struct wb_serial *s, struct frame *fr, const char *name,
    unsigned ln, struct wb_err *err)
{
	double v;

	if (num(fr->f[1], &v) != 0 || v < 0)
		return (wb_err_set(err, "%s:%u: clock: bad time '%s'", name,
		    ln, fr->f[1]));
	s->clock_settle = v / 1000;
	return (set_str(&s->clocksource, fr->f[0], err));
}

static int
on_pass(struct wb_serial *s, struct frame *fr, const char *name,
    unsigned ln, struct wb_err *err)
{

	return (add_pass(s, fr, name, ln, err));
}

static int
on_kmsg(struct wb_serial *s, struct frame *fr, const char *name,
    unsigned ln, struct wb_err *err)
{

	(void)name;
	(void)ln;
	clean_line(fr->f[0]);	/* unescaped: ESC may be back */
	return (push_str(&s->kmsg, &s->nkmsg, WB_SERIAL_KEEP_LINES,
	    &s->dropped, fr->f[0], err));
}

/* Only its arrival matters (hang detection). */
static int
on_alive(struct wb_serial *s, struct frame *fr, const char *name,
    unsigned ln, struct wb_err *err)
{

	(void)s;
	(void)fr;
	(void)name;
	(void)ln;
	(void)err;
	return (0);
}

static int
on_env(struct wb_serial *s, struct frame *fr, const char *name,
    unsigned ln, struct wb_err *err)
{

	if (strchr(fr->f[0], '=') == NULL)
		return (wb_err_set(err, "%s:%u: env: expected KEY=value",
		    name, ln));
	clean_line(fr->f[0]);
	return (push_str(&s->env, &s->nenv, WB_SERIAL_KEEP_LINES,
	    &s->dropped, fr->f[0], err));
}

static int
on_error(struct wb_serial *s, struct frame *fr, const char *name,
    unsigned ln, struct wb_err *err)
{

	(void)name;
	(void)ln;
	clean_line(fr->f[0]);
	return (push_str(&s->errors, &s->nerrors, WB_SERIAL_KEEP_SPLATS,
	    &s->dropped, fr->f[0], err));
}

static int
on_end(struct wb_serial *s, struct frame *fr, const char *name,
    unsigned ln, struct wb_err *err)
{
	long n;

	if (lnum(fr->f[0], &n) != 0 || n < 0)
		return (wb_err_set(err, "%s:%u: end: bad count '%s'", name,
		    ln, fr->f[0]));
	if ((size_t)n != s->npasses)
		return (wb_err_set(err, "%s:%u: end frame counts %ld passes, "
		    "%zu received", name, ln, n, s->npasses));
	s->end_npasses = n;
	s->ended = 1;
	return (0);
}

static const struct {
	const char	*kind;
	size_t		 nf;
	frame_fn	*fn;
} kinds[] = {
	{ "hello", 2, on_hello }, { "uname", 5, on_uname },
	{ "boot", 1, on_boot }, { "clock", 2, on_clock },
	{ "pass", 11, on_pass }, { "kmsg", 1, on_kmsg },
	{ "env", 1, on_env }, { "alive", 3, on_alive },
	{ "error", 1, on_error }, { "end", 1, on_end },
};

static int
handle_frame(struct wb_serial *s, struct frame *fr, const char *name,
    unsigned ln, struct wb_err *err)
{
	size_t i;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp(fr->kind, kinds[i].kind) == 0)
			break;
	if (i == sizeof(kinds) / sizeof(kinds[0]))
		return (wb_err_set(err, "%s:%u: unknown frame kind '%s'",
		    name, ln, fr->kind));
	if (fr->nf != kinds[i].nf)
		return (wb_err_set(err, "%s:%u: %s frame has %zu fields, "
		    "not %zu", name, ln, fr->kind, fr->nf, kinds[i].nf));
	if (s->ended)
		return (wb_err_set(err, "%s:%u: frame after the end frame",
		    name, ln));
	if (s->hello == 0 && kinds[i].fn != on_hello)
		return (wb_err_set(err, "%s:%u: %s frame before hello", name,
		    ln, fr->kind));
	return (kinds[i].fn(s, fr, name, ln, err));
}

/* --- Splats. --- */

static const struct {
	const char	*prefix;
	const char	*kind;
} splat_starts[] = {
	{ "WARNING: possible circular locking", "lockdep" },
	{ "WARNING: possible recursive locking", "lockdep" },
	{ "WARNING: inconsistent lock state", "lockdep" },
	{ "WARNING: suspicious RCU usage", "lockdep" },
	{ "WARNING: bad unlock balance", "lockdep" },
	{ "WARNING: held lock freed", "lockdep" },
	{ "WARNING: lock held when returning", "lockdep" },
	{ "WARNING: possible irq lock inversion", "lockdep" },
	{ "INFO: possible irq lock inversion", "lockdep" },
	{ "INFO: trying to register non-static key", "lockdep" },
	{ "INFO: lockdep is turned off", "lockdep" },
	{ "DEBUG_LOCKS_WARN_ON", "lockdep" },
	{ "BUG: sleeping function called", "might_sleep" },
	{ "BUG: scheduling while atomic", "might_sleep" },
	{ "BUG: using smp_processor_id() in preemptible", "preempt" },
	{ "BUG: using __this_cpu", "preempt" },
	{ "ODEBUG:", "debugobjects" },
	{ "list_add corruption", "list" },
	{ "list_del corruption", "list" },
	{ "plist_check", "list" },
	{ "kernel BUG at", "BUG" },
	{ "BUG: ", "BUG" },
	{ "BUG ", "SLUB" },		/* "BUG kmalloc-64 (...): ..." */
	{ "INFO: ", "SLUB" },		/* SLUB's detail lines follow BUG */
	{ "WARNING: ", "WARNING" },
	{ "Oops: ", "Oops" },
	{ "general protection fault", "Oops" },
	{ "Kernel panic", "panic" },
	{ "Kernel stack is corrupted", "stack" },
	{ "Out of memory", "oom" },	/* "Out of memory: Killed process" */
	{ "Memory cgroup out of memory", "oom" },
};

/*
 * Text of a kernel message without its "<3>" log level and its
 * "[    1.234567] " time prefix.
 */
static const char *
strip_time(const char *l)
{
	const char *p;

	if (l[0] == '<') {
		for (p = l + 1; *p >= '0' && *p <= '9'; p++)
			;
		if (p > l + 1 && *p == '>')
			l = p + 1;
	}
	if (l[0] != '[')
		return (l);
	if ((p = strchr(l, ']')) == NULL)
		return (l);
	for (p++; *p == ' '; p++)
		;
	return (p);
}

/* Informational lines that share a report prefix. */
static const char *const benign[] = {
	"ODEBUG: selftest passed",
	"ODEBUG: debug_objects_mem_init",
	NULL
};

static const char *
splat_kind(const char *t)
{
	size_t i;

	for (i = 0; benign[i] != NULL; i++)
		if (strncmp(t, benign[i], strlen(benign[i])) == 0)
			return (NULL);
	if (strncmp(t, "ODEBUG: ", 8) == 0 &&
	    strstr(t, " active objects replaced") != NULL)
		return (NULL);

	for (i = 0; i < sizeof(splat_starts) / sizeof(splat_starts[0]); i++)
		if (strncmp(t, splat_starts[i].prefix,
		    strlen(splat_starts[i].prefix)) == 0)
			return (splat_starts[i].kind);
	return (NULL);
}

static int
add_splat(struct wb_serial *s, const char *kind, char *const *lines,
    size_t n, struct wb_err *err)
{
	struct wb_serial_splat *ns, sp;
	size_t i, len;
	char *p;

	if (s->nsplats >= WB_SERIAL_KEEP_SPLATS) {
		s->splats_dropped++;
		return (0);
	}
	for (len = 1, i = 0; i < n; i++)
		len += strlen(strip_time(lines[i])) + 1;
	memset(&sp, 0, sizeof(sp));
	if ((sp.kind = strdup(kind)) == NULL ||
	    (sp.title = strdup(strip_time(lines[0]))) == NULL ||
	    (sp.text = malloc(len)) == NULL) {
		free(sp.kind);
		free(sp.title);
		return (wb_err_setsys(err, "serial"));
	}
	for (p = sp.text, i = 0; i < n; i++)
		p = stpcpy(stpcpy(p, strip_time(lines[i])), "\n");
	*p = '\0';
	if ((ns = reallocarray(s->splats, s->nsplats + 1, sizeof(*ns))) ==
	    NULL) {	/* at most WB_SERIAL_KEEP_SPLATS: linear is fine */
		free(sp.kind);
		free(sp.title);
		free(sp.text);
		return (wb_err_setsys(err, "serial"));
	}
	ns[s->nsplats++] = sp;
	s->splats = ns;
	return (0);
}

/*
 * A report runs from its first line to "---[ end trace", the next
 * report, or SPLAT_MAXLINES lines.  SLUB's "INFO:" lines only continue
 * a SLUB report; on their own they start one.
 */
static int
find_splats(struct wb_serial *s, char *const *lines, size_t n,
    struct wb_err *err)
{
	const char *kind, *k2, *t;
	size_t i, j;

	for (i = 0; i < n; i++) {
		if ((kind = splat_kind(strip_time(lines[i]))) == NULL)
			continue;
		for (j = i + 1; j < n && j - i < SPLAT_MAXLINES; j++) {
			t = strip_time(lines[j]);
			if (strncmp(t, "---[ end trace", 14) == 0) {
				j++;
				break;
			}
			k2 = splat_kind(t);
			if (k2 != NULL && !(strcmp(kind, "SLUB") == 0 &&
			    strncmp(t, "INFO: ", 6) == 0) &&
			    strcmp(k2, "panic") != 0)
				break;
		}
		if (add_splat(s, kind, lines + i, j - i, err) != 0)
			return (-1);
		i = j - 1;
	}
	return (0);
}

int
wb_serial_parse(struct wb_serial *s, const char *name, const char *buf,
    size_t len, struct wb_err *err)
{
	struct frame fr;
	const char *p, *nl, *end;
	unsigned long expect;
	unsigned ln;
	char *l;
	int rc;

	rc = 0;
	expect = 1;
	ln = 0;
	end = buf + len;
	for (p = buf; p < end && rc == 0; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		ln++;
		if ((l = strndup(p, (size_t)(nl - p))) == NULL)
			return (wb_err_setsys(err, "serial"));
		clean_line(l);
		if (strncmp(l, "WB|", 3) == 0) {
			if (nl == end)
				rc = wb_err_set(err, "%s:%u: truncated frame",
				    name, ln);
			else if ((rc = parse_frame(l, &fr, name, ln, err)) ==
			    0) {
				if (fr.seq != expect)
					rc = wb_err_set(err, "%s:%u: frame %lu "
					    "where %lu was due (frames lost)",
					    name, ln, fr.seq, expect);
				else
					rc = handle_frame(s, &fr, name, ln,
					    err);
				expect++;
			}
		} else if (strstr(l, "WB|") != NULL)
			rc = wb_err_set(err, "%s:%u: frame not at the start of "
			    "its line (interleaved output)", name, ln);
		else if (l[0] != '\0')
			rc = push_str(&s->console, &s->nconsole,
			    WB_SERIAL_KEEP_LINES, &s->dropped, l, err);
		free(l);
	}
	s->nlines = ln;
	if (rc != 0)
		return (-1);
	if (s->nkmsg > 0)
		return (find_splats(s, s->kmsg, s->nkmsg, err));
	return (find_splats(s, s->console, s->nconsole, err));
}

int
wb_serial_count(const char *line, double *count, int *timebase, char *unit,
    size_t unitlen, double *elapsed, struct wb_err *err)
{
	char buf[512], *f[5], *p, *end;
	double c, e;
	long tb;
	size_t n;

	if (strlen(line) >= sizeof(buf))
		return (wb_err_set(err, "result line too long"));
	strcpy(buf, line);
	for (n = 0, p = buf; n < 5; n++) {
		f[n] = p;
		if ((p = strchr(p, '|')) == NULL)
			break;
		*p++ = '\0';
	}
	if (n != 4 || strcmp(f[0], "COUNT") != 0)
		return (wb_err_set(err, "not a COUNT|count|timebase|unit|"
		    "elapsed line: '%s'", line));
	errno = 0;
	c = strtod(f[1], &end);
	if (errno != 0 || end == f[1] || *end != '\0' || !(c >= 0))
		return (wb_err_set(err, "bad count '%s'", f[1]));
	tb = strtol(f[2], &end, 10);
	if (end == f[2] || *end != '\0' || tb < 0 || tb > 3600)
		return (wb_err_set(err, "bad timebase '%s'", f[2]));
	if (f[3][0] == '\0' || strlen(f[3]) > 16)
		return (wb_err_set(err, "bad unit '%s'", f[3]));
	e = strtod(f[4], &end);
	if (end == f[4] || *end != '\0' || !(e > 0))
		return (wb_err_set(err, "bad elapsed time '%s'", f[4]));
	if (count != NULL)
		*count = c;
	if (timebase != NULL)
		*timebase = (int)tb;
	if (unit != NULL && unitlen > 0)
		snprintf(unit, unitlen, "%s", f[3]);
	if (elapsed != NULL)
		*elapsed = e;
	return (0);
}
