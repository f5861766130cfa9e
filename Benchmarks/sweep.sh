#!/usr/bin/env bash
# A survey of a folder of photos: every file is checked once, then one line per file (verdict,
# container, errors, warnings, notes, the failed rule ids) and a table of how often each rule
# failed, over the whole folder. This is how a library of camera files, a conformance suite or
# another reader's test data is looked at for false alarms: read the files the table names,
# and what their suite or maker says they are.
#
# Usage: Benchmarks/sweep.sh DIR [check options...]   (make sweep DIR=... [OPTS=--pixels])
# Needs python3 (Debian's, no packages). The files under DIR are walked as `check -r` walks them
# (photo extensions only; --ext changes the list), so a notes.txt is not counted as a photo.
# Each line says what aux images the file holds; the summary counts the files with depth.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${1:?usage: Benchmarks/sweep.sh DIR [check options...]}"
shift
bin="${DEPTHCHECK:-$root/.build/release/depthcheck}"
[ -x "$bin" ] || bin="$root/.build/debug/depthcheck"
[ -x "$bin" ] || { echo "sweep: build depthcheck first (swift build)" >&2; exit 2; }
jobs="$(nproc 2>/dev/null || echo 2)"

out="$(mktemp)"
trap 'rm -f "$out"' EXIT
# Exit 1 (findings) and 3 (unreadable files) are results here, not failures of the sweep.
set +e
"$bin" check -r "$dir" --format jsonl --jobs "$jobs" "$@" >"$out"
status=$?
set -e
if [ "$status" -ne 0 ] && [ "$status" -ne 1 ] && [ "$status" -ne 3 ]; then
  echo "sweep: depthcheck exited $status" >&2
  exit "$status"
fi

python3 - "$out" <<'PY'
import collections, json, sys

files = []
with open(sys.argv[1], encoding="utf-8", errors="surrogateescape") as f:
    for line in f:
        line = line.strip()
        if line.startswith("{"):
            record = json.loads(line)
            if "path" in record:
                files.append(record)

verdicts = collections.Counter()
failed_rules = collections.Counter()
files_per_rule = collections.Counter()
with_depth = 0
for r in sorted(files, key=lambda r: r["path"]):
    kinds = [a.get("semanticMatte") and a["semanticMatte"] + " matte" or a.get("kind", "?") for a in r.get("auxImages", [])]
    if any(k in ("depth", "disparity") for k in kinds):
        with_depth += 1
    findings = r.get("findings", [])
    levels = collections.Counter(f["severity"] for f in findings)
    rules = sorted({f["rule"] for f in findings})
    verdicts[r["verdict"]] += 1
    for f in findings:
        failed_rules[(f["rule"], f["severity"])] += 1
    # A file counts once in each (rule, severity) row it has findings in: a rule reported as an
    # error in one file and a note in another is two rows, each with its own files.
    for key in {(f["rule"], f["severity"]) for f in findings}:
        files_per_rule[key] += 1
    print(f'{r["verdict"].upper():<10} {r.get("container") or "-":<5} '
          f'E{levels["error"]:<3} W{levels["warning"]:<3} N{levels["note"]:<3} {r["path"]}'
          + f'  ({", ".join(kinds) if kinds else "no aux images"})'
          + (f'  [{", ".join(rules)}]' if rules else ""))

print()
print(f'{len(files)} files: ' + ", ".join(f"{n} {v}" for v, n in sorted(verdicts.items()))
      + f'; {with_depth} with depth or disparity')
if failed_rules:
    print()
    print(f'{"rule":<48} {"severity":<8} {"findings":>8} {"files":>6}')
    for (rule, severity), n in sorted(failed_rules.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"{rule:<48} {severity:<8} {n:>8} {files_per_rule[(rule, severity)]:>6}")
PY
