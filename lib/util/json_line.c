/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Finding the line of a member in a JSON file: a scan of the text that
 * follows strings, nesting and keys, and nothing else (the file was
 * parsed already; this only says where).
 */
#include <stdio.h>
#include <string.h>

#include "json_line.h"

#define KEY_MAX	256

struct scan {
	FILE	*fp;
	int	 line;
};

static int
next(struct scan *s)
{
	int c;

	if ((c = getc(s->fp)) == '\n')
		s->line++;
	return (c);
}

/* After the opening quote: the string into key (cut at KEY_MAX - 1). */
static int
string(struct scan *s, char *key)
{
	size_t n;
	int c;

	n = 0;
	while ((c = next(s)) != EOF && c != '"') {
		if (c == '\\' && (c = next(s)) == EOF)
			break;
		if (n < KEY_MAX - 1)
			key[n++] = (char)c;
	}
	key[n] = '\0';
	return (c == EOF ? -1 : 0);
}

static int
skip_space(struct scan *s)
{
	int c;

	do
		c = next(s);
	while (c == ' ' || c == '\t' || c == '\n' || c == '\r');
	return (c);
}

int
wb_json_line(const char *file, const char *const *keys, size_t n)
{
	char key[KEY_MAX];
	struct scan s;
	size_t depth, matched;
	int c, line, pending, found;

	if (n == 0 || (s.fp = fopen(file, "re")) == NULL)
		return (0);
	s.line = 1;
	depth = matched = 0;
	pending = found = 0;
	c = skip_space(&s);
	while (c != EOF && !found) {
		if (c == '{' || c == '[') {
			depth++;
			if (pending && c == '{')
				matched++;
			pending = 0;
		} else if (c == '}' || c == ']') {
			if (depth > 0)
				depth--;
			if (depth > 0 && matched >= depth)
				matched = depth - 1;
			if (depth == 0)
				matched = 0;
		} else if (c == '"') {
			line = s.line;
			if (string(&s, key) == -1)
				break;
			if ((c = skip_space(&s)) != ':') {
				pending = 0;
				continue;
			}
			/* A key of the object at the depth matched so far. */
			if (depth == matched + 1 && strcmp(key,
			    keys[matched]) == 0) {
				if (matched + 1 == n)
					found = line;
				else
					pending = 1;
			}
		} else if (c != ',' && c != ':')
			pending = 0;
		c = skip_space(&s);
	}
	fclose(s.fp);
	return (found);
}
