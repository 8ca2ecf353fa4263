/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Kernel configuration checks: debug options that must be off in a
 * production kernel, each with its FreeBSD counterpart.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <archive.h>

#include "release.h"
#include "wb_model.h"
#include "wb_util.h"

static const struct wb_kdebug kdebug[] = {
	{ "PROVE_LOCKING", "WITNESS", "lock-order validation (lockdep)" },
	{ "LOCKDEP", "WITNESS", "lock dependency tracking" },
	{ "DEBUG_LOCK_ALLOC", "WITNESS", "lock allocation tracking" },
	{ "DEBUG_ATOMIC_SLEEP", "WITNESS", "sleep in atomic context checks" },
	{ "PROVE_RCU", "WITNESS", "RCU usage validation" },
	{ "LOCK_STAT", "LOCK_PROFILING", "lock statistics" },
	{ "DEBUG_SPINLOCK", "INVARIANTS", "spinlock assertions" },
	{ "DEBUG_MUTEXES", "INVARIANTS", "mutex assertions" },
	{ "DEBUG_RT_MUTEXES", "INVARIANTS", "rt-mutex assertions" },
	{ "DEBUG_RWSEMS", "INVARIANTS", "rw-semaphore assertions" },
	{ "DEBUG_VM", "INVARIANTS", "virtual memory assertions" },
	{ "DEBUG_LIST", "INVARIANTS", "linked-list integrity checks" },
	{ "DEBUG_PLIST", "INVARIANTS", "priority-list checks" },
	{ "DEBUG_SG", "INVARIANTS", "scatter-gather checks" },
	{ "DEBUG_NOTIFIERS", "INVARIANTS", "notifier chain checks" },
	{ "DEBUG_CREDENTIALS", "INVARIANTS", "credential checks" },
	{ "DEBUG_OBJECTS", "INVARIANTS", "object life-time tracking" },
	{ "DEBUG_PREEMPT", "INVARIANTS", "preemption checks" },
	{ "DEBUG_IRQFLAGS", "INVARIANTS", "irq-flag checks" },
	{ "SCHED_STACK_END_CHECK", "INVARIANTS", "stack-end checks" },
	{ "DEBUG_KOBJECT", "INVARIANTS", "kobject debugging" },
	{ "SLUB_DEBUG_ON", "INVARIANTS", "slab poisoning and red zones "
	    "(UMA trashing)" },
	{ "PAGE_POISONING", "INVARIANTS", "page poisoning" },
	{ "DEBUG_PAGEALLOC", "DEBUG_MEMGUARD", "unmapping of freed pages" },
	{ "KASAN", "KASAN", "address sanitizer" },
	{ "KMSAN", "KMSAN", "memory sanitizer" },
	{ "KCSAN", "KCSAN", "concurrency sanitizer" },
	{ "KCOV", "KCOV", "coverage instrumentation" },
	{ "UBSAN", "-", "undefined-behaviour sanitizer" },
	{ "DEBUG_KMEMLEAK", "-", "kernel memory leak detector" },
};

size_t
wb_release_kdebug_count(void)
{

	return (sizeof(kdebug) / sizeof(kdebug[0]));
}

const struct wb_kdebug *
wb_release_kdebug_at(size_t i)
{

	return (i < wb_release_kdebug_count() ? &kdebug[i] : NULL);
}

/* Values of the table's options, as found ("" when not set). */
struct kvals {
	char	*val[sizeof(kdebug) / sizeof(kdebug[0])];
};

static int
parse_line(const char *name, size_t lineno, const char *line, size_t len,
    struct kvals *kv, struct wb_err *err)
{
	const char *eq;
	size_t i, nlen;

	while (len > 0 && (line[len - 1] == '\r' || line[len - 1] == ' '))
		len--;
	if (len == 0 || line[0] == '#')
		return (0);
	if (len < 8 || strncmp(line, "CONFIG_", 7) != 0 ||
	    (eq = memchr(line, '=', len)) == NULL || eq == line + 7)
		return (wb_err_set(err, "%s:%zu: not a CONFIG_NAME=value line",
		    name, lineno));
	nlen = eq - line - 7;
	for (i = 0; i < wb_release_kdebug_count(); i++) {
		if (strlen(kdebug[i].option) != nlen ||
		    strncmp(line + 7, kdebug[i].option, nlen) != 0)
			continue;
		free(kv->val[i]);
		if ((kv->val[i] = strndup(eq + 1, len - (eq + 1 - line))) ==
		    NULL)
			return (wb_err_setsys(err, "strndup"));
	}
	return (0);
}

