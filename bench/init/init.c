/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worldbench's guest init (PID 1 in the initramfs).  It mounts /proc,
 * /sys, /dev and /tmp itself, reports the kernel and the time it took to
 * get here, applies the world's declared environment, waits for the
 * clocksource to settle, runs the suite programs
 * named on the kernel command line with their pass lengths, relays every
 * pass and the kernel log over the console in the frames of
 * lib/guest/serial.h, prints the end frame and powers the machine off.
 *
 * It never exits: PID 1 exiting panics the kernel.
 */
#include <stdio.h>
#include <unistd.h>

#include "wb_guest.h"
#include "wbinit.h"

int
main(void)
{
	static struct wbi_conf conf;
	size_t i;
	long npasses;
	int pass;

	wbi_setup();
	wbi_emitf("hello", "%d\t%s", WB_SERIAL_PROTO, WBINIT_VERSION);
	wbi_report_system();
	wbi_env_apply(WBI_ENV_FILE);
	npasses = 0;
	if (wbi_conf_read(&conf) == 0) {
		wbi_settle_clock(conf.settle);
		/* Passes nested inside tests, as UnixBench runs them. */
		for (i = 0; i < conf.ntests; i++)
			for (pass = 1; pass <= conf.tests[i].passes; pass++)
				wbi_run_pass(&conf, &conf.tests[i], pass,
				    &npasses);
	}
	wbi_relay_kmsg();
	wbi_emitf("end", "%ld", npasses);
	wbi_poweroff();
}
