/* SPDX-License-Identifier: BSD-2-Clause */
#include <sys/stat.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>
#include <jansson.h>

#include "attrib.h"
#include "explain.h"
#include "wb_util.h"
#include "wbtest.h"

static struct wb_attrib_symtab *
symtab(const atf_tc_t *tc)
{
	struct wb_attrib_symtab *t;
	struct wb_err e;

	t = wb_attrib_symtab_read(wbt_datapath(tc, "attrib/System.map"), &e);
	ATF_REQUIRE_MSG(t != NULL, "%s", e.msg);
	return (t);
}

static void
write_file(const char *path, const char *text)
{
	FILE *fp;

	ATF_REQUIRE((fp = fopen(path, "w")) != NULL);
	fputs(text, fp);
	ATF_REQUIRE(fclose(fp) == 0);
}

ATF_TC_WITHOUT_HEAD(wb_attrib_symtab_read__ranges);
ATF_TC_BODY(wb_attrib_symtab_read__ranges, tc)
{
	static const char *names[] = { "startup_64", "copy_process",
	    "helper", "helper", "__list_add_valid", "lock_acquire",
	    "mutex_lock", "same_charge", "debug_object_init", "orphan",
	    "__entry_text_start", "__sched_text_start" };
	struct wb_attrib_symtab *t;
	size_t i;

	t = symtab(tc);
	/* _stext is an alias, some_data not text, _etext has no end. */
	ATF_REQUIRE_EQ(sizeof(names) / sizeof(names[0]), t->n);
	for (i = 0; i < t->n; i++)
		ATF_CHECK_STREQ(names[i], t->sym[i].name);
	ATF_REQUIRE_EQ(1, t->sym[0].nalias);
	ATF_CHECK_STREQ("_stext", t->sym[0].alias[0]);
	ATF_REQUIRE_EQ(1, t->sym[11].nalias);
	ATF_CHECK_STREQ("fpu_check", t->sym[11].alias[0]);
	ATF_CHECK_EQ(0xffffffff81000000ULL, t->sym[0].start);
	ATF_CHECK_EQ(0xffffffff81000010ULL, t->sym[0].end);
	/* helper runs past the data symbol to the next text one. */
	ATF_CHECK_EQ(0xffffffff81000080ULL, t->sym[2].end);
	ATF_CHECK_EQ(0xffffffff810001a0ULL, t->sym[11].end);
	ATF_CHECK_EQ(3, wb_attrib_symtab_find(t, 0xffffffff81000080ULL));
	ATF_CHECK_EQ(-1, wb_attrib_symtab_find(t, 0xffffffff81000081ULL));
	wb_attrib_symtab_free(t);
}

