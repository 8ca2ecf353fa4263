/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internals of the comparison shared between compare_core.c (one run, or
 * files compared as they are) and compare_blocked.c (several runs, each
 * holding every variant: runs are the units).
 */
#ifndef WB_COMPARE_INT_H
#define WB_COMPARE_INT_H

#include <stddef.h>

#include "stats.h"
#include "wb_model.h"

struct wb_compare;
struct wb_err;
struct wb_results;

/*
 * The design of a set of inputs: nruns == 0 when every file is its own
 * variant (compared as it is); else the distinct labels (the first
 * file's first) and the distinct run ids, with idx[r * nlab + l] the
 * input holding variant l of run r.
 */
struct wb_cmp_design {
	size_t	  nlab;
	char	**labels;
	size_t	  nruns;
	char	**ids;
	size_t	 *idx;
};

/* The label of input i: provenance "label", "variant", else the path. */
char	*wb_compare_label(const struct wb_results *, const char *path,
	    size_t i);

/*
 * Fails, naming the file, when a label repeats but the runs do not each
 * hold every variant once, or a file of such a set has no run id.
 */
int	wb_compare_design(struct wb_results *const *, size_t nv,
	    const char *const *labels, const char *const *paths,
	    struct wb_cmp_design *, struct wb_err *);
void	wb_compare_design_fini(struct wb_cmp_design *);

/*
 * lib/stats/compare_node.c.  The hostname a results file records (the
 * fingerprint's, or in older files uname's node name), malloc'd, or
 * NULL.
 */
char	*wb_compare_node(const struct wb_results *);
/* Its fingerprint but the hostname as canonical JSON, or NULL. */
char	*wb_compare_fp_key(const struct wb_results *);
/* Each run's node, fingerprint and unit; c->nunits. */
int	wb_compare_nodes(struct wb_compare *, struct wb_results *const *,
	    struct wb_err *);
/*
 * Fatal problems: a run whose node's fingerprint differs from the first
 * run's, a label naming different images (image.sha256) in two runs.
 */
int	wb_compare_node_problems(struct wb_compare *,
	    struct wb_results *const *, struct wb_err *);

/*
 * lib/stats/compare_negl.c.  The default threshold: the first file's plan
 * "negligible" (percent; an error naming the file when it is not from
 * 0 to below 100), else 0.5% when every file's timing is icount, else
 * 2%.
 */
int	wb_compare_negligible_init(struct wb_compare *,
	    struct wb_results *const *, const char *const *paths, size_t nv,
	    struct wb_err *);

/* The row of test id, or NULL. */
struct wb_cmp_row *wb_compare_find_row(const struct wb_compare *,
	    const char *id);
/* A row for test id unless there is one (cells for every variant). */
int	wb_compare_add_row(struct wb_compare *, const char *id,
	    const char *name, const char *unit, double baseline,
	    struct wb_err *);
/*
 * The two steps of one comparison (lib/stats/compare_core.c): the core (rows,
 * ratios, finals, the negligible margin; c is freed on an error) and the
 * finish (the family's adjustment and the provenance checks; c is freed
 * on an error).  The sequential looks go between them.
 */
int	wb_compare_core(struct wb_results *const *, size_t nv,
	    const char *const *labels, const char *const *paths, double conf,
	    enum wb_estimator, enum wb_adjust, struct wb_compare *,
	    struct wb_err *);
int	wb_compare_finish(struct wb_compare *, struct wb_results *const *,
	    struct wb_err *);
/*
 * One run, or files compared as they are (lib/stats/compare_build.c):
 * the core, the sequential looks, the finish.  With seq, an extended
 * run's rows get their sequential p values (lib/stats/compare_seq.c,
 * whose looks are comparisons of the core and the finish alone); the
 * runs of a blocked comparison are compared without (each run's ratio
 * over all its pairs is the unit).
 */
int	wb_compare_build_one(struct wb_results *const *, size_t nv,
	    const char *const *labels, const char *const *paths, double conf,
	    enum wb_estimator, enum wb_adjust, int seq, struct wb_compare *,
	    struct wb_err *);
/*
 * lib/stats/compare_seq.c.  An extended run (plan "extend"): each row's and
 * each final's looks and sequential p value (c->sequential); nothing
 * for other runs.
 */
int	wb_compare_seq(struct wb_compare *, struct wb_results *const *,
	    struct wb_err *);
int	wb_compare_build_blocked(struct wb_results *const *,
	    const struct wb_cmp_design *, const char *const *paths,
	    double conf, enum wb_estimator, enum wb_adjust,
	    struct wb_compare *, struct wb_err *);

#endif
