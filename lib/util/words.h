/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * NULL-terminated vectors of malloc'ed strings ("words"), as recipes,
 * environments and argument lists use them.
 */
#ifndef WB_WORDS_H
#define WB_WORDS_H

#include <stddef.h>

struct wb_err;

/* Free every word and the vector; NULL is a no-op. */
void	wb_words_free(char **);
/* Split on blanks into a NULL-terminated vector. */
char	**wb_words_split(const char *, struct wb_err *);
/*
 * Append the blank-separated words of s (NULL: none) to the vector *wp
 * of *np words, which stays NULL-terminated; -1 when out of memory.
 */
int	wb_words_append(char ***wp, size_t *np, const char *s,
	    struct wb_err *);

#endif