ATF_TC_WITHOUT_HEAD(wb_attrib_symtab_read__unsorted);
ATF_TC_BODY(wb_attrib_symtab_read__unsorted, tc)
{
	struct wb_err e;

	write_file("map", "ffffffff81000010 T b\nffffffff81000000 T a\n");
	ATF_CHECK(wb_attrib_symtab_read("map", &e) == NULL);
	ATF_CHECK_MSG(strstr(e.msg, "map:2: a is not sorted") != NULL, "%s",
	    e.msg);
	write_file("map", "ffffffff81000010 T\n");
	ATF_CHECK(wb_attrib_symtab_read("map", &e) == NULL);
	ATF_CHECK_MSG(strstr(e.msg, "map:1: not \"address type name\"") !=
	    NULL, "%s", e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_attrib_symtab_write__plugin_table);
ATF_TC_BODY(wb_attrib_symtab_write__plugin_table, tc)
{
	struct wb_attrib_symtab *t;
	struct wb_err e;
	char line[256];
	FILE *fp;

	t = symtab(tc);
	ATF_REQUIRE_MSG(wb_attrib_symtab_write(t, "syms", &e) == 0, "%s",
	    e.msg);
	ATF_REQUIRE((fp = fopen("syms", "r")) != NULL);
	ATF_REQUIRE(fgets(line, sizeof(line), fp) != NULL);
	ATF_CHECK_STREQ("ffffffff81000000 ffffffff81000010 startup_64\n", line);
	fclose(fp);
	wb_attrib_symtab_free(t);
}

ATF_TC_WITHOUT_HEAD(wb_attrib_counts_read__ok);
ATF_TC_BODY(wb_attrib_counts_read__ok, tc)
{
	struct wb_attrib_symtab *t;
	struct wb_attrib_counts c;
	struct wb_err e;

	t = symtab(tc);
	ATF_REQUIRE_MSG(wb_attrib_counts_read(wbt_datapath(tc,
	    "attrib/counts.in"), t, &c, &e) == 0, "%s", e.msg);
	ATF_CHECK_EQ(1000, c.user);
	ATF_CHECK_EQ(7, c.other);
	ATF_CHECK_EQ(40, c.sym[1]);
	/* The second helper, by its address. */
	ATF_CHECK_EQ(0, c.sym[2]);
	ATF_CHECK_EQ(5, c.sym[3]);
	ATF_CHECK_EQ(300, c.sym[5]);
	wb_attrib_counts_fini(&c);
	wb_attrib_symtab_free(t);
}

ATF_TC_WITHOUT_HEAD(wb_attrib_counts_read__foreign);
ATF_TC_BODY(wb_attrib_counts_read__foreign, tc)
{
	struct wb_attrib_symtab *t;
	struct wb_attrib_counts c;
	struct wb_err e;

	t = symtab(tc);
	/* An address of another kernel's table. */
	ATF_CHECK(wb_attrib_counts_read(wbt_datapath(tc,
	    "attrib/counts-bad.in"), t, &c, &e) == -1);
	ATF_CHECK_MSG(strstr(e.msg, "counts-bad.in:2: mutex_lock at "
	    "ffffffff81000010 is not a symbol") != NULL, "%s", e.msg);
	write_file("c", "user 3\n");
	ATF_CHECK(wb_attrib_counts_read("c", t, &c, &e) == -1);
	ATF_CHECK_MSG(strstr(e.msg, "c:1: not an insncount file") != NULL,
	    "%s", e.msg);
	wb_attrib_symtab_free(t);
}

static struct wb_attrib_objs *
objs(const atf_tc_t *tc)
{
	struct wb_attrib_objs *o;
	struct wb_err e;
	FILE *fp;

	ATF_REQUIRE((fp = fopen(wbt_datapath(tc, "attrib/nm.in"), "r")) !=
	    NULL);
	o = wb_attrib_objs_parse(fp, "nm.in", "/objdir", &e);
	fclose(fp);
	ATF_REQUIRE_MSG(o != NULL, "%s", e.msg);
	return (o);
}

ATF_TC_WITHOUT_HEAD(wb_attrib_objs_parse__names);
ATF_TC_BODY(wb_attrib_objs_parse__names, tc)
{
	struct wb_attrib_objs *o;
	const char *v[4];
	struct wb_err e;
	FILE *fp;

	o = objs(tc);
	ATF_REQUIRE_EQ(2, wb_attrib_objs_lookup(o, "helper", v, 4));
	ATF_CHECK_STREQ("kernel/fork.o", v[0]);
	ATF_CHECK_STREQ("kernel/locking/lockdep.o", v[1]);
	ATF_CHECK_EQ(1, wb_attrib_objs_lookup(o, "startup_64", v, 4));
	ATF_CHECK_STREQ("arch/x86/head_64.o", v[0]);
	/* Data symbols are no text. */
	ATF_CHECK_EQ(0, wb_attrib_objs_lookup(o, "some_data", v, 4));
	ATF_CHECK_EQ(0, wb_attrib_objs_lookup(o, "nothere", v, 4));
	wb_attrib_objs_free(o);
	write_file("nm", "a.o:0 T x\nno colon here\n");
	ATF_REQUIRE((fp = fopen("nm", "r")) != NULL);
	ATF_CHECK(wb_attrib_objs_parse(fp, "nm", NULL, &e) == NULL);
	fclose(fp);
	ATF_CHECK_MSG(strstr(e.msg, "nm:2: not \"object: value type name\"")
	    != NULL, "%s", e.msg);
}

static const char *
cat_of(const struct wb_attrib_cats *c, const long *cat,
    const struct wb_attrib_symtab *t, const char *name, int nth)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (strcmp(t->sym[i].name, name) == 0 && nth-- == 0)
			return (c->name[cat[i]]);
	atf_tc_fail("no symbol %s", name);
	return (NULL);
}

