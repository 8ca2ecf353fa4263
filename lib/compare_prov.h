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

#endif
