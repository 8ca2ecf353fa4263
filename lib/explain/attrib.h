/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Instruction-level attribution of a debug kernel's cost to the
 * CONFIG_ options that compile its code.  A qemu plugin
 * (bench/qemu-plugin/insncount.c) counts the guest instructions executed
 * in each kernel text symbol; each symbol is charged, through the object
 * file that defines it (lib/explain/attrib_objs.c) and the kbuild rule that
 * compiles that object (lib/explain/explain_objmap.c), to an option, and the
 * base and debug kernels' counts per unit of work are compared.
 *
 * Charges.  A symbol's charge is the innermost option of its object's
 * kbuild chain that is on in the debug kernel's .config and off in the
 * base's: the option whose turning on brought the object in.  An object
 * whose chain has no such option is built in both kernels, so what it
 * costs more in the debug kernel is inlined checks or code that changed
 * under #ifdef: the residual.  A name defined in several objects whose
 * charges differ is "ambiguous" (listed, never merged into one of
 * them); a name no object defines (linker or assembler made) is
 * "unmapped", one whose object no Makefile rule names (as the objmap
 * reads them) a bucket of its own; user-space instructions are one
 * bucket, kernel addresses outside every symbol another.
 */
#ifndef WB_ATTRIB_H
#define WB_ATTRIB_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

struct wb_err;
struct wb_explain_objmap;
struct wb_kbuild_owners;
struct wb_rmodel;

#define WB_ATTRIB_FORMAT	"worldbench-attribution"
#define WB_ATTRIB_VERSION	2	/* 2: the report model's JSON */

/* The fixed buckets; options follow them in the category list. */
enum {
	WB_ATTRIB_USER,		/* user-space instructions */
	WB_ATTRIB_OTHER,	/* kernel, outside every symbol */
	WB_ATTRIB_UNMAPPED,	/* a symbol no object defines */
	WB_ATTRIB_AMBIGUOUS,	/* a name whose objects' charges differ */
	WB_ATTRIB_NOMAKE,	/* an object the Makefiles do not name */
	WB_ATTRIB_RESIDUAL,	/* built in both kernels */
	WB_ATTRIB_NFIXED
};
extern const char *const wb_attrib_fixed_names[WB_ATTRIB_NFIXED];

/* Kernel text symbols from System.map, sorted, as half-open ranges. */
struct wb_attrib_sym {
	uint64_t	 start, end;
	char		*name;
	char		**alias;	/* other names at start */
	size_t		 nalias;
};

struct wb_attrib_symtab {
	struct wb_attrib_sym	*sym;
	size_t			 n;
};

/*
 * Read System.map: text symbols (t, T, w, W); names at one address are
 * one symbol, named by the first, the others kept as aliases (a section
 * marker such as __sched_text_start shares the address of the section's
 * first function); each ends where the next text symbol starts (the
 * last one, with no end, is left out).  Errors name path:line.
 */
struct wb_attrib_symtab *wb_attrib_symtab_read(const char *path,
	    struct wb_err *);
void	wb_attrib_symtab_free(struct wb_attrib_symtab *);
/* The plugin's table, "start end name" per line, written atomically. */
int	wb_attrib_symtab_write(const struct wb_attrib_symtab *,
	    const char *path, struct wb_err *);
/* The index of the symbol starting at addr, or -1. */
long	wb_attrib_symtab_find(const struct wb_attrib_symtab *,
	    uint64_t addr);

/* The plugin's counts: user, kernel-other, and one per symbol index. */
struct wb_attrib_counts {
	uint64_t	 user, other;
	uint64_t	*sym;		/* symtab->n */
	size_t		 n;
};
/* Read the plugin's output for symtab; errors name path:line. */
int	wb_attrib_counts_read(const char *path,
	    const struct wb_attrib_symtab *, struct wb_attrib_counts *,
	    struct wb_err *);
void	wb_attrib_counts_fini(struct wb_attrib_counts *);

/* Which objects define each text symbol name (lib/explain/attrib_objs.c). */
struct wb_attrib_objs;
/*
 * From "nm -A --defined-only" output ("path: value type name" per
 * line); paths beginning with prefix (may be NULL) lose it.
 */
