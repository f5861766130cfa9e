#!/usr/bin/env python3
"""Runs the Dask recipes on a tree and checks one result per path with the verdicts of a
single-process run:
  recipes/dask_local.py   LocalCluster(n_workers=2, threads_per_worker=1), 2 partitions;
  recipes/dask_remote.py  Client("tcp://scheduler:8786"), here pointed at a scheduler with two
                          worker processes that this script starts on 127.0.0.1.
Both use depthcheck.check_partition from the Python package (python/, found through
PYTHONPATH) and `depthcheck` on PATH. Needs dask[bag] and distributed (SKIP otherwise).
Usage: dask_check.py [--tree DIR | --count N] [--keep]"""

import glob
import os
import sys

import engines_common as common

ENGINE = "dask"


def run_recipe(run, name, scheduler=None):
    results = run.output_dir()
    script = os.path.join(run.work, name)
    with open(script, "w", encoding="utf-8") as out:
        out.write(run.instantiate(common.recipe(name), results, scheduler=scheduler))
    run.run([sys.executable, script])
    parts = sorted(glob.glob(os.path.join(results, "dask", "*.jsonl")))
    if not parts:
        raise common.Failure(f"{name} wrote no result files")
    return common.read_results(parts, name), len(parts)


def body(run):
    package = common.python_dir()
    run.env["PYTHONPATH"] = os.pathsep.join(p for p in (package, run.env.get("PYTHONPATH")) if p)

    results, parts = run_recipe(run, "dask_local.py")
    # npartitions is a target: Dask cuts 3001 paths into 1500 + 1500 + 1 (3 partitions).
    run.compare(results, label="dask (LocalCluster)", note=f"{parts} partitions")

    # The remote form, against a scheduler on this machine. Its workers are started from
    # this process, so they get the same PATH and PYTHONPATH as the recipe.
    # The scheduler unpickles the task graph, which names depthcheck.check_partition, so it
    # needs the package too (it runs in this process).
    os.environ.update({"PATH": run.env["PATH"], "PYTHONPATH": run.env["PYTHONPATH"]})
    sys.path.insert(0, package)
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None) as cluster:
        results, parts = run_recipe(run, "dask_remote.py", scheduler=cluster.scheduler_address)
    run.compare(results, label="dask (remote Client)", note=f"{parts} partitions")


if __name__ == "__main__":
    try:
        import dask.bag  # noqa: F401
        import distributed  # noqa: F401
    except ImportError as exc:
        common.skip(f"Dask not installed ({exc.name}); pip install 'dask[bag]' distributed")
    common.main(ENGINE, __doc__, body)
