# make test and make matrix over many machines: SHARD=k/N (this machine's part of a plan made from earlier wall
# times, make/tools/run/Shards.java) and BUNDLE=path (what the shard leaves for make report FROM=, Bundles.java).
# Sourced by make/jtreg.sh and make/matrix.sh after make/lib.sh; `bash make/shard.sh check` and `bash make/shard.sh
# plan` are the Makefile's. docs/running.md, "Many machines".

# check_shard: SHARD is k/N with 1 <= k <= N, and BUNDLE a new path, an earlier bundle or a .tar.gz. One line if not.
check_shard() {
    if [ -n "${SHARD:-}" ]; then
        [[ $SHARD =~ ^([1-9][0-9]{0,3})/([1-9][0-9]{0,3})$ ]] || die "SHARD=$SHARD is not k/N (this machine's shard k of N, 1 <= k <= N, e.g. SHARD=1/3)"
        [ "${BASH_REMATCH[1]}" -le "${BASH_REMATCH[2]}" ] || die "SHARD=$SHARD: there is no shard ${BASH_REMATCH[1]} of ${BASH_REMATCH[2]} (1 <= k <= N)"
    fi
    if [ -n "${BUNDLE:-}" ] && [ -e "$BUNDLE" ] && [ ! -f "$BUNDLE/bundle.properties" ] && [[ $BUNDLE != *.tar.gz ]]; then
        [ -d "$BUNDLE" ] && [ -z "$(ls -A "$BUNDLE")" ] || die "BUNDLE=$BUNDLE exists and is no bundle: name a new path (a directory, or a file ending .tar.gz)"
    fi
    return 0
}

# write_bundle KIND PLAN_FILE [RUN_DIR...]: when BUNDLE= is set, the bundle of these run directories of $BUILD (a
# directory, or a .tar.gz: make/tools/report/Bundles.java). Uses HOST_JDK and tools.
write_bundle() {
    [ -z "${BUNDLE:-}" ] || "$HOST_JDK/bin/java" "${TOOL_VM[@]}" -cp "$tools" report.Bundles write "$BUNDLE" "$BUILD" "$@" || exit 2
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -euo pipefail
    cd "$(dirname "$0")/.."
    . make/lib.sh
    case ${1:-} in
        check) check_shard ;;
        plan)  # make plan: the whole plan of TEST= over N shards, nothing run
            SHARD=${SHARD:-1/1}; check_shard; check_test_selection; use_build_dir
            HOST_JDK=$(host_jdk "") || die "no JDK 17+ for $(host_arch) to plan with"
            tools=$(build_tools "$HOST_JDK"); select_tests
            "$HOST_JDK/bin/java" "${TOOL_VM[@]}" -cp "$tools" run.Shards plan "$SHARD" "$BUILD" "${SELECT[@]}" ;;
        *) die "usage: make/shard.sh check|plan" ;;
    esac
fi
