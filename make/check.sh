#!/usr/bin/env bash
# make check: the project's own checks, each a step; prints a table of steps and, last, the totals alone on
# a line: "N passed, N failed, N skipped" (tests, fixtures and proofs of all steps added up). A step's findings
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
NEWEST=$(jdk_list newest) && PORTS=$(jdk_list check-ports) && MUTANTS=$(jdk_list mutants) && DEFAULT=$(jdk_list default) || exit 2
OTHERS=$(tr ' ' '\n' <<<"$DEFAULT" | grep -vxF -f <(tr ' ' '\n' <<<"$NEWEST") | tr '\n' ' ')
passed=0 failed=0 skipped=0 findings=0 inconclusive=0 bad_steps=() finding_steps=()
declare -a rows

# step NAME MAKE-ARGS...: runs `make ARGS`, keeps its output in $BUILD/check/NAME.log, reads its totals line
# ("N passed, N failed, N skipped", maybe ", N findings", ", N inconclusive", ", N problem-listed":
# anatomy.probe.Verdict). Exit status 3 of the step's script (make reports "Error 3" and exits 2) means findings
# and no failure: the step is ok when its totals agree. Inconclusive results (exit 4) fail the step.
step() {
    local name=$1; shift
    local log=$BUILD/check/$name.log start=$SECONDS status line p=0 f=0 s=0 n=0 i=0 ok
    echo "== check: $name (make $*)"
    make --no-print-directory "$@" 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
    line=$(grep -E "$TOTALS" "$log" | tail -n 1)
    if [ -n "$line" ]; then
        IFS=, read -r p f s n i <<< "$(echo "$line" | sed -E "s/$TOTALS/\\2,\\3,\\4,\\6,\\8/")"
        n=${n:-0}; i=${i:-0}
    elif [ "$status" = 0 ]; then
        p=1
    fi
    ok=no
    if [ "$status" = 0 ] && [ "$i" = 0 ]; then
        ok=yes
    elif [ "$f" = 0 ] && [ "$i" = 0 ] && [ "$n" -gt 0 ] && { [ "$status" = 3 ] ||
            grep -E '^make(\[[0-9]+\])?: \*\*\* .* Error [0-9]+$' "$log" | tail -n 1 | grep -q 'Error 3$'; }; then
        ok=yes   # findings only
    fi
    if [ "$ok" = no ] && [ "$f" = 0 ] && [ "$i" = 0 ]; then f=1; fi
    passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s)); findings=$((findings + n))
    inconclusive=$((inconclusive + i))
    [ "$ok" = yes ] || bad_steps+=("$name")
    [ "$n" = 0 ] || finding_steps+=("$name")
    rows+=("$(printf '  %-12s %-6s %4d passed %3d failed %3d skipped %3d findings %3d inconclusive %5d s' "$name" "$([ "$ok" = yes ] && echo ok || echo FAILED)" "$p" "$f" "$s" "$n" "$i" $((SECONDS - start)))")
}
# A totals line (anatomy.probe.Verdict.TOTALS_REGEX, with an optional "label: " first): groups 2-4 passed, failed,
# skipped; 6 findings, 8 inconclusive, 10 problem-listed.
TOTALS='^([A-Za-z-]+: )?([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped(, ([0-9]+) findings)?(, ([0-9]+) inconclusive)?(, ([0-9]+) problem-listed)?$'

# The system's JDKs and architectures before and after: make check must change neither.
system_jdks() { { dpkg-query -W -f='${binary:Package} ${Version}\n' 'openjdk-*' 'temurin-*' 2>/dev/null; dpkg --print-foreign-architectures 2>/dev/null; } | sort; }
before=$(system_jdks)

step hygiene     hygiene
step hsdis       hsdis-check HSDIS_CHECK_QEMU=yes
step selftest    selftest
# The mutants' runner on HotSpot's own code: a killed, an unreached and a crashed mutant of the newest x86_64
# build, told apart (the chosen set and the sample are `make mutants` away: docs/mutation.md).
step mutants     mutants JDK="$MUTANTS" SET=make/mutants/smoke.txt
step pack        test
step sensitivity sensitivity
step switching  switching
step configs     configs TEST=headline
# The concurrency vocabulary on an AArch64 CPU without LSE atomics (exclusive-pair loops), before the main
# matrix, whose results make report reads.
step no-lse      matrix MATRIX="aarch64-17-nolse aarch64-25-nolse" TEST=concurrency
# The whole pack on the newest JDK of each ISA (the early-access build: pinned in make/jdk-table), then :headline
# on every other JDK of the default matrix; make report shows both.
step newest      matrix MATRIX="$NEWEST" TEST="all lib/test/whitebox/WhiteBoxBindingTest.java"
step matrix      matrix MATRIX="$OTHERS" MATRIX_KEEP=1 TEST="headline lib/test/whitebox/WhiteBoxBindingTest.java"
# :headline on each other C2 port (riscv64, ppc64le, s390x) under qemu-user 10: the whole pack there is
# `make matrix MATRIX=ports` away (docs/matrix.md).
step ports       matrix MATRIX="$PORTS" MATRIX_KEEP=1 TEST=headline
step report      report-check

after=$(system_jdks)
if [ "$before" = "$after" ]; then
    passed=$((passed + 1))
    rows+=("$(printf '  %-12s %-6s %s' system ok "the system's JDK packages and dpkg architectures are as before")")
else
    failed=$((failed + 1)); bad_steps+=(system)
    rows+=("$(printf '  %-12s %-6s %s' system FAILED "make check changed the system's JDKs: $(diff <(echo "$before") <(echo "$after") | grep '^[<>]' | tr '\n' ' ')")")
fi

echo
echo "make check (${SECONDS} s):"
printf '%s\n' "${rows[@]}"
[ ${#bad_steps[@]} = 0 ] || echo "failed steps: ${bad_steps[*]}"
[ "$findings" = 0 ] || echo "$findings findings (the JDK's defaults differ from what a test claims) in: ${finding_steps[*]}"
echo "$passed passed, $failed failed, $skipped skipped$([ "$inconclusive" -gt 0 ] && echo ", $inconclusive inconclusive")"
[ ${#bad_steps[@]} = 0 ]
