#!/usr/bin/env bash
# make/switching.sh: the pack's regression check for what a compiler engineer does all day in one checkout:
# alternating JDKs, and runs that follow runs. The JDKs are the list `switching` of make/jdk-table (today 17, 25,
# the early-access build through a loader facade on another C library, and the AArch64 JDK 17 under qemu).
# In one BUILD of its own:
#   1. the host's JDKs of the list in the table's order (older to newer), then the one before the last again
#      (newer to older), then the others' (another ISA), then the first again: each run passes (no class
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

list=$(jdk_list switching) || exit 2
host=() others=()
for n in $list; do
    if [ "${n%%-*}" = "$(host_arch)" ]; then host+=("$n"); elif [ "${SWITCH_ARCH:-yes}" != no ]; then others+=("$n"); fi
done
[ ${#host[@]} -gt 0 ] || die "no $(host_arch) JDK is on the list switching of $JDK_TABLE"
names=("${host[@]}")
[ ${#host[@]} -lt 2 ] || names+=("${host[${#host[@]}-2]}")
names+=("${others[@]}")
[ ${#names[@]} -lt 2 ] || names+=("${host[0]}")
declare -A home
runs=()
for n in "${names[@]}"; do
    [ -n "${home[$n]:-}" ] || home[$n]=$(bash make/jdks.sh "$n") || die "cannot prepare the JDK $n (make/jdks.sh $n)"
    runs+=("$n:${home[$n]}")
done
first=${home[${host[0]}]}

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
check "a run without C2 right after a passing run" "0 passed, 0 failed, 1 skipped" JDK="$first" VM_OPTIONS=-XX:TieredStopAtLevel=1
left=$(find "$B/jtreg/$(jdk_key "$first")/work" -path '*/scratch' -prune -o \( -name '*.jtr' -o -name '*.jtr.xml' \) -print)
if [ -z "$left" ]; then
    passed=$((passed + 1)); echo "  ok      no result of the earlier run left in the C2-less run's work area"
else
    failed=$((failed + 1)); echo "  FAILED  results of an earlier run left beside the C2-less run: $left"
fi
runs tally passed="$passed" failed="$failed"
