/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The synopsis of worldbench kernel, which its subcommands in
 * cmd_kernel.c and cmd_kernel_attribute.c both print on a usage error.
 */
#include <stdio.h>

#include "cmd.h"

#define USAGE_OPTS \
	"[-f] [-j jobs] [-C cachedir] [-O overlays]\n" \
	"           [-R recipe] [-s tarball] [-t timeout] [-w workdir]\n" \
	"           [--no-ccache]"

void
cmd_kernel_usage(FILE *fp)
{

	fprintf(fp,
	    "usage: worldbench kernel build " USAGE_OPTS " variant ...\n"
	    "       worldbench kernel config " USAGE_OPTS " variant\n"
	    "       worldbench kernel diff [--check] [--owners] [-C cachedir] "
	    "[-R recipe]\n"
	    "           [-s tarball] [-w workdir]\n"
	    "           variant|image variant|image\n"
	    "       worldbench kernel attribute [-q] [--owners] [-C cachedir] "
	    "[-R recipe]\n"
	    "           [-O overlays] [-d seconds] [-m megabytes]\n"
	    "           [-o outdir] [-T tests] [-t timeout] [-w workdir] "
	    "[--busybox path]\n"
	    "           [--data dir] [--init path] [--plugin path] "
	    "[--probe path]\n"
	    "           [--qemu path] [--suite dir] base-image debug-image\n");
}
