/* SPDX-License-Identifier: BSD-2-Clause */
#include "version.h"

#ifndef WB_VERSION
#error "WB_VERSION must be defined by the build"
#endif

const char *
wb_version(void)
{

	return (WB_VERSION);
}

const char *
wb_version_gitrev(void)
{

	return (WB_GITREV);
}

const char *
wb_version_cc(void)
{

	return (WB_CC);
}

const char *
wb_version_cflags(void)
{

	return (WB_CFLAGS);
}
