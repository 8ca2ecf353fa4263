/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * qemu argv composition and the boot plan's kernel command line.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <atf-c.h>

#include "qemu.h"
#include "qemu_bench.h"
#include "wb_model.h"
#include "wb_util.h"
#include "wbtest.h"

static void
conf(struct wb_qemu_conf *c)
{

	memset(c, 0, sizeof(*c));
	c->kernel = "/k/bzImage";
	c->initrd = "/k/initrd.gz";
	c->console_log = "/out/boot1.console";
	c->append = "wb.run=pipe:10:3";
}

/* The value after option opt, or NULL when opt is absent. */
static const char *
after(char **argv, const char *opt)
{
	size_t i;

	for (i = 0; argv[i] != NULL; i++)
		if (strcmp(argv[i], opt) == 0)
			return (argv[i + 1]);
	return (NULL);
}

ATF_TC_WITHOUT_HEAD(wb_qemu_argv__icount_default);
ATF_TC_BODY(wb_qemu_argv__icount_default, tc)
{
	struct wb_qemu_conf c;
	struct wb_err e;
	char **argv;

	conf(&c);
	ATF_REQUIRE((argv = wb_qemu_argv(&c, &e)) != NULL);
	ATF_REQUIRE_STREQ(WB_QEMU_DEFAULT, argv[0]);
	ATF_REQUIRE(after(argv, "-nographic") != NULL);
	ATF_REQUIRE(after(argv, "-no-reboot") != NULL);
	ATF_REQUIRE_STREQ("tcg", after(argv, "-accel"));
	ATF_REQUIRE_STREQ("shift=3,sleep=off", after(argv, "-icount"));
	ATF_REQUIRE_STREQ("1", after(argv, "-smp"));
	ATF_REQUIRE_STREQ("512", after(argv, "-m"));
	ATF_REQUIRE_STREQ("file:/out/boot1.console", after(argv, "-serial"));
	ATF_REQUIRE_STREQ("/k/bzImage", after(argv, "-kernel"));
	ATF_REQUIRE_STREQ("/k/initrd.gz", after(argv, "-initrd"));
	ATF_REQUIRE_STREQ("console=ttyS0 panic=-1 norandmaps nokaslr "
	    "wb.run=pipe:10:3", after(argv, "-append"));
	wb_qemu_argv_free(argv);
}

/* --randomize: icount without the fixed layout, said in provenance. */
ATF_TC_WITHOUT_HEAD(wb_qemu_argv__icount_randomize);
ATF_TC_BODY(wb_qemu_argv__icount_randomize, tc)
{
	struct wb_qemu_conf c;
	struct wb_err e;
	char **argv;

	conf(&c);
	ATF_REQUIRE_STREQ("norandmaps nokaslr", wb_qemu_layout_params(&c));
	ATF_REQUIRE_STREQ("fixed (norandmaps nokaslr)",
	    wb_qemu_layout_name(&c));
	c.randomize = 1;
	ATF_REQUIRE(wb_qemu_layout_params(&c) == NULL);
	ATF_REQUIRE_STREQ("randomised", wb_qemu_layout_name(&c));
	ATF_REQUIRE((argv = wb_qemu_argv(&c, &e)) != NULL);
	ATF_REQUIRE_STREQ("shift=3,sleep=off", after(argv, "-icount"));
	ATF_REQUIRE_STREQ("console=ttyS0 panic=-1 wb.run=pipe:10:3",
	    after(argv, "-append"));
	wb_qemu_argv_free(argv);
	/* Nothing to append: no trailing space. */
	c.randomize = 0;
	c.append = "";
	ATF_REQUIRE((argv = wb_qemu_argv(&c, &e)) != NULL);
	ATF_REQUIRE_STREQ("console=ttyS0 panic=-1 norandmaps nokaslr",
	    after(argv, "-append"));
	wb_qemu_argv_free(argv);
}

ATF_TC_WITHOUT_HEAD(wb_qemu_argv__wall_has_no_icount);
ATF_TC_BODY(wb_qemu_argv__wall_has_no_icount, tc)
{
	struct wb_qemu_conf c;
	struct wb_err e;
	char **argv;

	conf(&c);
	c.timing = WB_TIMING_WALL;
	c.memory_mb = 1024;
	c.append = NULL;
	ATF_REQUIRE((argv = wb_qemu_argv(&c, &e)) != NULL);
	ATF_REQUIRE(after(argv, "-icount") == NULL);
	ATF_REQUIRE_STREQ("1024", after(argv, "-m"));
	/* Wall timing varies anyway: the layout is left random. */
	ATF_REQUIRE_STREQ("console=ttyS0 panic=-1", after(argv, "-append"));
	ATF_REQUIRE_STREQ("randomised", wb_qemu_layout_name(&c));
	wb_qemu_argv_free(argv);
}

