#!/bin/sh
# Finds Debian's LLVM for the pack's hsdis LLVM backend (lib/hsdis/llvm.c) and writes what the build needs.
#
#   make/llvm.sh <destdir>
#       Installs llvm-15-dev through make/need.sh when it is missing (its C API headers; libllvm15, the
#       library the backend dlopens at run time, comes with it), then writes
#         <destdir>/cflags   the compiler flags: the headers, and where libLLVM is (soname and full path)
#         <destdir>/libdir   LLVM's library directory (the foreign-style plugin links libLLVM from there)
#         <destdir>/SOURCE   one line naming the LLVM used.
set -eu

LLVM_MAJOR=15
dest=${1:?usage: make/llvm.sh <destdir>}
here=$(dirname "$0")

sh "$here/need.sh" --why "the hsdis LLVM backend" \
    "llvm-$LLVM_MAJOR-dev=/usr/lib/llvm-$LLVM_MAJOR/include/llvm-c/Disassembler.h" || exit 2
config=/usr/lib/llvm-$LLVM_MAJOR/bin/llvm-config
[ -x "$config" ] || { echo "hsdis: $config is missing (Debian package llvm-$LLVM_MAJOR)" >&2; exit 2; }
include=$("$config" --includedir)
libdir=$("$config" --libdir)
version=$("$config" --version)
soname=libLLVM-$LLVM_MAJOR.so.1
[ -e "$libdir/$soname" ] || { echo "hsdis: $libdir/$soname is missing (Debian package libllvm$LLVM_MAJOR)" >&2; exit 2; }

mkdir -p "$dest"
printf '%s\n' "-I$include -DHSDIS_LLVM_LIB='\"$soname\"' -DHSDIS_LLVM_LIB_PATH='\"$libdir/$soname\"'" >"$dest/cflags.tmp"
mv -f "$dest/cflags.tmp" "$dest/cflags"
printf '%s\n' "$libdir" >"$dest/libdir"
pkg=$(dpkg-query -W -f='${Package} ${Version}' "libllvm$LLVM_MAJOR" 2>/dev/null || echo "libllvm$LLVM_MAJOR")
printf 'debian %s (LLVM %s)\n' "$pkg" "$version" >"$dest/SOURCE"
