/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The runner table: its order, the one mapping of names and kinds, the
 * probes, the choice of --runner auto (over a table of fake probes), and
 * what a runner records and reads back.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>
#include <jansson.h>

#include "runner.h"
#include "wb_util.h"
#include "wbtest.h"

/* The index of name in the table, -1 when absent. */
static int
table_index(const char *name)
{
	int i;

	for (i = 0; i < WB_RUNNER_NKINDS; i++)
		if (strcmp(wb_runner_class_of((enum wb_runner_kind)i)->name,
		    name) == 0)
			return (i);
	return (-1);
}

ATF_TC_WITHOUT_HEAD(wb_runner_kind_name__table_order);
ATF_TC_BODY(wb_runner_kind_name__table_order, tc)
{
	const struct wb_runner_class *c;
	int i, j;

	/*
	 * The order --runner auto tries them (lib/sandbox/runner_list.h): rootless
	 * before root-only.  A new line may go anywhere, so only the
	 * order of these three is fixed, and each constant is its line.
	 */
	ATF_CHECK_EQ(WB_RUNNER_USERNS, table_index("userns"));
	ATF_CHECK_EQ(WB_RUNNER_CHROOT, table_index("chroot"));
	ATF_CHECK_EQ(WB_RUNNER_HOST, table_index("host"));
	ATF_CHECK(WB_RUNNER_USERNS < WB_RUNNER_CHROOT);
	ATF_CHECK(WB_RUNNER_CHROOT < WB_RUNNER_HOST);
	for (i = 0; i < WB_RUNNER_NKINDS; i++) {
		ATF_REQUIRE((c = wb_runner_class_of((enum wb_runner_kind)i)) !=
		    NULL);
		ATF_CHECK_STREQ(c->name, wb_runner_kind_name(
		    (enum wb_runner_kind)i));
		ATF_CHECK_MSG(c->probe != NULL && c->new != NULL &&
		    c->provenance != NULL && c->summary != NULL,
		    "%s: an entry without probe, constructor, provenance or "
		    "summary", c->name);
		/* Names are unique, and none is the option "auto". */
		ATF_CHECK(strcmp(c->name, "auto") != 0);
		for (j = 0; j < i; j++)
			ATF_CHECK(strcmp(c->name, wb_runner_kind_name(
			    (enum wb_runner_kind)j)) != 0);
	}
	ATF_CHECK(wb_runner_class_of(WB_RUNNER_AUTO) == NULL);
	ATF_CHECK(wb_runner_class_of(WB_RUNNER_NKINDS) == NULL);
	ATF_CHECK_STREQ("auto", wb_runner_kind_name(WB_RUNNER_AUTO));
	ATF_CHECK_STREQ("?", wb_runner_kind_name(WB_RUNNER_NKINDS));
}

ATF_TC_WITHOUT_HEAD(wb_runner_kind_parse__round_trip);
ATF_TC_BODY(wb_runner_kind_parse__round_trip, tc)
{
	enum wb_runner_kind k;
	struct wb_err e;
	int i;

	for (i = WB_RUNNER_AUTO; i < WB_RUNNER_NKINDS; i++) {
		k = WB_RUNNER_NKINDS;
		ATF_REQUIRE_EQ_MSG(0, wb_runner_kind_parse(wb_runner_kind_name(
		    (enum wb_runner_kind)i), &k, &e), "%d: %s", i, e.msg);
		ATF_CHECK_EQ(i, (int)k);
	}
}

ATF_TC_WITHOUT_HEAD(wb_runner_kind_parse__unknown);
ATF_TC_BODY(wb_runner_kind_parse__unknown, tc)
{
	static const char *const bad[] = { "no-such-runner", "", "Chroot",
	    "userns ",
	    "chroot-unconfined", "qemu", "?" };
	enum wb_runner_kind k;
	struct wb_err e;
	char want[160];
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		k = WB_RUNNER_HOST;
		ATF_CHECK_EQ_MSG(-1, wb_runner_kind_parse(bad[i], &k, &e),
		    "'%s' parsed", bad[i]);
		ATF_CHECK_EQ(WB_RUNNER_HOST, k);
		snprintf(want, sizeof(want), "runner '%s': no such runner "
		    "(expected auto, userns, chroot", bad[i]);
		ATF_CHECK_MSG(strncmp(want, e.msg, strlen(want)) == 0 &&
		    strstr(e.msg, " or host)") != NULL, "%s", e.msg);
	}
}

