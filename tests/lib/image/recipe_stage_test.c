/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A world's shared stage (lib/image/recipe_stage.c): its key covers the world's
 * inputs and not the options, a half-written or damaged stage archive is
 * built again, and every variant starts from the one archive.  A fake
 * debootstrap, first in PATH, stands in for the real one: it counts its
 * runs and writes a file that differs on every run, so a second bootstrap
 * would show in the images.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "image_diff.h"
#include "recipe.h"
#include "recipe_style_int.h"
#include "wb_util.h"
#include "wbtest.h"

static const char fake[] =
    "#!/bin/sh\n"
    "# fake debootstrap: --variant=V SUITE DIR MIRROR\n"
    "here=$(dirname \"$0\")\n"
    "echo \"$1\" >> \"$here/runs\"\n"
    "mkdir -p \"$3/etc\" \"$3/usr/bin\" \"$3/var/lib/apt/lists\" \"$3/dev\"\n"
    "echo \"$1 $2\" > \"$3/etc/debian_version\"\n"
    "echo list > \"$3/var/lib/apt/lists/l\"\n"
    "echo \"$$ $(date +%s%N)\" > \"$3/etc/drift\"\n"
    "printf '#!/bin/sh\\n' > \"$3/usr/bin/tool\"\n"
    "chmod 755 \"$3/usr/bin/tool\"\n";

static const char recipe_head[] =
    "NAME=deb\nVERSION=1\nCOMMENT=Test world\nLICENSE=test\nSOURCE=none\n"
    "BUILD_STYLE=debootstrap\n";

/* The recipe deb with this body after BUILD_STYLE. */
static void
write_recipe(const char *body)
{
	char text[4096];

	snprintf(text, sizeof(text), "%s%s", recipe_head, body);
	wbt_write_file("top/recipes/deb/recipe", text);
}

static const char recipe_body[] =
    "DEBOOTSTRAP_VARIANT=minbase\nWORLD_TRIM=var/lib/apt/lists\n"
    "OVERLAYS=\nOPTIONS=KNOB\nOPTIONS_DEFAULT=\n"
    "KNOB_OVERLAYS_ON=knob\nKNOB_OVERLAYS_OFF=\n"
    "VARIANTS=plain knobbed\nVARIANT_plain=\nVARIANT_knobbed=KNOB\n";

static void
setup(struct wb_engine *eng)
{
	char cwd[PATH_MAX], path[PATH_MAX + 32];

	ATF_REQUIRE(getcwd(cwd, sizeof(cwd)) != NULL);
	ATF_REQUIRE(mkdir("bin", 0755) == 0);
	wbt_write_file("bin/debootstrap", fake);
	ATF_REQUIRE(chmod("bin/debootstrap", 0755) == 0);
	snprintf(path, sizeof(path), "%s/bin:/usr/bin:/bin", cwd);
	ATF_REQUIRE(setenv("PATH", path, 1) == 0);
	ATF_REQUIRE(mkdir("top", 0755) == 0);
	ATF_REQUIRE(mkdir("top/recipes", 0755) == 0);
	ATF_REQUIRE(mkdir("top/recipes/deb", 0755) == 0);
	ATF_REQUIRE(mkdir("top/overlays", 0755) == 0);
	ATF_REQUIRE(mkdir("top/overlays/knob", 0755) == 0);
	ATF_REQUIRE(mkdir("top/overlays/knob/rootfs", 0755) == 0);
	ATF_REQUIRE(mkdir("top/overlays/knob/rootfs/etc", 0755) == 0);
	wbt_write_file("top/overlays/knob/rootfs/etc/knob", "on\n");
	wbt_write_file("top/recipes/deb/pkg-descr", "Test.\n");
	write_recipe(recipe_body);
	ATF_REQUIRE(mkdir("obj", 0755) == 0);
	ATF_REQUIRE(mkdir("work", 0755) == 0);
	memset(eng, 0, sizeof(*eng));
	ATF_REQUIRE(asprintf(&eng->topdir, "%s/top", cwd) != -1);
	ATF_REQUIRE(asprintf(&eng->objdir, "%s/obj", cwd) != -1);
	ATF_REQUIRE(asprintf(&eng->workdir, "%s/work", cwd) != -1);
	eng->timeout = 60;
}

