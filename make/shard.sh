# make test and make matrix over many machines: SHARD=k/N (this machine's part of a plan made from earlier wall
# times, make/tools/Shards.java) and BUNDLE=path (what the shard leaves for make report FROM=, Bundles.java).
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

# timings_file: the earlier wall times a plan reads: TIMINGS=, else $BUILD/timings.tsv (make test writes it after each
# run that is not a shard), else make/timings (the seed in the repository, what a fresh clone plans with).
timings_file() {
    if [ -n "${TIMINGS:-}" ]; then echo "$TIMINGS"
    elif [ -f "$BUILD/timings.tsv" ]; then echo "$BUILD/timings.tsv"
    else echo make/timings
    fi
}

# pack_commit: the commit checked out here (with "+uncommitted" when tracked files differ from it).
pack_commit() {
    local c
    c=$(git rev-parse HEAD 2>/dev/null) || { echo unknown; return; }
    [ -z "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] || c="$c+uncommitted"
    echo "$c"
}

# write_bundle KIND PLAN_FILE [RUN_DIR...]: when BUNDLE= is set, the bundle of these run directories of $BUILD (a
# directory, or a .tar.gz packed from one). Uses HOST_JDK and tools.
write_bundle() {
    [ -n "${BUNDLE:-}" ] || return 0
    local kind=$1 plan=$2 dir=$BUNDLE; shift 2
    [[ $BUNDLE == *.tar.gz ]] && dir=$BUILD/bundle.tmp
    "$HOST_JDK/bin/java" -cp "$tools" Bundles write "$dir" "$BUILD" "$kind" "$plan" "$(pack_commit)" "$@" || die "cannot write the bundle $BUNDLE"
    if [[ $BUNDLE == *.tar.gz ]]; then
        mkdir -p "$(dirname "$BUNDLE")"
        tar -C "$dir" -czf "$BUNDLE" . || die "cannot pack the bundle into $BUNDLE"
        rm -rf "$dir"
    fi
    echo "bundle: $BUNDLE (shard $(sed -n 's/^shard=//p' "$plan") of plan $(sed -n 's/^plan.hash=//p' "$plan"))"
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
            "$HOST_JDK/bin/java" -cp "$tools" Shards plan "$SHARD" "$(timings_file)" "${SELECT[@]}" ;;
        *) die "usage: make/shard.sh check|plan" ;;
    esac
fi
