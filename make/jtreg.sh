#!/usr/bin/env bash
# Runs jtreg over the pack (or a part of it) against the JDK under test, then prints the pack's summary.
# Driven by the Makefile through these variables (all optional):
#   JDK, TEST, VM_OPTIONS, JAVA_OPTIONS, CONC, JTREG_HOME, BUILD, ARCH, HSDIS_PATH, HSDIS_DECODE, JTREG_EXTRA
set -euo pipefail
cd "$(dirname "$0")/.."
. make/lib.sh

use_build_dir
TEST=${TEST:-all}
CONC=${CONC:-$(nproc 2>/dev/null || echo 2)}

# The JDK under test. An AArch64 JDK runs under qemu-user through a facade directory (make/jdks.sh).
if [ -z "${JDK:-}" ] && [ "${ARCH:-$(host_arch)}" != "$(host_arch)" ]; then
    JDK=$(bash make/jdks.sh "${ARCH}-17") || exit 2
fi
JDK=$(resolve_jdk "${JDK:-}") || exit 2
ARCH_UNDER_TEST=$(jdk_arch "$JDK")
TEST_JDK=$JDK
if [ "$ARCH_UNDER_TEST" != "$(host_arch)" ] && [ ! -f "$JDK/pack-facade" ]; then
    TEST_JDK=$(bash make/jdks.sh facade "$JDK") || exit 2
fi
HOST_JDK=$(host_jdk "$JDK") || die "no JDK 17+ for $(host_arch) to run jtreg with: install one (apt-get install openjdk-17-jdk-headless)"
JTREG_HOME=$(find_jtreg) || exit 2

# jtreg itself must start on a real JDK: this also proves the JDK under test can run a VM at all.
if ! "$TEST_JDK/bin/java" -version >/dev/null 2>&1; then
    die "JDK=$JDK cannot start a VM: $("$TEST_JDK/bin/java" -version 2>&1 | head -n 1)"
fi

select_tests

WORK=$BUILD/jtreg/work
REPORT=$BUILD/jtreg/report
PROBE=$BUILD/jtreg/probe.properties
mkdir -p "$WORK" "$REPORT"
rm -f "$PROBE"
# jtreg compiles the library on demand and recompiles only what javac sees as stale, which misses a class
# whose supertype changed: after any change under lib/, start from no compiled classes.
if [ ! -f "$WORK/lib.stamp" ] || [ -n "$(find lib -newer "$WORK/lib.stamp" -name '*.java' -print -quit)" ]; then
    rm -rf "$WORK/classes" "$WORK/extraPropDefns"
    touch "$WORK/lib.stamp"
fi

args=(-jdk:"$TEST_JDK" -w:"$WORK" -r:"$REPORT" -agentvm -conc:"$CONC" -xml -retain:"${RETAIN:-fail,error}" -v:fail,error,nopass)
[ "$TEST_JDK" != "$HOST_JDK" ] && args+=(-compilejdk:"$HOST_JDK")
# Under qemu-user a VM starts 10-25 times slower: scale jtreg's timeouts (and the pack's child-VM limit).
[ -f "$TEST_JDK/pack-facade" ] && args+=(-timeoutFactor:"${TIMEOUT_FACTOR:-10}")
[ -n "${VM_OPTIONS:-}" ] && args+=(-vmoptions:"$VM_OPTIONS")
[ -n "${JAVA_OPTIONS:-}" ] && args+=(-javaoptions:"$JAVA_OPTIONS")
export PACK_PROBE_REPORT=$PROBE
export PACK_HSDIS_PATH=${HSDIS_PATH:-}
export PACK_HSDIS_DECODE=${HSDIS_DECODE:-}
args+=(-e:PACK_HSDIS_PATH,PACK_HSDIS_DECODE,PACK_EMULATOR)
# shellcheck disable=SC2206
[ -n "${JTREG_EXTRA:-}" ] && args+=($JTREG_EXTRA)

echo "jtreg: JDK $JDK ($ARCH_UNDER_TEST, JDK $(jdk_feature "$JDK"))${VM_OPTIONS:+, VM options: $VM_OPTIONS}"
start=$(date +%s)
set +e
"$HOST_JDK/bin/java" -jar "$JTREG_HOME/lib/jtreg.jar" "${args[@]}" "${SELECT[@]}"
status=$?
set -e
# 0: all passed; 1: some failed; 2: some errors; 3 and up: jtreg could not run the tests at all.
if [ "$status" -ge 3 ]; then
    die "jtreg could not run the tests (exit $status): see its message above"
fi
tools=$(build_tools "$HOST_JDK")
exec "$HOST_JDK/bin/java" -cp "$tools" Summary "$WORK" "$PROBE" "$start" "$BUILD/summary.tsv" "${SELECT[@]}"
