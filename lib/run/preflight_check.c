/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The check before a measurement (preflight.h wb_preflight_check): the
 * host's numbers, their warnings said, a busy host refused if strict.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "preflight.h"
#include "wb_util.h"

json_t *
wb_preflight_check(int strict, int quiet, wb_note_fn *warn, void *arg,
    int *refused, struct wb_err *err)
{
	struct wb_preflight_src src;
	struct wb_preflight pf;
	char why[sizeof(err->msg)];
	json_t *j;
	size_t i;

	*refused = 0;
	memset(&src, 0, sizeof(src));
	src.window = 0.5;
	src.self = getpid();
	if (wb_preflight_run(&src, &pf, err) == -1) {
		/* Already made printable: prefixed, not escaped again. */
		snprintf(why, sizeof(why), "%s", err->msg);
		snprintf(err->msg, sizeof(err->msg), "preflight: %.*s",
		    (int)sizeof(err->msg) - 12, why);
		return (NULL);
	}
	if (!quiet || (strict && pf.busy))
		for (i = 0; i < pf.nwarnings; i++)
			wb_note_printf(warn, arg, "preflight: %s",
			    pf.warnings[i]);
	if (strict && pf.busy) {
		*refused = 1;
		wb_err_set(err, "--strict: the host is busy (load %.2f on %ld "
		    "CPUs); not starting", pf.load[0], pf.ncpu);
		wb_preflight_fini(&pf);
		return (NULL);
	}
	if ((j = wb_preflight_json(&pf)) == NULL)
		wb_err_set(err, "preflight: out of memory");
	wb_preflight_fini(&pf);
	return (j);
}
