#!/usr/bin/env bash
# make/hygiene.sh: the pack's promises about its own behaviour, each one check; prints a line per check and
# the totals alone on the last line.
#   - bad input is one line and exit 2, and nothing is built first (each case in an empty BUILD);
#   - the docs stand on their own (nothing points outside the repository);
#   - Debian packages are installed in one place (make/need.sh), foreign-architecture ones never;
#   - a VM without a JIT (Zero) skips every JIT test with that reason;
#   - the CI workflow passes actionlint.
set -uo pipefail
cd "$(dirname "$0")/.."
. make/lib.sh
use_runs
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "  ok      $*"; }
bad() { failed=$((failed + 1)); echo "  FAILED  $*"; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pack-hygiene.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/notjdk/bin"
old=$tmp/old-jdk
mkdir -p "$old/bin"
printf '#!/bin/sh\nexit 0\n' >"$old/bin/java"; chmod +x "$old/bin/java"
printf 'JAVA_VERSION="11.0.2"\nOS_ARCH="x86_64"\n' >"$old/release"

# case NAME [TARGET=t] make-arguments...: one line on stderr and stdout together, exit 2, and no build directory
# made (the target is make test unless TARGET= says another). The checks that read a table in Java share the pack's
# tools, compiled once into this BUILD (PACK_TOOLS_DIR, as a mode's runs share them): 7.1 s a case, 0.8 s shared.
tools_dir=$(mkdir -p "${BUILD:-build}" && cd "${BUILD:-build}" && pwd)/tools
case_() {
    local name=$1 target=test out rc lines; shift
    case ${1:-} in TARGET=*) target=${1#TARGET=}; shift ;; esac
    rm -rf "$tmp/build"
    out=$(PACK_TOOLS_DIR=$tools_dir make --no-print-directory "$target" BUILD="$tmp/build" "$@" 2>&1); rc=$?
    lines=$(printf '%s\n' "$out" | grep -c .)
    if [ "$rc" = 2 ] && [ "$lines" = 1 ] && [ ! -e "$tmp/build/hsdis" ]; then
        ok "bad input ($name): $out"
    else
        bad "bad input ($name): exit $rc, $lines lines, plugin built: $([ -e "$tmp/build/hsdis" ] && echo yes || echo no): $(printf '%s' "$out" | head -n 3)"
    fi
}
case_ "missing JDK"      JDK=/nonexistent
case_ "not a JDK"        JDK="$tmp/notjdk"
case_ "the launcher"     JDK=/usr/lib/jvm/java-17-openjdk-amd64/bin/java
case_ "a JDK name"       JDK="$(jdk_list newest | cut -d' ' -f1)"
case_ "JDK 11"           JDK="$old"
case_ "unknown group"    TEST=no-such-group
case_ "missing file"     TEST=test/NoSuchTest.java
case_ "CONC"             CONC=zero
case_ "VM option"        VM_OPTIONS=-XX:+NoSuchFlagAnywhere
case_ "ARCH"             ARCH=sparc
case_ "MATRIX name"      TARGET=matrix MATRIX="x86_64-17 x86_64-nosuchjdk"
case_ "MATRIX path"      TARGET=matrix MATRIX="mine=$tmp/notjdk"
{ cat make/jdk-table; echo "sparc-25 sparc 25 debian/unstable 25-1 default -"; } >"$tmp/jdk-table"
case_ "JDK table row"    TARGET=matrix JDK_TABLE="$tmp/jdk-table"
case_ "CPU model"        TARGET=matrix MATRIX="x86_64-25@a64fx"
{ cat make/cpus; echo "avx9 x86_64 switches UseAVX=9 - fleet a level no CPU has"; } >"$tmp/cpus"
case_ "CPU table row"    TARGET=matrix MATRIX=fleet CPUS_FILE="$tmp/cpus"
case_ "mutants JDK path" TARGET=mutants JDK="$tmp/notjdk"
case_ "mutants SET"      TARGET=mutants SET="$tmp/no-such-set.txt"
printf 'x | * | return | f() | void | test/escape | killed\n' >"$tmp/seven-columns.txt"
case_ "mutants SET line" TARGET=mutants SET="$tmp/seven-columns.txt"
case_ "mutants JDK name" TARGET=mutants JDK=x86_64-25-temurin
case_ "mutants DRY"      TARGET=mutants DRY=yes
case_ "mutants FRAMES"   TARGET=mutants FRAMES="$tmp/no-such-frames.txt" SEED=1
printf 'test/escape/AllocationIsScalarReplaced.java | * \n' >"$tmp/two-columns.txt"
case_ "FRAMES line"      TARGET=mutants FRAMES="$tmp/two-columns.txt" SEED=1
case_ "FRAMES, no SEED"  TARGET=mutants FRAMES=make/mutants/frames.txt
case_ "SHARD k > N"      SHARD=4/3
case_ "SHARD word"       TARGET=matrix SHARD=x
case_ "report FROM"      TARGET=report FROM="$tmp/no-such-bundle"
case_ "JTREG key"        JTREG="JOBS=2;KEYWORDS=headline"
case_ "TIMEOUT_FACTOR"   TIMEOUT_FACTOR=slow

# The CI workflow (.github/workflows) passes actionlint, built into $BUILD/go from its Go module when missing (Go at
# /usr/local/go/bin or on PATH, else Debian's golang-go; its module and build caches stay under $BUILD/go too).
# actionlint 1.7.12 needs Go 1.25 or newer: an older go (Debian 12's golang-go is 1.19) first fetches a newer one, as
# the module golang.org/toolchain of the Go module proxy (what Go's own toolchain switch downloads), into $BUILD/go/mod.
lint=${BUILD:-build}/go/bin/actionlint
if [ ! -x "$lint" ]; then
    go=$(command -v go || echo /usr/local/go/bin/go)
    [ -x "$go" ] || { sh make/need.sh --why "actionlint, the workflow's linter" golang-go=go && go=$(command -v go); }
    if [ -x "$go" ]; then
        gobuild=$(mkdir -p "${BUILD:-build}/go" && cd "${BUILD:-build}/go" && pwd -P)
        if ! "$go" version | grep -qE ' go1\.(2[5-9]|[3-9][0-9])'; then
            newer=$(GOPATH=$gobuild GOMODCACHE=$gobuild/mod GOFLAGS=-modcacherw "$go" mod download -json \
                "golang.org/toolchain@v0.0.1-go1.25.4.linux-$(dpkg --print-architecture)" 2>"$tmp/go-toolchain.log" |
                sed -n 's/^[[:space:]]*"Dir": "\(.*\)",*$/\1/p')
            if [ -f "$newer/bin/go" ]; then   # the module's files come without their execute bits
                chmod -R u+w "$newer" && chmod +x "$newer"/bin/* "$newer"/pkg/tool/*/* && go=$newer/bin/go
            fi
        fi
        GOBIN=$gobuild/bin GOPATH=$gobuild GOMODCACHE=$gobuild/mod GOCACHE=$gobuild/cache GOTOOLCHAIN=local \
            "$go" install github.com/rhysd/actionlint/cmd/actionlint@v1.7.12 >"$tmp/actionlint-install.log" 2>&1
    fi
fi
if [ ! -x "$lint" ]; then
    bad "actionlint: not in $lint and cannot be built: $([ -x "${go:-}" ] && echo "go install failed: $(tail -n 1 "$tmp/actionlint-install.log")" || echo "no Go toolchain (go on PATH or /usr/local/go/bin/go)")"
elif out=$("$lint" .github/workflows/*.yml 2>&1); then
    ok "actionlint $("$lint" -version | head -n 1): .github/workflows passes"
else
    bad "actionlint: $(printf '%s' "$out" | head -n 3 | tr '\n' ' ')"
fi

outside=$(grep -rnE '\.\./(shared|\.library)|(^|[^A-Za-z0-9_./-])/work/|quarks-[0-9]+-[0-9]+\.md|seeds/' README.md docs 2>/dev/null)
if [ -z "$outside" ]; then ok "the docs point nowhere outside the repository"; else bad "the docs point outside the repository: $outside"; fi

installs=$(grep -rnE 'apt-get (-[a-zA-Z -]+)?install|apt install' make .ci Makefile 2>/dev/null | grep -vE '^make/(need|hygiene)\.sh:')
if [ -z "$installs" ]; then ok "packages are installed only by make/need.sh"; else bad "apt-get install outside make/need.sh: $installs"; fi

foreign=$(grep -rnE '(need\.sh|need_pkg|need)( [^#]*)? [a-z0-9.+-]+:(arm64|amd64)' make 2>/dev/null | grep -v '^make/need.sh:')
if [ -z "$foreign" ]; then ok "no foreign-architecture package is installed into the system"; else bad "a foreign-architecture install: $foreign"; fi

# OpenJDK's spellings reach the run: TEST=jtreg:..., JTREG="JOBS=...;VM_OPTIONS=...;TIMEOUT_FACTOR=...", JT_HOME.
if [ "${HYGIENE_OPENJDK:-yes}" != no ]; then
    id=$(new_run_id)
    out=$(PACK_RUN_ID=$id make --no-print-directory test BUILD="$tmp/openjdk" TEST=jtreg:test/memory/CompiledNewIsInlineTlabBump.java \
        JTREG="JOBS=1;VM_OPTIONS=-XX:+UseSerialGC;TIMEOUT_FACTOR=2" JT_HOME="$(find_jtreg 2>/dev/null)" 2>&1)
    totals=$(runs totals --run "$id" "$tmp/openjdk" 2>&1)
    if grep -q 'VM options: -XX:+UseSerialGC' <<<"$out" && [[ "$totals" == "1 passed, 0 failed, 0 skipped" ]]; then
        ok "OpenJDK's spellings (TEST=jtreg:..., JTREG=\"JOBS=1;VM_OPTIONS=-XX:+UseSerialGC;TIMEOUT_FACTOR=2\", JT_HOME): $totals"
    else
        bad "OpenJDK's spellings: ${totals:-no totals}: $(tail -n 3 <<<"$out" | tr '\n' ' ')"
    fi
fi

# A VM without a JIT (Zero, from Debian's current JDK 17 unpacked under build/jdks) skips every JIT test with
# the true reason, not "the JIT is off".
if [ "$(uname -m)" = x86_64 ] && [ "${HYGIENE_ZERO:-yes}" != no ]; then
    if zero=$(bash make/jdks.sh x86_64-17-zero 2>"$tmp/zero.err"); then
        B=$(cd "${BUILD:-build}" 2>/dev/null && pwd -P || echo "$PWD/build")
        id=$(new_run_id)
        PACK_RUN_ID=$id make --no-print-directory test BUILD="$tmp/zero" JDK="$zero" VM_OPTIONS=-zero TEST=headline \
            HSDIS_DIR_x86_64="$B/hsdis/x86_64" HSDIS_DIR_aarch64="$B/hsdis/aarch64" \
            HSDIS_CS_x86_64="$B/capstone/x86_64" HSDIS_CS_aarch64="$B/capstone/aarch64" >"$tmp/zero.log" 2>&1
        # every test of the run's own results skipped, each naming Zero (the run model reads them: runs rows)
        totals=$(runs totals --run "$id" "$tmp/zero" 2>&1)
        rows=$(runs rows --run "$id" "$tmp/zero" 2>/dev/null)
        wrong=$(grep -v -P '^[^\t]*\tskipped\t[^\t]*\t.*no JIT compiler \(Zero' <<<"$rows")
        if [ -n "$rows" ] && [ -z "$wrong" ]; then
            ok "Zero (no JIT): $totals, each with the reason \"this VM has no JIT compiler (Zero ...)\""
        else
            bad "Zero (no JIT): ${totals:-no totals}; $(printf '%s' "$wrong" | head -n 2 | tr '\n\t' '  ') (log kept in ${BUILD:-build}/hygiene-zero.log)"
            cp "$tmp/zero.log" "${BUILD:-build}/hygiene-zero.log" 2>/dev/null
        fi
    else
        bad "Zero (no JIT): cannot prepare Debian's JDK 17 with Zero: $(tail -n 1 "$tmp/zero.err")"
    fi
fi

runs tally passed="$passed" failed="$failed"