static void
fini(struct wb_engine *eng)
{

	free(eng->topdir);
	free(eng->objdir);
	free(eng->workdir);
}

/* How many times the fake debootstrap ran. */
static int
runs(void)
{
	char line[256];
	FILE *fp;
	int n;

	if ((fp = fopen("bin/runs", "re")) == NULL)
		return (0);
	for (n = 0; fgets(line, sizeof(line), fp) != NULL; n++)
		;
	fclose(fp);
	return (n);
}

static void
build(struct wb_engine *eng, const char *variant)
{
	struct wb_err e;

	ATF_REQUIRE_MSG(wb_recipe_build(eng, "top/recipes/deb/recipe",
	    variant, NULL, &e) == 0, "%s: %s", variant, e.msg);
}

/* The value of key= in an image's .meta, into buf. */
static void
meta_field(const char *variant, const char *key, char *buf, size_t len)
{
	char path[PATH_MAX], *text, *p;
	size_t n;

	snprintf(path, sizeof(path), "work/images/deb-%s.meta", variant);
	text = wbt_read_file(path, NULL);
	n = strlen(key);
	buf[0] = '\0';
	for (p = text; p != NULL && *p != '\0'; p = strchr(p, '\n'),
	    p = p != NULL ? p + 1 : NULL)
		if (strncmp(p, key, n) == 0 && p[n] == '=') {
			snprintf(buf, len, "%.*s", (int)strcspn(p + n + 1,
			    "\n"), p + n + 1);
			break;
		}
	free(text);
}

/* The one file of work/stages ending in suffix, into buf; 0 when none. */
static int
stage_file(const char *suffix, char *buf, size_t len)
{
	struct dirent *de;
	size_t n, k;
	DIR *d;
	int found;

	if ((d = opendir("work/stages")) == NULL)
		return (0);
	k = strlen(suffix);
	found = 0;
	while ((de = readdir(d)) != NULL) {
		n = strlen(de->d_name);
		if (n > k && strcmp(de->d_name + n - k, suffix) == 0) {
			snprintf(buf, len, "work/stages/%s", de->d_name);
			found++;
		}
	}
	closedir(d);
	return (found);
}

/* The key of the recipe as it is now, for variant. */
static void
key_of(struct wb_engine *eng, const char *variant, char key[65])
{
	struct wb_recipe_config cfg;
	struct wb_recipe *r;
	struct wb_build b;
	struct wb_err e;

	ATF_REQUIRE_MSG((r = wb_recipe_load("top/recipes/deb/recipe",
	    &e)) != NULL, "%s", e.msg);
	ATF_REQUIRE_MSG(wb_recipe_config_init(&cfg, r, variant, &e) == 0,
	    "%s", e.msg);
	memset(&b, 0, sizeof(b));
	b.recipe = r;
	b.config = &cfg;
	b.topdir = eng->topdir;
	b.objdir = eng->objdir;
	b.workdir = eng->workdir;
	ATF_REQUIRE_MSG(wb_recipe_stage_key(&b, &wb_style_debootstrap, key,
	    &e) == 0,
	    "%s", e.msg);
	wb_recipe_config_fini(&cfg);
	wb_recipe_free(r);
}

