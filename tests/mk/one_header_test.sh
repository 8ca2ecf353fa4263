#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# mk/one-header.sh: one public header per module, and the includes
# outside each module rewritten to it.

# A two-module tree under ./t.  low (layer 1): a.h includes b.h, so b.h
# comes first in wb_low.h; c_int.h is private and tab.h a table without
# an include guard, both left out.  high (layer 2): high.h.
mktree() {
	mkdir -p t/lib/low t/lib/high t/src t/tests/lib/low t/tests/x t/fuzz
	printf '%s\n' '# SPDX-License-Identifier: BSD-2-Clause' \
	    '# lib/low: the lowest things,' '# in two lines.' \
	    '# A module may include the headers of the modules of lower layers.' \
	    'low_LAYER :=	1' > t/lib/low/module.mk
	printf 'high_LAYER :=\t2\n' > t/lib/high/module.mk
	printf '#ifndef A_H\n#define A_H\n#include "b.h"\n#endif\n' > t/lib/low/a.h
	printf '#ifndef B_H\n#define B_H\n#endif\n' > t/lib/low/b.h
	printf '#ifndef C_INT_H\n#define C_INT_H\n#endif\n' > t/lib/low/c_int.h
	printf 'ROW(1)\n' > t/lib/low/tab.h
	printf '#ifndef HIGH_H\n#define HIGH_H\n#include "a.h"\n#endif\n' > t/lib/high/high.h
	# Inside low, and low's tests: untouched.
	printf '#include "a.h"\n#include "c_int.h"\n' > t/lib/low/low.c
	printf '#include "a.h"\n#include "c_int.h"\n' > t/tests/lib/low/low_test.c
	# A sorted block, two parts of low, a header of src/.
	printf '%s\n' '#include <stdio.h>' '' '#include "a.h"' '#include "b.h"' \
	    '#include "cmd.h"' '#include "high.h"' '' 'int x;' > t/src/main.c
	# A part of low in a higher module.
	printf '#include "a.h"\n#include "high.h"\n' > t/lib/high/high.c
	# Not sorted, ending with the fuzzer's own helper; two blocks, a
	# header of lib/low's already named in the first, one not of lib/
	# named twice (kept).
	printf '%s\n' '#include "high.h"' '#include "b.h"' '#include "fuzz_file.h"' \
	    '' '#include "a.h"' '#include "other.h"' '#include "other.h"' > t/fuzz/f_fuzz.c
	# Nothing of lib/: untouched.
	printf '#include "cmd.h"\n' > t/src/cmd.h
}

atf_test_case one_header__write
one_header__write_head() {
	atf_set descr "wb_<module>.h in dependency order, includes outside rewritten, sorted, once each"
}
one_header__write_body() {
	mktree
	cp -R t orig
	atf_check -o match:'^wrote lib/low/wb_low.h$' \
	    -o match:'^wrote src/main.c$' \
	    -o match:'^one-header: 2 modules, 3 parts, 6 files written$' \
	    sh "$(atf_config_get top_srcdir)/mk/one-header.sh" t
	cat > expected <<'EOF'
/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/low: the lowest things,
 * in two lines.
 *
 * The one public header of lib/low/: outside the module and its tests
 * (tests/lib/low/) a file includes this, never the parts below
 * (mk/layers.sh).  Written by mk/one-header.sh: re-run it, do not edit.
 */
#ifndef WB_LOW_MODULE_H
#define WB_LOW_MODULE_H

#include "b.h"
#include "a.h"

#endif /* !WB_LOW_MODULE_H */
EOF
	atf_check -o file:expected cat t/lib/low/wb_low.h
	atf_check -o match:'^#include "high.h"$' cat t/lib/high/wb_high.h
	printf '%s\n' '#include <stdio.h>' '' '#include "cmd.h"' \
	    '#include "wb_high.h"' '#include "wb_low.h"' '' 'int x;' > expected
	atf_check -o file:expected cat t/src/main.c
	printf '#include "high.h"\n#include "wb_low.h"\n' > expected
	atf_check -o file:expected cat t/lib/high/high.c
	printf '#ifndef HIGH_H\n#define HIGH_H\n#include "wb_low.h"\n#endif\n' > expected
	atf_check -o file:expected cat t/lib/high/high.h
	printf '%s\n' '#include "wb_high.h"' '#include "wb_low.h"' \
	    '#include "fuzz_file.h"' '' '#include "other.h"' '#include "other.h"' > expected
	atf_check -o file:expected cat t/fuzz/f_fuzz.c
	for f in lib/low/low.c tests/lib/low/low_test.c src/cmd.h lib/low/a.h; do
		atf_check cmp orig/$f t/$f
	done
	atf_check -o match:', 0 broken$' \
	    sh "$(atf_config_get top_srcdir)/mk/layers.sh" t
}

atf_test_case one_header__again
one_header__again_head() {
	atf_set descr "a second run changes nothing"
}
one_header__again_body() {
	mktree
	atf_check -o ignore sh "$(atf_config_get top_srcdir)/mk/one-header.sh" t
	cp -Rp t first
	atf_check -o inline:'one-header: 2 modules, 3 parts, 0 files written\n' \
	    sh "$(atf_config_get top_srcdir)/mk/one-header.sh" t
	atf_check diff -r first t
}

atf_test_case one_header__check
one_header__check_head() {
	atf_set descr "-n names what is not up to date, writes nothing and fails"
}
one_header__check_body() {
	mktree
	cp -R t orig
	atf_check -s exit:1 \
	    -o match:'^lib/low/wb_low.h: not up to date \(mk/one-header.sh\)$' \
	    -o match:'^fuzz/f_fuzz.c: not up to date' \
	    -o match:', 6 files not up to date$' \
	    sh "$(atf_config_get top_srcdir)/mk/one-header.sh" -n t
	atf_check diff -r orig t
	atf_check -o ignore sh "$(atf_config_get top_srcdir)/mk/one-header.sh" t
	# A new part makes wb_low.h stale.
	printf '#ifndef D_H\n#define D_H\n#endif\n' > t/lib/low/d.h
	atf_check -s exit:1 -o match:'^lib/low/wb_low.h: not up to date' \
	    -o match:', 1 files not up to date$' \
	    sh "$(atf_config_get top_srcdir)/mk/one-header.sh" -n t
}

atf_test_case one_header__tree
one_header__tree_head() {
	atf_set descr "the project's own tree is up to date"
}
one_header__tree_body() {
	atf_check -o match:', 0 files not up to date$' \
	    sh "$(atf_config_get top_srcdir)/mk/one-header.sh" -n \
	    "$(atf_config_get top_srcdir)"
}

atf_init_test_cases() {
	atf_add_test_case one_header__write
	atf_add_test_case one_header__again
	atf_add_test_case one_header__check
	atf_add_test_case one_header__tree
}
