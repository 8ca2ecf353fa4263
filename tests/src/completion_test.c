/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * src/completion.c and the help table it reads: each shell's script
 * parses, bash completes a command's options and their values, and the
 * help table (help, completion, typo hints) names exactly the long
 * options that each command's getopt_long table or option table
 * (src/opt.h) accepts.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "help.h"
#include "wb_stats.h"
#include "wbtest.h"

/* The script for shell, written to file; fails the case on error. */
static void
script(const atf_tc_t *tc, const char *shell, const char *file)
{
	const char *args[] = { "completion", shell, NULL };
	struct wbt_out o;

	wbt_run_wb(tc, &o, args, 2);
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_REQUIRE(strlen(o.out) > 1000);
	wbt_write_file(file, o.out);
	wbt_out_fini(&o);
}

/* 1 when program is on PATH. */
static int
have(const char *program)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "command -v %s >/dev/null 2>&1", program);
	return (system(cmd) == 0);
}

/* program's path on PATH, allocated; fails the case when absent. */
static char *
path_of(const char *program)
{
	char buf[1024], *path, *p, *e;

	ATF_REQUIRE((path = getenv("PATH")) != NULL);
	for (p = path; *p != '\0'; p = *e == '\0' ? e : e + 1) {
		e = p + strcspn(p, ":");
		snprintf(buf, sizeof(buf), "%.*s/%s", (int)(e - p), p,
		    program);
		if (access(buf, X_OK) == 0)
			return (strdup(buf));
	}
	atf_tc_fail("%s not found on PATH", program);
	return (NULL);
}

/* Run a shell with a script and its syntax check ("-n" or "--no-execute"). */
static void
syntax(const char *shell, const char *flag, const char *file)
{
	struct wbt_out o;

	wbt_run(&o, (char *[]){ path_of(shell), (char *)flag, (char *)file,
	    NULL });
	ATF_CHECK_EQ_MSG(0, o.status, "%s -n: %s", shell, o.err);
	ATF_CHECK_STREQ_MSG("", o.err, "%s", shell);
	wbt_out_fini(&o);
}

ATF_TC_WITHOUT_HEAD(completion_write__bash_syntax);
ATF_TC_BODY(completion_write__bash_syntax, tc)
{

	script(tc, "bash", "wb.bash");
	syntax("bash", "-n", "wb.bash");
}

ATF_TC_WITHOUT_HEAD(completion_write__zsh_syntax);
ATF_TC_BODY(completion_write__zsh_syntax, tc)
{

	if (!have("zsh"))
		atf_tc_skip("zsh is not installed: its syntax is not checked");
	script(tc, "zsh", "_worldbench");
	syntax("zsh", "-n", "_worldbench");
}

ATF_TC_WITHOUT_HEAD(completion_write__fish_syntax);
ATF_TC_BODY(completion_write__fish_syntax, tc)
{

	if (!have("fish"))
		atf_tc_skip("fish is not installed: its syntax is not checked");
	script(tc, "fish", "wb.fish");
	syntax("fish", "--no-execute", "wb.fish");
}

ATF_TC_WITHOUT_HEAD(completion_write__unknown_shell);
ATF_TC_BODY(completion_write__unknown_shell, tc)
{
	const char *args[] = { "completion", "tcsh", NULL };
	struct wbt_out o;

	wbt_run_wb(tc, &o, args, 2);
	ATF_CHECK_EQ(64, o.status);
	ATF_CHECK(strstr(o.err, "bash|zsh|fish") != NULL);
	ATF_CHECK_STREQ("", o.out);
	wbt_out_fini(&o);
}

/*
 * What bash offers for the words of a command line whose last word is
 * being completed, one a line, after "complete -p worldbench".
 */
static char *
complete(const char *words)
{
	struct wbt_out o;
	char drive[1024];
	char *r;

	snprintf(drive, sizeof(drive),
	    "source ./wb.bash || exit 1\n"
	    "complete -p worldbench || exit 1\n"
	    "COMP_WORDS=(%s)\n"
	    "COMP_CWORD=$((${#COMP_WORDS[@]} - 1))\n"
	    "_worldbench\n"
	    "printf '%%s\\n' \"${COMPREPLY[@]}\"\n", words);
	wbt_run(&o, (char *[]){ path_of("bash"), "-c", drive, NULL });
	ATF_REQUIRE_EQ_MSG(0, o.status, "%s", o.err);
	ATF_REQUIRE_MATCH("^complete .*-F _worldbench worldbench\n", o.out);
	r = strdup(strchr(o.out, '\n') + 1);
	wbt_out_fini(&o);
	return (r);
}

