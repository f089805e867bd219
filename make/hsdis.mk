# The pack's hsdis plugin (lib/hsdis) on capstone and LLVM: make fragment, included by the top-level Makefile.
#
#   make hsdis                    plugin for the host + the host CLI hsdis-decode (decodes every ISA of
#                                 make/platforms, each on the backend its row names)
#   make hsdis ARCH=aarch64       cross-builds the aarch64 plugin (gcc-aarch64-linux-gnu) + the host CLI
#   make hsdis ARCH=riscv64       (ppc64le, s390x) the host CLI only: those JDKs print hex, decoded offline
#   make hsdis-install JDK=<dir>  copies the plugin into <dir>/lib/server/libhsdis-<arch>.so (opt-in)
#   make hsdis-check              fixture tests (CLI and entry point, every ISA), the capstone/LLVM cross-check
#                                 on x86_64 and AArch64, and a short fuzz run per ISA and backend
#   make hsdis-fuzz               >= 10^6 random buffers per ISA under AddressSanitizer/UBSan
#   make hsdis-foreign            build/hsdis/foreign-llvm/hsdis-amd64.so: a plugin printing LLVM's own text
#
# Variables for the rest of the build: HSDIS_DIR_x86_64, HSDIS_DIR_aarch64 (plugin directories, put one
# on LD_LIBRARY_PATH), HSDIS_DECODE (the host CLI). See docs/hsdis.md.

BUILD ?= build

HSDIS_MK_DIR := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
HSDIS_ROOT := $(patsubst %/,%,$(dir $(HSDIS_MK_DIR)))
HSDIS_SRC := $(patsubst ./%,%,$(HSDIS_ROOT)/lib/hsdis)
HSDIS_CAPSTONE_SH := $(HSDIS_MK_DIR)/capstone.sh

# The ISAs are the rows of make/platforms: names and aliases through make/lib.sh's reader (isa_of), the columns
# for the decoder's generated header by the names in the table's header line.
HSDIS_PLATFORMS := $(HSDIS_ROOT)/make/platforms
HSDIS_TABLE_AWK := /^\# isa[ \t]/ { for (i = 2; i <= NF; i++) col[$$i] = i - 1 } /^[^\#]/ && NF > 1
HSDIS_ISAS := $(shell bash -c '. $(HSDIS_MK_DIR)/lib.sh; platform_isas')
hsdis_norm_isa = $(strip $(shell bash -c '. $(HSDIS_MK_DIR)/lib.sh; isa_of "$$1"' _ '$(1)'))
HSDIS_HOST_ISA := $(call hsdis_norm_isa,$(shell uname -m))
HSDIS_ARCH := $(call hsdis_norm_isa,$(or $(ARCH),$(HSDIS_HOST_ISA)))
# ISAs the plugin is built for: those whose backend column says capstone (the others print hex in the VM and are
# decoded offline by hsdis-decode on the host). Both backends decode them, so hsdis-check cross-checks them.
HSDIS_PLUGIN_ISAS := $(shell bash -c '. $(HSDIS_MK_DIR)/lib.sh; platform_isas backend capstone')
HSDIS_CROSS_ISAS := $(HSDIS_PLUGIN_ISAS)
HSDIS_OTHER_ISA := $(firstword $(filter-out $(HSDIS_HOST_ISA),$(HSDIS_PLUGIN_ISAS)))

HSDIS_DIR_x86_64 := $(BUILD)/hsdis/x86_64
HSDIS_DIR_aarch64 := $(BUILD)/hsdis/aarch64
HSDIS_LIB_x86_64 := hsdis-amd64.so
HSDIS_LIB_aarch64 := hsdis-aarch64.so
HSDIS_CS_x86_64 := $(BUILD)/capstone/x86_64
HSDIS_CS_aarch64 := $(BUILD)/capstone/aarch64
HSDIS_LLVM := $(BUILD)/hsdis/llvm
HSDIS_GEN := $(BUILD)/hsdis/gen
HSDIS_HOST_CC ?= gcc
HSDIS_CROSS_CC_x86_64 ?= x86_64-linux-gnu-gcc
HSDIS_CROSS_CC_aarch64 ?= aarch64-linux-gnu-gcc
HSDIS_CC_$(HSDIS_HOST_ISA) := $(HSDIS_HOST_CC)
HSDIS_CC_$(HSDIS_OTHER_ISA) := $(HSDIS_CROSS_CC_$(HSDIS_OTHER_ISA))

