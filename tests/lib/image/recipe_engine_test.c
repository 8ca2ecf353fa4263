/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The recipe engine: phases, stamps, logs, cache hits by input hash, and
 * a failed phase that leaves no stamp and no output.
 */
#include <sys/stat.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "recipe.h"
#include "wb_util.h"
#include "wbtest.h"

struct prog {
	char	buf[8192];
	int	lines;
};

static void
progress(void *arg, const char *line)
{
	struct prog *p = arg;
	size_t len = strlen(p->buf);

	p->lines++;
	snprintf(p->buf + len, sizeof(p->buf) - len, "%s\n", line);
}

static const char head[] =
    "NAME=t\nVERSION=1\nCOMMENT=Test\nLICENSE=BSD-2-Clause\nSOURCE=none\n"
    "BUILD_STYLE=none\n";

static void
setup(struct wb_engine *eng, struct prog *p, const char *hooks)
{
	char cwd[PATH_MAX], text[4096];

	ATF_REQUIRE(mkdir("top", 0755) == 0);
	ATF_REQUIRE(mkdir("top/recipes", 0755) == 0);
	ATF_REQUIRE(mkdir("top/recipes/t", 0755) == 0);
	ATF_REQUIRE(mkdir("obj", 0755) == 0);
	ATF_REQUIRE(mkdir("work", 0755) == 0);
	snprintf(text, sizeof(text), "%s%s", head, hooks);
	wbt_write_file("top/recipes/t/recipe", text);
	wbt_write_file("top/recipes/t/pkg-descr", "Test.\n");
	ATF_REQUIRE(getcwd(cwd, sizeof(cwd)) != NULL);
	memset(eng, 0, sizeof(*eng));
	memset(p, 0, sizeof(*p));
	ATF_REQUIRE(asprintf(&eng->topdir, "%s/top", cwd) != -1);
	ATF_REQUIRE(asprintf(&eng->objdir, "%s/obj", cwd) != -1);
	ATF_REQUIRE(asprintf(&eng->workdir, "%s/work", cwd) != -1);
	eng->timeout = 60;
	eng->progress = progress;
	eng->progress_arg = p;
}

static void
fini(struct wb_engine *eng)
{

	free(eng->topdir);
	free(eng->objdir);
	free(eng->workdir);
}

/* work/build/t/default-<hash12>/<rel> */
static char *
wrk(const char *hash, const char *rel)
{
	static char buf[PATH_MAX];

	snprintf(buf, sizeof(buf), "work/build/t/default-%.12s/%s", hash, rel);
	return (buf);
}

static int
exists(const char *p)
{
	struct stat st;

	return (lstat(p, &st) == 0);
}

ATF_TC_WITHOUT_HEAD(wb_recipe_build__phases_stamps_logs);
ATF_TC_BODY(wb_recipe_build__phases_stamps_logs, tc)
{
	static const char *const phases[] = { "fetch", "checksum", "extract",
	    "patch", "configure", "build", "stage", "package" };
	struct wb_engine eng;
	struct wb_err e;
	struct prog p;
	char hash[65], path[PATH_MAX + 16];
	size_t i;

	setup(&eng, &p, "DO_BUILD=/bin/mkdir ${WRKDIR}/built\n"
	    "POST_STAGE=/usr/bin/touch ${STAGEDIR}/staged\n");
	ATF_REQUIRE_MSG(wb_recipe_build(&eng, "top/recipes/t/recipe",
	    "default", hash, &e) == 0, "%s", e.msg);
	ATF_CHECK_EQ_MSG(p.lines, 8, "%s", p.buf);
	for (i = 0; i < 8; i++) {
		snprintf(path, sizeof(path), "%s", wrk(hash, ""));
		ATF_CHECK_MSG(strstr(p.buf, phases[i]) != NULL, "no progress "
		    "line for %s", phases[i]);
		snprintf(path + strlen(path), sizeof(path) - strlen(path),
		    ".done_%s", phases[i]);
		ATF_CHECK_MSG(exists(path), "no stamp %s", path);
		snprintf(path, sizeof(path), "%slog/%s.log", wrk(hash, ""),
		    phases[i]);
		ATF_CHECK_MSG(exists(path), "no log %s", path);
	}
	ATF_CHECK(exists(wrk(hash, "built")));
	ATF_CHECK(exists(wrk(hash, "stage/staged")));
	fini(&eng);
}

