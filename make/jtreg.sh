#!/usr/bin/env bash
# Runs jtreg over the pack (or a part of it) against the JDK under test, then prints the pack's summary.
# Driven by the Makefile through these variables (all optional):
#   JDK, TEST, VM_OPTIONS, JAVA_OPTIONS, CONC, JTREG_HOME, BUILD, ARCH, HSDIS_PATH, HSDIS_DECODE, JTREG_EXTRA,
#   SHARD, BUNDLE, TIMINGS (make/shard.sh)
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
# Once per run: make's parse-time check (--check-only) prints its VM's answer after "checked: ", under a key of
# the JDK (its path and release file) and the options, and make hands it down in PACK_OPTIONS_CHECKED. A run for
# another JDK or other options (a negative control of make sensitivity, a nested make) starts its own VM.
if [ "$CHECK_ONLY" = 1 ] || ! out=$(checked_answer "$TEST_JDK"); then
    # shellcheck disable=SC2086 # the options are a list
    if ! out=$("$TEST_JDK/bin/java" ${VM_OPTIONS:-} ${JAVA_OPTIONS:-} -XX:+PrintCommandLineFlags -version 2>&1); then
        die "JDK=$JDK cannot start a VM${VM_OPTIONS:+ with VM_OPTIONS=$VM_OPTIONS}${JAVA_OPTIONS:+ JAVA_OPTIONS=$JAVA_OPTIONS}: $(grep -v -e '^\s*$' -e '^-XX:' <<<"$out" | head -n 1)"
    fi
fi
if [ "$CHECK_ONLY" = 1 ]; then
    printf 'checked: %s\036%s\n' "$(options_key "$TEST_JDK")" "$(tr '\n' '\036' <<<"$out")"
    exit 0
fi
JTREG_HOME=$(find_jtreg) || exit 2

select_tests

# One jtreg work area per JDK (its path and version): classes compiled for one JDK never meet another, so
# alternating between two builds needs no `make clean` and recompiles nothing.
AREA=$BUILD/jtreg/$(jdk_key "$TEST_JDK")
WORK=$AREA/work
REPORT=$AREA/report
PROBE=$AREA/probe.properties
mkdir -p "$WORK" "$REPORT"
ln -sfn "$(basename "$AREA")" "$BUILD/jtreg/last"
rm -f "$PROBE"
# What make report shows in its header: the user's options, the VM's flags and its version, as this run saw them.
{
    printf 'jdk=%s\nvm.options=%s\njava.options=%s\n' "$JDK" "${VM_OPTIONS:-}" "${JAVA_OPTIONS:-}"
    printf 'vm.flags=%s\n' "$(grep '^-XX:' <<<"$out" | head -n 1 | sed 's/ *-XX:+PrintCommandLineFlags//')"
    grep -v -e '^-XX:' -e '^\s*$' <<<"$out" | awk '{ printf "java.version.%d=%s\n", NR, $0 }'
} >"$AREA/run.properties"
# jtreg compiles the library on demand and recompiles only what javac sees as stale, which misses a class
# whose supertype changed: after any change under lib/, start from no compiled classes.
if [ ! -f "$WORK/lib.stamp" ] || [ -n "$(find lib -newer "$WORK/lib.stamp" -name '*.java' -print -quit)" ]; then
    rm -rf "$WORK/classes" "$WORK/extraPropDefns" "$WORK/lib-classes"
    touch "$WORK/lib.stamp"
fi
# The library compiled once here, not with every test (-cpa puts it on each test's class path, javac takes its newer
# classes over lib's sources), and its string concatenations as StringBuilder calls (javac -XDstringConcat=inline, as
# before JDK 9): an invokedynamic concatenation makes each VM that runs it spin method handles, 0.07 s of CPU in a
# child VM of 0.21 s (docs/running.md). The tests are compiled by jtreg as before: their bytecode does not change.
if [ ! -d "$WORK/lib-classes" ]; then
    rm -rf "$WORK/lib-classes.tmp"
    "$HOST_JDK/bin/javac" -nowarn -XDstringConcat=inline -d "$WORK/lib-classes.tmp" $(find lib/anatomy lib/jdk lib/jtreg -name '*.java') \
        >"$AREA/lib-javac.log" 2>&1 || die "the library does not compile with $HOST_JDK/bin/javac: see $AREA/lib-javac.log"
    mv "$WORK/lib-classes.tmp" "$WORK/lib-classes"
