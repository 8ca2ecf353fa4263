# SPDX-License-Identifier: BSD-2-Clause
# lib/guest: booting kernels under qemu, its accelerator and icount policy,
# and the serial protocol of the guest's init.
# A module may include the headers of the modules of lower layers, never
# of higher ones; headers named *_int.h (and guest_PRIVATE) are its own.
# mk/layers.sh checks both.
WB_MODULES +=		guest
guest_LAYER :=		8
