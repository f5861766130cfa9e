#!/usr/bin/env bash
# Measures depthcheck against its performance budgets, in one run on the same files, and
# prints every budget as a measured ratio with PASS or MISS:
#   1. check of each Apple depth photo: <= 1.0x the wall time of `exiv2 -pa`, >= 40x faster
#      than `exiftool -j -ee` (other files are shown for information);
#   2. bytes one check reads (strace): <= 64 KiB plus the aux images and metadata items its
#      rules read, whatever the size of the primary image (shown with two copies of one HEIC
#      whose primary differs 10x in size); and the share of each file in the page cache after
#      one check of it, readahead included (fincore): <= 20 % (files under 256 KiB are read
#      whole by design, and files whose rules read more than a fifth of them are not graded);
#   3. a batch of 1,000 Apple depth photos in one process: >= 15x the files per second of one
#      `exiv2 -pa` process per file; --jobs 2 >= 1.8x --jobs 1; peak RSS for 5,000 files within
#      10 % of that for 500;
#   4. start-up: a check of the first Apple JPEG <= 1.3x a statically linked Swift hello world
#      (the process floor); the release binary's size against the hello's, and the page faults
#      each takes to start, for information;
#   5. decode baselines, for information: djpeg on the extracted aux JPEG, heif-convert on
#      the whole HEIC;
#   6. the HTML report of all the files: <= 1.2x check --pixels of the same files plus one
#      decode of each photo at the smallest size its codec gives (djpeg -scale 1/8; libheif,
#      Benchmarks/heif-small.c), and <= 200 KB a file;
#   7. compare of the largest HEIC, and of the first Apple JPEG, with its roundtrip copy:
#      <= 1.5x check --pixels of both; the peak RSS of compare of a 23-megapixel Ultra HDR gain
#      map with its copy <= 2x that of check --pixels of both (the map is made with
#      pyultrahdr's sdr_to_hdr, from the test environment); a folder pair of 1,000 photos in at
#      most 10 % more memory than one of 100;
#   8. content alignment: how many turned, mirrored, moved or swapped depth maps check --pixels
#      finds, and its false alarms on unchanged ones (Benchmarks/content.py), for information;
#      and its cost: check --pixels <= 1.2x the same check --ignore geometry.content plus one
#      decode of the photo at its smallest (djpeg -scale 1/8; libheif, Benchmarks/heif-small.c).
# Times are medians of interleaved runs (Benchmarks/interleave.py: no shell, warm-up rounds
# first, the commands of a measurement taking turns, so drift over the run weighs on each
# alike). Exit codes are not failures:
# depthcheck exits 1 for a file with findings, exiv2 fails on malformed files.
#
# The speed budgets of sections 1 and 3 are for Apple depth photos: the files whose names match
# BENCH_APPLE (default apple-*, as the real corpus names its iPhone photos), or every file when
# none match. Other files are measured and shown for information.
#
# The default files add one the corpus lacks: the iPhone 7 Plus family, whose files end in up
# to ~1 MB of zeros after the last image, stood for by the first Apple JPEG with 990 KiB of
# zeros appended. The machine's load is printed at the start and at the end.
#
# Usage: Benchmarks/run.sh [files...]   (default: every JPEG and HEIC in ../shared/corpus/real)
#   BENCH_RUNS        runs per measurement of one file or one start-up (default 10;
#                     start-up uses 3x as many, as each run takes a few milliseconds)
#   BENCH_BATCH_RUNS  runs per batch measurement (default 5)
#   BENCH_APPLE       the names of the Apple depth photos among the files (a glob; default apple-*)
# Needs the release binary (.build/release/depthcheck) and exiv2, exiftool,
# djpeg, heif-convert, strace, /usr/bin/time (GNU time), swiftc and python3. Writes only
# into a temporary directory, removed on exit.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
here="$root/Benchmarks"
bin="$root/.build/release/depthcheck"
die() { echo "Benchmarks/run.sh: $*" >&2; exit 2; }

[ -x "$bin" ] || die "no $bin; build it first: make release (swift build -c release --static-swift-stdlib --disable-local-rpath)"
for t in exiv2 exiftool djpeg heif-convert strace swiftc python3 xargs awk fincore; do
  command -v "$t" >/dev/null || die "missing $t (make bench installs what is missing)"
done
[ -x /usr/bin/time ] || die "missing /usr/bin/time (Debian package: time)"

runs=${BENCH_RUNS:-10}
batch_runs=${BENCH_BATCH_RUNS:-5}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || die "BENCH_RUNS must be a positive integer"
[[ "$batch_runs" =~ ^[1-9][0-9]*$ ]] || die "BENCH_BATCH_RUNS must be a positive integer"
startup_runs=$((runs * 3))

files=()
if [ $# -gt 0 ]; then
  for f in "$@"; do [ -f "$f" ] || die "no such file: $f"; files+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")"); done
