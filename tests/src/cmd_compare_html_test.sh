#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# worldbench compare --format html: one self-contained file that renders
# in headless Chromium (bench/scripts/html-render-check.sh).

fixtures() {
	WB="$(atf_config_get builddir)/bin/worldbench"
	for f in prod.json debug.json k0m0.json k1m0.json k0m1.json k1m1.json; do
		cp "$(atf_get_srcdir)/data/$f" . || atf_fail "fixture $f"
	done
}

atf_test_case renders
renders_head() {
	atf_set descr "The HTML report renders to a non-trivial PNG"
	atf_set require.progs chromium
	atf_set timeout 300
}
renders_body() {
	fixtures
	atf_check "$WB" compare -F html -o r.html --factorial=kernel,malloc \
	    k0m0.json k1m0.json k0m1.json k1m1.json
	atf_check -o match:'html-render-check: .*r.png: [0-9]+ bytes' \
	    sh "$(atf_get_srcdir)/html-render-check.sh" r.html r.png
	test -s r.png || atf_fail "no PNG"
}

atf_test_case blank_page_fails
blank_page_fails_head() {
	atf_set descr "The render check rejects a blank page"
	atf_set require.progs chromium
	atf_set timeout 300
}
blank_page_fails_body() {
	printf '<!DOCTYPE html>\n<html><body></body></html>\n' > blank.html
	atf_check -s exit:1 -e match:'blank page' \
	    sh "$(atf_get_srcdir)/html-render-check.sh" blank.html b.png
	atf_check -s exit:66 -e match:'no such file' \
	    sh "$(atf_get_srcdir)/html-render-check.sh" missing.html
}

atf_test_case self_contained
self_contained_head() {
	atf_set descr "The HTML report loads nothing from elsewhere"
}
self_contained_body() {
	fixtures
	atf_check "$WB" compare -F html -o r.html prod.json debug.json
	atf_check -o match:'<svg ' cat r.html
	atf_check -o match:'Shell Scripts \(8 concurrent\)' cat r.html
	atf_check -o match:'<td class="worse">slower</td>' cat r.html
	atf_check -o match:'INDEX VALUES' cat r.html
	# No scripts, no external stylesheets, images or fonts.
	atf_check -s exit:1 grep -E '<script|<link|src=|url\(' r.html
}

atf_test_case self_contained_escapes
self_contained_escapes_head() {
	atf_set descr "Labels are escaped in the HTML report"
}
self_contained_escapes_body() {
	fixtures
	sed 's/"label": "debug"/"label": "<b>\&debug"/' debug.json > evil.json
	atf_check "$WB" compare -F html -o r.html prod.json evil.json
	atf_check -o match:'&lt;b&gt;&amp;debug' cat r.html
	atf_check -s exit:1 grep -F '<b>&debug' r.html
}

atf_test_case controls_escaped
controls_escaped_head() {
	atf_set descr "An OSC 52 clipboard write and a CSI sequence in a" \
	    "label, a recorded string and a test's name reach the HTML" \
	    "report escaped, never raw"
}
controls_escaped_body() {
	fixtures
	# JSON escapes: the file holds ESC and BEL once read.
	x='\\u001b]52;c;aGk=\\u0007\\u001b[2J'
	sed -e "s/\"label\": \"debug\"/\"label\": \"lab$x\"/" \
	    -e "s/\"timing\": \"wall\"/\"timing\": \"tim$x\"/" \
	    -e "s/\"name\": \"Dhrystone 2 using register variables\"/\"name\": \"nm$x\"/" \
	    -e "s/\"id\": \"dhry2reg\"/\"id\": \"id$x\"/" debug.json > evil.json
	v='\x1b]52;c;aGk=\x07\x1b[2J'
	atf_check -e ignore "$WB" compare --force -F html -o r.html prod.json \
	    evil.json
	for s in "<th>lab$v</th>" "tim$v" "nm$v"; do
		grep -qF "$s" r.html || atf_fail "no $s in r.html"
	done
	atf_check -o inline:'0\n' sh -c "tr -dc '\\033\\007' < r.html | wc -c"
}

