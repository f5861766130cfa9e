#!/usr/bin/env python3
"""Runs recipes/xargs.sh (depthcheck list -0 | xargs -0 -n 500 -P "$(nproc)" ..., one part
file and one manifest line per process, published as /results/xargs) on a tree: a run whose
depthcheck is killed publishes nothing, and a run that succeeds publishes one line per path
with the verdicts of a single-process run (engines_common.all_or_nothing).
Usage: xargs_check.py [--tree DIR | --count N] [--keep]"""

import shutil

import engines_common as common

ENGINE = "xargs"


def body(run):
    common.all_or_nothing(run, ENGINE, common.shell_recipe(run, "xargs.sh"), "xargs", "part-*.jsonl")


if __name__ == "__main__":
    for tool in ("xargs", "mktemp", "nproc", "awk", "tr"):
        if shutil.which(tool) is None:
            common.skip(f"{tool} not installed")
    common.main(ENGINE, __doc__, body)
