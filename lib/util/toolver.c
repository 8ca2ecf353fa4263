/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Tool versions (see toolver.h).
 */
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "spawn.h"
#include "toolver.h"

int
wb_toolver_get(const char *prog, char *buf, size_t len, struct wb_err *err)
{
	struct wb_spawn_result r;
	struct wb_spawn sp;
	char *argv[3];
	int rc;

	argv[0] = (char *)prog;
	argv[1] = "--version";
	argv[2] = NULL;
	memset(&sp, 0, sizeof(sp));
	sp.argv = argv;
	sp.timeout = 30;
	memset(&r, 0, sizeof(r));
	if (wb_spawn_run(&sp, 1, &r, err) != 0)
		return (-1);
	rc = 0;
	if (r.status != 0 || r.out == NULL || r.out[0] == '\0')
		rc = wb_err_set(err, "%s --version: exit %d%s%s", argv[0],
		    r.status, r.err != NULL && *r.err != '\0' ? ": " : "",
		    r.err != NULL ? r.err : "");
	else
		snprintf(buf, len, "%.*s", (int)strcspn(r.out, "\n"), r.out);
	wb_spawn_result_fini(&r);
	return (rc);
}
