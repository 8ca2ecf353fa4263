# SPDX-License-Identifier: BSD-2-Clause
# Toolchain, flags and dependency probes.  Included by the top Makefile.

CC ?=		cc
AR ?=		ar
PKG_CONFIG ?=	pkgconf
INSTALL ?=	install
MANDOC ?=	mandoc

PREFIX ?=	/usr/local
BINDIR ?=	$(PREFIX)/bin
LIBEXECDIR ?=	$(PREFIX)/libexec/worldbench
DATADIR ?=	$(PREFIX)/share/worldbench
MANDIR ?=	$(PREFIX)/share/man
BASHCOMPDIR ?=	$(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?=	$(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?=	$(PREFIX)/share/fish/vendor_completions.d

# O is the build directory; WORKDIR holds images, logs and results.
O ?=		build
WORKDIR ?=	work

WB_VERSION :=	$(shell cat VERSION)
WB_GITREV :=	$(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)$(shell git diff --quiet HEAD 2>/dev/null || echo -dirty)

CSTD ?=		-std=c11
OPTFLAGS ?=	-O2 -g
WARNFLAGS ?=	-Wall -Wextra -Werror
CFLAGS ?=	$(OPTFLAGS)
# LDFLAGS reaches every link (worldbench, tests, bench programs, init).
LDFLAGS ?=
# Every module folder of lib/ is on the quote path: a file names a header
# by its file name, and mk/layers.sh checks which headers it may name.
WB_LIB_DIRS :=	$(sort $(patsubst %/,%,$(dir $(wildcard lib/*/*.h))))
WB_LIB_IQUOTE :=	$(addprefix -iquote ,$(WB_LIB_DIRS))
WB_CFLAGS =	$(CSTD) $(WARNFLAGS) -D_GNU_SOURCE $(CFLAGS) $(WB_LIB_IQUOTE)

# SANITIZE=1 builds worldbench, libwb and the tests with ASan and UBSan
# (any UBSan report aborts).  The bench programs keep their own fixed
# flags: they are what is measured, and the static ones cannot use ASan.
ifeq ($(SANITIZE),1)
WB_CFLAGS +=	-fsanitize=address,undefined -fno-sanitize-recover=undefined \
		-fno-omit-frame-pointer
# libatf-c's own allocations live as long as a test program.  The slow
# unwinder: glibc has no frame pointers, and the fast one stops at
# vasprintf, before the libatf-c frame that the suppression names.
export LSAN_OPTIONS :=	suppressions=$(abspath mk/lsan.supp):print_suppressions=0:fast_unwind_on_malloc=0
endif

# Third-party libraries, found through pkgconf.  A missing one stops the
# build and names the Debian package that provides it.
PKG_libarchive :=	libarchive-dev
PKG_jansson :=		libjansson-dev
PKG_gsl :=		libgsl-dev
PKG_atf-c :=		libatf-dev
PKG_libcrypto :=	libssl-dev
PKG_libseccomp :=	libseccomp-dev
PKG_sqlite3 :=		libsqlite3-dev
PKG_libpq :=		libpq-dev

define wb_probe
ifeq ($$(shell $(PKG_CONFIG) --exists $(1) && echo yes),yes)
$(1)_CFLAGS := $$(shell $(PKG_CONFIG) --cflags $(1))
$(1)_LIBS := $$(shell $(PKG_CONFIG) --libs $(1))
else
$$(error $(1) not found by $(PKG_CONFIG): install Debian package $(PKG_$(1)) (or run 'make deps' as root))
endif
endef

# Goals that must work before any library is installed.
WB_NOPROBE_GOALS :=	deps check bench clean distclean install-recipes help
ifneq ($(filter-out $(WB_NOPROBE_GOALS),$(or $(MAKECMDGOALS),all)),)
# Without the probe itself every library would look missing.
ifeq ($(shell command -v $(firstword $(PKG_CONFIG)) 2>/dev/null),)
$(error $(PKG_CONFIG) not found: install Debian package pkgconf (or run 'make deps' as root))
endif
$(eval $(call wb_probe,libarchive))
$(eval $(call wb_probe,jansson))
$(eval $(call wb_probe,gsl))
$(eval $(call wb_probe,libcrypto))
$(eval $(call wb_probe,libseccomp))
$(eval $(call wb_probe,sqlite3))
$(eval $(call wb_probe,libpq))
endif

LIB_CFLAGS =	$(libarchive_CFLAGS) $(jansson_CFLAGS) $(gsl_CFLAGS) $(libcrypto_CFLAGS) $(libseccomp_CFLAGS) $(sqlite3_CFLAGS) $(libpq_CFLAGS)
LIB_LIBS =	$(libarchive_LIBS) $(jansson_LIBS) $(gsl_LIBS) $(libcrypto_LIBS) $(libseccomp_LIBS) $(sqlite3_LIBS) $(libpq_LIBS) -lm

ifeq ($(V),1)
Q =
QUIET_CC =
QUIET_LINK =
QUIET_GEN =
else
Q =		@
QUIET_CC =	@echo '   CC     ' $@;
QUIET_LINK =	@echo '   LINK   ' $@;
QUIET_GEN =	@echo '   GEN    ' $@;
endif
