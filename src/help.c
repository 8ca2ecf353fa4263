/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every command's options with a one-line description (see help.h).
 * worldbench(1) has the full text; keep the two in step.
 */
#include <stdio.h>
#include <string.h>

#include "exitmap.h"
#include "help.h"
#include "opt.h"
#include "suite.h"

struct help_opt {
	const char	*cmd;
	const char	*opt;		/* as in the synopsis */
	const char	*desc;
};

static const struct help_opt opts[] = {
	{ "table", "-e, --estimator unixbench|all", "how passes are combined into a score" },
	{ "table", "-F, --format fmt", "seed, unixbench5, json, csv or markdown" },
	{ "history", "--store url", "postgresql://... or a SQLite file (default WORKDIR/history.db)" },
	{ "history", "-w, --workdir dir", "the work directory (default $WORKDIR, else work)" },
	{ "history", "--release name[:order]", "add: the release of the runs (default: recipe-VERSION of the image)" },
	{ "history", "--machine fp", "series, changes, html: a machine fingerprint or its prefix" },
	{ "history", "--variant label", "series, changes, html: one variant" },
	{ "history", "--test id", "series, changes, html: one test" },
	{ "history", "--alpha a", "changes: each split's level (default 0.003, for a look after every release)" },
	{ "history", "--seed n", "changes: the permutations' seed (default 0)" },
	{ "history", "-o, --output dir", "html: the directory of the static site" },
	{ "history", "--passes n", "confirm: passes of each release (default 8)" },
	{ "history", "--duration s", "confirm: seconds a pass (default 1)" },
	{ "import", "-l, --label name", "the label recorded in the results" },
	{ "import", "-o, --output results", "the results file to write" },
	{ "import", "-t, --table n", "import the n-th table of the report (default 1)" },
	{ "import", "--lava file", "import a LAVA job's results into a directory" },
	{ "preflight", "-j, --json", "print the check as JSON" },
	{ "preflight", "-s, --strict", "exit 1 when the host is busy" },
	{ "preflight", "-w, --window seconds", "how long to watch the load (default 0.5)" },
	{ "recipe", "build [options] recipe", "build a recipe's port into the work directory" },
	{ "recipe", "lint [recipe ...]", "check recipes, printing file:line: problem" },
	{ "recipe", "variants recipe", "list a world recipe's variants" },
	{ "image", "pack [options] root archive", "pack a root into a reproducible archive" },
	{ "image", "-z gzip|none|zstd", "pack: the compression (default gzip)" },
	{ "image", "--manifest file", "pack: owners, modes and device nodes of the entries" },
	{ "image", "--mtime seconds", "pack: the time stamp of every entry" },
	{ "image", "unpack archive dir", "unpack an image, refusing unsafe entries" },
	{ "images", "-w workdir", "the work directory (default $WORKDIR or work)" },
	{ "images", "--root name", "unpack the image name (or archive path); its root" },
	{ "chroot", "-r", "print the command's resource usage" },
	{ "chroot", "-t timeout", "kill the command's group after timeout seconds (3600)" },
	{ "chroot", "-w workdir", "the work directory of image names (default work)" },
	{ "chroot", "image", "an image name, an archive or an unpacked root" },
	{ "chroot", "--runner auto|name", "where the command runs (auto: the first that can; see preflight)" },
	{ "chroot", "--tmp-size size", "the bound of the private /tmp (default 1g)" },
	{ "chroot", "--max-procs n", "the bound on the command's processes (default 256)" },
	{ "chroot", "--max-memory size", "the bound on its memory (default 4g)" },
	{ "chroot", "--map-id uid:gid", "userns: the host ids the command's root maps to" },
	{ "boot", "-B boots", "boots per kernel" },
	{ "boot", "-d seconds", "the pass length of every test (default the suite's)" },
	{ "boot", "-i passes", "passes per boot" },
	{ "boot", "-k kernel-image", "another kernel, interleaved with the first; repeat" },
	{ "boot", "-m megabytes", "guest memory (default 512)" },
	{ "boot", "-o outdir", "where results, consoles and the initramfs go" },
	{ "boot", "-q, --quiet", "no progress notes and no pre-flight warnings" },
	{ "boot", "-T tests", "test ids, an index name or all" },
	{ "boot", "-t timeout", "seconds per boot" },
	{ "boot", "-w workdir", "the work directory of image names" },
	{ "boot", "--accel=tcg|kvm", "the qemu accelerator" },
	{ "boot", "--timing=icount|wall", "instruction-count or wall-clock timing" },
	{ "boot", "--busybox path", "the static busybox of the initramfs" },
	{ "boot", "--data dir", "the suite's data files" },
	{ "boot", "--hang-timeout seconds", "console silence that declares a hang (30; 0 off)" },
	{ "boot", "--init path", "the guest's init program" },
	{ "boot", "--negligible percent", "record the smallest effect of interest for compare" },
	{ "boot", "--probe-timeout seconds", "how long a KVM probe boot may take (20)" },
	{ "boot", "--qemu path", "the qemu binary" },
	{ "boot", "--quick", "the suite's quick pass lengths and 3 passes" },
	{ "boot", "--strict", "refuse to boot when the host is busy" },
	{ "boot", "--unmatched", "boot kernels that differ in more than the knob" },
	{ "boot", "--suite dir", "the suite's programs" },
	{ "kernel", "build|config|diff ...", "build a kernel variant, print or compare configs" },
	{ "kernel", "-C cachedir", "sources and ccache" },
	{ "kernel", "-f", "build even when the image is up to date" },
	{ "kernel", "-j jobs", "parallel jobs (default the online CPUs)" },
	{ "kernel", "-O overlays", "the overlays directory" },
	{ "kernel", "-R recipe", "the kernel recipe" },
	{ "kernel", "-s tarball", "the kernel source distfile" },
	{ "kernel", "-t timeout", "seconds allowed for each make run (10800)" },
	{ "kernel", "-w workdir", "builds, images and logs" },
	{ "kernel", "--no-ccache", "compile without ccache" },
	{ "kernel", "--check", "diff: prove the variant is its base plus its fragments" },
	{ "kernel", "--owners", "diff, attribute: the request that brings each changed option (kconfig)" },
	{ "kernel", "attribute ...", "charge a debug kernel's extra instructions to options" },
	{ "kernel", "-d seconds", "attribute: the long run's pass length (2; short: half)" },
	{ "kernel", "-m megabytes", "attribute: guest memory (default 512)" },
	{ "kernel", "-o outdir", "attribute: where the report and the runs go" },
	{ "kernel", "-q, --quiet", "attribute: no progress notes" },
	{ "kernel", "-T tests", "attribute: test ids, comma-separated" },
	{ "kernel", "--busybox path", "attribute: the static busybox of the initramfs" },
	{ "kernel", "--data dir", "attribute: the suite's data files" },
	{ "kernel", "--init path", "attribute: the guest's init program" },
	{ "kernel", "--plugin path", "attribute: the instruction-counting qemu plugin" },
	{ "kernel", "--probe path", "attribute: the plugin API probe plugin" },
	{ "kernel", "--qemu path", "attribute: the qemu binary" },
	{ "kernel", "--suite dir", "attribute: the suite's programs" },
	{ "recipe", "build [options] recipe", "build a recipe's port into the work directory" },
	{ "recipe", "-f", "build: run every phase even if its stamp exists" },
	{ "recipe", "-v", "build: show the phases' output" },
	{ "recipe", "-t timeout", "build: seconds allowed for each phase" },
	{ "recipe", "-w workdir", "build: the work directory" },
	{ "recipe", "--objdir dir", "build: the worldbench build directory (build)" },
	{ "recipe", "--topdir dir", "build: the source tree with recipes/ and overlays/" },
	{ "recipe", "--images label ...", "build: build the images these labels name" },
	{ "recipe", "lint recipe ...", "check recipes, printing file:line: problem" },
	{ "recipe", "variants recipe", "list a world recipe's variants" },
};

