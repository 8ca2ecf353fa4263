/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What every part of a Slurm submission shares: how a call failed and
 * the hook its lines go to.  The drivers (submit_drive.h, which includes
 * this) and their parts (submit_int.h) both read it.
 */
#ifndef WB_SUBMIT_BASE_H
#define WB_SUBMIT_BASE_H

#include "wb_util.h"

/*
 * How a call failed, beside 0: WB_SUBMIT_ERR, err's class says what;
 * WB_SUBMIT_USAGE, the request breaks a rule (err says which);
 * WB_SUBMIT_FAILED, the engine or a node said no (what it said went to
 * warn; err holds the conclusion, or "" when there is nothing to add).
 */
#define WB_SUBMIT_ERR		(-1)
#define WB_SUBMIT_USAGE		(-2)
#define WB_SUBMIT_FAILED	(-3)

/* Lines for stderr (one each, without "worldbench: "); fn may be NULL. */
struct wb_submit_hooks {
	wb_note_fn	*warn;
	void		*arg;
};

#endif
