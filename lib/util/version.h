/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef WB_VERSION_H
#define WB_VERSION_H

/* Build identity, compiled in from VERSION, git and the tracked flags. */
const char	*wb_version(void);
const char	*wb_version_gitrev(void);
const char	*wb_version_cc(void);
const char	*wb_version_cflags(void);

#endif
