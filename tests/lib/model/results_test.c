/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "results.h"
#include "wb_util.h"
#include "wbtest.h"

static struct wb_results *
sample_results(void)
{
	struct wb_result_test *t;
	struct wb_results *r;
	struct wb_sample s;
	struct wb_err e;

	ATF_REQUIRE((r = wb_results_new(&e)) != NULL);
	ATF_REQUIRE((t = wb_results_add_test(r, "pipe", "Pipe Throughput",
	    "lps", 1, 12440.0, 10, 10.0, &e)) != NULL);
	memset(&s, 0, sizeof(s));
	s.pass = 1;
	s.seq = 4;
	s.status = WB_SAMPLE_OK;
	s.count = 11413968.25;
	s.elapsed = 10.000125;
	s.rate = s.count / s.elapsed;
	s.copies = 1;
	s.utime = 1.5;
	s.minflt = 123;
	ATF_REQUIRE_EQ(0, wb_results_add_sample(t, &s, &e));
	s.pass = 2;
	s.status = WB_SAMPLE_FAILED;
	s.error = "copy 1: bad\tthing";
	ATF_REQUIRE_EQ(0, wb_results_add_sample(t, &s, &e));
	ATF_REQUIRE_EQ(0, wb_results_set_provenance(r, "label",
	    json_string("prod"), &e));
	ATF_REQUIRE_EQ(0, wb_results_add_finding(r, "kernel-warning",
	    "WARNING: at foo", &e));
	return (r);
}

ATF_TC_WITHOUT_HEAD(wb_results_write__round_trip);
ATF_TC_BODY(wb_results_write__round_trip, tc)
{
	struct wb_results *r, *q;
	struct wb_result_test *t;
	struct wb_err e;

	r = sample_results();
	r->status = WB_RESULTS_COMPLETE;
	ATF_REQUIRE_MSG(wb_results_write(r, "r.json", &e) == 0, "%s", e.msg);
	ATF_REQUIRE_MSG(wb_results_read("r.json", &q, &e) == 0, "%s", e.msg);
	ATF_REQUIRE_EQ(WB_RESULTS_COMPLETE, q->status);
	ATF_REQUIRE_EQ(1, q->ntests);
	t = q->tests[0];
	ATF_REQUIRE_STREQ("Pipe Throughput", t->name);
	ATF_REQUIRE_EQ(2, t->nsamples);
	ATF_REQUIRE(t->samples[0].count == r->tests[0]->samples[0].count);
	ATF_REQUIRE(t->samples[0].rate == r->tests[0]->samples[0].rate);
	ATF_REQUIRE_EQ(123, t->samples[0].minflt);
	ATF_REQUIRE_EQ(WB_SAMPLE_FAILED, t->samples[1].status);
	/* Control characters from child output are made printable. */
	ATF_REQUIRE_STREQ("copy 1: bad?thing", t->samples[1].error);
	ATF_REQUIRE_STREQ("prod", json_string_value(json_object_get(
	    q->provenance, "label")));
	ATF_REQUIRE_EQ(1, json_array_size(q->findings));
	wb_results_free(r);
	wb_results_free(q);
}

ATF_TC_WITHOUT_HEAD(wb_results_write__no_temp_left);
ATF_TC_BODY(wb_results_write__no_temp_left, tc)
{
	struct wb_results *r;
	struct wb_err e;

	r = sample_results();
	ATF_REQUIRE_EQ(-1, wb_results_write(r, "nodir/r.json", &e));
	ATF_REQUIRE(strstr(e.msg, "nodir/r.json") != NULL);
	wb_results_free(r);
}

static void
expect_error(const char *text, const char *want)
{
	struct wb_results *r;
	struct wb_err e;

	wbt_write_file("bad.json", text);
	ATF_REQUIRE_EQ(-1, wb_results_read("bad.json", &r, &e));
	ATF_REQUIRE(r == NULL);
	ATF_REQUIRE_MSG(strstr(e.msg, want) != NULL, "'%s' lacks '%s'", e.msg,
	    want);
}

#define HEAD	"{\"format\":\"worldbench-results\",\"version\":1," \
		"\"status\":\"complete\",\"provenance\":{},\"plan\":{},"
#define TEST	"{\"id\":\"pipe\",\"name\":\"P\",\"unit\":\"lps\"," \
		"\"timebase\":1,\"baseline\":12440.0,\"passes_planned\":1," \
		"\"duration\":10,\"samples\":["
