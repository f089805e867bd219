# Shared shell functions of the pack's make scripts: one-line errors, installing what is missing, finding JDKs.
# Sourced, not run.

die() { echo "error: $*" >&2; exit 2; }
note() { echo "make: $*" >&2; }

# The harness's own VMs, on the host's JDK (the tools, PackRun, jtreg's own VM; never a VM of the JDK under test):
# short-lived and not what the pack measures, so C1 only and the serial collector. One test's jtreg run costs 1.2 s
# of CPU less (farm-bench, 5 pairs: cpu 5.27 -> 4.03 s, wall 3.46 -> 2.95 s). PackRun hands them to jtreg's VM.
export PACK_TOOL_VM="${PACK_TOOL_VM--XX:TieredStopAtLevel=1 -XX:+UseSerialGC}"
read -r -a TOOL_VM <<<"$PACK_TOOL_VM"

# need_pkg COMMAND_OR_FILE DEBIAN_PACKAGE: the package unless the command or file is there (make/need.sh).
need_pkg() {
    sh make/need.sh "$2=$1" || exit 2
}

# jdk_feature JAVA_HOME: prints the feature release (17, 21, 25, ...) from the release file.
jdk_feature() {
    local v
    v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" 2>/dev/null)
    echo "${v:-0}"
}

# The platform table, make/platforms: one row per ISA the pack knows, read here for every shell script (and by
# the Makefile, make/hsdis.mk and the Java library the same way: columns by position, '#' starts a comment).
# This file's directory, absolute, found without a process (every make/*.sh sources this file, a run eight times)
PACK_MAKE_DIR=${BASH_SOURCE[0]%/*}
[ "$PACK_MAKE_DIR" = "${BASH_SOURCE[0]}" ] && PACK_MAKE_DIR=.
case $PACK_MAKE_DIR in /*) ;; *) PACK_MAKE_DIR=$PWD/$PACK_MAKE_DIR ;; esac
PLATFORMS_FILE=${PLATFORMS_FILE:-$PACK_MAKE_DIR/platforms}
PLATFORM_COLUMNS="isa aliases elf debian triple qemu cpu backend variants"

# platform KEY COLUMN: the column (a name of PLATFORM_COLUMNS) of the ISA that KEY names: its name, one of its
# aliases (os.arch, uname -m, Debian's architecture) or, as elf=N, its ELF machine. Prints nothing and fails
# for a key no row has.
platform() {
    local n=0 c
    for c in $PLATFORM_COLUMNS; do n=$((n + 1)); [ "$c" = "$2" ] && break; done
    [ "$c" = "$2" ] || { echo "platform: no column '$2' in make/platforms (columns: $PLATFORM_COLUMNS)" >&2; return 2; }
    awk -v key="$1" -v col="$n" '
        { sub(/#.*/, "") } NF == 0 { next }
        {
            hit = ($1 == key) || (key == "elf=" $3)
            na = split($2, a, ","); for (i = 1; i <= na; i++) if (a[i] == key) hit = 1
            if ($4 == key) hit = 1
            if (hit) { print $col; found = 1; exit }
        }
        END { exit !found }' "$PLATFORMS_FILE"
}

# platform_isas [COLUMN VALUE]: the ISAs of the table in its order, one a line; with a column and value, only the
# rows whose column has that value (platform_isas backend capstone).
platform_isas() {
    local n=0 c
    for c in $PLATFORM_COLUMNS; do n=$((n + 1)); [ "$c" = "${1:-isa}" ] && break; done
    awk -v col="$n" -v want="${2:-}" '{ sub(/#.*/, "") } NF == 0 { next } want == "" || $col == want { print $1 }' "$PLATFORMS_FILE"
}

# The JDK table, make/jdk-table (JDK_TABLE= another file): one row per JDK name, read for every shell script by its
# one reader, make/tools/jdks/JdkTable.java.
JDK_TABLE=${JDK_TABLE:-$PACK_MAKE_DIR/jdk-table}

