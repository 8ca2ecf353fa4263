#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# The history store on a real PostgreSQL server, started for the test:
# initdb and pg_ctl in a temporary directory as an unprivileged user
# (postgres refuses root), a socket directory under it and a random
# port, stopped on every exit (trap, and the cleanup routine).  The same
# add, list and series checks as the SQLite ones (history_store_test,
# cmd_history_test), and two adds at once.

wbp() { echo "$(atf_config_get builddir)/bin/worldbench"; }
fixture() { echo "$(atf_config_get builddir)/tests/src/data/$1"; }

pgbin()
{
	for d in /usr/lib/postgresql/*/bin; do
		[ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && { echo "$d"; return; }
	done
	command -v initdb >/dev/null 2>&1 && dirname "$(command -v initdb)"
}

# as CMD...: run as the server's user (root may not run postgres).
as()
{
	if [ "$(id -u)" -eq 0 ]; then
		runuser -u "$(cat pguser)" -- "$@"
	else
		"$@"
	fi
}

stop_server()
{
	[ -f pgdir ] || return 0
	d=$(cat pgdir)
	if [ -f "$d/data/postmaster.pid" ]; then
		as "$(cat pgbin)/pg_ctl" -D "$d/data" -m immediate -w stop \
		    >/dev/null 2>&1
	fi
	rm -rf "$d"
	rm -f pgdir
}

start_server()
{
	b=$(pgbin)
	[ -n "$b" ] || atf_skip "PostgreSQL server binaries (initdb, pg_ctl) not installed (Debian package postgresql)"
	echo "$b" >pgbin
	user=$(id -un)
	if [ "$(id -u)" -eq 0 ]; then
		if id postgres >/dev/null 2>&1; then user=postgres; else user=nobody; fi
		command -v runuser >/dev/null 2>&1 || atf_skip "runuser not installed (util-linux)"
	fi
	echo "$user" >pguser
	# Outside the test's directory, which the server's user may not enter.
	d=$(mktemp -d /tmp/wbpg.XXXXXX) || atf_fail "mktemp"
	echo "$d" >pgdir
	trap stop_server EXIT
	mkdir "$d/sock"
	[ "$(id -u)" -eq 0 ] && chown -R "$user" "$d"
	as "$b/initdb" -D "$d/data" -A trust -U wb --no-sync -E UTF8 \
	    >"$d/initdb.log" 2>&1 || { cat "$d/initdb.log" >&2; atf_fail "initdb failed"; }
	for try in 1 2 3 4 5; do
		port=$(( 20000 + $(od -An -N2 -tu2 /dev/urandom) % 40000 ))
		if as "$b/pg_ctl" -D "$d/data" -l "$d/server.log" -w -t 60 \
		    -o "-k $d/sock -p $port -c listen_addresses= -c fsync=off" \
		    start >/dev/null 2>&1; then
			echo "postgresql://wb@/postgres?host=$d/sock&port=$port" >url
			return 0
		fi
	done
	cat "$d/server.log" >&2
	atf_fail "the server did not start"
}

# A fixture on other hardware: another CPU model in its fingerprint.
other_machine()
{
	sed 's/"hostname": "testhost"/"hostname": "testhost", "cpu_model": "other"/' \
	    "$(fixture prod.json)" >"$1"
	grep -q '"cpu_model": "other"' "$1" || atf_fail "fixture not changed"
}

atf_test_case add_list_series cleanup
add_list_series_head() {
	atf_set descr "add, add again, list and series against PostgreSQL"
	atf_set timeout 180
}
add_list_series_body() {
	start_server
	u=$(cat url)
	cp "$(fixture prod.json)" p1.json
	printf ' \n' | cat "$(fixture prod.json)" - >p2.json
	cp "$(fixture debug.json)" d1.json
	other_machine o1.json
	atf_check -o match:'^run 1 added: run, release v2 \(order 20\)' \
	    "$(wbp)" history add --store "$u" --release v2:20 p2.json
	atf_check -o match:'^run 2 added: run, release v1 \(order 10\)' \
	    -o match:'^run 3 added' -o match:'^run 4 added' \
	    "$(wbp)" history add --store "$u" --release v1:10 p1.json d1.json o1.json
	# Insert only: a second add of a stored file adds nothing.
	atf_check -o match:'p1.json: already stored as run 2: nothing added' \
	    "$(wbp)" history add --store "$u" --release v1 p1.json
	# The migrations (3) ran once, however many times the store was opened.
	atf_check -o inline:"3\n" "$(cat pgbin)/psql" -XAtq -d "$u" \
	    -c 'SELECT COUNT(*) FROM schema_version'
	atf_check -o inline:"4\n" "$(cat pgbin)/psql" -XAtq -d "$u" \
	    -c 'SELECT COUNT(*) FROM runs'
	atf_check -o match:'^RUN' -o match:'p2.json' -o match:'o1.json' \
	    "$(wbp)" history list --store "$u"
	# Two machines: two series of prod, never pooled.
	atf_check -o save:series "$(wbp)" history series --store "$u" \
	    --variant prod --test dhry2reg
	atf_check_equal 2 "$(grep -c '^machine .* variant prod  test dhry2reg$' series)"
	# Per machine, v1 comes before v2 (as ordered, not as added).
	awk '/^machine/ { if (s != "") print s; s = "" }
	    $1 ~ /^v[12]$/ { s = s == "" ? $1 : s " " $1 }
	    END { print s }' series | sort >order
	atf_check -o inline:"v1\nv1 v2\n" cat order
}
add_list_series_cleanup() {
	stop_server
}

atf_test_case concurrent_adds cleanup
concurrent_adds_head() {
	atf_set descr "two adds at once against PostgreSQL: each file stored once"
	atf_set timeout 180
}
concurrent_adds_body() {
	start_server
	u=$(cat url)
	i=0
	while [ $i -lt 20 ]; do
		printf "%${i}s\n" "" | cat "$(fixture prod.json)" - >f$i.json
		i=$((i + 1))
	done
	cp "$(fixture prod2.json)" shared.json
	( "$(wbp)" history add --store "$u" --release v1 f[02468].json \
	    f1[02468].json shared.json >o1 2>e1; echo $? >s1 ) &
	( "$(wbp)" history add --store "$u" --release v1 f[13579].json \
	    f1[13579].json shared.json >o2 2>e2; echo $? >s2 ) &
	wait
	atf_check -o inline:"0\n" cat s1
	atf_check -o inline:"0\n" cat s2
	atf_check_equal 1 "$(cat o1 o2 | grep -c '(shared.json)$')"
	atf_check_equal 1 "$(cat o1 o2 | grep -c 'shared.json: already stored')"
	atf_check -o inline:"21\n" "$(cat pgbin)/psql" -XAtq -d "$u" \
	    -c 'SELECT COUNT(*) FROM runs'
	atf_check -o inline:"21\n" "$(cat pgbin)/psql" -XAtq -d "$u" \
	    -c 'SELECT COUNT(DISTINCT file_sha256) FROM variants'
}
concurrent_adds_cleanup() {
	stop_server
}

atf_test_case changes_html cleanup
changes_html_head() {
	atf_set descr "history changes and html against PostgreSQL: a 20% step" \
	    "at r7 of 12 recorded once, marked, then rejected"
	atf_set timeout 180
}
changes_html_body() {
	start_server
	u=$(cat url)
	top=$(atf_config_get top_srcdir)
	for k in 1 2 3 4 5 6 7 8 9 10 11 12; do
		step=1
		[ "$k" -ge 7 ] && step=0.8
		awk -v k="$k" -v step="$step" \
		    -f "$top/tests/helpers/history_release.awk" \
		    "$(fixture prod.json)" >"r$k.json"
		atf_check -o ignore "$(wbp)" history add --store "$u" \
		    --release "r$k:$k" "r$k.json"
	done
	atf_check -o match:'^candidate 1: .* test dhry2reg: r6 -> r7: ratio 0\.80.* \(recorded\)$' \
	    -o match:'^1 change found in 6 series, 1 new' \
	    "$(wbp)" history changes --store "$u" --alpha 0.05 --tail 0
	atf_check -o match:'^candidate 1: .* \(already recorded\)$' \
	    -o match:'^1 change found in 6 series, 0 new' \
	    "$(wbp)" history changes --store "$u" --alpha 0.05 --tail 0
	atf_check -o inline:"1\n" "$(cat pgbin)/psql" -XAtq -d "$u" \
	    -c 'SELECT COUNT(*) FROM candidates WHERE p IS NOT NULL'
	atf_check -o ignore "$(wbp)" history html --store "$u" -o site
	atf_check -o match:'<g class="cp candidate" data-release="r7" data-before="r6">' \
	    cat site/series-1.html
	atf_check -o ignore "$(cat pgbin)/psql" -XAtq -d "$u" -c \
	    "INSERT INTO confirmations (candidate_id, outcome, ratio, lo, hi, decided) VALUES (1, 'rejected', 1.0, 0.98, 1.02, '2026-12-06T00:00:00Z')"
	atf_check -o ignore "$(wbp)" history html --store "$u" -o site
	atf_check -o match:'<g class="cp rejected" data-release="r7" data-before="r6">' \
	    cat site/series-1.html
	# changes marks the candidate its confirmation rejected.
	atf_check -o match:'^candidate 1: .* r6 -> r7: .* by e-divisive, rejected \(already recorded\)$' \
	    "$(wbp)" history changes --store "$u" --alpha 0.05 --tail 0
	atf_check -o match:'"status": "rejected"' \
	    "$(wbp)" history changes --store "$u" --alpha 0.05 --tail 0 --json
}
changes_html_cleanup() {
	stop_server
}

atf_test_case reference cleanup
reference_head() {
	atf_set descr "history add --reference against PostgreSQL: the" \
	    "ratios and the reference's digest stored, the series normalised"
	atf_set timeout 180
}
reference_body() {
	start_server
	u=$(cat url)
	mkdir run
	cp "$(fixture prod.json)" "$(fixture debug.json)" run/
	atf_check -o match:'^run 1 added: run, release v1 \(order 1\)' \
	    -o match:'^run 1: 6 ratios to reference prod, paired by pass$' \
	    "$(wbp)" history add --store "$u" --release v1:1 --reference prod run
	atf_check -o inline:"1|6|10\n" "$(cat pgbin)/psql" -XAtq -d "$u" -c \
	    "SELECT SUM(is_reference), (SELECT COUNT(*) FROM ratios), (SELECT MIN(n) FROM ratios) FROM variants"
	atf_check -o match:'^  ratio to reference prod \(image .*\), paired in each run$' \
	    "$(wbp)" history series --store "$u" --variant debug --test execl
	# The reference makes no series of its own.
	atf_check -s exit:66 -e match:'no series matches' \
	    "$(wbp)" history series --store "$u" --variant prod
	# A reference no variant has: refused, nothing stored.
	mkdir run2
	cp "$(fixture prod2.json)" run2/
	atf_check -s not-exit:0 -e match:"run2: reference 'base': no variant" \
	    "$(wbp)" history add --store "$u" --release v2:2 --reference base run2
	atf_check -o inline:"1\n" "$(cat pgbin)/psql" -XAtq -d "$u" \
	    -c 'SELECT COUNT(*) FROM runs'
}
reference_cleanup() {
	stop_server
}

atf_init_test_cases() {
	atf_add_test_case add_list_series
	atf_add_test_case concurrent_adds
	atf_add_test_case changes_html
	atf_add_test_case reference
}