ATF_TC_WITHOUT_HEAD(wb_recipe_build__cache_hit);
ATF_TC_BODY(wb_recipe_build__cache_hit, tc)
{
	struct wb_engine eng;
	struct wb_err e;
	struct prog p;
	char h1[65], h2[65];

	/* mkdir fails if the build phase ever runs twice. */
	setup(&eng, &p, "DO_BUILD=/bin/mkdir ${WRKDIR}/built\n");
	ATF_REQUIRE_MSG(wb_recipe_build(&eng, "top/recipes/t/recipe",
	    "default", h1, &e) == 0, "%s", e.msg);
	memset(&p, 0, sizeof(p));
	ATF_REQUIRE_MSG(wb_recipe_build(&eng, "top/recipes/t/recipe",
	    "default", h2, &e) == 0, "%s", e.msg);
	ATF_CHECK_STREQ(h1, h2);
	ATF_CHECK_EQ_MSG(p.lines, 1, "%s", p.buf);
	ATF_CHECK_MSG(strstr(p.buf, "cached") != NULL, "%s", p.buf);
	fini(&eng);
}

ATF_TC_WITHOUT_HEAD(wb_recipe_build__changed_input_rebuilds);
ATF_TC_BODY(wb_recipe_build__changed_input_rebuilds, tc)
{
	struct wb_engine eng;
	struct wb_err e;
	struct prog p;
	char h1[65], h2[65], text[4096];

	setup(&eng, &p, "DO_BUILD=/bin/mkdir ${WRKDIR}/built\n");
	ATF_REQUIRE(wb_recipe_build(&eng, "top/recipes/t/recipe", "default",
	    h1, &e) == 0);
	snprintf(text, sizeof(text), "%s%s", head,
	    "DO_BUILD=/bin/mkdir -p ${WRKDIR}/built\n");
	wbt_write_file("top/recipes/t/recipe", text);
	memset(&p, 0, sizeof(p));
	ATF_REQUIRE_MSG(wb_recipe_build(&eng, "top/recipes/t/recipe",
	    "default", h2, &e) == 0, "%s", e.msg);
	ATF_CHECK(strcmp(h1, h2) != 0);
	ATF_CHECK_EQ_MSG(p.lines, 8, "%s", p.buf);
	ATF_CHECK(exists(wrk(h2, "built")));
	fini(&eng);
}

ATF_TC_WITHOUT_HEAD(wb_recipe_build__failed_phase_leaves_nothing);
ATF_TC_BODY(wb_recipe_build__failed_phase_leaves_nothing, tc)
{
	struct wb_engine eng;
	struct wb_err e;
	struct prog p;
	char cwd[1024], text[4096], hash[65];
	const char *h;

	ATF_REQUIRE(getcwd(cwd, sizeof(cwd)) != NULL);
	snprintf(text, sizeof(text),
	    "DO_BUILD=/bin/mkdir ${WRKDIR}/built\n"
	    "DO_STAGE=/usr/bin/touch ${STAGEDIR}/half-written\n"
	    "POST_STAGE=/usr/bin/test -e %s/ok\n", cwd);
	setup(&eng, &p, text);
	ATF_CHECK_EQ(wb_recipe_build(&eng, "top/recipes/t/recipe", "default",
	    hash, &e), -1);
	ATF_CHECK_MSG(strstr(e.msg, "phase stage failed") != NULL &&
	    strstr(e.msg, "log/stage.log") != NULL, "%s", e.msg);
	ATF_CHECK_MSG(strstr(p.buf, "FAILED") != NULL &&
	    strstr(p.buf, "last 30 lines") != NULL, "%s", p.buf);
	/* Find the build directory from the message. */
	h = strstr(e.msg, "default-");
	ATF_REQUIRE(h != NULL);
	snprintf(hash, sizeof(hash), "%.12s", h + 8);
	ATF_CHECK(!exists(wrk(hash, ".done_stage")));
	ATF_CHECK(!exists(wrk(hash, "stage")));
	ATF_CHECK(exists(wrk(hash, ".done_build")));
	/* Fixed: the build is resumed at stage, build is not run again. */
	wbt_write_file("ok", "");
	memset(&p, 0, sizeof(p));
	ATF_REQUIRE_MSG(wb_recipe_build(&eng, "top/recipes/t/recipe",
	    "default", hash, &e) == 0, "%s", e.msg);
	ATF_CHECK_EQ_MSG(p.lines, 2, "%s", p.buf);
	ATF_CHECK(exists(wrk(hash, "stage/half-written")));
	ATF_CHECK(exists(wrk(hash, ".done_package")));
	fini(&eng);
}

