/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The clean environment of every program worldbench runs: the host's
 * spawns (lib/util/spawn.c) and the guest init's suite programs
 * (bench/init/env.c) alike, so that a chroot and a booted guest see the
 * same variables before the world's own.
 */
#ifndef WB_CLEAN_ENV_H
#define WB_CLEAN_ENV_H

#define WB_CLEAN_ENV \
	"PATH=/usr/bin:/bin:/usr/sbin:/sbin", \
	"LC_ALL=C", \
	"LANG=C", \
	"HOME=/", \
	"TMPDIR=/tmp"

#endif
