/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Provenance checks of a comparison: each variant against the base.
 * Fatal: different suite hash, host or timing mode when both sides
 * record them, different pass lengths or copies of a common test.
 * Not fatal: a key that only one side records (e.g. an imported log).
 */
#ifndef WB_COMPARE_PROV_H
#define WB_COMPARE_PROV_H

struct wb_compare;
struct wb_err;
struct wb_results;

int	wb_compare_provenance(struct wb_compare *,
	    struct wb_results *const *, struct wb_err *);
/*
 * The base files of two runs of a blocked comparison: the same checks
 * but the host's (the runs may be on other nodes), as problems of the
 * base named by run id.
 */
int	wb_compare_provenance_runs(struct wb_compare *,
	    const struct wb_results *, const struct wb_results *,
	    const char *ida, const char *idb, struct wb_err *);
/* Records a problem of variant var; the detail is printf-formatted. */
/*
 * Set c->emulated, c->timing and c->uncertainty from the inputs'
 * provenance (runner "qemu"); files from before provenance
 * "uncertainty" get it from their plan's boots.
 */
int	wb_compare_emulation(struct wb_compare *, struct wb_results *const *,
	    size_t nv, struct wb_err *);

/*
 * Set c->unmatched and c->match_unrecorded from the files' identity
 * records (each variant's file of the first run when blocked).
 */
int	wb_compare_matching(struct wb_compare *, struct wb_results *const *,
	    struct wb_err *);

int	wb_compare_add_problem(struct wb_compare *, size_t var, int fatal,
	    const char *what, struct wb_err *, const char *fmt, ...)
	    __attribute__((__format__(__printf__, 6, 7)));

#endif
