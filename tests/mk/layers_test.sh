#! /usr/bin/env atf-sh
# SPDX-License-Identifier: BSD-2-Clause
# mk/layers.sh: the include rules of lib/'s modules.

# A two-module tree under ./t: low (layer 1) and high (layer 2), each
# with its one public header wb_<module>.h.
mktree() {
	mkdir -p t/lib/low t/lib/high t/src t/tests/lib/low
	printf 'low_LAYER :=\t1\n' > t/lib/low/module.mk
	printf 'high_LAYER :=\t2\nhigh_PRIVATE :=\thidden.h\n' > t/lib/high/module.mk
	echo '/* low */' > t/lib/low/low.h
	echo '/* low */' > t/lib/low/low_int.h
	printf '#include "low.h"\n' > t/lib/low/wb_low.h
	printf '#include "low.h"\n#include "low_int.h"\n' > t/lib/low/low.c
	echo '/* high */' > t/lib/high/high.h
	echo '/* high */' > t/lib/high/hidden.h
	printf '#include "high.h"\n' > t/lib/high/wb_high.h
	printf '#include "hidden.h"\n#include "wb_low.h"\n' > t/lib/high/high.c
	printf '#include "wb_high.h"\n#include "wb_low.h"\n' > t/src/main.c
	printf '#include "low.h"\n#include "low_int.h"\n' > t/tests/lib/low/low_test.c
}

atf_test_case layers__tree
layers__tree_head() {
	atf_set descr "the project's own tree keeps the rules"
}
layers__tree_body() {
	atf_check -o match:'^layers: [0-9]+ files, [0-9]+ includes of lib/ headers, 0 broken$' \
	    sh "$(atf_config_get top_srcdir)/mk/layers.sh" \
	    "$(atf_config_get top_srcdir)"
}

atf_test_case layers__clean
layers__clean_head() {
	atf_set descr "downward includes, own private headers and a module's tests pass"
}
layers__clean_body() {
	mktree
	atf_check -o match:'^layers: 10 files, 10 includes of lib/ headers, 0 broken$' \
	    sh "$(atf_config_get top_srcdir)/mk/layers.sh" t
}

atf_test_case layers__upward
layers__upward_head() {
	atf_set descr "a lower layer including a higher one is named with its line"
}
layers__upward_body() {
	mktree
	printf '#include "low.h"\n#include "wb_high.h"\n' > t/lib/low/low.c
	atf_check -s exit:1 \
	    -o match:'^lib/low/low.c:2: includes wb_high.h of module high \(layer 2\) from module low \(layer 1\)' \
	    -o match:', 1 broken$' \
	    sh "$(atf_config_get top_srcdir)/mk/layers.sh" t
}

atf_test_case layers__private
layers__private_head() {
	atf_set descr "a private header (*_int.h or listed) used outside its module fails"
}
layers__private_body() {
	mktree
	printf '#include "wb_low.h"\n#include "low_int.h"\n' > t/lib/high/high.c
	printf '#include "hidden.h"\n' > t/src/main.c
	atf_check -s exit:1 \
	    -o match:'^lib/high/high.c:2: includes low_int.h, private to module low$' \
	    -o match:'^src/main.c:1: includes hidden.h, private to module high$' \
	    -o match:', 2 broken$' \
	    sh "$(atf_config_get top_srcdir)/mk/layers.sh" t
}

atf_test_case layers__parts
layers__parts_head() {
	atf_set descr "outside a module only its wb_<module>.h is included: a part is named with its line"
}
layers__parts_body() {
	mkdir -p t/lib/util t/lib/model t/src t/tests/lib/util t/tests/src
	printf 'util_LAYER :=\t1\n' > t/lib/util/module.mk
	printf 'model_LAYER :=\t2\n' > t/lib/model/module.mk
	echo '/* util */' > t/lib/util/err.h
	printf '#include "err.h"\n' > t/lib/util/wb_util.h
	printf '#include "err.h"\n' > t/lib/util/err.c
	printf '#include "err.h"\n' > t/tests/lib/util/err_test.c
	printf '#include "wb_util.h"\n' > t/lib/model/label.h
	printf '#include <stdio.h>\n\n#include "err.h"\n' > t/src/x.c
	printf '#include "label.h"\n' > t/tests/src/x_test.c
	atf_check -s exit:1 \
	    -o match:'^src/x.c:3: includes err.h, a part of module util: outside lib/util/ include wb_util.h$' \
	    -o match:'^tests/src/x_test.c:1: includes label.h, a part of module model: outside lib/model/ include wb_model.h$' \
	    -o match:', 2 broken$' \
	    sh "$(atf_config_get top_srcdir)/mk/layers.sh" t
	printf '#include <stdio.h>\n\n#include "wb_util.h"\n' > t/src/x.c
	printf '#include "wb_model.h"\n' > t/tests/src/x_test.c
	printf '#include "label.h"\n' > t/lib/model/wb_model.h
	atf_check -o match:'^layers: 8 files, 7 includes of lib/ headers, 0 broken$' \
	    sh "$(atf_config_get top_srcdir)/mk/layers.sh" t
}

