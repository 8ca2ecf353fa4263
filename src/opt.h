/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A command's options as one table: each entry names the option (short
 * letter, long name, the argument's synopsis), what kind of value it
 * takes and where the value goes, and its line of help.  getopt_long's
 * short string and long array are made from the table, parsing goes by
 * it, and "worldbench help" and the completion scripts read it
 * (src/help.c, src/completion.c).  Main-level code: prints warnings.
 */
#ifndef WB_OPT_H
#define WB_OPT_H

#include <stddef.h>
#include <stdio.h>

enum opt_kind {
	OPT_END = 0,	/* the end of the table */
	OPT_TEXT,	/* a help line only: syn and desc, parses nothing */
	OPT_FLAG,	/* int at off set to 1 */
	OPT_STR,	/* const char * at off set to the argument */
	OPT_INT,	/* int at off: an integer in min..max */
	OPT_POS,	/* double at off: a finite number above 0 */
	OPT_LIST,	/* const char *[max] at off, size_t count at cnt */
	OPT_FN,		/* fn(ctx + off, arg): 0, or -1 after a message */
};

/* Entry flags. */
#define OPT_OPTARG	0x01	/* --name[=arg]: the argument is optional */
#define OPT_EQ		0x02	/* help spells it --name=arg */
#define OPT_NOROW	0x04	/* no help line of its own (a TEXT has it) */
#define OPT_HIDDEN	0x08	/* parsed, never shown or completed */
#define OPT_PLUS	0x10	/* on any entry: stop at the first operand */

struct opt {
	enum opt_kind	 kind;
	int		 ch;	/* the short letter, or 0 */
	const char	*name;	/* the long name without "--", or NULL */
	const char	*arg;	/* the argument's synopsis; NULL: none */
	int		 flags;
	size_t		 off;	/* where the value goes in ctx */
	size_t		 given;	/* 1 + offset of an int set to 1, or 0 */
	size_t		 cnt;	/* OPT_LIST: where the count is */
	long		 min;	/* OPT_INT */
	long		 max;	/* OPT_INT; OPT_LIST: most entries */
	const char	*what;	/* a bad value "is not" this ("a task count") */
	int		(*fn)(void *ctx, char *arg);
	const char	*syn;	/* help's synopsis when not made */
	const char	*desc;	/* help's description */
};

/* An entry's place in the command's options, for off and given. */
#define OPT_AT(type, member)	offsetof(type, member)
#define OPT_GIVEN(type, member)	(offsetof(type, member) + 1)

/*
 * Parse argv by tab into ctx, from optind 1: the index of the first
 * operand, or -1 after a message (an unknown option: getopt's).
 */
int	opt_parse(const struct opt *tab, void *ctx, int argc, char **argv);
/*
 * The synopsis of an entry as help prints it ("-c, --copies n",
 * "--accel=tcg|kvm", "--factorial[=knobA,knobB]") into buf; NULL when
 * the entry has no help line.
 */
const char *opt_row(const struct opt *, char *buf, size_t n);
/* "--name", or "-c" when the entry has no long name, into buf. */
const char *opt_label(const struct opt *, char *buf, size_t n);

/* The option tables of the commands (src/cmd_<name>.c). */
extern const struct opt cmd_compare_opts[];
extern const struct opt cmd_run_opts[];
extern const struct opt cmd_submit_opts[];
extern const struct opt cmd_check_release_opts[];
extern const struct opt cmd_lava_job_opts[];
extern const struct opt cmd_bench_opts[];
extern const struct opt cmd_explain_opts[];
extern const struct opt cmd_history_opts[];
extern const struct opt cmd_table_opts[];
extern const struct opt cmd_import_opts[];
extern const struct opt cmd_preflight_opts[];
extern const struct opt cmd_recipe_opts[];
extern const struct opt cmd_boot_opts[];
extern const struct opt cmd_chroot_opts[];
extern const struct opt cmd_image_opts[];
extern const struct opt cmd_images_opts[];
extern const struct opt cmd_kernel_opts[];
extern const struct opt cmd_kernel_attribute_opts[];

#endif
