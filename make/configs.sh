#!/usr/bin/env bash
# make/configs.sh: runs the pack (TEST=, default all) on one JDK under each configuration that OpenJDK's test
# tiers use, and those users deploy with (a small heap, a large one, one past 32 GB without compressed oops, no
# explicit collections, eager and lazy compile thresholds, no tiered compilation, -Xbatch; a user's own logging:
# -Xlog:disable, a compilation log to a file of their own), one run of the pack each, and prints one
# totals line per configuration and a table of the tests that did not pass. Every configuration must leave each test passed or skipped with a reason (or a
# finding: stopped only by the JDK's defaults, docs/running.md; exit 3 when there are findings and no failure):
# a failure under a configuration that keeps a test's preconditions is a false failure (exit 1); an inconclusive
# (a verdict the pack could not reach under the configuration) is not a pass either (exit 4 when nothing failed).
# The configuration is the point: no test is run once more without its options (PACK_RERUN=no, make/tools/PackRun.java),
# so an inconclusive under it counts as one, never as a skip naming the options.
#
#   make configs [JDK=...] [TEST=...] [CONFIGS='name=options;name=options']
#
# Each configuration is one pack_run (make/lib.sh) in a work area of its own ($BUILD/configs/<name>), so their results
# never mix; the hsdis plugin is the one of $BUILD, built once. A configuration's options are checked once, by the VM
# that decides whether this JDK starts with them at all, and that answer goes to its run (PACK_OPTIONS_CHECKED).
set -uo pipefail
cd "$(dirname "$0")/.."
. make/lib.sh
use_build_dir
JDK_HOME=$(resolve_jdk "${JDK:-}") || exit 2
# What the user typed (TEST, CONC, VM_OPTIONS, JAVA_OPTIONS): one line and exit 2, not a configuration that is n/a.
JDK=$JDK_HOME bash make/jtreg.sh --check-only >/dev/null || exit 2
use_runs
feature=$(jdk_feature "$JDK_HOME")

# name=VM options, a line each: CONFIGS= (';' between them), else the rows of make/configs for this JDK's release.
configs=${CONFIGS:-$(awk -v feature="$feature" -v build="$BUILD" '{ sub(/#.*/, "") } NF && ($2 == "-" || feature >= $2 + 0) {
    options = ""; for (i = 3; i <= NF; i++) options = options (i > 3 ? " " : "") $i
    gsub(/\{BUILD\}/, build, options); print $1 "=" options }' make/configs)}
configs=${configs//;/$'\n'}

: >"$BUILD/configs.tsv"
# one configuration's run in its own BUILD (so two never share a work area), its line of the table in $dir/line and
# its rows in $dir/rows.tsv; $dir/ran when it left results of its own
run_config() {
    local name=$1 opts=$2 dir=$BUILD/configs/$1 start=$SECONDS all checked id rc totals why
    mkdir -p "$dir" && rm -f "$dir/line" "$dir/ran" "$dir/rows.tsv"
    all="${VM_OPTIONS:+$VM_OPTIONS }$opts"
    if ! checked=$(JDK=$JDK_HOME VM_OPTIONS=$all bash make/jtreg.sh --check-only 2>"$dir/check.err"); then
        why=$(tail -n 1 "$dir/check.err")
        printf '%-16s %-60s %s\n' "$name" "${opts:-(none)}" "n/a: this JDK does not start with these options (${why#*"$all: "})" >"$dir/line"
        return
    fi
    id=$(new_run_id)
    JDK=$JDK_HOME VM_OPTIONS=$all PACK_RERUN=no PACK_OPTIONS_CHECKED=${checked#checked: } CONC=$lane_conc pack_run "$dir" "$id" >"$dir/run.log" 2>&1
    rc=$?
    # the configuration's own results, read through the run model (make/tools/Runs.java)
    if totals=$(run_totals "$id" "$dir"); then
        touch "$dir/ran"
        runs rows --run "$id" "$dir" --except passed | cut -f 1,2,4 | sed "s|^|$name\t|" >"$dir/rows.tsv"
    else
        totals="no results (exit $rc; see $dir/run.log): ${totals#error: }"
    fi
    printf '%-16s %-60s %s  (%d s)\n' "$name" "${opts:-(none)}" "$totals" $((SECONDS - start)) >"$dir/line"
}

# Two configurations at a time (CONFIG_LANES, default one per core up to 2), each with half of CONC: a run's fixed
# part (jtreg, the probe, the summary) is one thread, which left a core idle (docs/running.md).
lanes=${CONFIG_LANES:-$(( $(nproc 2>/dev/null || echo 1) < 2 ? 1 : 2 ))}
lane_conc=$(( ${CONC:-$(nproc 2>/dev/null || echo 2)} / lanes )); [ "$lane_conc" -ge 1 ] || lane_conc=1
names=()
while IFS= read -r line; do
    [ -n "$line" ] || continue
    name=${line%%=*}; opts=${line#*=}
    names+=("$name")
    while [ "$(jobs -rp | wc -l)" -ge "$lanes" ]; do wait -n; done
    run_config "$name" "$opts" &
done <<<"$configs"
wait

summary=()
ran=()       # the BUILD directories of this run's configurations that left results of their own
missing=0    # configurations that left none
for name in "${names[@]}"; do
    dir=$BUILD/configs/$name
    summary+=("$(cat "$dir/line" 2>/dev/null || echo "$name: no line (the configuration's run did not finish)")")
    if [ -f "$dir/ran" ]; then
        ran+=("$dir"); cat "$dir/rows.tsv" >>"$BUILD/configs.tsv" 2>/dev/null
    elif ! grep -q ' n/a: ' "$dir/line" 2>/dev/null; then
        missing=$((missing + 1))
    fi
done

echo
echo "Configurations on JDK $feature ($JDK_HOME):"
printf '  %s\n' "${summary[@]}"
if [ -s "$BUILD/configs.tsv" ]; then
    echo
    echo "Not passed:"
    awk -F'\t' '{ printf "  %-16s %-60s %-8s %s\n", $1, $2, $3, substr($4, 1, 160) }' "$BUILD/configs.tsv"
fi
echo
# The totals of every configuration that left results, by the one printer; its exit status is theirs (1 a failure,
# else 4 inconclusive, else 3 findings); a configuration that left no results is a failure.
[ "$missing" = 0 ] || echo "error: $missing configuration(s) left no results (a failure each)"
if [ ${#ran[@]} -gt 0 ]; then runs totals "${ran[@]}"; status=$?; else runs tally failed="$missing"; status=$?; fi
[ "$missing" = 0 ] || status=1
exit $status