HSDIS_DECODE := $(HSDIS_DIR_$(HSDIS_HOST_ISA))/hsdis-decode
HSDIS_PLUGIN := $(if $(filter $(HSDIS_ARCH),$(HSDIS_PLUGIN_ISAS)),$(HSDIS_DIR_$(HSDIS_ARCH))/$(HSDIS_LIB_$(HSDIS_ARCH)))
HSDIS_TEST_DIR := $(BUILD)/hsdis/test

HSDIS_CFLAGS ?= -O2 -std=gnu11 -Wall -Wextra -Wshadow -Wformat=2
HSDIS_SAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
HSDIS_CORE_C := $(HSDIS_SRC)/decode.c $(HSDIS_SRC)/isa.c $(HSDIS_SRC)/capstone.c $(HSDIS_SRC)/llvm.c
HSDIS_CORE := $(HSDIS_CORE_C) $(HSDIS_SRC)/decode.h $(HSDIS_SRC)/backend.h $(HSDIS_GEN)/platforms.h $(HSDIS_LLVM)/SOURCE
# -I for platforms.h, LLVM's headers and where libLLVM is (make/llvm.sh), dlopen
HSDIS_CORE_FLAGS = -I$(HSDIS_GEN) $(shell cat $(HSDIS_LLVM)/cflags 2>/dev/null) -pthread
HSDIS_CORE_LIBS := -ldl -pthread
# Fuzz sizes: hsdis-check runs a short fuzz, hsdis-fuzz the long one (per ISA).
HSDIS_FUZZ_SHORT ?= 20000
HSDIS_FUZZ_LONG ?= 1000000
HSDIS_FUZZ_SEED ?= 1
# Generated buffers per ISA in the capstone/LLVM cross-check (besides the fixtures and the real-code corpus)
HSDIS_CROSS_N ?= 20000
# hsdis-check also tests the cross-built aarch64 plugin under qemu-user when the cross gcc and
# qemu-aarch64-static are installed (auto), always, installing them when missing (yes; make check), or never (no).
HSDIS_CHECK_QEMU ?= auto

ifeq ($(filter $(HSDIS_ISAS),$(HSDIS_ARCH)),)
  $(error hsdis: ARCH=$(ARCH) is not an ISA of make/platforms ($(HSDIS_ISAS)))
endif

.PHONY: hsdis hsdis-install hsdis-check hsdis-fuzz hsdis-clean hsdis-foreign

hsdis: $(HSDIS_PLUGIN) $(HSDIS_DECODE)

# The decoder's view of make/platforms: one HSDIS_PLATFORM(name, aliases, triple, backend) line per row.
$(HSDIS_GEN)/platforms.h: $(HSDIS_PLATFORMS) $(HSDIS_MK_DIR)/hsdis.mk
	@mkdir -p $(@D)
	@awk '$(HSDIS_TABLE_AWK) { printf "HSDIS_PLATFORM(\"%s\", \"%s\", \"%s\", \"%s\")\n", $$1, \
	  $$col["aliases"], $$col["triple"], $$col["backend"] }' $< >$@.tmp
	@grep -q HSDIS_PLATFORM $@.tmp || { echo "hsdis: no ISA rows in $<" >&2; rm -f $@.tmp; exit 2; }
	@mv -f $@.tmp $@

$(HSDIS_LLVM)/SOURCE: $(HSDIS_MK_DIR)/llvm.sh
	@sh $(HSDIS_MK_DIR)/llvm.sh $(HSDIS_LLVM)

# Link against capstone as laid out by capstone.sh: static libcapstone.a if there is one (self-contained),
# else libcapstone.so with rpath $ORIGIN and a copy of libcapstone.so.5 beside the output.
# $(1) = isa, $(2) = compiler, $(3) = output, $(4) = flags, $(5) = sources
define hsdis_link
	@mkdir -p $(dir $(3))
	@if [ -f $(HSDIS_CS_$(1))/lib/libcapstone.a ]; then \
	  set -x; $(2) $(4) -I$(HSDIS_CS_$(1))/include -o $(3).tmp $(5) $(HSDIS_CS_$(1))/lib/libcapstone.a $(HSDIS_CORE_LIBS) -Wl,--exclude-libs,ALL; \
	else \
	  set -x; $(2) $(4) -I$(HSDIS_CS_$(1))/include -o $(3).tmp $(5) -L$(HSDIS_CS_$(1))/lib -lcapstone $(HSDIS_CORE_LIBS) \
	    -Wl,--disable-new-dtags,-rpath,'$$ORIGIN' && cp $(HSDIS_CS_$(1))/lib/libcapstone.so.5 $(dir $(3)); \
	fi
	@mv -f $(3).tmp $(3)