/* The chain symbol -> object -> option on the small kbuild tree. */
ATF_TC_WITHOUT_HEAD(wb_attrib_charge__chain);
ATF_TC_BODY(wb_attrib_charge__chain, tc)
{
	struct wb_attrib_symtab *t;
	struct wb_attrib_objs *o;
	struct wb_explain_objmap *m;
	struct wb_attrib_config base, debug;
	struct wb_attrib_chargeenv env;
	struct wb_attrib_cats c;
	struct wb_err e;
	long cat[16];

	t = symtab(tc);
	o = objs(tc);
	m = wb_explain_objmap_new(wbt_datapath(tc, "kbuild"), &e);
	ATF_REQUIRE_MSG(m != NULL, "%s", e.msg);
	ATF_REQUIRE(wb_attrib_config_read(wbt_datapath(tc,
	    "attrib/base.config"), &base, &e) == 0);
	ATF_REQUIRE(wb_attrib_config_read(wbt_datapath(tc,
	    "attrib/debug.config"), &debug, &e) == 0);
	ATF_CHECK(wb_attrib_config_has(&debug, "LOCKDEP"));
	ATF_CHECK(!wb_attrib_config_has(&base, "LOCKDEP"));
	ATF_CHECK(!wb_attrib_config_has(&debug, "LOG_BUF_SHIFT"));
	env.map = m;
	env.base = &base;
	env.debug = &debug;
	wb_attrib_cats_init(&c);
	ATF_REQUIRE(t->n <= 16);
	ATF_REQUIRE_MSG(wb_attrib_charge(t, o, &env, "debug", &c, cat, &e) ==
	    0, "%s", e.msg);
	ATF_CHECK_STREQ("DEBUG_LIST", cat_of(&c, cat, t, "__list_add_valid",
	    0));
	ATF_CHECK_STREQ("LOCKDEP", cat_of(&c, cat, t, "lock_acquire", 0));
	/* Compiled unconditionally, or on in both kernels. */
	ATF_CHECK_STREQ(wb_attrib_fixed_names[WB_ATTRIB_RESIDUAL],
	    cat_of(&c, cat, t, "copy_process", 0));
	ATF_CHECK_STREQ(wb_attrib_fixed_names[WB_ATTRIB_RESIDUAL],
	    cat_of(&c, cat, t, "debug_object_init", 0));
	/* Through its alias: the section marker is in no object. */
	ATF_CHECK_STREQ(wb_attrib_fixed_names[WB_ATTRIB_RESIDUAL],
	    cat_of(&c, cat, t, "__sched_text_start", 0));
	/* arch/$(SRCARCH)/head_$(BITS).o */
	ATF_CHECK_STREQ(wb_attrib_fixed_names[WB_ATTRIB_RESIDUAL],
	    cat_of(&c, cat, t, "startup_64", 0));
	/* Two objects, one charge: not ambiguous. */
	ATF_CHECK_STREQ(wb_attrib_fixed_names[WB_ATTRIB_RESIDUAL],
	    cat_of(&c, cat, t, "same_charge", 0));
	/* Two objects charged differently: both helpers, listed once. */
	ATF_CHECK_STREQ(wb_attrib_fixed_names[WB_ATTRIB_AMBIGUOUS],
	    cat_of(&c, cat, t, "helper", 0));
	ATF_CHECK_STREQ(wb_attrib_fixed_names[WB_ATTRIB_AMBIGUOUS],
	    cat_of(&c, cat, t, "helper", 1));
	ATF_REQUIRE_EQ(1, c.nambiguous);
	ATF_CHECK_STREQ("debug helper: kernel/fork.o (residual), "
	    "kernel/locking/lockdep.o (LOCKDEP)", c.ambiguous[0]);
	ATF_CHECK_STREQ(wb_attrib_fixed_names[WB_ATTRIB_UNMAPPED],
	    cat_of(&c, cat, t, "__entry_text_start", 0));
	ATF_CHECK_STREQ(wb_attrib_fixed_names[WB_ATTRIB_NOMAKE],
	    cat_of(&c, cat, t, "orphan", 0));
	wb_attrib_cats_fini(&c);
	wb_attrib_config_fini(&base);
	wb_attrib_config_fini(&debug);
	wb_explain_objmap_free(m);
	wb_attrib_objs_free(o);
	wb_attrib_symtab_free(t);
}

/*
 * A hand-computed example.  Per loop, (long - short) / (300 - 100) in
 * the base and / (150 - 50) in the debug kernel:
 *   user 10 / 10, unmapped 0.1 / 0.2, ambiguous 0 / 0.4, no rule
 *   0.5 / 1, residual 50 / 60, LOCKDEP 0 / 80, DEBUG_LIST 0 / 10;
 *   totals 60.6 / 161.6 (x2.667), kernel extra 101, LOCKDEP 79.2%,
 *   DEBUG_LIST and the residual 9.9% each.
 */
