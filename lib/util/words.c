/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Word vectors (see words.h).
 */
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "words.h"

void
wb_words_free(char **w)
{
	size_t i;

	if (w == NULL)
		return;
	for (i = 0; w[i] != NULL; i++)
		free(w[i]);
	free(w);
}

static int
words_push(char ***wp, size_t *np, const char *s, size_t len,
    struct wb_err *err)
{
	char **nw;

	if ((nw = reallocarray(*wp, *np + 2, sizeof(char *))) == NULL)
		return (wb_err_setsys(err, "allocating words"));
	*wp = nw;
	if ((nw[*np] = strndup(s, len)) == NULL)
		return (wb_err_setsys(err, "allocating words"));
	nw[++*np] = NULL;
	return (0);
}

int
wb_words_append(char ***wp, size_t *np, const char *s, struct wb_err *err)
{
	size_t len;

	while (s != NULL && *s != '\0') {
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0')
			break;
		len = strcspn(s, " \t");
		if (words_push(wp, np, s, len, err) == -1)
			return (-1);
		s += len;
	}
	return (0);
}

char **
wb_words_split(const char *s, struct wb_err *err)
{
	char **w;
	size_t n;

	n = 0;
	if ((w = calloc(1, sizeof(char *))) == NULL) {
		wb_err_setsys(err, "allocating words");
		return (NULL);
	}
	if (wb_words_append(&w, &n, s, err) == -1) {
		wb_words_free(w);
		return (NULL);
	}
	return (w);
}
