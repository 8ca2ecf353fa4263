/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Config-fragment merge: order, later wins, every override reported,
 * verification of the result.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "fragment.h"
#include "wb_util.h"
#include "wbtest.h"

#define MANY	200000

struct log {
	char	buf[2048];
	int	n;
};

static void
record(void *arg, const struct wb_frag_entry *old,
    const struct wb_frag_entry *new, int same)
{
	struct log *l = arg;
	size_t len = strlen(l->buf);

	l->n++;
	snprintf(l->buf + len, sizeof(l->buf) - len, "%s: %s:%u %s -> %s:%u "
	    "%s%s\n", new->key, old->file, old->line,
	    old->value ? old->value : "(unset)", new->file, new->line,
	    new->value ? new->value : "(unset)", same ? " (same)" : "");
}

static void
merge(struct wb_fragment *f, const char *name, const char *text, struct log *l)
{
	struct wb_err e;

	ATF_REQUIRE_MSG(wb_fragment_merge_buf(f, name, text, strlen(text),
	    l != NULL ? record : NULL,
	    l, &e) == 0, "%s", e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_frag_merge_buf__later_wins_reported);
ATF_TC_BODY(wb_frag_merge_buf__later_wins_reported, tc)
{
	struct wb_fragment f;
	struct log l;
	char *out;

	memset(&l, 0, sizeof(l));
	wb_fragment_init(&f);
	merge(&f, "base", "A=1\nB=2\n# C is not set\n# comment\n\nD=\"x y\"\n",
	    &l);
	merge(&f, "debug", "B=3\nC=y\nE=5\n", &l);
	merge(&f, "extra", "A=1\n# B is not set\n", &l);
	ATF_CHECK_EQ(l.n, 4);
	ATF_CHECK_STREQ("B: base:2 2 -> debug:1 3\n"
	    "C: base:3 (unset) -> debug:2 y\n"
	    "A: base:1 1 -> extra:1 1 (same)\n"
	    "B: debug:1 3 -> extra:2 (unset)\n", l.buf);
	ATF_REQUIRE((out = wb_fragment_format(&f, NULL)) != NULL);
	ATF_CHECK_STREQ("A=1\n# B is not set\nC=y\nD=\"x y\"\nE=5\n", out);
	free(out);
	wb_fragment_fini(&f);
}

/* "KEY+=value" collects a list (GLIBC_TUNABLES) without an override. */
ATF_TC_WITHOUT_HEAD(wb_frag_merge_buf__append);
ATF_TC_BODY(wb_frag_merge_buf__append, tc)
{
	struct wb_fragment f;
	struct log l;
	char *out;

	memset(&l, 0, sizeof(l));
	wb_fragment_init(&f);
	merge(&f, "check", "T+=glibc.malloc.check=3\n", &l);
	merge(&f, "perturb", "T+=glibc.malloc.perturb=165\nU+=x\n", &l);
	merge(&f, "unset", "# U is not set\n", &l);
	merge(&f, "again", "U+=y\n", &l);
	ATF_CHECK_EQ(l.n, 2);
	ATF_CHECK_STREQ("U: perturb:2 x -> unset:1 (unset)\n"
	    "U: unset:1 (unset) -> again:1 y\n", l.buf);
	ATF_REQUIRE((out = wb_fragment_format(&f, NULL)) != NULL);
	ATF_CHECK_STREQ("T=glibc.malloc.check=3:glibc.malloc.perturb=165\n"
	    "U=y\n", out);
	free(out);
	wb_fragment_fini(&f);
}

ATF_TC_WITHOUT_HEAD(wb_frag_merge_buf__bad_lines);
ATF_TC_BODY(wb_frag_merge_buf__bad_lines, tc)
{
	static const struct { const char *text, *msg; } cases[] = {
		{ "A=1\nnot a setting\n", "f:2: expected KEY=value or "
		    "'# KEY is not set'" },
		{ "1A=2\n", "f:1: expected KEY=value or '# KEY is not set'" },
		{ "A=1\nB=2\nA=3\n", "f:3: A already set at line 1" },
		{ "=x\n", "f:1: expected KEY=value or '# KEY is not set'" },
		{ "+=x\n", "f:1: expected KEY=value or '# KEY is not set'" },
		{ "A=1\nA+=2\n", "f:2: A already set at line 1" },
	};
	struct wb_fragment f;
	struct wb_err e;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		wb_fragment_init(&f);
		ATF_CHECK_EQ_MSG(wb_fragment_merge_buf(&f, "f", cases[i].text,
		    strlen(cases[i].text), NULL, NULL, &e), -1, "case %zu", i);
		ATF_CHECK_STREQ(cases[i].msg, e.msg);
		wb_fragment_fini(&f);
	}
}