static const uint64_t tot[2][2][8] = {
	{ { 1000, 0, 10, 0, 50, 5000, 0, 0 },
	  { 3000, 0, 30, 0, 150, 15000, 0, 0 } },
	{ { 500, 0, 10, 20, 50, 4000, 3000, 500 },
	  { 1500, 0, 30, 60, 150, 10000, 11000, 1500 } },
};
static const double loops[2][2] = { { 100, 300 }, { 50, 150 } };

static void
example(struct wb_attrib_test *t, struct wb_attrib_cats *c)
{
	size_t j, r;

	wb_attrib_cats_init(c);
	ATF_REQUIRE_EQ(6, wb_attrib_cats_add(c, "LOCKDEP"));
	ATF_REQUIRE_EQ(7, wb_attrib_cats_add(c, "DEBUG_LIST"));
	ATF_REQUIRE_EQ(8, c->n);
	memset(t, 0, sizeof(*t));
	t->id = (char *)"syscall";
	t->sratio = 3;
	for (j = 0; j < 2; j++)
		for (r = 0; r < 2; r++) {
			t->run[j][r].loops = loops[j][r];
			t->run[j][r].tot = (uint64_t *)tot[j][r];
		}
}

ATF_TC_WITHOUT_HEAD(wb_attrib_compute__golden);
ATF_TC_BODY(wb_attrib_compute__golden, tc)
{
	struct wb_attrib_testres res;
	struct wb_attrib_report rep;
	struct wb_attrib_test t;
	struct wb_attrib_cats c;
	struct wb_err e;
	char *want, *got;
	json_t *j, *s;
	FILE *fp;

	example(&t, &c);
	ATF_REQUIRE_MSG(wb_attrib_compute(&t, c.name, c.n, &res, &e) == 0,
	    "%s", e.msg);
	ATF_CHECK(fabs(res.kernel_extra - 101) < 1e-9);
	ATF_CHECK_STREQ("LOCKDEP", res.row[0].name);
	ATF_CHECK(fabs(res.row[0].share - 80.0 / 101) < 1e-12);
	ATF_CHECK(isnan(res.row[2].share));	/* user space */
	ATF_CHECK(res.proportional);
	c.ambiguous = (char *[]){ (char *)"debug helper: kernel/fork.o "
	    "(residual), kernel/locking/lockdep.o (LOCKDEP)" };
	c.nambiguous = 1;
	memset(&rep, 0, sizeof(rep));
	rep.base = "production";
	rep.debug = "witness";
	rep.res = &res;
	rep.nres = 1;
	rep.cats = &c;
	ATF_REQUIRE((fp = fopen("out.txt", "w")) != NULL);
	ATF_REQUIRE_MSG(wb_attrib_write(fp, "text", &rep, &e) == 0, "%s",
	    e.msg);
	ATF_REQUIRE(fclose(fp) == 0);
	want = wbt_read_file(wbt_datapath(tc, "attrib/report.expected"), NULL);
	got = wbt_read_file("out.txt", NULL);
	ATF_CHECK_MSG(strcmp(want, got) == 0, "got\n%s", got);
	free(want);
	free(got);
	ATF_REQUIRE((fp = fopen("out.json", "w")) != NULL);
	ATF_REQUIRE_MSG(wb_attrib_write(fp, "json", &rep, &e) == 0, "%s",
	    e.msg);
	ATF_REQUIRE(fclose(fp) == 0);
	ATF_REQUIRE((j = json_load_file("out.json", 0, NULL)) != NULL);
	ATF_CHECK_STREQ("worldbench-attribution", json_string_value(
	    json_object_get(json_object_get(j, "meta"), "format")));
	ATF_CHECK_EQ(WB_ATTRIB_VERSION, json_integer_value(json_object_get(
	    json_object_get(j, "meta"), "version")));
	s = json_array_get(json_object_get(j, "sections"), 0);
	ATF_CHECK(strstr(json_string_value(json_object_get(s, "title")),
	    "161.6 in the debug kernel") != NULL);
	ATF_CHECK_STREQ("DEBUG_LIST", json_string_value(json_object_get(
	    json_array_get(json_object_get(s, "rows"), 1),
	    "option or bucket")));
	ATF_CHECK(fabs(json_real_value(json_object_get(json_array_get(
	    json_object_get(s, "rows"), 0), "debug")) - 80) < 1e-9);
	ATF_CHECK(json_is_null(json_object_get(json_array_get(json_object_get(
	    s, "rows"), 2), "share %")));
	json_decref(j);
	c.nambiguous = 0;
	c.ambiguous = NULL;
	wb_attrib_testres_fini(&res);
	wb_attrib_cats_fini(&c);
}

