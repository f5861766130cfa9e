# GNU parallel: NUL-separated paths in chunks of 500 on each job's standard input; the first
# failed job stops the run (--halt now,fail=1). Add --sshloginfile nodes.txt to run the jobs
# on other machines: every node then needs /photos and /results on a shared file system and
# depthcheck at the same absolute path. depthcheck list picks exactly the files check -r
# would. Start with an empty /results: the last line gathers every part file in it.
mkdir -p /results
/usr/local/bin/depthcheck list -0 --all-names /photos |
  parallel --null --pipe --recend '\0' -N 500 --halt now,fail=1 \
    /usr/local/bin/depthcheck check -0 --files-from - --format jsonl --fail-on never --force -o '/results/part.{#}.jsonl' &&
  cat /results/part.*.jsonl > /results/all.jsonl
