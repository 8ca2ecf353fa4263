/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The release history store (worldbench-history(5)): every run added to
 * it, its variants, every raw pass and the verdicts of its comparisons,
 * kept insert-only in SQLite (the default, WORKDIR/history.db) or
 * PostgreSQL (a postgresql:// URL).  Both backends take the same schema
 * from the same numbered migrations (lib/history_schema.c) and the same
 * SQL; a backend only opens, runs statements and closes.
 *
 * A series is (machine fingerprint, variant label, test) over releases
 * ordered by their order: runs of different fingerprints never share a
 * series.
 */
#ifndef WB_HISTORY_STORE_H
#define WB_HISTORY_STORE_H

#include <stddef.h>

struct wb_err;
struct wb_results;
struct wb_hstore;

/*
 * A statement's result row: ncol text values (NULL for SQL NULL).
 * Return 0 to go on, -1 (err set) to stop.
 */
typedef int	wb_hs_row_fn(void *arg, int ncol, const char *const *val,
		    struct wb_err *);

/*
 * A backend.  SQL reaches it with "?" placeholders and text parameters
 * (NULL for SQL NULL); "@ID@" in a migration stands for the backend's
 * auto-numbered primary key.
 */
struct wb_hs_backend {
	const char	*name;		/* "sqlite", "postgresql" */
	const char	*id_type;	/* what @ID@ becomes */
	int	(*open)(struct wb_hstore *, const char *where,
		    struct wb_err *);
	/* lock: serialise against every other writer (migrations, adds). */
	int	(*begin)(struct wb_hstore *, int lock, struct wb_err *);
	int	(*exec)(struct wb_hstore *, const char *sql,
		    const char *const *param, int nparam, wb_hs_row_fn *,
		    void *arg, struct wb_err *);
	int	(*commit)(struct wb_hstore *, struct wb_err *);
	void	(*rollback)(struct wb_hstore *);
	void	(*close)(struct wb_hstore *);
};

struct wb_hstore {
	const struct wb_hs_backend	*be;
	void				*db;		/* the backend's handle */
	char				*where;		/* file or URL */
	int				 intx;
};

extern const struct wb_hs_backend	wb_hs_sqlite;
extern const struct wb_hs_backend	wb_hs_postgresql;

/*
 * Open the store named by url: "postgresql://..." or "postgres://..."
 * (libpq), "sqlite:PATH" or a plain PATH (SQLite, created if need be),
 * and bring its schema to the newest version (wb_history_migrate).  NULL
 * with err set.
 */
struct wb_hstore	*wb_history_open(const char *url, struct wb_err *);
void			 wb_history_close(struct wb_hstore *);

/*
 * Apply every migration newer than the schema_version table records,
 * each in one locked transaction with its version row; a second call
 * (or a concurrent one) applies nothing.  *applied (may be NULL) gets
 * how many this call applied.
 */
int	wb_history_migrate(struct wb_hstore *, int *applied, struct wb_err *);
/* The store's schema version (the newest: wb_history_schema_latest). */
int	wb_history_schema_version(struct wb_hstore *, int *, struct wb_err *);

/* Transactions and statements, through the backend. */
int	wb_history_begin(struct wb_hstore *, int lock, struct wb_err *);
int	wb_history_commit(struct wb_hstore *, struct wb_err *);
void	wb_history_rollback(struct wb_hstore *);
int	wb_history_exec(struct wb_hstore *, const char *sql,
	    const char *const *param, int nparam, wb_hs_row_fn *, void *arg,
	    struct wb_err *);
/*
 * A statement that returns one value (e.g. "INSERT ... RETURNING id"):
 * *out gets it, malloc'ed, or NULL when no row came back.
 */
int	wb_history_exec1(struct wb_hstore *, const char *sql,
	    const char *const *param, int nparam, char **out,
	    struct wb_err *);

/*
 * A release: NAME[:ORDER] (lib/history_add.c).  Without an order, a
 * release the store knows keeps its own, and a new one comes after
 * every other; a release derived from an image's recipe version
 * ("RECIPE-VERSION") takes its order from the version's numbers.
 */
#define WB_HS_NAME_MAX	128
struct wb_hs_release {
	char		name[WB_HS_NAME_MAX];
	long long	order;
	int		have_order;
};
int	wb_history_release_parse(const char *arg, struct wb_hs_release *,
	    struct wb_err *);

/*
 * Add a run: a results file, an imported UnixBench log, or a directory
 * of them (bench, run -o dir, boot, explain, a Slurm or LAVA
 * collection; results files up to three levels down).  Insert only: a
 * run whose sha256 (of the file; of a directory, the sha256 of its
 * results files' "SHA256  PATH" lines sorted) or any of whose results
 * files the store holds already is not added again, and *a says which
 * run holds it.  rel NULL: derived from the image's recipe version.
 */
struct wb_hs_added {
	long long	run;		/* the new run, or the one holding it */
	int		duplicate;	/* 1: nothing added */
	char		kind[16];
	char		release[WB_HS_NAME_MAX];
	long long	order;
	char		fingerprint[65];	/* "mixed" over nodes */
	size_t		nvariants, nsamples, nverdicts;
	size_t		nratios;	/* (variant, test) ratios stored */
};
int	wb_history_add(struct wb_hstore *, const char *path,
	    const struct wb_hs_release *rel, struct wb_hs_added *,
	    struct wb_err *);
/* The same with the kind given ("confirm": history confirm's runs). */
int	wb_history_add_kind(struct wb_hstore *, const char *path,
	    const struct wb_hs_release *rel, const char *kind,
	    struct wb_hs_added *, struct wb_err *);
/*
 * The same, the run paired with a reference: reference is the label of
 * one of its variants (release 1's stored image, say, measured
 * interleaved with the others); it is marked as the reference, every
 * other variant names it, and each (variant, test) gets the ratio of its
 * passes to the reference's passes of the same number, with its 95%
 * interval and the reference's image digest (table ratios).  A series
 * of such variants is made of those ratios (wb_history_series).  An error
 * when no variant, or more than one, has that label, or no pass pairs.
 */
int	wb_history_add_ref(struct wb_hstore *, const char *path,
	    const struct wb_hs_release *rel, const char *reference,
	    struct wb_hs_added *, struct wb_err *);
/*
 * A results file's machine fingerprint: the sha256 of provenance
 * host.fingerprint without the hostname, as compact JSON with sorted
 * keys ("none" when the file has none).
 */
int	wb_history_fingerprint(const struct wb_results *, char hex[65],
	    struct wb_err *);

/* One run as history list shows it. */
struct wb_hs_run {
	long long	 id;
	const char	*kind, *added, *started, *release, *fingerprint;
	const char	*sha256, *source, *labels;
	long long	 order;
};
typedef int	wb_hs_run_fn(void *, const struct wb_hs_run *,
		    struct wb_err *);
int	wb_history_list(struct wb_hstore *, wb_hs_run_fn *, void *,
	    struct wb_err *);

/*
 * Series (lib/history_series.c): per release in order, the ok passes
 * of every run on that machine, variant and test: n, the geometric
 * mean and its 95% interval (t on the logs; none below two passes).
 * The raw values stay in x.
 *
 * A variant stored with a reference (wb_history_add_ref) makes a normalised
 * series instead: its values are the ratios of its passes to the
 * reference's passes of the same number in the same run (passes without
 * a pair are left out), so a release's point is its ratio to the
 * reference, paired in each run.  A series is (machine, variant, test,
 * reference image); when a (machine, variant, test) has a normalised
 * series, its raw passes make none.  A reference variant itself makes
 * no series.
 */
struct wb_hs_filter {
	const char	*machine;	/* a fingerprint or its prefix */
	const char	*variant;
	const char	*test;
};
struct wb_hs_point {
	char		*release;
	long long	 order;
	size_t		 nruns;
	size_t		 n;
	double		*x;
	double		 gmean, lo, hi;	/* lo, hi NaN without an interval */
	double		 sdlog;		/* the spread of the logs */
};
struct wb_history_series {
	char			*fingerprint;
	char			*label;
	char			*test;
	/* A normalised series: the reference's label and image; NULL else. */
	char			*reference;
	char			*reference_sha256;
	struct wb_hs_point	*p;
	size_t			 np;
};
int	wb_history_series(struct wb_hstore *, const struct wb_hs_filter *,
	    struct wb_history_series **, size_t *, struct wb_err *);
void	wb_history_series_free(struct wb_history_series *, size_t);
/* The point's statistics from its values (n, gmean, lo, hi, sdlog). */
void	wb_history_point_stats(struct wb_hs_point *);

/*
 * Change candidates (lib/history_confirm.c): a step in a series between
 * two releases, recorded by history changes; history confirm measures
 * the two releases again and records the outcome.  Both insert only.
 */
struct wb_hs_candidate {
	long long	id;
	char		fingerprint[65];
	char		label[WB_HS_NAME_MAX];
	char		test[WB_HS_NAME_MAX];
	char		before[WB_HS_NAME_MAX], after[WB_HS_NAME_MAX];
	long long	before_id, after_id;
	double		ratio;		/* after / before, as found */
	/* The images of the newest stored runs of the two releases. */
	char		before_image[65], after_image[65];
	char		outcome[16];	/* the last confirmation, or "" */
};
int	wb_history_candidate_add(struct wb_hstore *, const char *fingerprint,
	    const char *label, const char *test, const char *before,
	    const char *after, double ratio, const char *method,
	    long long *id, struct wb_err *);
int	wb_history_candidate_get(struct wb_hstore *, long long id,
	    struct wb_hs_candidate *, struct wb_err *);
/* outcome: "confirmed", "rejected" or "inconclusive"; run 0: none. */
int	wb_history_confirmation_add(struct wb_hstore *, long long candidate,
	    long long run, const char *outcome, double ratio, double lo,
	    double hi, struct wb_err *);

/*
 * Change detection (lib/history_changes.c): each series of the filter
 * with at least 2 * min_size releases, its per-release log geometric
 * means searched by wb_changepoint_find (lib/stats/changepoint.h), each
 * change point recorded as a candidate unless the store holds one of
 * that series and those two releases already; then the tail test's
 * candidates (wb_hs_detect.tail_k), recorded the same way, its looks
 * floored at the series' last confirmed change (wb_cp_tail_opts.floor).
 */
struct wb_hs_found {
	const struct wb_history_series	*series;
	const char			*kind;	/* "e-divisive" or "tail" */
	size_t				 at;	/* index of the release after */
	double				 ratio, lo, hi, p;
	long long			 id;	/* the candidate */
	int				 recorded;	/* 1: held already */
	/* Its last confirmation: "confirmed", "rejected" ..., "" none. */
	char				 outcome[16];
};
typedef int	wb_hs_found_fn(void *, const struct wb_hs_found *,
		    struct wb_err *);
struct wb_hs_detect {
	double		alpha;		/* each split's level */
	unsigned	permutations;
	size_t		min_size;
	unsigned long long seed;
	const char	*method;	/* recorded with each candidate */
	/*
	 * The online tail test beside it (wb_cp_tail_find, side -1: a
	 * fall of the score): looks at the last 1..tail_k releases at
	 * one-sided level tail_alpha; tail_k 0: off.  A boundary that
	 * e-divisive proposed too is reported once, as e-divisive's.
	 */
	size_t		tail_k;
	double		tail_alpha;
	const char	*tail_method;	/* recorded with its candidates */
};
/*
 * What a search covered: the series searched (long enough), and how
 * many of them are shorter than reach, the fewest releases in which the
 * expected p of a clean step between two halves, about
 * 1 / (R + 1) + 2 / C(n, n/2), is at most alpha (in a shorter series
 * such a step is found or not by the luck of the shuffles).
 */
struct wb_hs_changes_sum {
	size_t	nseries;
	size_t	reach;
	size_t	nshort;
};
size_t	wb_history_changes_reach(const struct wb_hs_detect *);
int	wb_history_changes(struct wb_hstore *, const struct wb_hs_filter *,
	    const struct wb_hs_detect *, wb_hs_found_fn *, void *,
	    struct wb_hs_changes_sum *, struct wb_err *);
/*
 * Record a candidate unless one of that series and those two releases is
 * stored already, in one locked transaction: *id gets the new or the
 * held one, *held 1 for the latter.
 */
int	wb_history_candidate_record(struct wb_hstore *, const char *fingerprint,
	    const char *label, const char *test, const char *before,
	    const char *after, double ratio, double lo, double hi, double p,
	    const char *method, long long *id, int *held, struct wb_err *);

/*
 * The candidates of one series, by the order of their later release,
 * each with its last confirmation (outcome "" when none) and the source
 * of the confirmation's run (NULL when none).
 */
struct wb_hs_cand_row {
	long long	 id;
	const char	*before, *after;
	double		 ratio, lo, hi, p;	/* as found; NaN: none */
	const char	*outcome;
	double		 kratio, klo, khi;	/* the confirmation's */
	const char	*source;
};
typedef int	wb_hs_cand_fn(void *, const struct wb_hs_cand_row *,
		    struct wb_err *);
int	wb_history_candidates(struct wb_hstore *, const char *fingerprint,
	    const char *label, const char *test, wb_hs_cand_fn *, void *,
	    struct wb_err *);

/*
 * The release-history site (lib/history_site.c): every series of the
 * filter, its releases' geometric means and intervals and its
 * candidates with their status, written by wb_history_html_write into
 * dir.  A confirmation's report is linked: the compare.html of its run's
 * directory when there is one, else the run's results path, as a path
 * relative to dir.  *nseries gets the series written.
 */
int	wb_history_site_write(struct wb_hstore *, const struct wb_hs_filter *,
	    const char *dir, const char *generator, size_t *nseries,
	    struct wb_err *);

/*
 * The archive of the image whose sha256 is sha: an image .meta of WORKDIR/images
 * that names it, its archive hashed again to make sure.  path gets it.
 */
int	wb_history_image_find(const char *workdir, const char *sha, char *path,
	    size_t len, struct wb_err *);
/*
 * The releases of a series before order, newest first, that no
 * confirmed candidate names as its later side: at most n of them, their
 * ids into ids (*nids how many).
 */
int	wb_history_good_releases(struct wb_hstore *, const char *fingerprint,
	    const char *label, long long order, size_t n, long long *ids,
	    size_t *nids, struct wb_err *);
/*
 * The ok passes of one release of a series as a results structure, one
 * test per test stored, passes renumbered in order; provenance from
 * the newest run's (without its label).  NULL with err set.
 */
struct wb_results	*wb_history_release_results(struct wb_hstore *,
			    const char *fingerprint, const char *label,
			    const long long *release_ids, size_t nids,
			    struct wb_err *);

#endif
