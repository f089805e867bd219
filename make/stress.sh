#!/usr/bin/env bash
# make/stress.sh: the tests whose outcome the runtime times (GC, OSR, concurrent cleaning) prove themselves by
# N consecutive runs (default 20) while stress-ng keeps STRESS_CPUS workers (default 2) busy: every run must
# pass or skip with a reason. One make/jtreg.sh run per round in $BUILD/stress; prints one line a round, the
# tests that failed with how often, and `P passed, F failed, S skipped` over all rounds (exit 1 on a failure).
#
#   make stress [TEST=...] [N=20] [STRESS_CPUS=2] [JDK=...] [ARCH=...]     (default TEST: stress, TEST.groups)
set -uo pipefail
cd "$(dirname "$0")/.."
. make/lib.sh
check_rounds
N=${N:-20}
STRESS_CPUS=${STRESS_CPUS:-2}
need_pkg stress-ng stress-ng
export TEST=${TEST:-stress} CONC=${CONC:-1}
prepare_rounds stress

stress-ng --cpu "$STRESS_CPUS" --timeout 0 >"$OUT/stress-ng.log" 2>&1 &
load=$!
trap 'kill "$load" 2>/dev/null' EXIT
tp=0 tf=0 ts=0
declare -A failed=()
for round in $(seq "$N"); do
    kill -0 "$load" 2>/dev/null || die "stress-ng stopped (see $OUT/stress-ng.log)"
    run_round "$OUT" "$OUT/round-$round.log"
    echo "round $round/$N under stress-ng --cpu $STRESS_CPUS: $ROUND_P passed, $ROUND_F failed, $ROUND_S skipped"
    tp=$((tp + ROUND_P)) tf=$((tf + ROUND_F)) ts=$((ts + ROUND_S))
    while read -r name; do
        failed[$name]=$(( ${failed[$name]:-0} + 1 ))
    done < <(awk -F'\t' '$2 == "failed" || $2 == "error" {print $1}' "$OUT/summary.tsv" 2>/dev/null)
done
for name in "${!failed[@]}"; do
    echo "  failed in ${failed[$name]} of $N rounds: $name"
done
echo "$tp passed, $tf failed, $ts skipped"
[ "$tf" -eq 0 ]
