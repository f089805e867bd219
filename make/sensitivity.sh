#!/usr/bin/env bash
# make sensitivity: every test must fail under each of its negative controls (see docs/sensitivity.md).
set -euo pipefail
cd "$(dirname "$0")/.."
. make/lib.sh
use_build_dir
JDK_HOME=$(jdk_under_test) || exit 2
HOST_JDK=$(host_jdk "$JDK_HOME") || die "no JDK 17+ for $(host_arch) to run the sensitivity runner"
tools=$(build_tools "$HOST_JDK")
TEST=${TEST:-all}
select_tests
export JDK=$JDK_HOME
exec "$HOST_JDK/bin/java" "${TOOL_VM[@]}" -cp "$tools" sensitivity.Sensitivity "$BUILD/sensitivity" "$(jdk_feature "$JDK_HOME")" "${SELECT[@]}"
