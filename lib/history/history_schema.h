/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The store's schema as numbered migrations (lib/history/history_schema.c),
 * the same SQL for both backends; the store applies them in order.
 */
#ifndef WB_HISTORY_SCHEMA_H
#define WB_HISTORY_SCHEMA_H

#include <stddef.h>

/* How many migrations there are; version n's SQL statements (1..count). */
size_t		 wb_history_migration_count(void);
const char	*const *wb_history_migration(size_t version);
/* The newest schema version this build knows. */
int		 wb_history_schema_latest(void);

#endif
