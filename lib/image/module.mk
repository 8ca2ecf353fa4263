# SPDX-License-Identifier: BSD-2-Clause
# lib/image: recipes and what they build: world and kernel images, image
# archives and roots, their identity, diffs and matching.
# A module may include the headers of the modules of lower layers, never
# of higher ones; headers named *_int.h (and image_PRIVATE) are its own.
# mk/layers.sh checks both.
WB_MODULES +=		image
image_LAYER :=		4
