/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The serial console protocol: frames, the strict parser, splats.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <atf-c.h>

#include "serial.h"
#include "wb_util.h"

/* A growing console capture built from frames and raw lines. */
struct cap {
	char		buf[65536];
	size_t		len;
	unsigned long	seq;
};

static void
raw(struct cap *c, const char *s)
{
	size_t n;

	n = strlen(s);
	ATF_REQUIRE(c->len + n < sizeof(c->buf));
	memcpy(c->buf + c->len, s, n);
	c->len += n;
	c->buf[c->len] = '\0';
}

static void
frame(struct cap *c, const char *kind, size_t nf, ...)
{
	const char *f[WB_SERIAL_MAXFIELDS];
	char line[WB_SERIAL_FRAMEMAX];
	va_list ap;
	size_t i;

	va_start(ap, nf);
	for (i = 0; i < nf; i++)
		f[i] = va_arg(ap, const char *);
	va_end(ap);
	ATF_REQUIRE(wb_serial_frame(line, sizeof(line), ++c->seq, kind, f,
	    nf) > 0);
	raw(c, line);
}

static void
pass_frame(struct cap *c, const char *id, const char *pass,
    const char *status, const char *text)
{

	frame(c, "pass", 11, id, pass, status, "10.000100", "1.5", "8.25",
	    "120", "0", "3", "7", text);
}

/* A good boot: firmware noise, kernel messages, our frames. */
static void
good_boot(struct cap *c)
{

	memset(c, 0, sizeof(*c));
	raw(c, "\033c\033[?7l\033[2J\033[0mSeaBIOS (version 1.16.2-debian)\r\n");
	raw(c, "Booting from ROM..\r\n");
	raw(c, "[    0.000000] Linux version 6.1.0 (worldbench@worldbench)\r\n");
	frame(c, "hello", 2, "1", "1");
	frame(c, "boot", 1, "1234500000");
	frame(c, "uname", 5, "Linux", "(none)", "6.1.158", "#1 SMP PREEMPT "
	    "config-0123456789abcdef", "x86_64");
	frame(c, "clock", 2, "hpet", "1250");
	pass_frame(c, "syscall", "1", "ok", "COUNT|123456|1|lps|10.0001");
	pass_frame(c, "syscall", "2", "ok", "COUNT|123457|1|lps|10.0002");
	frame(c, "kmsg", 1, "Linux version 6.1.158");
}

static void
parse_ok(struct wb_serial *s, const struct cap *c)
{
	struct wb_err e;

	wb_serial_init(s);
	wb_err_clear(&e);
	if (wb_serial_parse(s, "console", c->buf, c->len, &e) != 0)
		atf_tc_fail("parse failed: %s", e.msg);
}

static void
parse_fails(const struct cap *c, const char *want)
{
	struct wb_serial s;
	struct wb_err e;

	wb_serial_init(&s);
	wb_err_clear(&e);
	ATF_REQUIRE_EQ_MSG(-1, wb_serial_parse(&s, "console", c->buf, c->len,
	    &e), "parse should fail with '%s'", want);
	ATF_REQUIRE_MATCH(want, e.msg);
	wb_serial_fini(&s);
}

ATF_TC_WITHOUT_HEAD(wb_serial_frame__roundtrip_escapes);
ATF_TC_BODY(wb_serial_frame__roundtrip_escapes, tc)
{
	struct wb_serial s;
	struct cap c;

	memset(&c, 0, sizeof(c));
	frame(&c, "hello", 2, "1", "1");
	frame(&c, "kmsg", 1, "a|b\\c\td\001e");
	ATF_REQUIRE(strstr(c.buf, "a\\x7cb\\x5cc\\x09d\\x01e") != NULL);
	frame(&c, "end", 1, "0");
	parse_ok(&s, &c);
	ATF_REQUIRE_EQ(1, s.nkmsg);
	/* Decoded, then cleaned: the tab stays, the control byte goes. */
	ATF_REQUIRE_STREQ("a|b\\c\tde", s.kmsg[0]);
	ATF_REQUIRE(s.ended);
	wb_serial_fini(&s);
}

