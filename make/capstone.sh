#!/bin/sh
# Obtains the capstone disassembly library for the pack's hsdis plugin.
#
#   make/capstone.sh <isa> <destdir>        isa: x86_64 | aarch64
#       Lays out <destdir>/include/capstone/*.h and <destdir>/lib/ with either
#         - capstone 5 from the pinned 'capstone' wheel (libcapstone.so + libcapstone.so.5), or, if the
#           wheel cannot be had, Debian's libcapstone-dev 4.0.2 (libcapstone.a, static),
#       and writes <destdir>/SOURCE, one line naming what was used.
#   make/capstone.sh --ensure <isa|host> <command>
#       Makes sure a build tool is there (gcc, cross gcc, python3 -m pip): installs its Debian package
#       when running as root with apt-get, otherwise stops with one line naming the package.
#
# The wheel is fetched with pip from the package index pip is configured with; the version and the
# sha256 of both platform wheels are pinned below.
set -eu

CAPSTONE_VERSION=5.0.9
SHA256_x86_64=273fd8d747d2e35c88f91450be51a603ecfaafb00d96d9f315dcb8689c86193e
SHA256_aarch64=41772ad0c71aa5d3e97d541e802593c2e71fb94ac7e20d4202f97ce2a3eb8ed5

say() { echo "hsdis: $*" >&2; }
die() { echo "hsdis: $*" >&2; exit 1; }

host_isa() {
    case "$(uname -m)" in
        x86_64|amd64) echo x86_64 ;;
        aarch64|arm64) echo aarch64 ;;
        *) uname -m ;;
    esac
}

have_pip() { python3 -m pip --version >/dev/null 2>&1; }
need() { sh "$(dirname "$0")/need.sh" --why "building hsdis" "$@" || exit 2; }

if [ "${1:-}" = --ensure ]; then
    [ $# = 3 ] || die "usage: $0 --ensure <isa|host> gcc|pip"
    isa=$2
    [ "$isa" = host ] && isa=$(host_isa)
    case "$3" in
        gcc)
            if [ "$isa" = "$(host_isa)" ]; then
                need gcc=gcc libc6-dev=/usr/include/stdio.h
            elif [ "$isa" = aarch64 ]; then
                need gcc-aarch64-linux-gnu=aarch64-linux-gnu-gcc libc6-dev-arm64-cross=/usr/aarch64-linux-gnu/include/stdio.h
            else
                need gcc-x86-64-linux-gnu=x86_64-linux-gnu-gcc libc6-dev-amd64-cross=/usr/x86_64-linux-gnu/include/stdio.h
            fi ;;
        pip) have_pip || need python3-pip ;;
        *) die "unknown tool $3" ;;
    esac
    exit 0
fi

[ $# = 2 ] || die "usage: $0 <x86_64|aarch64> <destdir>"
isa=$1
dest=$2
case "$isa" in
    x86_64) sha=$SHA256_x86_64; triplet=x86_64-linux-gnu; debarch=amd64 ;;
    aarch64) sha=$SHA256_aarch64; triplet=aarch64-linux-gnu; debarch=arm64 ;;
    *) die "unknown isa '$isa' (x86_64 or aarch64)" ;;
esac

tmp="$dest.tmp.$$"
rm -rf "$tmp"
mkdir -p "$tmp/include" "$tmp/lib" "$tmp/wheel"
trap 'rm -rf "$tmp"' EXIT

from_wheel() {
    have_pip || sh "$(dirname "$0")/need.sh" --why "capstone" python3-pip || true
    have_pip || { say "python3 -m pip is not available (Debian package python3-pip)"; return 1; }
    printf 'capstone==%s --hash=sha256:%s\n' "$CAPSTONE_VERSION" "$sha" >"$tmp/wheel/requirements.txt"
    if ! python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
            --platform "manylinux2014_$isa" --python-version 3.11 --require-hashes \
            -r "$tmp/wheel/requirements.txt" -d "$tmp/wheel" >"$tmp/wheel/pip.log" 2>&1; then
        say "pip could not download capstone==$CAPSTONE_VERSION for $isa: $(tail -n 1 "$tmp/wheel/pip.log")"
        return 1
    fi
    whl=$(ls "$tmp"/wheel/capstone-"$CAPSTONE_VERSION"-*.whl 2>/dev/null | head -n 1)
    [ -n "$whl" ] || { say "no capstone wheel after pip download"; return 1; }
    python3 -m zipfile -e "$whl" "$tmp/wheel/x" || return 1
    src="$tmp/wheel/x/capstone"
    [ -f "$src/include/capstone/capstone.h" ] || { say "the wheel has no include/capstone/capstone.h"; return 1; }
    cp -R "$src/include/capstone" "$tmp/include/"
    if [ -f "$src/lib/libcapstone.a" ]; then
        cp "$src/lib/libcapstone.a" "$tmp/lib/"
    elif [ -f "$src/lib/libcapstone.so" ]; then
        cp "$src/lib/libcapstone.so" "$tmp/lib/libcapstone.so"
        # The library's SONAME is libcapstone.so.5; that is the name the plugin asks for at run time.
        cp "$src/lib/libcapstone.so" "$tmp/lib/libcapstone.so.5"
    else
        say "the wheel has no libcapstone"; return 1
    fi
    rm -rf "$tmp/wheel/x"
    echo "wheel capstone==$CAPSTONE_VERSION manylinux2014_$isa" >"$tmp/SOURCE"
}

from_debian() {
    a="/usr/lib/$triplet/libcapstone.a"
    pkg=libcapstone-dev
    [ "$isa" = "$(host_isa)" ] || pkg="libcapstone-dev:$debarch"
    { [ -f "$a" ] && [ -f /usr/include/capstone/capstone.h ]; } || sh "$(dirname "$0")/need.sh" --why capstone "$pkg" || true
    { [ -f "$a" ] && [ -f /usr/include/capstone/capstone.h ]; } ||
        die "cannot get capstone: no pip wheel and no Debian capstone; install python3-pip or $pkg"
    cp -R /usr/include/capstone "$tmp/include/"
    cp "$a" "$tmp/lib/"
    ver=$(dpkg-query -W -f '${Version}' "libcapstone-dev:$debarch" 2>/dev/null || echo unknown)
    echo "debian $pkg $ver" >"$tmp/SOURCE"
    say "WARNING: using Debian's capstone $ver instead of capstone $CAPSTONE_VERSION: AVX-512 (EVEX) and SVE instructions will print as .byte/.inst"
}

from_wheel || from_debian
rm -rf "$dest"
mkdir -p "$(dirname "$dest")"
mv "$tmp" "$dest"
trap - EXIT
say "capstone for $isa: $(cat "$dest/SOURCE")"
