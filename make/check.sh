#!/usr/bin/env bash
# make check: the project's own checks, each a step; prints a table of steps and, last, the totals alone on
# a line (anatomy.probe.Outcome.totals: tests, fixtures and proofs of all steps added up, by make/tools/run/Runs.java). A step's findings
# (tests stopped only by the JDK's defaults: docs/running.md) are shown in its row and counted on a line of
# their own; a step whose only non-passes are findings is ok: a new JDK build never fails make check by itself.
# An inconclusive (a verdict the pack could not reach) is not: the step is FAILED, its count in the row.
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
mkdir -p "$BUILD/check"

# The JDKs of each step: lists of the JDK table (make/jdk-table): the newest of each ISA (the whole pack), the
# other C2 ports (:headline), the rest of the default matrix, and make mutants' Debian build.
. make/lib.sh
read_jdk_table
NEWEST=$(jdk_list newest) && PORTS=$(jdk_list check-ports) && MUTANTS=$(jdk_list mutants) && DEFAULT=$(jdk_list default) || exit 2
OTHERS=$(tr ' ' '\n' <<<"$DEFAULT" | grep -vxF -f <(tr ' ' '\n' <<<"$NEWEST") | tr '\n' ' ')
NOLSE="aarch64-17-nolse aarch64-25-nolse"   # the no-lse step's JDKs (AArch64 without LSE atomics)
use_runs