ATF_TC_WITHOUT_HEAD(wb_serial_parse__env_and_alive);
ATF_TC_BODY(wb_serial_parse__env_and_alive, tc)
{
	struct wb_serial s;
	struct cap c;

	memset(&c, 0, sizeof(c));
	frame(&c, "hello", 2, "1", "1");
	frame(&c, "env", 1, "GLIBC_TUNABLES=glibc.malloc.check=3");
	frame(&c, "alive", 3, "shell8", "1", "2");
	frame(&c, "alive", 3, "shell8", "1", "4");
	pass_frame(&c, "shell8", "1", "ok", "COUNT|20|60|lpm|5.0");
	frame(&c, "end", 1, "1");
	parse_ok(&s, &c);
	ATF_REQUIRE_EQ(1, s.nenv);
	ATF_REQUIRE_STREQ("GLIBC_TUNABLES=glibc.malloc.check=3", s.env[0]);
	ATF_REQUIRE_EQ(1, s.npasses);
	wb_serial_fini(&s);

	memset(&c, 0, sizeof(c));
	frame(&c, "hello", 2, "1", "1");
	frame(&c, "env", 1, "no assignment");
	parse_fails(&c, "console:2: env: expected KEY=value");
	memset(&c, 0, sizeof(c));
	frame(&c, "hello", 2, "1", "1");
	frame(&c, "alive", 2, "shell8", "1");
	parse_fails(&c, "alive frame has 2 fields, not 3");
}

ATF_TC_WITHOUT_HEAD(wb_crc32__known_value);
ATF_TC_BODY(wb_crc32__known_value, tc)
{

	/* The standard check value of CRC-32/IEEE. */
	ATF_REQUIRE_EQ(0xcbf43926U, wb_serial_crc32("123456789", 9));
}

ATF_TC_WITHOUT_HEAD(wb_serial_parse__good_boot);
ATF_TC_BODY(wb_serial_parse__good_boot, tc)
{
	struct wb_serial s;
	struct cap c;

	good_boot(&c);
	frame(&c, "end", 1, "2");
	raw(&c, "[   30.1] reboot: Power down\r\n");
	parse_ok(&s, &c);
	ATF_REQUIRE(s.ended);
	ATF_REQUIRE_EQ(2, s.npasses);
	ATF_REQUIRE_STREQ("syscall", s.passes[1].id);
	ATF_REQUIRE_EQ(2, s.passes[1].pass);
	ATF_REQUIRE_EQ(WB_PASS_OK, s.passes[1].status);
	ATF_REQUIRE(s.passes[0].stime == 8.25);
	ATF_REQUIRE_EQ(120, s.passes[0].minflt);
	ATF_REQUIRE(s.boot_to_init > 1.2344 && s.boot_to_init < 1.2346);
	ATF_REQUIRE_STREQ("hpet", s.clocksource);
	ATF_REQUIRE_STREQ("6.1.158", s.release);
	ATF_REQUIRE_MATCH("config-0123456789abcdef", s.version);
	/* Escape codes are gone from the console text. */
	ATF_REQUIRE_STREQ("SeaBIOS (version 1.16.2-debian)", s.console[0]);
	ATF_REQUIRE_EQ(0, s.nsplats);
	wb_serial_fini(&s);
}

ATF_TC_WITHOUT_HEAD(wb_serial_parse__escape_inside_frame_line);
ATF_TC_BODY(wb_serial_parse__escape_inside_frame_line, tc)
{
	struct wb_serial s;
	struct cap c, d;

	/* Firmware escapes before a frame on the same line are dropped. */
	good_boot(&c);
	memset(&d, 0, sizeof(d));
	d.seq = c.seq;
	frame(&d, "end", 1, "2");
	raw(&c, "\033[0m\033[?25h");
	raw(&c, d.buf);
	parse_ok(&s, &c);
	ATF_REQUIRE(s.ended);
	wb_serial_fini(&s);
}

ATF_TC_WITHOUT_HEAD(wb_serial_parse__truncated_has_no_end);
ATF_TC_BODY(wb_serial_parse__truncated_has_no_end, tc)
{
	struct wb_serial s;
	struct cap c;

	good_boot(&c);
	parse_ok(&s, &c);
	ATF_REQUIRE_EQ(0, s.ended);
	ATF_REQUIRE_EQ(2, s.npasses);
	wb_serial_fini(&s);
}

ATF_TC_WITHOUT_HEAD(wb_serial_parse__truncated_frame);
ATF_TC_BODY(wb_serial_parse__truncated_frame, tc)
{
	struct cap c;

	good_boot(&c);
	raw(&c, "WB|9|pass|syscall|3|ok|10.0");
	parse_fails(&c, "console:[0-9]+: truncated frame");
}

ATF_TC_WITHOUT_HEAD(wb_serial_parse__bad_checksum);
ATF_TC_BODY(wb_serial_parse__bad_checksum, tc)
{
	struct cap c;
	char *p;

	good_boot(&c);
	/* Flip one digit inside the second pass's count. */
	p = strstr(c.buf, "123457");
	ATF_REQUIRE(p != NULL);
	p[5] = '8';
	parse_fails(&c, "console:[0-9]+: frame checksum mismatch");
}

