#!/usr/bin/env bash
# Times depthcheck against the tools it must beat, in one run on the same files, and prints
# ratios against these budgets:
#   check (structure + rules, no pixel decode) vs `exiv2 -pa` and `exiftool -j -ee`;
#   decoding an aux stream: djpeg on the extracted aux JPEG, heif-convert on the HEIC;
#   batch: --jobs 2 vs --jobs 1 over many files.
# Usage: Benchmarks/run.sh [files...]   (default: the real camera files in ../shared/corpus/real)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="$root/.build/release/depthcheck"
[ -x "$bin" ] || { echo "build first: swift build -c release --static-swift-stdlib --product depthcheck" >&2; exit 2; }
for t in hyperfine exiv2 exiftool djpeg heif-convert python3; do
  command -v "$t" >/dev/null || { echo "missing $t (make bench installs it)" >&2; exit 2; }
done
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  for f in "$root"/../shared/corpus/real/*.jpg "$root"/../shared/corpus/real/apple-*.heic "$root"/../shared/corpus/real/imageio-*.heic; do
    [ -f "$f" ] && files+=("$f")
  done
fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
runs=${BENCH_RUNS:-20}

time_cmd() { # name, command... -> mean seconds
  local out="$work/$1.json"; shift
  hyperfine -N --style none --warmup 3 --runs "$runs" --export-json "$out" "$*" >/dev/null 2>&1 || { echo "nan"; return; }
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["mean"])' "$out"
}
ratio() { python3 -c 'import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); print(f"{b/a:6.2f}x")' "$1" "$2"; }
ms() { python3 -c 'import sys; print(f"{float(sys.argv[1])*1000:8.2f} ms")' "$1"; }

printf '%-38s %11s %11s %11s %9s %9s\n' file depthcheck "exiv2 -pa" "exiftool" "vs exiv2" "vs exift."
for f in "${files[@]}"; do
  n=$(basename "$f")
  d=$(time_cmd dc "$bin check --format json $f")
  e=$(time_cmd ex "exiv2 -pa $f")
  x=$(time_cmd et "exiftool -j -ee $f")
  printf '%-38s %11s %11s %11s %9s %9s\n' "$n" "$(ms "$d")" "$(ms "$e")" "$(ms "$x")" "$(ratio "$d" "$e")" "$(ratio "$d" "$x")"
done
echo "(ratios: the other tool's time / depthcheck's; above 1 means depthcheck is faster)"

# Decode baselines: the aux stream alone through djpeg, or the whole HEIC through heif-convert.
echo
printf '%-38s %11s %11s %s\n' file "check" "decoder" "decoder used"
for f in "${files[@]}"; do
  n=$(basename "$f")
  case "$f" in
    *.jpg|*.jpeg)
      exiftool -b -MPImage2 "$f" > "$work/aux.jpg" 2>/dev/null || true
      [ -s "$work/aux.jpg" ] || continue
      dj=$(time_cmd dj "djpeg -outfile /dev/null $work/aux.jpg"); tool="djpeg (aux stream only)";;
    *.heic)
      dj=$(time_cmd hc "heif-convert --quiet $f $work/out.y4m"); tool="heif-convert (whole file)";;
    *) continue;;
  esac
  d=$(time_cmd dc2 "$bin check --format json $f")
  printf '%-38s %11s %11s %s\n' "$n" "$(ms "$d")" "$(ms "$dj")" "$tool"
done

# Batch scaling: the same files many times over.
mkdir -p "$work/batch"
i=0
for k in $(seq 1 25); do for f in "${files[@]}"; do i=$((i+1)); ln -s "$f" "$work/batch/$i-$(basename "$f")"; done; done
j1=$(time_cmd j1 "$bin check -r --format json --output /dev/null --jobs 1 $work/batch")
j2=$(time_cmd j2 "$bin check -r --format json --output /dev/null --jobs 2 $work/batch")
echo
echo "batch of $i files: --jobs 1 $(ms "$j1"), --jobs 2 $(ms "$j2"), speed-up $(ratio "$j2" "$j1")"
