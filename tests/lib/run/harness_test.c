/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/stat.h>

#include <dirent.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "harness.h"
#include "harness_int.h"
#include "wb_model.h"
#include "wb_sandbox.h"
#include "wb_stats.h"
#include "wb_util.h"
#include "wbtest.h"

static volatile sig_atomic_t stop;

static void
on_usr1(int sig)
{

	(void)sig;
	stop = 1;
}

/* A fake bench program: body is shell run in the pass's scratch dir. */
static void
fake(const char *id, const char *body)
{
	char path[PATH_MAX], text[4096];

	(void)mkdir("libexec", 0755);
	(void)mkdir("share", 0755);
	snprintf(path, sizeof(path), "libexec/%s", id);
	snprintf(text, sizeof(text), "#!/bin/sh\n"
	    "case $PWD in */worldbench.%s.*) ;; *) echo \"ERROR|cwd $PWD\" >&2;"
	    " exit 1;; esac\n"
	    "touch scratch-file\n%s\n", id, body);
	wbt_write_file(path, text);
	ATF_REQUIRE(chmod(path, 0755) == 0);
}

/* --target-ci and --max-passes of the next start(); 0: not adaptive. */
static double start_target;
static int start_max;
/* --extend-budget-passes of the next start(); 0: not extended. */
static int start_extend;

static struct wb_harness *
start(const char *tests, int passes, size_t nv, const char *out)
{
	static const char *labels[] = { "A", "B", "C" };
	static const char *roots[] = { "host", "host", "host" };
	static char *argv[] = { "worldbench", "run", NULL };
	struct wb_harness_config c;
	const struct wb_test_def **v;
	struct wb_harness *h;
	struct wb_err e;
	char *tmp;

	tmp = wbt_abspath("tmp");
	(void)mkdir(tmp, 0755);
	ATF_REQUIRE(setenv("TMPDIR", tmp, 1) == 0);
	free(tmp);
	memset(&c, 0, sizeof(c));
	ATF_REQUIRE_EQ(0, wb_suite_parse_list(tests, &v, &c.ntests, &e));
	c.index = "custom";
	c.tests = v;
	c.passes = passes;
	c.duration = 1;
	c.copies = 1;
	c.seed = 42;
	c.labels = labels;
	c.roots = roots;
	c.nvariants = nv;
	c.output = out;
	c.output_is_dir = nv > 1;
	c.libexec = wbt_abspath("libexec");
	c.datadir = wbt_abspath("share");
	c.argv = argv;
	c.argc = 2;
	c.target_ci = start_target;
	c.max_passes = start_max;
	c.extend = start_extend > 0;
	c.extend_passes = start_extend;
	h = wb_harness_new(&c, &e);
	ATF_REQUIRE_MSG(h != NULL, "%s", e.msg);
	free(v);
	free((char *)c.libexec);
	free((char *)c.datadir);
	return (h);
}

static struct wb_results *
load(const char *path)
{
	struct wb_results *r;
	struct wb_err e;

	ATF_REQUIRE_MSG(wb_results_read(path, &r, &e) == 0, "%s", e.msg);
	return (r);
}

static size_t
entries(const char *dir)
{
	struct dirent *de;
	size_t n;
	DIR *d;

	ATF_REQUIRE((d = opendir(dir)) != NULL);
	for (n = 0; (de = readdir(d)) != NULL;)
		n += de->d_name[0] != '.';
	closedir(d);
	return (n);
}

#define OK_PIPE		"echo 'COUNT|1000|1|lps|0.5' >&2"
#define OK_SYSCALL	"echo 'COUNT|3000|1|lps|1.5' >&2"

ATF_TC_WITHOUT_HEAD(wb_harness_run__fake_programs);
ATF_TC_BODY(wb_harness_run__fake_programs, tc)
{
	const struct wb_result_test *t;
	struct wb_harness *h;
	struct wb_results *r;
	struct wb_err e;
	size_t nfailed;

	fake("pipe", OK_PIPE);
	fake("syscall", OK_SYSCALL);
	h = start("pipe,syscall", 3, 1, "out.json");
	ATF_REQUIRE_MSG(wb_harness_run(h, &stop, NULL, &nfailed, &e) == 0,
	    "%s", e.msg);
	wb_harness_free(h);
	ATF_REQUIRE_EQ(0, nfailed);
	r = load("out.json");
	ATF_REQUIRE_EQ(WB_RESULTS_COMPLETE, r->status);
	ATF_REQUIRE_EQ(2, r->ntests);
	t = wb_results_find_test(r, "pipe");
	ATF_REQUIRE_EQ(3, t->nsamples);
	ATF_REQUIRE(t->samples[0].rate == 2000.0);
	ATF_REQUIRE(t->samples[2].wall > 0);
	t = wb_results_find_test(r, "syscall");
	ATF_REQUIRE(t->samples[1].rate == 2000.0);
	ATF_REQUIRE(json_object_get(r->provenance, "suite_hash") != NULL);
	ATF_REQUIRE(json_object_get(r->provenance, "load_after") != NULL);
	wb_results_free(r);
	ATF_REQUIRE_EQ(0, entries("tmp"));	/* scratch dirs removed */
}

