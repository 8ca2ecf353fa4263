/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/util: errors, paths beneath a root, atomic writes, digests, locks,
 * child processes, terminal escaping, versions: what every module uses.
 *
 * The one public header of lib/util/: outside the module and its tests
 * (tests/lib/util/) a file includes this, never the parts below
 * (mk/layers.sh).  Written by mk/one-header.sh: re-run it, do not edit.
 */
#ifndef WB_UTIL_MODULE_H
#define WB_UTIL_MODULE_H

#include "atomic.h"
#include "beneath.h"
#include "clean_env.h"
#include "digest.h"
#include "err.h"
#include "exe_path.h"
#include "fresh.h"
#include "fs_at.h"
#include "fstype.h"
#include "install_id.h"
#include "interrupt.h"
#include "json_line.h"
#include "lock.h"
#include "note.h"
#include "progress.h"
#include "spawn.h"
#include "spawn_log.h"
#include "splitmix.h"
#include "strvis.h"
#include "toolver.h"
#include "version.h"
#include "words.h"

#endif /* !WB_UTIL_MODULE_H */
