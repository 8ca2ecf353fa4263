/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Word vectors (see words.h).
 */
#include <stdlib.h>

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
