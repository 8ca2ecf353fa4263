/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The store's front: picks the backend from the URL, migrates the
 * schema, and passes statements and transactions through.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history_schema.h"
#include "history_store.h"
#include "history_store_int.h"
#include "wb_util.h"

static int
has_prefix(const char *s, const char *p)
{

	return (strncmp(s, p, strlen(p)) == 0);
}

struct wb_hstore *
wb_history_open(const char *url, struct wb_err *err)
{
	const struct wb_hs_backend *be;
	struct wb_hstore *s;
	const char *where;

	if (url == NULL || *url == '\0') {
		wb_err_set(err, "history store: no file or URL");
		return (NULL);
	}
	where = url;
	if (has_prefix(url, "postgresql://") || has_prefix(url, "postgres://"))
		be = &wb_hs_postgresql;
	else {
		be = &wb_hs_sqlite;
		if (has_prefix(url, "sqlite:"))
			where = url + strlen("sqlite:");
		if (*where == '\0') {
			wb_err_set(err, "%s: no file named", url);
			return (NULL);
		}
	}
	if ((s = calloc(1, sizeof(*s))) == NULL ||
	    (s->where = strdup(where)) == NULL) {
		free(s);
		wb_err_setsys(err, "calloc");
		return (NULL);
	}
	s->be = be;
	if (be->open(s, where, err) == -1) {
		free(s->where);
		free(s);
		return (NULL);
	}
	if (wb_history_migrate(s, NULL, err) == -1) {
		wb_history_close(s);
		return (NULL);
	}
	return (s);
}

void
wb_history_close(struct wb_hstore *s)
{

	if (s == NULL)
		return;
	if (s->intx)
		wb_history_rollback(s);
	s->be->close(s);
	free(s->where);
	free(s);
}

int
wb_history_begin(struct wb_hstore *s, int lock, struct wb_err *err)
{

	if (s->intx)
		return (wb_err_set(err, "%s: a transaction is open already",
		    s->where));
	if (s->be->begin(s, lock, err) == -1)
		return (-1);
	s->intx = 1;
	return (0);
}

int
wb_history_commit(struct wb_hstore *s, struct wb_err *err)
{

	s->intx = 0;
	return (s->be->commit(s, err));
}

void
wb_history_rollback(struct wb_hstore *s)
{

	if (!s->intx)
		return;
	s->intx = 0;
	s->be->rollback(s);
}

int
wb_history_exec(struct wb_hstore *s, const char *sql, const char *const *param,
    int nparam, wb_hs_row_fn *fn, void *arg, struct wb_err *err)
{

	return (s->be->exec(s, sql, param, nparam, fn, arg, err));
}

static int
first(void *arg, int ncol, const char *const *val, struct wb_err *err)
{
	char **out = arg;

	if (*out != NULL || ncol < 1)
		return (0);
	if (val[0] != NULL && (*out = strdup(val[0])) == NULL)
		return (wb_err_setsys(err, "strdup"));
	return (0);
}

int
wb_history_exec1(struct wb_hstore *s, const char *sql, const char *const *param,
    int nparam, char **out, struct wb_err *err)
{

	*out = NULL;
	if (wb_history_exec(s, sql, param, nparam, first, out, err) == -1) {
		free(*out);
		*out = NULL;
		return (-1);
	}
	return (0);
}

/* The migration's statement with @ID@ replaced by the backend's key. */
static char *
dialect(const struct wb_hs_backend *be, const char *sql)
{
	const char *p, *q;
	size_t n, k;
	char *out;

	k = strlen(be->id_type);
	n = strlen(sql) + 1;
	for (p = sql; (p = strstr(p, "@ID@")) != NULL; p += 4)
		n += k;
	if ((out = malloc(n)) == NULL)
		return (NULL);
	out[0] = '\0';
	for (p = sql; (q = strstr(p, "@ID@")) != NULL; p = q + 4) {
		strncat(out, p, (size_t)(q - p));
		strcat(out, be->id_type);
	}
	strcat(out, p);
	return (out);
}

int
wb_history_schema_version(struct wb_hstore *s, int *v, struct wb_err *err)
{
	char *out;

	if (wb_history_exec1(s, "SELECT MAX(version) FROM schema_version", NULL,
	    0, &out, err) == -1)
		return (-1);
	*v = out != NULL ? atoi(out) : 0;
	free(out);
	return (0);
}

static int
apply(struct wb_hstore *s, size_t version, struct wb_err *err)
{
	const char *const *m;
	char vbuf[32], *sql;
	const char *p[1];
	size_t i;
	int rc;

	m = wb_history_migration(version);
	for (i = 0; m[i] != NULL; i++) {
		if ((sql = dialect(s->be, m[i])) == NULL)
			return (wb_err_setsys(err, "malloc"));
		rc = wb_history_exec(s, sql, NULL, 0, NULL, NULL, err);
		free(sql);
		if (rc == -1)
			return (-1);
	}
	snprintf(vbuf, sizeof(vbuf), "%zu", version);
	p[0] = vbuf;
	return (wb_history_exec(s,
	    "INSERT INTO schema_version (version, applied) "
	    "VALUES (?, CURRENT_TIMESTAMP)", p, 1, NULL, NULL, err));
}

int
wb_history_migrate(struct wb_hstore *s, int *applied, struct wb_err *err)
{
	char msg[sizeof(err->msg)];
	size_t n, latest;
	int have;

	if (applied != NULL)
		*applied = 0;
	latest = wb_history_migration_count();
	have = 0;
	for (n = 0;; n++) {
		/* Each step decides under the lock, so racers apply once. */
		if (wb_history_begin(s, 1, err) == -1)
			return (-1);
		if (wb_history_exec(s,
		    "CREATE TABLE IF NOT EXISTS schema_version ("
		    "version INTEGER PRIMARY KEY, applied TEXT NOT NULL)", NULL,
		    0, NULL, NULL, err) == -1 ||
		    wb_history_schema_version(s, &have, err) == -1)
			goto fail;
		if (have < 0 || (size_t)have >= latest) {
			if (wb_history_commit(s, err) == -1)
				return (-1);
			if ((size_t)have > latest)
				return (wb_err_set(err, "%s: schema version %d "
				    "is newer than this worldbench knows (%zu)",
				    s->where, have, latest));
			break;
		}
		if (apply(s, (size_t)have + 1, err) == -1)
			goto fail;
		if (wb_history_commit(s, err) == -1)
			return (-1);
		if (applied != NULL)
			(*applied)++;
	}
	return (0);
fail:
	wb_history_rollback(s);
	snprintf(msg, sizeof(msg), "%s", err->msg);
	return (wb_err_set(err, "%s: migration %d: %s", s->where, have + 1,
	    msg));
}

const char *
wb_history_store_real(char *buf, size_t len, double v)
{

	if (!isfinite(v))
		return (NULL);
	snprintf(buf, len, "%.17g", v);
	return (buf);
}
