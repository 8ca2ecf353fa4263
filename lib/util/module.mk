# SPDX-License-Identifier: BSD-2-Clause
# lib/util: errors, paths beneath a root, atomic writes, digests, locks,
# child processes, terminal escaping, versions: what every module uses.
# A module may include the headers of the modules of lower layers, never
# of higher ones; headers named *_int.h (and util_PRIVATE) are its own.
# mk/layers.sh checks both.
WB_MODULES +=		util
util_LAYER :=		1