endef

define hsdis_isa_rules
$(HSDIS_CS_$(1))/SOURCE: $(HSDIS_CAPSTONE_SH)
	@sh $(HSDIS_CAPSTONE_SH) $(1) $(HSDIS_CS_$(1))

$(HSDIS_DIR_$(1))/$(HSDIS_LIB_$(1)): $(HSDIS_SRC)/hsdis.c $(HSDIS_CORE) $(HSDIS_CS_$(1))/SOURCE $(HSDIS_MK_DIR)/hsdis.mk
	@sh $(HSDIS_CAPSTONE_SH) --ensure $(1) gcc
	$$(call hsdis_link,$(1),$(HSDIS_CC_$(1)),$$@,$(HSDIS_CFLAGS) $$(HSDIS_CORE_FLAGS) -DHSDIS_TARGET_ISA='"$(1)"' -fPIC -shared -fvisibility=hidden -Wl$$(,)-z$$(,)defs -s,$(HSDIS_SRC)/hsdis.c $(HSDIS_CORE_C))
endef
, := ,
$(foreach isa,$(HSDIS_PLUGIN_ISAS),$(eval $(call hsdis_isa_rules,$(isa))))

$(HSDIS_DECODE): $(HSDIS_SRC)/hsdis-decode.c $(HSDIS_CORE) $(HSDIS_CS_$(HSDIS_HOST_ISA))/SOURCE $(HSDIS_MK_DIR)/hsdis.mk
	@sh $(HSDIS_CAPSTONE_SH) --ensure host gcc
	$(call hsdis_link,$(HSDIS_HOST_ISA),$(HSDIS_HOST_CC),$@,$(HSDIS_CFLAGS) $(HSDIS_CORE_FLAGS) -s,$(HSDIS_SRC)/hsdis-decode.c $(HSDIS_CORE_C))

# A foreign-style plugin: LLVM's own text for x86_64, none of the pack's normalisation or marks (docs/hsdis.md).
HSDIS_FOREIGN := $(BUILD)/hsdis/foreign-llvm/hsdis-amd64.so
hsdis-foreign: $(HSDIS_FOREIGN)
$(HSDIS_FOREIGN): $(HSDIS_SRC)/foreign.c $(HSDIS_LLVM)/SOURCE
	@sh $(HSDIS_CAPSTONE_SH) --ensure host gcc
	@mkdir -p $(@D)
	$(HSDIS_HOST_CC) $(HSDIS_CFLAGS) $(HSDIS_CORE_FLAGS) -fPIC -shared -fvisibility=hidden -s -o $@.tmp $< \
	  -L$$(cat $(HSDIS_LLVM)/libdir) -lLLVM-15 -Wl,--disable-new-dtags,-rpath,$$(cat $(HSDIS_LLVM)/libdir)
	@mv -f $@.tmp $@

# ---- tests -------------------------------------------------------------------------------------------
# Host programs that link the plugin's entry point compiled for either ISA (entry-<isa>), the fuzz
# harness for either ISA (fuzz-<isa>, sanitizers), and a dlopen test of the real plugin (plugin-test).
HSDIS_HOST_CS := $(HSDIS_CS_$(HSDIS_HOST_ISA))
HSDIS_TEST_LINK = -I$(HSDIS_HOST_CS)/include -L$(HSDIS_HOST_CS)/lib -lcapstone -Wl,-rpath,$(abspath $(HSDIS_HOST_CS)/lib) $(HSDIS_CORE_LIBS)
HSDIS_TEST_CS = $(if $(wildcard $(HSDIS_HOST_CS)/lib/libcapstone.a),$(HSDIS_HOST_CS)/lib/libcapstone.a -I$(HSDIS_HOST_CS)/include $(HSDIS_CORE_LIBS),$(HSDIS_TEST_LINK))
# Seeds of the fuzz harness for the ISAs whose fixtures are assembled from src/<isa>.s
HSDIS_FUZZ_SEEDS = $(foreach isa,riscv64 ppc64le s390x,-DHSDIS_SEED_$(isa)='"$(shell awk 'NR == 1 { printf "%s", $$2 }' $(HSDIS_SRC)/test/$(isa).in)"')

