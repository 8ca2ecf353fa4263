# SPDX-License-Identifier: BSD-2-Clause
# lib/sandbox: where a command runs: bounds, the chroot and user-namespace
# confinement, the runner table, environment fragments.
# A module may include the headers of the modules of lower layers, never
# of higher ones; headers named *_int.h (and sandbox_PRIVATE) are its own.
# mk/layers.sh checks both.
WB_MODULES +=		sandbox
sandbox_LAYER :=		3
