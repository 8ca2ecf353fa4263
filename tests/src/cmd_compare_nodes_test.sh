#! /usr/bin/atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# worldbench compare of runs on several nodes (issue 21): mixed node
# fingerprints refused naming the nodes, --force and --stratify, repeats
# on one node as one unit, one label naming different images.

wbp() { echo "$(atf_config_get builddir)/bin/worldbench"; }

PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3

fixtures()
{
	$PY "$(atf_get_srcdir)/data/nodes/mknodes.py" "$(atf_get_srcdir)/data" \
	    "$1" || atf_fail "mknodes.py $1 failed"
}

MIXED="r1-prod.json r1-debug.json r2-prod.json r2-debug.json r3-prod.json r3-debug.json"

atf_test_case compare__mixed_fingerprints_refused
compare__mixed_fingerprints_refused_head()
{
	atf_set descr "Runs of different hardware are not pooled: exit 1," \
	    "the problem names both runs, their files, nodes and the keys"
	atf_set require.progs python3
}
compare__mixed_fingerprints_refused_body()
{
	fixtures mixed
	atf_check -s exit:1 -o empty \
	    -e match:'different host fingerprint \(run 11111111 \(r1-prod.json, node n1\) and run 33333333 \(r3-prod.json, node epyc1\)' \
	    -e match:'cores 28, 192' \
	    -e match:'cpu_model "Intel.*", "AMD EPYC 9654' \
	    -e match:'refusing to compare' \
	    "$(wbp)" compare $MIXED
	# The first two runs alone are one hardware: compared.
	atf_check -o match:'2 variants in 2 runs \(runs as units\)' \
	    "$(wbp)" compare r1-prod.json r1-debug.json r2-prod.json \
	    r2-debug.json
}

atf_test_case compare__mixed_fingerprints_forced
compare__mixed_fingerprints_forced_head()
{
	atf_set descr "--force pools mixed hardware with a warning line in" \
	    "every format"
	atf_set require.progs python3
}
compare__mixed_fingerprints_forced_body()
{
	fixtures mixed
	atf_check -o match:'^WARNING: FORCED COMPARISON' \
	    -o match:'^- INVALID: different host fingerprint: run 11111111 .*node epyc1' \
	    -e match:'WARNING: --force' "$(wbp)" compare --force $MIXED
	atf_check -o match:'^\*\*WARNING: FORCED COMPARISON' \
	    -o match:'host fingerprint' -e ignore \
	    "$(wbp)" compare --force -F markdown $MIXED
	atf_check -o match:'^problem,"?WARNING: FORCED COMPARISON: different host fingerprint' \
	    -e ignore "$(wbp)" compare --force -F csv $MIXED
	atf_check -o match:'"forced": true' -o match:'"what": "host fingerprint"' \
	    -e ignore "$(wbp)" compare --force -F json $MIXED
}

atf_test_case compare__stratify
compare__stratify_head()
{
	atf_set descr "--stratify: one report per node type, each headed by" \
	    "its stratum and nodes (golden text)"
	atf_set require.progs python3
}
compare__stratify_body()
{
	fixtures mixed
	atf_check -s exit:0 -o save:got -e empty \
	    "$(wbp)" compare --stratify $MIXED
	atf_check -o empty diff -u \
	    "$(atf_get_srcdir)/data/nodes/stratify-text.expected" got
	atf_check -s exit:64 -e match:'--stratify writes one report' \
	    "$(wbp)" compare --stratify -F json $MIXED
}

atf_test_case compare__one_node_repeats_one_unit
compare__one_node_repeats_one_unit_head()
{
	atf_set descr "Three runs on n1 and one on n2 are two units, not four"
	atf_set require.progs python3
}
compare__one_node_repeats_one_unit_body()
{
	fixtures same
	set -- r1-prod.json r1-debug.json r2-prod.json r2-debug.json \
	    r3-prod.json r3-debug.json r4-prod.json r4-debug.json
	atf_check -o match:'^worldbench compare: 2 variants in 4 runs on 2 nodes \(nodes as units' \
	    -o match:'^runs: 4, units \(nodes\): 2$' \
	    -o match:'^  3  33333333  n1  +1  ' \
	    -o match:'^  4  44444444  n2  +2  ' \
	    -o match:'nodes as units: 2 nodes, 1 df' \
	    "$(wbp)" compare "$@"
	atf_check -o match:'"units": 2' -o match:'"node": "n2"' \
	    "$(wbp)" compare -F json "$@"
	# Runs 1 and 2 alone: one node, so the runs are the units.
	atf_check -o match:'2 variants in 2 runs \(runs as units\)' \
	    "$(wbp)" compare r1-prod.json r1-debug.json r2-prod.json \
	    r2-debug.json
}

atf_test_case compare__image_hash_differs
compare__image_hash_differs_head()
{
	atf_set descr "One label naming different images in two runs is" \
	    "refused, and flagged with --force"
	atf_set require.progs python3
}
compare__image_hash_differs_body()
{
	fixtures image
	set -- r1-prod.json r1-debug.json r2-prod.json r2-debug.json
	atf_check -s exit:1 \
	    -e match:'debug: different image hash \(debug names image 020202020202 in run 11111111 \(r1-debug.json, node n1\) but 030303030303 in run 22222222 \(r2-debug.json, node n2\)\)' \
	    "$(wbp)" compare "$@"
	atf_check -o match:'^- INVALID: different image hash' -e ignore \
	    "$(wbp)" compare -f "$@"
	atf_check -o match:'^problem,.*image hash' -e ignore \
	    "$(wbp)" compare -f -F csv "$@"
}

atf_init_test_cases()
{
	atf_add_test_case compare__mixed_fingerprints_refused
	atf_add_test_case compare__mixed_fingerprints_forced
	atf_add_test_case compare__stratify
	atf_add_test_case compare__one_node_repeats_one_unit
	atf_add_test_case compare__image_hash_differs
}
