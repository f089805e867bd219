#!/usr/bin/env bash
# make/matrix.sh: runs the pack (or any command) once per JDK of a matrix, then prints one table of
# test x JDK/ISA -> passed / FAILED [n] / skipped [n] / finding [n] / inconclusive [n] / problem [n] (note n
# under the table gives the reason; a finding is a test stopped only by that JDK's defaults, an inconclusive a
# verdict the pack could not reach, a problem a test a problem list excludes: docs/running.md), and the totals
# alone on the last line: "N passed, N failed, N skipped" (", N findings", ", N inconclusive", ", N problem-listed"
# when there are any). Exits 1 if any test failed or any run did not produce results, else 4 if any is
# inconclusive, else 3 if there are findings (2 for a usage error). A run that exits 3 or 4 (make: "Error 3",
# "Error 4") had findings or inconclusive results and no failure: it is not a failed run.
#
#   make/matrix.sh [command ...]          default: the pack (make/lib.sh's pack_run)
#   make/matrix.sh --collate              only print the table again from the last runs' results
#   make/matrix.sh --check-only           only check MATRIX (one line, exit 2, if an entry is not a JDK)
#   make/matrix.sh --list                 check MATRIX, then print its entries one a line (nothing runs)
#
# Variables:
#   MATRIX   the JDKs, blank-separated (default: the rows of make/jdk-table on its list `default`); the word
#            `ports` stands for the rows on its list `ports` (the three other C2 ports under qemu-user 10), the
#            words `fleet` and `check-fleet` for each JDK on that list of make/jdk-table on every CPU model of its
#            ISA on that list of make/cpus (<name>@<model>; `fleet` puts a JDK of the host's ISA on the real CPU,
#            <name>, before its models).
#            An entry is a name that make/jdks.sh knows (<name>@<model> too), or label=/path/to/jdk for any JDK
#            you have (of any ISA of make/platforms; one not the host's gets a qemu facade).
#   BUILD    default build. Each JDK gets BUILD=$BUILD/matrix/<label> (its own jtreg work and report);
#            the JDK homes ($BUILD/jdks) and the hsdis plugins ($BUILD/hsdis, $BUILD/capstone) are shared.
#   TEST     each cell's tests (default: all).
#   QEMU_CPU_<isa> the CPU qemu emulates for that ISA's JDKs (make/jdks.sh; default make/platforms' cpu column).
#   MATRIX_KEEP=1  keep the results of JDKs not in MATRIX from the last runs (for make report)
#   MATRIX_VERBOSE=1  also stream each run's output (always written to $BUILD/matrix/<label>/run.log).
#
# A cell is one pack_run (make/lib.sh) in BUILD=$BUILD/matrix/<label>, with the plugins of $BUILD; a command given
# instead gets JDK, ARCH, BUILD, TEST, PACK_RUN_ID and MATRIX_LABEL in its environment.
# Each run's results are read from $BUILD/matrix/<label>/summary.tsv through the run model (make/tools/Runs.java);
# a run that left none of its own is a failed pseudo-row naming why. See docs/matrix.md.
set -uo pipefail

