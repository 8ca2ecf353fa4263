/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one-at-a-time table of a synthetic kernel explanation: an enabler
 * that costs System Call Overhead 10%, option A that halves it, option
 * B that costs Pipe Throughput 20%; every round shifts all points alike
 * and each pass has a little noise of its own.
 */
#include <sys/stat.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "explain_kernel.h"
#include "explain_plan.h"
#include "explain_result.h"
#include "explain_steps.h"
#include "wb_model.h"
#include "wb_util.h"
#include "wbtest.h"

#define ROUNDS	5

static const char *const frags[] = { "w.config", "i.config" };

static double
noise(size_t i, int j, int t)
{

	return (1 + 0.005 * sin((double)(7 * i + 13 * j + 29 * t)));
}

/* Point i of kx: its symbols are bits of psets (0 enabler, 1 A, 2 B). */
static void
write_point(const struct wb_explain_kernel *kx, size_t i)
{
	static const double blk[ROUNDS] = { 1.0, 0.7, 1.3, 0.9, 1.1 };
	struct wb_result_test *t[2];
	struct wb_results *r;
	struct wb_sample s;
	struct wb_err e;
	uint64_t set = kx->psets[i];
	char path[256];
	int j, k;

	ATF_REQUIRE((r = wb_results_new(&e)) != NULL);
	ATF_REQUIRE(wb_results_set_plan(r, "index", json_string("unixbench5"),
	    &e) == 0);
	ATF_REQUIRE((t[0] = wb_results_add_test(r, "syscall",
	    "System Call Overhead", "lps", 1, 15000, ROUNDS, 1, &e)) != NULL);
	ATF_REQUIRE((t[1] = wb_results_add_test(r, "pipe", "Pipe Throughput",
	    "lps", 1, 12440, ROUNDS, 1, &e)) != NULL);
	for (k = 0; k < 2; k++)
		for (j = 0; j < ROUNDS; j++) {
			memset(&s, 0, sizeof(s));
			s.pass = j + 1;
			s.seq = j * 8 + (int)i;
			s.copies = 1;
			s.status = WB_SAMPLE_OK;
			s.rate = 300000 * blk[j] * noise(i, j, k) *
			    (k == 0 && (set & 1) ? 0.9 : 1) *
			    (k == 0 && (set & 2) ? 0.5 : 1) *
			    (k == 1 && (set & 4) ? 0.8 : 1);
			s.count = s.rate;
			s.elapsed = 1;
			ATF_REQUIRE(wb_results_add_sample(t[k], &s, &e) == 0);
		}
	snprintf(path, sizeof(path), "run/%s.json", kx->points[i]);
	ATF_REQUIRE_MSG(wb_results_write(r, path, &e) == 0, "%s", e.msg);
	wb_results_free(r);
}

static size_t
count(const char *s, const char *what)
{
	size_t n = 0;

	while ((s = strstr(s, what)) != NULL) {
		n++;
		s += strlen(what);
	}
	return (n);
}

/* The JSON: the model's, a row per step with the enabler first. */
static void
check_json(const char *path)
{
	json_error_t je;
	json_t *j, *rows;

	ATF_REQUIRE((j = json_load_file(path, 0, &je)) != NULL);
	ATF_CHECK_STREQ("worldbench-explain-steps", json_string_value(
	    json_object_get(json_object_get(j, "meta"), "format")));
	rows = json_object_get(json_array_get(json_object_get(j, "sections"),
	    0), "rows");
	ATF_CHECK_EQ(4, json_array_size(rows));	/* the enabler, 3 steps */
	ATF_CHECK_STREQ("a", json_string_value(json_object_get(
	    json_array_get(rows, 1), "step")));
	ATF_CHECK(json_is_null(json_object_get(json_array_get(rows, 0),
	    "share %")));
	json_decref(j);
}

