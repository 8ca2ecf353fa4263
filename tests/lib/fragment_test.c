/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Config-fragment merge: order, later wins, every override reported,
 * verification of the result.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "err.h"
#include "fragment.h"

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
merge(struct wb_frag *f, const char *name, const char *text, struct log *l)
{
	struct wb_err e;

	ATF_REQUIRE_MSG(wb_frag_merge_buf(f, name, text, strlen(text),
	    l != NULL ? record : NULL,
	    l, &e) == 0, "%s", e.msg);
}

ATF_TC_WITHOUT_HEAD(wb_frag_merge_buf__later_wins_reported);
ATF_TC_BODY(wb_frag_merge_buf__later_wins_reported, tc)
{
	struct wb_frag f;
	struct log l;
	char *out;

	memset(&l, 0, sizeof(l));
	wb_frag_init(&f);
	merge(&f, "base", "A=1\nB=2\n# C is not set\n# comment\n\nD=\"x y\"\n",
	    &l);
	merge(&f, "debug", "B=3\nC=y\nE=5\n", &l);
	merge(&f, "extra", "A=1\n# B is not set\n", &l);
	ATF_CHECK_EQ(l.n, 4);
	ATF_CHECK_STREQ("B: base:2 2 -> debug:1 3\n"
	    "C: base:3 (unset) -> debug:2 y\n"
	    "A: base:1 1 -> extra:1 1 (same)\n"
	    "B: debug:1 3 -> extra:2 (unset)\n", l.buf);
	ATF_REQUIRE((out = wb_frag_format(&f, NULL)) != NULL);
	ATF_CHECK_STREQ("A=1\n# B is not set\nC=y\nD=\"x y\"\nE=5\n", out);
	free(out);
	wb_frag_fini(&f);
}

/* "KEY+=value" collects a list (GLIBC_TUNABLES) without an override. */
ATF_TC_WITHOUT_HEAD(wb_frag_merge_buf__append);
ATF_TC_BODY(wb_frag_merge_buf__append, tc)
{
	struct wb_frag f;
	struct log l;
	char *out;

	memset(&l, 0, sizeof(l));
	wb_frag_init(&f);
	merge(&f, "check", "T+=glibc.malloc.check=3\n", &l);
	merge(&f, "perturb", "T+=glibc.malloc.perturb=165\nU+=x\n", &l);
	merge(&f, "unset", "# U is not set\n", &l);
	merge(&f, "again", "U+=y\n", &l);
	ATF_CHECK_EQ(l.n, 2);
	ATF_CHECK_STREQ("U: perturb:2 x -> unset:1 (unset)\n"
	    "U: unset:1 (unset) -> again:1 y\n", l.buf);
	ATF_REQUIRE((out = wb_frag_format(&f, NULL)) != NULL);
	ATF_CHECK_STREQ("T=glibc.malloc.check=3:glibc.malloc.perturb=165\n"
	    "U=y\n", out);
	free(out);
	wb_frag_fini(&f);
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
	struct wb_frag f;
	struct wb_err e;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		wb_frag_init(&f);
		ATF_CHECK_EQ_MSG(wb_frag_merge_buf(&f, "f", cases[i].text,
		    strlen(cases[i].text), NULL, NULL, &e), -1, "case %zu", i);
		ATF_CHECK_STREQ(cases[i].msg, e.msg);
		wb_frag_fini(&f);
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
	struct wb_frag want, have;
	char buf[64] = "";

	wb_frag_init(&want);
	wb_frag_init(&have);
	merge(&want, "w", "A=1\nB=2\n# C is not set\n# D is not set\nE=5\n",
	    NULL);
	merge(&have, "h", "A=1\nB=3\n# D is not set\n", NULL);
	ATF_CHECK_EQ(wb_frag_verify(&want, &have, missing, buf), 2);
	ATF_CHECK_STREQ("BE", buf);
	ATF_CHECK_EQ(wb_frag_verify(&have, &have, NULL, NULL), 0);
	wb_frag_fini(&want);
	wb_frag_fini(&have);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_frag_merge_buf__later_wins_reported);
	ATF_TP_ADD_TC(tp, wb_frag_merge_buf__append);
	ATF_TP_ADD_TC(tp, wb_frag_merge_buf__bad_lines);
	ATF_TP_ADD_TC(tp, wb_frag_verify__reports_missing);
	return (atf_no_error());
}