/* Loops that do not grow with the pass length are flagged. */
ATF_TC_WITHOUT_HEAD(wb_attrib_compute__not_proportional);
ATF_TC_BODY(wb_attrib_compute__not_proportional, tc)
{
	struct wb_attrib_testres res;
	struct wb_attrib_test t;
	struct wb_attrib_cats c;
	struct wb_err e;

	example(&t, &c);
	t.sratio = 2;
	ATF_REQUIRE(wb_attrib_compute(&t, c.name, c.n, &res, &e) == 0);
	ATF_CHECK(!res.proportional);
	ATF_CHECK(fabs(res.growth[0] - 3) < 1e-12);
	wb_attrib_testres_fini(&res);
	t.sratio = 2.6;
	ATF_REQUIRE(wb_attrib_compute(&t, c.name, c.n, &res, &e) == 0);
	ATF_CHECK(res.proportional);
	wb_attrib_testres_fini(&res);
	wb_attrib_cats_fini(&c);
}

ATF_TC_WITHOUT_HEAD(wb_attrib_compute__no_loops);
ATF_TC_BODY(wb_attrib_compute__no_loops, tc)
{
	struct wb_attrib_testres res;
	struct wb_attrib_test t;
	struct wb_attrib_cats c;
	struct wb_err e;

	example(&t, &c);
	t.run[1][1].loops = 50;
	ATF_CHECK(wb_attrib_compute(&t, c.name, c.n, &res, &e) == -1);
	ATF_CHECK_MSG(strstr(e.msg, "test syscall: the debug kernel's long "
	    "run counted 50 loops, not more than the short run's 50") != NULL,
	    "%s", e.msg);
	wb_attrib_cats_fini(&c);
}

/*
 * By hand, per loop: copy_process 200 / 20 = 10 in the base and 400 / 10
 * = 40 in the debug kernel; the two helpers summed, (20 + 10) / 20 = 1.5
 * and (200 + 100) / 10 = 30; lock_acquire is not residual.
 */
ATF_TC_WITHOUT_HEAD(wb_attrib_top__by_name);
ATF_TC_BODY(wb_attrib_top__by_name, tc)
{
	static const uint64_t n[2][2][4] = {	/* copy, helper x2, lock */
		{ { 100, 10, 0, 9 }, { 300, 30, 10, 9 } },
		{ { 100, 100, 50, 0 }, { 500, 300, 150, 1000000 } },
	};
	struct wb_attrib_counts c[2][2];
	struct wb_attrib_side side[2];
	struct wb_attrib_testres res;
	struct wb_attrib_symtab *t;
	struct wb_err e;
	long cat[12];
	size_t j, r, i;

	t = symtab(tc);
	for (i = 0; i < 12; i++)
		cat[i] = WB_ATTRIB_UNMAPPED;
	cat[1] = cat[2] = cat[3] = WB_ATTRIB_RESIDUAL;
	cat[5] = WB_ATTRIB_NFIXED;
	for (j = 0; j < 2; j++) {
		side[j].syms = t;
		side[j].cat = cat;
		side[j].loops[0] = 10;
		side[j].loops[1] = j == 0 ? 30 : 20;
		for (r = 0; r < 2; r++) {
			c[j][r].n = t->n;
			ATF_REQUIRE((c[j][r].sym = calloc(t->n,
			    sizeof(uint64_t))) != NULL);
			c[j][r].sym[1] = n[j][r][0];
			c[j][r].sym[2] = n[j][r][1];
			c[j][r].sym[3] = n[j][r][2];
			c[j][r].sym[5] = n[j][r][3];
			side[j].cnt[r] = &c[j][r];
		}
	}
	memset(&res, 0, sizeof(res));
	ATF_REQUIRE_MSG(wb_attrib_top(side, WB_ATTRIB_RESIDUAL, 5, &res, &e) ==
	    0, "%s", e.msg);
	ATF_REQUIRE_EQ(2, res.ntop);
	ATF_CHECK_STREQ("copy_process", res.top[0].name);
	ATF_CHECK(fabs(res.top[0].base - 10) < 1e-12);
	ATF_CHECK(fabs(res.top[0].debug - 40) < 1e-12);
	ATF_CHECK_STREQ("helper", res.top[1].name);
	ATF_CHECK(fabs(res.top[1].extra - 28.5) < 1e-12);
	wb_attrib_testres_fini(&res);
	ATF_REQUIRE(wb_attrib_top(side, WB_ATTRIB_RESIDUAL, 1, &res, &e) == 0);
	ATF_CHECK_EQ(1, res.ntop);
	wb_attrib_testres_fini(&res);
	for (j = 0; j < 2; j++)
		for (r = 0; r < 2; r++)
			wb_attrib_counts_fini(&c[j][r]);
	wb_attrib_symtab_free(t);
}

