#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# explain-fwer.sh: the family-wise false-positive rate of worldbench
# explain when no knob does anything (issue 31), simulated by
# build/bin/explain-fwer (bench/scripts/explain-fwer.c, built by "make
# tests") through the library's own estimation and judgement: the tables
# of "make explain" (a 2^3 full factorial, 7 effects, 5 tests and the
# final score, 6 rounds) and of the jemalloc explanation in README (2^2,
# 12 tests and the final, 6 rounds), the old rule (Holm within each
# test) against the new (one Holm family over every verdict).
#
# usage: explain-fwer.sh [-n tables] [-s seed]
# Exit 1 when the new rule's Wilson 95% interval lies wholly above 5%.
set -eu

. "$(dirname "$0")/sim.sh"
sim_opts explain-fwer tables 10000 31 "$@"
rc=0
timeout 1800 "$bin" -k 3 -t 5 -r 6 -n "$n" -s "$seed" || rc=1
timeout 1800 "$bin" -k 2 -t 12 -r 6 -n "$n" -s "$seed" || rc=1
exit $rc