/* 1 when the line word is in the lines of s. */
static int
offers(const char *s, const char *word)
{
	size_t n;

	n = strlen(word);
	for (; *s != '\0'; s += strcspn(s, "\n") + (s[strcspn(s, "\n")] != 0))
		if (strncmp(s, word, n) == 0 && (s[n] == '\n' || s[n] == '\0'))
			return (1);
	return (0);
}

ATF_TC_WITHOUT_HEAD(completion_write__bash_compare_options);
ATF_TC_BODY(completion_write__bash_compare_options, tc)
{
	static const char *const want[] = { "--adjust", "--confidence",
	    "--estimator", "--format", "--force", "--output", "--plot",
	    "--factorial", "--stratify" };
	struct help_optinfo v[HELP_MAXOPTS];
	char names[256];
	size_t i, n;
	char *r;

	script(tc, "bash", "wb.bash");
	r = complete("worldbench compare --");
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		ATF_CHECK_MSG(offers(r, want[i]), "%s not offered: %s",
		    want[i], r);
	/* Every long option of the table, and no other command's. */
	n = help_options_of("compare", v, HELP_MAXOPTS);
	for (i = 0; i < n; i++)
		if (v[i].longname[0] != '\0') {
			char w[64];

			snprintf(w, sizeof(w), "--%.31s", v[i].longname);
			ATF_CHECK_MSG(offers(r, w), "%s not offered", w);
		}
	ATF_CHECK_MSG(!offers(r, "--design"), "run's --design offered: %s", r);
	free(r);

	r = complete("worldbench compare --ad");
	ATF_CHECK_STREQ("--adjust\n", r);
	free(r);
	/* Every adjustment of stats_adjust.def, in its order. */
	r = complete("worldbench compare -a \"\"");
	snprintf(names, sizeof(names), "%s\n", &wb_stats_adjust_choices[1]);
	for (i = 0; names[i] != '\0'; i++)
		if (names[i] == '|')
			names[i] = '\n';
	ATF_CHECK_STREQ(names, r);
	ATF_CHECK(strstr(r, "holm\n") != NULL && strstr(r, "none\n") != NULL);
	free(r);
}

ATF_TC_WITHOUT_HEAD(completion_write__bash_commands_and_values);
ATF_TC_BODY(completion_write__bash_commands_and_values, tc)
{
	char *r;

	script(tc, "bash", "wb.bash");
	r = complete("worldbench co");
	ATF_CHECK_STREQ("compare\n", r);
	free(r);
	r = complete("worldbench kernel \"\"");
	ATF_CHECK_STREQ("build\nconfig\ndiff\nattribute\n", r);
	free(r);
	r = complete("worldbench boot --accel = \"\"");
	ATF_CHECK_STREQ("tcg\nkvm\n", r);
	free(r);
	r = complete("worldbench run -T shell");
	ATF_CHECK_STREQ("shell1\nshell8\n", r);
	free(r);
	r = complete("worldbench help chec");
	ATF_CHECK_STREQ("check-release\n", r);
	free(r);
}

/* ---- the help table against the getopt_long tables ---- */

struct names {
	char	*v[512];
	size_t	 n;
};

static void
add(struct names *s, const char *cmd, const char *name, size_t len)
{
	char buf[96];
	size_t i;

	snprintf(buf, sizeof(buf), "%s --%.*s", cmd, (int)len, name);
	for (i = 0; i < s->n; i++)
		if (strcmp(s->v[i], buf) == 0)
			return;
	ATF_REQUIRE(s->n < sizeof(s->v) / sizeof(s->v[0]));
	s->v[s->n++] = strdup(buf);
}

static int
has(const struct names *s, const char *entry)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (strcmp(s->v[i], entry) == 0)
			return (1);
	return (0);
}

static void scan_block(const atf_tc_t *, struct names *, const char *cmd,
    const char *p, const char *end, int depth);

