/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "slurm.h"
#include "wb_util.h"
#include "wbtest.h"

static char *const run_args[] = { "--quick", "--tests", "syscall,pipe",
    "--no-preflight" };
static char *const images[] = { "host-glibc-debug" };

static void
job_init(struct wb_slurm_job *j)
{

	memset(j, 0, sizeof(*j));
	j->worldbench = "/opt/wb/bin/worldbench";
	j->shared = "/shared/exp1";
	j->partition = "bench";
	j->ntasks = 4;
	j->timeout = 3600;
	j->workdir = "/var/tmp/wb";
	j->srcdir = "/shared/src/worldbench";
	j->builddir = "/opt/wb";
	j->images = images;
	j->nimages = 1;
	j->run_args = run_args;
	j->nrun_args = 4;
}

ATF_TC_WITHOUT_HEAD(wb_slurm_script__golden);
ATF_TC_BODY(wb_slurm_script__golden, tc)
{
	struct wb_slurm_job j;
	struct wb_err e;
	char *got, *want;

	job_init(&j);
	got = wb_slurm_script(&j, &e);
	ATF_REQUIRE_MSG(got != NULL, "%s", e.msg);
	want = wbt_read_file(wbt_datapath(tc, "slurm-script.expected"), NULL);
	ATF_REQUIRE_MSG(strcmp(want, got) == 0, "got\n%s", got);
	free(want);
	free(got);
}