# table_rows CLASS FILE: the rows of a table, checked, in its order, one a line, the columns separated by one blank, as
# its one reader prints them (`CLASS rows FILE`, make/tools/jdks/CLASS.java: use_runs' JDK and tools), kept in a file
# beside the tools until the table, make/platforms or the reader changes (make help reads five lists, make matrix runs
# make/jdks.sh for each JDK). A bad row is one line on stderr naming the file and its line, and a failure (nothing
# printed).
table_rows() {
    local rows kept
    kept=${PACK_TOOLS_DIR:-${BUILD:-build}/tools}/$1-rows-$(cksum <<<"$2 $PLATFORMS_FILE" | cut -d' ' -f1)
    if [ "$kept" -nt "$2" ] && [ "$kept" -nt "$PLATFORMS_FILE" ] && [ "$kept" -nt "make/tools/jdks/$1.java" ]; then
        cat "$kept"; return 0
    fi
    [ -n "${RUNS_CP:-}" ] || use_runs
    rows=$("$RUNS_JAVA" "${TOOL_VM[@]}" -Dpack.platforms="$PLATFORMS_FILE" -cp "$RUNS_CP" "jdks.$1" rows "$2") || return
    { printf '%s' "${rows:+$rows$'\n'}" >"$kept.$$" && mv -f "$kept.$$" "$kept"; } 2>/dev/null
    printf '%s' "${rows:+$rows$'\n'}"
}

# jdk_rows: the JDK table's rows (table_rows): name isa feature source pin lists sha256.
jdk_rows() {
    table_rows JdkTable "$JDK_TABLE"
}

# jdk_list LIST [ISA]: the names on a list of the table's lists column (default, ports, newest, ...), blank-separated
# on one line in the table's order (nothing for an empty list); with an ISA, only its rows. Fails when the table has
# a bad row.
jdk_list() {
    local rows
    rows=$(jdk_rows) || return 2
    awk -v list="$1" -v isa="${2:-}" '(isa == "" || $2 == isa) && index("," $6 ",", "," list ",") { printf "%s%s", sep, $1; sep = " " }
        END { if (sep != "") print "" }' <<<"$rows"
}

# The CPU models of the fleet, make/cpus (CPUS_FILE= another file): one row per model a JDK name <name>@<model> can
# ask for, read for every shell script by its one reader, make/tools/jdks/CpuTable.java.
CPUS_FILE=${CPUS_FILE:-$PACK_MAKE_DIR/cpus}

# cpu_rows: the models' rows (table_rows, make/tools/jdks/CpuTable.java): name isa how what needs lists (why left off).
cpu_rows() {
    table_rows CpuTable "$CPUS_FILE"
}

# isa_of NAME: the pack's name of an ISA from any of its names (amd64 -> x86_64, ppc64el -> ppc64le); NAME itself
# when no row knows it.
isa_of() {
    platform "$1" isa 2>/dev/null || echo "$1"
}

host_arch() {
    isa_of "$(uname -m)"
}

# The questions about a JDK and a run's selection, answered by make/tools/run/Launch.java (its one implementation: make
# test's own checks): jdk_under_test (JDK=, else ARCH='s JDK on the list arch, fetched, else JAVA_HOME or the java on
# PATH), resolve_jdk [DIR], check_jdk_home LABEL PATH, jdk_key HOME (a JDK's work area), jdk_version HOME, jdk_arch HOME,
# check_test_selection (TEST=), select_tests (sets SELECT: TEST as jtreg takes it), check_conc (CONC, TIMEOUT_FACTOR),
# find_jtreg. A mistake is one line ("error: ...") and status 2.
launch() { [ -n "${RUNS_CP:-}" ] || use_runs; "$RUNS_JAVA" "${TOOL_VM[@]}" -Dpack.platforms="$PLATFORMS_FILE" -cp "$RUNS_CP" run.Launch "$@"; }
jdk_under_test() { launch jdk; }
resolve_jdk() { launch resolve "${1:-}"; }
check_jdk_home() { launch check-home "$1" "$2"; }
jdk_key() { launch key "$1"; }
jdk_version() { launch version "$1"; }
jdk_arch() { launch isa "$1"; }
check_test_selection() { launch check-selection; }
select_tests() { local s; s=$(launch selection) || exit 2; mapfile -t SELECT <<<"$s"; }
check_conc() { launch check-numbers; }
find_jtreg() { launch jtreg-home; }