ATF_TC_WITHOUT_HEAD(wb_serial_parse__lost_frame);
ATF_TC_BODY(wb_serial_parse__lost_frame, tc)
{
	struct cap c;

	good_boot(&c);
	c.seq++;
	frame(&c, "end", 1, "2");
	parse_fails(&c, "frames lost");
}

ATF_TC_WITHOUT_HEAD(wb_serial_parse__interleaved);
ATF_TC_BODY(wb_serial_parse__interleaved, tc)
{
	struct cap c;

	good_boot(&c);
	raw(&c, "[ 12.5] random: crng init doneWB|9|end|2|00000000\n");
	parse_fails(&c, "not at the start of its line");
}

ATF_TC_WITHOUT_HEAD(wb_serial_parse__garbage_is_console);
ATF_TC_BODY(wb_serial_parse__garbage_is_console, tc)
{
	struct wb_serial s;
	struct cap c;

	good_boot(&c);
	raw(&c, "\xff\xfe\x01garbage \x1b[31mred\x1b[0m\n");
	raw(&c, "\x7f\x7f\n");
	parse_ok(&s, &c);
	ATF_REQUIRE_STREQ("\xff\xfegarbage red", s.console[s.nconsole - 1]);
	wb_serial_fini(&s);
}

ATF_TC_WITHOUT_HEAD(wb_serial_parse__bad_fields);
ATF_TC_BODY(wb_serial_parse__bad_fields, tc)
{
	struct cap c;

	good_boot(&c);
	pass_frame(&c, "syscall", "3", "maybe", "x");
	parse_fails(&c, "bad status 'maybe'");
	good_boot(&c);
	pass_frame(&c, "syscall", "3", "ok", "COUNT|12|1|lps");
	parse_fails(&c, "not a COUNT");
	good_boot(&c);
	frame(&c, "pass", 2, "syscall", "3");
	parse_fails(&c, "pass frame has 2 fields, not 11");
	good_boot(&c);
	frame(&c, "bogus", 1, "x");
	parse_fails(&c, "unknown frame kind 'bogus'");
	good_boot(&c);
	frame(&c, "end", 1, "5");
	parse_fails(&c, "end frame counts 5 passes, 2 received");
}

ATF_TC_WITHOUT_HEAD(wb_serial_parse__frame_before_hello);
ATF_TC_BODY(wb_serial_parse__frame_before_hello, tc)
{
	struct cap c;

	memset(&c, 0, sizeof(c));
	frame(&c, "boot", 1, "5");
	parse_fails(&c, "boot frame before hello");
}

ATF_TC_WITHOUT_HEAD(wb_serial_parse__splats_from_kmsg);
ATF_TC_BODY(wb_serial_parse__splats_from_kmsg, tc)
{
	struct wb_serial s;
	struct cap c;

	good_boot(&c);
	frame(&c, "kmsg", 1, "======================================================");
	frame(&c, "kmsg", 1, "WARNING: possible circular locking dependency "
	    "detected");
	frame(&c, "kmsg", 1, "6.1.158 #1 Not tainted");
	frame(&c, "kmsg", 1, "------------------------------------------------------");
	frame(&c, "kmsg", 1, "init/1 is trying to acquire lock:");
	frame(&c, "kmsg", 1, "clocksource: Switched to clocksource hpet");
	frame(&c, "kmsg", 1, "WARNING: CPU: 0 PID: 1 at mm/slub.c:123 "
	    "kfree+0x1/0x2");
	frame(&c, "kmsg", 1, "Call Trace:");
	frame(&c, "kmsg", 1, "---[ end trace 0000000000000000 ]---");
	frame(&c, "kmsg", 1, "BUG kmalloc-64 (Not tainted): Redzone "
	    "overwritten");
	frame(&c, "kmsg", 1, "INFO: 0xffff888 -0xffff889 @offset=1. First "
	    "byte 0x0 instead of 0xcc");
	frame(&c, "kmsg", 1, "ODEBUG: free active (active state 0) object");
	frame(&c, "end", 1, "2");
	parse_ok(&s, &c);
	ATF_REQUIRE_EQ_MSG(4, s.nsplats, "%zu splats", s.nsplats);
	ATF_REQUIRE_STREQ("lockdep", s.splats[0].kind);
	ATF_REQUIRE_MATCH("is trying to acquire", s.splats[0].text);
	ATF_REQUIRE_STREQ("WARNING", s.splats[1].kind);
	ATF_REQUIRE_MATCH("end trace", s.splats[1].text);
	ATF_REQUIRE_STREQ("SLUB", s.splats[2].kind);
	ATF_REQUIRE_MATCH("instead of 0xcc", s.splats[2].text);
	ATF_REQUIRE_STREQ("debugobjects", s.splats[3].kind);
	wb_serial_fini(&s);
}

