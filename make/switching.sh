#!/usr/bin/env bash
# make/switching.sh: the pack's regression check for what a compiler engineer does all day in one checkout:
# alternating JDKs, and runs that follow runs. In one BUILD of its own:
#   1. JDK 25, then JDK 17, then the early-access build (x86_64-28ea: another C library, through a loader
#      facade), then JDK 25 again, then the AArch64 JDK 17 (qemu), then JDK 17: each run passes (no class
#      compiled for one JDK ever reaches another);
#   2. right after a passing run, a run without C2 (-XX:TieredStopAtLevel=1): nothing passes, the test is
#      skipped with the probe's reason, and no JUnit XML or .jtr of the earlier run is left in its results.
# Prints one line per check and the totals alone on the last line. SWITCH_ARCH=no leaves out the AArch64 run.
set -uo pipefail
cd "$(dirname "$0")/.."
. make/lib.sh
use_build_dir
use_runs
B=$BUILD/switching
rm -rf "$B"
mkdir -p "$B"
one=test/traps/UntakenBranchIsUncommonTrap.java
passed=0 failed=0

jdk25=$(bash make/jdks.sh x86_64-25) || die "cannot prepare JDK 25"
jdk17=$(bash make/jdks.sh x86_64-17) || die "cannot prepare JDK 17"
jdkea=$(bash make/jdks.sh x86_64-28ea) || die "cannot prepare the early-access JDK (x86_64-28ea)"
runs=("25:$jdk25" "17:$jdk17" "28-ea:$jdkea" "25:$jdk25")
if [ "${SWITCH_ARCH:-yes}" != no ]; then
    a17=$(bash make/jdks.sh aarch64-17) || die "cannot prepare the AArch64 JDK 17"
    runs+=("aarch64-17:$a17" "17:$jdk17")
fi

# check NAME EXPECTED-TOTALS make-args...: one make test in $B; passes when the totals of its own results (read
# back through the run model, whatever outcomes they hold) are the expected line.
check() {
    local name=$1 want=$2 n=$((passed + failed + 1)) id; shift 2
    id=$(new_run_id)
    PACK_RUN_ID=$id make --no-print-directory test BUILD="$B" TEST="$one" "$@" >"$B/run-$n.log" 2>&1
    local got; got=$(runs totals --run "$id" "$B" 2>&1)
    if [ "$got" = "$want" ]; then
        passed=$((passed + 1)); echo "  ok      $name: $got"
    else
        failed=$((failed + 1)); echo "  FAILED  $name: expected '$want', got '${got:-no totals}' (see $B/run-$n.log)"
    fi
}

echo "switching JDKs in one work area ($B):"
for r in "${runs[@]}"; do
    check "JDK ${r%%:*} after the runs before it" "1 passed, 0 failed, 0 skipped" JDK="${r#*:}"
done
check "a run without C2 right after a passing run" "0 passed, 0 failed, 1 skipped" JDK="$jdk17" VM_OPTIONS=-XX:TieredStopAtLevel=1
left=$(find "$B/jtreg/$(jdk_key "$jdk17")/work" -path '*/scratch' -prune -o \( -name '*.jtr' -o -name '*.jtr.xml' \) -print)
if [ -z "$left" ]; then
    passed=$((passed + 1)); echo "  ok      no result of the earlier run left in the C2-less run's work area"
else
    failed=$((failed + 1)); echo "  FAILED  results of an earlier run left beside the C2-less run: $left"
fi
runs tally passed="$passed" failed="$failed"
