/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "slurm.h"
#include "slurm_preflight.h"
#include "wb_util.h"

#define ID_A	"00112233445566778899aabbccddeeff" \
		"00112233445566778899aabbccddeeff"
#define ID_B	"ffeeddccbbaa99887766554433221100" \
		"ffeeddccbbaa99887766554433221100"

static char *const nodes[] = { "n1", "n2", "n3" };

ATF_TC_WITHOUT_HEAD(wb_slurm_preflight_check__agree);
ATF_TC_BODY(wb_slurm_preflight_check__agree, tc)
{
	static const char out[] =
	    "node n2 install " ID_A " shared ok images ok\n"
	    "srun: some note\n"
	    "node n1 install " ID_A " shared ok images ok\n"
	    "node n3 install " ID_A " shared ok images ok\n";
	struct wb_err e;

	ATF_REQUIRE_MSG(wb_slurm_preflight_check(out, nodes, 3, ID_A, &e) ==
	    0, "%s", e.msg);
}

/* Each refusal names the node and what differs there. */
ATF_TC_WITHOUT_HEAD(wb_slurm_preflight_check__refused);
ATF_TC_BODY(wb_slurm_preflight_check__refused, tc)
{
	static const struct {
		const char	*out;
		const char	*msg;
	} cases[] = {
		{ "node n1 install " ID_A " shared ok images ok\n"
		  "node n3 install " ID_A " shared ok images ok\n"
		  "node n2 install " ID_B " shared ok images ok\n",
		  "node n2: the worldbench install (binary and libraries) is "
		  "sha256 " ID_B " there, not the submitting side's " ID_A },
		{ "node n1 install " ID_A " shared ok images ok\n"
		  "node n2 install " ID_A " shared ok images ok\n",
		  "node n3: no pre-flight answer" },
		{ "node n1 install " ID_A " shared unwritable images ok\n",
		  "node n1: the shared directory is unwritable" },
		{ "node n1 install " ID_A " shared ok images unreadable\n",
		  "node n1: a shipped image is unreadable" },
		{ "node n1 install " ID_A " shared ok images ok\n"
		  "node n1 install " ID_A " shared ok images ok\n",
		  "node n1 answered twice" },
	};
	struct wb_err e;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ATF_CHECK_EQ_MSG(wb_slurm_preflight_check(cases[i].out, nodes,
		    3, ID_A, &e), -1, "case %zu accepted", i);
		ATF_CHECK_MSG(strstr(e.msg, cases[i].msg) != NULL,
		    "case %zu: '%s'", i, e.msg);
	}
}

/* The step's text checks the install, the directory and each image. */
ATF_TC_WITHOUT_HEAD(wb_slurm_preflight_sh__text);
ATF_TC_BODY(wb_slurm_preflight_sh__text, tc)
{
	static const struct wb_slurm_ship ships[] = {
		{ "production", ID_A }, { "debug", ID_B }
	};
	struct wb_slurm_job j;
	struct wb_err e;
	char *sh;

	memset(&j, 0, sizeof(j));
	j.worldbench = "/opt/it's/worldbench";
	j.shared = "/shared/exp";
	j.ships = ships;
	j.nships = 2;
	sh = wb_slurm_preflight_sh(&j, &e);
	ATF_REQUIRE_MSG(sh != NULL, "%s", e.msg);
	ATF_CHECK(strstr(sh, "wb='/opt/it'\\''s/worldbench'\n") != NULL);
	ATF_CHECK(strstr(sh, "shared='/shared/exp'\n") != NULL);
	ATF_CHECK(strstr(sh, "[ -r \"$shared/images/" ID_A ".tar.zst\" ]") !=
	    NULL);
	ATF_CHECK(strstr(sh, "[ -r \"$shared/images/" ID_B ".tar.zst\" ]") !=
	    NULL);
	ATF_CHECK(strstr(sh, "echo \"node $node install $id shared $s "
	    "images $i\"\n") != NULL);
	free(sh);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_slurm_preflight_check__agree);
	ATF_TP_ADD_TC(tp, wb_slurm_preflight_check__refused);
	ATF_TP_ADD_TC(tp, wb_slurm_preflight_sh__text);
	return (atf_no_error());
}
