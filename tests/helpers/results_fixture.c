/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "results_fixture.h"
#include "wb_model.h"
#include "wb_util.h"

void
wbt_results_file(const char *path, const char *label, const char *cpu,
    const char *test, const double *rate, size_t n, const char *sha,
    const char *recipe, const char *version)
{
	struct wb_result_test *t;
	struct wb_results *r;
	struct wb_sample x;
	struct wb_err e;
	size_t i;

	ATF_REQUIRE((r = wb_results_new(&e)) != NULL);
	r->status = WB_RESULTS_COMPLETE;
	ATF_REQUIRE(wb_results_set_provenance(r, "label", json_string(label),
	    &e) == 0);
	ATF_REQUIRE(wb_results_set_provenance(r, "host", json_pack(
	    "{s:{s:s, s:s, s:i}}", "fingerprint", "hostname", "h", "cpu_model",
	    cpu, "cores", 2), &e) == 0);
	if (sha != NULL)
		ATF_REQUIRE(wb_results_set_provenance(r, "image", json_pack(
		    "{s:s, s:s, s:s}", "sha256", sha, "recipe", recipe,
		    "recipe_version", version), &e) == 0);
	ATF_REQUIRE((t = wb_results_add_test(r, test, "Test", "lps", 1, 100,
	    (int)n, 1, &e)) != NULL);
	for (i = 0; i < n; i++) {
		memset(&x, 0, sizeof(x));
		x.pass = (int)i + 1;
		x.seq = (int)i + 1;
		x.status = WB_SAMPLE_OK;
		x.count = rate[i];
		x.elapsed = 1;
		x.rate = rate[i];
		x.copies = 1;
		x.wall = 1;
		x.utime = 0.5;
		x.minflt = 10;
		ATF_REQUIRE(wb_results_add_sample(t, &x, &e) == 0);
	}
	ATF_REQUIRE_MSG(wb_results_write(r, path, &e) == 0, "%s", e.msg);
	wb_results_free(r);
}
