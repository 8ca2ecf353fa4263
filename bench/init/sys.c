/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * System chores of the guest init: mounts (an initramfs gets no
 * devtmpfs automount), the console log level, the clocksource, the
 * kernel log relay and power-off.
 */
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "wbinit.h"

#define CLOCKSOURCE \
	"/sys/devices/system/clocksource/clocksource0/current_clocksource"

static void
mount_one(const char *src, const char *dir, const char *type,
    const char *data)
{

	if (mkdir(dir, 0755) != 0 && errno != EEXIST)
		wbi_error("mkdir %s: %s", dir, strerror(errno));
	if (mount(src, dir, type, MS_NOSUID, data) != 0 && errno != EBUSY)
		wbi_error("mount %s on %s: %s", type, dir, strerror(errno));
}

void
wbi_setup(void)
{
	int fd;

	mount_one("proc", "/proc", "proc", NULL);
	mount_one("sysfs", "/sys", "sysfs", NULL);
	mount_one("devtmpfs", "/dev", "devtmpfs", "mode=0755");
	mount_one("tmpfs", "/tmp", "tmpfs", "mode=1777");
	/* Kernel messages must not interleave with our frames. */
	if (klogctl(8, NULL, 1) != 0)
		wbi_error("klogctl console level: %s", strerror(errno));
	/* stdin: the shell tests must not read the console. */
	if ((fd = open("/dev/null", O_RDONLY)) >= 0) {
		dup2(fd, STDIN_FILENO);
		if (fd != STDIN_FILENO)
			close(fd);
	}
	setenv("PATH", "/usr/bin:/bin:/usr/sbin:/sbin", 1);
	setenv("LC_ALL", "C", 1);
	setenv("HOME", "/", 1);
	setenv("TMPDIR", "/tmp", 1);
}

void
wbi_report_system(void)
{
	struct utsname u;
	struct timespec ts;

	clock_gettime(CLOCK_BOOTTIME, &ts);
	wbi_emitf("boot", "%lld", (long long)ts.tv_sec * 1000000000LL +
	    ts.tv_nsec);
	if (uname(&u) != 0) {
		wbi_error("uname: %s", strerror(errno));
		return;
	}
	wbi_emitf("uname", "%s\t%s\t%s\t%s\t%s", u.sysname, u.nodename,
	    u.release, u.version, u.machine);
}

static int
read_line(const char *path, char *buf, size_t len)
{
	ssize_t n;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return (-1);
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return (-1);
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return (0);
}

/*
 * The kernel starts on tsc-early and switches clocksource once the TSC
 * is calibrated (or found unstable under emulation).  Measure only after
 * the switch, or time stands on a clock that is about to change.
 */
void
wbi_settle_clock(double maxwait)
{
	struct timespec t0, t1, nap;
	char cs[64];
	double waited;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	nap.tv_sec = 0;
	nap.tv_nsec = 100 * 1000 * 1000;
	for (;;) {
		if (read_line(CLOCKSOURCE, cs, sizeof(cs)) != 0) {
			wbi_error("%s: %s", CLOCKSOURCE, strerror(errno));
			snprintf(cs, sizeof(cs), "unknown");
			break;
		}
		clock_gettime(CLOCK_MONOTONIC, &t1);
		waited = (double)(t1.tv_sec - t0.tv_sec) +
		    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
		if (strcmp(cs, "tsc-early") != 0)
			break;
		if (waited >= maxwait) {
			wbi_error("clocksource still tsc-early after %.0f s",
			    waited);
			break;
		}
		nanosleep(&nap, NULL);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	wbi_emitf("clock", "%s\t%.0f", cs,
	    ((double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9) * 1000);
}

/* Relay every record of the kernel log, "level,seq,usec,-;text". */
void
wbi_relay_kmsg(void)
{
	char rec[8192], *text;
	const char *f[1];
	ssize_t n;
	int fd;

	if ((fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0) {
		wbi_error("/dev/kmsg: %s", strerror(errno));
		return;
	}
	for (;;) {
		n = read(fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;	/* overwritten records: skip ahead */
		if (n <= 0)
			break;
		rec[n] = '\0';
		/* Continuation lines (" KEY=value") are dropped. */
		rec[strcspn(rec, "\n")] = '\0';
		text = strchr(rec, ';');
		f[0] = text != NULL ? text + 1 : rec;
		wbi_emit("kmsg", f, 1);
	}
	close(fd);
}

void
wbi_poweroff(void)
{

	sync();
	/*
	 * A reset, not a power-off: qemu runs with -no-reboot, so it exits
	 * on the reset, and a kernel without ACPI (the CI kernels) cannot
	 * power off: RB_POWER_OFF would only halt it, leaving qemu running.
	 */
	reboot(RB_AUTOBOOT);
	for (;;)
		pause();
}
