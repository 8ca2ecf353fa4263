/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "plot.h"
#include "wb_util.h"

static char *
render(const double *const *x, const size_t *n, size_t nv, int width,
    int *rc)
{
	struct wb_err e;
	FILE *fp;
	char *buf;
	size_t len;

	buf = NULL;
	ATF_REQUIRE((fp = open_memstream(&buf, &len)) != NULL);
	*rc = wb_plot_write(fp, x, n, nv, width, &e);
	ATF_REQUIRE(fclose(fp) == 0);
	return (buf);
}

ATF_TC_WITHOUT_HEAD(wb_plot_write__golden);
ATF_TC_BODY(wb_plot_write__golden, tc)
{
	static const double a[] = { 1, 2, 2, 3 };
	static const double b[] = { 9, 10, 11 };
	const double *x[2] = { a, b };
	const size_t n[2] = { 4, 3 };
	/* 21 columns: value v sits in column 2 * (v - 1). */
	static const char want[] =
	    "+---------------------+\n"
	    "|  x                  |\n"
	    "|x x x           + + +|\n"
	    "||_A_|                |\n"
	    "|                |_A_||\n"
	    "+---------------------+\n";
	char *got;
	int rc;

	got = render(x, n, 2, 21, &rc);
	ATF_REQUIRE_EQ(0, rc);
	ATF_CHECK_STREQ_MSG(want, got, "got:\n%s", got);
	free(got);
}

ATF_TC_WITHOUT_HEAD(wb_plot_write__nothing);
ATF_TC_BODY(wb_plot_write__nothing, tc)
{
	static const double a[] = { 1 };
	const double *x[1] = { a };
	const size_t n[1] = { 0 };
	char *got;
	int rc;

	got = render(x, n, 1, 21, &rc);
	ATF_CHECK_EQ(-1, rc);
	ATF_CHECK_STREQ("", got);
	free(got);
}

ATF_TC_WITHOUT_HEAD(wb_plot_write__collision_stacks);
ATF_TC_BODY(wb_plot_write__collision_stacks, tc)
{
	static const double a[] = { 5, 5, 5 };
	const double *x[1] = { a };
	const size_t n[1] = { 3 };
	char *got;
	int rc;

	/* All equal: one column, three rows high, A over M. */
	got = render(x, n, 1, 11, &rc);
	ATF_REQUIRE_EQ(0, rc);
	ATF_CHECK_STREQ_MSG("+-----------+\n|     x     |\n|     x     |\n"
	    "|     x     |\n|     A     |\n+-----------+\n", got, "got:\n%s",
	    got);
	free(got);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_plot_write__golden);
	ATF_TP_ADD_TC(tp, wb_plot_write__nothing);
	ATF_TP_ADD_TC(tp, wb_plot_write__collision_stacks);
	return (atf_no_error());
}