PROG=make/matrix.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"   # platform_isas, host_arch, jdk_arch, jdk_version (its die is replaced below)
die() { echo "$PROG: $*" >&2; exit 2; }
# The default matrix and the ports: the lists `default` and `ports` of the JDK table (make/jdk-table), read once.
read_jdk_table
DEFAULT_MATRIX=$(jdk_list default 2>&1) || die "$DEFAULT_MATRIX"
PORTS_MATRIX=$(jdk_list ports 2>&1) || die "$PORTS_MATRIX"
# fleet_matrix LIST: each JDK on the list of the JDK table on each CPU model of its ISA on that list of make/cpus
# (make/lib.sh), as <name>@<model>; with `fleet`, a JDK of the host's ISA on the real CPU (its plain name) first.
CPU_ERROR=$(cpu_rows 2>&1 >/dev/null) || die "$CPU_ERROR"
fleet_matrix() {
    local n m out=()
    for n in $(jdk_list "$1") ; do
        [ "$1" != fleet ] || [ "${n%%-*}" != "$(host_arch)" ] || out+=("$n")
        for m in $(cpu_list "$1" "${n%%-*}"); do out+=("$n@$m"); done
    done
    echo "${out[*]}"
}
FLEET_MATRIX=$(fleet_matrix fleet 2>&1) && CHECK_FLEET_MATRIX=$(fleet_matrix check-fleet 2>&1) || die "$FLEET_MATRIX$CHECK_FLEET_MATRIX"

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
CALLER_PWD=$PWD
cd "$ROOT" || die "cannot cd to $ROOT"
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac
mkdir -p "$BUILD/matrix" || die "cannot create $BUILD/matrix"
BUILD=$(cd "$BUILD" && pwd -P)
export PACK_COMPILED=${PACK_COMPILED:-$BUILD/compiled}   # the cells' classes, compiled once (make/tools/CompiledCache.java)

MATRIX=${MATRIX:-$DEFAULT_MATRIX}
MATRIX=$(echo " $MATRIX " | sed -e "s/ ports / $PORTS_MATRIX /g" -e "s/ fleet / $FLEET_MATRIX /g" \
    -e "s/ check-fleet / $CHECK_FLEET_MATRIX /g")
