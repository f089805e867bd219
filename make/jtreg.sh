#!/usr/bin/env bash
# make test's run: make/tools/run/Launch.java checks what the user typed (one line, exit 2, before anything is built),
# provisions the run and runs it (PackRun); `make/jtreg.sh --check-only` only checks. Its variables: JDK, TEST, ARCH,
# VM_OPTIONS, JAVA_OPTIONS, CONC, TIMEOUT_FACTOR, JTREG_HOME, BUILD, and PackRun's (SHARD, BUNDLE, RETAIN, ...).
# Here only what Launch's VM must inherit: the hsdis plugins (make's or a mode's, else this BUILD's, which Launch then
# builds with `make hsdis` after its checks), the probe's report, which jtreg, run in that VM, hands to the probe's VM,
# and where the probe keeps its answers (lib/anatomy/probe/ProbeCache.java; PACK_PROBE_CACHE= keeps none).
set -euo pipefail
cd "$(dirname "$0")/.."
. make/lib.sh
use_build_dir
use_runs
if [ -z "${HSDIS_PATH:-}" ]; then
    plugin_paths "$BUILD"
    export HSDIS_PATH=$PACK_PLUGIN_PATH HSDIS_DECODE=$PACK_DECODER PACK_BUILD_PLUGINS=yes
fi
export PACK_HSDIS_PATH=$HSDIS_PATH PACK_HSDIS_DECODE=${HSDIS_DECODE:-} PACK_PROBE_REPORT=$BUILD/probe.report \
    PACK_PROBE_CACHE=${PACK_PROBE_CACHE-$PACK_CHECKED/probes}
[ "${1:-}" = --check-only ] || exec "$RUNS_JAVA" "${TOOL_VM[@]}" -Dpack.platforms="$PLATFORMS_FILE" -cp "$RUNS_CP" run.Launch "$@"
# make's check, once for the same input: what the user typed, the files it names and the checks' own sources. A memo
# only spares the VM of the check that make runs before building; the run itself checks again, in its own VM (the
# options' answer there is keyed by libjvm.so: a rebuilt JDK is asked again, only not before make hsdis).
# shellcheck disable=SC2086 # TEST is a list of words
memo=${PACK_CHECKED:-$BUILD/checked}/input-$({ env | grep -E '^(JDK|TEST|ARCH|CONC|TIMEOUT_FACTOR|VM_OPTIONS|JAVA_OPTIONS|JTREG_HOME|JAVA_HOME|PATH|JDK_TABLE)=' | sort
    nproc; stat -L -c '%n %Y %s %i' TEST.groups make/jdk-table make/platforms make/tools/run/Launch.java make/tools/jdks/Homes.java \
        ${JDK:+"$JDK/release"} ${TEST:-} 2>&1 || :; } | cksum | cut -d' ' -f1)
[ ! -f "$memo" ] || exec cat "$memo"
out=$("$RUNS_JAVA" "${TOOL_VM[@]}" -Dpack.platforms="$PLATFORMS_FILE" -cp "$RUNS_CP" run.Launch "$@") || exit
mkdir -p "${memo%/*}" && printf '%s\n' "$out" >"$memo.$$" && mv -f "$memo.$$" "$memo"
printf '%s\n' "$out"