ATF_TC_WITHOUT_HEAD(wb_qemu_argv__kvm);
ATF_TC_BODY(wb_qemu_argv__kvm, tc)
{
	struct wb_qemu_conf c;
	struct wb_err e;
	char **argv;

	conf(&c);
	c.accel = WB_ACCEL_KVM;
	/* icount needs TCG. */
	ATF_REQUIRE(wb_qemu_argv(&c, &e) == NULL);
	ATF_REQUIRE_MATCH("icount timing needs TCG", e.msg);
	c.timing = WB_TIMING_WALL;
	ATF_REQUIRE((argv = wb_qemu_argv(&c, &e)) != NULL);
	ATF_REQUIRE_STREQ("kvm", after(argv, "-accel"));
	wb_qemu_argv_free(argv);
}

ATF_TC_WITHOUT_HEAD(wb_qemu_argv__bad_input);
ATF_TC_BODY(wb_qemu_argv__bad_input, tc)
{
	struct wb_qemu_conf c;
	struct wb_err e;

	conf(&c);
	c.console_log = "/out/a,b";
	ATF_REQUIRE(wb_qemu_argv(&c, &e) == NULL);
	ATF_REQUIRE_MATCH("contains a comma", e.msg);
	conf(&c);
	c.initrd = NULL;
	ATF_REQUIRE(wb_qemu_argv(&c, &e) == NULL);
}

ATF_TC_WITHOUT_HEAD(wb_qemu_argv_line__quotes);
ATF_TC_BODY(wb_qemu_argv_line__quotes, tc)
{
	char *argv[] = { "qemu", "-append", "console=ttyS0 it's", NULL };
	struct wb_err e;
	char *s;

	ATF_REQUIRE((s = wb_qemu_argv_line(argv, &e)) != NULL);
	ATF_REQUIRE_STREQ("qemu -append 'console=ttyS0 it'\\''s'", s);
	free(s);
}

ATF_TC_WITHOUT_HEAD(wb_qemu_timing_parse__names);
ATF_TC_BODY(wb_qemu_timing_parse__names, tc)
{
	enum wb_qemu_timing t;

	ATF_REQUIRE_EQ(0, wb_qemu_timing_parse("wall", &t));
	ATF_REQUIRE_EQ(WB_TIMING_WALL, t);
	ATF_REQUIRE_EQ(0, wb_qemu_timing_parse("icount", &t));
	ATF_REQUIRE_EQ(WB_TIMING_ICOUNT, t);
	ATF_REQUIRE_EQ(-1, wb_qemu_timing_parse("Wall", &t));
	ATF_REQUIRE_EQ(-1, wb_qemu_timing_parse("", &t));
}

ATF_TC_WITHOUT_HEAD(wb_qb_cmdline__plan);
ATF_TC_BODY(wb_qb_cmdline__plan, tc)
{
	struct wb_qb_test t[2];
	struct wb_qb_root root;
	char *s;

	memset(&root, 0, sizeof(root));
	ATF_REQUIRE((t[0].def = wb_suite_find("syscall")) != NULL);
	t[0].seconds = 2.5;
	t[0].passes = 3;
	ATF_REQUIRE((t[1].def = wb_suite_find("shell8")) != NULL);
	t[1].seconds = 60;
	t[1].passes = 1;
	ATF_REQUIRE((s = wb_qemu_bench_cmdline(&root, t, 2)) != NULL);
	ATF_REQUIRE_STREQ("wb.run=syscall:2.5:3,shell8:60:1 "
	    "wb.bin=/usr/libexec/worldbench-static "
	    "wb.data=/usr/share/worldbench", s);
	free(s);
	root.world = "/some/world";
	ATF_REQUIRE((s = wb_qemu_bench_cmdline(&root, t, 1)) != NULL);
	ATF_REQUIRE_MATCH("wb.bin=/usr/libexec/worldbench ", s);
	free(s);
}

/*
 * A fake qemu that writes body's output to its -serial file, then
 * stays silent until killed.
 */
