#!/usr/bin/env python3
"""Runs recipes/parallel.sh (depthcheck list -0 | parallel --null --pipe --recend '\\0' -N 500
--halt now,fail=1 ..., one part file and one manifest line per job, published as
/results/parallel) on a tree: a run whose depthcheck is killed publishes nothing, and a run
that succeeds publishes one line per path with the verdicts of a single-process run
(engines_common.all_or_nothing). The killed depthcheck must halt the run: with --halt
now,fail=1 parallel exits with the failed job's status (parallel(1), EXIT STATUS), 137 for
the shell whose depthcheck SIGKILL ended (128 + 9), and the recipe with it; a failure that
only the manifest's count caught would exit 1.
Usage: parallel_check.py [--tree DIR | --count N] [--keep]"""

import shutil
import subprocess

import engines_common as common

ENGINE = "parallel"
# The status of a job whose depthcheck was killed by SIGKILL: the shell's, 128 + 9.
KILLED_JOB = 137


def body(run):
    common.all_or_nothing(run, ENGINE, common.shell_recipe(run, "parallel.sh"), "parallel", "part-*.jsonl",
                          killed_status=KILLED_JOB, note=f"a killed job halts the run: exit {KILLED_JOB}")


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
