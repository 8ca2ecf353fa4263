/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * compare --name LABEL=NAME: show the variant labelled LABEL as NAME in
 * every report (as hyperfine's --command-name), without touching the
 * files.  Main-level code: warns.
 */
#ifndef WB_COMPARE_NAMES_H
#define WB_COMPARE_NAMES_H

#define COMPARE_NAMES_MAX	32

struct wb_results;

struct compare_names {
	const char	*from[COMPARE_NAMES_MAX];
	const char	*to[COMPARE_NAMES_MAX];
	char		 buf[COMPARE_NAMES_MAX][256];
	int		 n;
};

/* One --name argument; 0, or -1 after a message. */
int	compare_names_add(struct compare_names *, const char *arg);
/*
 * Rename the label of every result whose label is a LABEL given; -1 after
 * a message naming the labels there are when a LABEL matches no result.
 */
int	compare_names_apply(const struct compare_names *,
	    struct wb_results *const *, int n);

#endif
