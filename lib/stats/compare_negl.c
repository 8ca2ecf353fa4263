/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The negligible threshold of a comparison (compare.h): the smallest
 * effect of interest, its default and where it came from.
 *
 * The default follows the timing's repeatability: under qemu -icount
 * guest time counts instructions, and the same kernel repeats to within
 * a few instructions per loop (bench/README: the plugin's 208025 against
 * 208026 loops), so 0.5% is far above the noise and below any effect
 * worth a change; wall-clock rates on this project's VM move by
 * percents between identical programs (A/A comparisons there differ by
 * up to 2%, bench/README "Negligible effects"), so 2%.
 */
#include <math.h>
#include <string.h>

#include <jansson.h>

#include "compare.h"
#include "compare_family.h"
#include "compare_int.h"
#include "wb_model.h"
#include "wb_util.h"

const char *
wb_compare_negl_src_name(enum wb_negl_src s)
{

	switch (s) {
	case WB_NEGL_ICOUNT:
		return ("icount");
	case WB_NEGL_RECORDED:
		return ("recorded");
	case WB_NEGL_OPTION:
		return ("option");
	default:
		return ("wall");
	}
}

const char *
wb_compare_negl_src_text(enum wb_negl_src s)
{

	switch (s) {
	case WB_NEGL_ICOUNT:
		return ("the default for icount timing, which is "
		    "deterministic");
	case WB_NEGL_RECORDED:
		return ("recorded by the run (--negligible)");
	case WB_NEGL_OPTION:
		return ("--negligible");
	default:
		return ("the default for wall-clock timing, whose A/A "
		    "comparisons differ by up to 2%");
	}
}

static int
pct_ok(double pct)
{

	return (pct >= 0 && pct < 100);
}

int
wb_compare_negligible_init(struct wb_compare *c, struct wb_results *const *v,
    const char *const *paths, size_t nv, struct wb_err *err)
{
	const char *t;
	json_t *n;
	size_t i;
	int icount;

	for (i = 0; i < nv; i++) {
		if ((n = json_object_get(v[i]->plan, "negligible")) == NULL)
			continue;
		if (!json_is_number(n) || !pct_ok(json_number_value(n)))
			return (wb_err_set(err, "%s: plan.negligible: not a "
			    "percentage from 0 to below 100",
			    paths != NULL && paths[i] != NULL ? paths[i] :
			    c->labels != NULL ? c->labels[i] : "results"));
		c->negligible = json_number_value(n) / 100;
		c->negl_src = WB_NEGL_RECORDED;
		return (0);
	}
	icount = nv > 0;
	for (i = 0; i < nv; i++) {
		t = json_string_value(json_object_get(v[i]->provenance,
		    "timing"));
		if (t == NULL || strcmp(t, "icount") != 0)
			icount = 0;
	}
	c->negl_src = icount ? WB_NEGL_ICOUNT : WB_NEGL_WALL;
	c->negligible = (icount ? WB_NEGL_ICOUNT_PCT : WB_NEGL_WALL_PCT) /
	    100;
	return (0);
}

int
wb_compare_set_negligible(struct wb_compare *c, double pct,
    enum wb_negl_src src, struct wb_err *err)
{

	if (!pct_ok(pct))
		return (wb_err_set(err, "negligible threshold %g%% is not "
		    "from 0 to below 100", pct));
	c->negligible = pct / 100;
	c->negl_src = src;
	wb_compare_rejudge(c);
	return (0);
}