ATF_TC_WITHOUT_HEAD(wb_serial_parse__clean_kmsg_no_splat);
ATF_TC_BODY(wb_serial_parse__clean_kmsg_no_splat, tc)
{
	struct wb_serial s;
	struct cap c;

	good_boot(&c);
	frame(&c, "kmsg", 1, "Lock dependency validator: Copyright (c) 2006 "
	    "Red Hat, Inc., Ingo Molnar");
	frame(&c, "kmsg", 1, "... MAX_LOCKDEP_SUBCLASSES:  8");
	frame(&c, "kmsg", 1, "ODEBUG: selftest passed");
	frame(&c, "kmsg", 1, "ODEBUG: 12 of 12 active objects replaced");
	frame(&c, "kmsg", 1, "INFO: lockdep is turned off.");
	frame(&c, "end", 1, "2");
	parse_ok(&s, &c);
	/* Only the last line is a report (lockdep gave up). */
	ATF_REQUIRE_EQ_MSG(1, s.nsplats, "%zu splats", s.nsplats);
	ATF_REQUIRE_STREQ("INFO: lockdep is turned off.", s.splats[0].title);
	wb_serial_fini(&s);
}

ATF_TC_WITHOUT_HEAD(wb_serial_parse__panic_on_console);
ATF_TC_BODY(wb_serial_parse__panic_on_console, tc)
{
	struct wb_serial s;
	struct cap c;

	memset(&c, 0, sizeof(c));
	raw(&c, "[    1.5] Kernel panic - not syncing: No working init found."
	    "\r\n");
	raw(&c, "[    1.5] ---[ end Kernel panic - not syncing ]---\r\n");
	parse_ok(&s, &c);
	ATF_REQUIRE_EQ(0, s.ended);
	ATF_REQUIRE_EQ(1, s.nsplats);
	ATF_REQUIRE_STREQ("panic", s.splats[0].kind);
	ATF_REQUIRE_MATCH("^Kernel panic - not syncing", s.splats[0].title);
	wb_serial_fini(&s);
}

ATF_TC_WITHOUT_HEAD(wb_serial_count__good_and_bad);
ATF_TC_BODY(wb_serial_count__good_and_bad, tc)
{
	struct wb_err e;
	double count, el;
	char unit[16];
	int tb;

	ATF_REQUIRE_EQ(0, wb_serial_count("COUNT|2500|60|lpm|60.01", &count,
	    &tb, unit, sizeof(unit), &el, &e));
	ATF_REQUIRE(count == 2500 && tb == 60 && el == 60.01);
	ATF_REQUIRE_STREQ("lpm", unit);
	ATF_REQUIRE_EQ(-1, wb_serial_count("COUNT|x|1|lps|10", NULL, NULL,
	    NULL, 0, NULL, &e));
	ATF_REQUIRE_MATCH("bad count", e.msg);
	ATF_REQUIRE_EQ(-1, wb_serial_count("COUNT|1|1|lps|0", NULL, NULL,
	    NULL, 0, NULL, &e));
	ATF_REQUIRE_MATCH("bad elapsed", e.msg);
	ATF_REQUIRE_EQ(-1, wb_serial_count("ERROR|boom", NULL, NULL, NULL, 0,
	    NULL, &e));
	ATF_REQUIRE_EQ(-1, wb_serial_count("COUNT|1|1|lps|1|extra", NULL,
	    NULL, NULL, 0, NULL, &e));
}

ATF_TC_WITHOUT_HEAD(wb_serial_parse__duplicate_pass);
ATF_TC_BODY(wb_serial_parse__duplicate_pass, tc)
{
	struct cap c;

	good_boot(&c);
	pass_frame(&c, "syscall", "2", "ok", "COUNT|123458|1|lps|10.0002");
	parse_fails(&c, "console:[0-9]+: pass: a second pass 2 of syscall "
	    "\\(the first at line [0-9]+\\)");
}

