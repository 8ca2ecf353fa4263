/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every command's options with a one-line description (see help.h),
 * read from the commands' option tables (src/opt.h).  worldbench(1) has
 * the full text; keep the two in step.
 */
#include <stdio.h>
#include <string.h>

#include "exitmap.h"
#include "help.h"
#include "opt.h"
#include "wb_model.h"

/* One line of help: an option's synopsis (or a word) and its text. */
struct help_opt {
	const char	*cmd;
	const char	*opt;		/* as in the synopsis */
	const char	*desc;
};

/*
 * The commands in the order help and completion walk them, each with
 * its option table (src/opt.h) and, for kernel, attribute's after it.
 */
static const struct help_cmd {
	const char	*cmd;
	const struct opt *tab;
	const struct opt *tab2;		/* a subcommand's, after tab */
} cmds[] = {
	{ "run", cmd_run_opts, NULL },
	{ "bench", cmd_bench_opts, NULL },
	{ "explain", cmd_explain_opts, NULL },
	{ "table", cmd_table_opts, NULL },
	{ "history", cmd_history_opts, NULL },
	{ "import", cmd_import_opts, NULL },
	{ "compare", cmd_compare_opts, NULL },
	{ "preflight", cmd_preflight_opts, NULL },
	{ "check-release", cmd_check_release_opts, NULL },
	{ "recipe", cmd_recipe_opts, NULL },
	{ "image", cmd_image_opts, NULL },
	{ "images", cmd_images_opts, NULL },
	{ "chroot", cmd_chroot_opts, NULL },
	{ "boot", cmd_boot_opts, NULL },
	{ "kernel", cmd_kernel_opts, cmd_kernel_attribute_opts },
	{ "lava-job", cmd_lava_job_opts, NULL },
	{ "submit", cmd_submit_opts, NULL },
};

/* A walk over the help rows of every command, or of one. */
struct help_iter {
	const char	*only;		/* NULL: every command */
	size_t		 c, t, i;	/* command, its table, the row */
	char		 buf[96];
};

/* The next row of table t of command hc into r; 0, or -1 at its end. */
static int
table_row(struct help_iter *it, const struct help_cmd *hc,
    struct help_opt *r)
{
	const struct opt *tab, *o;

	tab = it->t == 0 ? hc->tab : hc->tab2;
	for (; tab != NULL && (o = &tab[it->i])->kind != OPT_END; it->i++)
		if ((r->opt = opt_row(o, it->buf, sizeof(it->buf))) != NULL) {
			r->cmd = hc->cmd;
			r->desc = o->desc;
			it->i++;
			return (0);
		}
	return (-1);
}

/* The next row into r; 0, or -1 at the end. */
static int
next_row(struct help_iter *it, struct help_opt *r)
{
	const struct help_cmd *hc;

	for (; it->c < sizeof(cmds) / sizeof(cmds[0]);
	    it->c++, it->t = 0, it->i = 0) {
		hc = &cmds[it->c];
		if (it->only != NULL && strcmp(hc->cmd, it->only) != 0)
			continue;
		for (; it->t < 2; it->t++, it->i = 0)
			if (table_row(it, hc, r) == 0)
				return (0);
	}
	return (-1);
}

static void
iter_init(struct help_iter *it, const char *only)
{

	memset(it, 0, sizeof(*it));
	it->only = only;
}

/*
 * One piece of an option's synopsis, "-c", "--copies n", "--accel=tcg|kvm"
 * or "--factorial[=knobA,knobB]", into o; 0, or -1 when it is not an
 * option.
 */
static int
parse_piece(const char *p, size_t len, struct help_optinfo *o)
{
	size_t n;
	const char *a;

	if (len < 2 || p[0] != '-')
		return (-1);
	if (p[1] != '-') {
		o->shortname = p[1];
		a = p + 2;
	} else {
		for (n = 0; 2 + n < len && strchr(" =[", p[2 + n]) == NULL; n++)
			;
		if (n == 0 || n >= sizeof(o->longname))
			return (-1);
		memcpy(o->longname, p + 2, n);
		o->longname[n] = '\0';
		a = p + 2 + n;
	}
	if (a < p + len && *a == '[') {
		o->optional = 1;
		a++;
	}
	if (a < p + len && (*a == ' ' || *a == '='))
		a++;
	n = (size_t)(p + len - a);
	if (n > 0 && o->optional && a[n - 1] == ']')
		n--;
	if (n >= sizeof(o->arg))
		n = sizeof(o->arg) - 1;
	memcpy(o->arg, a, n);
	o->arg[n] = '\0';
	return (0);
}

/* The argument of cmd's option --name as another command states it. */
static void
borrow_arg(struct help_optinfo *o)
{
	struct help_optinfo t;
	struct help_iter it;
	struct help_opt r;
	const char *p, *e;

	iter_init(&it, NULL);
	while (next_row(&it, &r) == 0)
		for (p = r.opt; *p != '\0'; p = *e == '\0' ? e : e + 2) {
			if ((e = strstr(p, ", ")) == NULL)
				e = p + strlen(p);
			memset(&t, 0, sizeof(t));
			if (parse_piece(p, (size_t)(e - p), &t) == 0 &&
			    strcmp(t.longname, o->longname) == 0 &&
			    t.arg[0] != '\0') {
				memcpy(o->arg, t.arg, sizeof(o->arg));
				o->optional = t.optional;
				return;
			}
		}
}