ATF_TC_WITHOUT_HEAD(wb_runner_probe_all__host_always);
ATF_TC_BODY(wb_runner_probe_all__host_always, tc)
{
	struct wb_runner_probe rp[WB_RUNNER_NKINDS];
	int i;

	wb_runner_probe_all(rp);
	for (i = 0; i < WB_RUNNER_NKINDS; i++) {
		ATF_CHECK_STREQ(wb_runner_kind_name((enum wb_runner_kind)i),
		    rp[i].name);
		/* Usable or not, every probe says why. */
		ATF_CHECK_MSG(rp[i].why[0] != '\0', "%s: no reason",
		    rp[i].name);
	}
	ATF_CHECK(rp[WB_RUNNER_HOST].usable);
	ATF_CHECK(!rp[WB_RUNNER_HOST].images);
	ATF_CHECK(rp[WB_RUNNER_USERNS].images && rp[WB_RUNNER_CHROOT].images);
	/* The chroot runner is root's alone. */
	ATF_CHECK_EQ(geteuid() == 0, rp[WB_RUNNER_CHROOT].usable);
}

/* A table of fake runners whose probes answer as told and count calls. */
static int calls[4];

#define FAKE_PROBE(n, ok, text)						\
static int								\
probe##n(char *why, size_t len)						\
{									\
									\
	calls[n]++;							\
	snprintf(why, len, "%s", text);					\
	return (ok ? 0 : -1);						\
}
FAKE_PROBE(0, 0, "a is off here")
FAKE_PROBE(1, 1, "b works")
FAKE_PROBE(2, 1, "c works")
FAKE_PROBE(3, 0, "d is off too")

static const struct wb_runner_class fake_a = { .name = "a", .images = 1,
	.probe = probe0 };
static const struct wb_runner_class fake_b = { .name = "b", .images = 1,
	.probe = probe1 };
static const struct wb_runner_class fake_c = { .name = "c", .images = 1,
	.probe = probe2 };
static const struct wb_runner_class fake_d = { .name = "d", .images = 1,
	.probe = probe3 };
/* Usable, but runs no image: never auto's choice for an image. */
static const struct wb_runner_class fake_host = { .name = "h", .images = 0,
	.probe = probe2 };

ATF_TC_WITHOUT_HEAD(wb_runner_pick__auto_by_order);
ATF_TC_BODY(wb_runner_pick__auto_by_order, tc)
{
	const struct wb_runner_class *t[] = { &fake_host, &fake_a, &fake_b,
	    &fake_c };
	const struct wb_runner_class *first[] = { &fake_c, &fake_b };
	char note[512];
	struct wb_err e;
	int picked;

	memset(calls, 0, sizeof(calls));
	picked = -1;
	ATF_REQUIRE_EQ_MSG(0, wb_runner_pick(t, 4, -1, &picked, note,
	    sizeof(note), &e), "%s", e.msg);
	ATF_CHECK_EQ(2, picked);
	ATF_CHECK_STREQ("the a runner cannot start: a is off here; using the "
	    "b runner (b works)", note);
	/* Probed in order, and no further than the choice. */
	ATF_CHECK_EQ(1, calls[0]);
	ATF_CHECK_EQ(1, calls[1]);
	ATF_CHECK_EQ(0, calls[2]);
	/* The first usable one: nothing to say. */
	ATF_REQUIRE_EQ(0, wb_runner_pick(first, 2, -1, &picked, note,
	    sizeof(note), &e));
	ATF_CHECK_EQ(0, picked);
	ATF_CHECK_STREQ("", note);
}

ATF_TC_WITHOUT_HEAD(wb_runner_pick__none_usable);
ATF_TC_BODY(wb_runner_pick__none_usable, tc)
{
	const struct wb_runner_class *t[] = { &fake_a, &fake_host, &fake_d };
	char note[512];
	struct wb_err e;
	int picked;

	picked = -1;
	ATF_REQUIRE_EQ(-1, wb_runner_pick(t, 3, -1, &picked, note,
	    sizeof(note), &e));
	ATF_CHECK_EQ(-1, picked);
	ATF_CHECK_STREQ("no runner can enter an image here: the a runner "
	    "cannot start: a is off here; the d runner cannot start: d is off "
	    "too", e.msg);
	ATF_CHECK_EQ(WB_ERR_NOPERM, e.class);
}

