/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SQLite backend of the history store: one database file, created
 * on first use.  Writers serialise on BEGIN IMMEDIATE (the write lock
 * is taken when the transaction starts, so two adds never deadlock
 * upgrading a read lock) and wait for each other up to the busy
 * timeout; the journal is WAL so that readers never wait for a writer,
 * synchronous NORMAL (a commit is durable once the WAL is checkpointed;
 * a crash loses at most the last adds, never the file's consistency).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sqlite3.h>

#include "history_store.h"
#include "wb_util.h"

/* How long a writer waits for another one, milliseconds. */
#define BUSY_MS		60000

static int
fail(struct wb_hstore *s, const char *what, struct wb_err *err)
{
	sqlite3 *db = s->db;
	int code;

	code = sqlite3_extended_errcode(db);
	wb_err_set(err, "%s: %s: %s", s->where, what, sqlite3_errmsg(db));
	if ((code & 0xff) == SQLITE_BUSY || (code & 0xff) == SQLITE_LOCKED)
		wb_err_class(err, WB_ERR_TEMPFAIL);
	else if ((code & 0xff) == SQLITE_CANTOPEN)
		wb_err_class(err, WB_ERR_CANTCREAT);
	else if ((code & 0xff) == SQLITE_IOERR || (code & 0xff) ==
	    SQLITE_FULL)
		wb_err_class(err, WB_ERR_IO);
	return (-1);
}

static int
sq_exec(struct wb_hstore *s, const char *sql, const char *const *param,
    int nparam, wb_hs_row_fn *fn, void *arg, struct wb_err *err)
{
	const char *vals[64];
	sqlite3_stmt *st;
	int i, n, rc;

	if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
		return (fail(s, "prepare", err));
	if (sqlite3_bind_parameter_count(st) != nparam) {
		sqlite3_finalize(st);
		return (wb_err_set(err, "%s: %d parameters given, the "
		    "statement has %d", s->where, nparam,
		    sqlite3_bind_parameter_count(st)));
	}
	for (i = 0; i < nparam; i++)
		if ((param[i] == NULL ? sqlite3_bind_null(st, i + 1) :
		    sqlite3_bind_text(st, i + 1, param[i], -1,
		    SQLITE_STATIC)) != SQLITE_OK) {
			sqlite3_finalize(st);
			return (fail(s, "bind", err));
		}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (fn == NULL)
			continue;
		n = sqlite3_column_count(st);
		if (n > (int)(sizeof(vals) / sizeof(vals[0])))
			n = (int)(sizeof(vals) / sizeof(vals[0]));
		for (i = 0; i < n; i++)
			vals[i] = (const char *)sqlite3_column_text(st, i);
		if (fn(arg, n, vals, err) == -1) {
			sqlite3_finalize(st);
			return (-1);
		}
	}
	if (rc != SQLITE_DONE) {
		fail(s, "step", err);
		sqlite3_finalize(st);
		return (-1);
	}
	sqlite3_finalize(st);
	return (0);
}

/*
 * Switch the file to WAL.  Two processes creating the same new file at
 * once race on this: the loser's PRAGMA fails with SQLITE_BUSY at once,
 * without the busy handler, so it is retried here within the same
 * timeout a writer waits.
 */
static int
sq_wal(struct wb_hstore *s, struct wb_err *err)
{
	struct timespec nap = { 0, 20 * 1000 * 1000 };
	int waited;

	for (waited = 0;; waited += 20) {
		if (sq_exec(s, "PRAGMA journal_mode = WAL", NULL, 0, NULL,
		    NULL, err) == 0)
			return (0);
		if (err->class != WB_ERR_TEMPFAIL || waited >= BUSY_MS)
			return (-1);
		nanosleep(&nap, NULL);
	}
}

static int
sq_open(struct wb_hstore *s, const char *path, struct wb_err *err)
{
	sqlite3 *db;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		wb_err_set(err, "%s: %s", path, db != NULL ?
		    sqlite3_errmsg(db) : "out of memory");
		wb_err_class(err, WB_ERR_CANTCREAT);
		sqlite3_close(db);
		return (-1);
	}
	s->db = db;
	sqlite3_busy_timeout(db, BUSY_MS);
	if (sq_exec(s, "PRAGMA foreign_keys = ON", NULL, 0, NULL, NULL,
	    err) == -1 || sq_wal(s, err) == -1 ||
	    sq_exec(s, "PRAGMA synchronous = NORMAL",
	    NULL, 0, NULL, NULL, err) == -1) {
		sqlite3_close(db);
		s->db = NULL;
		return (-1);
	}
	return (0);
}

static int
sq_begin(struct wb_hstore *s, int lock, struct wb_err *err)
{

	return (sq_exec(s, lock ? "BEGIN IMMEDIATE" : "BEGIN", NULL, 0, NULL,
	    NULL, err));
}

static int
sq_commit(struct wb_hstore *s, struct wb_err *err)
{

	if (sq_exec(s, "COMMIT", NULL, 0, NULL, NULL, err) == -1) {
		(void)sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		return (-1);
	}
	return (0);
}

static void
sq_rollback(struct wb_hstore *s)
{

	(void)sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
}

static void
sq_close(struct wb_hstore *s)
{

	if (s->db != NULL)
		sqlite3_close(s->db);
	s->db = NULL;
}

const struct wb_hs_backend wb_hs_sqlite = {
	.name = "sqlite",
	.id_type = "INTEGER PRIMARY KEY",
	.open = sq_open,
	.begin = sq_begin,
	.exec = sq_exec,
	.commit = sq_commit,
	.rollback = sq_rollback,
	.close = sq_close,
};
