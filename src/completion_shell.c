/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the completion scripts share: each option's kind of argument, as
 * its synopsis in the help table states it, the subcommands a synopsis
 * names, and the test ids (see completion_shell.h).
 */
#include <stdio.h>
#include <string.h>

#include "completion_shell.h"
#include "wb_model.h"

/* Argument synopses that name a file or a directory. */
static const char *const files[] = {
	"file", "file|dir", "results", "path", "archive", "job.yaml",
	"kernel-image", "tarball", "recipe", "overlays", "log",
};

static int
ends_with(const char *s, const char *tail)
{
	size_t ls, lt;

	ls = strlen(s);
	lt = strlen(tail);
	return (ls >= lt && strcmp(s + ls - lt, tail) == 0);
}

enum completion_value
completion_value(const struct help_optinfo *o, char *words, size_t n)
{
	const char *a;
	size_t i;

	a = o->arg;
	words[0] = '\0';
	if (*a == '\0')
		return (COMPL_FLAG);
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (strcmp(a, files[i]) == 0)
			return (COMPL_FILE);
	if (ends_with(a, "dir"))
		return (COMPL_DIR);
	if (strcmp(a, "tests") == 0 || strcmp(a, "id,...") == 0)
		return (COMPL_TESTS);
	/* "auto|userns|chroot": the words themselves. */
	if (strchr(a, '|') != NULL && strcspn(a, " ,.=") == strlen(a) &&
	    strlen(a) < n) {
		for (i = 0; a[i] != '\0'; i++)
			words[i] = a[i] == '|' ? ' ' : a[i];
		words[i] = '\0';
		return (COMPL_WORDS);
	}
	return (COMPL_VALUE);
}

void
completion_subcommands(const struct completion_cmd *c, char *buf, size_t n)
{
	const char *p;
	size_t len, i;

	buf[0] = '\0';
	p = c->synopsis + strlen(c->name);
	while (*p == ' ')
		p++;
	len = strcspn(p, " ");
	if (memchr(p, '|', len) == NULL || *p == '-' || *p == '[' ||
	    len >= n)
		return;
	for (i = 0; i < len; i++)
		buf[i] = p[i] == '|' ? ' ' : p[i];
	buf[len] = '\0';
}

void
completion_test_words(char *buf, size_t n)
{
	const struct wb_test_def *t;
	size_t i, o;
	int w;

	o = 0;
	buf[0] = '\0';
	for (i = 0; (t = wb_suite_at(i)) != NULL && o < n; i++) {
		w = snprintf(buf + o, n - o, "%s ", t->id);
		if (w < 0)
			return;
		o += (size_t)w;
	}
	if (o < n)
		(void)snprintf(buf + o, n - o, "all %s %s",
		    WB_INDEX_UNIXBENCH5, WB_INDEX_UNIXBENCH4);
}