ATF_TC_WITHOUT_HEAD(wb_stage_key__world_inputs_not_options);
ATF_TC_BODY(wb_stage_key__world_inputs_not_options, tc)
{
	struct wb_engine eng;
	char k0[65], k[65], body[2048];

	setup(&eng);
	key_of(&eng, "plain", k0);
	/* The options, the variant and the rest of the recipe: same key. */
	key_of(&eng, "knobbed", k);
	ATF_CHECK_STREQ(k0, k);
	key_of(&eng, "plain+knob", k);
	ATF_CHECK_STREQ(k0, k);
	snprintf(body, sizeof(body), "%s", recipe_body);
	write_recipe("DEBOOTSTRAP_VARIANT=minbase\nWORLD_TRIM=var/lib/apt/lists\n"
	    "OVERLAYS=\nOPTIONS=KNOB OTHER\nOPTIONS_DEFAULT=OTHER\n"
	    "KNOB_OVERLAYS_ON=knob\nKNOB_OVERLAYS_OFF=\n"
	    "OTHER_OVERLAYS_ON=knob\nOTHER_OVERLAYS_OFF=\n"
	    "VARIANTS=plain\nVARIANT_plain=OTHER\n");
	key_of(&eng, "plain", k);
	ATF_CHECK_STREQ(k0, k);
	/* The world's own variables: another key. */
	write_recipe("DEBOOTSTRAP_VARIANT=buildd\nWORLD_TRIM=var/lib/apt/lists\n"
	    "VARIANTS=plain\nVARIANT_plain=\n");
	key_of(&eng, "plain", k);
	ATF_CHECK(strcmp(k0, k) != 0);
	write_recipe("DEBOOTSTRAP_VARIANT=minbase\nWORLD_TRIM=var/log\n"
	    "VARIANTS=plain\nVARIANT_plain=\n");
	key_of(&eng, "plain", k);
	ATF_CHECK(strcmp(k0, k) != 0);
	write_recipe("DEBOOTSTRAP_VARIANT=minbase\nWORLD_TRIM=\n"
	    "VARIANTS=plain\nVARIANT_plain=\n");
	key_of(&eng, "plain", k);
	ATF_CHECK(strcmp(k0, k) != 0);
	/* Another debootstrap (version): another key. */
	write_recipe(body);
	key_of(&eng, "plain", k);
	ATF_CHECK_STREQ(k0, k);
	wbt_write_file("bin/debootstrap", "#!/bin/sh\n# version 2\nexit 1\n");
	key_of(&eng, "plain", k);
	ATF_CHECK(strcmp(k0, k) != 0);
	fini(&eng);
}

ATF_TC_WITHOUT_HEAD(wb_recipe_build__variants_share_one_stage);
ATF_TC_BODY(wb_recipe_build__variants_share_one_stage, tc)
{
	struct wb_engine eng;
	struct wb_image_change *ch;
	struct wb_err e;
	char s1[80], s2[80], h1[80], h2[80], archive[PATH_MAX];
	char *owners;
	size_t i, n;

	setup(&eng);
	build(&eng, "plain");
	build(&eng, "knobbed");
	build(&eng, "plain+knob");
	ATF_CHECK_EQ_MSG(runs(), 1, "debootstrap ran %d times", runs());
	ATF_CHECK_EQ(stage_file(".tar.zst", archive, sizeof(archive)), 1);
	ATF_CHECK_EQ(stage_file(".done", archive, sizeof(archive)), 1);
	/* The same stage in every image's metadata; the images differ. */
	meta_field("plain", "stage", s1, sizeof(s1));
	meta_field("knobbed", "stage", s2, sizeof(s2));
	ATF_CHECK_MSG(strlen(s1) == 64, "stage=%s", s1);
	ATF_CHECK_STREQ(s1, s2);
	meta_field("plain+knob", "stage", s2, sizeof(s2));
	ATF_CHECK_STREQ(s1, s2);
	meta_field("plain", "sha256", h1, sizeof(h1));
	meta_field("knobbed", "sha256", h2, sizeof(h2));
	ATF_CHECK(strcmp(h1, h2) != 0);
	/* Only the knob's file differs, and the trim held. */
	ATF_REQUIRE_MSG(wb_image_diff("work/images/deb-plain.tar.zst",
	    "work/images/deb-knobbed.tar.zst", &ch, &n, &e) == 0, "%s", e.msg);
	for (i = 0; i < n; i++)
		ATF_CHECK_MSG(strcmp(ch[i].path, "etc/knob") == 0,
		    "%c %s %s", ch[i].kind, ch[i].path, ch[i].what);
	ATF_CHECK_EQ(n, 1);
	wb_image_changes_free(ch, n);
	/* The stage's paths are still the world's in the owners record. */
	owners = wbt_read_file("work/images/deb-knobbed.owners", NULL);
	ATF_CHECK_MSG(strstr(owners, "etc/drift") != NULL &&
	    strstr(owners, "world") != NULL, "%s", owners);
	ATF_CHECK_MSG(strstr(owners, "var/lib/apt/lists/l") == NULL, "%s",
	    owners);
	free(owners);
	fini(&eng);
}