struct wb_attrib_objs *wb_attrib_objs_parse(FILE *, const char *name,
	    const char *prefix, struct wb_err *);
/*
 * Every object of objdir/vmlinux.a and the lib.a archives, through
 * ar(1) and nm(1) run with a timeout; tmpfile is where nm writes.
 */
struct wb_attrib_objs *wb_attrib_objs_load(const char *objdir,
	    const char *tmpfile, struct wb_err *);
void	wb_attrib_objs_free(struct wb_attrib_objs *);
/* The objects defining name ("kernel/fork.o"), up to max; count or 0. */
size_t	wb_attrib_objs_lookup(const struct wb_attrib_objs *,
	    const char *name, const char **objs, size_t max);

/* The options set to y in a .config ("DEBUG_LIST"), sorted. */
struct wb_attrib_config {
	char	**opt;
	size_t	  n;
};
int	wb_attrib_config_read(const char *path, struct wb_attrib_config *,
	    struct wb_err *);
void	wb_attrib_config_fini(struct wb_attrib_config *);
int	wb_attrib_config_has(const struct wb_attrib_config *, const char *);

/*
 * The categories (the fixed buckets, then options in order of first
 * use) and the charge of one kernel's symbols.  Names in ambiguous are
 * listed with their objects for the report.
 */
struct wb_attrib_cats {
	char	**name;
	size_t	  n;
	char	**ambiguous;	/* "label name: obj (CHARGE), ..." */
	size_t	  nambiguous;
};
void	wb_attrib_cats_init(struct wb_attrib_cats *);
void	wb_attrib_cats_fini(struct wb_attrib_cats *);
/* The category of name, added when new; -1 on allocation failure. */
long	wb_attrib_cats_add(struct wb_attrib_cats *, const char *);

struct wb_attrib_chargeenv {
	const struct wb_explain_objmap	*map;
	const struct wb_attrib_config	*base, *debug;
};
/*
 * cat[i] for every symbol of symtab defined by objs (by its name, else
 * by the first alias an object defines): its category in
 * cats (added as needed; both kernels share one cats so that a
 * category has one index); ambiguous names are listed with the kernel's
 * label.  -1 with err set on failure.
 */
int	wb_attrib_charge(const struct wb_attrib_symtab *,
	    const struct wb_attrib_objs *, const struct wb_attrib_chargeenv *,
	    const char *label, struct wb_attrib_cats *, long *cat,
	    struct wb_err *);
/* Per-category totals of counts (ncats entries, zeroed first). */
void	wb_attrib_tally(const struct wb_attrib_counts *, const long *cat,
	    size_t ncats, uint64_t *tot);

/*
 * One test: for each kernel (0 base, 1 debug) and run (0 short, 1
 * long), the loops the test counted and the per-category totals.  The
 * attribution is per loop of the test: (long - short) / (loops long -
 * loops short), which cancels the boot and the test's start-up, common
 * to both runs of a kernel.
 */
struct wb_attrib_run {
	double		 loops;
	uint64_t	*tot;		/* ncats */
};

struct wb_attrib_test {
	char			*id;
	struct wb_attrib_run	 run[2][2];	/* [kernel][short,long] */
	double			 sratio;	/* long / short seconds */
};

/*
 * The differencing holds when a test's loops grow in proportion to its
 * pass length; a kernel whose loops long / short is off sratio by more
 * than this fraction of it makes the test "not proportional" (a test
 * whose count does not grow with time, such as a fixed copy).
 */
#define WB_ATTRIB_PROPORTION	0.2

struct wb_attrib_row {
	const char	*name;		/* borrowed from the cats */
	double		 base, debug;	/* instructions per loop */
	double		 extra;		/* debug - base */
	double		 share;		/* of kernel_extra; NaN */
};

/* One symbol name of a category in both kernels, per loop. */
struct wb_attrib_symrow {
	char		*name;
	double		 base, debug, extra;
};

