#!/usr/bin/env bash
# make/jdks.sh: prepares a JDK for jtreg's -jdk: and prints the absolute path of its home.
#
#   make/jdks.sh <name>            a name of `make/jdks.sh names`: a row of make/jdk-table, its variant (aarch64-25-nolse),
#                                  <isa>-<N>[ea]-newest, or <name>@<model> (that JDK on a CPU model of make/cpus)
#   make/jdks.sh facade <jdk> [<name> [<sysroot>]]    a host-runnable facade over a JDK of another ISA, under qemu-user
#   make/jdks.sh names             the names, one a line
#   make/jdks.sh dbg <name>        the separate debug file of a Debian JDK's libjvm.so (its -dbg package)
#   make/jdks.sh check <name>      is it a name of this script? (nothing is downloaded)
#
# Variables: BUILD (default build, relative to the repository; the homes go to $BUILD/jdks), QEMU_CPU_<isa> (QEMU_CPU:
# AArch64's), JDK_TABLE, CPUS_FILE, PLATFORMS_FILE. Idempotent; errors are one line on stderr, exit 1. The work is
# make/tools/jdks/Provision.java's (docs/matrix.md); this starts it on the host's JDK.
set -euo pipefail
umask 022
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
. "$ROOT/make/lib.sh"
die() { echo "make/jdks.sh: $*" >&2; exit 1; }
here=$PWD
cd "$ROOT"   # use_runs compiles make/tools into $BUILD/tools, BUILD relative to the repository
[ -n "${RUNS_CP:-}" ] || use_runs
cd "$here"
JDK_TABLE=$JDK_TABLE CPUS_FILE=$CPUS_FILE exec "$RUNS_JAVA" "${TOOL_VM[@]}" -Dpack.root="$ROOT" -Dpack.platforms="$PLATFORMS_FILE" \
    -cp "$RUNS_CP" jdks.Provision "$@"
