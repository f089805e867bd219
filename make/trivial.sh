#!/usr/bin/env bash
# The yardstick of the pack's own cost (docs/running.md, "Where the time of a run goes"): N trivial jtreg tests,
# each a `@run driver` test that starts one trivial child VM, run as make test runs the pack (agentvm, -conc).
#   bash make/trivial.sh           writes them under $BUILD/trivial/tests (N: the pack's test count, every @test
#                                  block of test/), and prints the jtreg command line that runs them
#   bash make/trivial.sh run       writes them, then runs that command (jtreg's own output)
# Variables: N, CONC (default 2), JDK, JTREG_HOME, BUILD as for make test.
set -euo pipefail
cd "$(dirname "$0")/.."
. make/lib.sh

[ $# -le 1 ] && { [ $# = 0 ] || [ "$1" = run ]; } || die "usage: bash make/trivial.sh [run]"
BUILD=${BUILD:-build}
N=${N:-$(grep -rhE '^ \* @test( |$)' test | wc -l)}
[[ $N =~ ^[1-9][0-9]{0,5}$ ]] || die "N=$N is not a number of tests from 1 to 999999"
CONC=${CONC:-2}
check_conc
JDK=$(jdk_under_test) || exit 2
HOST_JDK=$(host_jdk "$JDK") || die "no JDK 17+ for $(host_arch) to run jtreg with"
JTREG_HOME=$(find_jtreg) || exit 2

DIR=$(mkdir -p "$BUILD/trivial" && cd "$BUILD/trivial" && pwd)
TOOLS=$(build_tools "$HOST_JDK")
"$HOST_JDK/bin/java" "${TOOL_VM[@]}" -cp "$TOOLS" modes.Trivial "$DIR/tests" "$N"   # writes the tests: make/tools/modes/Trivial.java
rm -rf "$DIR/work" "$DIR/report"
command=("$HOST_JDK/bin/java" "${TOOL_VM[@]}" -jar "$JTREG_HOME/lib/jtreg.jar" -jdk:"$JDK" -agentvm -conc:"$CONC"
    -w:"$DIR/work" -r:"$DIR/report" "$DIR/tests")
if [ $# = 0 ]; then
    printf '%q ' "${command[@]}"
    echo
else
    exec "${command[@]}"
fi
