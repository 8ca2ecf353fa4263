/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "extend_fixture.h"
#include "wb_model.h"
#include "wb_stats.h"
#include "wb_util.h"

static void
add_test(struct wb_results *r, const struct wbt_extend_run *x, int other,
    size_t k, size_t n)
{
	struct wb_result_test *t;
	struct wb_sample s;
	struct wb_err e;
	size_t i;

	t = wb_results_add_test(r, x->ids[k], x->ids[k], "lps", 1, 10.0, 8,
	    1, &e);
	ATF_REQUIRE_MSG(t != NULL, "%s", e.msg);
	for (i = 0; i < n; i++) {
		memset(&s, 0, sizeof(s));
		s.pass = (int)i + 1;
		s.status = WB_SAMPLE_OK;
		s.copies = 1;
		s.elapsed = 1;
		s.wall = x->wall;
		s.rate = 100 * (other ? exp(x->lr(k, i)) : 1);
		s.count = s.rate;
		ATF_REQUIRE_MSG(wb_results_add_sample(t, &s, &e) == 0, "%s",
		    e.msg);
	}
}

struct wb_results *
wbt_extend_results_new(const struct wbt_extend_run *x, int other,
    const size_t *n)
{
	struct wb_extend_plan p;
	struct wb_results *r;
	struct wb_err e;
	size_t k;

	ATF_REQUIRE_MSG(wb_extend_schedule(8, 2, 8, x->budget_time, &p,
	    &e) == 0, "%s", e.msg);
	ATF_REQUIRE_MSG((r = wb_results_new(&e)) != NULL, "%s", e.msg);
	r->status = WB_RESULTS_COMPLETE;
	ATF_REQUIRE_EQ(0, wb_results_set_provenance(r, "label",
	    json_string(other ? "debug" : "production"), &e));
	ATF_REQUIRE_EQ(0, wb_results_set_plan(r, "run_id", json_string("x"),
	    &e));
	ATF_REQUIRE_EQ(0, wb_results_set_plan(r, "extend",
	    wb_extend_plan_json(&p), &e));
	for (k = 0; k < x->nt; k++)
		add_test(r, x, other, k, n[k]);
	return (r);
}

void
wbt_extend_pair(const struct wbt_extend_run *x, const size_t *n,
    struct wb_results *v[2])
{

	wb_results_free(v[0]);
	wb_results_free(v[1]);
	v[0] = wbt_extend_results_new(x, 0, n);
	v[1] = wbt_extend_results_new(x, 1, n);
}

void
wbt_extend_block_add(struct wb_results *const *v, size_t nv, size_t look,
    size_t pairs, const char *const *tests, size_t ntests)
{
	json_t *blocks, *ids;
	size_t i, j;

	for (i = 0; i < nv; i++) {
		blocks = json_object_get(json_object_get(v[i]->plan,
		    "extend"), "blocks");
		ATF_REQUIRE(json_is_array(blocks));
		ATF_REQUIRE((ids = json_array()) != NULL);
		for (j = 0; j < ntests; j++)
			ATF_REQUIRE_EQ(0, json_array_append_new(ids,
			    json_string(tests[j])));
		ATF_REQUIRE_EQ(0, json_array_append_new(blocks, json_pack(
		    "{s:I, s:I, s:o, s:s}", "look", (json_int_t)look,
		    "pairs", (json_int_t)pairs, "tests", ids, "undecided",
		    "final score")));
	}
}

void
wbt_extend_decide_on(struct wb_results *const *v, int every,
    struct wb_extend_decision *d)
{
	struct wb_extend_plan p;
	struct wb_err e;

	ATF_REQUIRE_EQ(1, wb_extend_plan_load(v[0]->plan, &p, "f.json", &e));
	p.every = every;
	if (wb_extend_decide(v, 2, &p, d, &e) == -1)
		atf_tc_fail("wb_extend_decide: %s", e.msg);
}

void
wbt_extend_decide(const struct wbt_extend_run *x, const size_t *n,
    int every, struct wb_results *v[2], struct wb_extend_decision *d)
{

	wbt_extend_pair(x, n, v);
	wbt_extend_decide_on(v, every, d);
}

int
wbt_extend_named(const struct wb_extend_decision *d, const char *id)
{
	size_t i;

	for (i = 0; i < d->ntests; i++)
		if (strcmp(d->tests[i], id) == 0)
			return (1);
	return (0);
}