/* The body of "#define NAME \" in the headers, scanned as a table. */
static void
expand(const atf_tc_t *tc, struct names *s, const char *cmd,
    const char *name, size_t len, int depth)
{
	static const char *const hdrs[] = { "src/experiment_cmd.h",
	    "src/guestopts.h", "src/runopts.h" };
	char want[64], *text, *p, *e;
	size_t i;

	ATF_REQUIRE(depth < 4);
	snprintf(want, sizeof(want), "#define %.*s \\", (int)len, name);
	for (i = 0; i < sizeof(hdrs) / sizeof(hdrs[0]); i++) {
		text = wbt_read_file(wbt_srcpath(tc, hdrs[i]), NULL);
		if ((p = strstr(text, want)) != NULL) {
			/* The continued lines: up to one not ending in '\'. */
			for (e = p; (e = strchr(e, '\n')) != NULL &&
			    e[-1] == '\\'; e++)
				;
			scan_block(tc, s, cmd, p + strlen(want),
			    e != NULL ? e : p + strlen(p), depth + 1);
			free(text);
			return;
		}
		free(text);
	}
	atf_tc_fail("%s: macro %.*s not found in the headers", cmd, (int)len,
	    name);
}

/* Entries { "name", ... } and macros NAME_LONG between p and end. */
static void
scan_block(const atf_tc_t *tc, struct names *s, const char *cmd,
    const char *p, const char *end, int depth)
{
	const char *q;
	size_t len;

	for (; p < end; p++) {
		if (strncmp(p, "{ \"", 3) == 0) {
			len = strcspn(p + 3, "\"");
			add(s, cmd, p + 3, len);
			p += 3 + len;
		} else if (p[0] >= 'A' && p[0] <= 'Z' &&
		    (p[-1] == '\t' || p[-1] == ' ')) {
			for (q = p; (*q >= 'A' && *q <= 'Z') || *q == '_'; q++)
				;
			len = (size_t)(q - p);
			if (len > 5 && strncmp(q - 5, "_LONG", 5) == 0)
				expand(tc, s, cmd, p, len, depth);
			p = q;
		}
	}
}

/* The entries .name = "x" of an option table between p and end. */
static void
scan_names(struct names *s, const char *cmd, const char *p, const char *end)
{
	size_t len;

	for (; p < end && (p = strstr(p, ".name = \"")) != NULL &&
	    p < end; p += 9)
		if ((len = strcspn(p + 9, "\"")) > 0)
			add(s, cmd, p + 9, len);
}

static void opt_macros(const atf_tc_t *, struct names *, const char *cmd,
    const char *p, const char *end, int depth);

/* The entries of "#define NAME(...) \" in the option headers. */
static void
expand_opts(const atf_tc_t *tc, struct names *s, const char *cmd,
    const char *name, size_t len, int depth)
{
	static const char *const hdrs[] = { "src/experiment_opts.h",
	    "src/runopts.h" };
	char want[64], *text, *p, *e;
	size_t i;

	ATF_REQUIRE(depth < 4);
	snprintf(want, sizeof(want), "#define %.*s(", (int)len, name);
	for (i = 0; i < sizeof(hdrs) / sizeof(hdrs[0]); i++) {
		text = wbt_read_file(wbt_srcpath(tc, hdrs[i]), NULL);
		if ((p = strstr(text, want)) != NULL) {
			for (e = p; (e = strchr(e, '\n')) != NULL &&
			    e[-1] == '\\'; e++)
				;
			if (e == NULL)
				e = p + strlen(p);
			scan_names(s, cmd, p, e);
			opt_macros(tc, s, cmd, p + strlen(want), e, depth + 1);
			free(text);
			return;
		}
		free(text);
	}
	atf_tc_fail("%s: macro %.*s not found in the headers", cmd, (int)len,
	    name);
}

/* Macros of option entries, NAME_OPTS...( at a line's start. */
static void
opt_macros(const atf_tc_t *tc, struct names *s, const char *cmd,
    const char *p, const char *end, int depth)
{
	const char *q;

	for (; p < end && (p = strstr(p, "\t")) != NULL && p < end; p++) {
		for (q = p + 1; (*q >= 'A' && *q <= 'Z') || *q == '_'; q++)
			;
		if (*q == '(' && q - p > 6 && memmem(p, (size_t)(q - p),
		    "_OPTS", 5) != NULL)
			expand_opts(tc, s, cmd, p + 1, (size_t)(q - p - 1),
			    depth);
	}
}