ATF_TC_WITHOUT_HEAD(wb_harness_run__bad_output_fails_pass);
ATF_TC_BODY(wb_harness_run__bad_output_fails_pass, tc)
{
	const struct wb_result_test *t;
	struct wb_harness *h;
	struct wb_results *r;
	struct wb_err e;
	size_t nfailed;

	fake("pipe", "echo 'COUNT|1000|60|lpm|0.5' >&2");
	fake("syscall", "echo hello >&2; " OK_SYSCALL);
	h = start("pipe,syscall", 1, 1, "out.json");
	ATF_REQUIRE_EQ(0, wb_harness_run(h, &stop, NULL, &nfailed, &e));
	wb_harness_free(h);
	ATF_REQUIRE_EQ(2, nfailed);
	r = load("out.json");
	/* Every pass ran, but a file with failures is not "complete". */
	ATF_REQUIRE_EQ(WB_RESULTS_FAILURES, r->status);
	t = wb_results_find_test(r, "pipe");
	ATF_REQUIRE_EQ(WB_SAMPLE_FAILED, t->samples[0].status);
	ATF_REQUIRE(strstr(t->samples[0].error, "suite table") != NULL);
	t = wb_results_find_test(r, "syscall");
	ATF_REQUIRE(strstr(t->samples[0].error, "unexpected output") != NULL);
	wb_results_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_harness_run__interleaved_balanced);
ATF_TC_BODY(wb_harness_run__interleaved_balanced, tc)
{
	const struct wb_sample *a, *b;
	struct wb_results *ra, *rb;
	struct wb_harness *h;
	struct wb_err e;
	size_t nfailed;
	int k;

	fake("pipe", OK_PIPE);
	h = start("pipe", 4, 2, "out");
	ATF_REQUIRE_EQ(0, wb_harness_run(h, &stop, NULL, &nfailed, &e));
	wb_harness_free(h);
	ra = load("out/A.json");
	rb = load("out/B.json");
	for (k = 1; k <= 4; k++) {
		a = wb_results_test_pass(ra->tests[0], k);
		b = wb_results_test_pass(rb->tests[0], k);
		ATF_REQUIRE(a != NULL && b != NULL);
		/* Pass k of both variants occupies steps 2k-1 and 2k. */
		ATF_REQUIRE_EQ(4 * k - 1, a->seq + b->seq);
		/* ABBA: the order flips between rounds k and k+1. */
		if (k % 2 == 0)
			ATF_REQUIRE((a->seq < b->seq) != (wb_results_test_pass(
			    ra->tests[0], k - 1)->seq < wb_results_test_pass(
			    rb->tests[0], k - 1)->seq));
	}
	ATF_REQUIRE_EQ(8, json_array_size(json_object_get(ra->plan,
	    "order")));
	/* One run id, 128 bits in hex, in every file of the run. */
	ATF_REQUIRE(json_is_string(json_object_get(ra->plan, "run_id")));
	ATF_CHECK_EQ(32, strspn(json_string_value(json_object_get(ra->plan,
	    "run_id")), "0123456789abcdef"));
	ATF_CHECK_EQ(32, json_string_length(json_object_get(ra->plan,
	    "run_id")));
	ATF_CHECK(json_equal(json_object_get(ra->plan, "run_id"),
	    json_object_get(rb->plan, "run_id")));
	wb_results_free(ra);
	wb_results_free(rb);
}

/*
 * The files of out/ as a run of the rule before the two stages left
 * them, interrupted (no stage1_pairs, a target it had not met): resumed,
 * the first 10 pairs are stage one and the run goes on to --max-passes.
 */
static void
resume_before_two_stages(void)
{
	static const char *const f[] = { "out/A.json", "out/B.json" };
	struct wb_results *r;
	struct wb_harness *h;
	struct wb_err e;
	json_t *a;
	size_t i, nfailed;

	for (i = 0; i < 2; i++) {
		r = load(f[i]);
		a = json_object_get(r->plan, "adaptive");
		ATF_REQUIRE_EQ(0, json_object_del(a, "stage1_pairs"));
		ATF_REQUIRE_EQ(0, json_object_set_new(a, "target_ci",
		    json_real(0.001)));
		r->status = WB_RESULTS_INCOMPLETE;
		ATF_REQUIRE_MSG(wb_results_write(r, f[i], &e) == 0, "%s",
		    e.msg);
		wb_results_free(r);
	}
	h = wb_harness_resume("out", "libexec", "share",
	    (char *[]){ "x", NULL }, 1, &e);
	ATF_REQUIRE_MSG(h != NULL, "%s", e.msg);
	ATF_REQUIRE_MSG(wb_harness_run(h, &stop, NULL, &nfailed, &e) == 0,
	    "%s", e.msg);
	wb_harness_free(h);
	for (i = 0; i < 2; i++) {
		r = load(f[i]);
		a = json_object_get(r->plan, "adaptive");
		ATF_CHECK_EQ(10, json_integer_value(json_object_get(a,
		    "stage1_pairs")));
		ATF_CHECK_EQ(12, r->tests[0]->nsamples);
		ATF_CHECK_EQ(12, r->tests[1]->nsamples);
		wb_results_free(r);
	}
}

/*
 * --target-ci: the plan records stage one (10 pairs, above the 3 planned
 * passes), every test gets at least that many passes in every variant,
 * and a target stage one cannot meet runs every test to --max-passes.
 */
