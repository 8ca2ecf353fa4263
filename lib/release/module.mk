# SPDX-License-Identifier: BSD-2-Clause
# lib/release: release checks: debug knobs left on in a world or kernel, the
# environment it starts with, waivers, and the gate.
# A module may include the headers of the modules of lower layers, never
# of higher ones; headers named *_int.h (and release_PRIVATE) are its own.
# mk/layers.sh checks both.
WB_MODULES +=		release
release_LAYER :=		13
