#!/bin/bash
# A JDK that loads a disassembler other than the pack's: hard-linked copies of a JDK under build/foreign-jdks/ with
# Debian's fcml hsdis plugin (libhsdis0-fcml, downloaded with apt-get download and unpacked, never installed) where
# HotSpot looks before LD_LIBRARY_PATH, so that the pack's verdicts can be compared with the pack's plugin's.
#
#   bash make/foreign-hsdis.sh copies JDK...       prints one copy per line: <copy>
#   bash make/foreign-hsdis.sh check JDK... (TEST=...) runs TEST on each JDK and on its copies, one totals line each
#                                                  (make/tools/modes/ForeignHsdis.java), then the tests whose outcome differs
#   bash make/foreign-hsdis.sh validate JDK...     one line and exit 2 unless each is an x86_64 JDK
#
# Three copies per JDK (x86_64 only: fcml decodes x86 alone):
#   <name>-fcml         fcml's text: lib/server/hsdis-amd64.so is a small adapter (make/foreign/fcml-adapter.c) that
#                       gives fcml's JDK 8-era entry point the one JDK 9+ looks up, so the VM prints fcml's GNU-as text
#   <name>-fcml-debian  as Debian's postinst lays it out: lib/hsdis-amd64.so is fcml itself, which the VM loads,
#                       finds no decode_instructions_virtual in, and falls back to its hex dump
#   <name>-llvm         LLVM's own text: lib/server/hsdis-amd64.so is the pack's foreign-style plugin on Debian's LLVM
#                       (make hsdis-foreign: lib/hsdis/foreign.c), which prints as LLVM prints and signs nothing
# The copies are `cp -al` (hard links): files are only ever added or replaced (unlinked first), never written
# through a link. docs/hsdis.md, "A foreign hsdis".
set -euo pipefail
cd "$(dirname "$0")/.."
. make/lib.sh

BUILD=${BUILD:-build}
FCML=$BUILD/fcml
COPIES=$BUILD/foreign-jdks

fcml_unpacked() {
    local lib=$FCML/root/usr/lib/x86_64-linux-gnu
    if [ ! -e "$lib/libhsdis.so.0" ] || [ ! -e "$lib/libfcml.so.0" ]; then
        need_pkg apt-get apt
        need_pkg dpkg-deb dpkg
        mkdir -p "$FCML"
        (cd "$FCML" && apt-get download libhsdis0-fcml libfcml0 >/dev/null 2>&1) \
            || (cd "$FCML" && apt-get update >/dev/null 2>&1 && apt-get download libhsdis0-fcml libfcml0 >/dev/null) \
            || die "cannot download libhsdis0-fcml and libfcml0 with apt-get download (Debian's fcml hsdis plugin)"
        for deb in "$FCML"/libhsdis0-fcml_*.deb "$FCML"/libfcml0_*.deb; do
            dpkg-deb -x "$deb" "$FCML/root"
        done
    fi
    local adapter=$FCML/adapter/hsdis-amd64.so
    if [ ! -e "$adapter" ] || [ make/foreign/fcml-adapter.c -nt "$adapter" ]; then
        need_pkg gcc gcc
        mkdir -p "$FCML/adapter"
        gcc -O2 -shared -fPIC -fvisibility=hidden -o "$adapter.tmp" make/foreign/fcml-adapter.c \
            -L"$lib" -l:libhsdis.so.0 -Wl,--disable-new-dtags,-rpath,'$ORIGIN'
        mv -f "$adapter.tmp" "$adapter"
    fi
}

# place FILE DIR NAME: DIR/NAME becomes a fresh copy of FILE (an existing DIR/NAME, maybe a hard link into the
# original JDK, is unlinked first, never written through).
place() {
    rm -f "$2/$3"
    cp "$1" "$2/$3.tmp.$$"
    mv -f "$2/$3.tmp.$$" "$2/$3"
}

# check JDK...: each must be an x86_64 JDK of its own (checked before anything is downloaded or built)
check_jdks() {
    local jdk
    for jdk in "$@"; do
        [ -x "$jdk/bin/java" ] || die "no JDK at $jdk (no bin/java)"
        [ "$(jdk_arch "$jdk")" = x86_64 ] || die "$jdk is not an x86_64 JDK: fcml decodes x86 only"
        [ -f "$jdk/pack-facade" ] && die "$jdk is a facade (make/jdks.sh): give the JDK it stands for"
        if [ -d "$COPIES" ]; then    # (without the folder the pattern would be "/*", every path)
            case $(cd "$jdk" && pwd -P) in "$(cd "$COPIES" && pwd -P)"/*) die "$jdk is already a copy with a foreign hsdis" ;; esac
        fi
    done
    return 0
}

copies() {
    check_jdks "$@"
    fcml_unpacked
    # make foreign-hsdis built it; run by hand, this builds it once
    local llvm_plugin=$BUILD/hsdis/foreign-llvm/hsdis-amd64.so
    [ -e "$llvm_plugin" ] || make --no-print-directory hsdis-foreign BUILD="$BUILD" >/dev/null || die "make hsdis-foreign failed (the LLVM-text plugin)"
    [ -e "$llvm_plugin" ] || die "no foreign-style plugin in $BUILD/hsdis/foreign-llvm"
    local lib=$FCML/root/usr/lib/x86_64-linux-gnu jdk name copy
    for jdk in "$@"; do
        jdk=$(cd "$jdk" && pwd -P)
        name=$(basename "$jdk")
        for variant in fcml fcml-debian llvm; do
            copy=$COPIES/$name-$variant
            if [ ! -f "$copy/release" ]; then
                mkdir -p "$COPIES"
                rm -rf "$copy.tmp"
                cp -al "$jdk" "$copy.tmp"
                mv "$copy.tmp" "$copy"
            fi
            # nothing of another hsdis may stay in the copy: only the one this variant is about
            find "$copy/lib" -maxdepth 2 \( -name 'hsdis-amd64.so' -o -name 'libhsdis-amd64.so' \) -exec rm -f {} +
            if [ "$variant" = llvm ]; then
                place "$llvm_plugin" "$copy/lib/server" hsdis-amd64.so
            elif [ "$variant" = fcml ]; then
                place "$FCML/adapter/hsdis-amd64.so" "$copy/lib/server" hsdis-amd64.so
                place "$(readlink -f "$lib/libhsdis.so.0")" "$copy/lib/server" libhsdis.so.0
                place "$(readlink -f "$lib/libfcml.so.0")" "$copy/lib/server" libfcml.so.0
            else
                place "$(readlink -f "$lib/libhsdis.so.0")" "$copy/lib" hsdis-amd64.so
                place "$(readlink -f "$lib/libfcml.so.0")" "$copy/lib" libfcml.so.0
            fi
            echo "$copy"
        done
    done
}

cmd=${1:-}
[ $# -ge 2 ] || die "usage: bash make/foreign-hsdis.sh copies|check JDK... (make foreign-hsdis JDK=...)"
shift
case $cmd in
    validate) check_jdks "$@" ;;
    copies) copies "$@" ;;
    check)   # each JDK and its copies (JDK COPY... --), then the runs and their comparison (make/tools/modes/ForeignHsdis.java)
        check_jdks "$@"
        groups=()
        for jdk in "$@"; do
            made=$(copies "$jdk")
            mapfile -t copied <<<"$made"
            groups+=("$jdk" "${copied[@]}" --)
        done
        pack_mode ForeignHsdis "${groups[@]}" ;;
    *) die "usage: bash make/foreign-hsdis.sh copies|check JDK... (not '$cmd')" ;;
esac