fi
# The results describe this invocation only: no earlier run's .jtr (or its JUnit XML) is left to be read as
# this run's, whatever jtreg selects or filters out this time.
find "$WORK" \( -path "$WORK/classes" -o -path "$WORK/scratch" \) -prune -o \
     -type f \( -name '*.jtr' -o -name '*.jtr.xml' \) -exec rm -f {} +
rm -rf "$REPORT" "$WORK/jtData/ResultCache2.jtw"
mkdir -p "$REPORT"

args=(-jdk:"$TEST_JDK" -agentvm -conc:"$CONC" -xml -retain:"${RETAIN:-fail,error}" -v:fail,error,nopass -cpa:"$WORK/lib-classes")
# The JNI libraries of lib/native, built for the ISA under test; a test passes test.nativepath to its child VM.
args+=(-nativepath:"$(bash make/native.sh "$ARCH_UNDER_TEST" "$BUILD/native/$ARCH_UNDER_TEST" "$HOST_JDK")")
[ "$TEST_JDK" != "$HOST_JDK" ] && args+=(-compilejdk:"$HOST_JDK")
# Under qemu-user a VM starts 10-25 times slower: scale jtreg's timeouts (and the pack's child-VM limit).
emulated "$TEST_JDK" && args+=(-timeoutFactor:"${TIMEOUT_FACTOR:-10}")
# jtreg hands -vmoptions to the compiling VM too. A JDK of another ISA compiles with the host's (-compilejdk),
# which may not know the port's own flags (-XX:+UseZicond stops it, and jtreg then waits for a compile agent that
# never connects): there the user's VM options go as -javaoptions, which reach every VM that runs test code.
USER_OPTIONS="${VM_OPTIONS:-}${VM_OPTIONS:+${JAVA_OPTIONS:+ }}${JAVA_OPTIONS:-}"
user_args=()
if [ "$TEST_JDK" != "$HOST_JDK" ]; then
    [ -n "$USER_OPTIONS" ] && user_args+=(-javaoptions:"$USER_OPTIONS")
else
    [ -n "${VM_OPTIONS:-}" ] && user_args+=(-vmoptions:"$VM_OPTIONS")
    [ -n "${JAVA_OPTIONS:-}" ] && user_args+=(-javaoptions:"$JAVA_OPTIONS")
fi
export PACK_PROBE_REPORT=$PROBE
export PACK_HSDIS_PATH=${HSDIS_PATH:-}
export PACK_HSDIS_DECODE=${HSDIS_DECODE:-}
# The probe's report reaches the tests too (anatomy.Jit reads pack.gcs when a VM refuses a collector's option).
args+=(-e:PACK_HSDIS_PATH,PACK_HSDIS_DECODE,PACK_EMULATOR,PACK_PROBE_REPORT)
# shellcheck disable=SC2206
[ -n "${JTREG_EXTRA:-}" ] && args+=($JTREG_EXTRA)

