# The pack's hsdis plugin (lib/hsdis) on capstone: make fragment, included by the top-level Makefile.
#
#   make hsdis                    plugin for the host + the host CLI hsdis-decode
#   make hsdis ARCH=aarch64       cross-builds the aarch64 plugin (gcc-aarch64-linux-gnu) + the host CLI
#   make hsdis-install JDK=<dir>  copies the plugin into <dir>/lib/server/libhsdis-<arch>.so (opt-in)
#   make hsdis-check              fixture tests (CLI and plugin entry point, both ISAs) + a short fuzz run
#   make hsdis-fuzz               >= 10^6 random buffers per ISA under AddressSanitizer/UBSan
#
# Variables for the rest of the build: HSDIS_DIR_x86_64, HSDIS_DIR_aarch64 (plugin directories, put one
# on LD_LIBRARY_PATH), HSDIS_DECODE (the host CLI). See docs/hsdis.md.

BUILD ?= build

HSDIS_MK_DIR := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
HSDIS_ROOT := $(patsubst %/,%,$(dir $(HSDIS_MK_DIR)))
HSDIS_SRC := $(patsubst ./%,%,$(HSDIS_ROOT)/lib/hsdis)
HSDIS_CAPSTONE_SH := $(HSDIS_MK_DIR)/capstone.sh

# ISA names come from the platform table (make/platforms, read by make/lib.sh): any alias gives the pack's name,
# and the ISAs whose backend column says capstone are the ones this file builds plugins for.
hsdis_norm_isa = $(strip $(shell bash -c '. $(HSDIS_MK_DIR)/lib.sh; isa_of "$$1"' _ '$(1)'))
HSDIS_CS_ISAS := $(shell bash -c '. $(HSDIS_MK_DIR)/lib.sh; platform_isas backend capstone')
HSDIS_HOST_ISA := $(call hsdis_norm_isa,$(shell uname -m))
HSDIS_ARCH := $(call hsdis_norm_isa,$(or $(ARCH),$(HSDIS_HOST_ISA)))
HSDIS_OTHER_ISA := $(firstword $(filter-out $(HSDIS_HOST_ISA),$(HSDIS_CS_ISAS)))

HSDIS_DIR_x86_64 := $(BUILD)/hsdis/x86_64
HSDIS_DIR_aarch64 := $(BUILD)/hsdis/aarch64
HSDIS_LIB_x86_64 := hsdis-amd64.so
HSDIS_LIB_aarch64 := hsdis-aarch64.so
HSDIS_NUM_x86_64 := 1
HSDIS_NUM_aarch64 := 2
HSDIS_CS_x86_64 := $(BUILD)/capstone/x86_64
HSDIS_CS_aarch64 := $(BUILD)/capstone/aarch64
HSDIS_HOST_CC ?= gcc
HSDIS_CROSS_CC_x86_64 ?= x86_64-linux-gnu-gcc
HSDIS_CROSS_CC_aarch64 ?= aarch64-linux-gnu-gcc
HSDIS_CC_$(HSDIS_HOST_ISA) := $(HSDIS_HOST_CC)
HSDIS_CC_$(HSDIS_OTHER_ISA) := $(HSDIS_CROSS_CC_$(HSDIS_OTHER_ISA))

HSDIS_DECODE := $(HSDIS_DIR_$(HSDIS_HOST_ISA))/hsdis-decode
HSDIS_PLUGIN := $(HSDIS_DIR_$(HSDIS_ARCH))/$(HSDIS_LIB_$(HSDIS_ARCH))
HSDIS_TEST_DIR := $(BUILD)/hsdis/test

HSDIS_CFLAGS ?= -O2 -std=gnu11 -Wall -Wextra -Wshadow -Wformat=2
HSDIS_SAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
HSDIS_CORE := $(HSDIS_SRC)/decode.c $(HSDIS_SRC)/decode.h
# Fuzz sizes: hsdis-check runs a short fuzz, hsdis-fuzz the long one (per ISA).
HSDIS_FUZZ_SHORT ?= 20000
HSDIS_FUZZ_LONG ?= 1000000
HSDIS_FUZZ_SEED ?= 1
# hsdis-check also tests the cross-built aarch64 plugin under qemu-user when the cross gcc and
# qemu-aarch64-static are installed (auto), always, installing them when missing (yes; make check), or never (no).
HSDIS_CHECK_QEMU ?= auto

