#!/usr/bin/env python3
"""Runs recipes/xargs.sh (find -print0 | xargs -0 -n 500 -P "$(nproc)" ... -o part file) on a
tree and checks that its concatenated output has one line per path, with the verdicts of a
single-process run. Usage: xargs_check.py [--tree DIR | --count N] [--keep]"""

import shutil

import engines_common as common

ENGINE = "xargs"


def body(run):
    common.run_part_file_recipe(run, "xargs.sh", "part.*", ENGINE)


if __name__ == "__main__":
    for tool in ("find", "xargs", "mktemp", "nproc"):
        if shutil.which(tool) is None:
            common.skip(f"{tool} not installed")
    common.main(ENGINE, __doc__, body)