static int
emit(struct wb_release *r, const struct kvals *kv, struct wb_err *err)
{
	const char *v;
	size_t i;
	int on;

	for (i = 0; i < wb_release_kdebug_count(); i++) {
		v = kv->val[i];
		on = v != NULL && strcmp(v, "n") != 0 && strcmp(v, "") != 0;
		if (on && wb_release_add(r, WB_CHECK_FAIL, "kernel",
		    kdebug[i].option, err, "CONFIG_%s=%s: %s (FreeBSD: %s)",
		    kdebug[i].option, v, kdebug[i].what,
		    kdebug[i].freebsd) == -1)
			return (-1);
		if (!on && wb_release_add(r, WB_CHECK_PASS, "kernel",
		    kdebug[i].option, err, "not set: %s (FreeBSD: %s)",
		    kdebug[i].what, kdebug[i].freebsd) == -1)
			return (-1);
	}
	return (0);
}

int
wb_release_kconfig_buf(struct wb_release *r, const char *name,
    const char *buf, size_t len, struct wb_err *err)
{
	struct kvals kv;
	const char *p, *end, *nl;
	size_t lineno, i, nconfig;
	int rc;

	memset(&kv, 0, sizeof(kv));
	rc = 0;
	nconfig = 0;
	end = buf + len;
	for (p = buf, lineno = 1; rc == 0 && p < end; p = nl + 1, lineno++) {
		if ((nl = memchr(p, '\n', end - p)) == NULL)
			nl = end;
		if (memchr(p, '\0', nl - p) != NULL)
			rc = wb_err_set(err, "%s:%zu: binary data, not a "
			    "kernel .config", name, lineno);
		else {
			rc = parse_line(name, lineno, p, nl - p, &kv, err);
			nconfig += nl - p > 7 && strncmp(p, "CONFIG_", 7) == 0;
		}
	}
	if (rc == 0 && nconfig == 0)
		rc = wb_err_set(err, "%s: no CONFIG_ lines: not a kernel "
		    ".config", name);
	if (rc == 0)
		rc = emit(r, &kv, err);
	for (i = 0; i < wb_release_kdebug_count(); i++)
		free(kv.val[i]);
	return (rc);
}

/* Read a file whole, gunzipping it when it is compressed (libarchive). */
static int
slurp(const char *path, char **buf, size_t *len, struct wb_err *err)
{
	struct archive *a;
	struct archive_entry *e;
	char *b, *nb;
	size_t cap;
	la_ssize_t n;

	if ((a = archive_read_new()) == NULL)
		return (wb_err_set(err, "archive_read_new failed"));
	archive_read_support_filter_all(a);
	archive_read_support_format_raw(a);
	if (archive_read_open_filename(a, path, 65536) != ARCHIVE_OK ||
	    archive_read_next_header(a, &e) != ARCHIVE_OK) {
		wb_err_set(err, "%s: %s", path, archive_error_string(a) ?
		    archive_error_string(a) : "cannot read");
		archive_read_free(a);
		return (-1);
	}
	cap = 65536;
	*len = 0;
	if ((b = malloc(cap + 1)) == NULL) {
		archive_read_free(a);
		return (wb_err_setsys(err, "malloc"));
	}
	while ((n = archive_read_data(a, b + *len, cap - *len)) > 0) {
		*len += n;
		if (*len == cap) {
			if (cap >= 64 * 1024 * 1024 ||
			    (nb = realloc(b, 2 * cap + 1)) == NULL) {
				free(b);
				archive_read_free(a);
				return (wb_err_set(err, "%s: too large or out "
				    "of memory", path));
			}
			b = nb;
			cap *= 2;
		}
	}
	if (n < 0) {
		wb_err_set(err, "%s: %s", path, archive_error_string(a));
		free(b);
		archive_read_free(a);
		return (-1);
	}
	archive_read_free(a);
	b[*len] = '\0';
	*buf = b;
	return (0);
}

int
wb_release_kconfig(struct wb_release *r, const char *path,
    struct wb_err *err)
{
	char *buf;
	size_t len;
	int rc;

	buf = NULL;
	len = 0;
	if (slurp(path, &buf, &len, err) == -1)
		return (-1);
	rc = wb_release_kconfig_buf(r, path, buf, len, err);
	free(buf);
	if (rc == -1)
		return (wb_filekind_hint(err, path, WB_FILE_KCONFIG));
	return (rc);
}
