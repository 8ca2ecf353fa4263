/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The store's schema as numbered migrations, the same SQL for SQLite and
 * PostgreSQL (worldbench-history(5)).  A migration is never edited once
 * released: a change is a new one at the end.  "@ID@" is the backend's
 * auto-numbered key; DOUBLE PRECISION is a double in both (REAL is a
 * float in PostgreSQL).
 */
#include <stddef.h>

#include "history_schema.h"

static const char *const m1[] = {
	"CREATE TABLE releases ("
	" id @ID@,"
	" name TEXT NOT NULL UNIQUE,"
	" ord BIGINT NOT NULL)",
	"CREATE TABLE runs ("
	" id @ID@,"
	" sha256 TEXT NOT NULL UNIQUE,"
	" kind TEXT NOT NULL CHECK (kind IN ('bench', 'run', 'boot',"
	"  'explain', 'import', 'slurm', 'lava', 'confirm')),"
	" added TEXT NOT NULL,"
	" started TEXT,"
	" release_id BIGINT NOT NULL REFERENCES releases (id),"
	" fingerprint TEXT NOT NULL,"
	" hostname TEXT,"
	" worldbench_version TEXT,"
	" git_revision TEXT,"
	" suite_hash TEXT,"
	" runner TEXT,"
	" timing TEXT,"
	" source TEXT NOT NULL,"
	" provenance TEXT)",
	"CREATE TABLE variants ("
	" id @ID@,"
	" run_id BIGINT NOT NULL REFERENCES runs (id),"
	" label TEXT NOT NULL,"
	" fingerprint TEXT NOT NULL,"
	" image_sha256 TEXT,"
	" file_sha256 TEXT NOT NULL,"
	" file TEXT NOT NULL)",
	"CREATE TABLE samples ("
	" variant_id BIGINT NOT NULL REFERENCES variants (id),"
	" test TEXT NOT NULL,"
	" pass INTEGER NOT NULL,"
	" status TEXT NOT NULL,"
	" value DOUBLE PRECISION,"
	" cpu DOUBLE PRECISION,"
	" minflt BIGINT,"
	" majflt BIGINT,"
	" copies INTEGER,"
	" duration DOUBLE PRECISION,"
	" PRIMARY KEY (variant_id, test, pass))",
	"CREATE TABLE verdicts ("
	" run_id BIGINT NOT NULL REFERENCES runs (id),"
	" test TEXT NOT NULL,"
	" base TEXT NOT NULL,"
	" variant TEXT NOT NULL,"
	" ratio DOUBLE PRECISION,"
	" lo DOUBLE PRECISION,"
	" hi DOUBLE PRECISION,"
	" verdict TEXT NOT NULL)",
	/* Change candidates (history changes) and their confirmations. */
	"CREATE TABLE candidates ("
	" id @ID@,"
	" fingerprint TEXT NOT NULL,"
	" label TEXT NOT NULL,"
	" test TEXT NOT NULL,"
	" before_id BIGINT NOT NULL REFERENCES releases (id),"
	" after_id BIGINT NOT NULL REFERENCES releases (id),"
	" ratio DOUBLE PRECISION,"
	" found TEXT NOT NULL,"
	" method TEXT NOT NULL)",
	"CREATE TABLE confirmations ("
	" candidate_id BIGINT NOT NULL REFERENCES candidates (id),"
	" run_id BIGINT REFERENCES runs (id),"
	" outcome TEXT NOT NULL CHECK (outcome IN ('confirmed',"
	"  'rejected', 'inconclusive')),"
	" ratio DOUBLE PRECISION,"
	" lo DOUBLE PRECISION,"
	" hi DOUBLE PRECISION,"
	" decided TEXT NOT NULL)",
	"CREATE INDEX runs_series ON runs (fingerprint, release_id)",
	"CREATE INDEX variants_series ON variants (fingerprint, label, run_id)",
	"CREATE INDEX variants_label ON variants (label)",
	"CREATE INDEX variants_file ON variants (file_sha256)",
	"CREATE INDEX verdicts_run ON verdicts (run_id)",
	NULL
};

/*
 * 2: what history changes found beside the ratio: the interval of the
 * ratio (conditional on the split) and the split's permutation p.
 */
static const char *const m2[] = {
	"ALTER TABLE candidates ADD COLUMN lo DOUBLE PRECISION",
	"ALTER TABLE candidates ADD COLUMN hi DOUBLE PRECISION",
	"ALTER TABLE candidates ADD COLUMN p DOUBLE PRECISION",
	NULL
};

/*
 * 3: a run paired with a reference (history add --reference): the
 * reference variant of the run is marked, every other variant names it,
 * and each (variant, test) gets the ratio of its passes to the
 * reference's passes of the same number, with its 95% interval and the
 * reference's image digest.
 */
static const char *const m3[] = {
	"ALTER TABLE variants ADD COLUMN is_reference INTEGER NOT NULL "
	"DEFAULT 0",
	"ALTER TABLE variants ADD COLUMN reference_id BIGINT",
	"CREATE TABLE ratios ("
	" variant_id BIGINT NOT NULL REFERENCES variants (id),"
	" test TEXT NOT NULL,"
	" reference_id BIGINT NOT NULL REFERENCES variants (id),"
	" reference_sha256 TEXT,"
	" n INTEGER NOT NULL,"
	" ratio DOUBLE PRECISION,"
	" lo DOUBLE PRECISION,"
	" hi DOUBLE PRECISION,"
	" PRIMARY KEY (variant_id, test))",
	NULL
};

static const char *const *const migrations[] = { m1, m2, m3 };

size_t
wb_history_migration_count(void)
{

	return (sizeof(migrations) / sizeof(migrations[0]));
}

const char *const *
wb_history_migration(size_t version)
{

	if (version < 1 || version > wb_history_migration_count())
		return (NULL);
	return (migrations[version - 1]);
}

int
wb_history_schema_latest(void)
{

	return ((int)wb_history_migration_count());
}
