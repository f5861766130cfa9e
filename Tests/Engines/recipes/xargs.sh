# One machine, every core: xargs starts one depthcheck per 500 paths, nproc at a time.
# Each process writes its own file (-o is written whole or not at all), so lines never
# interleave; --fail-on never makes findings and unreadable files results, not failures,
# so xargs exits non-zero only when a process could not report every path it was given.
# depthcheck list picks exactly the files check -r would (every name of a hard-linked file
# with --all-names, as find lists them). Start with an empty /results: the last line
# gathers every part file in it.
mkdir -p /results
depthcheck list -0 --all-names /photos |
  xargs -0 -n 500 -P "$(nproc)" sh -c 'exec depthcheck check --format jsonl --fail-on never --force -o "$(mktemp /results/part.XXXXXXXX)" -- "$@"' sh &&
  cat /results/part.* > /results/all.jsonl