#define SAMPLE	"\"pass\":1,\"seq\":1,\"boot\":0,\"count\":1,\"elapsed\":1," \
		"\"copies\":1,\"wall\":1,\"utime\":0,\"stime\":0," \
		"\"minflt\":0,\"majflt\":0,\"nvcsw\":0,\"nivcsw\":0,"

ATF_TC_WITHOUT_HEAD(wb_results_read__valid_minimal);
ATF_TC_BODY(wb_results_read__valid_minimal, tc)
{
	struct wb_results *r;
	struct wb_err e;

	wbt_write_file("ok.json", HEAD "\"tests\":[" TEST "{" SAMPLE
	    "\"status\":\"ok\",\"rate\":5}]}]}");
	ATF_REQUIRE_MSG(wb_results_read("ok.json", &r, &e) == 0, "%s", e.msg);
	ATF_REQUIRE_EQ(1, r->tests[0]->nsamples);
	wb_results_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_results_read__malformed);
ATF_TC_BODY(wb_results_read__malformed, tc)
{

	expect_error("{\"format\": \"worldbench-results\",\n  \"version\": }",
	    "bad.json:2:");
	expect_error("[]", "bad.json: document: not a JSON object");
	expect_error("{\"format\":\"other\"}", "bad.json: format:");
	expect_error("{\"format\":\"worldbench-results\",\"version\":2}",
	    "version: 2 is not supported");
	expect_error(HEAD "\"tests\":[" TEST "{" SAMPLE
	    "\"status\":\"ok\",\"rate\":\"x\"}]}]}",
	    "bad.json: tests[0].samples[0].rate: not a number");
	expect_error(HEAD "\"tests\":[" TEST "{" SAMPLE
	    "\"status\":\"ok\",\"rate\":0}]}]}",
	    "tests[0].samples[0].rate: an ok sample needs a positive rate");
	expect_error(HEAD "\"tests\":[" TEST "{" SAMPLE
	    "\"status\":\"maybe\",\"rate\":1}]}]}",
	    "tests[0].samples[0].status: not one of");
	expect_error(HEAD "\"tests\":[" TEST "{" SAMPLE
	    "\"status\":\"ok\",\"rate\":1,\"colour\":1}]}]}",
	    "tests[0].samples[0].colour: unknown field");
	expect_error(HEAD "\"tests\":[" TEST "{" SAMPLE
	    "\"status\":\"ok\",\"rate\":1},{" SAMPLE
	    "\"status\":\"ok\",\"rate\":1}]}]}",
	    "tests[0].samples[1].pass: duplicate pass number");
	expect_error(HEAD "\"tests\":[{\"id\":\"pipe\"}]}",
	    "tests[0].name: missing");
	expect_error(HEAD "\"tests\":{}}", "tests: not an array");
}

/* Numbers out of their type's or their meaning's range (finding 12). */
#define TESTB(b) "{\"id\":\"pipe\",\"name\":\"P\",\"unit\":\"lps\"," \
		"\"timebase\":1,\"baseline\":" b ",\"passes_planned\":1," \
		"\"duration\":10,\"samples\":["
#define SAMPLEX(pass, copies) "\"pass\":" pass ",\"seq\":1,\"boot\":0," \
		"\"count\":1,\"elapsed\":1,\"copies\":" copies ",\"wall\":1," \
		"\"utime\":0,\"stime\":0,\"minflt\":0,\"majflt\":0," \
		"\"nvcsw\":0,\"nivcsw\":0,"