# host_jdk [PREFERRED]: a JDK 17+ that runs natively here (for jtreg and for compiling tests).
host_jdk() {
    local cand
    for cand in "$1" "${JAVA_HOME:-}" /usr/lib/jvm/*; do
        [ -n "$cand" ] && [ -x "$cand/bin/java" ] && [ -x "$cand/bin/javac" ] || continue
        [ -f "$cand/pack-facade" ] && continue   # jtreg itself runs on a JDK that starts as it is
        [ "$(isa_of "$(sed -n 's/^OS_ARCH="\(.*\)"/\1/p' "$cand/release" 2>/dev/null)")" = "$(host_arch)" ] || continue
        [ "$(jdk_feature "$cand")" -ge 17 ] 2>/dev/null || continue
        echo "$cand"; return 0
    done
    return 1
}

# build_tools HOST_JDK: compiles the tools, make/tools/<package>/*.java (results, sensitivity, report, run, mutants,
# jdks, modes: docs/library.md), into $BUILD/tools (PACK_TOOLS_DIR when set: a mode's runs share the main BUILD's)
# when stale; prints the class directory. The tools read machine code with the library's own parser and vocabulary
# (lib/anatomy, from -sourcepath).
# Callers at once (the unit tests ask make/lib.sh side by side) compile them once: the second waits for the first's lock.
build_tools() {
    local out=${PACK_TOOLS_DIR:-$BUILD/tools} lock
    stale() { [ ! -f "$out/.stamp" ] || [ -n "$(find make/tools lib/anatomy -name '*.java' -newer "$out/.stamp" 2>/dev/null)" ]; }
    if stale; then
        mkdir -p "$(dirname "$out")"
        exec {lock}>"$out.lock"
        flock "$lock"
        if stale; then
            rm -rf "$out"
            mkdir -p "$out"
            # (no inherited CLASSPATH: a test's subprocess has its jtreg agent's, the library's classes on it, which javac
            # would take over lib's sources and leave out of $out)
            env -u CLASSPATH "$1/bin/javac" --release 17 -sourcepath lib -d "$out" make/tools/*/*.java >&2 || die "cannot compile the pack's tools in make/tools"
            touch "$out/.stamp"
        fi
        exec {lock}>&-
    fi
    echo "$out"
}

