#!/usr/bin/env bash
# Builds the package and its tests, and fails on any compiler warning in depthcheck's own
# sources (Sources/, Tests/, Benchmarks/): the build is kept warning-free. Warnings of the
# dependencies' code (.build/checkouts) are theirs and do not count.
# `--scan LOG` judges a build log already written, without building.
set -euo pipefail
cd "$(dirname "$0")/.."
scan() {
  if grep -E '/(Sources|Tests|Benchmarks)/[^:]+:[0-9]+:[0-9]+: warning:' "$1" | grep -v '/\.build/' | sort -u; then
    echo "error: compiler warnings in depthcheck's sources (listed above); the build is kept warning-free" >&2
    return 1
  fi
}
if [ "${1:-}" = "--scan" ]; then
  scan "$2"
  exit $?
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build --build-tests 2>&1 | tee "$log"
scan "$log"
