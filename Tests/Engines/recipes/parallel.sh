# GNU parallel: NUL-separated paths in chunks of 500 on each job's standard input; the first
# failed job stops the run (--halt now,fail=1). Add --sshloginfile nodes.txt to run the jobs
# on other machines: every node then needs /photos and /results on a shared file system and
# depthcheck at the same absolute path. Start with an empty /results: the last line gathers
# every part file in it.
mkdir -p /results
find /photos -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.heic' -o -iname '*.heif' \) -print0 |
  parallel --null --pipe --recend '\0' -N 500 --halt now,fail=1 \
    /usr/local/bin/depthcheck check -0 --files-from - --format jsonl --fail-on never --force -o '/results/part.{#}.jsonl' &&
  cat /results/part.*.jsonl > /results/all.jsonl