ATF_TC_WITHOUT_HEAD(wb_recipe_build__half_written_stage_rebuilt);
ATF_TC_BODY(wb_recipe_build__half_written_stage_rebuilt, tc)
{
	struct wb_engine eng;
	char stamp[PATH_MAX], archive[PATH_MAX], s1[80], s2[80], *text;
	FILE *fp;

	setup(&eng);
	build(&eng, "plain");
	ATF_REQUIRE_EQ(runs(), 1);
	ATF_REQUIRE_EQ(stage_file(".done", stamp, sizeof(stamp)), 1);
	ATF_REQUIRE_EQ(stage_file(".tar.zst", archive, sizeof(archive)), 1);
	/* An archive without its stamp: a build that died before the end. */
	ATF_REQUIRE(unlink(stamp) == 0);
	build(&eng, "knobbed");
	ATF_CHECK_EQ_MSG(runs(), 2, "debootstrap ran %d times", runs());
	ATF_CHECK_EQ(stage_file(".done", stamp, sizeof(stamp)), 1);
	meta_field("plain", "stage", s1, sizeof(s1));
	meta_field("knobbed", "stage", s2, sizeof(s2));
	ATF_CHECK_MSG(strlen(s2) == 64 && strcmp(s1, s2) != 0, "%s %s", s1,
	    s2);
	/* A stamped archive damaged since: built again, not unpacked. */
	ATF_REQUIRE((fp = fopen(archive, "ae")) != NULL);
	fputs("garbage", fp);
	fclose(fp);
	eng.force = 1;
	build(&eng, "plain");
	ATF_CHECK_EQ_MSG(runs(), 3, "debootstrap ran %d times", runs());
	/* A stamp for another key: built again. */
	text = wbt_read_file(stamp, NULL);
	text[4] = text[4] == '0' ? '1' : '0';
	wbt_write_file(stamp, text);
	free(text);
	build(&eng, "plain");
	ATF_CHECK_EQ_MSG(runs(), 4, "debootstrap ran %d times", runs());
	/* Intact: reused, even when forced. */
	build(&eng, "knobbed");
	ATF_CHECK_EQ_MSG(runs(), 4, "debootstrap ran %d times", runs());
	meta_field("plain", "stage", s1, sizeof(s1));
	meta_field("knobbed", "stage", s2, sizeof(s2));
	ATF_CHECK_STREQ(s1, s2);
	fini(&eng);
}

/* A debootstrap that fails leaves no archive and no stamp. */
ATF_TC_WITHOUT_HEAD(wb_recipe_build__failed_stage_not_kept);
ATF_TC_BODY(wb_recipe_build__failed_stage_not_kept, tc)
{
	struct wb_engine eng;
	struct wb_err e;
	char path[PATH_MAX];

	setup(&eng);
	wbt_write_file("bin/debootstrap", "#!/bin/sh\nmkdir -p \"$3/etc\"\n"
	    "echo half > \"$3/etc/half\"\nexit 3\n");
	ATF_CHECK_EQ(wb_recipe_build(&eng, "top/recipes/deb/recipe", "plain",
	    NULL, &e), -1);
	ATF_CHECK_MSG(strstr(e.msg, "phase stage failed") != NULL, "%s",
	    e.msg);
	ATF_CHECK_EQ(stage_file(".tar.zst", path, sizeof(path)), 0);
	ATF_CHECK_EQ(stage_file(".done", path, sizeof(path)), 0);
	fini(&eng);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_stage_key__world_inputs_not_options);
	ATF_TP_ADD_TC(tp, wb_recipe_build__variants_share_one_stage);
	ATF_TP_ADD_TC(tp, wb_recipe_build__half_written_stage_rebuilt);
	ATF_TP_ADD_TC(tp, wb_recipe_build__failed_stage_not_kept);
	return (atf_no_error());
}
