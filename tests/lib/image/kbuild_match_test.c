/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "kbuild_match.h"
#include "wb_sandbox.h"
#include "wb_util.h"
#include "wbtest.h"

static const char base_cfg[] =
    "# Automatically generated file; DO NOT EDIT.\n"
    "CONFIG_SMP=y\n"
    "# CONFIG_PROVE_LOCKING is not set\n"
    "CONFIG_HZ=250\n";
/* What the fragment asks for, and what kconfig makes of it. */
static const char want_cfg[] = "CONFIG_PROVE_LOCKING=y\n";
static const char derived_cfg[] =
    "CONFIG_SMP=y\n"
    "CONFIG_PROVE_LOCKING=y\n"
    "CONFIG_LOCKDEP=y\n"
    "CONFIG_HZ=250\n";

/* Compare a built configuration with the base and derivation above. */
static void
compare(const char *built_cfg, struct wb_kbuild_match *m)
{
	struct wb_fragment base, built, derived, want;
	struct wb_err e;

	wbt_frag(&base, base_cfg);
	wbt_frag(&want, want_cfg);
	wbt_frag(&derived, derived_cfg);
	wbt_frag(&built, built_cfg);
	ATF_REQUIRE_MSG(wb_kbuild_match_compare(&base, &built, &derived, &want,
	    m, &e) == 0, "%s", e.msg);
	wb_fragment_fini(&base);
	wb_fragment_fini(&built);
	wb_fragment_fini(&derived);
	wb_fragment_fini(&want);
}

ATF_TC_WITHOUT_HEAD(wb_kmatch_compare__matching);
ATF_TC_BODY(wb_kmatch_compare__matching, tc)
{
	struct wb_kbuild_match m;

	compare(derived_cfg, &m);
	ATF_CHECK_EQ(2, m.changed);
	ATF_CHECK_EQ(1, m.requested);
	ATF_CHECK_EQ(1, m.implied);
	ATF_CHECK_EQ(0, m.mismatched);
	ATF_CHECK(m.report == NULL);
	wb_kbuild_match_fini(&m);
}

/*
 * The changed symbols, and their record beside the variant's image,
 * which boot copies into the results for compare (lib/image/ident.h).
 */
ATF_TC_WITHOUT_HEAD(wb_kmatch_record__symbols);
ATF_TC_BODY(wb_kmatch_record__symbols, tc)
{
	struct wb_kbuild_match m;
	struct wb_err e;
	json_error_t je;
	json_t *j, *syms;

	compare(derived_cfg, &m);
	ATF_CHECK_STREQ("CONFIG_PROVE_LOCKING\nCONFIG_LOCKDEP\n", m.owned);
	wbt_write_file("base.config", base_cfg);
	ATF_REQUIRE_MSG(wb_kbuild_match_record(&m, ".", "production",
	    "base.config", &e) == 0, "%s", e.msg);
	wb_kbuild_match_fini(&m);
	j = json_load_file(WB_KMATCH_RECORD, 0, &je);
	ATF_REQUIRE_MSG(j != NULL, "%s", je.text);
	ATF_CHECK_STREQ("production", json_string_value(json_object_get(j,
	    "base")));
	ATF_CHECK_EQ(64, strlen(json_string_value(json_object_get(j,
	    "base_config_sha256"))));
	syms = json_object_get(j, "symbols");
	ATF_CHECK_EQ(2, json_array_size(syms));
	ATF_CHECK_STREQ("CONFIG_LOCKDEP", json_string_value(
	    json_array_get(syms, 1)));
	json_decref(j);
}

ATF_TC_WITHOUT_HEAD(wb_kmatch_compare__unrequested_change);
ATF_TC_BODY(wb_kmatch_compare__unrequested_change, tc)
{
	struct wb_kbuild_match m;

	/* Built from another base: HZ moved, and LOCKDEP did not follow. */
	compare("CONFIG_SMP=y\nCONFIG_PROVE_LOCKING=y\n"
	    "# CONFIG_LOCKDEP is not set\nCONFIG_HZ=1000\n", &m);
	ATF_CHECK_EQ(2, m.mismatched);
	ATF_REQUIRE(m.report != NULL);
	ATF_CHECK_MSG(strstr(m.report, "unexpected CONFIG_HZ: base 250, "
	    "built 1000, derived 250\n") != NULL, "%s", m.report);
	ATF_CHECK_MSG(strstr(m.report, "missing CONFIG_LOCKDEP: base n, "
	    "built n, derived y\n") != NULL, "%s", m.report);
	ATF_CHECK(strstr(m.report, "PROVE_LOCKING") == NULL);
	wb_kbuild_match_fini(&m);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_kmatch_compare__matching);
	ATF_TP_ADD_TC(tp, wb_kmatch_record__symbols);
	ATF_TP_ADD_TC(tp, wb_kmatch_compare__unrequested_change);
	return (atf_no_error());
}
