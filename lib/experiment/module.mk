# SPDX-License-Identifier: BSD-2-Clause
# lib/experiment: the bench and boot workflows: build the variants, unpack
# them, run interleaved, write the report.
# A module may include the headers of the modules of lower layers, never
# of higher ones; headers named *_int.h (and experiment_PRIVATE) are its own.
# mk/layers.sh checks both.
WB_MODULES +=		experiment
experiment_LAYER :=		9
