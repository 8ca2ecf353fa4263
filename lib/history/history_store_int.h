/* SPDX-License-Identifier: BSD-2-Clause */
/* What the store's writers share, private to lib/history. */
#ifndef WB_HISTORY_STORE_INT_H
#define WB_HISTORY_STORE_INT_H

#include <stddef.h>

/*
 * A real as the text of a statement's parameter (%.17g, every bit kept)
 * in buf; NULL (SQL NULL) when v is not finite.
 */
const char	*wb_history_store_real(char *buf, size_t len, double v);

#endif
