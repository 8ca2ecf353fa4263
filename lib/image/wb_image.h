/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/image: recipes and what they build: world and kernel images, image
 * archives and roots, their identity, diffs and matching.
 *
 * The one public header of lib/image/: outside the module and its tests
 * (tests/lib/image/) a file includes this, never the parts below
 * (mk/layers.sh).  Written by mk/one-header.sh: re-run it, do not edit.
 */
#ifndef WB_IMAGE_MODULE_H
#define WB_IMAGE_MODULE_H

#include "ident.h"
#include "image.h"
#include "image_diff.h"
#include "initramfs.h"
#include "kbuild_image.h"
#include "kbuild_job.h"
#include "kbuild.h"
#include "kbuild_match.h"
#include "kbuild_owners.h"
#include "kpaths.h"
#include "kvariant.h"
#include "manifest.h"
#include "match_knob.h"
#include "overlay.h"
#include "recipe.h"
#include "world.h"
#include "world_closure.h"
#include "world_fs.h"

#endif /* !WB_IMAGE_MODULE_H */
