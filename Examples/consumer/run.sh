#!/usr/bin/env bash
# Builds the consumer package (depthcheck as a dependency by path) and runs it on the iPhone X
# portrait photo of ../shared/corpus/real, checking what it prints and that `depthcheck check`
# passes the photo it writes. Skipped, saying so, when the photo is not there.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
photo="$root/${DEPTHCHECK_SHARED:-../shared}/corpus/real/apple-jpeg-disparity-iphonex.jpg"
case "${DEPTHCHECK_SHARED:-}" in /*) photo="$DEPTHCHECK_SHARED/corpus/real/apple-jpeg-disparity-iphonex.jpg" ;; esac
if [ ! -f "$photo" ]; then
  echo "consumer: SKIPPED: missing $photo (the real-file corpus beside the checkout)"
  exit 0
fi
swift build --package-path "$here" -c debug 2>&1 | tail -1
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$here/.build/debug/consumer" "$photo" "$out/out.jpg" > "$out/printed"
cat "$out/printed"
expected='aux disparity 576 768
map 576 768 0.39'
fail=0
head -c "${#expected}" "$out/printed" | cmp -s - <(printf '%s' "$expected") || { echo "consumer: FAIL: unexpected first lines"; fail=1; }
grep -qE '^map 576 768 0\.398[0-9]* 1\.536[0-9]*$' "$out/printed" || { echo "consumer: FAIL: map range is not 0.398…1.536 m"; fail=1; }
grep -q '^verdict pass ' "$out/printed" || { echo "consumer: FAIL: the verdict is not a pass"; fail=1; }
check="$("$root/.build/debug/depthcheck" check "$out/out.jpg")" || { echo "consumer: FAIL: check of the written photo: $check"; fail=1; }
echo "$check" | head -1
echo "$check" | head -1 | grep -q '^PASS .*(jpeg; depth 48×64; ' || { echo "consumer: FAIL: the written photo does not list a 48×64 depth"; fail=1; }
[ "$fail" = 0 ] && echo "consumer: ok"
exit "$fail"