define hsdis_test_rules
$(HSDIS_TEST_DIR)/entry-$(1): $(HSDIS_SRC)/test/plugin-test.c $(HSDIS_SRC)/hsdis.c $(HSDIS_CORE) $(HSDIS_HOST_CS)/SOURCE
	@mkdir -p $$(@D)
	$(HSDIS_HOST_CC) $(HSDIS_CFLAGS) $$(HSDIS_CORE_FLAGS) -g -DHSDIS_TARGET_ISA='"$(1)"' -o $$@ $(HSDIS_SRC)/test/plugin-test.c $(HSDIS_SRC)/hsdis.c $(HSDIS_CORE_C) $$(HSDIS_TEST_CS)

$(HSDIS_TEST_DIR)/fuzz-$(1): $(HSDIS_SRC)/fuzz.c $(HSDIS_SRC)/hsdis.c $(HSDIS_CORE) $(HSDIS_HOST_CS)/SOURCE $(HSDIS_SRC)/test/$(1).in
	@mkdir -p $$(@D)
	$(HSDIS_HOST_CC) -std=gnu11 -Wall -Wextra $(HSDIS_SAN_FLAGS) $$(HSDIS_CORE_FLAGS) $$(HSDIS_FUZZ_SEEDS) -DHSDIS_TARGET_ISA='"$(1)"' -o $$@ $(HSDIS_SRC)/fuzz.c $(HSDIS_SRC)/hsdis.c $(HSDIS_CORE_C) $$(HSDIS_TEST_CS)
endef
$(foreach isa,$(HSDIS_ISAS),$(eval $(call hsdis_test_rules,$(isa))))

$(HSDIS_TEST_DIR)/crosscheck: $(HSDIS_SRC)/test/crosscheck.c $(HSDIS_CORE) $(HSDIS_HOST_CS)/SOURCE
	@mkdir -p $(@D)
	$(HSDIS_HOST_CC) $(HSDIS_CFLAGS) $(HSDIS_CORE_FLAGS) -g -I$(HSDIS_SRC) -o $@ $< $(HSDIS_CORE_C) $(HSDIS_TEST_CS)

$(HSDIS_TEST_DIR)/plugin-test: $(HSDIS_SRC)/test/plugin-test.c $(HSDIS_SRC)/decode.h
	@mkdir -p $(@D)
	$(HSDIS_HOST_CC) $(HSDIS_CFLAGS) -g -DPLUGIN_DLOPEN -o $@ $< -ldl

$(HSDIS_TEST_DIR)/plugin-test-aarch64-cross: $(HSDIS_SRC)/test/plugin-test.c $(HSDIS_SRC)/decode.h
	@mkdir -p $(@D)
	$(HSDIS_CROSS_CC_aarch64) $(HSDIS_CFLAGS) -DPLUGIN_DLOPEN -o $@ $< -ldl

HSDIS_CHECK_PROGS := $(HSDIS_DIR_$(HSDIS_HOST_ISA))/$(HSDIS_LIB_$(HSDIS_HOST_ISA)) $(HSDIS_DECODE) \
  $(HSDIS_TEST_DIR)/plugin-test $(HSDIS_TEST_DIR)/crosscheck $(HSDIS_FOREIGN) \
  $(foreach isa,$(HSDIS_ISAS),$(HSDIS_TEST_DIR)/entry-$(isa) $(HSDIS_TEST_DIR)/fuzz-$(isa))

