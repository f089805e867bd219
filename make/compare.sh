#!/usr/bin/env bash
# make compare BASE=<jdk> NEW=<jdk> [TEST=...] [BASE_VM_OPTIONS=...] [NEW_VM_OPTIONS=...]: runs the pack on both
# JDKs (each side in $BUILD/compare/base or new, with RETAIN=all so passing tests keep their machine code; a
# side whose JDK, options, selection and pack sources are unchanged since its last run is reused), then prints
# the behaviours whose verdict changed with their methods' code side by side, and the methods whose code
# changed size; "no change" when nothing did. HTML: $BUILD/compare/index.html. See docs/report.md.
#   make/compare.sh --check-only   only checks BASE, NEW and TEST (one line, exit 2)
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
. make/lib.sh

# A JDK given as BASE= or NEW=: present, and a JDK. One line if not.
check_side() { # NAME VALUE
    [ -n "$2" ] || die "$1= is required: make compare BASE=/path/to/jdk NEW=/path/to/jdk"
    check_jdk_home "$1" "$2"
    [ "$(jdk_feature "$2")" -ge 17 ] 2>/dev/null || die "$1=$2 is JDK $(jdk_feature "$2"); the pack needs JDK 17 or newer"
}
check_side BASE "${BASE:-}"
check_side NEW "${NEW:-}"
check_test_selection
[ "${1:-}" = --check-only ] && exit 0

use_build_dir
TEST=${TEST:-all}
HOST_JDK=$(host_jdk "") || die "no JDK 17+ for $(host_arch) to run the compare tool"
tools=$(build_tools "$HOST_JDK") || exit 2
use_runs
# What a side's results depend on: its JDK, its options, the selection and the pack's sources.
sources=$( { git ls-tree -r HEAD -- lib test TEST.ROOT TEST.groups 2>/dev/null; git diff HEAD -- lib test TEST.ROOT TEST.groups 2>/dev/null; } \
    | sha1sum | cut -c1-12)

run_side() { # NAME JDK OPTIONS
    local dir=$BUILD/compare/$1 home stamp
    home=$(cd "$2" && pwd -P)
    stamp="$home|$3|$TEST|$sources|$(sha1sum <"$home/release" | cut -c1-12)"
    # the stamp names the run whose results it vouches for: reused only when those results are still that run's
    if [ "$(sed -n 1p "$dir/stamp" 2>/dev/null)" = "$stamp" ] && run_totals "$(sed -n 2p "$dir/stamp")" "$dir" >/dev/null; then
        echo "compare: $1: reusing $dir (same JDK, options, TEST and pack sources)"
        return 0
    fi
    rm -f "$dir/stamp"
    mkdir -p "$dir"
    echo "compare: $1: make test JDK=$home TEST=$TEST${3:+ VM_OPTIONS=$3} RETAIN=all (log $dir/run.log)"
    local id rc totals
    id=$(new_run_id)
    JDK=$home VM_OPTIONS=$3 RETAIN=all pack_run "$dir" "$id" >"$dir/run.log" 2>&1
    rc=$?
    totals=$(run_totals "$id" "$dir") ||
        die "$1 ($home) produced no results (exit $rc): $(grep -m1 -E 'error:' "$dir/run.log" || tail -n 1 "$dir/run.log")"
    printf '%s\n%s\n' "$stamp" "$id" >"$dir/stamp"
    echo "compare: $1: $totals"
}
run_side base "$BASE" "${BASE_VM_OPTIONS:-}"
run_side new "$NEW" "${NEW_VM_OPTIONS:-}"
label() { echo "$(jdk_arch "$1")-$(jdk_feature "$1")${2:+ $2}"; }
exec "$HOST_JDK/bin/java" -cp "$tools" Compare "$BUILD/compare/base" "$(label "$BASE" "${BASE_VM_OPTIONS:-}")" \
    "$BUILD/compare/new" "$(label "$NEW" "${NEW_VM_OPTIONS:-}")" "$BUILD/compare/index.html"
