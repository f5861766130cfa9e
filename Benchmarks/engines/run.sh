#!/usr/bin/env bash
# Files per second of depthcheck scaled out on this machine: one process (--jobs 2), Dask
# LocalCluster(2) and Spark local[2], each end to end (cluster start-up included) and job
# only (the map over 2 partitions on a running cluster), with ratios against one process.
#
# Usage: Benchmarks/engines/run.sh [TREE_SIZE]   (default 3000 photos, plus one unreadable file)
#   BENCH_PHOTOS          the photos the tree links to (default ../shared/corpus/real, the
#                         camera originals, when present; else the small files of Corpus/,
#                         whose checks take so little that a row measures its own overhead)
#   DEPTHCHECK_BIN        the binary (default .build/debug/depthcheck)
#   PYTHON                the interpreter with dask[bag], distributed and pyspark
#                         (default .build/pyenv/bin/python, else python3)
#   BENCH_RUNS            job-only runs per engine, median taken (default 3)
# Spark is skipped without Java or pyspark, Dask without dask[bag] and distributed.
# Builds the tree (hard links to Corpus/) in a temporary directory, removed on exit.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
size="${1:-3000}"
[[ "$size" =~ ^[1-9][0-9]*$ ]] || { echo "Benchmarks/engines/run.sh: TREE_SIZE must be a positive integer" >&2; exit 2; }
python="${PYTHON:-}"
if [ -z "$python" ]; then
  if [ -x "$root/.build/pyenv/bin/python" ]; then python="$root/.build/pyenv/bin/python"; else python=python3; fi
fi
export DEPTHCHECK_BIN="${DEPTHCHECK_BIN:-$root/.build/debug/depthcheck}"
[ -x "$DEPTHCHECK_BIN" ] || { echo "Benchmarks/engines/run.sh: no $DEPTHCHECK_BIN; build it first" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/depthcheck-engines.XXXXXX")
trap 'rm -rf "$work"' EXIT
photos="${BENCH_PHOTOS-$root/../shared/corpus/real}"
if [ -n "$photos" ] && [ -d "$photos" ]; then
  count=$("$python" "$root/Tests/Engines/make_tree.py" "$work/tree" --count "$size" --from "$photos")
  echo "tree: $count files linking the photos of $photos ($(nproc) cores)"
else
  count=$("$python" "$root/Tests/Engines/make_tree.py" "$work/tree" --count "$size")
  echo "tree: $count files linking Corpus/ ($(nproc) cores)"
fi
"$python" "$root/Benchmarks/engines/bench.py" "$work/tree" --runs "${BENCH_RUNS:-3}"
