/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The identity of an installed program (see install_id.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "install_id.h"
#include "spawn.h"

/* Append "HEX  PATH\n" for path to *text. */
static int
add_line(char **text, size_t *len, const char *path, struct wb_err *err)
{
	char hex[WB_SHA256_HEXSIZE], *t;
	size_t n;

	if (strpbrk(path, " \t\n\\") != NULL)
		return (wb_err_set(err, "%s: a path with a blank or a "
		    "backslash cannot be checked on the nodes", path));
	if (wb_digest_sha256_file(path, hex, err) == -1)
		return (-1);
	n = strlen(hex) + 2 + strlen(path) + 1;
	if ((t = realloc(*text, *len + n + 1)) == NULL)
		return (wb_err_setsys(err, "realloc"));
	snprintf(t + *len, n + 1, "%s  %s\n", hex, path);
	*text = t;
	*len += n;
	return (0);
}

/* The library of an ldd line "\tname => /path (0x...)", or NULL. */
static char *
lib_of(char *line)
{
	char *p, *e;

	if ((p = strstr(line, "=> /")) == NULL)
		return (NULL);
	p += 3;
	if ((e = strstr(p, " (0x")) == NULL || strchr(e + 4, ' ') != NULL)
		return (NULL);
	*e = '\0';
	return (p);
}

int
wb_install_id(const char *exe, char hex[WB_SHA256_HEXSIZE],
    struct wb_err *err)
{
	char *argv[] = { "/usr/bin/ldd", (char *)exe, NULL };
	struct wb_spawn_result r;
	struct wb_spawn sp;
	char *text, *line, *save, *lib;
	size_t len;
	int rc;

	text = NULL;
	len = 0;
	if (add_line(&text, &len, exe, err) == -1)
		return (-1);
	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.timeout = 60;
	memset(&r, 0, sizeof(r));
	if (wb_spawn_run(&sp, 1, &r, err) != 0) {
		free(text);
		return (-1);
	}
	rc = 0;
	/* A static program: ldd fails, no libraries. */
	line = r.status == 0 && r.out != NULL ? strtok_r(r.out, "\n", &save) :
	    NULL;
	for (; rc == 0 && line != NULL; line = strtok_r(NULL, "\n", &save))
		if ((lib = lib_of(line)) != NULL)
			rc = add_line(&text, &len, lib, err);
	wb_spawn_result_fini(&r);
	if (rc == 0)
		rc = wb_digest_sha256_buf(text != NULL ? text : "", len, hex,
		    err);
	free(text);
	return (rc);
}
