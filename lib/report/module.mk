# SPDX-License-Identifier: BSD-2-Clause
# lib/report: rendering: the seed's tables, the compare report in text,
# JSON, CSV, Markdown and HTML, plots and waterfalls.
# A module may include the headers of the modules of lower layers, never
# of higher ones; headers named *_int.h (and report_PRIVATE) are its own.
# mk/layers.sh checks both.
WB_MODULES +=		report
report_LAYER :=		7
