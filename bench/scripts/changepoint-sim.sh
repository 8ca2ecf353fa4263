#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# changepoint-sim.sh: false alarms and power of the release-series
# change-point detector (lib/stats/changepoint.c), simulated by
# build/bin/changepoint-sim (bench/scripts/changepoint-sim.c, built by
# "make tests"), under normal and heavy-tailed (t3) noise:
#   wall clock  sigma 2.6% per release (the per-run final-score SD the
#               issue measured), a 3% step, confirmation by 10 pairs of
#               per-pair log-ratio SD 0.03 (gate-error.sh's wall-clock
#               pair) and, pessimistic, 0.104 (sqrt 2 x 2.6% x sqrt 8:
#               the 8 passes of a run independent, pairing removing
#               nothing);
#   icount      sigma 0.05% per release (assumed: instruction counts
#               under qemu icount repeat to about 5 in 10^6, bench/README
#               issue 20, so 0.05% is a wide margin), a 0.5% step,
#               pairs of SD 0.07%.
# Series of 50 releases; -n series per line (default 1000); the offline
# false alarms once more over 20 times as many series (-f).
#
# usage: changepoint-sim.sh [-n series] [-s seed]
set -eu

. "$(dirname "$0")/sim.sh"
sim_opts changepoint-sim series 1000 20261 "$@"
for model in normal t3; do
	"$bin" -M "$model" -N 50 -n "$n" -s "$seed" \
	    0.026:0.03:0.03 0.0005:0.0007:0.005
	"$bin" -M "$model" -N 50 -n "$n" -s "$seed" 0.026:0.104:0.03 |
	    grep -E '^#|confirmed'
	"$bin" -f -M "$model" -N 50 -n $((n * 20)) -s "$seed" 0.026:0.03:0
done