ATF_TC_WITHOUT_HEAD(wb_attrib_api_parse__message);
ATF_TC_BODY(wb_attrib_api_parse__message, tc)
{
	int v;

	v = -1;
	ATF_CHECK_EQ(0, wb_attrib_api_parse("qemu-system-x86_64: -plugin p: "
	    "Could not load plugin p: plugin requires API version 1000000, "
	    "but this QEMU supports only up to version 1\n", &v));
	ATF_CHECK_EQ(1, v);
	ATF_CHECK_EQ(-1, wb_attrib_api_parse("plugin does not declare API "
	    "version", &v));
	ATF_CHECK_EQ(-1, wb_attrib_api_parse("supports only up to version x",
	    &v));
	ATF_CHECK_EQ(-1, wb_attrib_api_parse(NULL, &v));
}

/* A stand-in qemu that refuses every plugin as a qemu of API version. */
static void
fake_qemu(const char *path, const char *says)
{
	char text[512];

	snprintf(text, sizeof(text), "#!/bin/sh\necho \"%s\" >&2\nexit 1\n",
	    says);
	write_file(path, text);
	ATF_REQUIRE(chmod(path, 0755) == 0);
}

ATF_TC_WITHOUT_HEAD(wb_attrib_api_check__refuse);
ATF_TC_BODY(wb_attrib_api_check__refuse, tc)
{
	struct wb_err e;
	char *qemu;
	int max;

	fake_qemu("qemu2", "qemu2: -plugin probe.so: Could not load plugin "
	    "probe.so: plugin requires API version 1000000, but this QEMU "
	    "supports only up to version 2");
	qemu = wbt_abspath("qemu2");
	ATF_REQUIRE_MSG(wb_attrib_api_qemu(qemu, "probe.so", &max, &e) == 0,
	    "%s", e.msg);
	ATF_CHECK_EQ(2, max);
	ATF_CHECK_EQ(-1, wb_attrib_api_check("insncount.so", 1, qemu, max,
	    &e));
	ATF_CHECK_MSG(strstr(e.msg, "insncount.so: built for qemu plugin API "
	    "version 1, but ") != NULL && strstr(e.msg, "accepts version 2")
	    != NULL, "%s", e.msg);
	ATF_CHECK_EQ(0, wb_attrib_api_check("insncount.so", 2, qemu, max,
	    &e));
	fake_qemu("qemu3", "qemu3: -plugin probe.so: something else");
	free(qemu);
	qemu = wbt_abspath("qemu3");
	ATF_CHECK_EQ(-1, wb_attrib_api_qemu(qemu, "probe.so", &max, &e));
	ATF_CHECK_MSG(strstr(e.msg, "names no maximum version") != NULL, "%s",
	    e.msg);
	free(qemu);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_attrib_symtab_read__ranges);
	ATF_TP_ADD_TC(tp, wb_attrib_symtab_read__unsorted);
	ATF_TP_ADD_TC(tp, wb_attrib_symtab_write__plugin_table);
	ATF_TP_ADD_TC(tp, wb_attrib_counts_read__ok);
	ATF_TP_ADD_TC(tp, wb_attrib_counts_read__foreign);
	ATF_TP_ADD_TC(tp, wb_attrib_objs_parse__names);
	ATF_TP_ADD_TC(tp, wb_attrib_charge__chain);
	ATF_TP_ADD_TC(tp, wb_attrib_compute__golden);
	ATF_TP_ADD_TC(tp, wb_attrib_compute__not_proportional);
	ATF_TP_ADD_TC(tp, wb_attrib_compute__no_loops);
	ATF_TP_ADD_TC(tp, wb_attrib_top__by_name);
	ATF_TP_ADD_TC(tp, wb_attrib_api_parse__message);
	ATF_TP_ADD_TC(tp, wb_attrib_api_check__refuse);
	return (atf_no_error());
}