atf_test_case layers__no_layer
layers__no_layer_head() {
	atf_set descr "a module.mk without its layer is refused"
}
layers__no_layer_body() {
	mktree
	echo '# nothing' > t/lib/high/module.mk
	atf_check -s exit:2 -e match:'lib/high/module.mk: no high_LAYER := N line' \
	    sh "$(atf_config_get top_srcdir)/mk/layers.sh" t
}

atf_test_case exports__tree
exports__tree_head() {
	atf_set descr "every exported function of lib/ carries its file's prefix"
}
exports__tree_body() {
	atf_check -o match:', 0 without their file.s prefix$' \
	    sh "$(atf_config_get top_srcdir)/mk/exports.sh" \
	    "$(atf_config_get top_srcdir)"
}

atf_test_case exports__mismatch
exports__mismatch_head() {
	atf_set descr "an export without its file's prefix is named with its line; static and prefixed ones pass"
}
exports__mismatch_body() {
	mkdir -p t/lib/low
	printf 'low_LAYER :=\t1\n' > t/lib/low/module.mk
	printf 'int\nwb_low_part_one(void)\n{\n}\n\nstatic int\nhelper(void)\n{\n}\n\nint\nwb_low(void)\n{\n}\n\nvoid\nwb_other_thing(int x)\n{\n}\n' \
	    > t/lib/low/low_part.c
	atf_check -s exit:1 \
	    -o match:'^lib/low/low_part.c:17: wb_other_thing: not wb_low_\.\.\.$' \
	    -o match:'^exports: 3 functions in 1 files, 1 without their file.s prefix$' \
	    sh "$(atf_config_get top_srcdir)/mk/exports.sh" t
}

atf_test_case circles__tree
circles__tree_head() {
	atf_set descr "no include or call circle inside any folder of lib/ and src/"
}
circles__tree_body() {
	top=$(atf_config_get top_srcdir)
	atf_check -o inline:'circles: 0 in 0 folders\n' \
	    sh "$top/mk/circles.sh" "$top"
}

atf_test_case circles__found
circles__found_head() {
	atf_set descr "a call one way and an include back is a circle, named with both edges"
}
circles__found_body() {
	mkdir -p t/lib/m
	printf '#include "b.h"\nint\nwb_a(void)\n{\n\treturn (wb_b());\n}\n' > t/lib/m/a.c
	printf '#include "a.h"\nint\nwb_b(void)\n{\n\treturn (0);\n}\n' > t/lib/m/b.c
	echo 'int wb_a(void);' > t/lib/m/a.h
	echo 'int wb_b(void);' > t/lib/m/b.h
	printf '/* wb_a() in a comment calls nothing */\nint\nwb_c(void)\n{\n\treturn (0);\n}\n' > t/lib/m/c.c
	atf_check -s exit:1 -o inline:'lib/m: a b\n  a -> b (include)\n  b -> a (include)\ncircles: 1 in 1 folders\n' \
	    sh "$(atf_config_get top_srcdir)/mk/circles.sh" t lib/m
	# The call alone, without the include back, is no circle.
	printf 'int\nwb_b(void)\n{\n\treturn (0);\n}\n' > t/lib/m/b.c
	atf_check -o inline:'circles: 0 in 0 folders\n' \
	    sh "$(atf_config_get top_srcdir)/mk/circles.sh" t lib/m
}

atf_init_test_cases() {
	atf_add_test_case layers__tree
	atf_add_test_case layers__clean
	atf_add_test_case layers__upward
	atf_add_test_case layers__private
	atf_add_test_case layers__parts
	atf_add_test_case layers__no_layer
	atf_add_test_case exports__tree
	atf_add_test_case exports__mismatch
	atf_add_test_case circles__tree
	atf_add_test_case circles__found
}
