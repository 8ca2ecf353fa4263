# SPDX-License-Identifier: BSD-2-Clause
# lib/stats: paired statistics, designs, adaptive passes, and compare's
# rows, families and verdicts.
# A module may include the headers of the modules of lower layers, never
# of higher ones; headers named *_int.h (and stats_PRIVATE) are its own.
# mk/layers.sh checks both.
WB_MODULES +=		stats
stats_LAYER :=		5
# Change points of release series: changepoint.c (e-divisive means) and
# cp_tail.c (the online tail test), both public in changepoint.h.
# Multiple-comparison adjustments: stats_adjust.def (one line per method, the
# enum of stats.h and the table) and stats_adjust.c (each method's functions).
