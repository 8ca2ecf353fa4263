# SPDX-License-Identifier: BSD-2-Clause
# lib/model: the data worldbench speaks: labels, the suite's tests and
# baselines, results files, provenance, scores, imported UnixBench logs.
# A module may include the headers of the modules of lower layers, never
# of higher ones; headers named *_int.h (and model_PRIVATE) are its own.
# mk/layers.sh checks both.
WB_MODULES +=		model
model_LAYER :=		2