else
  real="$root/../shared/corpus/real"
  [ -d "$real" ] || die "no $real: pass files on the command line"
  real="$(cd "$real" && pwd)"
  for f in "$real"/*; do
    case "${f,,}" in *.jpg|*.jpeg|*.heic|*.heif) files+=("$f");; esac
  done
fi
[ ${#files[@]} -gt 0 ] || die "no JPEG or HEIC files to measure"
apple_glob=${BENCH_APPLE:-apple-*}
apple=()
for f in "${files[@]}"; do
  # shellcheck disable=SC2053 # a glob on purpose
  [[ "$(basename "$f")" == $apple_glob ]] && apple+=("$f")
done
[ ${#apple[@]} -gt 0 ] || apple=("${files[@]}")
is_apple() { local a; for a in "${apple[@]}"; do [ "$a" = "$1" ] && return 0; done; return 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/depthcheck-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
started=$SECONDS

# The first Apple JPEG: the start-up budget's file, and the padded file's source.
first_jpeg=""
for f in "${apple[@]}"; do case "${f,,}" in *.jpg|*.jpeg) first_jpeg=$f; break;; esac; done
if [ $# -eq 0 ] && [ -n "$first_jpeg" ]; then
  padded="$work/apple-jpeg-padded-like-iphone7plus.jpg"
  { cat "$first_jpeg"; head -c $((990 * 1024)) /dev/zero; } > "$padded"
  files+=("$padded"); apple+=("$padded")
fi

# The binary is measured as installed, like exiv2 and exiftool: copied with install(1). The
# same bytes run straight from .build start 0.6-1 ms slower here, and as fast once dropped
# from the page cache and read back with read(2). Most likely a freshly linked file's pages
# sit in the page cache in small pieces (the linker's writes; faults after an eviction), so
# every start takes more and costlier page faults, where a file written by cp or install, or
# read with read(2), is cached in larger ones (Linux 6.18, ext4).
install -m 0755 "$bin" "$work/depthcheck"
bin="$work/depthcheck"

# --- helpers ------------------------------------------------------------------------------

# A command line for interleave.py, each word quoted.
cmd() { local s; printf -v s '%q ' "$@"; echo "${s% }"; }

# bench NAME RUNS WARMUP COMMAND... -> the median seconds of each command, one per line.
bench() {
  local name=$1 n=$2 w=$3; shift 3
  python3 "$here/interleave.py" "$n" "$w" "$@" 2>"$work/$name.err" \
    || { cat "$work/$name.err" >&2; die "timing failed: $*"; }
}

calc() { awk "BEGIN { printf \"%.2f\", $1 }"; }
ms() { awk -v s="$1" 'BEGIN { printf "%.2f ms", s * 1000 }'; }
kib() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }
# verdict VALUE le|ge LIMIT -> PASS or MISS
verdict() { awk -v v="$1" -v op="$2" -v l="$3" 'BEGIN { ok = (op == "le") ? v <= l : v >= l; print ok ? "PASS" : "MISS" }'; }
# worse VALUE CURRENT le|ge -> 1 when VALUE is further from passing than CURRENT
worse() { awk -v v="$1" -v c="$2" -v op="$3" 'BEGIN { print (c == "" || (op == "le" ? v > c : v < c)) ? 1 : 0 }'; }

summary=()
budget() { # description, measured, verdict
  summary+=("$(printf '  %-4s %9s  %s' "$3" "$2" "$1")")
}

# depthcheck's exit code for a file; 4 and above (internal error, a crash) stop the benchmark,
# as timing a crash would mean nothing.
check_exit() {
  local rc=0
  "$bin" check --format json "$1" >/dev/null 2>&1 || rc=$?
  [ "$rc" -lt 4 ] || die "depthcheck check exits $rc on $1"
  echo "$rc"
}

echo "depthcheck $("$bin" --version) (.build/release/depthcheck, installed into the work folder), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); medians of $runs runs (batches: $batch_runs)"
echo "$(exiv2 --version 2>/dev/null | head -1); exiftool $(exiftool -ver); $(strace -V | head -1)"

# --- 1. check of one file ----------------------------------------------------------------

declare -A t_check
echo
echo "1. check of one file: depthcheck check --format json FILE"
printf '%-36s %9s %4s %11s %11s %12s %16s %16s\n' file bytes exit depthcheck "exiv2 -pa" "exiftool -ee" "/ exiv2 (<= 1)" "exiftool/ (>= 40)"
exiv2_pass=0 exiftool_pass=0 worst_exiv2="" worst_exiv2_file="" worst_exiftool="" worst_exiftool_file=""
other_exiv2="" other_exiv2_file="" other_exiftool="" other_exiftool_file=""
for f in "${files[@]}"; do
  n=$(basename "$f")
  rc=$(check_exit "$f")
  mapfile -t t < <(bench "one" "$runs" 3 "$(cmd "$bin" check --format json "$f")" "$(cmd exiv2 -pa "$f")" "$(cmd exiftool -j -ee "$f")")
  t_check[$f]=${t[0]}
  r1=$(calc "${t[0]} / ${t[1]}"); v1=$(verdict "$r1" le 1.0)
  r2=$(calc "${t[2]} / ${t[0]}"); v2=$(verdict "$r2" ge 40)
  if is_apple "$f"; then
    [ "$v1" = PASS ] && exiv2_pass=$((exiv2_pass + 1))
    [ "$v2" = PASS ] && exiftool_pass=$((exiftool_pass + 1))
    [ "$(worse "$r1" "$worst_exiv2" le)" = 1 ] && { worst_exiv2=$r1; worst_exiv2_file=$n; }
    [ "$(worse "$r2" "$worst_exiftool" ge)" = 1 ] && { worst_exiftool=$r2; worst_exiftool_file=$n; }
  else
    v1="info" v2="info"
    [ "$(worse "$r1" "$other_exiv2" le)" = 1 ] && { other_exiv2=$r1; other_exiv2_file=$n; }
    [ "$(worse "$r2" "$other_exiftool" ge)" = 1 ] && { other_exiftool=$r2; other_exiftool_file=$n; }
  fi
  printf '%-36s %9s %4s %11s %11s %12s %10sx %s %10sx %s\n' "$n" "$(stat -Lc %s "$f")" "$rc" \
    "$(ms "${t[0]}")" "$(ms "${t[1]}")" "$(ms "${t[2]}")" "$r1" "$v1" "$r2" "$v2"
done
echo "   (/ exiv2: depthcheck's time over exiv2's; exiftool/: exiftool's time over depthcheck's;"
echo "    the budgets are for the Apple depth photos, BENCH_APPLE=$apple_glob; other files: info)"
apples=${#apple[@]}
budget "check <= 1.0x exiv2 -pa, every Apple depth photo ($exiv2_pass/$apples pass; worst $worst_exiv2_file)" "${worst_exiv2}x" \
  "$([ "$exiv2_pass" = "$apples" ] && echo PASS || echo MISS)"
budget "check >= 40x faster than exiftool -j -ee, every Apple depth photo ($exiftool_pass/$apples pass; worst $worst_exiftool_file)" "${worst_exiftool}x" \
  "$([ "$exiftool_pass" = "$apples" ] && echo PASS || echo MISS)"
if [ -n "$other_exiv2" ]; then
  budget "check / exiv2 -pa, the other files (worst $other_exiv2_file)" "${other_exiv2}x" info
  budget "exiftool -j -ee / check, the other files (worst $other_exiftool_file)" "${other_exiftool}x" info
fi

# --- 2. bytes read -----------------------------------------------------------------------

# bytes_read FILE -> bytes read from FILE by one check, and "read" or "mapped".
bytes_read() {
  rm -f "$work"/strace.*
  strace -ff -y -qq -s 0 -e trace=read,pread64,readv,preadv,preadv2,mmap -e signal=none \
    -o "$work/strace" "$bin" check --format json "$1" >/dev/null 2>&1 || true
  python3 "$here/layout.py" bytes-read "$work/strace" "$1"
}

# The file to grow: the largest HEIC whose primary layout.py can grow.
grow_source="" grow_small="$work/primary-x1.heic" grow_big="$work/primary-x10.heic"
while read -r _ f; do
  if python3 "$here/layout.py" grow-primary "$f" "$grow_big" 10 >"$work/grow.txt" 2>"$work/grow.err"; then
    grow_source=$f; cp "$f" "$grow_small"; break
  fi
done < <(for f in "${files[@]}"; do case "${f,,}" in *.heic|*.heif) echo "$(stat -Lc %s "$f") $f";; esac; done | sort -rn)

echo
echo "2. bytes one check reads (strace: read, pread64, readv, preadv on the file's descriptors; mmap of it is flagged)"
echo "   budget = 64 KiB + the aux images and metadata items the rules read (Benchmarks/layout.py allowance)"
printf '%-36s %9s %9s %9s %9s %9s %9s %18s\n' file bytes primary "aux+meta" read "read/size" budget "read/budget (<= 1)"
read_pass=0 worst_read="" worst_read_file=""
declare -A read_bytes
measure_read() { # path, label, counts toward the per-file budget (1/0)
  local f=$1 n=$2 size primary aux allow b how r v
  read -r size primary aux allow < <(python3 "$here/layout.py" allowance "$f" 2>/dev/null || echo "$(stat -Lc %s "$f") ? ? 65536")
  read -r b how < <(bytes_read "$f")
  read_bytes[$f]=$b
  r=$(calc "$b / $allow"); v=$(verdict "$r" le 1.0)
  [ "$how" = mapped ] && v="$v (mapped)"
  if [ "$3" = 1 ]; then
    [ "$v" = PASS ] && read_pass=$((read_pass + 1))
    [ "$(worse "$r" "$worst_read" le)" = 1 ] && { worst_read=$r; worst_read_file=$n; }
  fi
  printf '%-36s %9s %9s %9s %9s %8sx %9s %12sx %s\n' "$n" "$size" "$primary" "$aux" "$b" \
    "$(calc "$b / $size")" "$allow" "$r" "$v"
}
for f in "${files[@]}"; do measure_read "$f" "$(basename "$f")" 1; done
budget "bytes read <= 64 KiB + aux + metadata, every file ($read_pass/${#files[@]} pass; worst $worst_read_file)" "${worst_read}x" \
  "$([ "$read_pass" = "${#files[@]}" ] && echo PASS || echo MISS)"
if [ -n "$grow_source" ]; then
  read -r p1 p10 < "$work/grow.txt"
  echo "   $(basename "$grow_source") as is, and with its primary's coded data grown $(calc "$p10 / $p1")x ($p1 -> $p10 bytes)"
  echo "   by a filler-data NAL unit (layout.py grow-primary; aux items and metadata unchanged):"
  measure_read "$grow_small" "  primary x1" 0
  measure_read "$grow_big" "  primary x10" 0
  same=no
  cmp -s <("$bin" check --format json "$grow_small" 2>&1 | sed "s|$grow_small|FILE|") \
         <("$bin" check --format json "$grow_big" 2>&1 | sed "s|$grow_big|FILE|") && same=yes
  mapfile -t t < <(bench "grow" "$runs" 3 "$(cmd "$bin" check --format json "$grow_small")" "$(cmd "$bin" check --format json "$grow_big")")
  echo "   same report for both: $same; check time x1 $(ms "${t[0]}"), x10 $(ms "${t[1]}") ($(calc "${t[1]} / ${t[0]}")x)"
  r=$(calc "${read_bytes[$grow_big]} / ${read_bytes[$grow_small]}")
  # A reader that skips the primary reads the same bytes from both; 10 % leaves room for
  # reads aligned to blocks that the moved aux data now straddles differently.
  budget "bytes read, primary x10 / primary x1 (independent of primary)" "${r}x" "$(verdict "$r" le 1.10)"
else
  echo "   (no HEIC whose primary could be grown: $(cat "$work/grow.err" 2>/dev/null))"
  budget "bytes read, primary x10 / primary x1 (independent of primary)" "n/a" "MISS"
fi

# The page cache: what one check leaves of the file in memory, readahead included. The file's
# pages are dropped first (posix_fadvise DONTNEED, which needs no privilege); fincore counts
# what the check brought back.
echo
echo "   page cache after one check (fincore, the file's pages dropped first):"
cache_pass=0 cache_files=0 worst_cache="" worst_cache_file=""
for f in "${files[@]}"; do
  n=$(basename "$f")
  python3 -c 'import os,sys; fd=os.open(sys.argv[1], os.O_RDONLY); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd)' "$f"
  "$bin" check --format json "$f" >/dev/null 2>&1 || true
  read -r res size < <(fincore -b -n -o RES,SIZE "$f")
  # A file smaller than a page is all of a page.
  share=$(awk -v r="$res" -v s="$size" 'BEGIN { v = 100 * r / s; if (v > 100) v = 100; printf "%.1f", v }')
  # PartialRead.wholeFileBelow: smaller files are read whole, by design.
  small=$([ "$size" -lt 262144 ] && echo " (under 256 KiB: read whole)" || true)
  # A file whose rules read more than a fifth of it (a GDepth map in XMP) cannot stay under it.
  read -r _ _ _ allow < <(python3 "$here/layout.py" allowance "$f" 2>/dev/null || echo "? ? ? 0")
  if [ -z "$small" ] && [ "$allow" -gt $((size / 5)) ]; then
    small=" (its rules read $(calc "100 * $allow / $size") % of it)"
  fi
  v=$(verdict "$share" le 20)
  [ -n "$small" ] && v="n/a"
  if [ "$v" != n/a ]; then
    cache_files=$((cache_files + 1))
    [ "$v" = PASS ] && cache_pass=$((cache_pass + 1))
    [ "$(worse "$share" "$worst_cache" le)" = 1 ] && { worst_cache=$share; worst_cache_file=$n; }
  fi
  printf '   %-36s %9s of %9s bytes %6s %% %s%s\n' "$n" "$res" "$size" "$share" "$v" "$small"
done
budget "page cache after a check <= 20 % of the file, every file of 256 KiB or more whose rules read less ($cache_pass/$cache_files pass; worst $worst_cache_file)" \
  "${worst_cache:-0}%" "$([ "$cache_pass" = "$cache_files" ] && echo PASS || echo MISS)"

# --- 3. batches --------------------------------------------------------------------------

# make_list N FILE: N symbolic links cycling through the files, one path per line. Paths
# given in a list are each checked, as named (a walk with -r would check each file once).
# The batches cycle through the Apple depth photos (the budget's files; see BENCH_APPLE).
make_list() {
  local count=$1 out=$2 i=0 d="$work/batch-$1"
  mkdir -p "$d"; : > "$out"
  while [ "$i" -lt "$count" ]; do
    for f in "${apple[@]}"; do
      [ "$i" -lt "$count" ] || break
      i=$((i + 1)); ln -s "$f" "$d/$i-$(basename "$f")"; echo "$d/$i-$(basename "$f")" >> "$out"
    done
  done
}
make_list 1000 "$work/list-1000"
make_list 500 "$work/list-500"
make_list 5000 "$work/list-5000"
batch() { cmd "$bin" check --files-from "$1" --format jsonl --output /dev/null --jobs "$2"; }

echo
echo "3. batch of 1000 files (symbolic links cycling through the Apple depth photos above), one process:"
echo "   $(batch LIST N | sed "s|$bin|depthcheck|")"
# The machine's own scaling, for reading the --jobs 2 ratio: the same 1000 files as two
# independent --jobs 1 processes of 500 side by side share nothing of depthcheck's, so what
# they gain over one process is what two cores of this machine give at the time.
head -n 500 "$work/list-1000" > "$work/list-1000a"
tail -n 500 "$work/list-1000" > "$work/list-1000b"
side_by_side="$(batch "$work/list-1000a" 1) & $(batch "$work/list-1000b" 1) & wait"
mapfile -t t < <(bench "batch" "$batch_runs" 1 "$(cmd xargs -a "$work/list-1000" -n 1 exiv2 -pa)" \
  "$(batch "$work/list-1000" 1)" "$(batch "$work/list-1000" 2)" "$(cmd sh -c "$side_by_side")")
printf '%-36s %11s %9s %18s\n' "" wall "files/s" "ratio"
fps() { awk -v s="$1" 'BEGIN { printf "%.0f", 1000 / s }'; }  # 1000 files
r1=$(calc "${t[0]} / ${t[1]}"); r2=$(calc "${t[1]} / ${t[2]}")
printf '%-36s %11s %9s\n' "exiv2 -pa, one process per file" "$(ms "${t[0]}")" "$(fps "${t[0]}")"
printf '%-36s %11s %9s %12sx %s  / exiv2 (>= 15)\n' "depthcheck --jobs 1" "$(ms "${t[1]}")" "$(fps "${t[1]}")" "$r1" "$(verdict "$r1" ge 15)"
printf '%-36s %11s %9s %12sx %s  / --jobs 1 (>= 1.8)\n' "depthcheck --jobs 2" "$(ms "${t[2]}")" "$(fps "${t[2]}")" "$r2" "$(verdict "$r2" ge 1.8)"
r3=$(calc "${t[1]} / ${t[3]}")
printf '%-36s %11s %9s %12sx       / --jobs 1 (information)\n' "two --jobs 1 processes, 500 each" "$(ms "${t[3]}")" "$(fps "${t[3]}")" "$r3"
echo "   --jobs 2 reached $(calc "100 * $r2 / $r3")% of what two independent processes reached side by side in the same run"
# How many CPUs a --jobs 2 batch kept busy ((user + system) / wall, median of 3 runs): on a
# shared machine the two workers do not always get two cores, and then no ratio reaches 2.
busy() {
  local rc=0
  /usr/bin/time -f '%e %U %S' -o "$work/busy" "$bin" check --files-from "$work/list-1000" --format jsonl \
    --output /dev/null --jobs 2 2>/dev/null || rc=$?
  [ "$rc" -lt 4 ] || die "depthcheck exits $rc on the batch"
  tail -1 "$work/busy" | awk '{ printf "%.2f\n", ($2 + $3) / $1 }'
}
cpus=$( (busy; busy; busy) | sort -n | sed -n 2p)
echo "   --jobs 2 kept ${cpus} CPUs busy ((user + system) / wall, median of 3 runs; information)"
budget "batch files/s >= 15x exiv2 -pa per file (--jobs 1)" "${r1}x" "$(verdict "$r1" ge 15)"
budget "batch --jobs 2 >= 1.8x --jobs 1" "${r2}x" "$(verdict "$r2" ge 1.8)"

peak_rss() { # list -> peak RSS in KiB (GNU time %M)
  local rc=0
  /usr/bin/time -f %M -o "$work/rss" "$bin" check --files-from "$1" --format jsonl --output /dev/null --jobs 2 \
    2>/dev/null || rc=$?
  [ "$rc" -lt 4 ] || die "depthcheck exits $rc on the batch $1"
  tail -1 "$work/rss"
}
# The median of three runs each, the two lists taking turns: with two workers the peak varies
# by up to a megabyte from run to run (which allocations the two threads' arenas meet at once).
median_rss() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
a=(); b=()
for _ in 1 2 3; do a+=("$(peak_rss "$work/list-500")"); b+=("$(peak_rss "$work/list-5000")"); done
m500=$(median_rss "${a[@]}"); m5000=$(median_rss "${b[@]}")
r=$(calc "$m5000 / $m500")
echo "   peak RSS (/usr/bin/time -f %M, median of 3 runs), --format jsonl --output /dev/null --jobs 2:"
echo "   500 files $m500 KiB, 5000 files $m5000 KiB: ${r}x $(verdict "$r" le 1.10)"
budget "peak RSS, 5000 files / 500 files (<= 1.10)" "${r}x" "$(verdict "$r" le 1.10)"

# --- 4. start-up -------------------------------------------------------------------------

cat > "$work/hello.swift" <<'EOF'
print("hello")
EOF
swiftc -O -static-stdlib "$work/hello.swift" -o "$work/hello" 2>"$work/hello.err" || { cat "$work/hello.err" >&2; die "swiftc could not build the hello world"; }
tiny="$root/Corpus/good/jpeg-disparity.jpg"
[ -f "$tiny" ] || die "no $tiny"
echo
echo "4. start-up ($(basename "$tiny"), $(stat -c %s "$tiny") bytes; $startup_runs runs each)"
labels=("Swift hello world (-O -static-stdlib)" "exiv2 --version" "depthcheck --version" \
        "depthcheck FILE" "depthcheck check --format json FILE" "  the same through the option parser")
# --max-items is read by the option parser only, so that run goes through it.
startup=("$(cmd "$work/hello")" "$(cmd exiv2 --version)" \
  "$(cmd "$bin" --version)" "$(cmd "$bin" "$tiny")" "$(cmd "$bin" check --format json "$tiny")" \
  "$(cmd "$bin" check --format json --max-items 65536 "$tiny")")
if [ -n "$first_jpeg" ]; then
  labels+=("depthcheck check --format json $(basename "$first_jpeg")")
  startup+=("$(cmd "$bin" check --format json "$first_jpeg")")
fi
mapfile -t t < <(bench "startup" "$startup_runs" 6 "${startup[@]}")
printf '%-44s %11s %10s\n' "" median "/hello"
for i in "${!labels[@]}"; do
  printf '%-44s %11s %9sx\n' "${labels[$i]}" "$(ms "${t[$i]}")" "$(calc "${t[$i]} / ${t[0]}")"
done
if [ -n "$first_jpeg" ]; then
  r=$(calc "${t[6]} / ${t[0]}")
  budget "check of $(basename "$first_jpeg") <= 1.3x a static Swift hello (the process floor)" "${r}x" "$(verdict "$r" le 1.3)"
fi
# What the binary's size costs at start-up: its bytes, and the page faults of a start.
faults() { /usr/bin/time -f %R -o "$work/faults" "$@" >/dev/null 2>&1 || true; tail -1 "$work/faults"; }
size_bin=$(stat -c %s "$bin") size_hello=$(stat -c %s "$work/hello")
r=$(calc "$size_bin / $size_hello")
printf '   binary %.1f MB, hello %.1f MB (%sx); page faults to start: --version %s, hello %s\n' \
  "$(calc "$size_bin / 1000000")" "$(calc "$size_hello / 1000000")" "$r" "$(faults "$bin" --version)" "$(faults "$work/hello")"
budget "release binary size / a static Swift hello's" "${r}x" info

# --- 5. decode baselines -----------------------------------------------------------------

echo
echo "5. decode baselines (information; check times from section 1)"
printf '%-36s %11s %11s %9s  %s\n' file check decoder "/ check" "decoder"
for f in "${files[@]}"; do
  n=$(basename "$f")
  case "${f,,}" in
    *.jpg|*.jpeg)
      exiftool -b -MPImage2 "$f" > "$work/aux.jpg" 2>/dev/null || true
      if ! [ -s "$work/aux.jpg" ] || ! djpeg -outfile /dev/null "$work/aux.jpg" 2>/dev/null; then
        printf '%-36s %11s %11s %9s  %s\n' "$n" "$(ms "${t_check[$f]}")" - - "no MPF aux JPEG"; continue
      fi
      c=(djpeg -outfile /dev/null "$work/aux.jpg"); tool="djpeg, the aux JPEG alone";;
    *)
      if ! heif-convert --quiet "$f" "$work/out.y4m" >/dev/null 2>&1; then
        printf '%-36s %11s %11s %9s  %s\n' "$n" "$(ms "${t_check[$f]}")" - - "heif-convert cannot decode it"; continue
      fi
      c=(heif-convert --quiet "$f" "$work/out.y4m"); tool="heif-convert, the whole file";;
  esac
  d=$(bench "decode" "$runs" 1 "$(cmd "${c[@]}")")
  printf '%-36s %11s %11s %8sx  %s\n' "$n" "$(ms "${t_check[$f]}")" "$(ms "$d")" "$(calc "$d / ${t_check[$f]}")" "$tool"
done

# --- 6. the report ------------------------------------------------------------------------

# The report decodes every aux image as check --pixels does, and each photo once, at the
# smallest size its codec gives, for its picture: the floor is check --pixels plus those
# decodes (djpeg -scale 1/8; libheif's decode of a HEIF's thumbnail, or its primary).
heif_small=""
if cc -O2 -o "$work/heif-small" "$here/heif-small.c" -lheif 2>"$work/heif-small.err"; then heif_small="$work/heif-small"; fi
decodes="$work/decode-each.sh"
{
  echo "#!/bin/sh"
  for f in "${files[@]}"; do
    case "${f,,}" in
      *.jpg|*.jpeg) printf 'djpeg -scale 1/8 -outfile /dev/null %q 2>/dev/null\n' "$f";;
      *) [ -n "$heif_small" ] && printf '%q %q 2>/dev/null\n' "$heif_small" "$f";;
    esac
  done
  echo "exit 0"
} > "$decodes"
chmod +x "$decodes"
echo
echo "6. report of all the files above against check --pixels of the same files plus each photo's decode at its smallest"
mapfile -t t < <(bench "report" "$runs" 2 "$(cmd "$bin" check --pixels --format json --output /dev/null "${files[@]}")" \
  "$(cmd "$decodes")" "$(cmd "$bin" report --force --fail-on never -o "$work/report.html" "${files[@]}")")
r=$(calc "${t[2]} / (${t[0]} + ${t[1]})")
printf '   check --pixels %s, decodes %s, report %s: %sx %s; the page %s for %d files\n' "$(ms "${t[0]}")" "$(ms "${t[1]}")" \
  "$(ms "${t[2]}")" "$r" "$(verdict "$r" le 1.2)" "$(kib "$(stat -c %s "$work/report.html")")" "${#files[@]}"
[ -n "$heif_small" ] || echo "   (libheif's headers are missing, so HEIF photos are not decoded in the floor: $(head -1 "$work/heif-small.err"))"
budget "report <= 1.2x (check --pixels + each photo decoded at its smallest), the same files" "${r}x" "$(verdict "$r" le 1.2)"
per_file=$(( $(stat -c %s "$work/report.html") / ${#files[@]} ))
budget "report page <= 200 KB a file" "$(kib "$per_file")" "$(verdict "$per_file" le 200000)"

# --- 7. compare ---------------------------------------------------------------------------

# compare decodes every aux image of both photos once, as check --pixels of each does, and
# compares their values: at most 1.5x the two checks. The pairs are the largest HEIC and the
# first Apple JPEG, each with the copy roundtrip writes of it, so every aux image is compared.
echo
pair=""
for f in "${files[@]}"; do case "${f,,}" in *.heic|*.heif) [ -z "$pair" ] || [ "$(stat -Lc %s "$f")" -gt "$(stat -Lc %s "$pair")" ] && pair=$f;; esac; done
echo "7. compare of a photo with its roundtrip copy against check --pixels of each"
for original in ${pair:+"$pair"} ${first_jpeg:+"$first_jpeg"}; do
  copy="$work/pair.${original##*.}"
  if ! "$bin" roundtrip "$original" -o "$copy" --force >/dev/null 2>&1; then
    echo "   $(basename "$original"): its roundtrip copy could not be written"
    budget "compare <= 1.5x check --pixels of both photos ($(basename "$original"))" "n/a" "MISS"
    continue
  fi
  mapfile -t t < <(bench "compare" "$runs" 2 "$(cmd sh -c "\"\$0\" check --pixels --format json -o /dev/null \"\$1\"; \"\$0\" check --pixels --format json -o /dev/null \"\$2\"" "$bin" "$original" "$copy")" \
    "$(cmd "$bin" compare --fail-on error "$original" "$copy")")
  r=$(calc "${t[1]} / ${t[0]}")
  printf '   %-40s two check --pixels %s, compare %s: %sx %s\n' "$(basename "$original")" "$(ms "${t[0]}")" "$(ms "${t[1]}")" "$r" "$(verdict "$r" le 1.5)"
  budget "compare <= 1.5x check --pixels of both photos ($(basename "$original"))" "${r}x" "$(verdict "$r" le 1.5)"
done
# A 23-megapixel Ultra HDR gain map (5,800 x 4,000, the size of its photo) and its copy.
rss() { /usr/bin/time -f %M -o "$work/rss" "$@" >/dev/null 2>&1 || true; tail -1 "$work/rss"; }
python="$root/.build/pyenv/bin/python"
if [ -x "$python" ] && "$python" - "$work/gain-a.jpg" 2>"$work/gain.err" <<'PY'
import sys, numpy as np
from sdr_to_hdr import build_ultra_hdr
h, w = 4000, 5800
y, x = np.mgrid[0:h, 0:w]
sdr = np.stack([x % 256, y % 256, (x + y) % 256], axis=-1).astype(np.uint8)
gain = ((x + y) / (w + h) * 2).astype(np.float32)
open(sys.argv[1], 'wb').write(build_ultra_hdr(sdr, gain, 0.0, 2.0, 1000, 203))
PY
then
  cp "$work/gain-a.jpg" "$work/gain-b.jpg"
  c1=$(rss "$bin" check --pixels "$work/gain-a.jpg"); c2=$(rss "$bin" check --pixels "$work/gain-b.jpg")
  cm=$(rss "$bin" compare "$work/gain-a.jpg" "$work/gain-b.jpg")
  r=$(calc "$cm / ($c1 + $c2)")
  echo "   a 23-megapixel gain map: check --pixels $c1 + $c2 KiB, compare $cm KiB peak RSS: ${r}x $(verdict "$r" le 2.0)"
  budget "compare peak RSS <= 2x check --pixels of both, a 23-megapixel gain map" "${r}x" "$(verdict "$r" le 2.0)"
else
  echo "   a 23-megapixel gain map: not made (make pyenv installs pyultrahdr): $(tail -1 "$work/gain.err" 2>/dev/null)"
  budget "compare peak RSS <= 2x check --pixels of both, a 23-megapixel gain map" "n/a" "MISS"
fi
# A folder pair streams: peak RSS of --format jsonl --jobs 2 for 1000 pairs within 10 % of 100.
folder_pair() { # count -> peak RSS in KiB
  local n=$1 d="$work/pairs-$1" i=0 rc=0
  mkdir -p "$d/O" "$d/E"
  while [ "$i" -lt "$n" ]; do
    i=$((i + 1)); cp "$root/Corpus/good/writer-jpeg-depth-hdep-o8-matte-semantic.jpg" "$d/O/$i.jpg"; cp "$d/O/$i.jpg" "$d/E/$i.jpg"
  done
  /usr/bin/time -f %M -o "$work/rss-pairs" "$bin" compare "$d/O" "$d/E" --format jsonl --jobs 2 >/dev/null 2>&1 || rc=$?
  [ "$rc" -lt 2 ] || die "compare exits $rc on $n pairs"
  tail -1 "$work/rss-pairs"
}
p100=$(folder_pair 100); p1000=$(folder_pair 1000)
r=$(calc "$p1000 / $p100")
echo "   folder pairs, --format jsonl --jobs 2: 100 pairs $p100 KiB, 1000 pairs $p1000 KiB peak RSS: ${r}x $(verdict "$r" le 1.10)"
budget "compare peak RSS, 1000 folder pairs / 100 (<= 1.10)" "${r}x" "$(verdict "$r" le 1.10)"

# --- 8. content alignment --------------------------------------------------------------
# geometry.content.misaligned and .unrelated: detection and false-alarm rates through the command line: each
# photo's depth or disparity map turned, mirrored, moved or swapped for the next photo's, embedded again with every header
# as for a map that fits, and an unchanged control through the same extract and embed.
echo
echo "8. content alignment (check --pixels), maps of these photos and of ../shared/corpus/field:"
content_files=("${files[@]}")
field="$root/../shared/corpus/field"
if [ $# -eq 0 ] && [ -d "$field" ]; then
  for f in "$field"/*; do case "${f,,}" in *.jpg|*.jpeg|*.heic|*.heif) content_files+=("$f");; esac; done
fi
python3 "$here/content.py" "$bin" "${content_files[@]}" | tee "$work/content.txt"
summary+=("$(printf '  %-4s %9s  %s' "info" "$(awk '/control/ {print $(NF-2) "/" $NF}' "$work/content.txt")" "content alignment: false alarms on unchanged maps (section 8)")")

# Its cost: check --pixels with the content rules against the same check without them
# (--ignore geometry.content) plus one decode of the photo at the smallest size its codec
# gives, the floor: djpeg -scale 1/8 for a JPEG, libheif's decode of a HEIF's thumbnail item
# (or its primary when it has none; Benchmarks/heif-small.c). At most 1.2x, on every photo.
echo "   cost: check --pixels / (the same check --ignore geometry.content + the photo's decode at its smallest)"
worst_content="" worst_content_file="" content_pass=0 content_n=0
for f in "${content_files[@]}"; do
  case "${f,,}" in
    *.jpg|*.jpeg) ref=$(cmd djpeg -scale 1/8 -outfile /dev/null "$f");;
    *) [ -n "$heif_small" ] && "$heif_small" "$f" 2>/dev/null || continue; ref=$(cmd "$heif_small" "$f");;
  esac
  "$bin" info --json --no-pixels "$f" 2>/dev/null | grep -q '"kind"' || continue
  mapfile -t t < <(bench "content" "$runs" 2 "$(cmd "$bin" check --pixels --format json -o /dev/null --ignore geometry.content "$f")" \
    "$(cmd "$bin" check --pixels --format json -o /dev/null "$f")" "$ref")
  r=$(calc "${t[1]} / (${t[0]} + ${t[2]})")
  printf '   %-44s without %s, with %s, decode %s: %sx %s\n' "$(basename "$f")" "$(ms "${t[0]}")" "$(ms "${t[1]}")" "$(ms "${t[2]}")" "$r" "$(verdict "$r" le 1.2)"
  content_n=$((content_n + 1))
  [ "$(verdict "$r" le 1.2)" = PASS ] && content_pass=$((content_pass + 1))
  if [ "$(worse "$r" "$worst_content" le)" = 1 ]; then worst_content=$r; worst_content_file=$(basename "$f"); fi
done
[ -n "$heif_small" ] || echo "   (libheif's headers are missing, so HEIF photos are not timed: $(head -1 "$work/heif-small.err"))"
if [ "$content_n" -gt 0 ]; then
  budget "check --pixels <= 1.2x (without content rules + photo decode), every photo ($content_pass/$content_n pass; worst $worst_content_file)" \
    "${worst_content}x" "$([ "$content_pass" = "$content_n" ] && echo PASS || echo MISS)"
fi

# --- summary -----------------------------------------------------------------------------

echo
echo "Budgets (measured in this run, $((SECONDS - started)) s; load now $(cut -d' ' -f1-3 /proc/loadavg)):"
printf '%s\n' "${summary[@]}"