ATF_TC_WITHOUT_HEAD(wb_runner_pick__asked);
ATF_TC_BODY(wb_runner_pick__asked, tc)
{
	const struct wb_runner_class *t[] = { &fake_a, &fake_b, &fake_host };
	char note[512];
	struct wb_err e;
	int picked;

	ATF_REQUIRE_EQ(0, wb_runner_pick(t, 3, 1, &picked, note,
	    sizeof(note), &e));
	ATF_CHECK_EQ(1, picked);
	ATF_CHECK_STREQ("", note);
	/* Asked for, it is not replaced by another when it cannot start. */
	picked = -1;
	ATF_REQUIRE_EQ(-1, wb_runner_pick(t, 3, 0, &picked, note,
	    sizeof(note), &e));
	ATF_CHECK_EQ(-1, picked);
	ATF_CHECK_STREQ("the a runner cannot start: a is off here", e.msg);
	ATF_REQUIRE_EQ(-1, wb_runner_pick(t, 3, 2, &picked, note,
	    sizeof(note), &e));
	ATF_CHECK_STREQ("the h runner does not enter images (--runner takes "
	    "auto, a, b)", e.msg);
	ATF_CHECK_EQ(-1, wb_runner_pick(t, 3, 3, &picked, note,
	    sizeof(note), &e));
}

