/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <stddef.h>

#include "history_fixture.h"
#include "wb_report.h"

static const char *const rel1[] = {
	"14.0", "14.1", "14.2", "14.3", "15.0", "15.1", "15.2"
};
static const double val1[] = { 494.4, 497.1, 492.0, 411.8, 412.5, 409.9,
    431.2 };
static const double lo1[] = { 485.0, 488.2, 483.1, 404.0, 405.3, 402.2,
    NAN };
static const double hi1[] = { 503.9, 506.2, 501.1, 419.7, 419.8, 417.7,
    NAN };
static const struct wb_hist_cp cps1[] = {
	{ 3, WB_HCP_CONFIRMED, 0.8370, 0.8210, 0.8533,
	    "compare-14.2-14.3.html" },
	{ 6, WB_HCP_CANDIDATE, 1.0520, 1.0100, 1.0957, NULL },
};

static const char *const rel2[] = {
	"r1", "r2 <b>bold</b>", "r3 \"q\" & co", "r4\033[2J"
};
static const double val2[] = { 1200, 1180, 1500, 1490 };
static const struct wb_hist_cp cps2[] = {
	{ 2, WB_HCP_REJECTED, 1.2600, NAN, NAN,
	    "https://ci.example/compare?a=r2&b=r3" },
};

static const struct wb_hist_series series[] = {
	{ "Final score", "fp:3c5e9a", "host-glibc-production",
	    "final", "score", 7, rel1, val1, lo1, hi1, 2, cps1 },
	{ "Shell <8> & \"friends\"\033]52;c;aGk=\007", "fp:3c5e9a",
	    "host-<glibc>", "shell8", NULL, 4, rel2, val2, NULL, NULL, 1,
	    cps2 },
};

static const struct wb_hist_site site = {
	"worldbench history: test fixture", "worldbench test", 2, series
};

const struct wb_hist_site *
wbt_history_site(void)
{

	return (&site);
}
