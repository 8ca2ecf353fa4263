/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A small release-history site for the tests of lib/report/history_html.c:
 * series 1 has a confirmed change point (linked to its comparison) and
 * a candidate; series 2 has hostile names (markup, quotes, an escape
 * sequence) and a rejected change point.
 */
#ifndef WBT_HISTORY_FIXTURE_H
#define WBT_HISTORY_FIXTURE_H

struct wb_hist_site;

const struct wb_hist_site	*wbt_history_site(void);

#endif