/*
 * The commands in the order help and completion walk them; a command
 * with an option table (src/opt.h) is read from it, the others from the
 * rows above.
 */
static const struct help_cmd {
	const char	*cmd;
	const struct opt *tab;
} cmds[] = {
	{ "run", cmd_run_opts },
	{ "bench", cmd_bench_opts },
	{ "explain", cmd_explain_opts },
	{ "table", NULL },
	{ "history", NULL },
	{ "import", NULL },
	{ "compare", cmd_compare_opts },
	{ "preflight", NULL },
	{ "check-release", cmd_check_release_opts },
	{ "recipe", NULL },
	{ "image", NULL },
	{ "images", NULL },
	{ "chroot", NULL },
	{ "boot", NULL },
	{ "kernel", NULL },
	{ "lava-job", cmd_lava_job_opts },
	{ "submit", cmd_submit_opts },
};

/* A walk over the help rows of every command, or of one. */
struct help_iter {
	const char	*only;		/* NULL: every command */
	size_t		 c, i;
	char		 buf[96];
};

/* The next row into r; 0, or -1 at the end. */
static int
next_row(struct help_iter *it, struct help_opt *r)
{
	const struct help_cmd *hc;
	const struct opt *o;

	for (; it->c < sizeof(cmds) / sizeof(cmds[0]); it->c++, it->i = 0) {
		hc = &cmds[it->c];
		if (it->only != NULL && strcmp(hc->cmd, it->only) != 0)
			continue;
		if (hc->tab == NULL) {
			for (; it->i < sizeof(opts) / sizeof(opts[0]); it->i++)
				if (strcmp(opts[it->i].cmd, hc->cmd) == 0) {
					*r = opts[it->i++];
					return (0);
				}
			continue;
		}
		for (; (o = &hc->tab[it->i])->kind != OPT_END; it->i++)
			if ((r->opt = opt_row(o, it->buf,
			    sizeof(it->buf))) != NULL) {
				r->cmd = hc->cmd;
				r->desc = o->desc;
				it->i++;
				return (0);
			}
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
			    wb_suite_in_index(t, WB_INDEX_UNIXBENCH5) ? "" :
			    " (not in the index)");
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
