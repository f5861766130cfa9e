# GNU parallel: NUL-separated paths in blocks of 500, one depthcheck per block; the first
# failed job stops the run (--halt now,fail=1, and parallel exits with that job's status).
# Each job saves its block in the staging folder (read twice: by depthcheck, and to count
# its paths), writes its part file and prints the part's manifest line (name, paths in the
# block, records in the part), which parallel gathers. The block is saved by the job itself,
# not with --cat: under --cat, GNU parallel (20221122) runs its clean-up of {} after the job,
# and the clean-up's exit status (0) replaces the job's, so no job fails and --halt never
# fires. Add --sshloginfile nodes.txt to run the jobs on other machines: every node then
# needs /photos and /results on a shared file system and depthcheck at the same absolute
# path. depthcheck list picks exactly the files check -r would; a path it cannot read (a
# folder it cannot open) it lists all the same and exits 3, and check reports that path
# unreadable, as check -r does. All or nothing, as with xargs: /results/parallel.tmp-PID
# becomes /results/parallel (replacing an older one only then) when the manifest gives one
# record per listed path.
set -eu
out=/results/parallel tmp=/results/parallel.tmp-$$
mkdir -p /results
mkdir "$tmp" "$tmp/blocks"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM
export tmp
/usr/local/bin/depthcheck list -0 --all-names /photos > "$tmp/paths" || { s=$?; [ "$s" -eq 3 ] && [ -s "$tmp/paths" ] || exit "$s"; }
printf 'part\tpaths\trecords\n' > "$tmp/manifest.tsv"
parallel --null --pipe --recend '\0' -N 500 --keep-order --halt now,fail=1 --env tmp '
  cat > "$tmp/blocks/{#}"
  /usr/local/bin/depthcheck check -0 --files-from "$tmp/blocks/{#}" --format jsonl --fail-on never --force -o "$tmp/part-{#}.jsonl" &&
  printf "part-{#}.jsonl\t%s\t%s\n" "$(tr -cd "\0" < "$tmp/blocks/{#}" | wc -c)" "$(wc -l < "$tmp/part-{#}.jsonl")"' < "$tmp/paths" >> "$tmp/manifest.tsv"
awk -F '\t' -v listed="$(tr -cd '\0' < "$tmp/paths" | wc -c)" 'NR > 1 { short += $2 != $3; n += $2; r += $3 }
  END { if (short || n != listed) { print "not published: " r " records for " listed " paths" > "/dev/stderr"; exit 1 } }' "$tmp/manifest.tsv"
rm -r "$tmp/paths" "$tmp/blocks"
[ ! -e "$out" ] || mv -T "$out" "$tmp.old"
mv -T "$tmp" "$out"
rm -rf "$tmp.old"
