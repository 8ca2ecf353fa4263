/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The node's fingerprint, which the host's provenance (provenance.h,
 * which includes this) records and a farm compares across nodes.
 */
#ifndef WB_PROVENANCE_FP_H
#define WB_PROVENANCE_FP_H

#include <jansson.h>

struct wb_err;

/*
 * The node's identity (lib/model/provenance_fp.c): {"hostname", "cpu_model",
 * "cpu_flags_sha256" (of the flags sorted), "microcode", "cores" (the
 * processors listed), "memory_gib" (MemTotal rounded), "kernel" (uname
 * release), "machine", "qemu" (the first line of --version, null when
 * none is installed)}; a key cpuinfo lacks is left out.  Two nodes with
 * the same object but the hostname are the same hardware and software.
 * Test hook: WORLDBENCH_CPUINFO names a file read instead of
 * /proc/cpuinfo, so that a test can make a node look like other hardware.
 */
json_t	*wb_provenance_fingerprint(struct wb_err *);

#endif
