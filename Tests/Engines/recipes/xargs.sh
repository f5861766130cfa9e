# One machine, every core: xargs starts one depthcheck per 500 paths, nproc at a time. Each
# process writes its own part file (-o is written whole or not at all), then prints the
# part's manifest line: its name, the paths it was given, the records it holds.
# --fail-on never makes findings and unreadable files results, so a process fails only when
# it could not report every path it was given. depthcheck list picks exactly the files
# check -r would (every name of a hard-linked file with --all-names, as find lists them). A
# path it cannot read (a folder it cannot open, such as a lost+found) it lists all the same,
# says why and exits 3; the paths reach check as a list (--files-from), which reports that
# one unreadable, as check -r does (named as an argument, a folder would be a usage error).
# All or nothing: the parts go to /results/xargs.tmp-PID, which becomes /results/xargs
# (replacing an older one only then) when every process succeeded and the manifest gives
# one record per listed path; otherwise it is removed and the run exits non-zero.
set -eu
out=/results/xargs tmp=/results/xargs.tmp-$$
mkdir -p /results
mkdir "$tmp"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
depthcheck list -0 --all-names /photos > "$tmp/paths" || { s=$?; [ "$s" -eq 3 ] && [ -s "$tmp/paths" ] || exit "$s"; }
printf 'part\tpaths\trecords\n' > "$tmp/manifest.tsv"
xargs -0 -r -n 500 -P "$(nproc)" sh -c '
  part=$(mktemp "$0/part-XXXXXXXX.jsonl")
  printf "%s\0" "$@" | depthcheck check -0 --files-from - --format jsonl --fail-on never --force -o "$part" &&
  printf "%s\t%s\t%s\n" "${part##*/}" "$#" "$(wc -l < "$part")"' "$tmp" < "$tmp/paths" >> "$tmp/manifest.tsv"
awk -F '\t' -v listed="$(tr -cd '\0' < "$tmp/paths" | wc -c)" 'NR > 1 { short += $2 != $3; n += $2; r += $3 }
  END { if (short || n != listed) { print "not published: " r " records for " listed " paths" > "/dev/stderr"; exit 1 } }' "$tmp/manifest.tsv"
rm "$tmp/paths"
[ ! -e "$out" ] || mv -T "$out" "$tmp.old"
mv -T "$tmp" "$out"
rm -rf "$tmp.old"
