/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One comparison of a run, or of files as they are (compare_int.h): the
 * core of compare_core.c, then, for an extended run, the sequential looks of
 * compare_seq.c (each look itself a core and a finish over the first
 * rounds), then the finish.  Kept apart from compare_core.c so that the looks
 * build on the core without the core calling back into them.
 */
#include <stddef.h>

#include "compare.h"
#include "compare_int.h"
#include "wb_model.h"
#include "wb_util.h"

int
wb_compare_build_one(struct wb_results *const *v, size_t nv,
    const char *const *labels, const char *const *paths, double conf,
    enum wb_estimator est, enum wb_adjust adjust, int seq,
    struct wb_compare *c, struct wb_err *err)
{

	if (wb_compare_core(v, nv, labels, paths, conf, est, adjust, c,
	    err) == -1)
		return (-1);
	if (seq && c->same_run && wb_compare_seq(c, v, err) == -1) {
		wb_compare_fini(c);
		return (-1);
	}
	return (wb_compare_finish(c, v, err));
}
