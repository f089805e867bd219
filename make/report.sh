#!/usr/bin/env bash
# make report: one self-contained HTML page, one JUnit XML file and a TAP file per JDK x ISA from the last
# results under $BUILD (make matrix's runs and the last make test), written to $BUILD/report/. Exits 1 when
# any cell failed, else 4 when one is inconclusive, so a pipeline can gate on it (2: nothing to report). See
# docs/report.md.
#
#   make/report.sh            write the report
#   FROM="b1 b2 ..." make/report.sh  write it from shards' bundles instead (make test/matrix BUNDLE=; Bundles.java):
#                             refused (exit 2, one line) for another commit or plan or a cell two bundles hold; a
#                             shard no bundle holds is named, and the exit status is then 2
#   make/report.sh --check-only  only check FROM= (one line, exit 2)
#   make/report.sh --browser  write it, then check it in a headless Chromium at 1400 px wide (Debian's, installed
#                             through make/need.sh): it renders, its grid has the expected rows, cells, baseline
#                             marks and totals, it needs no horizontal scrolling, nothing external is loaded; the
#                             same grid checks on a synthetic matrix of 15 runs ($BUILD/report/scale/); keeps
#                             $BUILD/report/screenshot.png, report.pdf and scale/screenshot.png
#
# REPORT_BASELINE=<label> chooses the grid's baseline column (default: the first).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
. make/lib.sh
. make/shard.sh
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
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
[ -z "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] || commit="$commit (with uncommitted changes)"
capstone=$(for isa in x86_64 aarch64; do [ -f "$BUILD/capstone/$isa/SOURCE" ] && printf '%s: %s; ' "$isa" "$(head -n 1 "$BUILD/capstone/$isa/SOURCE")"; done)
capstone=${capstone%; }
[ -n "$capstone" ] || capstone="capstone $(sed -n 's/^CAPSTONE_VERSION=//p' make/capstone.sh) (not built here)"
hsdis=$(git log -1 --format='%h %cs' -- lib/hsdis 2>/dev/null || echo unknown)
export PACK_VERSION="commit $commit"
export PACK_TOOLS="hsdis plugin: lib/hsdis at $hsdis; capstone ($capstone)"
if [ ${#bundles[@]} -gt 0 ]; then
    dirs=()   # a .tar.gz is unpacked under $OUT/bundles/N
    rm -rf "$OUT/bundles"
    for i in "${!bundles[@]}"; do
        b=${bundles[$i]}
        if [[ $b == *.tar.gz ]]; then
            mkdir -p "$OUT/bundles/$((i + 1))"
            tar -C "$OUT/bundles/$((i + 1))" -xzf "$b" || die "FROM=$b cannot be unpacked"
            b=$OUT/bundles/$((i + 1))
        fi
        dirs+=("$b")
    done
    PACK_COMMIT=$(pack_commit) "$HOST_JDK/bin/java" -cp "$tools" Report --from "$OUT" "${dirs[@]}"
    exit $?
fi
"$HOST_JDK/bin/java" -cp "$tools" Report "$BUILD" "$OUT"
status=$?
[ "${1:-}" = --browser ] || exit $status
[ "$status" -le 1 ] || [ "$status" = 4 ] || exit $status

sh make/need.sh --why "the report's browser check" chromium=chromium || exit 2
page="file://$OUT/index.html"
# --no-sandbox: Chromium refuses to run as root with its sandbox; the page is the pack's own file.
chrome=(chromium --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars --user-data-dir="$OUT/chromium-profile")
rm -f "$OUT/screenshot.png" "$OUT/report.pdf" "$OUT/dom.html"
timeout 120 "${chrome[@]}" --window-size=1400,1000 --screenshot="$OUT/screenshot.png" "$page" >"$OUT/chromium.log" 2>&1
timeout 120 "${chrome[@]}" --print-to-pdf="$OUT/report.pdf" --no-pdf-header-footer "$page" >>"$OUT/chromium.log" 2>&1
timeout 120 "${chrome[@]}" --window-size=1400,1000 --dump-dom "$page" >"$OUT/dom.html" 2>>"$OUT/chromium.log"
# The same page over a synthetic matrix of the planned JDKs and ISAs (15 columns): does the grid still fit?
scale=$OUT/scale
rm -rf "$scale"
scale_baseline=$("$HOST_JDK/bin/java" -cp "$tools" ReportCheck --synthetic "$scale") || die "cannot write the synthetic matrix in $scale"
REPORT_BASELINE=$scale_baseline PACK_VERSION="(synthetic results: make report-check's scale test)" \
    "$HOST_JDK/bin/java" -cp "$tools" Report "$scale" "$scale/report" >"$scale/report.log" 2>&1
timeout 120 "${chrome[@]}" --window-size=1400,1000 --screenshot="$scale/screenshot.png" "file://$scale/report/index.html" >>"$OUT/chromium.log" 2>&1
timeout 120 "${chrome[@]}" --window-size=1400,1000 --dump-dom "file://$scale/report/index.html" >"$scale/dom.html" 2>>"$OUT/chromium.log"
# ... and switched by the page's script to another baseline: do the marks follow?
timeout 120 "${chrome[@]}" --window-size=1400,1000 --dump-dom "file://$scale/report/index.html?baseline=aarch64-25" >"$scale/dom-switched.html" 2>>"$OUT/chromium.log"
"$HOST_JDK/bin/java" -cp "$tools" ReportCheck "$BUILD" "$OUT/dom.html" "$OUT/screenshot.png" "$OUT/report.pdf" \
    "$scale" "$scale/dom.html" "$scale/dom-switched.html"