ATF_TC_WITHOUT_HEAD(wb_slurm_script__install_id);
ATF_TC_BODY(wb_slurm_script__install_id, tc)
{
	static const char id[] =
	    "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
	struct wb_slurm_job j;
	struct wb_err e;
	char *got;

	job_init(&j);
	j.install_id = id;
	ATF_REQUIRE_MSG((got = wb_slurm_script(&j, &e)) != NULL, "%s", e.msg);
	ATF_CHECK(strstr(got, "if [ \"$have\" != '00112233") != NULL);
	/* Checked before the task's directory is looked at. */
	ATF_CHECK(strstr(got, "have=$(") < strstr(got, "complete already"));
	free(got);
	j.install_id = "not-a-hash";
	ATF_CHECK(wb_slurm_script(&j, &e) == NULL);
	ATF_CHECK_MSG(strstr(e.msg, "not a sha256") != NULL, "%s", e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_slurm_script__refused);
ATF_TC_BODY(wb_slurm_script__refused, tc)
{
	static char *const with_o[] = { "--quick", "-o", "x" };
	static char *const bad_image[] = { "host" };
	struct wb_slurm_job j;
	struct wb_err e;

	job_init(&j);
	j.run_args = with_o;
	j.nrun_args = 3;
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	ATF_REQUIRE(strstr(e.msg, "leave out -o") != NULL);
	/* A task over images is worldbench bench: no harness options. */
	job_init(&j);
	j.run_args = (char *const []){ "--variant", "x=/r" };
	j.nrun_args = 2;
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	ATF_REQUIRE(strstr(e.msg, "run argument '--variant'") != NULL);
	job_init(&j);
	j.images = bad_image;
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	ATF_REQUIRE(strstr(e.msg, "image 'host'") != NULL);
	job_init(&j);
	j.partition = "a b";
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	job_init(&j);
	j.shared = "relative";
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	job_init(&j);
	j.ntasks = 0;
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	job_init(&j);
	j.shared = "/shared/my exp";
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	ATF_REQUIRE(strstr(e.msg, "may not hold blanks") != NULL);
}

#define SHA_P	"00112233445566778899aabbccddeeff" \
		"00112233445566778899aabbccddeeff"
#define SHA_D	"ffeeddccbbaa99887766554433221100" \
		"ffeeddccbbaa99887766554433221100"

static const struct wb_slurm_ship ships[] = {
	{ "production", SHA_P }, { "debug", SHA_D }
};

static void
ship_init(struct wb_slurm_job *j)
{
	static char *const args[] = { "--runner", "userns", "-q" };

	job_init(j);
	j->images = NULL;
	j->nimages = 0;
	j->srcdir = j->builddir = NULL;
	j->ships = ships;
	j->nships = 2;
	j->run_args = args;
	j->nrun_args = 3;
}

/* Shipped images: staged, unpacked, checked by digest, then run. */
ATF_TC_WITHOUT_HEAD(wb_slurm_script__ships);
ATF_TC_BODY(wb_slurm_script__ships, tc)
{
	struct wb_slurm_job j;
	struct wb_err e;
	char *got;

	ship_init(&j);
	j.sbcast = 1;
	got = wb_slurm_script(&j, &e);
	ATF_REQUIRE_MSG(got != NULL, "%s", e.msg);
	ATF_CHECK(strstr(got, "\tsbcast -f \"$src\" \"$img\" || {\n") != NULL);
	ATF_CHECK(strstr(got, "\troot=$(\"$wb\" images -w \"$w\" --root "
	    "\"$img\") || {\n") != NULL);
	ATF_CHECK(strstr(got, "\tif [ \"${root##*/}\" != \"$2\" ]; then\n") !=
	    NULL);
	ATF_CHECK(strstr(got, "ship production " SHA_P "\nr0=$root\n") != NULL);
	ATF_CHECK(strstr(got, "ship debug " SHA_D "\nr1=$root\n") != NULL);
	ATF_CHECK_MSG(strstr(got, "\"$wb\" run '--runner' 'userns' '-q' "
	    "--variant production=\"$r0\" --variant debug=\"$r1\" "
	    "-o \"$dir/\"\n") != NULL, "%s", got);
	ATF_CHECK(strstr(got, "bench --rundir") == NULL);
	free(got);
	/* Kernels: booted with icount timing, labelled by their variants. */
	j.boot = 1;
	got = wb_slurm_script(&j, &e);
	ATF_REQUIRE_MSG(got != NULL, "%s", e.msg);
	ATF_CHECK_MSG(strstr(got, "\"$wb\" boot --timing=icount '--runner' "
	    "'userns' '-q' -o \"$dir\" -k \"$r1\" \"$r0\"\n") != NULL, "%s",
	    got);
	ATF_CHECK(strstr(got, "--variant") == NULL);
	free(got);
	j.boot = 0;
	/* From the shared directory: no sbcast. */
	j.sbcast = 0;
	got = wb_slurm_script(&j, &e);
	ATF_REQUIRE_MSG(got != NULL, "%s", e.msg);
	ATF_CHECK(strstr(got, "sbcast") == NULL);
	ATF_CHECK(strstr(got, "\timg=$src\n") != NULL);
	free(got);
}

ATF_TC_WITHOUT_HEAD(wb_slurm_script__ships_refused);
ATF_TC_BODY(wb_slurm_script__ships_refused, tc)
{
	static const struct wb_slurm_ship twice[] = {
		{ "production", SHA_P }, { "production", SHA_D }
	};
	static const struct wb_slurm_ship bad_sha[] = { { "p", "abc" } };
	static const struct wb_slurm_ship bad_label[] = { { "a/b", SHA_P } };
	struct wb_slurm_job j;
	struct wb_err e;

	ship_init(&j);
	j.images = images;
	j.nimages = 1;
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	ATF_CHECK(strstr(e.msg, "not both") != NULL);
	ship_init(&j);
	j.workdir = NULL;
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	ATF_CHECK(strstr(e.msg, "absolute work directory") != NULL);
	ship_init(&j);
	j.ships = twice;
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	ATF_CHECK(strstr(e.msg, "'production' given twice") != NULL);
	ship_init(&j);
	j.ships = bad_sha;
	j.nships = 1;
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	ATF_CHECK(strstr(e.msg, "'abc' is not a sha256") != NULL);
	ship_init(&j);
	j.ships = bad_label;
	j.nships = 1;
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	ATF_CHECK(strstr(e.msg, "'a/b': not a variant label") != NULL);
	ship_init(&j);
	j.run_args = (char *const []){ "--variant", "x=host" };
	j.nrun_args = 2;
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	ATF_CHECK(strstr(e.msg, "the shipped images are the variants") !=
	    NULL);
	job_init(&j);
	j.sbcast = 1;
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	ATF_CHECK(strstr(e.msg, "sbcast staging and kernels are for "
	    "shipped images") != NULL);
}

static char *const sbatch_args[] = { "--mem=64G", "--gres=gpu:1" };

ATF_TC_WITHOUT_HEAD(wb_slurm_script__sbatch_options);
ATF_TC_BODY(wb_slurm_script__sbatch_options, tc)
{
	struct wb_slurm_job j;
	struct wb_err e;
	char *got, *want;

	job_init(&j);
	j.account = "proj42";
	j.qos = "long";
	j.constraint = "epyc";
	j.nodelist = "node[01-04]";
	j.exclude = "node07";
	j.reservation = "bench_week";
	j.throttle = 2;
	j.sbatch_args = sbatch_args;
	j.nsbatch_args = 2;
	/* "node[01-04]" holds '[': refused, as the manual says. */
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	ATF_REQUIRE_MSG(strstr(e.msg, "--nodelist 'node[01-04]'") != NULL,
	    "%s", e.msg);
	j.nodelist = "node01,node02";
	got = wb_slurm_script(&j, &e);
	ATF_REQUIRE_MSG(got != NULL, "%s", e.msg);
	want = wbt_read_file(wbt_datapath(tc, "slurm-script-sbatch.expected"),
	    NULL);
	ATF_REQUIRE_MSG(strcmp(want, got) == 0, "got\n%s", got);
	free(want);
	free(got);
}

ATF_TC_WITHOUT_HEAD(wb_slurm_script__sbatch_refused);
ATF_TC_BODY(wb_slurm_script__sbatch_refused, tc)
{
	static char *const own[] = { "--array=0-99" };
	static char *const bare[] = { "mem=1G" };
	static char *const meta[] = { "--comment=$(reboot)" };
	struct wb_slurm_job j;
	struct wb_err e;

	job_init(&j);
	j.account = "a\n#SBATCH --uid=0";
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	ATF_REQUIRE_MSG(strstr(e.msg, "--account") != NULL, "%s", e.msg);
	job_init(&j);
	j.qos = "x;rm";
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	job_init(&j);
	j.constraint = "a&b";
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	job_init(&j);
	j.reservation = "";
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	job_init(&j);
	j.exclude = "-n1";
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	job_init(&j);
	j.sbatch_args = own;
	j.nsbatch_args = 1;
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	ATF_REQUIRE_MSG(strstr(e.msg, "sets --array itself") != NULL, "%s",
	    e.msg);
	j.sbatch_args = bare;
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	j.sbatch_args = meta;
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
	job_init(&j);
	j.throttle = -1;
	ATF_REQUIRE(wb_slurm_script(&j, &e) == NULL);
}

ATF_TC_WITHOUT_HEAD(wb_slurm_labels__order);
ATF_TC_BODY(wb_slurm_labels__order, tc)
{
	static char *const a[] = { "--label", "x", "--variant=b=/r1",
	    "--variant", "a=/r2" };
	const char **l;
	struct wb_err e;

	ATF_REQUIRE_EQ(3, wb_slurm_labels(a, 5, images, 1, &l, &e));
	ATF_REQUIRE_STREQ("b=/r1", l[0]);
	ATF_REQUIRE_STREQ("a=/r2", l[1]);
	ATF_REQUIRE_STREQ("host-glibc-debug", l[2]);
	free(l);
	ATF_REQUIRE_EQ(1, wb_slurm_labels(a, 2, NULL, 0, &l, &e));
	ATF_REQUIRE_STREQ("x", l[0]);
	free(l);
	ATF_REQUIRE_EQ(1, wb_slurm_labels(NULL, 0, NULL, 0, &l, &e));
	ATF_REQUIRE_STREQ("host", l[0]);
	free(l);
}

ATF_TC_WITHOUT_HEAD(wb_slurm_taskdir_parse__names);
ATF_TC_BODY(wb_slurm_taskdir_parse__names, tc)
{
	static const char *const bad[] = { "submit.json", "job.sbatch",
	    "node-12", "-12-3", "node--3", "node-12-", "node-1x-3",
	    "node-12-3x", ".partial-n-1-2", "n-1-99999", NULL };
	const char *const *b;
	char *node, *job;
	int task;

	ATF_REQUIRE_EQ(0, wb_slurm_taskdir_parse("cn-01-4711-12", &node, &job,
	    &task));
	ATF_REQUIRE_STREQ("cn-01", node);
	ATF_REQUIRE_STREQ("4711", job);
	ATF_REQUIRE_EQ(12, task);
	free(node);
	free(job);
	for (b = bad; *b != NULL; b++)
		ATF_REQUIRE_MSG(wb_slurm_taskdir_parse(*b, &node, &job,
		    &task) == -1, "%s parsed", *b);
}

ATF_TC_WITHOUT_HEAD(wb_slurm_state_of__lines);
ATF_TC_BODY(wb_slurm_state_of__lines, tc)
{
	const char *text = "17_0|COMPLETED\n17_1|FAILED\n17_[2-4,7%2]|PENDING\n"
	    "170_5|RUNNING\n17_5|CANCELLED by 0\n17_6|PREEMPTED\n";

	ATF_REQUIRE_EQ(WB_SLURM_ENDED_OK, wb_slurm_state_of(text, "17", 0));
	ATF_REQUIRE_EQ(WB_SLURM_ENDED_BAD, wb_slurm_state_of(text, "17", 1));
	ATF_REQUIRE_EQ(WB_SLURM_ACTIVE, wb_slurm_state_of(text, "17", 3));
	ATF_REQUIRE_EQ(WB_SLURM_ACTIVE, wb_slurm_state_of(text, "17", 7));
	ATF_REQUIRE_EQ(WB_SLURM_ENDED_BAD, wb_slurm_state_of(text, "17", 5));
	ATF_REQUIRE_EQ(WB_SLURM_ENDED_BAD, wb_slurm_state_of(text, "17", 6));
	ATF_REQUIRE_EQ(WB_SLURM_UNKNOWN, wb_slurm_state_of(text, "17", 8));
	ATF_REQUIRE_EQ(WB_SLURM_UNKNOWN, wb_slurm_state_of(text, "1", 0));
	ATF_REQUIRE_EQ(WB_SLURM_UNKNOWN, wb_slurm_state_of("", "17", 0));
}

ATF_TC_WITHOUT_HEAD(wb_slurm_array_spec__forms);
ATF_TC_BODY(wb_slurm_array_spec__forms, tc)
{
	static const int all[] = { 0, 1, 2, 3 }, some[] = { 1, 3 };
	struct wb_err e;
	char *s;

	ATF_REQUIRE((s = wb_slurm_array_spec(all, 4, &e)) != NULL);
	ATF_REQUIRE_STREQ("0-3", s);
	free(s);
	ATF_REQUIRE((s = wb_slurm_array_spec(some, 2, &e)) != NULL);
	ATF_REQUIRE_STREQ("1,3", s);
	free(s);
	ATF_REQUIRE((s = wb_slurm_array_spec(some, 1, &e)) != NULL);
	ATF_REQUIRE_STREQ("1", s);
	free(s);
	ATF_REQUIRE(wb_slurm_array_spec(some, 0, &e) == NULL);
}

ATF_TC_WITHOUT_HEAD(wb_slurm_record__roundtrip);
ATF_TC_BODY(wb_slurm_record__roundtrip, tc)
{
	static const int first[] = { 0, 1, 2 }, again[] = { 1 };
	struct wb_slurm_record r, back;
	struct wb_err e;
	char *labels[] = { "production", "debug" };

	memset(&r, 0, sizeof(r));
	r.ntasks = 3;
	r.labels = labels;
	r.nlabels = 2;
	ATF_REQUIRE_EQ(0, wb_slurm_record_add(&r, "41", first, 3, &e));
	ATF_REQUIRE_EQ(0, wb_slurm_record_add(&r, "42", again, 1, &e));
	ATF_REQUIRE_MSG(wb_slurm_record_write(".", &r, &e) == 0, "%s", e.msg);
	ATF_REQUIRE_MSG(wb_slurm_record_read(".", &back, &e) == 0, "%s",
	    e.msg);
	ATF_REQUIRE_EQ(3, back.ntasks);
	ATF_REQUIRE_EQ(2, back.nlabels);
	ATF_REQUIRE_STREQ("debug", back.labels[1]);
	ATF_REQUIRE_STREQ("41", wb_slurm_record_owner(&back, 0)->jobid);
	ATF_REQUIRE_STREQ("42", wb_slurm_record_owner(&back, 1)->jobid);
	ATF_REQUIRE(wb_slurm_record_owner(&back, 3) == NULL);
	wb_slurm_record_fini(&back);
	r.labels = NULL;
	r.nlabels = 0;
	wb_slurm_record_fini(&r);
	wbt_write_file("submit.json", "{\"format\": \"worldbench-submit\", "
	    "\"tasks\": 2, \"variants\": [], \"jobs\": [{\"id\": \"7\", "
	    "\"indices\": [0, 5]}]}");
	ATF_REQUIRE(wb_slurm_record_read(".", &back, &e) == -1);
	ATF_REQUIRE_MSG(strstr(e.msg, "./submit.json: jobs[0].indices[1]") !=
	    NULL, "%s", e.msg);
	wbt_write_file("submit.json", "{\"format\": ");
	ATF_REQUIRE(wb_slurm_record_read(".", &back, &e) == -1);
	ATF_REQUIRE_MSG(strstr(e.msg, "./submit.json:1:") != NULL, "%s",
	    e.msg);
}

/* The shipped images' hashes, by label; only a sha256 is read back. */
ATF_TC_WITHOUT_HEAD(wb_slurm_record__shas);
ATF_TC_BODY(wb_slurm_record__shas, tc)
{
	static const int all[] = { 0, 1 };
	struct wb_slurm_record r, back;
	struct wb_err e;
	char *labels[] = { "production", "debug" };
	char *shas[] = { SHA_P, NULL };

	memset(&r, 0, sizeof(r));
	r.ntasks = 2;
	r.labels = labels;
	r.shas = shas;
	r.nlabels = 2;
	ATF_REQUIRE_EQ(0, wb_slurm_record_add(&r, "41", all, 2, &e));
	ATF_REQUIRE_MSG(wb_slurm_record_write(".", &r, &e) == 0, "%s", e.msg);
	ATF_REQUIRE_MSG(wb_slurm_record_read(".", &back, &e) == 0, "%s",
	    e.msg);
	ATF_REQUIRE(back.shas != NULL);
	ATF_CHECK_STREQ(SHA_P, back.shas[0]);
	ATF_CHECK(back.shas[1] == NULL);
	wb_slurm_record_fini(&back);
	r.labels = NULL;
	r.shas = NULL;
	r.nlabels = 0;
	wb_slurm_record_fini(&r);
	wbt_write_file("submit.json", "{\"format\": \"worldbench-submit\", "
	    "\"tasks\": 1, \"variants\": [\"p\"], \"jobs\": [], "
	    "\"images\": {\"p\": \"abc\"}}");
	ATF_REQUIRE(wb_slurm_record_read(".", &back, &e) == -1);
	ATF_CHECK_MSG(strstr(e.msg, "images.p: not a sha256") != NULL, "%s",
	    e.msg);
	wb_slurm_record_fini(&back);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_slurm_script__golden);
	ATF_TP_ADD_TC(tp, wb_slurm_script__install_id);
	ATF_TP_ADD_TC(tp, wb_slurm_script__refused);
	ATF_TP_ADD_TC(tp, wb_slurm_script__ships);
	ATF_TP_ADD_TC(tp, wb_slurm_script__ships_refused);
	ATF_TP_ADD_TC(tp, wb_slurm_script__sbatch_options);
	ATF_TP_ADD_TC(tp, wb_slurm_script__sbatch_refused);
	ATF_TP_ADD_TC(tp, wb_slurm_labels__order);
	ATF_TP_ADD_TC(tp, wb_slurm_taskdir_parse__names);
	ATF_TP_ADD_TC(tp, wb_slurm_state_of__lines);
	ATF_TP_ADD_TC(tp, wb_slurm_array_spec__forms);
	ATF_TP_ADD_TC(tp, wb_slurm_record__roundtrip);
	ATF_TP_ADD_TC(tp, wb_slurm_record__shas);
	return (atf_no_error());
}
