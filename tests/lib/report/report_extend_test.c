/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What an extended run did, in words (report_extend.c): each headline
 * row's look and the final's, with the pairs they hold.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "extend_fixture.h"
#include "report_format.h"
#include "wb_model.h"
#include "wb_stats.h"
#include "wb_util.h"

static const char *const ids[] = { "dhry2reg", "shell1", "shell8",
    "syscall" };
#define NT	(sizeof(ids) / sizeof(ids[0]))

/* Every test 40% slower, +-1%: decided at every look. */
static double
all_slow(size_t k, size_t i)
{

	(void)k;
	return (log(0.6) + (i % 2 ? -0.01 : 0.01));
}

/* No difference anywhere, +-20%: no verdict. */
static double
nothing(size_t k, size_t i)
{

	(void)k;
	return (i % 2 ? -0.2 : 0.2);
}

static struct wb_results *v[2];

/* The extension's lines of the report of variant 1, test k at n[k]. */
static char *
lines(double (*lr)(size_t, size_t), const size_t *n)
{
	struct wbt_extend_run x = { ids, NT, lr, 1, 0 };
	struct wb_compare c;
	struct wb_err e;
	size_t len;
	char *text;
	FILE *fp;

	wbt_extend_pair(&x, n, v);
	ATF_REQUIRE_MSG(wb_compare_build(v, 2, NULL, NULL, 0.95,
	    WB_EST_UNIXBENCH, WB_ADJ_HOLM, &c, &e) == 0, "%s", e.msg);
	ATF_REQUIRE(c.sequential);
	ATF_REQUIRE((fp = open_memstream(&text, &len)) != NULL);
	wb_report_extend(fp, &c, NULL, 1);
	ATF_REQUIRE(fclose(fp) == 0);
	wb_compare_fini(&c);
	return (text);
}

static void
has(const char *text, const char *line)
{

	ATF_CHECK_MSG(strstr(text, line) != NULL, "no line '%s' in:\n%s",
	    line, text);
}

ATF_TC_WITHOUT_HEAD(wb_report_extend__final_pairs_equal);
ATF_TC_BODY(wb_report_extend__final_pairs_equal, tc)
{
	static const size_t eight[NT] = { 8, 8, 8, 8 };
	static const size_t ten[NT] = { 10, 10, 10, 10 };
	char *t;

	t = lines(all_slow, eight);
	has(t, "    Final score: verdict at look 1 of 5 (8 pairs), share of "
	    "its level spent 0.62\n");
	has(t, "    shell1: verdict at look 1 of 5 (8 pairs), ");
	free(t);
	/* Every test extended by the block to look 2: one count. */
	t = lines(nothing, ten);
	has(t, "    Final score: no verdict after look 2 of 5 (10 pairs), "
	    "share of its level spent 0.62+0.11 = 0.73\n");
	ATF_CHECK(strstr(t, "a test") == NULL);
	free(t);
}

ATF_TC_WITHOUT_HEAD(wb_report_extend__final_pairs_differ);
ATF_TC_BODY(wb_report_extend__final_pairs_differ, tc)
{
	static const size_t one[NT] = { 12, 8, 8, 8 };
	char *t;

	/*
	 * Blocks to looks 2 and 3 extended dhry2reg alone: the final's
	 * look 3 holds 8 to 12 pairs a test, the rows their own count.
	 */
	t = lines(nothing, one);
	has(t, "    Final score: no verdict after look 3 of 5 (8 to 12 "
	    "pairs a test), share of its level spent 0.62+0.11+0.10 = "
	    "0.83\n");
	has(t, "    shell1: no verdict after look 1 of 5 (8 pairs), ");
	free(t);
	/* Its verdict from look 2 (the smallest p_k / s_k): 8 to 10. */
	t = lines(all_slow, one);
	has(t, "    Final score: verdict at look 2 of 5 (8 to 10 pairs a "
	    "test), share of its level spent 0.62+0.11 = 0.73\n");
	free(t);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_report_extend__final_pairs_equal);
	ATF_TP_ADD_TC(tp, wb_report_extend__final_pairs_differ);
	return (atf_no_error());
}
