# SPDX-License-Identifier: BSD-2-Clause
# lib/history: the run store (SQLite by default, PostgreSQL for a lab:
# one schema, one set of migrations), releases and series, and the
# confirmation of a change by re-measuring two releases' images.
# A module may include the headers of the modules of lower layers, never
# of higher ones; headers named *_int.h (and history_PRIVATE) are its own.
# mk/layers.sh checks both.
WB_MODULES +=		history
history_LAYER :=	12