ifeq ($(filter $(HSDIS_CS_ISAS),$(HSDIS_ARCH)),)
  ifeq ($(shell bash -c '. $(HSDIS_MK_DIR)/lib.sh; platform "$$1" isa' _ '$(HSDIS_ARCH)' 2>/dev/null),)
    $(error hsdis: ARCH=$(ARCH) is no ISA of make/platforms)
  endif
  # An ISA of the table with no capstone plugin here (its backend is another's): the VM prints hex, and the
  # tests that need instructions skip saying so.
  HSDIS_PLUGIN :=
endif

.PHONY: hsdis hsdis-install hsdis-check hsdis-fuzz hsdis-clean

hsdis: $(HSDIS_PLUGIN) $(HSDIS_DECODE)

# Link against capstone as laid out by capstone.sh: static libcapstone.a if there is one (self-contained),
# else libcapstone.so with rpath $ORIGIN and a copy of libcapstone.so.5 beside the output.
# $(1) = isa, $(2) = compiler, $(3) = output, $(4) = flags, $(5) = sources
define hsdis_link
	@mkdir -p $(dir $(3))
	@if [ -f $(HSDIS_CS_$(1))/lib/libcapstone.a ]; then \
	  set -x; $(2) $(4) -I$(HSDIS_CS_$(1))/include -o $(3).tmp $(5) $(HSDIS_CS_$(1))/lib/libcapstone.a -Wl,--exclude-libs,ALL; \
	else \
	  set -x; $(2) $(4) -I$(HSDIS_CS_$(1))/include -o $(3).tmp $(5) -L$(HSDIS_CS_$(1))/lib -lcapstone \
	    -Wl,--disable-new-dtags,-rpath,'$$ORIGIN' && cp $(HSDIS_CS_$(1))/lib/libcapstone.so.5 $(dir $(3)); \
	fi
	@mv -f $(3).tmp $(3)
endef

define hsdis_isa_rules
$(HSDIS_CS_$(1))/SOURCE: $(HSDIS_CAPSTONE_SH)
	@sh $(HSDIS_CAPSTONE_SH) $(1) $(HSDIS_CS_$(1))

$(HSDIS_DIR_$(1))/$(HSDIS_LIB_$(1)): $(HSDIS_SRC)/hsdis.c $(HSDIS_CORE) $(HSDIS_CS_$(1))/SOURCE $(HSDIS_MK_DIR)/hsdis.mk
	@sh $(HSDIS_CAPSTONE_SH) --ensure $(1) gcc
	$$(call hsdis_link,$(1),$(HSDIS_CC_$(1)),$$@,$(HSDIS_CFLAGS) -fPIC -shared -fvisibility=hidden -Wl$$(,)-z$$(,)defs -s,$(HSDIS_SRC)/hsdis.c $(HSDIS_SRC)/decode.c)
endef
, := ,
$(foreach isa,$(HSDIS_CS_ISAS),$(eval $(call hsdis_isa_rules,$(isa))))

$(HSDIS_DECODE): $(HSDIS_SRC)/hsdis-decode.c $(HSDIS_CORE) $(HSDIS_CS_$(HSDIS_HOST_ISA))/SOURCE $(HSDIS_MK_DIR)/hsdis.mk
	@sh $(HSDIS_CAPSTONE_SH) --ensure host gcc
	$(call hsdis_link,$(HSDIS_HOST_ISA),$(HSDIS_HOST_CC),$@,$(HSDIS_CFLAGS) -s,$(HSDIS_SRC)/hsdis-decode.c $(HSDIS_SRC)/decode.c)

# ---- tests -------------------------------------------------------------------------------------------
# Host programs that link the plugin's entry point compiled for either ISA (entry-<isa>), the fuzz
# harness for either ISA (fuzz-<isa>, sanitizers), and a dlopen test of the real plugin (plugin-test).
HSDIS_HOST_CS := $(HSDIS_CS_$(HSDIS_HOST_ISA))
HSDIS_TEST_LINK = -I$(HSDIS_HOST_CS)/include -L$(HSDIS_HOST_CS)/lib -lcapstone -Wl,-rpath,$(abspath $(HSDIS_HOST_CS)/lib)

