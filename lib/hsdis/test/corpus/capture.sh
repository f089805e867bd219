#!/bin/sh
# Captures real C2 code for the capstone/LLVM cross-check: runs a JDK without any hsdis plugin under -Xcomp
# with C2 only, for the JDK's own String, HashMap, ConcurrentHashMap, Integer and Math code, and turns the
# hex dump it prints into decoder input (machcode.awk).
#
#   sh lib/hsdis/test/corpus/capture.sh <java home> <out.in> [launcher prefix, e.g. qemu-aarch64 -L ...]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
jdk=${1:?usage: capture.sh <java home> <out.in> [launcher prefix]}
out=${2:?usage: capture.sh <java home> <out.in> [launcher prefix]}
shift 2
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# No plugin may be found: an empty library path and a fresh working directory.
(cd /tmp && env -u LD_LIBRARY_PATH "$@" "$jdk/bin/java" -XX:+UnlockDiagnosticVMOptions -XX:+PrintAssembly \
    -XX:-TieredCompilation -Xcomp \
    -XX:CompileOnly='java.lang.String::*,java.util.HashMap::*,java.util.concurrent.ConcurrentHashMap::*,java.lang.Integer::*,java.lang.Math::*,java.lang.StringLatin1::*' \
    -version) >"$tmp" 2>&1 || true
grep -q '^\[MachCode\]' "$tmp" || { echo "capture.sh: $jdk printed no [MachCode] (a plugin loaded?)" >&2; exit 1; }
awk -f "$here/machcode.awk" "$tmp" >"$out"
echo "capture.sh: $out: $(wc -l <"$out") chunks, $(awk '{ n += length($2) / 2 } END { print n }' "$out") bytes"
