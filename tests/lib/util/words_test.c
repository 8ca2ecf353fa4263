/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Word vectors (lib/util/words.c): splitting on blanks and appending.
 */
#include <stddef.h>

#include <atf-c.h>

#include "err.h"
#include "words.h"

ATF_TC_WITHOUT_HEAD(wb_words_split__blanks);
ATF_TC_BODY(wb_words_split__blanks, tc)
{
	struct wb_err e;
	char **w;

	(void)tc;
	w = wb_words_split(" \tone  two\tthree ", &e);
	ATF_REQUIRE_MSG(w != NULL, "%s", e.msg);
	ATF_CHECK_STREQ("one", w[0]);
	ATF_CHECK_STREQ("two", w[1]);
	ATF_CHECK_STREQ("three", w[2]);
	ATF_CHECK(w[3] == NULL);
	wb_words_free(w);
}

ATF_TC_WITHOUT_HEAD(wb_words_split__empty);
ATF_TC_BODY(wb_words_split__empty, tc)
{
	struct wb_err e;
	char **w;

	(void)tc;
	/* NULL and blanks alone are both the empty vector, never NULL. */
	w = wb_words_split(NULL, &e);
	ATF_REQUIRE(w != NULL);
	ATF_CHECK(w[0] == NULL);
	wb_words_free(w);
	w = wb_words_split(" \t ", &e);
	ATF_REQUIRE(w != NULL);
	ATF_CHECK(w[0] == NULL);
	wb_words_free(w);
}

ATF_TC_WITHOUT_HEAD(wb_words_append__extends);
ATF_TC_BODY(wb_words_append__extends, tc)
{
	struct wb_err e;
	char **w;
	size_t n;

	(void)tc;
	ATF_REQUIRE((w = wb_words_split("a", &e)) != NULL);
	n = 1;
	ATF_REQUIRE(wb_words_append(&w, &n, "b c", &e) == 0);
	ATF_REQUIRE(wb_words_append(&w, &n, NULL, &e) == 0);
	ATF_CHECK_EQ(3, n);
	ATF_CHECK_STREQ("a", w[0]);
	ATF_CHECK_STREQ("b", w[1]);
	ATF_CHECK_STREQ("c", w[2]);
	ATF_CHECK(w[3] == NULL);
	wb_words_free(w);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_words_split__blanks);
	ATF_TP_ADD_TC(tp, wb_words_split__empty);
	ATF_TP_ADD_TC(tp, wb_words_append__extends);
	return (0);
}
