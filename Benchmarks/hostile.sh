#!/usr/bin/env bash
# Peak memory on hostile input, against the 300 MB budget (a truncated, corrupt or
# malicious file never causes a multi-GB allocation; peak memory does not grow with the
# number of files). Prints each figure with PASS or MISS; asserts nothing.
#   1. embed with a map bomb: a PNG of 16384x16384 gray 8-bit zeros (about 260 KB, it
#      compresses well) into a 64x48 photo (Corpus/good/jpeg-disparity.jpg). A map may not have
#      more pixels than its photo, so it must be refused from its header (exit 2), quickly,
#      before the 256 MiB of samples are allocated.
#   2. check --pixels --jobs 2 --timeout 0.001 over 400 HEIC files (copies of
#      Corpus/good/*.heic): every file times out or is checked; the batch's peak RSS.
# Peak RSS is GNU time's %M (kilobytes, /usr/bin/time, Debian package: time).
#
# Usage: Benchmarks/hostile.sh    (BIN=path/to/depthcheck to measure another build; the
# default is .build/release/depthcheck). Writes only into a temporary directory, removed
# on exit.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${BIN:-$root/.build/release/depthcheck}"
die() { echo "Benchmarks/hostile.sh: $*" >&2; exit 2; }
[ -x "$bin" ] || die "no $bin; build it first: make release (swift build -c release --static-swift-stdlib --disable-local-rpath)"
[ -x /usr/bin/time ] || die "missing /usr/bin/time (Debian package: time)"
command -v python3 >/dev/null || die "missing python3"
budget_kb=$((300 * 1000))
work=$(mktemp -d "${TMPDIR:-/tmp}/depthcheck-hostile.XXXXXX")
trap 'rm -rf "$work"' EXIT

# verdict KB -> PASS or MISS against the budget
verdict() { [ "$1" -le "$budget_kb" ] && echo PASS || echo MISS; }
mb() { awk -v k="$1" 'BEGIN { printf "%.1f MB", k / 1000 }'; }

# A gray 8-bit PNG (ISO/IEC 15948: IHDR colour type 0, depth 8) of zeros: each row is a
# filter byte 0 and 16384 zero samples, the whole deflated at level 9.
python3 - "$work/bomb.png" <<'EOF'
import struct, sys, zlib
w = h = 16384
def chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
z = zlib.compressobj(9)
row = bytes(w + 1)
data = b"".join(z.compress(row) for _ in range(h)) + z.flush()
with open(sys.argv[1], "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", data) + chunk(b"IEND", b""))
EOF

echo "== 1. embed a 16384x16384 PNG map ($(stat -c %s "$work/bomb.png") bytes) into a 64x48 JPEG"
start=$(date +%s.%N)
set +e
/usr/bin/time -f %M -o "$work/rss1" "$bin" embed --image "$root/Corpus/good/jpeg-disparity.jpg" \
  --depth "$work/bomb.png" --znear 0.5 --zfar 5 --replace -o "$work/out.jpg" >"$work/out1" 2>"$work/err1"
rc=$?
set -e
end=$(date +%s.%N)
rss=$(tail -n 1 "$work/rss1")
secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
refused=$([ "$rc" = 2 ] && [ ! -e "$work/out.jpg" ] && echo "refused, nothing written" || echo "NOT refused")
echo "exit $rc ($refused) in ${secs} s: $(head -c 300 "$work/err1" | head -n 2 | tr '\n' ' ')"
printf '%-58s %10s %10s %s\n' "peak RSS, embed with a map bomb" "$(mb "$rss")" "<= 300 MB" "$(verdict "$rss")"

echo "== 2. check --pixels --jobs 2 --timeout 0.001 over 400 HEIC copies"
mkdir "$work/heic"
n=0
while [ "$n" -lt 400 ]; do
  for f in "$root"/Corpus/good/*.heic; do
    [ "$n" -lt 400 ] || break
    cp "$f" "$work/heic/$(printf %03d "$n")-$(basename "$f")"
    n=$((n + 1))
  done
done
start=$(date +%s.%N)
set +e
/usr/bin/time -f %M -o "$work/rss2" "$bin" check --pixels --jobs 2 --timeout 0.001 --format jsonl \
  "$work/heic" -r >"$work/out2" 2>"$work/err2"
rc=$?
set -e
end=$(date +%s.%N)
rss=$(tail -n 1 "$work/rss2")
secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
lines=$(wc -l <"$work/out2")
echo "exit $rc in ${secs} s, $lines lines of results for $n files"
printf '%-58s %10s %10s %s\n' "peak RSS, check --pixels --jobs 2 --timeout 0.001, 400" "$(mb "$rss")" "<= 300 MB" "$(verdict "$rss")"
