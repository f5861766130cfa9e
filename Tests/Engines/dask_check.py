#!/usr/bin/env python3
"""Runs the Dask recipes on a tree and checks their publishing and their results against a
single-process run (engines_common.all_or_nothing):
  recipes/dask_local.py   LocalCluster(n_workers=2, threads_per_worker=1);
  recipes/dask_remote.py  Client("tcp://scheduler:8786"), here pointed at a scheduler with two
                          worker processes that this script starts on 127.0.0.1 for each run.
Both check one chunk of 500 paths per partition with depthcheck.check_partition from the
Python package (python/, found through PYTHONPATH), which runs a process that died once
more: a depthcheck killed at each try fails the run (twice for the partition), one killed
once does not. Needs dask[bag] and distributed (SKIP otherwise).
Usage: dask_check.py [--tree DIR | --count N] [--keep]"""

import logging
import os
import sys

import engines_common as common

ENGINE = "dask"


def script(run, name, results, scheduler=None):
    path = os.path.join(run.work, name)
    with open(path, "w", encoding="utf-8") as out:
        out.write(run.instantiate(common.recipe(name), results, scheduler=scheduler))
    return path


def body(run):
    package = common.python_dir()
    run.env["PYTHONPATH"] = os.pathsep.join(p for p in (package, run.env.get("PYTHONPATH")) if p)

    def local(results, depthcheck):
        return run.attempt([sys.executable, script(run, "dask_local.py", results)], env=depthcheck.env)

    common.all_or_nothing(run, "dask (LocalCluster)", local, "dask", "*.jsonl", killed=2, retried=True)

    # The remote form, against a scheduler on this machine. Its workers are started from
    # this process, so they get its environment: the PATH of the run's depthcheck, the
    # PYTHONPATH, and no DEPTHCHECK_BIN, which check_partition would take before PATH.
    # The scheduler unpickles the task graph, which names depthcheck.check_partition, so it
    # needs the package too (it runs in this process).
    sys.path.insert(0, package)
    from distributed import LocalCluster

    # The failing runs are meant to fail: the recipe's standard error says so, not the log of
    # the scheduler and workers (in this process and its children).
    logging.getLogger("distributed").setLevel(logging.CRITICAL)
    os.environ["DASK_LOGGING__DISTRIBUTED"] = "critical"

    def remote(results, depthcheck):
        os.environ.update({"PATH": depthcheck.env["PATH"], "PYTHONPATH": run.env["PYTHONPATH"]})
        os.environ.pop("DEPTHCHECK_BIN", None)
        with LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None) as cluster:
            return run.attempt([sys.executable, script(run, "dask_remote.py", results, cluster.scheduler_address)],
                               env=depthcheck.env)

    common.all_or_nothing(run, "dask (remote Client)", remote, "dask", "*.jsonl", killed=2, retried=True)


if __name__ == "__main__":
    try:
        import dask.bag  # noqa: F401
        import distributed  # noqa: F401
    except ImportError as exc:
        common.skip(f"Dask not installed ({exc.name}); pip install 'dask[bag]' distributed")
    common.main(ENGINE, __doc__, body)
