#!/usr/bin/env bash
# Builds the pack's JNI libraries (lib/native/*.c) for one ISA into a directory jtreg gets as -nativepath.
# Usage: make/native.sh <isa of make/platforms> <destdir> <host JDK (for jni.h)>. Rebuilds only what is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
. make/lib.sh
[ $# = 3 ] || die "usage: $0 <isa> <destdir> <jdk>"
isa=$1 dest=$2 jdk=$3
# The host's gcc, or the cross compiler of the ISA's GNU triple (make/platforms).
triple=$(platform "$isa" triple) || die "$isa is no ISA of make/platforms"
if [ "$isa" = "$(host_arch)" ]; then cc=gcc; else cc=$triple-gcc; fi
mkdir -p "$dest"
for src in lib/native/*.c; do
    out=$dest/lib$(basename "$src" .c).so
    [ -f "$out" ] && [ "$out" -nt "$src" ] && continue
    if [ "$cc" = gcc ] || [ "$isa" = aarch64 ] || [ "$isa" = x86_64 ]; then
        sh make/capstone.sh --ensure "$isa" gcc >&2
    else
        sh make/need.sh --why "the JNI libraries for $isa" "gcc-$triple=$cc" "libc6-dev-$(platform "$isa" debian)-cross" >&2 || exit 2
    fi
    "$cc" -O2 -std=gnu11 -Wall -Wextra -shared -fPIC -I"$jdk/include" -I"$jdk/include/linux" -o "$out.tmp" "$src"
    mv -f "$out.tmp" "$out"
done
cd "$dest" && pwd