ATF_TC_WITHOUT_HEAD(wb_harness_run__target_ci_two_stage);
ATF_TC_BODY(wb_harness_run__target_ci_two_stage, tc)
{
	static const double targets[] = { 50, 0.001 };
	static const size_t want[] = { 10, 12 };
	struct wb_results *ra, *rb;
	struct wb_harness *h;
	struct wb_err e;
	json_t *a;
	size_t nfailed, i, k;
	static char log[65536];
	FILE *fp;

	/* Counts that vary from pass to pass. */
	fake("pipe", "echo \"COUNT|$((900 + $$ % 200))|1|lps|0.5\" >&2");
	fake("syscall", "echo \"COUNT|$((2900 + $$ % 211))|1|lps|1.5\" >&2");
	for (i = 0; i < 2; i++) {
		start_target = targets[i];
		start_max = 12;
		h = start("pipe,syscall", 3, 2, "out");
		start_target = start_max = 0;
		ATF_REQUIRE((fp = tmpfile()) != NULL);
		ATF_REQUIRE_MSG(wb_harness_run(h, &stop, fp, &nfailed, &e) ==
		    0, "%s", e.msg);
		wb_harness_free(h);
		rewind(fp);
		memset(log, 0, sizeof(log));
		(void)fread(log, 1, sizeof(log) - 1, fp);
		fclose(fp);
		ra = load("out/A.json");
		rb = load("out/B.json");
		a = json_object_get(ra->plan, "adaptive");
		ATF_CHECK_EQ(10, json_integer_value(json_object_get(a,
		    "stage1_pairs")));
		/*
		 * The count stage one fixed is in the plan and said at once;
		 * a target the cap makes unreachable is said so, with the
		 * width to expect at the cap.
		 */
		ATF_CHECK(json_integer_value(json_object_get(a,
		    "need_pairs")) >= 10);
		ATF_CHECK(json_number_value(json_object_get(a,
		    "expect_halfwidth")) > 0);
		ATF_CHECK_MSG(strstr(log, i == 0 ? "adaptive: stage one fixes "
		    "10 pairs per test" : "--max-passes 12 caps it: expect "
		    "about +-") != NULL, "%s", log);
		for (k = 0; k < 2; k++) {
			ATF_CHECK_EQ_MSG(want[i], ra->tests[k]->nsamples,
			    "target %g: %s: %zu passes", targets[i],
			    ra->tests[k]->id, ra->tests[k]->nsamples);
			ATF_CHECK_EQ(want[i], rb->tests[k]->nsamples);
		}
		wb_results_free(ra);
		wb_results_free(rb);
		if (i == 0)
			resume_before_two_stages();
		ATF_REQUIRE_EQ(0, unlink("out/A.json"));
		ATF_REQUIRE_EQ(0, unlink("out/B.json"));
	}
}

ATF_TC_WITHOUT_HEAD(wb_harness_run__stop_and_resume);
ATF_TC_BODY(wb_harness_run__stop_and_resume, tc)
{
	struct wb_result_test *t, *before;
	struct wb_results *r, *r0;
	struct wb_harness *h;
	struct wb_err e;
	size_t nfailed, i;
	char body[1024], *mark;
	int k;

	/*
	 * The second syscall pass signals us (by pid: a pass is not our
	 * child, lib/util/fresh.h) and hangs until killed.
	 */
	mark = wbt_abspath("mark");
	snprintf(body, sizeof(body), "n=$(cat %s 2>/dev/null || echo 0)\n"
	    "echo $((n + 1)) > %s\n"
	    "if [ $n -eq 1 ]; then kill -USR1 %ld; sleep 30; fi\n"
	    OK_SYSCALL, mark, mark, (long)getpid());
	free(mark);
	fake("pipe", OK_PIPE);
	fake("syscall", body);
	ATF_REQUIRE(signal(SIGUSR1, on_usr1) != SIG_ERR);
	stop = 0;
	h = start("pipe,syscall", 3, 2, "out");
	ATF_REQUIRE_EQ(1, wb_harness_run(h, &stop, NULL, &nfailed, &e));
	wb_harness_free(h);
	r0 = load("out/A.json");
	ATF_REQUIRE_EQ(WB_RESULTS_INCOMPLETE, r0->status);
	ATF_REQUIRE_EQ(0, entries("tmp"));
	/* Resume from the directory alone. */
	stop = 0;
	h = wb_harness_resume("out", "libexec", "share",
	    (char *[]){ "x", NULL }, 1, &e);
	ATF_REQUIRE_MSG(h != NULL, "%s", e.msg);
	ATF_REQUIRE_EQ(0, wb_harness_run(h, &stop, NULL, &nfailed, &e));
	wb_harness_free(h);
	r = load("out/A.json");
	ATF_REQUIRE_EQ(WB_RESULTS_COMPLETE, r->status);
	for (i = 0; i < r->ntests; i++) {
		t = r->tests[i];
		ATF_REQUIRE_EQ_MSG(3, t->nsamples, "%s", t->id);
		for (k = 1; k <= 3; k++)
			ATF_REQUIRE(wb_results_test_pass(t, k) != NULL);
		/* What was there before is unchanged. */
		before = wb_results_find_test(r0, t->id);
		for (k = 0; k < (int)before->nsamples; k++)
			ATF_REQUIRE_EQ(before->samples[k].seq,
			    wb_results_test_pass(t, before->samples[k].pass)->seq);
	}
	ATF_REQUIRE(json_object_get(r->provenance, "resumed") != NULL);
	/* The resumed run is the same run. */
	ATF_CHECK(json_is_string(json_object_get(r->plan, "run_id")));
	ATF_CHECK(json_equal(json_object_get(r->plan, "run_id"),
	    json_object_get(r0->plan, "run_id")));
	wb_results_free(r);
	wb_results_free(r0);
	r = load("out/B.json");
	ATF_REQUIRE_EQ(WB_RESULTS_COMPLETE, r->status);
	ATF_REQUIRE_EQ(3, r->tests[1]->nsamples);
	wb_results_free(r);
}

