/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * NULL-terminated vectors of malloc'ed strings ("words"), as recipes,
 * environments and argument lists use them.
 */
#ifndef WB_WORDS_H
#define WB_WORDS_H

/* Free every word and the vector; NULL is a no-op. */
void	wb_words_free(char **);

#endif
