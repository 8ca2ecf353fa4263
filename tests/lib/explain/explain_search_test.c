/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "explain.h"
#include "explain_search.h"
#include "wb_util.h"
#include "wbtest.h"

/*
 * Four options, the shape of the kernel's: lock costs ln 0.35 alone,
 * slub ln 0.70, vm ln 0.99, plist nothing; lock with slub costs 0.05 in
 * ln less than the two alone (work both slow is paid once).  Each
 * configuration is recorded as a query, as the command does, with an
 * interval of +-1% around its ratio.
 */
struct synth {
	struct wb_explain_query	q[64];
	char			label[64][32];
	size_t			n;
};

static int
cost(void *arg, uint64_t set, double *v, struct wb_err *err)
{
	static const double alone[4] = { 0.35, 0.70, 0.99, 1.0 };
	struct synth *s = arg;
	size_t i;

	(void)err;
	ATF_REQUIRE(s->n < 64);
	*v = 0;
	for (i = 0; i < 4; i++)
		if ((set >> i) & 1)
			*v += log(alone[i]);
	if ((set & 3) == 3)
		*v += 0.05;
	snprintf(s->label[s->n], sizeof(s->label[0]), "ref+set-%llx",
	    (unsigned long long)set);
	s->q[s->n].set = set;
	s->q[s->n].label = s->label[s->n];
	s->q[s->n].logdiff = *v;
	s->q[s->n].lo = exp(*v) * 0.99;
	s->q[s->n].hi = exp(*v) * 1.01;
	s->n++;
	return (0);
}

ATF_TC_WITHOUT_HEAD(wb_explain_search_write__golden);
ATF_TC_BODY(wb_explain_search_write__golden, tc)
{
	static const char *const names[] = {
		"prove-locking", "slub-debug-on", "debug-vm", "debug-plist"
	};
	struct wb_explain_search r;
	struct wb_explain_ddmin *dd;
	struct synth *s;
	struct wb_err e;
	json_error_t je;
	json_t *j, *meta, *secs;

	ATF_REQUIRE((s = calloc(1, sizeof(*s))) != NULL);
	dd = wb_explain_ddmin(4, cost, s, 0.9, 0.01, &e);
	ATF_REQUIRE_MSG(dd != NULL, "%s", e.msg);
	memset(&r, 0, sizeof(r));
	r.dd = dd;
	r.names = names;
	r.n = 4;
	r.reference = "production+debug-kernel";
	r.target = "witness+invariants";
	r.frac = 0.9;
	r.tol = 0.01;
	r.conf = 0.95;
	r.queries = s->q;
	r.nqueries = s->n;
	r.kernels = s->n + 1;
	r.built = 3;
	ATF_REQUIRE_MSG(wb_explain_search_save("out.txt", "text", &r,
	    &e) == 0, "%s", e.msg);
	wbt_check_golden(tc, "out.txt", "explain-search.expected");
	ATF_REQUIRE(wb_explain_search_save("out.json", "json", &r,
	    &e) == 0);
	ATF_REQUIRE((j = json_load_file("out.json", 0, &je)) != NULL);
	meta = json_object_get(j, "meta");
	secs = json_object_get(j, "sections");
	ATF_CHECK_STREQ("worldbench-explain-search", json_string_value(
	    json_object_get(meta, "format")));
	ATF_CHECK(json_is_true(json_object_get(meta, "interacts")));
	ATF_REQUIRE_EQ(4, json_array_size(secs));
	/* The total and the set found; its 2 factors alone and their sum. */
	ATF_CHECK_EQ(2, json_array_size(json_object_get(json_array_get(secs,
	    0), "rows")));
	ATF_CHECK_EQ(3, json_array_size(json_object_get(json_array_get(secs,
	    1), "rows")));
	ATF_CHECK_EQ(1, json_array_size(json_object_get(json_array_get(secs,
	    2), "rows")));
	ATF_CHECK_EQ(s->n, json_array_size(json_object_get(json_array_get(
	    secs, 3), "rows")));
	json_decref(j);
	wb_explain_ddmin_free(dd);
	free(s);
}

ATF_TC_WITHOUT_HEAD(wb_explain_search_write__no_search);
ATF_TC_BODY(wb_explain_search_write__no_search, tc)
{
	struct wb_explain_search r;
	struct wb_err e;

	memset(&r, 0, sizeof(r));
	ATF_CHECK(wb_explain_search_write(stdout, "text", &r, &e) ==
	    -1);
	ATF_CHECK(strstr(e.msg, "no search") != NULL);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_explain_search_write__golden);
	ATF_TP_ADD_TC(tp, wb_explain_search_write__no_search);
	return (atf_no_error());
}
