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
# false alarms once more over 20 times as many series (-f); then the
# two-stage calibration (-G) at levels 0.05-0.5 (one look) and
# 0.003-0.1 (a look after every release), 10 and 20 pairs, 2n/5 series,
# and 40 pairs at one-sided 0.001 (history confirm's), 4n series; then
# the two stages with the online tail test (-T), 4n series a line; last
# the tail test after a confirmed step with and without its floor (-F).
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
# Two stages: candidates at a liberal level, each confirmed (-G: one
# block a mode; the step seen 3 releases later; the confirmations run).
for model in normal t3; do
	for pairs in 10 20; do
		for levels in "0.05 0.003" "0.1 0.01" "0.2 0.02" "0.3 0.05" \
		    "0.5 0.1"; do
			set -- $levels
			r=199
			[ "$2" = 0.003 ] && r=999
			"$bin" -G -M "$model" -N 50 -n $((n * 2 / 5)) \
			    -R "$r" -s "$seed" -a "$1" -o "$2" -p "$pairs" \
			    0.026:0.03:0.03
		done
	done
done
# The same two stages at the level history confirm uses now (40 pairs,
# one-sided 0.001: -c 0.002), 4n series a line: the e-divisive figures
# worldbench-history(1) and bench/README quote.
for model in normal t3; do
	for levels in "0.05 0.003" "0.1 0.01" "0.2 0.02" "0.3 0.05" \
	    "0.5 0.1"; do
		set -- $levels
		r=199
		[ "$2" = 0.003 ] && r=999
		"$bin" -G -M "$model" -N 50 -n $((n * 4)) -R "$r" -s "$seed" \
		    -a "$1" -o "$2" -p 40 -c 0.002 0.026:0.03:0.03
	done
done
# Two stages with the online tail test as the detector (-T: the last
# 1..3 releases against the 20 before, after every release), each
# boundary confirmed once by n pairs at one-sided alpha_c (-c is the
# paired interval's two-sided level, 2 alpha_c, as history confirm's
# compare judges it); 4n series a line.  Chosen from this sweep
# (bench/README issue 32): alpha_t 0.3 (WB_CP_TAIL_ALPHA, history changes
# --tail-alpha) with 40 pairs at one-sided 0.001 (history confirm's
# --passes 40 and --confirm-alpha 0.001): confirmed false alarms 2.33%
# (normal) and 0.73% (t3) of flat 50-release series, a 3% step found and
# confirmed within 3 releases in 93.8-93.9%, for about 20 confirmations a
# series; the only line meeting both goals (<= 5%, >= 90%) under both
# noises with its whole interval.
for model in normal t3; do
	for pc in 20:0.01 30:0.005 40:0.002; do
		for at in 0.1 0.2 0.3; do
			"$bin" -T "$at" -M "$model" -N 50 -n $((n * 4)) \
			    -s "$seed" -p "${pc%:*}" -c "${pc#*:}" \
			    0.026:0.03:0.03
		done
	done
done
# The same detector with history confirm's former defaults (8 pairs at
# 95%, one-sided 0.025): why those defaults changed.
for model in normal t3; do
	"$bin" -T 0.3 -M "$model" -N 50 -n $((n * 4)) -s "$seed" -p 8 \
	    -c 0.05 0.026:0.03:0.03
done
# After a confirmed 3% step (-F with -T, the chosen levels): the tail
# test's confirmations in the 20 releases after it without and with the
# floor history changes sets at the series' last confirmed change, and a
# second step 5, 10, 15 releases after the first, seen 3 releases later;
# 4n series a line.
for model in normal t3; do
	"$bin" -T 0.3 -F -M "$model" -N 50 -n $((n * 4)) -s "$seed" -p 40 \
	    -c 0.002 0.026:0.03:0.03
done