static void
missing(void *arg, const struct wb_frag_entry *want,
    const struct wb_frag_entry *have)
{

	(void)have;
	strcat(arg, want->key);
}

ATF_TC_WITHOUT_HEAD(wb_frag_verify__reports_missing);
ATF_TC_BODY(wb_frag_verify__reports_missing, tc)
{
	struct wb_fragment want, have;
	char buf[64] = "";

	wb_fragment_init(&want);
	wb_fragment_init(&have);
	merge(&want, "w", "A=1\nB=2\n# C is not set\n# D is not set\nE=5\n",
	    NULL);
	merge(&have, "h", "A=1\nB=3\n# D is not set\n", NULL);
	ATF_CHECK_EQ(wb_fragment_verify(&want, &have, missing, buf), 2);
	ATF_CHECK_STREQ("BE", buf);
	ATF_CHECK_EQ(wb_fragment_verify(&have, &have, NULL, NULL), 0);
	wb_fragment_fini(&want);
	wb_fragment_fini(&have);
}

/*
 * n lines "K<i>=<value><i>" (every tenth "# K<i> is not set" when unset
 * is set), then extra; malloc'ed, its length in *len.
 */
static char *
many_lines(size_t n, const char *value, int unset, const char *extra,
    size_t *len)
{
	char *buf, *p;
	size_t i;

	ATF_REQUIRE((buf = malloc(n * 40 + strlen(extra) + 1)) != NULL);
	for (p = buf, i = 0; i < n; i++)
		if (unset && i % 10 == 0)
			p += sprintf(p, "# K%zu is not set\n", i);
		else
			p += sprintf(p, "K%zu=%s%zu\n", i, value, i);
	p = stpcpy(p, extra);
	*len = (size_t)(p - buf);
	return (buf);
}

static void
count(void *arg, const struct wb_frag_entry *old,
    const struct wb_frag_entry *new, int same)
{

	(void)old;
	(void)new;
	(void)same;
	(*(size_t *)arg)++;
}

/*
 * A fragment of many lines, then one that sets them all again: every key
 * once in first-seen order, the later value winning, every override
 * reported once; a key set twice in one fragment still refused.
 */
ATF_TC_WITHOUT_HEAD(wb_frag_merge_buf__many_lines);
ATF_TC_BODY(wb_frag_merge_buf__many_lines, tc)
{
	const struct wb_frag_entry *e;
	struct wb_fragment f, g;
	struct wb_err err;
	size_t len, n;
	char *a, *b, *bad;

	a = many_lines(MANY, "a", 0, "", &len);
	wb_fragment_init(&f);
	ATF_REQUIRE_MSG(wb_fragment_merge_buf(&f, "a", a, len, NULL, NULL,
	    &err) == 0, "%s", err.msg);
	ATF_CHECK_EQ(f.n, MANY);
	b = many_lines(MANY, "b", 1, "NEW=1\n", &len);
	n = 0;
	ATF_REQUIRE_MSG(wb_fragment_merge_buf(&f, "b", b, len, count, &n,
	    &err) == 0, "%s", err.msg);
	ATF_CHECK_EQ(n, MANY);
	ATF_CHECK_EQ(f.n, MANY + 1);
	ATF_CHECK_STREQ(f.e[0].key, "K0");
	ATF_CHECK_STREQ(f.e[MANY - 1].key, "K199999");
	ATF_CHECK_STREQ(f.e[MANY].key, "NEW");
	ATF_REQUIRE((e = wb_fragment_get(&f, "K199999")) != NULL);
	ATF_CHECK_STREQ(e->value, "b199999");
	ATF_CHECK_STREQ(e->file, "b");
	ATF_CHECK_EQ(e->line, MANY);
	ATF_REQUIRE((e = wb_fragment_get(&f, "K123450")) != NULL);
	ATF_CHECK(e->value == NULL);
	ATF_CHECK(wb_fragment_get(&f, "K200000") == NULL);
	ATF_CHECK(wb_fragment_get(&f, "K") == NULL);

	wb_fragment_init(&g);
	ATF_REQUIRE(wb_fragment_merge_buf(&g, "b", b, len, NULL, NULL,
	    &err) == 0);
	ATF_CHECK_EQ(wb_fragment_verify(&g, &f, NULL, NULL), 0);
	ATF_CHECK_EQ(wb_fragment_verify(&f, &g, NULL, NULL), 0);
	wb_fragment_fini(&g);
	wb_fragment_fini(&f);

	bad = many_lines(MANY, "a", 0, "K77=again\n", &len);
	wb_fragment_init(&f);
	ATF_CHECK_EQ(wb_fragment_merge_buf(&f, "bad", bad, len, NULL, NULL,
	    &err), -1);
	ATF_CHECK_STREQ("bad:200001: K77 already set at line 78", err.msg);
	wb_fragment_fini(&f);
	free(a);
	free(b);
	free(bad);
}

