#!/usr/bin/env bash
# make mutants: the pack against HotSpot changed in its own machine code (docs/mutation.md). Each mutant of the
# set is a copy of a Debian JDK whose libjvm.so carries one edit, located through the -dbg package of that very
# build; make/tools/mutants/Mutants.java makes the edits, runs the pack and judges each mutant.
#   JDK=<name>   a JDK of make/jdks.sh that Debian builds (default: make/jdk-table's list mutants): those ship
#                libjvm.so's symbols
#   SET=files    the set files (default make/mutants/chosen.txt)
#   MUTANTS=ids  only the set's mutants (with FRAMES=, the draw's) of these ids, in that order (blank- or comma-separated;
#                an id not there is an error)
#   TEST=...     run these tests against every mutant (default: the tests each mutant names)
#   SEED=, N=    draw N mutants at random (default 40) from the functions of the set's classes, by seed
#   FRAMES=file  with SEED= N=: draw them instead from each claim's declared frame (make/mutants/frames.txt),
#                stratified by claim and operator, each run against its claim's tests (docs/mutation.md)
#   LIST=f       run nothing: print the branch and call sites (with their source lines) of the functions whose
#                demangled name starts with f, as a set line's site names them
#   DRY=1        run nothing: resolve every mutant of the set against this JDK's libjvm.so, print edits or refusals
# A JDK of another ISA (aarch64-28ea) runs under qemu: the copy is made of the real JDK its facade names, and the
# tests run a facade over the copy (make/tools/Copies.java); nm and addr2line are binutils-<triple>'s.
set -euo pipefail
cd "$(dirname "$0")/.."
. make/lib.sh

# Everything typed is checked before anything is downloaded or built: one line and exit 2.
NAME=${JDK:-$(jdk_list mutants)}
case $NAME in
    */*) die "JDK=$NAME: make mutants takes a JDK name of make/jdks.sh (Debian's builds ship libjvm.so's symbols), not a path" ;;
esac
bash make/jdks.sh check "$NAME" >/dev/null 2>&1 || die "JDK=$NAME is no JDK name of make/jdks.sh (bash make/jdks.sh names)"
SET=${SET:-make/mutants/chosen.txt}
for s in $SET; do [ -f "$s" ] || die "SET=$s: no such file"; done
HOST_JDK=$(host_jdk "") || die "no JDK 17+ for $(host_arch) to run the mutants' runner"
# The set's lines, read by the runner's own reader (a file of its own, run from source: nothing is built).
"$HOST_JDK/bin/java" "${TOOL_VM[@]}" make/tools/mutants/MutantSet.java $SET || exit 2
[ -z "${SEED:-}" ] || [[ $SEED =~ ^[0-9]+$ ]] || die "SEED=$SEED is not a whole number"
[ -z "${N:-}" ] || [[ $N =~ ^[1-9][0-9]*$ ]] || die "N=$N is not a positive whole number"
[ -z "${N:-}" ] || [ -n "${SEED:-}" ] || die "N=$N draws mutants at random: give SEED= too"
if [ -n "${FRAMES:-}" ]; then
    "$HOST_JDK/bin/java" "${TOOL_VM[@]}" make/tools/mutants/MutantSet.java --frames "$FRAMES" || exit 2
    [ -n "${SEED:-}" ] || die "FRAMES=$FRAMES draws a claim-scoped sample: give SEED= (and N=) too"
    [ -z "${TEST:-}" ] || die "FRAMES= runs each mutant against its own claim's tests: drop TEST=$TEST"
fi
[ -z "${TEST:-}" ] || check_test_selection
[ -z "${DRY:-}" ] || [ "$DRY" = 1 ] || die "DRY=$DRY: DRY=1 resolves the set without running it"
[[ ${MUTANTS:-} =~ ^[A-Za-z0-9._,\ -]*$ ]] || die "MUTANTS=$MUTANTS: ids of the set, blank- or comma-separated"
[ "${1:-}" = --check-only ] && exit 0
[ -n "${HSDIS_DECODE:-}" ] && [ -x "$HSDIS_DECODE" ] || die "no decoder (HSDIS_DECODE): run it through make mutants"
use_build_dir

# One run at a time per work area: mutants of one JDK share one copy of it (LIST= and DRY= use no copy).
mkdir -p "$BUILD/mutants"
if [ -z "${LIST:-}" ] && [ -z "${DRY:-}" ]; then
    exec 9>"$BUILD/mutants/.lock"
    flock -n 9 || die "another make mutants is running in $BUILD/mutants (its copy of the JDK is in use); wait for it, or give BUILD="
fi

home=$(bash make/jdks.sh "$NAME") || exit 2
isa=$(jdk_arch "$home")
if [ "$isa" != "$(host_arch)" ]; then
    # Another ISA runs under qemu, behind make/jdks.sh's facade (the runner copies the real JDK it names and runs a
    # facade over the copy); its libjvm.so is read with binutils for that ISA, Debian's binutils-<triple>.
    grep -q '^real\.home=' "$home/pack-facade" 2>/dev/null || die "JDK=$NAME: $home is an $isa JDK but no qemu facade of make/jdks.sh"
    triple=$(platform "$isa" triple) || exit 2
    sh make/need.sh --why "make mutants of $isa JDKs: nm and addr2line for $isa" "binutils-${triple//_/-}=$triple-nm" || exit 2
fi
debug=$(bash make/jdks.sh dbg "$NAME") || exit 2
tools=$(build_tools "$HOST_JDK")
export HSDIS_PATH HSDIS_DECODE
exec "$HOST_JDK/bin/java" "${TOOL_VM[@]}" -cp "$tools" mutants.Mutants "$BUILD/mutants/$NAME" "$home" "$NAME" "$isa" "$(jdk_feature "$home")" \
    "$debug" "$HSDIS_DECODE" "$SET" "${TEST:-}" "${SEED:-}" "${N:-}" "${LIST:-}" "${DRY:-}" "${MUTANTS:-}" "${FRAMES:-}"