# openjdk_jtreg [KEY]: OpenJDK's make test spelling, JTREG="JOBS=4;VM_OPTIONS=...;JAVA_OPTIONS=...;TIMEOUT_FACTOR=4;RETAIN=all":
# without KEY, nothing when every key is one the pack takes, else one line naming the first that is not; with KEY,
# that key's value (the last one given wins, as in OpenJDK's make).
OPENJDK_JTREG_KEYS="JOBS VM_OPTIONS JAVA_OPTIONS TIMEOUT_FACTOR RETAIN"
openjdk_jtreg() {
    local item key value=
    local IFS=';'
    for item in ${JTREG:-}; do
        [ -n "${item// /}" ] || continue
        key=${item%%=*}; key=${key// /}
        if [ -z "${1:-}" ]; then
            [[ "$item" == *=* ]] && [[ " $OPENJDK_JTREG_KEYS " == *" $key "* ]] ||
                { echo "JTREG=\"${JTREG}\": '$item' is not KEY=value with a KEY the pack takes ($OPENJDK_JTREG_KEYS)"; return 0; }
        elif [ "$key" = "$1" ]; then
            value=${item#*=}
        fi
    done
    [ -z "${1:-}" ] || printf '%s\n' "$value"
}

# ci_plan EVENT: what .github/workflows/pack.yml runs for a GitHub event, as its plan job's outputs (key=value lines;
# CI_TEST, CI_MATRIX, CI_SHARDS override): make/tools/run/CiPlan.java decides, from the JDK table's lists.
ci_plan() {
    [ -n "${RUNS_CP:-}" ] || use_runs
    JDK_TABLE=$JDK_TABLE "$RUNS_JAVA" "${TOOL_VM[@]}" -Dpack.platforms="$PLATFORMS_FILE" -cp "$RUNS_CP" run.CiPlan "${1:-}"
}

# use_build_dir: creates $BUILD (default build) and makes it absolute.
use_build_dir() {
    BUILD=${BUILD:-build}
    mkdir -p "$BUILD"
    BUILD=$(cd "$BUILD" && pwd -P)
    # what one work area compiled, for the next fresh one (make/tools/run/CompiledCache.java): the outermost BUILD's,
    # shared by the work areas of a mode's nested BUILDs (matrix cells, configurations, controls)
    export PACK_COMPILED=${PACK_COMPILED:-$BUILD/compiled}
    # the user's options accepted by a JDK (run/Launch.java), kept for the later runs of every nested BUILD too
    export PACK_CHECKED=${PACK_CHECKED:-$BUILD/checked}
}

# use_runs: makes `runs` ready (RUNS_JAVA, the host's JDK, installed when there is none, as resolve_jdk does; RUNS_CP,
# the compiled tools, make/tools/run/Runs.java); call it in the mode's own shell, once, before any `runs` in a $(...).
use_runs() {
    local host
    host=$(host_jdk "${JAVA_HOME:-}") || { need_pkg javac openjdk-17-jdk-headless; host=$(host_jdk "${JAVA_HOME:-}"); } ||
        die "no JDK 17+ for $(host_arch) to run the pack's tools with: install one (Debian package openjdk-17-jdk-headless)"
    RUNS_JAVA=$host/bin/java
    RUNS_CP=$(BUILD=${BUILD:-build} build_tools "$host") || exit 2
}

# runs COMMAND ARGS...: the run model's command line (totals, rows, bisect, step, sum: make/tools/run/Runs.java). What a
# run produced is read only through it: no mode parses a totals line or summary.tsv itself. Exit 2 and one line on
# stderr when the results cannot be read.
runs() {
    [ -n "${RUNS_CP:-}" ] || die "runs: use_runs was not called"
    "$RUNS_JAVA" "${TOOL_VM[@]}" -cp "$RUNS_CP" run.Runs "$@"
}

# pack_plugins [ISA]: sets PACK_PLUGIN_PATH (every capstone ISA's plugin directory) and PACK_DECODER (the host's
# decoder) under the main $BUILD, as make/hsdis.mk lays them out and make test hands them to make/jtreg.sh. A make
# target built them before its script ran; a script run by hand that finds the host's decoder or ISA's plugin (default
# ARCH's, else the host's) missing builds them once, with one `make hsdis`. Fails (status 2, one line) when it cannot.
pack_plugins() {
    local isa=${1:-$(isa_of "${ARCH:-$(host_arch)}")} top
    top=$(mkdir -p "$BUILD" && cd "$BUILD" && pwd -P) || return 2
    [ "${PACK_PLUGINS_OF:-}" = "$top" ] || plugin_paths "$top"
    if [ ! -x "$PACK_DECODER" ] || { platform_isas backend capstone | grep -qx "$isa" && ! compgen -G "$top/hsdis/$isa/*.so" >/dev/null; }; then
        make --no-print-directory hsdis BUILD="$top" ARCH="$isa" >&2 || { echo "error: make hsdis ARCH=$isa failed: no hsdis plugin in $top/hsdis" >&2; return 2; }
    fi
}

# plugin_paths TOP: where make/hsdis.mk lays the plugins out under the BUILD TOP, nothing built: PACK_PLUGIN_PATH (every
# capstone ISA's plugin directory) and PACK_DECODER (the host's decoder).
plugin_paths() {
    PACK_PLUGIN_PATH=$(for dir in $(platform_isas backend capstone); do printf '%s:' "$1/hsdis/$dir"; done)
    PACK_PLUGIN_PATH=${PACK_PLUGIN_PATH%:} PACK_DECODER=$1/hsdis/$(host_arch)/hsdis-decode PACK_PLUGINS_OF=$1
}

# pack_mode CLASS [ARGS...]: a mode of the package modes, make/tools/modes (Configs, Stress, Switching, Matrix, Comparison, Bench, Bisect,
# ForeignHsdis, Check, CiLocal, Hygiene: make configs, stress, switching, matrix, compare, bench, foreign-hsdis, check,
# ci-local, hygiene; make/bisect.sh) in the run model's VM (use_runs, as `runs`), once this shell has
# provisioned what its runs share: BUILD, made absolute, and the hsdis plugins of the main BUILD (pack_plugins; not for
# a mode given arguments: --check-only and --list build nothing, make matrix asks for each cell's ISA's itself, Bisect
# and ForeignHsdis for theirs: Mode.plugins).
# The mode runs the pack itself (PackRunner.java: make/jtreg.sh in a work area of its own, with a run id of its own and
# these plugins; no mode's run is a shard or writes a bundle) and asks make/lib.sh for the rest of its
# provisioning one function at a time (a JDK resolved or fetched: Mode.lib). Its exit status is the mode's.
pack_mode() {
    use_build_dir
    use_runs
    # shellcheck disable=SC2119 # the plugins of ARCH's ISA, as make test's
    [ $# -gt 1 ] || pack_plugins || exit 2
    PACK_PLUGIN_PATH=${PACK_PLUGIN_PATH:-} PACK_DECODER=${PACK_DECODER:-} PACK_TOOLS_DIR=${PACK_TOOLS_DIR:-$RUNS_CP} BUILD=$BUILD \
        exec "$RUNS_JAVA" "${TOOL_VM[@]}" -cp "$RUNS_CP" "modes.$1" "${@:2}"
}