hsdis-check: $(HSDIS_CHECK_PROGS)
	@qemu=; \
	if [ "$(HSDIS_HOST_ISA)" = x86_64 ] && [ "$(HSDIS_CHECK_QEMU)" != no ]; then \
	  if [ "$(HSDIS_CHECK_QEMU)" = yes ]; then \
	    sh make/capstone.sh --ensure aarch64 gcc || exit 2; \
	    sh make/need.sh --why "hsdis-check under qemu" qemu-user-static=qemu-aarch64-static || exit 2; \
	  fi; \
	  if [ "$(HSDIS_CHECK_QEMU)" = yes ] || { command -v $(HSDIS_CROSS_CC_aarch64) && command -v qemu-aarch64-static; } >/dev/null 2>&1; then \
	    $(MAKE) -s --no-print-directory -f $(firstword $(MAKEFILE_LIST)) BUILD=$(BUILD) \
	      $(HSDIS_DIR_aarch64)/$(HSDIS_LIB_aarch64) $(HSDIS_TEST_DIR)/plugin-test-aarch64-cross || exit 1; \
	    qemu=1; \
	  fi; \
	fi; \
	HSDIS_QEMU=$$qemu HSDIS_TEST_DIR=$(HSDIS_TEST_DIR) HSDIS_DECODE=$(HSDIS_DECODE) \
	HSDIS_HOST_ISA=$(HSDIS_HOST_ISA) HSDIS_PLUGIN_HOST=$(HSDIS_DIR_$(HSDIS_HOST_ISA))/$(HSDIS_LIB_$(HSDIS_HOST_ISA)) \
	HSDIS_PLUGIN_AARCH64=$(HSDIS_DIR_aarch64)/$(HSDIS_LIB_aarch64) HSDIS_CAPSTONE_SOURCE="$$(cat $(HSDIS_HOST_CS)/SOURCE)" \
	HSDIS_FUZZ_N=$(HSDIS_FUZZ_SHORT) HSDIS_FUZZ_SEED=$(HSDIS_FUZZ_SEED) HSDIS_ISAS="$(HSDIS_ISAS)" \
	HSDIS_CROSS_ISAS="$(HSDIS_CROSS_ISAS)" HSDIS_CROSS_N=$(HSDIS_CROSS_N) HSDIS_FOREIGN=$(HSDIS_FOREIGN) \
	sh $(HSDIS_SRC)/test/run.sh

hsdis-fuzz: $(foreach isa,$(HSDIS_ISAS),$(HSDIS_TEST_DIR)/fuzz-$(isa))
	@for isa in $(HSDIS_ISAS); do \
	  $(HSDIS_TEST_DIR)/fuzz-$$isa $(HSDIS_FUZZ_LONG) $(HSDIS_FUZZ_SEED) || exit 1; \
	  case " $(HSDIS_CROSS_ISAS) " in *" $$isa "*) \
	    $(HSDIS_TEST_DIR)/fuzz-$$isa $(HSDIS_FUZZ_LONG) $(HSDIS_FUZZ_SEED) llvm || exit 1 ;; esac; \
	done

# ---- install (opt-in) ----------------------------------------------------------------------------------
hsdis-install:
	@jdk='$(JDK)'; \
	[ -n "$$jdk" ] || { echo "hsdis-install: say which JDK: make hsdis-install JDK=/path/to/jdk" >&2; exit 1; }; \
	[ -x "$$jdk/bin/java" ] && [ -d "$$jdk/lib/server" ] || { echo "hsdis-install: $$jdk is not a JDK (no bin/java or lib/server)" >&2; exit 1; }; \
	arch=$$(sed -n 's/^OS_ARCH="\(.*\)"/\1/p' "$$jdk/release" 2>/dev/null); \
	case "$$arch" in amd64|x86_64) isa=x86_64; name=amd64 ;; aarch64|arm64) isa=aarch64; name=aarch64 ;; \
	  *) echo "hsdis-install: $$jdk is for '$$arch', the plugin is for x86_64 and aarch64 only" >&2; exit 1 ;; esac; \
	[ -w "$$jdk/lib/server" ] || { echo "hsdis-install: $$jdk/lib/server is not writable (run as its owner, or use LD_LIBRARY_PATH=$(BUILD)/hsdis/$$isa instead)" >&2; exit 1; }; \
	$(MAKE) --no-print-directory -f $(firstword $(MAKEFILE_LIST)) BUILD=$(BUILD) ARCH=$$isa hsdis || exit 1; \
	dir=$(BUILD)/hsdis/$$isa; \
	if [ -f $$dir/libcapstone.so.5 ] && readelf -d $$dir/hsdis-$$name.so 2>/dev/null | grep -q 'libcapstone.so.5'; then \
	  cp -f $$dir/libcapstone.so.5 "$$jdk/lib/server/libcapstone.so.5" || exit 1; fi; \
	cp -f $$dir/hsdis-$$name.so "$$jdk/lib/server/libhsdis-$$name.so.tmp" && \
	mv -f "$$jdk/lib/server/libhsdis-$$name.so.tmp" "$$jdk/lib/server/libhsdis-$$name.so" || exit 1; \
	echo "hsdis-install: installed $$jdk/lib/server/libhsdis-$$name.so"

hsdis-clean:
	rm -rf $(BUILD)/hsdis $(BUILD)/capstone
