/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The runner table: one line per runner, in the order --runner auto
 * tries them.  WB_RUNNER_ENTRY(KIND, name) makes the enum constant
 * WB_RUNNER_KIND (lib/sandbox/runner.h) and refers to the runner's class,
 * const struct wb_runner_class wb_runner_class_name, defined in the
 * runner's own file.  "name" is what --runner takes and what results
 * files record.  A new runner is one more line here (see "Adding a
 * runner" in doc/ARCHITECTURE.md).  No include guard: included once
 * per use, with WB_RUNNER_ENTRY defined.
 */
WB_RUNNER_ENTRY(USERNS, userns)
WB_RUNNER_ENTRY(CHROOT, chroot)
WB_RUNNER_ENTRY(HOST, host)
