#!/usr/bin/env python3
"""Runs every scale-out recipe test on one shared tree and prints a summary.

Usage: recipes.py [--tree DIR | --count N] [ENGINE ...]   (a tree DIR made with make_tree.py --unreadable)
ENGINE is one of xargs, parallel, dask, spark, kubernetes (default: all). Each test is a
script of its own (ENGINE_check.py; see engines_common.py for what they check); a test that
cannot run here (GNU parallel, Dask, Java or pyspark, PyYAML missing) is skipped (exit 77).
The last line reads `N passed, N failed, N skipped`; the exit status is 1 when any failed.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

import engines_common as common

ENGINES = ("xargs", "parallel", "dask", "spark", "kubernetes")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("engines", nargs="*", metavar="ENGINE")
    parser.add_argument("--tree", help="an existing tree made by make_tree.py (default: build one)")
    parser.add_argument("--count", type=int, default=3000, help="photos in the tree built (default 3000)")
    args = parser.parse_args()
    engines = args.engines or list(ENGINES)
    unknown = [e for e in engines if e not in ENGINES]
    if unknown:
        parser.error(f"unknown engine {unknown[0]!r}; choose from {', '.join(ENGINES)}")

    work = None
    if args.tree:
        tree = os.path.abspath(args.tree)
    else:
        work = tempfile.mkdtemp(prefix="depthcheck-engines-")
        tree = os.path.join(work, "tree")
        paths = common.make_tree.build(os.fsencode(tree), args.count, unreadable=True)
        print(f"tree: {len(paths)} paths in {tree}", flush=True)
    passed, failed, skipped = [], [], []
    try:
        for engine in engines:
            script = os.path.join(common.HERE, f"{engine}_check.py")
            start = time.monotonic()
            proc = subprocess.run([sys.executable, script, "--tree", tree], stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT)
            output = proc.stdout.decode("utf-8", "replace").rstrip()
            seconds = time.monotonic() - start
            if output:
                print(output)
            if proc.returncode == 0:
                passed.append(engine)
            elif proc.returncode == common.SKIP:
                skipped.append(engine)
            else:
                failed.append(engine)
                print(f"{engine}: exit {proc.returncode}")
            print(f"{engine}: {seconds:.1f} s", flush=True)
    finally:
        if work:
            common.make_tree.remove(work)
    if failed:
        print("failed: " + ", ".join(failed))
    print(f"{len(passed)} passed, {len(failed)} failed, {len(skipped)} skipped")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
