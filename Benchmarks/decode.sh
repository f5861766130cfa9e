#!/usr/bin/env bash
# Measures depthcheck's pixel decoding against its budgets, in one run on the same inputs,
# and prints every budget as a measured ratio with PASS or MISS:
#   1. for information, whole processes: decoding the iPhone X disparity stream to Float32
#      (extract --format raw --type f32 to /dev/null) against djpeg decoding the same stream to
#      8-bit gray (start-up, reading and parsing the file are in depthcheck's time; the budget
#      is measured in process, in section 4);
#   2. extract to PFM against djpeg of the extracted aux stream, and a HEIC's extract --all
#      against heif-convert --with-aux (for information);
#   3. peak RSS of extracting a 16384x16384 gray aux JPEG to PFM: < 64 MiB;
#   4. in process (package-benchmark, Benchmarks/InProcess): the same stream decoded to
#      Float32 values against the decode to stored samples alone (libjpeg-turbo and the row
#      hand-off, no value mapping): throughput >= 0.9x;
#   5. check --pixels of the iPhone X JPEG against exiv2 -pa of the file plus djpeg of its
#      aux stream: <= 1.5x their time.
# Times are hyperfine medians (-N, warm-up 2).
#
# Usage: Benchmarks/decode.sh      BENCH_RUNS runs per measurement (default 10)
# Needs .build/release/depthcheck, hyperfine, exiv2, exiftool, djpeg, heif-convert, /usr/bin/time and
# the Python of .build/pyenv (make pyenv) to make the 16384x16384 file. Writes only into a
# temporary directory, removed on exit.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="$root/.build/release/depthcheck"
python="$root/.build/pyenv/bin/python"
real="$root/../shared/corpus/real"
die() { echo "Benchmarks/decode.sh: $*" >&2; exit 2; }
[ -x "$bin" ] || die "no $bin; build it first: make release (swift build -c release --static-swift-stdlib --disable-local-rpath)"
for t in hyperfine exiftool djpeg heif-convert exiv2; do command -v "$t" >/dev/null || die "missing $t"; done
[ -x /usr/bin/time ] || die "missing /usr/bin/time (Debian package: time)"
[ -x "$python" ] || die "no $python (make pyenv)"
[ -d "$real" ] || die "no $real"
runs=${BENCH_RUNS:-10}
work=$(mktemp -d "${TMPDIR:-/tmp}/depthcheck-decode.XXXXXX")
trap 'rm -rf "$work"' EXIT

jpeg="$real/apple-jpeg-disparity-iphonex.jpg"
heic="$real/apple-heic-depth-gainmap-ios16.heic"
exiftool -b -MPImage2 "$jpeg" > "$work/aux.jpg"

median() {  # median seconds of one command, from hyperfine's JSON export
  hyperfine -N --warmup 2 --runs "$runs" --export-json "$work/h.json" "$@" >/dev/null 2>&1 || true
  "$python" -c "import json;print(json.load(open('$work/h.json'))['results'][0]['median'])"
}
ratio() { "$python" -c "print(f'{$1/$2:.2f}')"; }
ms() { "$python" -c "print(f'{$1*1000:.2f} ms')"; }
verdict() { "$python" -c "print('PASS' if $1 else 'MISS')"; }

echo "== 1. whole processes, for information: extract to Float32 vs djpeg to 8-bit gray (iPhone X disparity, 576x768)"
ours=$(median "$bin extract $jpeg --aux depth --format raw --type f32 --force -o /dev/null")
theirs=$(median "djpeg -grayscale -outfile /dev/null $work/aux.jpg")
r=$(ratio "$theirs" "$ours")
echo "depthcheck $(ms "$ours") (start-up, reading and parsing the 2.6 MB file included), djpeg of the aux stream $(ms "$theirs"): ${r}x djpeg's throughput; the budget is measured in process, section 4"

echo "== 2. extract vs the tools (for information)"
ours=$(median "$bin extract $jpeg --aux depth --force -o $work/d.pfm")
theirs=$(median "djpeg -grayscale -outfile $work/d.pgm $work/aux.jpg")
echo "extract JPEG disparity to PFM $(ms "$ours"), djpeg of the aux stream $(ms "$theirs"): $(ratio "$ours" "$theirs")x the time"
cp "$heic" "$work/h.heic"
ours=$(median "$bin extract $work/h.heic --all --format png --force -o $work")
theirs=$(median "heif-convert --quiet --with-aux $work/h.heic $work/h.png")
echo "extract --all of the iOS 16 HEIC $(ms "$ours"), heif-convert --with-aux $(ms "$theirs") (decodes the primary too): $(ratio "$ours" "$theirs")x the time"

echo "== 3. peak RSS extracting a 16384x16384 gray aux JPEG to PFM"
"$python" - "$work/big.mpo" <<'PY'
import sys, numpy as np
from PIL import Image
n = 16384
x = np.arange(n, dtype=np.uint32)
aux = Image.fromarray(((x[None, :] + x[:, None]) // 128 % 256).astype(np.uint8), "L")
Image.new("L", (64, 64), 128).save(sys.argv[1], format="MPO", save_all=True, append_images=[aux], quality=90)
PY
/usr/bin/time -f "%M" -o "$work/rss" "$bin" extract "$work/big.mpo" --index 2 --max-pixels 300000000 -o "$work/big.pfm"
kib=$(cat "$work/rss")
size=$(stat -c %s "$work/big.pfm")
echo "peak RSS ${kib} KiB ($((kib / 1024)) MiB) for a $((size / 1048576)) MiB PFM (budget < 64 MiB) $(verdict "$kib < 65536")"

echo "== 4. in process (package-benchmark): decode to Float32 vs to stored samples (iPhone X disparity)"
(cd "$root/Benchmarks/InProcess" && swift package --allow-writing-to-directory "$work" benchmark \
   --filter "decode.*/iPhone X JPEG" --format jmh --path "$work" --no-progress >"$work/inprocess.log" 2>&1) \
  || { tail -20 "$work/inprocess.log" >&2; die "the in-process benchmark failed"; }
"$python" - "$work/Current_run.jmh.json" <<'PY'
import json, sys
rates = {b["benchmark"].split(".")[-1].split("/")[0]: b["primaryMetric"]["score"] for b in json.load(open(sys.argv[1]))}
f, s = rates["decode_Float32_values"], rates["decode_stored_samples"]
print(f"Float32 values {f:.0f}/s, stored samples {s:.0f}/s: {f / s:.2f}x (budget >= 0.9x) {'PASS' if f / s >= 0.9 else 'MISS'}")
PY

echo "== 5. check --pixels vs exiv2 -pa + djpeg of the aux stream (iPhone X JPEG)"
ours=$(median "$bin check --pixels --format json $jpeg")
exiv=$(median "exiv2 -pa $jpeg")
theirs=$(median "djpeg -grayscale -outfile /dev/null $work/aux.jpg")
sum=$("$python" -c "print($exiv + $theirs)")
r=$(ratio "$ours" "$sum")
echo "check --pixels $(ms "$ours"), exiv2 -pa $(ms "$exiv") + djpeg $(ms "$theirs") = $(ms "$sum"): ${r}x their time (budget <= 1.5x) $(verdict "$r <= 1.5")"