static int
seen(const struct help_optinfo *v, size_t n, const struct help_optinfo *o)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((o->longname[0] != '\0' &&
		    strcmp(v[i].longname, o->longname) == 0) ||
		    (o->shortname != 0 && v[i].shortname == o->shortname))
			return (1);
	return (0);
}

size_t
help_options_of(const char *cmd, struct help_optinfo *v, size_t max)
{
	struct help_optinfo pc[4];
	struct help_iter it;
	struct help_opt r;
	const char *p, *e;
	size_t j, k, n;

	n = 0;
	iter_init(&it, cmd);
	while (next_row(&it, &r) == 0) {
		if (r.opt[0] != '-')
			continue;
		k = 0;
		for (p = r.opt; *p != '\0' && k < 4;
		    p = *e == '\0' ? e : e + 2) {
			if ((e = strstr(p, ", ")) == NULL)
				e = p + strlen(p);
			memset(&pc[k], 0, sizeof(pc[k]));
			pc[k].desc = r.desc;
			if (parse_piece(p, (size_t)(e - p), &pc[k]) == 0)
				k++;
		}
		/* "-c, --copies n" is one option; "--a, --b" are two. */
		if (k == 2 && pc[0].shortname != 0 && pc[0].arg[0] == '\0' &&
		    pc[1].longname[0] != '\0') {
			pc[1].shortname = pc[0].shortname;
			pc[0] = pc[1];
			k = 1;
		}
		for (j = 0; j < k && n < max; j++) {
			if (pc[j].longname[0] != '\0' && pc[j].arg[0] == '\0' &&
			    strncmp(pc[j].desc, "as for", 6) == 0)
				borrow_arg(&pc[j]);
			if (!seen(v, n, &pc[j]))
				v[n++] = pc[j];
		}
	}
	return (n);
}

int
help_options(FILE *fp, const char *cmd)
{
	const struct wb_test_def *t;
	struct help_iter it;
	struct help_opt r;
	size_t i, n;

	n = 0;
	iter_init(&it, cmd);
	while (next_row(&it, &r) == 0) {
		if (n++ == 0)
			fprintf(fp, "\n");
		if (strlen(r.opt) < 28)
			fprintf(fp, "  %-28s %s\n", r.opt, r.desc);
		else
			fprintf(fp, "  %s\n  %-28s %s\n", r.opt, "", r.desc);
	}
	if (strcmp(cmd, "run") == 0) {
		fprintf(fp, "\ntests (-T):\n");
		for (i = 0; (t = wb_suite_at(i)) != NULL; i++)
			fprintf(fp, "  %-17s %s%s\n", t->id, t->name,
			    wb_suite_unindexed(t) ? " (not in the index)" :
			    "");
	}
	if (n > 0)
		fprintf(fp, "\nSee worldbench(1) for the full text; "
		    "'worldbench help exit-status' for exit statuses.\n");
	return (n > 0 ? 0 : -1);
}

void
help_exit_statuses(FILE *fp)
{
	size_t i;

	fprintf(fp, "exit statuses of worldbench (worldbench(1) EXIT STATUS):\n");
	for (i = 0; cmd_exit_rows[i].meaning != NULL; i++)
		if (cmd_exit_rows[i].status == 128)
			fprintf(fp, "  %-6s %s\n", "128+N",
			    cmd_exit_rows[i].meaning);
		else
			fprintf(fp, "  %-6d %s\n", cmd_exit_rows[i].status,
			    cmd_exit_rows[i].meaning);
}

/* Optimal string alignment distance, capped at 3. */
static size_t
distance(const char *a, const char *b)
{
	size_t d[64][64], i, j, la, lb, c, v;

	la = strlen(a);
	lb = strlen(b);
	if (la >= 64 || lb >= 64)
		return (3);
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			c = a[i - 1] != b[j - 1];
			v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + c < v)
				v = d[i - 1][j - 1] + c;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return (d[la][lb] < 3 ? d[la][lb] : 3);
}

const char *
help_nearest(const char *s, const char *const *names, size_t n)
{
	const char *best;
	size_t i, d, bd;

	best = NULL;
	bd = 3;
	for (i = 0; i < n; i++) {
		/* A unique prefix of three letters or more counts as close. */
		d = strlen(s) >= 3 && strncmp(names[i], s, strlen(s)) == 0 ?
		    1 : distance(s, names[i]);
		if (d < bd) {
			bd = d;
			best = names[i];
		}
	}
	return (best);
}

void
help_suggest_options(const char *cmd, int argc, char **argv)
{
	struct help_optinfo v[HELP_MAXOPTS];
	const char *names[HELP_MAXOPTS + 1], *best;
	size_t i, m, n;
	int k;

	m = help_options_of(cmd, v, HELP_MAXOPTS);
	n = 0;
	for (i = 0; i < m; i++)
		if (v[i].longname[0] != '\0')
			names[n++] = v[i].longname;
	if (n == 0)
		return;
	names[n++] = "help";
	for (k = 1; k < argc; k++) {
		char word[64];
		size_t len;

		if (strcmp(argv[k], "--") == 0)
			break;
		if (strncmp(argv[k], "--", 2) != 0)
			continue;
		len = strcspn(argv[k] + 2, "=");
		if (len == 0 || len >= sizeof(word))
			continue;
		memcpy(word, argv[k] + 2, len);
		word[len] = '\0';
		for (i = 0; i < n; i++)
			if (strcmp(names[i], word) == 0)
				break;
		if (i < n)
			continue;
		if ((best = help_nearest(word, names, n)) != NULL)
			fprintf(stderr, "worldbench %s: --%s: did you mean "
			    "--%s?\n", cmd, word, best);
	}
}
