# SPDX-License-Identifier: BSD-2-Clause
# lib/explain: which knob costs what: factorial and fractional designs over
# knobs, screening, ddmin, and symbol attribution.
# A module may include the headers of the modules of lower layers, never
# of higher ones; headers named *_int.h (and explain_PRIVATE) are its own.
# mk/layers.sh checks both.
WB_MODULES +=		explain
explain_LAYER :=		10
