#!/usr/bin/env python3
"""Runs recipes/xargs.sh (find -print0 | xargs -0 -n 500 -P "$(nproc)" ... -o part file) on a
tree and checks that its concatenated output has one line per path, with the verdicts of a
single-process run. Usage: xargs_check.py [--tree DIR | --count N] [--keep]"""

import glob
import os
import shutil

import engines_common as common

ENGINE = "xargs"


def body(run):
    results = run.output_dir()
    script = run.instantiate(common.recipe("xargs.sh"), results)
    run.run(["sh", "-c", script])
    parts = sorted(glob.glob(os.path.join(results, "part.*")))
    if not parts:
        raise common.Failure("no part files written")
    # The concatenation is what a user reads; the parts must add up to it.
    concatenated = common.read_results([os.path.join(results, "all.jsonl")], ENGINE)
    if len(concatenated) != len(common.read_results(parts, ENGINE)):
        raise common.Failure("all.jsonl does not hold every line of the part files")
    run.compare(concatenated, note=f"{len(parts)} part file{'s' if len(parts) != 1 else ''}")


if __name__ == "__main__":
    for tool in ("find", "xargs", "mktemp", "nproc"):
        if shutil.which(tool) is None:
            common.skip(f"{tool} not installed")
    common.main(ENGINE, __doc__, body)
