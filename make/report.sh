#!/usr/bin/env bash
# make report: one self-contained HTML page, one JUnit XML file and a TAP file per JDK x ISA from the last
# results under $BUILD (make matrix's runs and the last make test), written to $BUILD/report/. Exits 1 when
# any cell failed, else 4 when one is inconclusive, so a pipeline can gate on it (2: nothing to report). See
# docs/report.md.
#
#   make/report.sh            write the report (make/tools/report/Report.java; its header names the pack's commit and
#                             tools: PackIdentity.java)
#   FROM="b1 b2 ..." make/report.sh  write it from shards' bundles instead (make test/matrix BUNDLE=; Bundles.java):
#                             refused (exit 2, one line) for another commit or plan or a cell two bundles hold; a
#                             shard no bundle holds is named, and the exit status is then 2
#   make/report.sh --check-only  only check FROM= (one line, exit 2)
#   make/report.sh --browser  write it, then check it in a headless Chromium (make/tools/report/ReportCheck.java)
#
# REPORT_BASELINE=<label> chooses the grid's baseline column (default: the first).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
. make/lib.sh
# make report FROM="bundle ...": the bundles (directories, or .tar.gz) shards left on other machines, checked first.
read -r -a bundles <<<"${FROM:-}"
for b in "${bundles[@]}"; do
    [ -d "$b" ] || [[ $b == *.tar.gz && -f $b ]] || die "FROM=$b is no bundle: a directory or .tar.gz that make test or make matrix BUNDLE= wrote"
done
[ ${#bundles[@]} -eq 0 ] || [ "${1:-}" != --browser ] || die "make report-check checks this BUILD's report; FROM= is make report's"
[ "${1:-}" = --check-only ] && exit 0   # the Makefile's check, before anything is built
use_build_dir
HOST_JDK=$(host_jdk "") || die "no JDK 17+ for $(host_arch) to run the report tool"
tools=$(build_tools "$HOST_JDK") || exit 2
OUT=${REPORT_DIR:-$BUILD/report}
[ "${1:-}" != --browser ] || exec "$HOST_JDK/bin/java" "${TOOL_VM[@]}" -cp "$tools" report.ReportCheck --browser "$BUILD" "$OUT"
exec "$HOST_JDK/bin/java" "${TOOL_VM[@]}" -cp "$tools" report.Report "$BUILD" "$OUT" ${bundles[@]:+--from "${bundles[@]}"}
