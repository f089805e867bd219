#!/usr/bin/env bash
# make/matrix.sh: runs the pack (or any command) once per JDK of a matrix, then prints one table of
# test x JDK/ISA -> passed / FAILED [n] / skipped [n] / finding [n] / inconclusive [n] / problem [n] (note n
# under the table gives the reason; a finding is a test stopped only by that JDK's defaults, an inconclusive a
# verdict the pack could not reach, a problem a test a problem list excludes: docs/running.md), and the totals
# alone on the last line: "N passed, N failed, N skipped" (", N findings", ", N inconclusive", ", N problem-listed"
# when there are any). Exits 1 if any test failed or any run did not produce results, else 4 if any is
# inconclusive, else 3 if there are findings (2 for a usage error). A run that exits 3 or 4 (make: "Error 3",
# "Error 4") had findings or inconclusive results and no failure: it is not a failed run.
#
#   make/matrix.sh [command ...]          default: the pack, one run per JDK in its own work area
#   make/matrix.sh --collate              only print the table again from the last runs' results
#   make/matrix.sh --check-only           only check MATRIX (one line, exit 2, if an entry is not a JDK)
#   make/matrix.sh --list                 check MATRIX, then print its entries one a line (nothing runs)
#
# Variables:
#   MATRIX   the JDKs, blank-separated (default: the rows of make/jdk-table on its list `default`); the word
#            `ports` stands for the rows on its list `ports` (the three other C2 ports under qemu-user 10), the
#            words `fleet` and `check-fleet` for each JDK on that list of make/jdk-table on every CPU model of its
#            ISA on that list of make/cpus (<name>@<model>; `fleet` puts a JDK of the host's ISA on the real CPU,
#            <name>, before its models).
#            An entry is a name that make/jdks.sh knows (<name>@<model> too), or label=/path/to/jdk for any JDK
#            you have (of any ISA of make/platforms; one not the host's gets a qemu facade).
#   BUILD    default build. Each JDK gets BUILD=$BUILD/matrix/<label> (its own jtreg work and report);
#            the JDK homes ($BUILD/jdks) and the hsdis plugins ($BUILD/hsdis, $BUILD/capstone) are shared.
#   TEST     each cell's tests (default: all).
#   QEMU_CPU_<isa> the CPU qemu emulates for that ISA's JDKs (make/jdks.sh; default make/platforms' cpu column).
#   MATRIX_KEEP=1  keep the results of JDKs not in MATRIX from the last runs (for make report)
#   MATRIX_LANES=n  cells side by side (default: one per core, at most 2); MATRIX_VERBOSE=1  one at a time, each
#            run's output streamed too (always written to $BUILD/matrix/<label>/run.log).
#   SHARD=k/N, BUNDLE=path  this machine's part of the matrix, and its bundle (docs/running.md, "Many machines").
#
# The mode is make/tools/modes/Matrix.java, started by make/lib.sh's pack_mode; this script only gets it there. A
# command given instead of the pack gets JDK, ARCH, BUILD, TEST, PACK_RUN_ID and MATRIX_LABEL in its environment; a
# label=path entry's path is taken from where the script was run. See docs/matrix.md.
set -uo pipefail
export PACK_CALLER_PWD=$PWD
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
. make/lib.sh
pack_mode Matrix "$@"