struct wb_attrib_testres {
	const char		*id;
	double			 base_total, debug_total; /* per loop */
	double			 kernel_extra;	/* all but user */
	double			 growth[2];	/* loops long / short */
	int			 proportional;	/* both near sratio */
	/* The options by extra, then the fixed buckets. */
	struct wb_attrib_row	*row;
	size_t			 nrow;
	struct wb_attrib_symrow	*top;		/* the residual's largest */
	size_t			 ntop;
};

/*
 * One kernel's side of a test for wb_attrib_top(): its symbols, their
 * categories and the counts of the short and the long run.
 */
struct wb_attrib_side {
	const struct wb_attrib_symtab	*syms;
	const long			*cat;
	const struct wb_attrib_counts	*cnt[2];	/* short, long */
	double				 loops[2];
};
/*
 * The names of category want with the largest extra per loop, debug
 * (side 1) against base (side 0), matched by name (a static name's
 * several symbols are summed), at most max of them, into res->top.
 */
int	wb_attrib_top(const struct wb_attrib_side *, long want, size_t max,
	    struct wb_attrib_testres *, struct wb_err *);

/* The rows of one test (ncats categories named by names). */
int	wb_attrib_compute(const struct wb_attrib_test *, char *const *names,
	    size_t ncats, struct wb_attrib_testres *, struct wb_err *);
void	wb_attrib_testres_fini(struct wb_attrib_testres *);

/*
 * The report: the tests' rows, then the ambiguous names.  With owners
 * (kbuild_owners.h: which request of the debug variant brings each
 * option), each test's options are summed again by the request that
 * brings them: LOCKDEP, DEBUG_SPINLOCK and PREEMPTIRQ_TRACEPOINTS under
 * PROVE_LOCKING.
 */
struct wb_attrib_report {
	const char			*base, *debug;	/* labels */
	const struct wb_attrib_testres	*res;
	size_t				 nres;
	const struct wb_attrib_cats	*cats;
	const struct wb_kbuild_owners	*owners;	/* may be NULL */
	json_t				*provenance;	/* borrowed */
};

/* One request's sum in one test (wb_attrib_by_request). */
struct wb_attrib_reqrow {
	char		*name;		/* "PROVE_LOCKING", "shared: X" */
	double		 extra, share;
	char		*options;	/* "LOCKDEP DEBUG_SPINLOCK" */
};
/*
 * The options of r summed by the request that brings each (an option
 * that is requested itself is its own; one no single request brings,
 * "shared: OPTION"), by extra, largest first; *rows malloc'ed.
 */
int	wb_attrib_by_request(const struct wb_attrib_testres *,
	    const struct wb_kbuild_owners *, struct wb_attrib_reqrow **rows,
	    size_t *n, struct wb_err *);
void	wb_attrib_reqrows_free(struct wb_attrib_reqrow *, size_t);
/*
 * The report as a report model (rmodel.h, lib/explain/attrib_model.c),
 * rendered by the shared writer of format ("text", "json", "csv",
 * "markdown", "html", ...: wb_rmodel_format_names()); save is atomic.
 */
struct wb_rmodel	*wb_attrib_model_new(const struct wb_attrib_report *,
			    struct wb_err *);
int	wb_attrib_write(FILE *, const char *format,
	    const struct wb_attrib_report *, struct wb_err *);
int	wb_attrib_save(const char *path, const char *format,
	    const struct wb_attrib_report *, struct wb_err *);

/*
 * The plugin API version (lib/explain/attrib_api.c): parse qemu's refusal of a
 * too new plugin ("... supports only up to version N"); ask qemu with
 * the probe plugin; read a plugin file's qemu_plugin_version; refuse,
 * naming both, a plugin whose version is not the one qemu accepts.
 */
int	wb_attrib_api_parse(const char *msg, int *max);
int	wb_attrib_api_qemu(const char *qemu, const char *probe, int *max,
	    struct wb_err *);
int	wb_attrib_api_plugin(const char *plugin, int *version,
	    struct wb_err *);
int	wb_attrib_api_check(const char *plugin, int version,
	    const char *qemu, int max, struct wb_err *);

#endif
