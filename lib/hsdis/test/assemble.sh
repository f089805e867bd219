#!/bin/sh
# Regenerates the fixtures riscv64.in, ppc64le.in and s390x.in from src/<isa>.s with Debian's cross
# assemblers (binutils-<triple>, installed through make/need.sh), so that every byte of them was made by
# a real assembler from instructions C2 emits on that port. Each src/<isa>.s says in its header
#   # as: <flags>        the assembler's options
#   # at: 0x<address>    where the code is said to live (the first line of <isa>.in)
#   # also: 0x<address> <hexbytes>    further chunks (undecodable tails), copied as they are
# The .expected files are the pack's decoder's output, checked by hand against objdump (docs/hsdis.md).
#
#   sh lib/hsdis/test/assemble.sh [isa ...]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ $# -gt 0 ] || set -- riscv64 ppc64le s390x
for isa in "$@"; do
    src=$here/src/$isa.s
    [ -f "$src" ] || { echo "assemble.sh: no $src" >&2; exit 2; }
    triple=$(awk -v isa="$isa" '/^# isa[ \t]/ { for (i = 2; i <= NF; i++) col[$i] = i - 1 }
                                 /^[^#]/ && $1 == isa { print $col["triple"] }' "$root/make/platforms")
    [ -n "$triple" ] || { echo "assemble.sh: $isa is not in make/platforms" >&2; exit 2; }
    sh "$root/make/need.sh" --why "assembling the $isa fixture" "binutils-$triple=$triple-as"
    flags=$(sed -n 's/^# as: //p' "$src")
    at=$(sed -n 's/^# at: //p' "$src")
    # shellcheck disable=SC2086 # the flags are words
    "$triple-as" $flags -o "$tmp/$isa.o" "$src"
    "$triple-objcopy" -O binary -j .text "$tmp/$isa.o" "$tmp/$isa.bin"
    {
        printf '%s %s\n' "$at" "$(od -An -v -tx1 "$tmp/$isa.bin" | tr -d ' \n')"
        sed -n 's/^# also: //p' "$src"
    } >"$here/$isa.in"
    echo "assemble.sh: $here/$isa.in ($(wc -c <"$tmp/$isa.bin") bytes)"
done