/*
 * A fake program whose count moves from pass to pass (one counter for
 * every test and variant): an A/A run with a spread, so the final score
 * has no verdict and the run extends.  The stop'th pass signals us and
 * hangs until killed.
 */
static void
noisy(const char *id, int stopat)
{
	char body[1024], *mark;

	mark = wbt_abspath("mark");
	snprintf(body, sizeof(body), "n=$(cat %s 2>/dev/null || echo 0)\n"
	    "n=$((n + 1)); echo $n > %s\n"
	    "if [ $n -eq %d ]; then kill -USR1 %ld; sleep 30; fi\n"
	    "echo \"COUNT|$((1000 + 300 * (n * 7 %% 5)))|1|lps|0.5\" >&2\n",
	    mark, mark, stopat, (long)getpid());
	free(mark);
	fake(id, body);
}

/*
 * Two tests over A and B, look 1 at 2 pairs, blocks of 2 to 6 pairs (3
 * looks), no time budget (every test extended while the final is
 * open), stopped by the 14th pass: inside the block to look 2 (passes
 * 9 to 16), round 3 done, one pass of round 4 (13 passes on file).
 */
static void
extend_interrupted(void)
{
	struct wb_harness *h;
	struct wb_err e;
	size_t nfailed;

	noisy("pipe", 14);
	noisy("syscall", 14);
	ATF_REQUIRE(signal(SIGUSR1, on_usr1) != SIG_ERR);
	stop = 0;
	start_extend = 4;
	h = start("pipe,syscall", 2, 2, "out");
	start_extend = 0;
	ATF_REQUIRE_EQ(1, wb_harness_run(h, &stop, NULL, &nfailed, &e));
	wb_harness_free(h);
	stop = 0;
}

/* The samples of every test of r; none may repeat a pass. */
static size_t
samples(const struct wb_results *r)
{
	size_t i, n;

	for (i = n = 0; i < r->ntests; i++) {
		ATF_CHECK_EQ_MSG(r->tests[i]->nsamples,
		    wb_results_rounds(r, r->tests[i]->id), "%s",
		    r->tests[i]->id);
		n += r->tests[i]->nsamples;
	}
	return (n);
}

static json_t *
blocks_of(const struct wb_results *r)
{

	return (json_object_get(json_object_get(r->plan, "extend"),
	    "blocks"));
}

/*
 * The resumed run finished: every block recorded once at its own look
 * (2, 3, ...), every test of block 2 at its 4 pairs on both sides, and
 * the final's looks one more than the blocks (look 1 and one a block).
 */
static void
extend_finished(void)
{
	struct wb_results *v[2];
	struct wb_compare c;
	struct wb_err e;
	json_t *b, *blk;
	size_t i, j;

	v[0] = load("out/A.json");
	v[1] = load("out/B.json");
	ATF_CHECK_EQ(WB_RESULTS_COMPLETE, v[0]->status);
	b = blocks_of(v[0]);
	ATF_REQUIRE(json_array_size(b) >= 1);
	json_array_foreach(b, i, blk)
		ATF_CHECK_EQ_MSG((json_int_t)i + 2, json_integer_value(
		    json_object_get(blk, "look")), "block %zu", i);
	for (j = 0; j < 2; j++) {
		(void)samples(v[j]);
		for (i = 0; i < v[j]->ntests; i++)
			ATF_CHECK(wb_results_rounds(v[j],
			    v[j]->tests[i]->id) >= 4);
	}
	ATF_REQUIRE_MSG(wb_compare_build(v, 2, NULL, NULL, 0.95,
	    WB_EST_UNIXBENCH, WB_ADJ_HOLM, &c, &e) == 0, "%s", e.msg);
	ATF_REQUIRE(c.sequential && c.final[1].seq != NULL);
	ATF_CHECK_EQ(json_array_size(b) + 1, c.final[1].seq->nlooks);
	ATF_CHECK_EQ((json_int_t)c.final[1].seq->nlooks, json_integer_value(
	    json_object_get(json_object_get(json_object_get(v[0]->plan,
	    "extend"), "end"), "look")));
	wb_compare_fini(&c);
	wb_results_free(v[0]);
	wb_results_free(v[1]);
}

ATF_TC_WITHOUT_HEAD(wb_harness_run__extend_resume_mid_block);
ATF_TC_BODY(wb_harness_run__extend_resume_mid_block, tc)
{
	struct wb_results *a, *b;
	struct wb_harness *h;
	struct wb_err e;
	size_t nfailed;
	json_t *blk;

	extend_interrupted();
	a = load("out/A.json");
	b = load("out/B.json");
	ATF_CHECK_EQ(WB_RESULTS_INCOMPLETE, a->status);
	ATF_REQUIRE_EQ(1, json_array_size(blocks_of(a)));
	blk = json_array_get(blocks_of(a), 0);
	ATF_CHECK_EQ(2, json_integer_value(json_object_get(blk, "look")));
	ATF_CHECK_EQ(4, json_integer_value(json_object_get(blk, "pairs")));
	ATF_CHECK_EQ(2, json_array_size(json_object_get(blk, "tests")));
	ATF_CHECK_EQ(13, samples(a) + samples(b));
	wb_results_free(a);
	wb_results_free(b);
	h = wb_harness_resume("out", "libexec", "share",
	    (char *[]){ "x", NULL }, 1, &e);
	ATF_REQUIRE_MSG(h != NULL, "%s", e.msg);
	ATF_REQUIRE_EQ(0, wb_harness_run(h, &stop, NULL, &nfailed, &e));
	wb_harness_free(h);
	extend_finished();
}