tools=$(build_tools "$HOST_JDK")
# make test SHARD=k/N (BUNDLE= alone plans one shard): this machine's test files of the selection (make/shard.sh).
. make/shard.sh
if [ -n "${SHARD:-}${BUNDLE:-}" ]; then
    PLAN=$BUILD/shard-plan.txt
    rm -f "$PLAN"
    mapfile -t SELECT < <("$HOST_JDK/bin/java" -cp "$tools" Shards test "${SHARD:-1/1}" "$BUILD" "$PLAN" "${SELECT[@]}")
    [ -s "$PLAN" ] || exit 2   # it said why, one line
    if [ ${#SELECT[@]} -eq 0 ]; then
        echo "jtreg: shard ${SHARD:-1/1} has no test of TEST=$TEST: nothing to run"
        write_bundle test "$PLAN"
        exit 0
    fi
fi
# Known problems of this JDK or of the emulator (make/problems, docs/running.md "Known problems"): the entries that
# apply go to jtreg as an exclude file; the summary reports each as problem-listed, with its bug id and reason.
PROBLEMS=$("$HOST_JDK/bin/java" -cp "$tools" Problems "$ARCH_UNDER_TEST" "$(jdk_feature "$JDK")" \
    "$(emulated "$TEST_JDK" && echo true || echo false)" "$AREA/problems.txt" make/problems) || exit 2   # it said why, one line
[ -n "$PROBLEMS" ] && args+=(-exclude:"$PROBLEMS")

echo "jtreg: JDK $JDK ($ARCH_UNDER_TEST, JDK $(jdk_feature "$JDK"))${VM_OPTIONS:+, VM options: $VM_OPTIONS}"
start=$(date +%s)
# This run's results (make/tools/RunResults.java) carry its id: a mode that passes PACK_RUN_ID reads them back with it,
# and no earlier run's file is left here to be read as this one's.
RUN_ID=${PACK_RUN_ID:-$(new_run_id)}
rm -f "$BUILD/summary.tsv"
touch "$WORK/jtreg.started"
set +e
"$HOST_JDK/bin/java" -jar "$JTREG_HOME/lib/jtreg.jar" "${args[@]}" -w:"$WORK" -r:"$REPORT" "${user_args[@]}" "${SELECT[@]}"
status=$?
set -e
# 0: all passed; 1: some failed; 2: some errors; 3 and up: jtreg could not run the tests at all.
if [ "$status" -ge 3 ]; then
    die "jtreg could not run the tests (exit $status): see its message above"
fi
share_compiled_classes "$WORK/classes" "$WORK/jtreg.started"
summary_props=(-Dpack.problems="$PROBLEMS" -Dpack.run.id="$RUN_ID" -Dpack.jdk.home="$JDK" -Dpack.test.jdk="$TEST_JDK"
    -Dpack.commit="$(git rev-parse HEAD 2>/dev/null || true)" -Dpack.vm.options="$USER_OPTIONS")

# A test inconclusive under the user's options, or skipped at run time naming no probe property (only the options can
# explain that skip), runs once more without them, in a work dir of its own in this area (emptied first: nothing of an
# earlier rerun is read). The summary decides (anatomy.probe.Verdict.merge): a verdict there means the options took the
# evidence away or ruled the test out (a skip naming them); else the rerun's outcome stands (inconclusive stays so, a
# skip nothing explains without the options either is a finding).
# make sensitivity sets PACK_RERUN=no: there the options are the negative control under test.
RERUN=$AREA/rerun
rm -rf "$RERUN"
if [ -n "$USER_OPTIONS" ] && [ "${PACK_RERUN:-yes}" != no ]; then
    mapfile -t again < <("$HOST_JDK/bin/java" -cp "$tools" Summary --rerun "$WORK" "$PROBE" "$start")
    if [ ${#again[@]} -gt 0 ]; then
        echo "jtreg: ${#again[@]} inconclusive or skipped under your options ($USER_OPTIONS): once more without them (log $RERUN/jtreg.log)"
        mkdir -p "$RERUN/work" "$RERUN/report"
        [ -d "$WORK/classes" ] && cp -a "$WORK/classes" "$RERUN/work/classes"
        set +e
        PACK_PROBE_REPORT=$RERUN/probe.properties "$HOST_JDK/bin/java" -jar "$JTREG_HOME/lib/jtreg.jar" "${args[@]}" \
            -w:"$RERUN/work" -r:"$RERUN/report" "${again[@]}" >"$RERUN/jtreg.log" 2>&1
        set -e
        summary_props+=(-Dpack.rerun="$RERUN/work" -Dpack.rerun.probe="$RERUN/probe.properties" -Dpack.rerun.options="$USER_OPTIONS")
    fi
fi
# The summary's exit status is the run's: 0 all passed, skipped or problem-listed, 1 a test failed, else 4 some
# are inconclusive (the pack could not reach a verdict), else 3 there are findings (tests stopped only by this
# JDK's defaults); make reports them as "Error 1", "Error 4", "Error 3".
"$HOST_JDK/bin/java" "${summary_props[@]}" -cp "$tools" Summary "$WORK" "$PROBE" "$start" "$BUILD/summary.tsv" "${SELECT[@]}" && status=0 || status=$?
# The wall times plans read (make/tools/Shards.java): a whole run's under the JDK's defaults, not a shard's (the shards of one
# plan must read the same times) nor one under options that change them (-Xcomp, a negative control).
[ -n "${SHARD:-}" ] || [ -n "$USER_OPTIONS" ] || "$HOST_JDK/bin/java" -cp "$tools" Shards record "$BUILD" || note "could not record the wall times in $BUILD/timings.tsv"
write_bundle test "${PLAN:-}" .
exit "$status"
