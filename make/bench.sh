#!/usr/bin/env bash
# make/bench.sh: what a group costs, measured the way the issues' budgets are stated (wall seconds from the
# pack summary, per test and per run), robustly on a shared machine: one cold round (no compiled classes: jtreg
# compiles the library and the probe) and then N warm rounds (default 5), each one make/jtreg.sh run in
# $BUILD/bench. Prints a line a round, then per test the minimum, median and maximum over the warm rounds, the
# run's wall time likewise, and the tests whose median is over BUDGET seconds (default 1.5). The medians are the
# figures to quote: a burst of load on the host moves a maximum, not a median. Timing never fails anything;
# a failed test does (exit 1), since a failing run's times mean nothing.
#
#   make bench [TEST=...] [N=5] [CONC=...] [BUDGET=1.5] [JDK=...] [ARCH=...]            (default TEST: all)
set -uo pipefail
cd "$(dirname "$0")/.."
. make/lib.sh
check_rounds
N=${N:-5} BUDGET=${BUDGET:-1.5}
prepare_rounds bench
rm -rf "$OUT/jtreg" "$OUT/times.tsv"

echo "bench: JDK $JDK ($(jdk_arch "$JDK"), JDK $(jdk_feature "$JDK")), TEST=${TEST:-all}, CONC=${CONC:-$(nproc)}," \
     "1 cold round and $N warm; load average $(cut -d' ' -f1-3 /proc/loadavg)"
fails=0
for round in cold $(seq "$N"); do
    run_round "$OUT" "$OUT/round-$round.log"
    label="warm $round/$N"
    [ "$round" = cold ] && label="cold (jtreg compiles the library and the probe)"
    echo "$label: $ROUND_TOTALS in $ROUND_SECONDS s"
    [ "$ROUND_STATUS" != 1 ] || fails=$((fails + 1))
    [ "$round" = cold ] && continue
    printf '(the run, wall)\t%s\n' "$ROUND_SECONDS" >>"$OUT/times.tsv"
    runs rows --run "$ROUND_ID" "$OUT" passed failed inconclusive | cut -f 1,3 >>"$OUT/times.tsv"
done

# Per name: min, median and max of its seconds, and the tests over the budget (make/tools/RoundTimes.java).
"$RUNS_JAVA" -cp "$RUNS_CP" RoundTimes "$OUT/times.tsv" "$BUDGET" "$N" || exit 2
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$fails" -eq 0 ] || { echo "error: $fails rounds had a failed test: the times above mean nothing (see $OUT/round-*.log)"; exit 1; }