# Every JDK the steps below run on, prepared in the background from the first step on, in the order the steps need
# them (Zero for hygiene, then the mutants', the switching, no-lse, newest, matrix, ports and fleet JDKs): on a new
# machine the downloads and unpacking of make/jdks.sh run while hygiene, hsdis and the unit tests do, at a lower
# priority. make/jdks.sh prepares one JDK at a time (a lock), so a step that needs one waits for the preparation in
# progress and then finds its JDK ready; a JDK the prefetch could not prepare is prepared again by the step that
# needs it, which shows the error. Its log: $BUILD/check/prefetch.log.
prefetch() {
    local n seen=" "
    for n in x86_64-17-zero $MUTANTS "dbg $MUTANTS" $(jdk_list switching) $NOLSE $NEWEST $OTHERS $PORTS \
             $(jdk_list check-fleet); do
        case $seen in *" $n "*) continue ;; esac
        seen+="$n "
        # shellcheck disable=SC2086 # "dbg NAME" is two words
        nice -n 10 bash make/jdks.sh $n >/dev/null || echo "prefetch: make/jdks.sh $n failed; the step that needs it prepares it again"
    done
    echo "ready: ${SECONDS} s into make check"
}
prefetch >"$BUILD/check/prefetch.log" 2>&1 &
prefetch_pid=$!
bad_steps=() finding_steps=()
declare -a rows
rm -f "$BUILD"/check/*.totals

# step NAME MAKE-ARGS...: runs `make ARGS`, keeps its output in $BUILD/check/NAME.log; the run model judges it from
# its last totals line and exit status (make/tools/run/Runs.java, Runs.step: a step whose only non-passes are findings,
# exit 3 or make's "Error 3", is ok; an inconclusive fails it) and keeps its counts in $BUILD/check/NAME.totals.
step() {
    local name=$1; shift
    local log=$BUILD/check/$name.log start=$SECONDS status totals ok
    echo "== check: $name (make $*)"
    make --no-print-directory "$@" 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
    totals=$(runs step "$name" "$log" "$status" "$BUILD/check/$name.totals")
    case $? in
        0) ok=ok ;;
        3) ok=ok; finding_steps+=("$name") ;;
        *) ok=FAILED; bad_steps+=("$name") ;;
    esac
    rows+=("$(printf '  %-12s %-6s %s (%d s)' "$name" "$ok" "$totals" $((SECONDS - start)))")
}

# The system's JDKs and architectures before and after: make check must change neither.
system_jdks() { { dpkg-query -W -f='${binary:Package} ${Version}\n' 'openjdk-*' 'temurin-*' 2>/dev/null; dpkg --print-foreign-architectures 2>/dev/null; } | sort; }
before=$(system_jdks)

step hygiene     hygiene
step hsdis       hsdis-check HSDIS_CHECK_QEMU=yes
step selftest    selftest
# The mutants' runner on HotSpot's own code: a killed, an unreached, a crashed and a stopped mutant of the newest x86_64
# build, told apart (the chosen set and the sample are `make mutants` away: docs/mutation.md).
step mutants     mutants JDK="$MUTANTS" SET=make/mutants/smoke.txt
step pack        test
# Its baseline is the pack step's run (the same commit, JDK, options and tests: Sensitivity.java's Reused).
step sensitivity sensitivity SENSITIVITY_BASELINE="$BUILD"
step switching  switching
step configs     configs TEST=headline
# The concurrency vocabulary on an AArch64 CPU without LSE atomics (exclusive-pair loops), before the main
# matrix, whose results make report reads.
step no-lse      matrix MATRIX="$NOLSE" TEST=concurrency
# The whole pack on the newest JDK of each ISA (the early-access build: pinned in make/jdk-table), then :headline
# on every other JDK of the default matrix; make report shows both.
step newest      matrix MATRIX="$NEWEST" TEST="all lib/test/whitebox/WhiteBoxBindingTest.java"
step matrix      matrix MATRIX="$OTHERS" MATRIX_KEEP=1 TEST="headline lib/test/whitebox/WhiteBoxBindingTest.java"
# :headline on each other C2 port (riscv64, ppc64le, s390x) under qemu-user 10: the whole pack there is
# `make matrix MATRIX=ports` away (docs/matrix.md).
step ports       matrix MATRIX="$PORTS" MATRIX_KEEP=1 TEST=headline
# :headline on a small fleet of CPU models (make/cpus' and make/jdk-table's lists check-fleet): the newest x86_64
# build on this CPU held to AVX2 and to SSE4.2 (HotSpot's switches: native speed), AArch64 25 on an Armv8.0 core
# without LSE (qemu); with the steps above, two x86_64 levels more than the real CPU's and AArch64 with and without
# LSE. The whole fleet is `make matrix MATRIX=fleet` away (docs/matrix.md, "CPU models").
step fleet       matrix MATRIX=check-fleet MATRIX_KEEP=1 TEST=headline
# The CI workflow's plan -> shards -> merge (.github/workflows/pack.yml) on this machine, through the same make targets:
# :headline on two native JDKs of the default list as two shards, their bundles merged into one report (build/ci).
step ci          ci-local EVENT=pull_request CI_MATRIX="$(jdk_list default x86_64 | cut -d' ' -f1,2)" CI_SHARDS=2
step report      report-check

after=$(system_jdks)
if [ "$before" = "$after" ]; then
    runs tally passed=1 >"$BUILD/check/system.totals"
    rows+=("$(printf '  %-12s %-6s %s' system ok "the system's JDK packages and dpkg architectures are as before")")
else
    runs tally failed=1 >"$BUILD/check/system.totals"; bad_steps+=(system)
    rows+=("$(printf '  %-12s %-6s %s' system FAILED "make check changed the system's JDKs: $(diff <(echo "$before") <(echo "$after") | grep '^[<>]' | tr '\n' ' ')")")
fi

wait "$prefetch_pid"
echo
echo "make check (${SECONDS} s; JDKs prepared in the background $(sed -n 's/^ready: //p' "$BUILD/check/prefetch.log"), $(grep -c '^prefetch: ' "$BUILD/check/prefetch.log") failed: $BUILD/check/prefetch.log):"
printf '%s\n' "${rows[@]}"
[ ${#bad_steps[@]} = 0 ] || echo "failed steps: ${bad_steps[*]}"
[ ${#finding_steps[@]} = 0 ] || echo "findings (the JDK's defaults differ from what a test claims) in: ${finding_steps[*]}"
runs sum "$BUILD"/check/*.totals
[ ${#bad_steps[@]} = 0 ]
