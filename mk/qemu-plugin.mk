# SPDX-License-Identifier: BSD-2-Clause
# The qemu plugin of "worldbench kernel attribute" (issue 20).
#
# Targets:
#   qemu-plugin     fetch qemu-plugin.h from the Debian source package of
#                   the installed qemu (mk/qemu-plugin-header.sh, through a
#                   private deb-src list under $(QPLUG_WORK)) and build the
#                   instruction-counting plugin against it
# The API probe (no header) is built by "all": it is how the command and
# the header script learn the plugin API version qemu accepts.

QPLUG_DIR :=		$(O)/libexec/worldbench-qemu
QPLUG_WORK ?=		$(O)/qemu-plugin
QPLUG_HDR :=		$(QPLUG_WORK)/qemu-plugin.h
QPLUG_CFLAGS :=		-std=c11 -Wall -Wextra -Werror -O2 -shared -fPIC
QPLUG_PROBE :=		$(QPLUG_DIR)/api-probe.so
QPLUG_SO :=		$(QPLUG_DIR)/insncount.so

ALL_TARGETS +=		$(QPLUG_PROBE)

$(QPLUG_PROBE): bench/qemu-plugin/api-probe.c $(TRACK_CFLAGS)
	@mkdir -p $(@D)
	$(QUIET_CC)$(CC) $(QPLUG_CFLAGS) -o $@ bench/qemu-plugin/api-probe.c

$(QPLUG_HDR): mk/qemu-plugin-header.sh mk/qemu-plugin-api.sh $(QPLUG_PROBE)
	@mkdir -p $(@D)
	$(QUIET_GEN)sh mk/qemu-plugin-header.sh $(QPLUG_WORK) $(QPLUG_PROBE)

# The header's origin goes beside the plugin, into the reports' provenance.
$(QPLUG_SO): bench/qemu-plugin/insncount.c $(QPLUG_HDR)
	@mkdir -p $(@D)
	$(QUIET_CC)$(CC) $(QPLUG_CFLAGS) -iquote $(QPLUG_WORK) -o $@ bench/qemu-plugin/insncount.c
	@cp $(QPLUG_HDR).origin $@.origin

qemu-plugin: $(QPLUG_SO)

.PHONY: qemu-plugin