ATF_TC_WITHOUT_HEAD(wb_runner_new__auto_refused);
ATF_TC_BODY(wb_runner_new__auto_refused, tc)
{
	struct wb_err e;

	ATF_CHECK(wb_runner_new(WB_RUNNER_AUTO, "img", NULL, NULL, NULL,
	    &e) == NULL);
	ATF_CHECK_STREQ("runner 'auto': not a runner (resolve it first)",
	    e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_runner_provenance__host);
ATF_TC_BODY(wb_runner_provenance__host, tc)
{
	struct wb_runner *r;
	struct wb_err e;
	json_t *p;

	ATF_REQUIRE(mkdir("libexec", 0755) == 0 && mkdir("share", 0755) == 0);
	ATF_REQUIRE_MSG((r = wb_runner_new(WB_RUNNER_HOST, "host", NULL,
	    "libexec", "share", &e)) != NULL, "%s", e.msg);
	ATF_CHECK_EQ(WB_RUNNER_HOST, r->kind);
	ATF_REQUIRE((p = wb_runner_provenance(r)) != NULL);
	ATF_CHECK_STREQ("host", json_string_value(json_object_get(p,
	    "runner")));
	ATF_CHECK(json_is_null(json_object_get(p, "bounds")));
	ATF_CHECK(json_is_false(json_object_get(json_object_get(p,
	    "confinement"), "confined")));
	json_decref(p);
	wb_runner_free(r);
}

/* Resume reads what the file recorded: kind and bounds. */
ATF_TC_WITHOUT_HEAD(wb_runner_resume_opts__recorded);
ATF_TC_BODY(wb_runner_resume_opts__recorded, tc)
{
	struct wb_runner_opts o;
	struct wb_err e;
	json_t *p;

	p = json_pack("{s:s, s:{s:i, s:i, s:i, s:[i, i]}}", "runner",
	    "userns", "bounds", "tmp_size", 1 << 24, "procs", 64, "memory",
	    1 << 28, "userns_map", 1234, 5678);
	ATF_REQUIRE(p != NULL);
	ATF_REQUIRE_MSG(wb_runner_resume_opts(p, "r.json", "/img", &o,
	    &e) == 0, "%s", e.msg);
	ATF_CHECK_EQ(WB_RUNNER_USERNS, o.kind);
	ATF_CHECK_EQ(64, o.bounds.procs);
	ATF_CHECK_EQ(1 << 24, (int)o.bounds.tmp_size);
	ATF_CHECK_EQ(1234, (int)o.map_uid);
	json_decref(p);
	/* Older than the record: chroot for an image, host for the host. */
	p = json_object();
	ATF_REQUIRE_EQ(0, wb_runner_resume_opts(p, "r.json", "/img", &o, &e));
	ATF_CHECK_EQ(WB_RUNNER_CHROOT, o.kind);
	ATF_REQUIRE_EQ(0, wb_runner_resume_opts(p, "r.json", "host", &o, &e));
	ATF_CHECK_EQ(WB_RUNNER_HOST, o.kind);
	json_decref(p);
}

ATF_TC_WITHOUT_HEAD(wb_runner_resume_opts__refused);
ATF_TC_BODY(wb_runner_resume_opts__refused, tc)
{
	static const char want[] = "r.json:4: provenance.runner: runner kind "
	    "'no-such-runner' is not a runner of this build (it has userns "
	    "chroot";
	struct wb_runner_opts o;
	struct wb_err e;
	json_t *p;

	/* Line 4 of the file; "runner" of the plan (line 2) is not it. */
	wbt_write_file("r.json", "{\n  \"plan\": {\"runner\": \"x\"},\n"
	    "  \"provenance\": {\n    \"runner\": \"no-such-runner\"\n"
	    "  }\n}\n");
	ATF_REQUIRE((p = json_pack("{s:s}", "runner", "no-such-runner")) !=
	    NULL);
	ATF_REQUIRE_EQ(-1, wb_runner_resume_opts(p, "r.json", "/img", &o,
	    &e));
	ATF_CHECK_MSG(strncmp(e.msg, want, strlen(want)) == 0, "%s", e.msg);
	json_decref(p);
	/* "auto" is an option, never a recorded kind. */
	ATF_REQUIRE((p = json_pack("{s:s}", "runner", "auto")) != NULL);
	ATF_CHECK_EQ(-1, wb_runner_resume_opts(p, "gone.json", "/img", &o,
	    &e));
	ATF_CHECK_MSG(strstr(e.msg, "gone.json: provenance.runner: runner "
	    "kind 'auto' is not a runner") == e.msg, "%s", e.msg);
	json_decref(p);
	/* The host's own suite is no image runner's, and the other way. */
	ATF_REQUIRE((p = json_pack("{s:s}", "runner", "chroot")) != NULL);
	ATF_CHECK_EQ(-1, wb_runner_resume_opts(p, "x.json", "host", &o, &e));
	ATF_CHECK(strstr(e.msg, "whose root is the host") != NULL);
	json_decref(p);
	ATF_REQUIRE((p = json_pack("{s:s}", "runner", "host")) != NULL);
	ATF_CHECK_EQ(-1, wb_runner_resume_opts(p, "x.json", "/img", &o, &e));
	json_decref(p);
	ATF_REQUIRE((p = json_pack("{s:i}", "runner", 3)) != NULL);
	ATF_CHECK_EQ(-1, wb_runner_resume_opts(p, "x.json", "/img", &o, &e));
	ATF_CHECK_STREQ("x.json: provenance.runner: not a string", e.msg);
	json_decref(p);
	ATF_REQUIRE((p = json_pack("{s:s, s:{s:i}}", "runner", "chroot",
	    "bounds", "procs", 3)) != NULL);
	ATF_CHECK_EQ(-1, wb_runner_resume_opts(p, "x.json", "/img", &o, &e));
	ATF_CHECK_STREQ("x.json: provenance.bounds: malformed", e.msg);
	json_decref(p);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_runner_kind_name__table_order);
	ATF_TP_ADD_TC(tp, wb_runner_kind_parse__round_trip);
	ATF_TP_ADD_TC(tp, wb_runner_kind_parse__unknown);
	ATF_TP_ADD_TC(tp, wb_runner_probe_all__host_always);
	ATF_TP_ADD_TC(tp, wb_runner_pick__auto_by_order);
	ATF_TP_ADD_TC(tp, wb_runner_pick__none_usable);
	ATF_TP_ADD_TC(tp, wb_runner_pick__asked);
	ATF_TP_ADD_TC(tp, wb_runner_new__auto_refused);
	ATF_TP_ADD_TC(tp, wb_runner_provenance__host);
	ATF_TP_ADD_TC(tp, wb_runner_resume_opts__recorded);
	ATF_TP_ADD_TC(tp, wb_runner_resume_opts__refused);
	return (atf_no_error());
}
