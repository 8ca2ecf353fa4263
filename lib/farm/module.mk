# SPDX-License-Identifier: BSD-2-Clause
# lib/farm: running on a lab's machines: Slurm jobs and LAVA jobs, and
# collecting their results.
# A module may include the headers of the modules of lower layers, never
# of higher ones; headers named *_int.h (and farm_PRIVATE) are its own.
# mk/layers.sh checks both.
WB_MODULES +=		farm
farm_LAYER :=		11
