#!/usr/bin/env bash
# Runs jtreg over the pack (or a part of it) against the JDK under test, then prints the pack's summary.
# Driven by the Makefile through these variables (all optional):
#   JDK, TEST, VM_OPTIONS, JAVA_OPTIONS, CONC, JTREG_HOME, BUILD, ARCH, HSDIS_PATH, HSDIS_DECODE, JTREG_EXTRA,
#   SHARD, BUNDLE, TIMINGS (make/shard.sh), RETAIN, TIMEOUT_FACTOR, PACK_RUN_ID, PACK_RERUN (make/tools/run/PackRun.java)
set -euo pipefail
cd "$(dirname "$0")/.."
. make/lib.sh

CHECK_ONLY=0
[ "${1:-}" = --check-only ] && CHECK_ONLY=1

# Everything the user typed is checked first, before anything is built (make test runs --check-only, then
# builds hsdis, then runs this again). Each problem is one line and exit 2.
check_test_selection
check_conc
use_build_dir
TEST=${TEST:-all}
CONC=${CONC:-$(nproc 2>/dev/null || echo 2)}

# The JDK under test. An AArch64 JDK runs under qemu-user through a facade directory (make/jdks.sh).
JDK=$(jdk_under_test) || exit 2
ARCH_UNDER_TEST=$(jdk_arch "$JDK")
TEST_JDK=$JDK
if [ "$ARCH_UNDER_TEST" != "$(host_arch)" ] && [ ! -f "$JDK/pack-facade" ]; then
    TEST_JDK=$(bash make/jdks.sh facade "$JDK") || exit 2
fi
HOST_JDK=$(host_jdk "$JDK") || die "no JDK 17+ for $(host_arch) to run jtreg with: install one (Debian package openjdk-17-jdk-headless)"

# The JDK must start a VM with the user's options: a mistyped flag is one line now, not six failed tests.
# The same VM prints the flags ergonomics chose, kept for make report (the line starting -XX:).
# Once for a JDK, its options and this machine (lib.sh's options_key): make's parse-time check (--check-only) prints
# the answer after "checked: " and make hands it down (PACK_OPTIONS_CHECKED); an answer is kept under $PACK_CHECKED for
# the next run with the same key, which then starts no VM to check the same options again.
if ! out=$(checked_answer "$TEST_JDK"); then
    # shellcheck disable=SC2086 # the options are a list
    if ! out=$("$TEST_JDK/bin/java" ${VM_OPTIONS:-} ${JAVA_OPTIONS:-} -XX:+PrintCommandLineFlags -version 2>&1); then
        die "JDK=$JDK cannot start a VM${VM_OPTIONS:+ with VM_OPTIONS=$VM_OPTIONS}${JAVA_OPTIONS:+ JAVA_OPTIONS=$JAVA_OPTIONS}: $(grep -v -e '^\s*$' -e '^-XX:' <<<"$out" | head -n 1)"
    fi
    checked_keep "$TEST_JDK" "$out"
fi
if [ "$CHECK_ONLY" = 1 ]; then
    printf 'checked: %s\036%s\n' "$(options_key "$TEST_JDK")" "$(tr '\n' '\036' <<<"$out")"
    exit 0
fi
JTREG_HOME=$(find_jtreg) || exit 2

select_tests
# The run itself (make/tools/run/PackRun.java: the one place that builds jtreg's command line and runs it) in the JDK's own
# work area: one per JDK path and version, so that classes compiled for one JDK never meet another, and alternating
# between two builds needs no `make clean` and recompiles nothing.
AREA=$BUILD/jtreg/$(jdk_key "$TEST_JDK")
# The JNI libraries of lib/native, built for the ISA under test; a test passes test.nativepath to its child VM.
NATIVE=$(bash make/native.sh "$ARCH_UNDER_TEST" "$BUILD/native/$ARCH_UNDER_TEST" "$HOST_JDK")
tools=$(build_tools "$HOST_JDK")
export JDK TEST TEST_JDK HOST_JDK BUILD AREA JTREG_HOME CONC NATIVE ARCH_UNDER_TEST
export FEATURE; FEATURE=$(jdk_feature "$JDK")
export EMULATED; EMULATED=$(emulated "$TEST_JDK" && echo true || echo false)
# what jtreg hands down to the probe's VM and the agents (-e:), for jtreg run in PackRun's VM (make/tools/run/Jtreg.java)
export PACK_PROBE_REPORT=$AREA/probe.properties PACK_HSDIS_PATH=${HSDIS_PATH:-} PACK_HSDIS_DECODE=${HSDIS_DECODE:-}
OPTIONS_ANSWER=$out exec "$HOST_JDK/bin/java" "${TOOL_VM[@]}" -cp "$tools" run.PackRun "${SELECT[@]}"
