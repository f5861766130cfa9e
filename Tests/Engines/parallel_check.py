#!/usr/bin/env python3
"""Runs recipes/parallel.sh (find -print0 | parallel --null --pipe --recend '\\0' -N 500
--halt now,fail=1 /usr/local/bin/depthcheck ... -o /results/part.{#}.jsonl) on a tree and
checks one line per path with the verdicts of a single-process run.
Usage: parallel_check.py [--tree DIR | --count N] [--keep]"""

import glob
import os
import shutil
import subprocess

import engines_common as common

ENGINE = "parallel"


def body(run):
    results = run.output_dir()
    script = run.instantiate(common.recipe("parallel.sh"), results)
    run.run(["sh", "-c", script])
    parts = sorted(glob.glob(os.path.join(results, "part.*.jsonl")))
    if not parts:
        raise common.Failure("no part files written")
    concatenated = common.read_results([os.path.join(results, "all.jsonl")], ENGINE)
    if len(concatenated) != len(common.read_results(parts, ENGINE)):
        raise common.Failure("all.jsonl does not hold every line of the part files")
    run.compare(concatenated, note=f"{len(parts)} part file{'s' if len(parts) != 1 else ''}")


def is_gnu_parallel():
    if shutil.which("parallel") is None:
        return False
    try:
        out = subprocess.run(["parallel", "--version"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             stdin=subprocess.DEVNULL, timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        return False
    return out.startswith(b"GNU parallel")


if __name__ == "__main__":
    if not is_gnu_parallel():
        common.skip("GNU parallel not installed")
    common.main(ENGINE, __doc__, body)