ATF_TC_WITHOUT_HEAD(wb_serial_parse__frame_text_cleaned);
ATF_TC_BODY(wb_serial_parse__frame_text_cleaned, tc)
{
	struct wb_serial s;
	struct cap c;
	size_t i;

	good_boot(&c);
	frame(&c, "kmsg", 1, "\033]0;owned\007title \033[31mred\033[0m");
	frame(&c, "error", 1, "\033[2Jcleared \033c reset");
	parse_ok(&s, &c);
	for (i = 0; i < s.nkmsg; i++)
		ATF_REQUIRE_MSG(strchr(s.kmsg[i], '\033') == NULL &&
		    strchr(s.kmsg[i], '\007') == NULL, "raw escape in kmsg "
		    "%zu", i);
	ATF_REQUIRE_EQ(1, s.nerrors);
	ATF_REQUIRE(strchr(s.errors[0], '\033') == NULL);
	ATF_REQUIRE(strstr(s.kmsg[s.nkmsg - 1], "red") != NULL);
	wb_serial_fini(&s);
}

/*
 * A guest that prints more kernel warnings than a capture keeps: the
 * parser stores at most WB_SERIAL_KEEP_LINES records and
 * WB_SERIAL_KEEP_SPLATS reports, and counts the rest.
 */
ATF_TC_WITHOUT_HEAD(wb_serial_parse__bounded);
ATF_TC_BODY(wb_serial_parse__bounded, tc)
{
	const char *f[1] = { "WARNING: CPU: 0 PID: 1 at x.c:1 f+0x1/0x2" };
	const size_t nframes = WB_SERIAL_KEEP_LINES + 5000;
	char line[WB_SERIAL_FRAMEMAX], *buf;
	struct wb_serial s;
	struct wb_err e;
	size_t i, len, cap, n;

	cap = nframes * 80 + 4096;
	ATF_REQUIRE((buf = malloc(cap)) != NULL);
	len = 0;
	n = wb_serial_frame(line, sizeof(line), 1, "hello",
	    (const char *[]){ "1", "1" }, 2);
	memcpy(buf, line, n);
	len = n;
	for (i = 0; i < nframes; i++) {
		n = wb_serial_frame(line, sizeof(line), i + 2, "kmsg", f, 1);
		ATF_REQUIRE(n > 0 && len + n < cap);
		memcpy(buf + len, line, n);
		len += n;
	}
	wb_serial_init(&s);
	wb_err_clear(&e);
	if (wb_serial_parse(&s, "console", buf, len, &e) != 0)
		atf_tc_fail("parse failed: %s", e.msg);
	ATF_REQUIRE_EQ(WB_SERIAL_KEEP_LINES, s.nkmsg);
	ATF_REQUIRE_EQ(5000, s.dropped);
	ATF_REQUIRE_EQ(WB_SERIAL_KEEP_SPLATS, s.nsplats);
	ATF_REQUIRE_EQ(WB_SERIAL_KEEP_LINES - WB_SERIAL_KEEP_SPLATS,
	    s.splats_dropped);
	wb_serial_fini(&s);
	free(buf);
}

ATF_TP_ADD_TCS(tp)
{

	ATF_TP_ADD_TC(tp, wb_crc32__known_value);
	ATF_TP_ADD_TC(tp, wb_serial_parse__duplicate_pass);
	ATF_TP_ADD_TC(tp, wb_serial_parse__frame_text_cleaned);
	ATF_TP_ADD_TC(tp, wb_serial_parse__bounded);
	ATF_TP_ADD_TC(tp, wb_serial_parse__env_and_alive);
	ATF_TP_ADD_TC(tp, wb_serial_frame__roundtrip_escapes);
	ATF_TP_ADD_TC(tp, wb_serial_parse__good_boot);
	ATF_TP_ADD_TC(tp, wb_serial_parse__escape_inside_frame_line);
	ATF_TP_ADD_TC(tp, wb_serial_parse__truncated_has_no_end);
	ATF_TP_ADD_TC(tp, wb_serial_parse__truncated_frame);
	ATF_TP_ADD_TC(tp, wb_serial_parse__bad_checksum);
	ATF_TP_ADD_TC(tp, wb_serial_parse__lost_frame);
	ATF_TP_ADD_TC(tp, wb_serial_parse__interleaved);
	ATF_TP_ADD_TC(tp, wb_serial_parse__garbage_is_console);
	ATF_TP_ADD_TC(tp, wb_serial_parse__bad_fields);
	ATF_TP_ADD_TC(tp, wb_serial_parse__frame_before_hello);
	ATF_TP_ADD_TC(tp, wb_serial_parse__splats_from_kmsg);
	ATF_TP_ADD_TC(tp, wb_serial_parse__clean_kmsg_no_splat);
	ATF_TP_ADD_TC(tp, wb_serial_parse__panic_on_console);
	ATF_TP_ADD_TC(tp, wb_serial_count__good_and_bad);
	return (atf_no_error());
}
