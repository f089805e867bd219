#!/usr/bin/env bash
# make/stress.sh: two ways to shake the pack, each reported per round and ending with the totals line
# `P passed, F failed, S skipped` (", N findings", ", N inconclusive", ", N problem-listed" when there are any) over
# all rounds, added up from each round's results (make/tools/Runs.java; exit 1 on a failure or an inconclusive: a
# verdict the pack could not reach is not a pass; findings are counted, and do not fail it).
#
# MODE=load (the default): the tests whose outcome the runtime times (GC, OSR, concurrent cleaning) prove
# themselves by N consecutive runs (default 20) while stress-ng keeps STRESS_CPUS workers (default 2) busy: every
# run must pass or skip with a reason (an inconclusive is not a pass). One make/jtreg.sh run per round in $BUILD/stress.
#
# MODE=compiler: the JIT tests (those whose @requires names pack.c2) under C2's own randomness, one run per seed
# (SEEDS=20 of them, consecutive from SEED=, random by default): C2's diagnostic Stress flags shuffle its
# instruction scheduling (StressLCM, StressGCM), the order of its IGVN and CCP worklists (StressIGVN, StressCCP),
# each from StressSeed. They reorder, they never remove an optimization, so every claim must hold under every
# seed. The flags are read from the JDK under test (-XX:+PrintFlagsFinal): one it does not know is left out. A
# failure prints its seed and the one command that reproduces it. In $BUILD/stress-compiler, no stress-ng. The seed's
# options are the configuration under test: no test is run once more without them (PACK_RERUN=no), so an inconclusive
# under a seed counts as one.
#
#   make stress [TEST=...] [N=20] [STRESS_CPUS=2] [JDK=...] [ARCH=...]     (default TEST: stress, TEST.groups)
#   make stress MODE=compiler [SEEDS=20] [SEED=n] [TEST=...] [JDK=...]    (default TEST: the JIT tests)
set -uo pipefail
cd "$(dirname "$0")/.."
. make/lib.sh
check_rounds
MODE=${MODE:-load}

# The C2 Stress flags this JDK has (of those that only reorder), from the VM itself; empty without C2.
STRESS_FLAGS="StressLCM StressGCM StressIGVN StressCCP"
compiler_stress_options() {
    local java=$1 flags known f options=""
    # shellcheck disable=SC2086 # the user's options are a list
    flags=$("$java" ${VM_OPTIONS:-} -XX:+UnlockDiagnosticVMOptions -XX:+PrintFlagsFinal -version 2>/dev/null) ||
        die "JDK=$JDK cannot print its flags${VM_OPTIONS:+ with VM_OPTIONS=$VM_OPTIONS}"
    known=$(awk '{ print $2 }' <<<"$flags")
    for f in $STRESS_FLAGS; do
        grep -qx "$f" <<<"$known" && options+=" -XX:+$f"
    done
    [ -n "$options" ] || die "JDK=$JDK has none of C2's Stress flags ($STRESS_FLAGS): no C2 in this VM"
    grep -qx StressSeed <<<"$known" || die "JDK=$JDK has no StressSeed flag: its C2 stress runs could not be reproduced"
    echo "-XX:+UnlockDiagnosticVMOptions$options"
}

compiler_mode() {
    local seeds=${SEEDS:-20} first=${SEED:-$(( $(od -An -tu4 -N4 /dev/urandom) % 1000000000 ))} java options
    local k seed user=${VM_OPTIONS:-} started=$SECONDS name outcome status failures=()
    if [ -z "${TEST:-}" ]; then
        TEST=$(grep -lE '^ \* @requires .*pack\.c2' -r test --include='*.java' | sort | tr '\n' ' ')
    fi
    export TEST CONC=${CONC:-1}
    prepare_rounds stress-compiler
    java=$JDK/bin/java
    if [ "$(jdk_arch "$JDK")" != "$(host_arch)" ] && [ ! -f "$JDK/pack-facade" ]; then
        java=$(bash make/jdks.sh facade "$JDK")/bin/java || exit 2
    fi
    options=$(compiler_stress_options "$java") || exit 2
    echo "make stress MODE=compiler: $seeds seeds from $first on JDK $JDK ($(jdk_version "$JDK")), $(wc -w <<<"$TEST") test files, CONC=$CONC"
    echo "  C2 stress options: $options -XX:StressSeed=<seed>${user:+ after VM_OPTIONS=$user}"
    for k in $(seq "$seeds"); do
        seed=$((first + k - 1))
        export VM_OPTIONS="${user:+$user }$options -XX:StressSeed=$seed"
        # the seed is the configuration under test: an inconclusive under it counts, it is not rerun without it
        PACK_RERUN=no run_round "$OUT" "$OUT/seed-$seed.log"
        echo "seed $seed ($k/$seeds): $ROUND_TOTALS ($ROUND_SECONDS s)"
        while IFS=$'\t' read -r name outcome _; do
            failures+=("  seed $seed: $name $outcome; reproduce: make test JDK=$JDK TEST=${name%%#*} VM_OPTIONS=\"$VM_OPTIONS\"")
            cp "$OUT/seed-$seed.log" "$OUT/failed-seed-$seed.log"
        done < <(runs rows --run "$ROUND_ID" "$OUT" failed inconclusive)
    done
    export VM_OPTIONS=$user
    if [ ${#failures[@]} -gt 0 ]; then
        echo
        echo "Failures and inconclusive results (each seed's output: $OUT/failed-seed-<seed>.log):"
        printf '%s\n' "${failures[@]}"
        runs failures "$OUT"/rounds/*.tsv   # each test: in how many rounds (seed-<seed>), and which
    fi
    echo "$seeds seed$([ "$seeds" = 1 ] || echo s) in $((SECONDS - started)) s"
    round_totals "$OUT"
    status=$?
    [ "$status" != 1 ] && [ "$status" != 4 ] && [ "$status" != 2 ]
}

load_mode() {
    N=${N:-20}
    STRESS_CPUS=${STRESS_CPUS:-2}
    need_pkg stress-ng stress-ng
    export TEST=${TEST:-stress} CONC=${CONC:-1}
    prepare_rounds stress

    stress-ng --cpu "$STRESS_CPUS" --timeout 0 >"$OUT/stress-ng.log" 2>&1 &
    load=$!
    trap 'kill "$load" 2>/dev/null' EXIT
    for round in $(seq "$N"); do
        kill -0 "$load" 2>/dev/null || die "stress-ng stopped (see $OUT/stress-ng.log)"
        run_round "$OUT" "$OUT/round-$round.log"
        echo "round $round/$N under stress-ng --cpu $STRESS_CPUS: $ROUND_TOTALS"
    done
    runs failures "$OUT"/rounds/*.tsv   # each test that failed or was inconclusive: in how many rounds, and which
    round_totals "$OUT"
    status=$?
    [ "$status" != 1 ] && [ "$status" != 4 ] && [ "$status" != 2 ]
}

case $MODE in
    load) load_mode ;;
    compiler) compiler_mode ;;
esac