atf_test_case log_axis_and_system
log_axis_and_system_head() {
	atf_set descr "The chart is on a log axis centred on 1; the system table"
}
log_axis_and_system_body() {
	fixtures
	atf_check "$WB" compare -F html -o r.html prod.json debug.json
	atf_check -o match:'log scale centred on 1' cat r.html
	# Ratio 1 (the dashed line) sits in the middle of the plot area
	# (x = 300 + 560 / 2).
	atf_check -o match:'<line x1="580.0" y1="26" x2="580.0"' cat r.html
	# A ratio r and 1/r are labelled as grid steps.
	atf_check -o match:'>0.5</text>' -o match:'>2</text>' cat r.html
	atf_check -o match:'<h2>System</h2>' -o match:'<th>Timing</th>' \
	    cat r.html
	atf_check -s exit:1 grep -F 'td:last-child{white-space:normal' r.html
}

atf_test_case summary
summary_head() {
	atf_set descr "compare -F summary: the final score and proven tests"
}
summary_body() {
	fixtures
	atf_check -o save:s.txt "$WB" compare -F summary prod.json debug.json
	atf_check -o match:'^Final score  +0\.[0-9]+ \[' cat s.txt
	atf_check -o match:'Shell Scripts \(8 concurrent\) +0\.[0-9]+ .*slower' \
	    cat s.txt
	# Only proven tests: nothing that says "No difference".
	atf_check -s exit:1 grep -i 'no difference' s.txt
}

atf_test_case run_ticks_width
run_ticks_width_head() {
	atf_set descr "The report names its run and when it ran, no two tick labels collide, and it fits a 1280 px window"
	atf_set require.progs chromium
	atf_set timeout 300
}
run_ticks_width_body() {
	fixtures
	for f in run1-prod.json run1-debug.json; do
		cp "$(atf_get_srcdir)/data/$f" . || atf_fail "fixture $f"
	done
	atf_check "$WB" compare -F html -o r.html run1-prod.json run1-debug.json
	atf_check -o match:'^<p class="run">Run a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1; date not recorded</p>$' \
	    cat r.html
	# With dates recorded: the earliest start and the latest end.
	sed 's/"label": "prod",/"label": "prod", "date_start": "2026-01-02T03:04:05Z", "date_end": "2026-01-02T03:09:00Z",/' \
	    run1-prod.json >dated.json
	atf_check "$WB" compare -F html -o d.html dated.json run1-debug.json
	atf_check -o match:'; ran 2026-01-02T03:04:05Z to 2026-01-02T03:09:00Z</p>' \
	    cat d.html
	# The tick labels (font-size 10, centred) are 32 px apart or more.
	atf_check "$WB" compare -F html -o t.html prod.json debug.json
	sed -n 's/.*<text x="\([0-9.]*\)" y="[0-9]*" font-size="10" text-anchor="middle">.*/\1/p' \
	    t.html | sort -n >xs
	test "$(wc -l <xs)" -ge 3 || atf_fail "too few tick labels: $(cat xs)"
	atf_check -o empty awk 'NR > 1 && $1 - p < 32 { print p, $1 } { p = $1 }' xs
	atf_check -o match:'px wide \(window 1280,1600\)' \
	    sh "$(atf_get_srcdir)/html-render-check.sh" -s 1280,1600 t.html t.png
	atf_check -o match:'px wide' \
	    sh "$(atf_get_srcdir)/html-render-check.sh" -s 1280,1600 r.html r.png
}

atf_test_case too_wide_fails
too_wide_fails_head() {
	atf_set descr "The render check rejects a page wider than its window"
	atf_set require.progs chromium
	atf_set timeout 300
}
too_wide_fails_body() {
	{
		printf '<!DOCTYPE html>\n<html><body><table><tr>'
		i=0
		while [ $i -lt 400 ]; do
			printf '<td style="white-space:nowrap">cell%d cell</td>' $i
			i=$((i + 1))
		done
		printf '</tr></table></body></html>\n'
	} >wide.html
	atf_check -s exit:1 -o ignore -e match:'px wide, more than the 1280 px window' \
	    sh "$(atf_get_srcdir)/html-render-check.sh" -s 1280,1600 wide.html w.png
}

atf_init_test_cases() {
	atf_add_test_case run_ticks_width
	atf_add_test_case too_wide_fails
	atf_add_test_case log_axis_and_system
	atf_add_test_case summary
	atf_add_test_case renders
	atf_add_test_case blank_page_fails
	atf_add_test_case self_contained
	atf_add_test_case self_contained_escapes
	atf_add_test_case controls_escaped
}