/*
 * As above, but as if the run had crashed: A.json last written before
 * the block (its plan without it, none of its passes), B.json inside
 * it.  The resumed run takes B's plan, the latest (the longer order),
 * and finishes the block B began instead of choosing one anew; B's
 * passes of it are kept.
 */
ATF_TC_WITHOUT_HEAD(wb_harness_resume__extend_latest_plan);
ATF_TC_BODY(wb_harness_resume__extend_latest_plan, tc)
{
	struct wb_result_test *t;
	struct wb_results *a, *b, *after;
	struct wb_harness *h;
	struct wb_err e;
	size_t nfailed, i, k, n, border;
	json_t *order;

	extend_interrupted();
	a = load("out/A.json");
	b = load("out/B.json");
	border = json_array_size(json_object_get(b->plan, "order"));
	order = json_object_get(a->plan, "order");
	ATF_REQUIRE(border > 8);
	while (json_array_size(order) > 8)
		ATF_REQUIRE_EQ(0, json_array_remove(order, 8));
	json_array_clear(blocks_of(a));
	for (i = 0; i < a->ntests; i++) {
		ATF_REQUIRE_EQ(0, json_object_set_new(json_object_get(
		    a->plan, "passes"), a->tests[i]->id, json_integer(2)));
		t = a->tests[i];
		for (k = n = 0; k < t->nsamples; k++)
			if (t->samples[k].pass <= 2)
				t->samples[n++] = t->samples[k];
		t->nsamples = n;
	}
	ATF_REQUIRE_MSG(wb_results_write(a, "out/A.json", &e) == 0, "%s",
	    e.msg);
	ATF_REQUIRE(samples(b) > 4);
	h = wb_harness_resume("out", "libexec", "share",
	    (char *[]){ "x", NULL }, 1, &e);
	ATF_REQUIRE_MSG(h != NULL, "%s", e.msg);
	ATF_CHECK_EQ(border, h->norder);
	ATF_REQUIRE_EQ(0, wb_harness_run(h, &stop, NULL, &nfailed, &e));
	wb_harness_free(h);
	extend_finished();
	after = load("out/B.json");
	for (i = 0; i < b->ntests; i++) {
		t = b->tests[i];
		for (k = 0; k < t->nsamples; k++)
			ATF_CHECK_EQ(t->samples[k].seq, wb_results_test_pass(
			    wb_results_find_test(after, t->id),
			    t->samples[k].pass)->seq);
	}
	wb_results_free(after);
	wb_results_free(a);
	wb_results_free(b);
}

/* A harness of the syscall test alone over n variants (t: its table). */
static void
syscall_config(struct wb_harness_config *c, const struct wb_test_def **t,
    const char **labels, const char **roots, size_t n)
{

	memset(c, 0, sizeof(*c));
	t[0] = wb_suite_find("syscall");
	c->index = "custom";
	c->tests = t;
	c->ntests = 1;
	c->copies = 1;
	c->labels = labels;
	c->roots = roots;
	c->nvariants = n;
	c->libexec = "libexec";
	c->datadir = "share";
}

ATF_TC_WITHOUT_HEAD(wb_harness_new__missing_program);
ATF_TC_BODY(wb_harness_new__missing_program, tc)
{
	static const char *labels[] = { "A" }, *roots[] = { "host" };
	struct wb_harness_config c;
	const struct wb_test_def *t[1];
	struct wb_err e;

	fake("pipe", OK_PIPE);
	syscall_config(&c, t, labels, roots, 1);
	c.output = "out.json";
	ATF_REQUIRE(wb_harness_new(&c, &e) == NULL);
	ATF_REQUIRE_MSG(strstr(e.msg, "libexec/syscall") != NULL, "%s", e.msg);
	ATF_REQUIRE(access("out.json", F_OK) == -1);
}

ATF_TC_WITHOUT_HEAD(wb_harness_new__label_twice);
ATF_TC_BODY(wb_harness_new__label_twice, tc)
{
	static const char *labels[] = { "A", "B", "A" };
	static const char *roots[] = { "host", "host", "host" };
	struct wb_harness_config c;
	const struct wb_test_def *t[1];
	struct wb_err e;

	(void)tc;
	fake("syscall", OK_PIPE);
	syscall_config(&c, t, labels, roots, 3);
	c.output = ".";
	c.output_is_dir = 1;
	ATF_REQUIRE(wb_harness_new(&c, &e) == NULL);
	ATF_CHECK_STREQ("label 'A' given twice", e.msg);
	ATF_CHECK(access("A.json", F_OK) == -1);
}

