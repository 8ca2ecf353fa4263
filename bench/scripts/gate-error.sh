#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# gate-error.sh: the error rates of worldbench check-release's
# performance gate, simulated by build/bin/gate-error
# (bench/scripts/gate-error.c, built by "make tests") through the
# library's own row decision: 13 gated rows (12 tests and the final) of
# 8 paired log ratios, a 5% limit, alpha 5%, at wall-clock noise (per-pair
# log-ratio SD 0.03) and at quiet noise (0.005).  Scenarios: every row at
# the limit, every row at 1 (A/A), one row at the limit and the rest at 1.
#
# usage: gate-error.sh [-n releases] [-s seed]
# Exit 1 when an error rate's Wilson 95% interval lies wholly above 5%.
set -eu

. "$(dirname "$0")/sim.sh"
sim_opts gate-error releases 20000 20260 "$@"
exec "$bin" -a 0.05 -l 5 -m 13 -p 8 -n "$n" -s "$seed" 0.03 0.005
