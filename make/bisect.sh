#!/usr/bin/env bash
# make/bisect.sh: the pack as a `git bisect run` judge. Runs the selected tests on one JDK and exits
#   0    every selected test passed (skips beside at least one pass are fine),
#   1    some test failed,
#   125  nothing could be judged: the JDK is missing or cannot start a VM, jtreg could not run, every
#        selected test skipped, or one was inconclusive (the pack could not reach its verdict; git bisect then
#        skips this commit: "cannot judge", neither good nor bad).
# make turns every failure into exit 2, which git bisect would read as "bad": call this script, not make.
#
#   make/bisect.sh JDK=/path/to/jdk TEST=test/branches/UnpredictableBranchBecomesCmov.java [VM_OPTIONS=...]
#
# Arguments are NAME=value (JDK, TEST, VM_OPTIONS, JAVA_OPTIONS, ARCH, BUILD, CONC); the environment works too.
# It enters no make (unless the hsdis plugins are not built yet) and may be run from any directory (a JDK checkout
# being bisected): the pack's paths are its own. Results go to $BUILD/bisect (default build/bisect in the pack), the
# run's output to $BUILD/bisect/run.log; each run's verdict line is appended to $BUILD/bisect/log.tsv (time, JDK, java
# -version's runtime line, verdict). The run and the judgement are make/tools/modes/Bisect.java's; this script reads
# the arguments and starts it (make/lib.sh's pack_mode). See docs/report.md.
set -uo pipefail
PACK=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
for arg in "$@"; do
    case $arg in
        JDK=*|TEST=*|VM_OPTIONS=*|JAVA_OPTIONS=*|ARCH=*|BUILD=*|CONC=*) export "${arg%%=*}=${arg#*=}" ;;
        *) echo "make/bisect.sh: unknown argument '$arg' (NAME=value: JDK, TEST, VM_OPTIONS, JAVA_OPTIONS, ARCH, BUILD, CONC)" >&2; exit 125 ;;
    esac
done
case ${JDK:-} in ''|/*) ;; *) JDK=$PWD/$JDK ;; esac
case ${BUILD:-} in ''|/*) ;; *) BUILD=$PWD/$BUILD ;; esac
cd "$PACK" || exit 125
[ -n "${JDK:-}" ] || { echo "make/bisect.sh: JDK= is required (the build under test)" >&2; exit 125; }
export JDK BUILD=${BUILD:-$PACK/build} CONC=${CONC:-1}
export PACK_COMPILED=${PACK_COMPILED:-$BUILD/bisect/compiled}
. make/lib.sh
# The mode runs on the host's JDK (use_runs): without one, nothing can be judged, and make's exit 2 would read as bad.
( use_runs ) >/dev/null 2>&1 || { echo "bisect: skip (no JDK 17+ for $(host_arch) to run the pack's tools with)"; exit 125; }
pack_mode Bisect judge   # an argument: Bisect provisions the plugins itself, 125 when it cannot