/* The command a src/cmd_*.c file serves. */
static void
command_of(const char *file, char *cmd, size_t n)
{
	static const char *const map[][2] = {
		{ "cmd_check_release.c", "check-release" },
		{ "cmd_lava.c", "lava-job" },
		{ "cmd_kernel_attribute.c", "kernel" },
		{ "cmd_submit_tasks.c", "submit" },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (strcmp(file, map[i][0]) == 0) {
			snprintf(cmd, n, "%s", map[i][1]);
			return;
		}
	snprintf(cmd, n, "%.*s", (int)(strlen(file) - 6), file + 4);
}

/* Every long option that a getopt_long table (or argv test) accepts. */
static void
getopt_names(const atf_tc_t *tc, struct names *s)
{
	char path[1024], cmd[32], *text, *p, *e;
	struct dirent *d;
	size_t len;
	DIR *dir;

	ATF_REQUIRE((dir = opendir(wbt_srcpath(tc, "src"))) != NULL);
	while ((d = readdir(dir)) != NULL) {
		len = strlen(d->d_name);
		if (strncmp(d->d_name, "cmd_", 4) != 0 || len < 7 ||
		    strcmp(d->d_name + len - 2, ".c") != 0)
			continue;
		command_of(d->d_name, cmd, sizeof(cmd));
		snprintf(path, sizeof(path), "src/%s", d->d_name);
		text = wbt_read_file(wbt_srcpath(tc, path), NULL);
		for (p = text; (p = strstr(p, "longopts[] = {")) != NULL;
		    p = e) {
			ATF_REQUIRE((e = strstr(p, "};")) != NULL);
			scan_block(tc, s, cmd, p, e, 0);
		}
		/* An option table's entries (src/opt.h): .name = "x". */
		scan_names(s, cmd, text, text + strlen(text));
		opt_macros(tc, s, cmd, text, text + strlen(text), 0);
		/* An option tested before getopt: strcmp(argv[i], "--x"). */
		for (p = text; (p = strstr(p, "], \"--")) != NULL; p += 6)
			if ((len = strcspn(p + 6, "\"")) > 0)
				add(s, cmd, p + 6, len);
		free(text);
	}
	closedir(dir);
}

ATF_TC_WITHOUT_HEAD(help_options_of__matches_getopt);
ATF_TC_BODY(help_options_of__matches_getopt, tc)
{
	struct help_optinfo v[HELP_MAXOPTS];
	struct names g, h;
	char miss[4096], extra[4096], cmd[32], entry[96];
	size_t i, j, n;

	memset(&g, 0, sizeof(g));
	memset(&h, 0, sizeof(h));
	getopt_names(tc, &g);
	ATF_REQUIRE_MSG(g.n > 150, "only %zu options found in src/", g.n);
	/* The help table's options of every command the sources serve. */
	for (i = 0; i < g.n; i++) {
		snprintf(cmd, sizeof(cmd), "%.*s",
		    (int)strcspn(g.v[i], " "), g.v[i]);
		n = help_options_of(cmd, v, HELP_MAXOPTS);
		ATF_REQUIRE(n < HELP_MAXOPTS);
		for (j = 0; j < n; j++)
			if (v[j].longname[0] != '\0')
				add(&h, cmd, v[j].longname,
				    strlen(v[j].longname));
	}
	miss[0] = extra[0] = '\0';
	for (i = 0; i < g.n; i++)
		if (strstr(g.v[i], " --help") == NULL && !has(&h, g.v[i]))
			snprintf(miss + strlen(miss), sizeof(miss) -
			    strlen(miss), " [%s]", g.v[i]);
	for (i = 0; i < h.n; i++)
		if (!has(&g, h.v[i]))
			snprintf(extra + strlen(extra), sizeof(extra) -
			    strlen(extra), " [%s]", h.v[i]);
	ATF_CHECK_MSG(miss[0] == '\0', "accepted but not in help.c:%s", miss);
	ATF_CHECK_MSG(extra[0] == '\0', "in help.c but not accepted:%s",
	    extra);
	/* The check itself sees an option on either side. */
	snprintf(entry, sizeof(entry), "compare --adjust");
	ATF_CHECK(has(&g, entry) && has(&h, entry));
	snprintf(entry, sizeof(entry), "bench --map-id");
	ATF_CHECK_MSG(has(&g, entry), "macros not expanded");
	for (i = 0; i < g.n; i++)
		free(g.v[i]);
	for (i = 0; i < h.n; i++)
		free(h.v[i]);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, completion_write__bash_syntax);
	ATF_TP_ADD_TC(tp, completion_write__zsh_syntax);
	ATF_TP_ADD_TC(tp, completion_write__fish_syntax);
	ATF_TP_ADD_TC(tp, completion_write__unknown_shell);
	ATF_TP_ADD_TC(tp, completion_write__bash_compare_options);
	ATF_TP_ADD_TC(tp, completion_write__bash_commands_and_values);
	ATF_TP_ADD_TC(tp, help_options_of__matches_getopt);
	return (0);
}