ATF_TC_WITHOUT_HEAD(wb_explain_steps_write__text);
ATF_TC_BODY(wb_explain_steps_write__text, tc)
{
	struct wb_explain_result *xs[3], *en;
	struct wb_explain_steps s;
	struct wb_explain_kernel *kx;
	struct wb_err e;
	char *got;
	size_t i;

	wbt_write_file("w.config", "CONFIG_DEBUG_KERNEL=y\nCONFIG_A=y\n");
	wbt_write_file("i.config", "CONFIG_DEBUG_KERNEL=y\nCONFIG_B=y\n");
	kx = wb_explain_kernel_new("k", "production", "debug", frags, 2, NULL,
	    0, NULL, 0, 1, &e);
	ATF_REQUIRE_MSG(kx != NULL, "%s", e.msg);
	ATF_REQUIRE(mkdir("run", 0755) == 0);
	for (i = 0; i < kx->npoints; i++)
		write_point(kx, i);
	ATF_REQUIRE_EQ(3, kx->nsteps);
	ATF_REQUIRE((en = wb_explain_result_new(kx->enable, "run", 1, 0.95,
	    &e)) != NULL);
	for (i = 0; i < 3; i++)
		ATF_REQUIRE_MSG((xs[i] = wb_explain_result_new(kx->steps[i],
		    "run", 1, 0.95, &e)) != NULL, "%s", e.msg);
	s.enable = en;
	s.steps = (const struct wb_explain_result *const *)xs;
	s.nsteps = 3;
	s.kernels = kx->npoints;
	s.partial = 0;
	ATF_REQUIRE_MSG(wb_explain_steps_save("out.txt", "text",
	    &s, &e) == 0,
	    "%s", e.msg);
	wbt_check_golden(tc, "out.txt", "explain-steps.expected");
	ATF_REQUIRE(wb_explain_steps_save("out.json", "json", &s,
	    &e) == 0);
	check_json("out.json");
	/* Markdown: a row per step; HTML: the waterfall and the table. */
	ATF_REQUIRE(wb_explain_steps_save("out.md", "markdown", &s,
	    &e) == 0);
	got = wbt_read_file("out.md", NULL);
	ATF_CHECK_MSG(strstr(got, "| step | final | share % | syscall |") !=
	    NULL, "%s", got);
	ATF_CHECK_MSG(strstr(got, "\n| all | ") != NULL, "%s", got);
	free(got);
	ATF_REQUIRE(wb_explain_steps_save("out.html", "html", &s,
	    &e) == 0);
	got = wbt_read_file("out.html", NULL);
	ATF_CHECK(strstr(got, "<svg") != NULL);
	ATF_CHECK_MSG(strstr(got, ">together, beyond the sum (") != NULL,
	    "%s", got);
	ATF_CHECK(strstr(got, ">target / reference (") != NULL);
	/*
	 * a, b and the total are proven (red) with whiskers; the rest
	 * beyond the sum has no interval: grey, no whisker.
	 */
	ATF_CHECK_EQ_MSG(3, count(got, "fill=\"#c0392b\""), "%s", got);
	ATF_CHECK_EQ(1, count(got, "fill=\"#b3b6b7\""));
	ATF_CHECK_EQ(3, count(got, "<path "));
	ATF_CHECK(strstr(got, ">together, beyond the sum (0.3%, no "
	    "interval)<") != NULL);
	ATF_CHECK(strstr(got, "<h1>One option at a time") != NULL);
	ATF_CHECK(strstr(got, "</svg>\n<table>") != NULL);
	free(got);
	/* Steps over some factors only: the rest is not "how they combine". */
	s.partial = 1;
	ATF_REQUIRE(wb_explain_steps_save("part.txt", "text", &s,
	    &e) == 0);
	got = wbt_read_file("part.txt", NULL);
	ATF_CHECK_MSG(strstr(got, "is the factors these steps do not cover "
	    "(stage one's other groups) and how all combine") != NULL, "%s",
	    got);
	free(got);
	ATF_REQUIRE(wb_explain_steps_save("part.md", "markdown", &s,
	    &e) == 0);
	got = wbt_read_file("part.md", NULL);
	ATF_CHECK_MSG(strstr(got, "# The symbols of the groups that cost: "
	    "2 steps") != NULL, "%s", got);
	free(got);
	for (i = 0; i < 3; i++)
		wb_explain_result_free(xs[i]);
	wb_explain_result_free(en);
	wb_explain_kernel_free(kx);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_explain_steps_write__text);
	return (atf_no_error());
}
