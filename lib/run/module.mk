# SPDX-License-Identifier: BSD-2-Clause
# lib/run: the harness: plans, interleaved passes, progress, resume; the
# preflight of the host's noise sources.
# A module may include the headers of the modules of lower layers, never
# of higher ones; headers named *_int.h (and run_PRIVATE) are its own.
# mk/layers.sh checks both.
WB_MODULES +=		run
run_LAYER :=		6
