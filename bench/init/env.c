/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The environment of the suite programs in the guest: the same clean
 * environment the chroot runner gives (lib/util/clean_env.h),
 * then the world's declared variables from /etc/worldbench/environment
 * (KEY=value lines, '#' comments and blank lines ignored; the format of
 * worldbench-overlay(5)), so that a debug world's knobs (GLIBC_TUNABLES
 * and the like) hold in a booted guest as they do in a chroot.  Every
 * variable taken from the world is reported in an "env" frame; a line
 * that cannot be used is reported in an "error" frame and skipped.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_util.h"
#include "wbinit.h"

static const char *const clean_env[] = { WB_CLEAN_ENV, NULL };

static int
owned_by_init(const char *key, size_t len)
{
	const char *const *e;

	for (e = clean_env; *e != NULL; e++)
		if (strncmp(*e, key, len) == 0 && (*e)[len] == '=')
			return (1);
	return (0);
}

static int
valid_key(const char *s, size_t len)
{
	size_t i;

	if (len == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
		return (0);
	for (i = 1; i < len; i++)
		if (!(isalnum((unsigned char)s[i]) || s[i] == '_'))
			return (0);
	return (1);
}

/* One line of the file: 1 applied, 0 nothing to do, -1 refused. */
static int
env_line(const char *path, char *s, unsigned ln)
{
	const char *field[1];
	char *eq;
	size_t len;

	len = strlen(s);
	while (len > 0 && (s[len - 1] == '\n' || s[len - 1] == '\r'))
		s[--len] = '\0';
	if (len == 0 || s[0] == '#')
		return (0);
	if ((eq = strchr(s, '=')) == NULL || !valid_key(s, (size_t)(eq - s))) {
		wbi_error("%s:%u: expected KEY=value", path, ln);
		return (-1);
	}
	if (owned_by_init(s, (size_t)(eq - s))) {
		wbi_error("%s:%u: %.*s is set by the runner, not the image",
		    path, ln, (int)(eq - s), s);
		return (-1);
	}
	*eq = '\0';
	if (setenv(s, eq + 1, 1) != 0) {
		wbi_error("%s:%u: setenv %s: %s", path, ln, s,
		    strerror(errno));
		return (-1);
	}
	*eq = '=';
	field[0] = s;
	wbi_emit("env", field, 1);
	return (1);
}

int
wbi_env_apply(const char *path)
{
	const char *const *e;
	char line[4096];
	unsigned ln;
	FILE *f;
	int n;

	if (clearenv() != 0)
		wbi_error("clearenv failed");
	for (e = clean_env; *e != NULL; e++)
		if (putenv((char *)*e) != 0)
			wbi_error("putenv %s: %s", *e, strerror(errno));
	if ((f = fopen(path, "re")) == NULL) {
		if (errno != ENOENT)
			wbi_error("%s: %s", path, strerror(errno));
		return (0);
	}
	n = 0;
	for (ln = 1; fgets(line, sizeof(line), f) != NULL; ln++)
		if (env_line(path, line, ln) == 1)
			n++;
	fclose(f);
	return (n);
}