ATF_TC_WITHOUT_HEAD(wb_harness_round__abba);
ATF_TC_BODY(wb_harness_round__abba, tc)
{
	struct wb_order_item r1[3], r2[3];
	size_t t, j, pos[3];

	for (t = 0; t < 12; t++) {
		wb_harness_round(3, &t, 1, 1, 7, r1);
		wb_harness_round(3, &t, 1, 2, 7, r2);
		memset(pos, 0, sizeof(pos));
		for (j = 0; j < 3; j++) {
			pos[r1[j].variant] += j;
			pos[r2[j].variant] += j;
			ATF_REQUIRE_EQ(1, r1[j].pass);
			ATF_REQUIRE_EQ(t, r1[j].test);
		}
		/* Every variant's mean position over the pair is the same. */
		for (j = 0; j < 3; j++)
			ATF_REQUIRE_EQ(2, pos[j]);
	}
}

ATF_TC_WITHOUT_HEAD(wb_harness_round__seeded);
ATF_TC_BODY(wb_harness_round__seeded, tc)
{
	struct wb_order_item a[48], b[48], c[48];
	size_t tests[12], i, same;

	for (i = 0; i < 12; i++)
		tests[i] = i;
	wb_harness_round(4, tests, 12, 3, 1, a);
	wb_harness_round(4, tests, 12, 3, 1, b);
	wb_harness_round(4, tests, 12, 3, 2, c);
	for (i = same = 0; i < 48; i++) {
		ATF_REQUIRE_EQ(a[i].variant, b[i].variant);
		ATF_REQUIRE_EQ(a[i].test, b[i].test);
		same += a[i].variant == c[i].variant;
	}
	ATF_REQUIRE(same < 48);		/* another seed, another order */
}

ATF_TC_WITHOUT_HEAD(wb_harness_parse_count__forms);
ATF_TC_BODY(wb_harness_parse_count__forms, tc)
{
	const struct wb_test_def *shell, *fs;
	double count, el;
	char *why;

	shell = wb_suite_find("shell8");
	fs = wb_suite_find("fstime");
	ATF_REQUIRE_EQ(0, wb_harness_parse_count("COUNT|12|60|lpm|60.01\n",
	    shell, &count, &el, &why));
	ATF_REQUIRE(count == 12 && el == 60.01);
	ATF_REQUIRE_EQ(0, wb_harness_parse_count("COUNT|87304.5|0|KBps|30\n",
	    fs, &count, &el, &why));
	ATF_REQUIRE(count == 87304.5);
}

static void
bad_count(const char *text, const char *want)
{
	double count, el;
	char *why;

	ATF_REQUIRE_EQ(-1, wb_harness_parse_count(text,
	    wb_suite_find("shell8"), &count, &el, &why));
	ATF_REQUIRE_MSG(strstr(why, want) != NULL, "'%s' lacks '%s'", why,
	    want);
	free(why);
}

ATF_TC_WITHOUT_HEAD(wb_harness_parse_count__bad);
ATF_TC_BODY(wb_harness_parse_count__bad, tc)
{

	bad_count("", "no COUNT line");
	bad_count("ERROR|cannot fork\n", "cannot fork");
	bad_count("COUNT|12|60|lpm|60\nextra\n", "more than one line");
	bad_count("COUNT|12|1|lps|60\n", "the suite table says 60 'lpm'");
	bad_count("COUNT|12|60|lpm\n", "malformed");
	bad_count("COUNT|12|60|lpm|6|7\n", "malformed");
	bad_count("COUNT|x|60|lpm|6\n", "bad number");
	bad_count("COUNT|-1|60|lpm|6\n", "bad number");
}

ATF_TC_WITHOUT_HEAD(wb_harness_scratch_remove__refuses_outside);
ATF_TC_BODY(wb_harness_scratch_remove__refuses_outside, tc)
{
	struct wb_runner *r;
	struct wb_err e;
	char *host, *inner, *tmp;

	fake("pipe", OK_PIPE);
	tmp = wbt_abspath("tmp");
	ATF_REQUIRE(mkdir(tmp, 0755) == 0);
	ATF_REQUIRE(setenv("TMPDIR", tmp, 1) == 0);
	ATF_REQUIRE((r = wb_runner_host_new("libexec", "share", &e)) != NULL);
	ATF_REQUIRE(mkdir("victim", 0755) == 0);
	ATF_REQUIRE_EQ(-1, wb_harness_scratch_remove(r, "victim", &e));
	ATF_REQUIRE(strstr(e.msg, "refusing") != NULL);
	ATF_REQUIRE(access("victim", F_OK) == 0);
	ATF_REQUIRE_EQ(0, wb_harness_scratch_make(r, "pipe", &host, &inner,
	    &e));
	wbt_write_file("tmp/x", "");
	ATF_REQUIRE(symlink(tmp, "link") == 0);
	ATF_REQUIRE_EQ(0, wb_harness_scratch_remove(r, host, &e));
	ATF_REQUIRE_EQ(1, entries("tmp"));	/* only tmp/x */
	free(host);
	free(inner);
	free(tmp);
	wb_runner_free(r);
}

/*
 * A results file naming another suite (and that suite's hash) does not
 * make a resume run it: the programs come from the caller's libexec, and
 * their hash does not match the recorded one.
 */