static void
fake_qemu(struct wb_qemu_conf *c, const char *body)
{
	FILE *f;

	ATF_REQUIRE((f = fopen("qemu", "w")) != NULL);
	fprintf(f, "#!/bin/sh\n"
	    "while [ $# -gt 0 ]; do\n"
	    "\tcase $1 in -serial) s=${2#file:}; shift ;; esac; shift\n"
	    "done\n"
	    "%s\n"
	    "exec sleep 300\n", body);
	ATF_REQUIRE(fclose(f) == 0);
	ATF_REQUIRE(chmod("qemu", 0755) == 0);
	conf(c);
	c->qemu = wbt_abspath("qemu");
	c->console_log = "console";
	c->timing = WB_TIMING_WALL;
}

ATF_TC_WITHOUT_HEAD(wb_qemu_run__hang_before_init);
ATF_TC_BODY(wb_qemu_run__hang_before_init, tc)
{
	struct wb_qemu_conf c;
	struct wb_qemu_boot b;
	struct wb_err e;

	fake_qemu(&c, "printf 'Linux version 6.1\\n' > \"$s\"");
	c.hang_timeout = 1;
	c.pass_quiet = 1000;
	ATF_REQUIRE_EQ_MSG(0, wb_qemu_run(&c, 600, &b, &e), "%s", e.msg);
	ATF_REQUIRE_EQ(1, b.hung);
	ATF_REQUIRE_EQ(0, b.timed_out);
	ATF_REQUIRE_EQ(0, b.reached_init);
	/* Before init the pass allowance does not count. */
	ATF_REQUIRE(b.hung_after == 1);
	ATF_REQUIRE_STREQ("Linux version 6.1\n", b.console);
	wb_qemu_boot_fini(&b);
	free((char *)c.qemu);
}

ATF_TC_WITHOUT_HEAD(wb_qemu_run__hang_after_init);
ATF_TC_BODY(wb_qemu_run__hang_after_init, tc)
{
	struct wb_qemu_conf c;
	struct wb_qemu_boot b;
	struct wb_err e;

	/* The mark split over two writes is still found. */
	fake_qemu(&c, "printf 'x\\nWB|1|he' > \"$s\"; sleep 0.6; "
	    "printf 'llo|1|v|00000000\\n' >> \"$s\"");
	/*
	 * The allowance before init is well above the 0.6 s between the
	 * two writes, so that a busy machine's slow shell still writes the
	 * second half in time.
	 */
	c.hang_timeout = 6;
	c.pass_quiet = 1;
	ATF_REQUIRE_EQ_MSG(0, wb_qemu_run(&c, 600, &b, &e), "%s", e.msg);
	ATF_REQUIRE_EQ(1, b.reached_init);
	ATF_REQUIRE_EQ(1, b.hung);
	ATF_REQUIRE(b.hung_after == 7);
	wb_qemu_boot_fini(&b);
	free((char *)c.qemu);
}

ATF_TC_WITHOUT_HEAD(wb_qemu_run__stop_at_init);
ATF_TC_BODY(wb_qemu_run__stop_at_init, tc)
{
	struct wb_qemu_conf c;
	struct wb_qemu_boot b;
	struct wb_err e;

	fake_qemu(&c, "printf 'WB|1|hello|1|v|00000000\\n' > \"$s\"");
	c.stop_at_init = 1;
	ATF_REQUIRE_EQ_MSG(0, wb_qemu_run(&c, 600, &b, &e), "%s", e.msg);
	ATF_REQUIRE_EQ(1, b.reached_init);
	ATF_REQUIRE_EQ(0, b.hung);
	ATF_REQUIRE_EQ(0, b.timed_out);
	ATF_REQUIRE(b.init_wall >= 0);
	wb_qemu_boot_fini(&b);
	free((char *)c.qemu);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_qemu_argv__icount_default);
	ATF_TP_ADD_TC(tp, wb_qemu_argv__icount_randomize);
	ATF_TP_ADD_TC(tp, wb_qemu_argv__wall_has_no_icount);
	ATF_TP_ADD_TC(tp, wb_qemu_argv__kvm);
	ATF_TP_ADD_TC(tp, wb_qemu_argv__bad_input);
	ATF_TP_ADD_TC(tp, wb_qemu_argv_line__quotes);
	ATF_TP_ADD_TC(tp, wb_qemu_timing_parse__names);
	ATF_TP_ADD_TC(tp, wb_qb_cmdline__plan);
	ATF_TP_ADD_TC(tp, wb_qemu_run__hang_before_init);
	ATF_TP_ADD_TC(tp, wb_qemu_run__hang_after_init);
	ATF_TP_ADD_TC(tp, wb_qemu_run__stop_at_init);
	return (atf_no_error());
}