/* An interrupt stops a long merge with an error naming where. */
ATF_TC_WITHOUT_HEAD(wb_frag_merge_buf__interrupted);
ATF_TC_BODY(wb_frag_merge_buf__interrupted, tc)
{
	struct wb_fragment f;
	struct wb_err err;
	size_t len;
	char *a;

	a = many_lines(MANY, "a", 0, "", &len);
	wb_fragment_init(&f);
	wb_interrupt_set(SIGTERM);
	ATF_CHECK_EQ(wb_fragment_merge_buf(&f, "big", a, len, NULL, NULL, &err),
	    -1);
	wb_interrupt_clear();
	ATF_CHECK_STREQ("big:4096: interrupted by signal 15", err.msg);
	ATF_CHECK(f.n < MANY);
	wb_fragment_fini(&f);
	free(a);
}

/*
 * A fragment of an overlay tree that is a symbolic link is refused and
 * its target not opened; wb_fragment_merge_file() (a path the user gave)
 * still follows one.
 */
ATF_TC_WITHOUT_HEAD(wb_frag_merge_nofollow__symlink_refused);
ATF_TC_BODY(wb_frag_merge_nofollow__symlink_refused, tc)
{
	struct wb_fragment f;
	struct wb_err err;
	int w;

	wbt_write_file("target", "A=1\n");
	ATF_REQUIRE(symlink("target", "link") == 0);
	wb_fragment_init(&f);
	w = wbt_watch_reads("target");
	ATF_CHECK_EQ(wb_fragment_merge_nofollow(&f, "link", NULL, NULL, &err),
	    -1);
	wbt_unread(w, "target");
	ATF_CHECK_STREQ("link: fragment is a symbolic link, not followed",
	    err.msg);
	ATF_CHECK_EQ(f.n, 0);
	ATF_REQUIRE_MSG(wb_fragment_merge_nofollow(&f, "target", NULL, NULL,
	    &err) == 0, "%s", err.msg);
	wb_fragment_fini(&f);
	wb_fragment_init(&f);
	ATF_REQUIRE_MSG(wb_fragment_merge_file(&f, "link", NULL, NULL,
	    &err) == 0,
	    "%s", err.msg);
	ATF_CHECK_EQ(f.n, 1);
	wb_fragment_fini(&f);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_frag_merge_buf__later_wins_reported);
	ATF_TP_ADD_TC(tp, wb_frag_merge_buf__append);
	ATF_TP_ADD_TC(tp, wb_frag_merge_buf__bad_lines);
	ATF_TP_ADD_TC(tp, wb_frag_merge_buf__many_lines);
	ATF_TP_ADD_TC(tp, wb_frag_merge_buf__interrupted);
	ATF_TP_ADD_TC(tp, wb_frag_merge_nofollow__symlink_refused);
	ATF_TP_ADD_TC(tp, wb_frag_verify__reports_missing);
	return (atf_no_error());
}
