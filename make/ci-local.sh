#!/usr/bin/env bash
# make ci-local: the CI workflow's sequence (.github/workflows/pack.yml) on this machine: the plan for EVENT (default
# pull_request; CI_TEST, CI_MATRIX, CI_SHARDS as for make ci-plan), each shard in turn (make matrix SHARD=k/N
# BUNDLE=...), then the merge (make report FROM=...), whose exit status is the sequence's. In $BUILD/ci, with the
# JDKs, capstone and plugins of $BUILD (links): nothing is fetched or built twice. make check runs it.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
. make/lib.sh
use_build_dir
plan=$(ci_plan "${EVENT:-pull_request}") || exit 2
get() { sed -n "s/^$1=//p" <<<"$plan"; }
ci=$BUILD/ci
rm -rf "$ci" && mkdir -p "$ci" || die "cannot create $ci"
for d in jdks capstone hsdis; do [ ! -e "$BUILD/$d" ] || ln -s "$BUILD/$d" "$ci/$d"; done
n=$(get shard_count) bundles=()
echo "ci-local: plan for ${EVENT:-pull_request}: TEST=$(get test) MATRIX=\"$(get matrix)\", $n shard(s)"
for k in $(seq 1 "$n"); do
    make --no-print-directory matrix BUILD="$ci" MATRIX="$(get matrix)" TEST="$(get test)" SHARD="$k/$n" \
        BUNDLE="$ci/bundle-$k.tar.gz" >"$ci/shard-$k.log" 2>&1
    echo "ci-local: shard $k/$n: exit $?, $(grep -E '^[0-9]+ passed' "$ci/shard-$k.log" | tail -n 1) (log $ci/shard-$k.log)"
    bundles+=("$ci/bundle-$k.tar.gz")
done
echo "ci-local: merge: make report FROM=\"${bundles[*]}\""
exec make --no-print-directory report BUILD="$ci" FROM="${bundles[*]}"
