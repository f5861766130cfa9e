#!/usr/bin/env python3
"""Runs recipes/parallel.sh (depthcheck list -0 | parallel --null --pipe --recend '\\0' -N 500
--cat --halt now,fail=1 ..., one part file and one manifest line per job, published as
/results/parallel) on a tree: a run whose depthcheck is killed publishes nothing, and a run
that succeeds publishes one line per path with the verdicts of a single-process run
(engines_common.all_or_nothing). Usage: parallel_check.py [--tree DIR | --count N] [--keep]"""

import shutil
import subprocess

import engines_common as common

ENGINE = "parallel"


def body(run):
    common.all_or_nothing(run, ENGINE, common.shell_recipe(run, "parallel.sh"), "parallel", "part-*.jsonl")


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
