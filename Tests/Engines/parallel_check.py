#!/usr/bin/env python3
"""Runs recipes/parallel.sh (find -print0 | parallel --null --pipe --recend '\\0' -N 500
--halt now,fail=1 /usr/local/bin/depthcheck ... -o /results/part.{#}.jsonl) on a tree and
checks one line per path with the verdicts of a single-process run.
Usage: parallel_check.py [--tree DIR | --count N] [--keep]"""

import shutil
import subprocess

import engines_common as common

ENGINE = "parallel"


def body(run):
    common.run_part_file_recipe(run, "parallel.sh", "part.*.jsonl", ENGINE)


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