ATF_TC_WITHOUT_HEAD(wb_results_read__out_of_range);
ATF_TC_BODY(wb_results_read__out_of_range, tc)
{

	expect_error(HEAD "\"tests\":[" TEST "{" SAMPLEX("4294967297", "1")
	    "\"status\":\"ok\",\"rate\":5}]}]}",
	    "bad.json: tests[0].samples[0].pass: 4294967297 is not in 1..");
	expect_error(HEAD "\"tests\":[" TEST "{" SAMPLEX("1", "4294967296")
	    "\"status\":\"ok\",\"rate\":5}]}]}",
	    "bad.json: tests[0].samples[0].copies: 4294967296 is not in "
	    "1..256");
	expect_error(HEAD "\"tests\":[" TEST "{" SAMPLEX("1", "257")
	    "\"status\":\"ok\",\"rate\":5}]}]}",
	    "tests[0].samples[0].copies: 257 is not in 1..256");
	expect_error(HEAD "\"tests\":[" TESTB("5e-324") "{" SAMPLE
	    "\"status\":\"ok\",\"rate\":5}]}]}",
	    "bad.json: tests[0].baseline: 4.94066e-324 is below 1e-06");
	expect_error(HEAD "\"tests\":[" TEST "{" SAMPLE
	    "\"status\":\"failed\",\"rate\":-1}]}]}",
	    "tests[0].samples[0].rate: negative");
	expect_error(HEAD "\"tests\":[" TEST "{" SAMPLE
	    "\"status\":\"ok\",\"rate\":1e999}]}]}",
	    "bad.json:1:369: real number overflow");
	expect_error(HEAD "\"tests\":[" TEST "{"
	    "\"pass\":1,\"seq\":-1,\"boot\":0,\"count\":1,\"elapsed\":1,"
	    "\"copies\":1,\"wall\":1,\"utime\":0,\"stime\":0,\"minflt\":0,"
	    "\"majflt\":0,\"nvcsw\":0,\"nivcsw\":0,"
	    "\"status\":\"ok\",\"rate\":5}]}]}",
	    "tests[0].samples[0].seq: -1 is not in 0..");
	expect_error(HEAD "\"tests\":[" TEST "{"
	    "\"pass\":1,\"seq\":1,\"boot\":4294967296,\"count\":1,"
	    "\"elapsed\":1,\"copies\":1,\"wall\":1,\"utime\":0,\"stime\":0,"
	    "\"minflt\":0,\"majflt\":0,\"nvcsw\":0,\"nivcsw\":0,"
	    "\"status\":\"ok\",\"rate\":5}]}]}",
	    "tests[0].samples[0].boot: 4294967296 is not in 0..");
}

/* A string of n bytes "aaa...", for the limits below; static. */
static const char *
str(size_t n)
{
	static char buf[4200];

	ATF_REQUIRE(n < sizeof(buf));
	memset(buf, 'a', n);
	buf[n] = '\0';
	return (buf);
}

/* The results text with ps in provenance, pl in plan, t as the test. */
static void
limit_case(const char *ps, const char *pl, const char *t, const char *want)
{
	struct wb_results *r;
	struct wb_err e;
	char *text;

	ATF_REQUIRE(asprintf(&text, "{\"format\":\"worldbench-results\","
	    "\"version\":1,\"status\":\"complete\",\"provenance\":{%s},"
	    "\"plan\":{%s},\"tests\":[%s]}", ps, pl, t) != -1);
	if (want != NULL)
		expect_error(text, want);
	else {
		wbt_write_file("ok.json", text);
		ATF_CHECK_MSG(wb_results_read("ok.json", &r, &e) == 0,
		    "%.200s: %s", text, e.msg);
		wb_results_free(r);
	}
	free(text);
}

#define SAMPLE_OK "{" SAMPLE "\"status\":\"ok\",\"rate\":5}"