ATF_TC_WITHOUT_HEAD(wb_recipe_build__lint_errors_refused);
ATF_TC_BODY(wb_recipe_build__lint_errors_refused, tc)
{
	struct wb_engine eng;
	struct wb_err e;
	struct prog p;

	setup(&eng, &p, "PRE_BUILD=/bin/sh -c 'rm -rf ${HOME}'\n");
	ATF_CHECK_EQ(wb_recipe_build(&eng, "top/recipes/t/recipe", "default",
	    NULL, &e), -1);
	/* The first problem, with file and line, and how many more. */
	ATF_CHECK_MSG(strstr(e.msg, "top/recipes/t/recipe:7: PRE_BUILD") !=
	    NULL && strstr(e.msg, "more problems") != NULL, "%s", e.msg);
	ATF_CHECK_EQ(p.lines, 0);
	ATF_CHECK_EQ(wb_recipe_build(&eng, "top/recipes/t/recipe", "nosuch",
	    NULL, &e), -1);
	fini(&eng);
}

/* COMPONENTS names recipes, never paths out of recipes/ (finding 12). */
ATF_TC_WITHOUT_HEAD(wb_recipe_build__component_path_refused);
ATF_TC_BODY(wb_recipe_build__component_path_refused, tc)
{
	struct wb_engine eng;
	struct wb_err e;
	struct prog p;
	char text[4096], *mark;

	setup(&eng, &p, "COMPONENTS=../outside\n");
	mark = wbt_abspath("built-outside");
	ATF_REQUIRE(mkdir("top/outside", 0755) == 0);
	snprintf(text, sizeof(text), "NAME=outside\nVERSION=1\nCOMMENT=Test\n"
	    "LICENSE=BSD-2-Clause\nSOURCE=none\nBUILD_STYLE=none\n"
	    "PRE_BUILD=touch %s\n", mark);
	wbt_write_file("top/outside/recipe", text);
	wbt_write_file("top/outside/pkg-descr", "Test.\n");
	ATF_CHECK_EQ(wb_recipe_build(&eng, "top/recipes/t/recipe", "default",
	    NULL, &e), -1);
	ATF_CHECK_MSG(strstr(e.msg, "top/recipes/t/recipe:7: COMPONENTS: "
	    "'../outside' is not a recipe name") != NULL, "%s", e.msg);
	ATF_CHECK_MSG(access(mark, F_OK) == -1, "built ../outside");
	free(mark);
	fini(&eng);
}

ATF_TC_WITHOUT_HEAD(wb_recipe_build__host_world_image);
ATF_TC_BODY(wb_recipe_build__host_world_image, tc)
{
	struct wb_engine eng;
	struct wb_err e;
	struct prog p;
	char hash[65], *meta;

	setup(&eng, &p, "");
	ATF_REQUIRE(mkdir("top/overlays", 0755) == 0);
	ATF_REQUIRE(mkdir("top/overlays/o", 0755) == 0);
	ATF_REQUIRE(mkdir("top/overlays/o/rootfs", 0755) == 0);
	wbt_write_file("top/overlays/o/rootfs/hello", "hi\n");
	wbt_write_file("top/overlays/o/manifest", "hello mode=0600\n");
	wbt_write_file("top/recipes/t/recipe", "NAME=t\nVERSION=1\n"
	    "COMMENT=Test world\nLICENSE=host\nSOURCE=none\n"
	    "BUILD_STYLE=host-world\nWORLD_PROGRAMS=sh\nOVERLAYS=o\n"
	    "OPTIONS=X\nX_OVERLAYS_ON=\nX_OVERLAYS_OFF=\n"
	    "VARIANTS=plain\nVARIANT_plain=\n");
	ATF_REQUIRE_MSG(wb_recipe_build(&eng, "top/recipes/t/recipe", "plain",
	    hash, &e) == 0, "%s", e.msg);
	ATF_CHECK(exists("work/images/t-plain.tar.zst"));
	meta = wbt_read_file("work/images/t-plain.meta", NULL);
	ATF_CHECK_MSG(strstr(meta, "name=t-plain\n") != NULL, "%s", meta);
	ATF_CHECK_MSG(strstr(meta, hash) != NULL, "%s", meta);
	free(meta);
	/* The assembled root is not kept; the image is the product. */
	ATF_CHECK(!exists(wrk(hash, "root")));
	fini(&eng);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_recipe_build__phases_stamps_logs);
	ATF_TP_ADD_TC(tp, wb_recipe_build__cache_hit);
	ATF_TP_ADD_TC(tp, wb_recipe_build__changed_input_rebuilds);
	ATF_TP_ADD_TC(tp, wb_recipe_build__failed_phase_leaves_nothing);
	ATF_TP_ADD_TC(tp, wb_recipe_build__lint_errors_refused);
	ATF_TP_ADD_TC(tp, wb_recipe_build__component_path_refused);
	ATF_TP_ADD_TC(tp, wb_recipe_build__host_world_image);
	return (atf_no_error());
}