ATF_TC_WITHOUT_HEAD(wb_harness_resume__recorded_suite_ignored);
ATF_TC_BODY(wb_harness_resume__recorded_suite_ignored, tc)
{
	char hex[WB_SHA256_HEXSIZE], body[1024], *pwned, *evil, *share;
	struct wb_harness *h;
	struct wb_err e;
	json_t *j, *files;
	size_t nfailed;

	fake("pipe", OK_PIPE);
	h = start("pipe", 2, 1, "out.json");
	stop = 1;
	ATF_REQUIRE_EQ(1, wb_harness_run(h, &stop, NULL, &nfailed, &e));
	stop = 0;
	wb_harness_free(h);
	ATF_REQUIRE(mkdir("evil", 0755) == 0);
	pwned = wbt_abspath("pwned");
	snprintf(body, sizeof(body), "#!/bin/sh\ntouch %s\n" OK_PIPE "\n",
	    pwned);
	wbt_write_file("evil/pipe", body);
	ATF_REQUIRE(chmod("evil/pipe", 0755) == 0);
	evil = wbt_abspath("evil");
	share = wbt_abspath("share");
	ATF_REQUIRE_EQ(0, wb_provenance_suite(NULL, evil, share, &files, hex,
	    &e));
	json_decref(files);
	ATF_REQUIRE((j = json_load_file("out.json", 0, NULL)) != NULL);
	ATF_REQUIRE_EQ(0, json_object_set_new(json_array_get(json_object_get(
	    json_object_get(j, "plan"), "variants"), 0), "libexec",
	    json_string(evil)));
	ATF_REQUIRE_EQ(0, json_object_set_new(json_object_get(j,
	    "provenance"), "suite_hash", json_string(hex)));
	ATF_REQUIRE_EQ(0, json_dump_file(j, "out.json", JSON_INDENT(2)));
	json_decref(j);
	h = wb_harness_resume("out.json", "libexec", "share",
	    (char *[]){ "x", NULL }, 1, &e);
	if (h != NULL) {
		(void)wb_harness_run(h, &stop, NULL, &nfailed, &e);
		wb_harness_free(h);
	}
	ATF_CHECK_MSG(access(pwned, F_OK) == -1, "ran the recorded suite");
	ATF_CHECK_MSG(h == NULL && strstr(e.msg, "suite changed") != NULL,
	    "resumed a file whose suite hash is not that of libexec: %s",
	    h == NULL ? e.msg : "");
	free(pwned);
	free(evil);
	free(share);
}

/*
 * A results file whose runner is not one of this build (a jail, a
 * typo) is not resumed in some other runner: the error names the file,
 * the line of provenance.runner and the kind.
 */
ATF_TC_WITHOUT_HEAD(wb_harness_resume__unknown_runner_refused);
ATF_TC_BODY(wb_harness_resume__unknown_runner_refused, tc)
{
	char want[128], *text, *at;
	struct wb_harness *h;
	struct wb_err e;
	size_t nfailed;
	json_t *j;
	int line;

	fake("pipe", OK_PIPE);
	h = start("pipe", 2, 1, "out.json");
	stop = 1;
	ATF_REQUIRE_EQ(1, wb_harness_run(h, &stop, NULL, &nfailed, &e));
	stop = 0;
	wb_harness_free(h);
	ATF_REQUIRE((j = json_load_file("out.json", 0, NULL)) != NULL);
	ATF_REQUIRE_STREQ("host", json_string_value(json_object_get(
	    json_object_get(j, "provenance"), "runner")));
	ATF_REQUIRE_EQ(0, json_object_set_new(json_object_get(j,
	    "provenance"), "runner", json_string("no-such-runner")));
	ATF_REQUIRE_EQ(0, json_dump_file(j, "out.json", JSON_INDENT(2) |
	    JSON_SORT_KEYS));
	json_decref(j);
	/* The line, counted here from the text. */
	ATF_REQUIRE((text = wbt_read_file("out.json", NULL)) != NULL);
	ATF_REQUIRE((at = strstr(text, "\"runner\": \"no-such-runner\"")) !=
	    NULL);
	for (line = 1; at > text; at--)
		line += at[-1] == '\n';
	free(text);
	h = wb_harness_resume("out.json", "libexec", "share",
	    (char *[]){ "x", NULL }, 1, &e);
	ATF_REQUIRE_MSG(h == NULL, "resumed a run of an unknown runner");
	snprintf(want, sizeof(want), "out.json:%d: provenance.runner: runner "
	    "kind 'no-such-runner' is not a runner of this build", line);
	ATF_CHECK_MSG(strstr(e.msg, want) != NULL, "want '%s' in: %s", want,
	    e.msg);
}

/* A runner over the image root "img" whose /tmp is a link to outside. */
static struct wb_runner *
image_runner(void)
{
	struct wb_runner *r;

	ATF_REQUIRE((r = calloc(1, sizeof(*r))) != NULL);
	r->kind = WB_RUNNER_CHROOT;
	ATF_REQUIRE((r->root = wbt_abspath("img")) != NULL);
	ATF_REQUIRE((r->libexecdir = strdup("/usr/libexec/worldbench")) !=
	    NULL);
	ATF_REQUIRE((r->datadir = strdup("/usr/share/worldbench")) != NULL);
	ATF_REQUIRE((r->scratchdir = strdup("/tmp")) != NULL);
	return (r);
}