/* Every string is bounded: labels and ids by grammar, names, free text. */
ATF_TC_WITHOUT_HEAD(wb_results_read__string_limits);
ATF_TC_BODY(wb_results_read__string_limits, tc)
{
	char p[4600], t[4600];

	/* A label: 64 bytes is one, 65 is not, wherever it is recorded. */
	snprintf(p, sizeof(p), "\"label\":\"%s\"", str(64));
	limit_case(p, "", "", NULL);
	snprintf(p, sizeof(p), "\"label\":\"%s\"", str(65));
	limit_case(p, "", "", "bad.json: provenance.label: 65 bytes, longer "
	    "than the 64 bytes a label may have");
	snprintf(p, sizeof(p), "\"variant\":{\"name\":\"%s\"}", str(65));
	limit_case(p, "", "", "bad.json: provenance.variant.name: 65 bytes");
	snprintf(p, sizeof(p), "\"variants\":[{\"label\":\"x\"},"
	    "{\"label\":\"%s\"}]", str(65));
	limit_case("", p, "", "bad.json: plan.variants[1].label: 65 bytes");
	/* Free text and keys in provenance and plan. */
	snprintf(p, sizeof(p), "\"cflags\":\"%s\"", str(4096));
	limit_case(p, "", "", NULL);
	snprintf(p, sizeof(p), "\"host\":{\"fingerprint\":{\"cpu\":[\"x\","
	    "\"%s\"]}}", str(4097));
	limit_case(p, "", "", "bad.json: provenance.host.fingerprint.cpu[1]: "
	    "4097 bytes, longer than the 4096 bytes free text may have");
	snprintf(p, sizeof(p), "\"%s\":1", str(257));
	limit_case("", p, "", "bad.json: plan: a key of 257 bytes, longer "
	    "than the 256 bytes a name may have");
	/* A test's id, name and unit, a sample's error. */
	snprintf(t, sizeof(t), "{\"id\":\"%s\",\"name\":\"P\","
	    "\"unit\":\"lps\",\"timebase\":1,\"baseline\":1,"
	    "\"passes_planned\":1,\"duration\":1,\"samples\":[]}", str(65));
	limit_case("", "", t, "bad.json: tests[0].id: 65 bytes, longer than "
	    "the 64 bytes a test id may have");
	snprintf(t, sizeof(t), "{\"id\":\"pipe\",\"name\":\"%s\","
	    "\"unit\":\"lps\",\"timebase\":1,\"baseline\":1,"
	    "\"passes_planned\":1,\"duration\":1,\"samples\":[]}", str(257));
	limit_case("", "", t, "bad.json: tests[0].name: 257 bytes");
	snprintf(t, sizeof(t), "{\"id\":\"pipe\",\"name\":\"P\","
	    "\"unit\":\"%s\",\"timebase\":1,\"baseline\":1,"
	    "\"passes_planned\":1,\"duration\":1,\"samples\":[]}", str(257));
	limit_case("", "", t, "bad.json: tests[0].unit: 257 bytes");
	snprintf(t, sizeof(t), TEST "{" SAMPLE "\"status\":\"failed\","
	    "\"rate\":0,\"error\":\"%s\"}]}", str(4097));
	limit_case("", "", t, "bad.json: tests[0].samples[0].error: 4097 "
	    "bytes, longer than the 4096 bytes free text may have");
	/* A NUL inside a name: the parser's error, with its position. */
	limit_case("", "", "{\"id\":\"pi\\u0000pe\",\"name\":\"P\","
	    "\"unit\":\"lps\",\"timebase\":1,\"baseline\":1,"
	    "\"passes_planned\":1,\"duration\":1,\"samples\":[]}",
	    "bad.json:1:116: \\u0000 is not allowed");
	/* A test of ordinary strings is still read. */
	limit_case("\"label\":\"host-glibc-debug@production\"", "",
	    TEST SAMPLE_OK "]}", NULL);
}

ATF_TC_WITHOUT_HEAD(wb_results_read__missing_file);
ATF_TC_BODY(wb_results_read__missing_file, tc)
{
	struct wb_results *r;
	struct wb_err e;

	ATF_REQUIRE_EQ(-1, wb_results_read("nosuch.json", &r, &e));
	ATF_REQUIRE(strstr(e.msg, "nosuch.json") != NULL);
}

ATF_TC_WITHOUT_HEAD(wb_results_add_test__duplicate);
ATF_TC_BODY(wb_results_add_test__duplicate, tc)
{
	struct wb_results *r;
	struct wb_err e;

	r = sample_results();
	ATF_REQUIRE(wb_results_add_test(r, "pipe", "x", "lps", 1, 1, 1, 1,
	    &e) == NULL);
	ATF_REQUIRE(wb_results_find_test(r, "pipe") != NULL);
	ATF_REQUIRE(wb_results_find_test(r, "syscall") == NULL);
	wb_results_free(r);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_results_write__round_trip);
	ATF_TP_ADD_TC(tp, wb_results_write__no_temp_left);
	ATF_TP_ADD_TC(tp, wb_results_read__valid_minimal);
	ATF_TP_ADD_TC(tp, wb_results_read__malformed);
	ATF_TP_ADD_TC(tp, wb_results_read__out_of_range);
	ATF_TP_ADD_TC(tp, wb_results_read__string_limits);
	ATF_TP_ADD_TC(tp, wb_results_read__missing_file);
	ATF_TP_ADD_TC(tp, wb_results_add_test__duplicate);
	return (atf_no_error());
}
