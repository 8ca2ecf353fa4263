/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef WB_VERSION_H
#define WB_VERSION_H

/* Build identity, compiled in from VERSION, git and the tracked flags. */
const char	*wb_version(void);
const char	*wb_gitrev(void);
const char	*wb_build_cc(void);
const char	*wb_build_cflags(void);

#endif
