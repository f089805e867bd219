#!/usr/bin/env bash
# Builds the pack's JNI libraries (lib/native/*.c) for one ISA into a directory jtreg gets as -nativepath.
# Usage: make/native.sh <x86_64|aarch64> <destdir> <host JDK (for jni.h)>. Rebuilds only what is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
. make/lib.sh
[ $# = 3 ] || die "usage: $0 <x86_64|aarch64> <destdir> <jdk>"
isa=$1 dest=$2 jdk=$3
if [ "$isa" = "$(host_arch)" ]; then cc=gcc; else cc=$isa-linux-gnu-gcc; fi
mkdir -p "$dest"
for src in lib/native/*.c; do
    out=$dest/lib$(basename "$src" .c).so
    [ -f "$out" ] && [ "$out" -nt "$src" ] && continue
    sh make/capstone.sh --ensure "$isa" gcc >&2
    "$cc" -O2 -std=gnu11 -Wall -Wextra -shared -fPIC -I"$jdk/include" -I"$jdk/include/linux" -o "$out.tmp" "$src"
    mv -f "$out.tmp" "$out"
done
cd "$dest" && pwd