define hsdis_test_rules
$(HSDIS_TEST_DIR)/entry-$(1): $(HSDIS_SRC)/test/plugin-test.c $(HSDIS_SRC)/hsdis.c $(HSDIS_CORE) $(HSDIS_HOST_CS)/SOURCE
	@mkdir -p $$(@D)
	$(HSDIS_HOST_CC) $(HSDIS_CFLAGS) -g -DHSDIS_TARGET_ISA=$(HSDIS_NUM_$(1)) -o $$@ $(HSDIS_SRC)/test/plugin-test.c $(HSDIS_SRC)/hsdis.c $(HSDIS_SRC)/decode.c $$(if $$(wildcard $(HSDIS_HOST_CS)/lib/libcapstone.a),$(HSDIS_HOST_CS)/lib/libcapstone.a -I$(HSDIS_HOST_CS)/include,$(HSDIS_TEST_LINK))

$(HSDIS_TEST_DIR)/fuzz-$(1): $(HSDIS_SRC)/fuzz.c $(HSDIS_SRC)/hsdis.c $(HSDIS_CORE) $(HSDIS_HOST_CS)/SOURCE
	@mkdir -p $$(@D)
	$(HSDIS_HOST_CC) -std=gnu11 -Wall -Wextra $(HSDIS_SAN_FLAGS) -DHSDIS_TARGET_ISA=$(HSDIS_NUM_$(1)) -o $$@ $(HSDIS_SRC)/fuzz.c $(HSDIS_SRC)/hsdis.c $(HSDIS_SRC)/decode.c $$(if $$(wildcard $(HSDIS_HOST_CS)/lib/libcapstone.a),$(HSDIS_HOST_CS)/lib/libcapstone.a -I$(HSDIS_HOST_CS)/include,$(HSDIS_TEST_LINK))
endef
$(foreach isa,$(HSDIS_CS_ISAS),$(eval $(call hsdis_test_rules,$(isa))))

$(HSDIS_TEST_DIR)/plugin-test: $(HSDIS_SRC)/test/plugin-test.c $(HSDIS_SRC)/decode.h
	@mkdir -p $(@D)
	$(HSDIS_HOST_CC) $(HSDIS_CFLAGS) -g -DPLUGIN_DLOPEN -o $@ $< -ldl

$(HSDIS_TEST_DIR)/plugin-test-aarch64-cross: $(HSDIS_SRC)/test/plugin-test.c $(HSDIS_SRC)/decode.h
	@mkdir -p $(@D)
	$(HSDIS_CROSS_CC_aarch64) $(HSDIS_CFLAGS) -DPLUGIN_DLOPEN -o $@ $< -ldl

HSDIS_CHECK_PROGS := $(HSDIS_DIR_$(HSDIS_HOST_ISA))/$(HSDIS_LIB_$(HSDIS_HOST_ISA)) $(HSDIS_DECODE) \
  $(HSDIS_TEST_DIR)/plugin-test $(HSDIS_TEST_DIR)/entry-x86_64 $(HSDIS_TEST_DIR)/entry-aarch64 \
  $(HSDIS_TEST_DIR)/fuzz-x86_64 $(HSDIS_TEST_DIR)/fuzz-aarch64

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
	HSDIS_FUZZ_N=$(HSDIS_FUZZ_SHORT) HSDIS_FUZZ_SEED=$(HSDIS_FUZZ_SEED) \
	sh $(HSDIS_SRC)/test/run.sh

hsdis-fuzz: $(HSDIS_TEST_DIR)/fuzz-x86_64 $(HSDIS_TEST_DIR)/fuzz-aarch64
	@for isa in x86_64 aarch64; do \
	  $(HSDIS_TEST_DIR)/fuzz-$$isa $(HSDIS_FUZZ_LONG) $(HSDIS_FUZZ_SEED) || exit 1; \
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
