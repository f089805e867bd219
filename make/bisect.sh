#!/usr/bin/env bash
# make/bisect.sh: the pack as a `git bisect run` judge. Runs the selected tests on one JDK and exits
#   0    every selected test passed (skips beside at least one pass are fine),
#   1    some test failed,
#   125  nothing could be judged: the JDK is missing or cannot start a VM, jtreg could not run, every
#        selected test skipped, or one was inconclusive (the pack could not reach its verdict; git bisect then
#        skips this commit: "cannot judge", neither good nor bad).
# make turns every failure into exit 2, which git bisect would read as "bad": call this script, not make.
#
#   make/bisect.sh JDK=/path/to/jdk TEST=test/branches/UnpredictableBranchBecomesCmov.java [VM_OPTIONS=...]
#
# Arguments are NAME=value (JDK, TEST, VM_OPTIONS, JAVA_OPTIONS, ARCH, BUILD, CONC); the environment works too.
# It enters no make (unless the hsdis plugins are not built yet) and may be run from any directory (a JDK checkout
# being bisected): the pack's paths are its own. Results go to $BUILD/bisect (default build/bisect in the pack), the
# run's output to $BUILD/bisect/run.log; each run's verdict line is appended to $BUILD/bisect/log.tsv (time, JDK, java -version's runtime line, verdict). See docs/report.md.
set -uo pipefail
PACK=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
for arg in "$@"; do
    case $arg in
        JDK=*|TEST=*|VM_OPTIONS=*|JAVA_OPTIONS=*|ARCH=*|BUILD=*|CONC=*) export "${arg%%=*}=${arg#*=}" ;;
        *) echo "make/bisect.sh: unknown argument '$arg' (NAME=value: JDK, TEST, VM_OPTIONS, JAVA_OPTIONS, ARCH, BUILD, CONC)" >&2; exit 125 ;;
    esac
done
case ${JDK:-} in ''|/*) ;; *) JDK=$PWD/$JDK ;; esac
case ${BUILD:-} in ''|/*) ;; *) BUILD=$PWD/$BUILD ;; esac
cd "$PACK" || exit 125
TOP=${BUILD:-$PACK/build}
export BUILD=$TOP/bisect CONC=${CONC:-1}
[ -n "${JDK:-}" ] || { echo "make/bisect.sh: JDK= is required (the build under test)" >&2; exit 125; }
mkdir -p "$BUILD"
log=$BUILD/run.log
. make/lib.sh
# This run's id (make/jtreg.sh writes it into its results): only its own results are judged, never an earlier run's.
export PACK_RUN_ID; PACK_RUN_ID=$(new_run_id)
judge() { # verdict exit-code why
    local runtime
    runtime=$("$JDK/bin/java" -version 2>&1 | sed -n 2p)
    printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$JDK" "${runtime:-?}" "$1" "$3" >>"$BUILD/log.tsv"
    echo "bisect: $1 ($3)"
    exit "$2"
}
# One run of the pack (pack_run) in $BUILD; the hsdis plugins are those of the pack's other runs ($TOP/hsdis), built
# once when missing.
BUILD=$TOP pack_run "$BUILD" "$PACK_RUN_ID" >"$log" 2>&1
rc=$?
tail -n 25 "$log"
# The judgement is the run model's (make/tools/Runs.java, Runs.bisect): bad on a failure, "cannot judge" on an
# inconclusive, good when a test passed; the why is the run's totals line, findings and all.
( use_runs ) >/dev/null 2>&1 || judge skip 125 "no results (exit $rc): no JDK to read them with"
use_runs
verdict=$(runs bisect --run "$PACK_RUN_ID" "$BUILD" 2>&1)
status=$?
case $status in
    0) judge good 0 "${verdict#good: }" ;;
    1) judge bad 1 "${verdict#bad: }" ;;
    125) judge skip 125 "${verdict#skip: } (reasons in $log)" ;;
    *) judge skip 125 "no results (exit $rc): ${verdict#error: }: $(grep -m1 -E '(\*\*\*|error:)' "$log" || tail -n 1 "$log")" ;;
esac
