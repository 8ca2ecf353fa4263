/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A report as a model: a title, header notes, key/value metadata,
 * sections (each for readers, programs or both: blocks of text, then a
 * table of columns and rows of cells), footnotes, and a record (the
 * report's own JSON document, if it has one).
 * A report builds one model; the writers of rmodel_formats.h render any
 * model as text, JSON, CSV, Markdown or HTML.  The format table there is
 * the only list of formats: a new format is one writer file plus one
 * line of that table.
 */
#ifndef WB_RMODEL_H
#define WB_RMODEL_H

#include <stddef.h>
#include <stdio.h>

struct wb_err;

enum wb_rm_align {
	WB_RM_LEFT,
	WB_RM_RIGHT,
	WB_RM_PLAIN	/* none stated: left, but Markdown writes no ':' */
};

enum wb_rm_kind {
	WB_RM_TEXT,
	WB_RM_NUM,	/* a number printed with prec digits */
	WB_RM_RATIO,	/* a ratio and its interval [lo, hi] */
	WB_RM_VERDICT	/* words and a sign: -1 worse, 0 none, 1 better */
};

struct wb_rmodel_cell {
	enum wb_rm_kind	 kind;
	char		*text;		/* TEXT and VERDICT */
	double		 v, lo, hi;	/* NUM: v; RATIO: v in [lo, hi] */
	int		 prec;		/* NUM and RATIO: digits */
	int		 sig;		/* NUM: > 0, significant digits instead */
	int		 sign;		/* VERDICT */
	int		 strong;	/* TEXT: strong where the format can */
};

struct wb_rm_col {
	char		*name;
	enum wb_rm_align align;
	enum wb_rm_kind	 kind;
};

/*
 * Who a section is for: both (the default), readers (text, Markdown,
 * HTML show it; a report's view), or programs (CSV, TSV and JSON's
 * layout of the tables show it; a report's rows).  A writer asks
 * wb_rmodel_shown().
 */
enum wb_rm_use {
	WB_RM_BOTH,
	WB_RM_READERS,
	WB_RM_PROGRAMS
};

enum wb_rm_note_kind {
	WB_RM_PARA,		/* a paragraph */
	WB_RM_WARN,		/* a paragraph, strong where the format can */
	WB_RM_ITEM,		/* an item of a list: its lead, then its text */
	WB_RM_ITEM_WARN,	/* an item whose lead is strong */
	WB_RM_PRE		/* lines shown as they are (an ASCII plot) */
};

struct wb_rm_note {
	enum wb_rm_note_kind	 kind;
	char			*lead;		/* an item's, or NULL */
	char			*text;
	int			 newlist;	/* an item starting a list */
};

struct wb_rm_section {
	char			*title;
	int			 depth;		/* 1 a section, 2 below one */
	enum wb_rm_use		 use;
	struct wb_rm_note	*note;		/* blocks before the table */
	size_t			 nnote;
	struct wb_rm_col	*col;
	size_t			 ncol;
	struct wb_rmodel_cell	*cell;		/* ncell, row-major */
	size_t			 ncell;
	char			*figure;	/* HTML only: markup (an SVG) */
	int			 newlist;	/* the next item starts a list */
};

struct wb_rm_meta {
	char	*key;
	char	*value;
	int	 json;		/* value is JSON text (wb_rmodel_meta_json) */
};

struct wb_rmodel {
	char			*title;
	char			**note;
	size_t			 nnote;
	struct wb_rm_meta	*meta;
	size_t			 nmeta;
	struct wb_rm_section	*sec;
	size_t			 nsec;
	char			**foot;
	size_t			 nfoot;
	struct wb_rm_meta	*rec;		/* the record, JSON values */
	size_t			 nrec;
	int			 recsig;	/* its reals' digits; 0: 10 */
	int			 failed;	/* a builder ran out of memory */
};

/*
 * Building.  Every builder call adds to the end: a cell to the last
 * row of the last section (rows are ncol cells).  A failed allocation
 * marks the model; wb_rmodel_write() then reports it, so a report may
 * build without checking each call.
 */
struct wb_rmodel	*wb_rmodel_new(const char *title, struct wb_err *);
void	wb_rmodel_free(struct wb_rmodel *);
void	wb_rmodel_meta(struct wb_rmodel *, const char *key, const char *value);
/*
 * A metadata value that is JSON text (an object, an array, a number):
 * the JSON writer embeds it as a value, the others print the text.
 */
void	wb_rmodel_meta_json(struct wb_rmodel *, const char *key,
	    const char *json);
/*
 * The model's record: what a program reads, as the members of one JSON
 * object in the order given, each value JSON text.  A report whose
 * JSON is a documented format of its own (compare's
 * "worldbench-compare", worldbench-compare(5)) gives its document so;
 * the JSON writer then writes the record, reals to ten significant
 * digits, instead of its layout of the tables.  The other writers
 * render the tables and notes and leave the record out.
 */
void	wb_rmodel_record(struct wb_rmodel *, const char *key, const char *json);
/*
 * The record's reals to sig significant digits instead of ten (17: as
 * jansson writes them by default, every digit of a double).
 */
void	wb_rmodel_record_sig(struct wb_rmodel *, int sig);
void	wb_rmodel_note(struct wb_rmodel *, const char *);
void	wb_rmodel_footnote(struct wb_rmodel *, const char *);
void	wb_rmodel_section(struct wb_rmodel *, const char *title);
/* A section below the one before it (Markdown "###", HTML <h3>). */
void	wb_rmodel_subsection(struct wb_rmodel *, const char *title);
/* Who the last section is for (WB_RM_BOTH unless set). */
void	wb_rmodel_section_use(struct wb_rmodel *, enum wb_rm_use);
/* The last section's blocks before its table, in order. */
void	wb_rmodel_section_note(struct wb_rmodel *, const char *);
void	wb_rmodel_section_warn(struct wb_rmodel *, const char *);
/* Lines kept as they are, never wrapped (text, a Markdown code block). */
void	wb_rmodel_section_pre(struct wb_rmodel *, const char *);
/*
 * An item of a list: lead (NULL: none) and text; consecutive items are
 * one list unless wb_rmodel_section_list() starts another.  strong:
 * the lead is strong where the format can (a problem, not a note).
 */
void	wb_rmodel_section_item(struct wb_rmodel *, const char *lead,
	    int strong, const char *text);
void	wb_rmodel_section_list(struct wb_rmodel *);
/*
 * A figure of the last section, markup the report made (an SVG, its
 * text escaped by its maker): the HTML writer puts it after the notes,
 * as is; the other formats have the table only.
 */
void	wb_rmodel_section_figure(struct wb_rmodel *, const char *markup);
void	wb_rmodel_column(struct wb_rmodel *, const char *name,
	    enum wb_rm_align, enum wb_rm_kind);
void	wb_rmodel_text(struct wb_rmodel *, const char *);
/* Text shown strong where the format can (a total's name). */
void	wb_rmodel_strong(struct wb_rmodel *, const char *);
void	wb_rmodel_num(struct wb_rmodel *, double, int prec);
/*
 * A number given to sig significant digits ("%.*g", as a program reads
 * it): every writer prints it so, CSV too, without adding digits.
 */
void	wb_rmodel_num_sig(struct wb_rmodel *, double, int sig);
void	wb_rmodel_ratio(struct wb_rmodel *, double, double lo, double hi,
	    int prec);
void	wb_rmodel_verdict(struct wb_rmodel *, const char *words, int sign);

/* Whether a writer for readers (or else for programs) shows s. */
int	wb_rmodel_shown(const struct wb_rm_section *s, int readers);

/* Rows of a section; cell c of row r. */
size_t	wb_rmodel_nrow(const struct wb_rm_section *);
const struct wb_rmodel_cell	*wb_rmodel_cell(const struct wb_rm_section *, size_t r,
	    size_t c);
/*
 * A cell as one string, the same in every format that prints it so:
 * "-" for NaN, "%.*f" (or "%.*g" to sig digits), "1.023 [0.998,
 * 1.049]", the verdict's words.
 */
const char	*wb_rmodel_cell_str(const struct wb_rmodel_cell *, char *buf,
		    size_t len);

/*
 * The formats, by name (rmodel_formats.h): "text", "json", "csv",
 * "markdown", "html".
 */
typedef int	wb_rm_writer(FILE *, const struct wb_rmodel *, struct wb_err *);
struct wb_rm_format {
	const char	*name;
	wb_rm_writer	*write;
};
const struct wb_rm_format	*wb_rmodel_format_find(const char *name);
/* The names, comma-separated, for a usage message. */
const char	*wb_rmodel_format_names(void);
int	wb_rmodel_write(FILE *, const struct wb_rm_format *,
	    const struct wb_rmodel *, struct wb_err *);
/* Atomic: path is replaced only by the complete report. */
int	wb_rmodel_save(const char *path, const struct wb_rm_format *,
	    const struct wb_rmodel *, struct wb_err *);
/*
 * The end of a report's write and save: m (NULL: its builder failed, err
 * set) written to fp, or saved at path when path is not NULL; m freed.
 */
int	wb_rmodel_emit(FILE *fp, const char *path, const struct wb_rm_format *,
	    struct wb_rmodel *m, struct wb_err *);
/*
 * wb_rmodel_emit() in the format of the table named format; a name not
 * in it is an error listing the names (m is freed either way).
 */
int	wb_rmodel_emit_as(FILE *fp, const char *path, const char *format,
	    struct wb_rmodel *m, struct wb_err *);

#endif
