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
[[ $N =~ ^[1-9][0-9]*$ ]] || die "N=$N is not a positive whole number"
CONC=${CONC:-2}
check_conc
JDK=$(jdk_under_test) || exit 2
HOST_JDK=$(host_jdk "$JDK") || die "no JDK 17+ for $(host_arch) to run jtreg with"
JTREG_HOME=$(find_jtreg) || exit 2

DIR=$(mkdir -p "$BUILD/trivial" && cd "$BUILD/trivial" && pwd)
rm -rf "$DIR/tests"
mkdir -p "$DIR/tests"
printf '# %s trivial tests: the yardstick of make/trivial.sh\n' "$N" >"$DIR/tests/TEST.ROOT"
for i in $(seq "$N"); do
    cat >"$DIR/tests/Trivial$i.java" <<EOF
/*
 * @test
 * @run driver Trivial$i
 */
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

public class Trivial$i {
    public static void main(String[] args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("test.jdk"), "bin", "java").toString()));
        for (String o : (System.getProperty("test.vm.opts", "") + " " + System.getProperty("test.java.opts", "")).split(" ")) {
            if (!o.isBlank()) {
                command.add(o);
            }
        }
        command.addAll(List.of("-cp", System.getProperty("test.class.path"), "Trivial$i\$Child"));
        int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
        if (exit != 0) {
            throw new RuntimeException("the child VM exited " + exit);
        }
    }

    public static class Child {
        public static void main(String[] args) {
        }
    }
}
EOF
done

rm -rf "$DIR/work" "$DIR/report"
command=("$HOST_JDK/bin/java" -jar "$JTREG_HOME/lib/jtreg.jar" -jdk:"$JDK" -agentvm -conc:"$CONC"
    -w:"$DIR/work" -r:"$DIR/report" "$DIR/tests")
if [ $# = 0 ]; then
    printf '%q ' "${command[@]}"
    echo
else
    exec "${command[@]}"
fi