ATF_TC_WITHOUT_HEAD(wb_harness_scratch_make__image_tmp_link);
ATF_TC_BODY(wb_harness_scratch_make__image_tmp_link, tc)
{
	struct wb_runner *r;
	struct wb_err e;
	char *host, *inner, *out;

	ATF_REQUIRE(mkdir("img", 0755) == 0);
	ATF_REQUIRE(mkdir("outside", 0755) == 0);
	out = wbt_abspath("outside");
	ATF_REQUIRE(symlink(out, "img/tmp") == 0);
	r = image_runner();
	ATF_REQUIRE_EQ(-1, wb_harness_scratch_make(r, "pipe", &host, &inner,
	    &e));
	ATF_REQUIRE_MSG(strstr(e.msg, "symbolic link") != NULL, "%s", e.msg);
	ATF_REQUIRE_EQ(0, entries("outside"));
	free(out);
	wb_runner_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_harness_scratch_remove__image_tmp_link);
ATF_TC_BODY(wb_harness_scratch_remove__image_tmp_link, tc)
{
	struct wb_runner *r;
	struct wb_err e;
	char *host, *inner, *out, path[PATH_MAX];

	ATF_REQUIRE(mkdir("img", 0755) == 0);
	ATF_REQUIRE(mkdir("img/tmp", 0755) == 0);
	ATF_REQUIRE(mkdir("outside", 0755) == 0);
	r = image_runner();
	ATF_REQUIRE_EQ(0, wb_harness_scratch_make(r, "pipe", &host, &inner,
	    &e));
	ATF_REQUIRE(strncmp(inner, "/tmp/worldbench.pipe.", 21) == 0);
	/* The command swaps the image's /tmp for a link into the host. */
	ATF_REQUIRE(rename("img/tmp", "img/tmp.old") == 0);
	out = wbt_abspath("outside");
	ATF_REQUIRE(symlink(out, "img/tmp") == 0);
	snprintf(path, sizeof(path), "outside/%s", strrchr(inner, '/') + 1);
	ATF_REQUIRE(mkdir(path, 0755) == 0);
	snprintf(path, sizeof(path), "outside/%s/keep",
	    strrchr(inner, '/') + 1);
	wbt_write_file(path, "host data\n");
	ATF_REQUIRE_EQ(-1, wb_harness_scratch_remove(r, host, &e));
	ATF_REQUIRE_MSG(strstr(e.msg, "symbolic link") != NULL, "%s", e.msg);
	ATF_REQUIRE(access(path, F_OK) == 0);
	free(out);
	free(host);
	free(inner);
	wb_runner_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_harness_scratch_remove__image_tree);
ATF_TC_BODY(wb_harness_scratch_remove__image_tree, tc)
{
	struct wb_runner *r;
	struct wb_err e;
	char *host, *inner, *out, path[PATH_MAX];

	ATF_REQUIRE(mkdir("img", 0755) == 0);
	ATF_REQUIRE(mkdir("img/tmp", 0755) == 0);
	ATF_REQUIRE(mkdir("outside", 0755) == 0);
	wbt_write_file("outside/keep", "host data\n");
	r = image_runner();
	ATF_REQUIRE_EQ(0, wb_harness_scratch_make(r, "pipe", &host, &inner,
	    &e));
	/* What a pass leaves: files, subdirectories, links out. */
	snprintf(path, sizeof(path), "%s/a", host);
	ATF_REQUIRE(mkdir(path, 0755) == 0);
	snprintf(path, sizeof(path), "%s/a/b", host);
	ATF_REQUIRE(mkdir(path, 0755) == 0);
	snprintf(path, sizeof(path), "%s/a/b/f", host);
	wbt_write_file(path, "x");
	out = wbt_abspath("outside");
	snprintf(path, sizeof(path), "%s/a/out", host);
	ATF_REQUIRE(symlink(out, path) == 0);
	ATF_REQUIRE_EQ(0, wb_harness_scratch_remove(r, host, &e));
	ATF_REQUIRE_EQ(0, entries("img/tmp"));
	ATF_REQUIRE_EQ(1, entries("outside"));
	free(out);
	free(host);
	free(inner);
	wb_runner_free(r);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_harness_run__fake_programs);
	ATF_TP_ADD_TC(tp, wb_harness_run__bad_output_fails_pass);
	ATF_TP_ADD_TC(tp, wb_harness_run__interleaved_balanced);
	ATF_TP_ADD_TC(tp, wb_harness_run__stop_and_resume);
	ATF_TP_ADD_TC(tp, wb_harness_run__extend_resume_mid_block);
	ATF_TP_ADD_TC(tp, wb_harness_resume__extend_latest_plan);
	ATF_TP_ADD_TC(tp, wb_harness_run__target_ci_two_stage);
	ATF_TP_ADD_TC(tp, wb_harness_new__missing_program);
	ATF_TP_ADD_TC(tp, wb_harness_new__label_twice);
	ATF_TP_ADD_TC(tp, wb_harness_round__abba);
	ATF_TP_ADD_TC(tp, wb_harness_round__seeded);
	ATF_TP_ADD_TC(tp, wb_harness_parse_count__forms);
	ATF_TP_ADD_TC(tp, wb_harness_parse_count__bad);
	ATF_TP_ADD_TC(tp, wb_harness_scratch_remove__refuses_outside);
	ATF_TP_ADD_TC(tp, wb_harness_resume__recorded_suite_ignored);
	ATF_TP_ADD_TC(tp, wb_harness_resume__unknown_runner_refused);
	ATF_TP_ADD_TC(tp, wb_harness_scratch_make__image_tmp_link);
	ATF_TP_ADD_TC(tp, wb_harness_scratch_remove__image_tmp_link);
	ATF_TP_ADD_TC(tp, wb_harness_scratch_remove__image_tree);
	return (atf_no_error());
}