read -r -a ENTRIES <<<"$MATRIX"
[ ${#ENTRIES[@]} -gt 0 ] || die "MATRIX is empty"
COLLATE_ONLY=0
if [ "${1:-}" = --collate ]; then COLLATE_ONLY=1; shift; fi
CHECK_ONLY=0
if [ "${1:-}" = --check-only ]; then CHECK_ONLY=1; shift; fi
if [ "${1:-}" = --list ]; then CHECK_ONLY=list; shift; fi
CMD=("$@")

trap 'echo "$PROG: interrupted" >&2; exit 130' INT TERM

# Every entry is checked before anything runs: a mistyped name or path is one line, exit 2.
# LABELS: the cells' labels in order; JDK_PATH[label]: a label=path entry's JDK, absolute (relative to where
# make/matrix.sh was run).
LABELS=()
declare -A JDK_PATH=()
for entry in "${ENTRIES[@]}"; do
    label=${entry%%=*}
    [[ $label =~ ^[A-Za-z0-9._+@-]+$ ]] || die "bad MATRIX entry '$entry' (a name, or label=/path/to/jdk)"
    if [[ $entry == *=* ]]; then
        p=${entry#*=}; case $p in /*) ;; *) p=$CALLER_PWD/$p ;; esac
        [ -x "$p/bin/java" ] || die "MATRIX entry '$entry': $p is not a JDK (no bin/java)"
        JDK_PATH[$label]=$p
    else
        why=$(bash make/jdks.sh check "$entry" 2>&1) || die "MATRIX entry '$entry': ${why#make/jdks.sh: }"
    fi
    LABELS+=("$label")
done
[ "$CHECK_ONLY" = 1 ] && exit 0
if [ "$CHECK_ONLY" = list ]; then printf '%s\n' "${ENTRIES[@]}"; exit 0; fi

HOST_ARCH=$(host_arch)
RESULTS=$BUILD/matrix/results.tsv   # label, test, status, seconds, reason
TIMES=$BUILD/matrix/times.tsv       # label, seconds, exit code, JDK home, exact version
# MATRIX_KEEP=1 keeps the other JDKs' rows of an earlier matrix run (make check runs the whole pack on the
# newest JDKs, then :headline on the others, and make report shows them all); the table is of this run's JDKs.
if [ "${MATRIX_KEEP:-0}" = 1 ] && [ "$COLLATE_ONLY" = 0 ]; then
    for f in "$RESULTS" "$TIMES"; do
        [ -f "$f" ] || continue
        awk -F'\t' -v labels=" $MATRIX " 'index(labels, " " $1 "=") == 0 && index(labels, " " $1 " ") == 0' "$f" >"$f.tmp" && mv "$f.tmp" "$f"
    done
else
    : >"$RESULTS"
    : >"$TIMES"
fi

# Collects one run's results into $RESULTS through the run model (make/tools/Runs.java; with a run id, only that
# run's); prints nothing. Returns 1, the reason in COLLECT_ERROR, when the run left no results of its own: the run
# produced none, and nothing is re-derived from jtreg's own text.
collect() { # label dir [run-id]
    local rows
    rows=$(runs rows ${3:+--run "$3"} "$2" 2>&1) || { COLLECT_ERROR=${rows#error: }; return 1; }
    [ -z "$rows" ] || sed "s|^|$1\t|" <<<"$rows" >>"$RESULTS"
}

use_runs

# cell DIR ID: one cell's run, the pack (pack_run) or the command given.
cell() {
    if [ ${#CMD[@]} -eq 0 ]; then pack_run "$1" "$2"; else PACK_RUN_ID=$2 BUILD=$1 SHARD='' BUNDLE='' "${CMD[@]}"; fi
}

# make matrix SHARD=k/N (BUNDLE= alone plans one shard): this machine's cells, each with its test files, planned over
# whole cells when there are at least N, else over (cell, test file) pairs (make/tools/Shards.java). The cells' own
# make test runs are not shards. SHARD_CELLS[label] = the cell's test files; a label not in it is another shard's.
. make/shard.sh
declare -A SHARD_CELLS=()
SHARDED=0
if [ -n "${SHARD:-}${BUNDLE:-}" ] && [ "$COLLATE_ONLY" = 0 ]; then
    SHARDED=1
    HOST_JDK=$(host_jdk "") || die "no JDK 17+ for $HOST_ARCH to plan the shards with"
    tools=$(build_tools "$HOST_JDK") || exit 2
    cells=()
    for label in "${LABELS[@]}"; do
        if [ -n "${JDK_PATH[$label]:-}" ]; then isa=$(jdk_arch "${JDK_PATH[$label]}"); else isa=${label%%-*}; fi
        how=native
        [ "$isa" = "$HOST_ARCH" ] || how=emulated
        # a CPU model under qemu (make/cpus) is emulated on the host's ISA too
        [[ $label != *@* ]] || [[ $(cpu_model "$isa" "${label#*@}") != qemu* ]] || how=emulated
        cells+=("$label:$how")
    done
    select_tests
    PLAN=$BUILD/matrix/shard-plan.txt
    rm -f "$PLAN"
    while IFS=$'\t' read -r label files; do SHARD_CELLS[$label]=$files; done < <(
        "$HOST_JDK/bin/java" -cp "$tools" Shards matrix "${SHARD:-1/1}" "$BUILD" "$PLAN" "${cells[@]}" -- "${SELECT[@]}")
    [ -s "$PLAN" ] || exit 2   # it said why, one line
fi
unset SHARD   # BUNDLE stays for write_bundle below; each cell runs with BUNDLE= (no bundle of its own)

labels=()
declare -A HOME_OF=() ARCH_OF=() TEST_OF=() EMULATED_OF=()
# First each cell's JDK, one after another (a JDK's preparation may fetch and unpack what another cell shares); a cell
# whose JDK cannot be prepared is a failed pseudo-row.
for label in "${LABELS[@]}"; do
    path=${JDK_PATH[$label]:-}
    cell_test=${TEST:-}
    if [ "$SHARDED" = 1 ]; then
        [ -n "${SHARD_CELLS[$label]:-}" ] || continue   # another shard's cell
        cell_test=${SHARD_CELLS[$label]}
    fi
    labels+=("$label")
    dir=$BUILD/matrix/$label
    mkdir -p "$dir"

    if [ "$COLLATE_ONLY" = 1 ]; then
        [ -f "$dir/run.time" ] && cat "$dir/run.time" >>"$TIMES"
        collect "$label" "$dir" || printf '%s\t(run)\tfailed\t\t%s\n' "$label" "$COLLECT_ERROR" >>"$RESULTS"
        continue
    fi
    # The JDK home (shared under $BUILD/jdks) and its ISA.
    home=
    if [ -n "$path" ]; then
        [ -x "$path/bin/java" ] || { echo "matrix: $label: $path is not a JDK (no bin/java)";
            printf '%s\t(prepare)\tfailed\t\t%s\n' "$label" "$path is not a JDK" >>"$RESULTS"; continue; }
        arch=$(jdk_arch "$path")
        if [ "$arch" != "$HOST_ARCH" ] && [ ! -f "$path/pack-facade" ]; then
            home=$(BUILD=$BUILD bash make/jdks.sh facade "$path" "$label" 2>"$dir/prepare.err")
        else
            home=$(cd "$path" && pwd -P)
        fi
    else
        arch=${label%%-*}
        home=$(BUILD=$BUILD bash make/jdks.sh "$label" 2>"$dir/prepare.err")
    fi
    # A one-line note of the preparation (a pinned build gone, the newest taken instead) is the user's to see.
    grep '^note: ' "$dir/prepare.err" 2>/dev/null | sed "s/^note: /matrix: $label: /"
    if [ -z "${home:-}" ] || [ ! -x "$home/bin/java" ]; then
        why=$(tail -n 1 "$dir/prepare.err" 2>/dev/null); why=${why#make/jdks.sh: }
        echo "matrix: $label: cannot prepare the JDK: ${why:-unknown error}"
        printf '%s\t(prepare)\tfailed\t\t%s\n' "$label" "cannot prepare the JDK: ${why:-unknown error}" >>"$RESULTS"
        continue
    fi
    HOME_OF[$label]=$home ARCH_OF[$label]=$arch TEST_OF[$label]=$cell_test
    # emulated: another ISA, or a CPU model qemu runs (make/cpus)
    EMULATED_OF[$label]=no
    if [ "$arch" != "$HOST_ARCH" ] || { [[ $label == *@* ]] && [[ $(cpu_model "$arch" "${label#*@}") == qemu* ]]; }; then
        EMULATED_OF[$label]=yes
    fi
done

# run_cell LABEL: the cell's run; its time in run.time, its rows in rows.tsv and its line in cell.line, all in its
# directory, which the collation below reads in the cells' order.
run_cell() {
    local label=$1 dir=$BUILD/matrix/$1 home=${HOME_OF[$1]} arch=${ARCH_OF[$1]} id version what start secs rc counts explained last
    local log=$dir/run.log
    rm -f "$dir/rows.tsv" "$dir/cell.line"
    id=$(new_run_id)   # the run's own results carry it (make/jtreg.sh's PACK_RUN_ID): no earlier run's are read as its own
    version=$(jdk_version "$home")
    what=${CMD[*]:-pack_run $dir $id}
    echo "matrix: $label ($arch, $version, $home): $what"
    start=$(date +%s)
    printf '== %s %s: JDK=%s ARCH=%s TEST=%s\n== %s\n' "$(date '+%F %T')" "$label" "$home" "$arch" "${TEST_OF[$label]}" "$what" >"$log"
    if [ "${MATRIX_VERBOSE:-0}" = 1 ]; then
        JDK=$home ARCH=$arch MATRIX_LABEL=$label TEST=${TEST_OF[$label]} CONC=$lane_conc cell "$dir" "$id" </dev/null 2>&1 | tee -a "$log"
        rc=${PIPESTATUS[0]}
    else
        JDK=$home ARCH=$arch MATRIX_LABEL=$label TEST=${TEST_OF[$label]} CONC=$lane_conc cell "$dir" "$id" </dev/null >>"$log" 2>&1
        rc=$?
    fi
    secs=$(( $(date +%s) - start ))
    printf '%s\t%s\t%s\t%s\t%s\n' "$label" "$secs" "$rc" "$home" "$version" >"$dir/run.time"
    # The run's exit must be the one its results explain (1 failed, 4 inconclusive, 3 findings: Runs totals; a make
    # command given instead exits 2 for any of them, with its "Error N"): else a failed pseudo-row says so.
    : >"$dir/rows.tsv"
    if ! RESULTS=$dir/rows.tsv collect "$label" "$dir" "$id"; then
        last=$(grep -v '^[[:space:]]*$' "$log" | tail -n 1)
        printf '%s\t(run)\tfailed\t\t%s\n' "$label" "no results (exit $rc; see $log): $COLLECT_ERROR; $last" >>"$dir/rows.tsv"
        counts="no results"
    else
        counts=$(runs totals --run "$id" "$dir"); explained=$?
        if [ "$rc" != 0 ] && [ "$rc" != "$explained" ] && { [ "$rc" != 2 ] || [ "$explained" = 0 ]; }; then
            printf '%s\t(run)\tfailed\t\t%s\n' "$label" "exit $rc although its results say $explained: $counts (see $log)" >>"$dir/rows.tsv"
        fi
    fi
    echo "matrix: $label: exit $rc after ${secs} s: $counts (log $log)" | tee "$dir/cell.line"
}

# Then the cells: the native ones, then the emulated ones (another ISA, or a CPU model qemu runs), each kind two at a
# time (MATRIX_LANES, default one per core up to 2; 1 with MATRIX_VERBOSE), each cell with its share of CONC. A run's
# fixed part (jtreg, the probe, the summary; under qemu the probe's VMs too) is one thread: a native headline cell
# used 1.6 of 2 cores alone, and the three ports' :headline took 289 s one after another, 161 s two at a time.
lanes=${MATRIX_LANES:-$(( $(nproc 2>/dev/null || echo 1) < 2 ? 1 : 2 ))}
[ "${MATRIX_VERBOSE:-0}" != 1 ] || lanes=1
all_conc=${CONC:-$(nproc 2>/dev/null || echo 2)}
# run_kind yes|no: the cells of that kind, at most $lanes at once, CONC shared by as many as run side by side
run_kind() {
    local kind=$1 label n=0 side
    for label in "${labels[@]}"; do [ "${EMULATED_OF[$label]:-}" != "$kind" ] || n=$((n + 1)); done
    side=$(( n < lanes ? n : lanes )); [ "$side" -ge 1 ] || return 0
    lane_conc=$(( all_conc / side )); [ "$lane_conc" -ge 1 ] || lane_conc=1
    for label in "${labels[@]}"; do
        [ "${EMULATED_OF[$label]:-}" = "$kind" ] || continue
        while [ "$(jobs -rp | wc -l)" -ge "$lanes" ]; do wait -n; done
        run_cell "$label" &
    done
    wait
}
if [ "$COLLATE_ONLY" = 0 ]; then
    run_kind no
    run_kind yes
    for label in "${labels[@]}"; do
        [ -n "${HOME_OF[$label]:-}" ] || continue
        dir=$BUILD/matrix/$label
        if [ -f "$dir/cell.line" ]; then
            cat "$dir/run.time" >>"$TIMES"; cat "$dir/rows.tsv" >>"$RESULTS"
        else
            printf '%s\t(run)\tfailed\t\t%s\n' "$label" "the cell's run did not finish (see $dir/run.log)" >>"$RESULTS"
        fi
    done
fi

# The table: one row per test, one column per JDK, the reasons as numbered notes under it, and the totals line of the
# cells; its exit status is theirs (1 failed, else 4 inconclusive, else 3 findings): Runs table.
echo
runs table "$RESULTS" "$TIMES" "${labels[@]}"
status=$?
# BUNDLE=: this shard's runs, for make report FROM= (make/shard.sh)
[ "$SHARDED" = 1 ] && write_bundle matrix "$PLAN" "${labels[@]/#/matrix/}"
exit $status
